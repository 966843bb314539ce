//! Universal VTT battle maps (`.dd2vtt` from Dungeondraft, `.df2vtt` from DungeonFog, `.uvtt` from Arkenforge and
//! others): the JSON those tools export for Foundry, MapTool, Owlbear Rodeo and Fantasy Grounds, read into what a
//! level of ours can take: the map's size in cells, its walls (lines between cells), its solid objects, its doors and
//! windows, its lights and its picture.
//!
//! There is no official spec; the fields are read as the exporters write them (`format` 0.2, 0.3 and 1.0):
//! `resolution` {`map_origin`, `map_size` in cells, `pixels_per_grid`}, `line_of_sight` and
//! `objects_line_of_sight` (polylines of points in cells, absolute: the origin is subtracted), `portals` (`bounds`
//! two points, `closed`, `freestanding`, `rotation`), `lights` (`position`, `range` in cells, ARGB `color`) and
//! `image` (base64 PNG or WebP, or missing, or a path). Real exports are untidy, and this reader tidies them: repeated
//! and zero-length points dropped, walls clipped to the map, wall pieces that run under a door cut away, and each
//! such change said in the report. A file that is no map at all is one error naming the file and the element.

mod export;
mod geometry;
mod import;
mod level;
pub mod picture;
mod read;

use std::path::PathBuf;

use thiserror::Error;

pub use export::export;
pub use geometry::{Point, Segment};
pub use import::{FIVE_FEET, ImportedMap, convert, import};
pub use level::level_of;
pub use picture::{Picture, PictureFormat, Pixels, pixels};
pub use read::{from_bytes, read};

/// The most cells a side of an imported map may have: as many as a level's (the window draws the whole map into one
/// texture).
pub const MAX_CELLS: f64 = super::level_check::LARGEST_MAP as f64;
/// The largest file read: a 10 MB picture in base64 is about 14 MB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// A Universal VTT map, read and tidied; every coordinate in cells from the map's top-left corner.
#[derive(Clone, Debug, PartialEq)]
pub struct VttMap {
    /// The format's version as the file gives it ("0.3").
    pub format: String,
    /// Width and height in cells.
    pub width: i32,
    pub height: i32,
    /// Pixels a cell of the picture.
    pub pixels_per_grid: u32,
    /// Walls: they block movement and sight.
    pub walls: Vec<Segment>,
    /// Solid objects (pillars, boulders): closed outlines whose inside is solid.
    pub objects: Vec<Vec<Point>>,
    /// Doors and windows.
    pub portals: Vec<Portal>,
    pub lights: Vec<Light>,
    /// The map's picture, when the file has one that decodes.
    pub picture: Option<Picture>,
    /// What was taken, and what was left out and why.
    pub report: MapReport,
}

/// A door or a window: a line between cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Portal {
    pub line: Segment,
    pub kind: PortalKind,
}

/// What a portal is. The format has no window: the tools mark a window as a portal that is not `closed`, as they
/// would an open door; we take every portal that is not closed for a window (it blocks movement, not sight), and the
/// report says so (moving its line from the level's `windows` to its `doors` makes it a door).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortalKind {
    /// A door, closed at the start of a battle: it blocks movement and sight until opened.
    Door,
    /// A window: it blocks movement, not sight.
    Window,
}

/// A light: where, how far it reaches (cells) and its colour (alpha, red, green, blue).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    pub at: Point,
    pub range: f64,
    pub argb: [u8; 4],
}

/// The import report of a map: each thing taken, each thing left out and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapReport {
    pub source: PathBuf,
    pub taken: Vec<String>,
    pub left_out: Vec<String>,
}

impl MapReport {
    /// The report as Markdown, as `skirmish import` prints it and the level keeps it beside itself.
    pub fn markdown(&self, format: &str) -> String {
        use std::fmt::Write;
        let mut out = format!("# Imported from {}\n\nUniversal VTT {format}\n", self.source.display());
        for (title, lines) in [("Taken", &self.taken), ("Left out", &self.left_out)] {
            if !lines.is_empty() {
                let _ = write!(out, "\n## {title}\n\n");
                lines.iter().for_each(|l| _ = writeln!(out, "- {l}"));
            }
        }
        out
    }
}

/// Why a file is not a map we import: the file, the element (`resolution.map_size.x`, or `LINE:COLUMN` of a JSON
/// fault) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{}: {message}", file.display(), element.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
pub struct MapError {
    pub file: PathBuf,
    pub element: Option<String>,
    pub message: String,
}

/// Whether `file` is a Universal VTT map by its name.
pub fn is_map(file: &std::path::Path) -> bool {
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
    ["dd2vtt", "uvtt", "df2vtt"].contains(&extension.as_str())
}

#[cfg(test)]
mod tests;

/// "1 door", "2 doors": how the reports count.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
