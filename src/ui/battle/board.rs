//! The grid, drawn once into one texture so that each kind of ground reads at a glance: walls and cover as raised
//! blocks with a lit edge and a shadow (heavy cover taller, braced like a crate), windows as glass in the wall, water
//! with ripples, high ground lighter with a rim where it drops; the level's zones tinted over it (exits gold, zones
//! to hold violet). The legend (`labels.rs`) names each.

use bevy::prelude::*;

use super::art::solid;
use crate::map::edges::Edge;
use crate::map::grid::{Grid, Ground};
use crate::rules::engine::field::Cell;
use crate::ui::screens::OnBoard;
use crate::ui::{CELL, MapPictureFile, MapView};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnBoard), draw_board)
        .add_systems(Update, paint_the_picture_in.in_set(crate::ui::screens::BoardSystems));
}

/// Where a cell's centre is in the world: x to the right, y up (the grid's y grows downwards).
pub fn cell_center(x: i32, y: i32) -> Vec2 {
    Vec2::new(x as f32 * CELL, -(y as f32) * CELL)
}

/// A terrain's main colour (the legend's swatch) and the share of the cell its block fills.
pub fn look(ground: Ground) -> (Color, f32) {
    match ground {
        Ground::Open => (Color::srgb(0.20, 0.22, 0.20), 1.0),
        Ground::Wall => (Color::srgb(0.56, 0.57, 0.62), 1.0),
        Ground::LowCover => (Color::srgb(0.66, 0.52, 0.30), 0.66),
        Ground::HighCover => (Color::srgb(0.45, 0.31, 0.18), 0.88),
        Ground::Difficult => (Color::srgb(0.16, 0.32, 0.48), 1.0),
        Ground::HighGround => (Color::srgb(0.34, 0.44, 0.26), 1.0),
        Ground::Window => (Color::srgb(0.60, 0.80, 0.95), 1.0),
    }
}

/// The legend's words for each kind of ground.
pub const LEGEND: [(Ground, &str); 7] = [
    (Ground::Open, "open ground"),
    (Ground::Wall, "wall: blocks sight and moves"),
    (Ground::Window, "window: seen and shot through, cover"),
    (Ground::LowCover, "low cover: partial, climbed over"),
    (Ground::HighCover, "high cover: heavy, hides"),
    (Ground::Difficult, "water, rubble: costs double"),
    (Ground::HighGround, "high ground: shoots over low cover"),
];

/// Texture pixels per cell: enough for a cover block's bevel and shadow, small enough for a 64 × 64 level.
const PX: f32 = 24.0;

/// An sRGB colour as tiny-skia's bytes, lightened (`shade` > 1) or darkened.
fn rgba(color: Color, shade: f32, alpha: u8) -> [u8; 4] {
    let c = color.to_srgba();
    let byte = |v: f32| (v * shade * 255.0).clamp(0.0, 255.0) as u8;
    [byte(c.red), byte(c.green), byte(c.blue), alpha]
}

/// A cell's square, `inset` pixels in from each side, moved by `shift` pixels.
fn square(cell: Cell, inset: f32, shift: f32) -> Option<tiny_skia::Rect> {
    let (x, y) = (cell.0 as f32 * PX + inset + shift, cell.1 as f32 * PX + inset + shift);
    tiny_skia::Rect::from_xywh(x, y, PX - 2.0 * inset, PX - 2.0 * inset)
}

/// A small, steady difference in brightness from cell to cell, so that open ground does not look flat.
fn grain(cell: Cell) -> f32 {
    let h = (cell.0.wrapping_mul(73_856_093) ^ cell.1.wrapping_mul(19_349_663)) as u32;
    0.94 + (h % 13) as f32 / 100.0
}

/// The whole grid as one texture (a single sprite costs the renderer far less than one per cell on a 64 × 64
/// level): the floor of each cell, shadows under walls and cover, then the walls and cover blocks with a lit top
/// edge, water with ripples and high ground with a rim where it drops.
pub fn board_image(field: &crate::map::Battlefield, picture: Option<&tiny_skia::Pixmap>) -> Image {
    // The doors are drawn over it (`doors.rs`): they open and close.
    let mut pixmap = drawn(field.grid(), picture, false);
    tint_zones(&mut pixmap, field);
    super::art::image_of(&smaller(pixmap, LARGEST))
}

