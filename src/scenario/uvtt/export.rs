//! A level written as a Universal VTT map (`skirmish export-map LEVEL`, and the round-trip test): its walls between
//! cells as walls, its wall cells as solid objects, its doors and windows as portals, and a picture drawn from its
//! grid. What the format has no word for (cover, difficult and high ground, window cells) is said and drawn only.

use base64::Engine as _;
use serde_json::{Value, json};

use crate::map::edges::Line;
use crate::map::grid::{Grid, Ground};

/// Pixels a cell of the picture drawn.
const PIXELS: u32 = 24;

/// The map of `grid` as UVTT JSON (format 0.3, as Dungeondraft writes it), and what the format could not carry.
pub fn export(grid: &Grid) -> (String, Vec<String>) {
    let (walls, windows, doors) = grid.edges().lines();
    let mut left_out = Vec::new();
    let others = grid.cells().filter(|(_, g)| !matches!(g, Ground::Open | Ground::Wall)).count();
    if others > 0 {
        left_out.push(format!("{others} cells of cover, difficult or high ground, or windows: drawn, not walls"));
    }
    let point = |(x, y): (i32, i32)| json!({ "x": x, "y": y });
    let line = |l: &Line| json!([point(l.0), point(l.1)]);
    let objects: Vec<Value> = wall_runs(grid)
        .into_iter()
        .map(|(y, x0, x1)| {
            json!([point((x0, y)), point((x1, y)), point((x1, y + 1)), point((x0, y + 1)), point((x0, y))])
        })
        .collect();
    let portal = |l: &Line, closed: bool| {
        let at = json!({ "x": f64::from(l.0.0 + l.1.0) / 2.0, "y": f64::from(l.0.1 + l.1.1) / 2.0 });
        let rotation = if l.0.0 == l.1.0 { std::f64::consts::FRAC_PI_2 } else { 0.0 };
        json!({ "position": at, "bounds": [point(l.0), point(l.1)], "rotation": rotation, "closed": closed, "freestanding": false })
    };
    let portals: Vec<Value> =
        doors.iter().map(|l| portal(l, true)).chain(windows.iter().map(|l| portal(l, false))).collect();
    let map = json!({
        "format": 0.3,
        "resolution": {
            "map_origin": point((0, 0)),
            "map_size": point((grid.width, grid.height)),
            "pixels_per_grid": PIXELS,
        },
        "line_of_sight": walls.iter().map(line).collect::<Vec<_>>(),
        "objects_line_of_sight": objects,
        "portals": portals,
        "environment": { "baked_lighting": false, "ambient_light": "ffffffff" },
        "lights": [],
        "image": base64::engine::general_purpose::STANDARD.encode(picture(grid)),
    });
    (serde_json::to_string_pretty(&map).unwrap_or_default(), left_out)
}

/// The wall cells as runs along each row: the row and the run's first and past-the-last column.
fn wall_runs(grid: &Grid) -> Vec<(i32, i32, i32)> {
    let mut runs: Vec<(i32, i32, i32)> = Vec::new();
    for ((x, y), _) in grid.cells().filter(|(_, g)| *g == Ground::Wall) {
        match runs.last_mut() {
            Some(run) if run.0 == y && run.2 == x => run.2 = x + 1,
            _ => runs.push((y, x, x + 1)),
        }
    }
    runs
}

/// A PNG of the grid: flagstones, dark wall cells, walls between cells as dark lines, doors brown, windows blue.
fn picture(grid: &Grid) -> Vec<u8> {
    let (w, h) = (grid.width.max(1) as u32 * PIXELS, grid.height.max(1) as u32 * PIXELS);
    let mut pixels = vec![0u8; (w * h * 3) as usize];
    for py in 0..h {
        for px in 0..w {
            let cell = ((px / PIXELS) as i32, (py / PIXELS) as i32);
            let rgb = colour(grid, cell, (px % PIXELS, py % PIXELS));
            let i = ((py * w + px) * 3) as usize;
            pixels[i..i + 3].copy_from_slice(&rgb);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let written = encoder.write_header().and_then(|mut writer| writer.write_image_data(&pixels));
    if written.is_err() {
        return Vec::new(); // an encoder writing to memory fails only on sizes it is never given
    }
    out
}

/// The colour of pixel `(u, v)` of `cell`.
fn colour(grid: &Grid, (x, y): (i32, i32), (u, v): (u32, u32)) -> [u8; 3] {
    let edge = |other: (i32, i32)| grid.edges().between((x, y), other);
    let near = |a: u32| !(3..PIXELS - 3).contains(&a);
    let side = match () {
        _ if u >= PIXELS - 3 => Some(edge((x + 1, y))),
        _ if v >= PIXELS - 3 => Some(edge((x, y + 1))),
        _ if u < 3 => Some(edge((x - 1, y))),
        _ if v < 3 => Some(edge((x, y - 1))),
        _ => None,
    };
    match side {
        Some(crate::map::edges::Edge::Wall) => return [40, 36, 34],
        Some(crate::map::edges::Edge::Door(_)) => return [120, 78, 40],
        Some(crate::map::edges::Edge::Window) => return [110, 160, 200],
        _ => {}
    }
    match grid.at((x, y)) {
        Ground::Wall => [58, 54, 50],
        Ground::HighCover => [96, 80, 64],
        Ground::LowCover => [140, 120, 96],
        Ground::Window => [110, 160, 200],
        Ground::Difficult => [110, 124, 88],
        Ground::HighGround => [170, 160, 140],
        Ground::Open if near(u) || near(v) => [128, 122, 112],
        Ground::Open if (x + y) % 2 == 0 => [150, 144, 132],
        Ground::Open => [142, 136, 124],
    }
}
