//! `skirmish import MAP.dd2vtt`: a map made a level of the player's content folder (`levels/NAME.ron`), with its
//! picture (`NAME.png` or `.webp`) and its import report (`NAME.import.md`) beside it. The level is read back as
//! `skirmish check` reads a file before anything is written: a map that would not make a level writes nothing.

use std::path::{Path, PathBuf};

use super::{MapError, VttMap, level_of, read};
use crate::scenario::content;
use crate::scenario::level::{self, LevelFile};
use crate::scenario::level_edit::to_ron;

/// Meters a cell spans when the player does not say: the tools draw a 5-foot grid.
pub const FIVE_FEET: f64 = 1.5;

/// A map read and made a level, not yet written.
pub struct ImportedMap {
    pub map: VttMap,
    pub level: LevelFile,
    /// The report as Markdown: the reader's lines and the level's.
    pub report: String,
}

/// Reads `file` and makes it a level called `name` (else the file's name) of cells `cell_m` meters, checked; the
/// picture is named `picture` beside it.
pub fn convert(file: &Path, name: Option<&str>, cell_m: f64) -> Result<ImportedMap, MapError> {
    let mut map = read(file)?;
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("map");
    let name = name.map_or_else(|| title(stem), str::to_owned);
    let picture = map.picture.as_ref().map(|p| format!("{}.{}", file_stem(&name), p.format.extension()));
    let (level, said) = level_of(&map, &name, cell_m, picture);
    map.report.taken.extend(said.iter().filter(|l| !l.starts_with("left out: ")).cloned());
    map.report.left_out.extend(said.iter().filter_map(|l| l.strip_prefix("left out: ")).map(str::to_owned));
    map.report.taken.push(format!("a cell is {cell_m} m (`--cell-m` to change; a 5-foot grid is 1.5)"));
    let report = map.report.markdown(&map.format);
    Ok(ImportedMap { map, level, report })
}

/// [`convert`], then writes the level, its picture and its report into `content`'s `levels/`; the level's path.
pub fn import(
    file: &Path,
    name: Option<&str>,
    cell_m: f64,
    content: &Path,
) -> Result<(PathBuf, ImportedMap), MapError> {
    let mut imported = convert(file, name, cell_m)?;
    let unwritten = |e: &dyn std::fmt::Display| MapError {
        file: file.to_owned(),
        element: None,
        message: format!("cannot write the level: {e}"),
    };
    let folder = content.join("levels");
    std::fs::create_dir_all(&folder).map_err(|e| unwritten(&e))?;
    let path = content::new_file(&folder, &imported.level.name, "ron");
    // The picture is named after the level's file (a name already taken gets a number).
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("map").to_owned();
    let picture = imported.map.picture.as_ref().map(|p| (format!("{stem}.{}", p.format.extension()), &p.bytes));
    imported.level.picture = picture.as_ref().map(|(name, _)| name.clone());
    let text = to_ron(&imported.level).map_err(|e| unwritten(&e))?;
    if let Some((name, bytes)) = &picture {
        std::fs::write(folder.join(name), bytes).map_err(|e| unwritten(&e))?;
    }
    if let Err(e) = level::parse(&text, &path) {
        if let Some((name, _)) = &picture {
            let _ = std::fs::remove_file(folder.join(name)); // nothing is left of a map that makes no level
        }
        return Err(MapError { file: file.to_owned(), element: None, message: format!("it makes no level: {e}") });
    }
    content::write_atomically(&path, &text).map_err(|e| unwritten(&e))?;
    content::write_atomically(&path.with_extension("import.md"), &imported.report).map_err(|e| unwritten(&e))?;
    Ok((path, imported))
}

/// A name from a file's: `old_cellar-2` → "Old cellar 2".
fn title(stem: &str) -> String {
    let words = stem.replace(['_', '-'], " ");
    let mut chars = words.trim().chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_else(|| "Imported map".into())
}

/// A file name's stem for a level name.
fn file_stem(name: &str) -> String {
    let stem: String = name.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    stem.trim_matches('_').to_owned()
}