/// The level's zones tinted on its drawn board: exits gold, zones to hold violet.
pub fn tint_zones(pixmap: &mut tiny_skia::Pixmap, field: &crate::map::Battlefield) {
    for (_, goal) in &field.goals {
        tint(pixmap, goal.cells.iter().copied(), zone_color(goal.rush));
    }
}

/// The largest side of the board's texture, in pixels: a 64 × 64 level is drawn a cell to 16 pixels (on screen a
/// cell is 10 there), which the software renderer samples each frame at a third less cost than 24.
const LARGEST: u32 = 1024;

/// `pixmap` shrunk (smoothly) to at most `largest` pixels a side.
pub fn smaller(pixmap: tiny_skia::Pixmap, largest: u32) -> tiny_skia::Pixmap {
    let scale = largest as f32 / pixmap.width().max(pixmap.height()) as f32;
    if scale >= 1.0 {
        return pixmap;
    }
    let size = |n: u32| ((n as f32 * scale).round() as u32).max(1);
    let Some(mut small) = tiny_skia::Pixmap::new(size(pixmap.width()), size(pixmap.height())) else { return pixmap };
    let paint = tiny_skia::PixmapPaint { quality: tiny_skia::FilterQuality::Bicubic, ..Default::default() };
    small.draw_pixmap(0, 0, pixmap.as_ref(), &paint, tiny_skia::Transform::from_scale(scale, scale), None);
    small
}

/// The last picture decoded, by its file, the file's time and size: a battle begun again, the menu's miniature and
/// the board all draw the same picture, decoded once (a 10 MB picture takes a tenth of a second).
type Decoded = (std::path::PathBuf, Option<std::time::SystemTime>, u64, tiny_skia::Pixmap);
static LAST_DECODED: std::sync::Mutex<Option<Decoded>> = std::sync::Mutex::new(None);

/// A map's picture (an imported map's), read and decoded to draw under the grid; none when there is none, or when
/// it cannot be read (the grid is drawn plain, and the log says why).
pub fn map_picture(path: Option<&std::path::Path>) -> Option<tiny_skia::Pixmap> {
    let path = path?;
    let meta = std::fs::metadata(path).ok();
    let stamp = (meta.as_ref().and_then(|m| m.modified().ok()), meta.as_ref().map_or(0, std::fs::Metadata::len));
    let mut last = LAST_DECODED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, _, pixmap)) = last.as_ref().filter(|(p, t, n, _)| p == path && (*t, *n) == stamp) {
        return Some(pixmap.clone());
    }
    let pixmap = decoded(path)?;
    *last = Some((path.to_owned(), stamp.0, stamp.1, pixmap.clone()));
    Some(pixmap)
}

/// A picture's file decoded to premultiplied pixels.
fn decoded(path: &std::path::Path) -> Option<tiny_skia::Pixmap> {
    let read = std::fs::read(path).map_err(|e| e.to_string());
    let pixels = read.and_then(|bytes| crate::scenario::uvtt::pixels(&bytes));
    let pixels = match pixels {
        Ok(p) => p,
        Err(why) => {
            warn!("the map's picture {} is not drawn: {why}", path.display());
            return None;
        }
    };
    let mut rgba = pixels.rgba;
    // tiny-skia keeps colours premultiplied by their alpha.
    for p in rgba.chunks_exact_mut(4).filter(|p| p[3] < 255) {
        let a = u16::from(p[3]);
        (0..3).for_each(|i| p[i] = (u16::from(p[i]) * a / 255) as u8);
    }
    tiny_skia::Pixmap::from_vec(rgba, tiny_skia::IntSize::from_wh(pixels.width, pixels.height)?)
}

/// The board as drawn, before it becomes a texture (the menu tints the spawn zones on it): on the map's picture
/// when it has one (the floor is the picture's, the grid faint over it), else each cell's floor drawn.
pub fn board_pixmap(grid: &Grid, picture: Option<&tiny_skia::Pixmap>) -> tiny_skia::Pixmap {
    drawn(grid, picture, true)
}

/// [`board_pixmap`], with the doors (closed) or without.
fn drawn(grid: &Grid, picture: Option<&tiny_skia::Pixmap>, doors: bool) -> tiny_skia::Pixmap {
    let mut p = tiny_skia::Pixmap::new((grid.width as f32 * PX) as u32, (grid.height as f32 * PX) as u32)
        // A level is at most 160 cells a side (its check says so); only a scenario's open ground round units placed
        // absurdly far apart could be too large to draw, and then shows blank rather than stopping the game.
        .or_else(|| tiny_skia::Pixmap::new(1, 1))
        .unwrap_or_else(|| unreachable!("a one-pixel canvas"));
    let id = tiny_skia::Transform::identity();
    let rect = |p: &mut tiny_skia::Pixmap, r: Option<tiny_skia::Rect>, c: [u8; 4]| {
        if let Some(r) = r {
            p.fill_rect(r, &solid(c), id, None);
        }
    };
    if let Some(picture) = picture {
        under(&mut p, picture);
    }
    for (cell, ground) in grid.cells() {
        let floor = match ground {
            Ground::Difficult | Ground::HighGround => ground,
            _ => Ground::Open,
        };
        if picture.is_none() || floor != Ground::Open {
            let alpha = if picture.is_some() { 150 } else { 255 };
            rect(&mut p, square(cell, 0.0, 0.0), rgba(look(floor).0, grain(cell), alpha));
        }
        // The seam between cells, faint: the grid is there to count by, not to look at.
        rect(&mut p, tiny_skia::Rect::from_xywh(cell.0 as f32 * PX, cell.1 as f32 * PX, PX, 1.0), [0, 0, 0, 40]);
        rect(&mut p, tiny_skia::Rect::from_xywh(cell.0 as f32 * PX, cell.1 as f32 * PX, 1.0, PX), [0, 0, 0, 40]);
        if ground == Ground::Difficult {
            ripples(&mut p, cell);
        }
        if ground == Ground::HighGround {
            rim(&mut p, grid, cell);
        }
    }
    // Shadows first, then the blocks that cast them, so that no shadow falls on a block.
    for (cell, ground) in grid.cells() {
        let (_, size) = look(ground);
        if matches!(ground, Ground::Wall | Ground::LowCover | Ground::HighCover | Ground::Window) {
            let inset = (1.0 - size) * PX / 2.0;
            let depth = if ground == Ground::LowCover { 3.0 } else { 5.0 };
            rect(&mut p, square(cell, inset, depth), [0, 0, 0, 90]);
        }
    }
    for (cell, ground) in grid.cells() {
        match (ground, picture) {
            // On a picture, a wall cell is the picture's own (a pillar, a boulder), darkened to say it blocks.
            (Ground::Wall, Some(_)) => rect(&mut p, square(cell, 0.0, 0.0), [10, 10, 14, 120]),
            _ => block(&mut p, cell, ground),
        }
    }
    edges(&mut p, grid, doors);
    p
}

/// The map's picture stretched over the board (it is drawn at the map's own grid: a cell of the picture on a cell).
fn under(p: &mut tiny_skia::Pixmap, picture: &tiny_skia::Pixmap) {
    // Bilinear from a picture several times the board's size would shimmer: halve it smoothly first.
    let side = |q: &tiny_skia::Pixmap| q.width().max(q.height());
    let mut halved: Option<tiny_skia::Pixmap> = None;
    while side(halved.as_ref().unwrap_or(picture)) > 2 * side(p) {
        let half = side(halved.as_ref().unwrap_or(picture)) / 2;
        halved = Some(smaller(halved.take().unwrap_or_else(|| picture.clone()), half));
    }
    let picture = halved.as_ref().unwrap_or(picture);
    let (sx, sy) = (p.width() as f32 / picture.width() as f32, p.height() as f32 / picture.height() as f32);
    let paint = tiny_skia::PixmapPaint { quality: tiny_skia::FilterQuality::Bilinear, ..Default::default() };
    p.draw_pixmap(0, 0, picture.as_ref(), &paint, tiny_skia::Transform::from_scale(sx, sy), None);
}

/// The walls, windows and doors between cells: a dark wall line, a pale blue pane, a door's brown leaf.
fn edges(p: &mut tiny_skia::Pixmap, grid: &Grid, doors: bool) {
    let id = tiny_skia::Transform::identity();
    for (a, b, edge) in grid.edges().placed().filter(|(_, _, e)| doors || !matches!(e, Edge::Door(_))) {
        let (x, y) = (b.0 as f32 * PX, b.1 as f32 * PX);
        // The line between the cells: `b` is right of or below `a`.
        let along = |t: f32| match a.1 == b.1 {
            true => tiny_skia::Rect::from_xywh(x - t / 2.0, y - 1.0, t, PX + 2.0),
            false => tiny_skia::Rect::from_xywh(x - 1.0, y - t / 2.0, PX + 2.0, t),
        };
        let (thick, colour) = match edge {
            Edge::Wall => (5.0, [28, 26, 30, 235]),
            Edge::Window => (4.0, [150, 205, 240, 235]),
            Edge::Door(_) => (6.0, [132, 84, 40, 245]),
            Edge::Open => continue,
        };
        if let Some(r) = along(thick) {
            p.fill_rect(r, &solid(colour), id, None);
        }
        if let (Edge::Door(_), Some(r)) = (edge, along(2.0)) {
            p.fill_rect(r, &solid([60, 36, 16, 255]), id, None); // the leaf's seam, so a door reads as one
        }
    }
}

/// Tints `cells` of a drawn board with `color` (a zone, a side's spawn).
pub fn tint(p: &mut tiny_skia::Pixmap, cells: impl Iterator<Item = Cell>, color: Color) {
    let rgba = color.to_srgba().to_u8_array();
    for cell in cells {
        if let Some(r) = square(cell, 0.0, 0.0) {
            p.fill_rect(r, &solid(rgba), tiny_skia::Transform::identity(), None);
        }
    }
}

/// A wall, window or cover block: its face, a lit top and left edge and a dark bottom and right one.
fn block(p: &mut tiny_skia::Pixmap, cell: Cell, ground: Ground) {
    let id = tiny_skia::Transform::identity();
    let (color, size) = look(ground);
    let inset = (1.0 - size) * PX / 2.0;
    let fill = |p: &mut tiny_skia::Pixmap, r: Option<tiny_skia::Rect>, c: [u8; 4]| {
        if let Some(r) = r {
            p.fill_rect(r, &solid(c), id, None);
        }
    };
    match ground {
        Ground::Wall | Ground::LowCover | Ground::HighCover => {
            let (x, y, w) = (cell.0 as f32 * PX + inset, cell.1 as f32 * PX + inset, PX - 2.0 * inset);
            fill(p, tiny_skia::Rect::from_xywh(x, y, w, w), rgba(color, 1.0, 255));
            fill(p, tiny_skia::Rect::from_xywh(x, y, w, 2.0), rgba(color, 1.35, 255));
            fill(p, tiny_skia::Rect::from_xywh(x, y, 2.0, w), rgba(color, 1.2, 255));
            fill(p, tiny_skia::Rect::from_xywh(x, y + w - 2.0, w, 2.0), rgba(color, 0.6, 255));
            fill(p, tiny_skia::Rect::from_xywh(x + w - 2.0, y, 2.0, w), rgba(color, 0.7, 255));
            if ground == Ground::HighCover {
                // A crate's brace: heavy cover reads as a solid thing to hide behind.
                let (a, b) = (x + 3.0, x + w - 3.0);
                let (c, d) = (y + 3.0, y + w - 3.0);
                if let Some(path) = super::art::poly(&[(a, c), (b, d)], false) {
                    p.stroke_path(&path, &solid(rgba(color, 0.7, 255)), &super::art::pen(2.0), id, None);
                }
            }
            if ground == Ground::LowCover {
                // Sandbags: a seam across the middle.
                fill(p, tiny_skia::Rect::from_xywh(x + 2.0, y + w / 2.0 - 0.5, w - 4.0, 1.5), rgba(color, 0.75, 255));
            }
        }
        Ground::Window => {
            let wall = look(Ground::Wall).0;
            fill(p, square(cell, 0.0, 0.0), rgba(wall, 1.0, 255));
            fill(p, square(cell, 5.0, 0.0), rgba(color, 1.0, 255));
            if let Some(path) = super::art::poly(
                &[
                    (cell.0 as f32 * PX + 8.0, cell.1 as f32 * PX + 15.0),
                    (cell.0 as f32 * PX + 15.0, cell.1 as f32 * PX + 8.0),
                ],
                false,
            ) {
                p.stroke_path(&path, &solid([255, 255, 255, 200]), &super::art::pen(1.5), id, None);
            }
        }
        _ => {}
    }
}

/// Two light ripples across a cell of water.
fn ripples(p: &mut tiny_skia::Pixmap, cell: Cell) {
    let (x, y) = (cell.0 as f32 * PX, cell.1 as f32 * PX);
    for (dy, dx) in [(8.0, 3.0), (17.0, 9.0)] {
        let mut pb = tiny_skia::PathBuilder::new();
        pb.move_to(x + dx, y + dy);
        pb.quad_to(x + dx + 3.0, y + dy - 3.0, x + dx + 6.0, y + dy);
        pb.quad_to(x + dx + 9.0, y + dy + 3.0, x + dx + 12.0, y + dy);
        if let Some(path) = pb.finish() {
            let paint = solid([150, 200, 235, 110]);
            p.stroke_path(&path, &paint, &super::art::pen(1.5), tiny_skia::Transform::identity(), None);
        }
    }
}

/// High ground's edge where it drops to lower ground: lit on its top and left, shaded on its bottom and right.
fn rim(p: &mut tiny_skia::Pixmap, grid: &Grid, cell: Cell) {
    let (x, y) = (cell.0 as f32 * PX, cell.1 as f32 * PX);
    let lower = |dx: i32, dy: i32| {
        let n = (cell.0 + dx, cell.1 + dy);
        grid.contains(n) && grid.at(n) != Ground::HighGround
    };
    let (light, dark) = ([200, 225, 160, 150], [10, 20, 5, 150]);
    let edges = [
        (lower(0, -1), tiny_skia::Rect::from_xywh(x, y, PX, 2.5), light),
        (lower(-1, 0), tiny_skia::Rect::from_xywh(x, y, 2.5, PX), light),
        (lower(0, 1), tiny_skia::Rect::from_xywh(x, y + PX - 3.0, PX, 3.0), dark),
        (lower(1, 0), tiny_skia::Rect::from_xywh(x + PX - 3.0, y, 3.0, PX), dark),
    ];
    for (drops, r, color) in edges {
        if let (true, Some(r)) = (drops, r) {
            p.fill_rect(r, &solid(color), tiny_skia::Transform::identity(), None);
        }
    }
}

/// A zone's tint: an exit (`rush`) gold, a zone to hold violet.
pub fn zone_color(rush: bool) -> Color {
    match rush {
        true => Color::srgba(0.95, 0.80, 0.20, 0.35),
        false => Color::srgba(0.65, 0.35, 0.95, 0.30),
    }
}

/// The board's picture (the minimap shows it too).
#[derive(Resource, Clone, Debug)]
pub struct BoardPicture(pub Handle<Image>);

/// The board as one opaque rectangle: drawn without blending (the picture has no holes), it costs a software renderer
/// about a fifth of a frame less than the same picture as a sprite (`scripts/frametime`, docs/performance.md).
fn draw_board(
    mut commands: Commands,
    (map, picture): (Res<MapView>, Option<Res<MapPictureFile>>),
    mut images: ResMut<Assets<Image>>,
    (mut meshes, mut materials): (ResMut<Assets<Mesh>>, ResMut<Assets<ColorMaterial>>),
) {
    let grid = map.0.grid();
    let (w, h) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    let drawn_with = picture.and_then(|p| p.0.clone());
    let drawn = map_picture(drawn_with.as_deref());
    commands.insert_resource(DrawnWith(drawn_with));
    let picture = images.add(board_image(&map.0, drawn.as_ref()));
    commands.insert_resource(BoardPicture(picture.clone()));
    let opaque = bevy::sprite_render::AlphaMode2d::Opaque;
    let material = ColorMaterial { texture: Some(picture), alpha_mode: opaque, ..default() };
    let center = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
    commands.spawn((
        Mesh2d(meshes.add(Rectangle::new(w, h))),
        MeshMaterial2d(materials.add(material)),
        Transform::from_translation(center.extend(0.0)),
        DespawnOnExit(OnBoard),
    ));
}

/// The picture the board was drawn on.
#[derive(Resource)]
struct DrawnWith(Option<std::path::PathBuf>);

/// The board drawn again when its picture changed after it was laid (an online player's comes in pieces).
fn paint_the_picture_in(
    (picture, drawn, board): (Option<Res<MapPictureFile>>, Option<ResMut<DrawnWith>>, Option<Res<BoardPicture>>),
    map: Res<MapView>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(picture), Some(mut drawn), Some(board)) = (picture, drawn, board) else { return };
    if picture.0 == drawn.0 {
        return;
    }
    drawn.0.clone_from(&picture.0);
    let pixmap = map_picture(picture.0.as_deref());
    let _ = images.insert(&board.0, board_image(&map.0, pixmap.as_ref()));
}
