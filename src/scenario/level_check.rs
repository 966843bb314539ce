//! The checks a level passes before it is played, each failing with the file, line and column it is about: the map
//! is rectangular and uses known characters; sides, spawn zones and units stand on open cells of the map; every
//! archetype is in every roster; zones, victory sides, overrides and tuning name things that exist; exits and zones
//! to hold can be reached from where the units start (under every ruleset's tuning too).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use super::ScenarioError;
use super::level_file::{Area, Level, LevelFile, Placed, zone_cells};
use super::roster;
use crate::map::edges::Edges;
use crate::map::grid::Grid;
use crate::map::{Battlefield, paths};
use crate::rules::engine::field::{Cell, Crowd, Goal};
use crate::rules::engine::victory::Victory;

/// A failed check: where (the text to find, else the start of the file) and what.
type Failure = (Option<String>, String);

/// Checks a parsed level file and places its units.
pub(super) fn check(file: LevelFile, text: &str, path: &Path) -> Result<Level, ScenarioError> {
    let grid = Grid::parse(&file.map).map_err(|e| {
        let (line, column) = map_position(text, e.row, e.column);
        ScenarioError::at(path, line, column, e.message)
    })?;
    let fail = |(needle, message): Failure| ScenarioError::invalid(path, text, needle.as_deref(), message);
    let grid = grid.with_cell_dm(cell_dm(file.cell_m).map_err(fail)?);
    check_size(&grid).map_err(fail)?;
    let edges = edges(&file, &grid).map_err(fail)?;
    let grid = grid.with_edges(edges);
    let picture = picture(&file, path).map_err(fail)?;
    check_sides(&file, &grid).map_err(fail)?;
    let units = place(&file, &grid).map_err(fail)?;
    check_own_archetypes(&file).map_err(fail)?;
    check_archetypes(&file, &units).map_err(fail)?;
    let (exits, goals) = (exits(&file), goals(&file));
    check_victory(&file, &grid, &units).map_err(fail)?;
    check_overrides(&file, &units).map_err(fail)?;
    check_tuning(&file, &units).map_err(fail)?;
    check_tuned_starts(&file, &grid, &units).map_err(fail)?;
    let mut field = Battlefield::new(grid);
    (field.exits, field.goals) = (exits, goals);
    let field = Arc::new(field);
    Ok(Level { file, field, units, picture })
}

/// The walls, windows and doors between cells, on the map.
fn edges(file: &LevelFile, grid: &Grid) -> Result<Edges, Failure> {
    Edges::from_lines((grid.width, grid.height), &file.walls, &file.windows, &file.doors).map_err(|e| {
        let nth = e.index + 1;
        failure(&format!("{}:", e.list), format!("{} line {nth}: {}", e.list, e.message))
    })
}

/// The picture's file beside the level, which must be there (its pixels are read when it is drawn): a bare file
/// name ending `.png` or `.webp`, so that a level names no file elsewhere (a host sends the picture to its players).
fn picture(file: &LevelFile, path: &Path) -> Result<Option<std::path::PathBuf>, Failure> {
    let Some(name) = &file.picture else { return Ok(None) };
    let bare = Path::new(name).file_name().is_some_and(|n| n == name.as_str()) && !name.contains(['/', '\\']);
    let kind = Path::new(name).extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if !bare || !matches!(kind.as_deref(), Some("png" | "webp")) {
        let why = format!("the picture {name:?} is not a file name ending .png or .webp beside the level");
        return Err(failure("picture", why));
    }
    let found = path.parent().unwrap_or(Path::new(".")).join(name);
    match found.is_file() {
        true => Ok(Some(found)),
        false => Err(failure("picture", format!("the picture {} is not there", found.display()))),
    }
}

/// Line and column (1-based) of a map character: in the `row`-th quoted string after `map:`, wherever the rows
/// stand (one per line, or several on a line).
fn map_position(text: &str, row: usize, column: usize) -> (usize, usize) {
    let start = text.find("map:").unwrap_or(0);
    let quotes: Vec<usize> = text[start..].match_indices('"').map(|(i, _)| start + i).collect();
    // Opening quotes are every other quote: rows hold no quotes of their own.
    let at = quotes
        .get(2 * row)
        .map_or(start, |q| q + 1 + text[q + 1..].chars().take(column).map(char::len_utf8).sum::<usize>());
    let line = text[..at].matches('\n').count() + 1;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, text[line_start..at].chars().count() + 1)
}

fn failure(needle: &str, message: String) -> Failure {
    (Some(needle.to_owned()), message)
}

/// Decimeters a cell spans from the level's `cell_m` (1 m when not given): a tenth of a meter at the finest, from
/// half a meter (a fine grid) to 5 m (a skirmish over open country).
fn cell_dm(cell_m: Option<f64>) -> Result<u32, Failure> {
    let Some(m) = cell_m else { return Ok(crate::rules::engine::field::STEP) };
    let dm = (m * 10.0).round();
    if !(5.0..=50.0).contains(&dm) || ((m * 10.0) - dm).abs() > 1e-6 {
        return Err(failure("cell_m", format!("a cell of {m} m: from 0.5 to 5 m, in tenths of a meter")));
    }
    Ok(dm as u32)
}

/// The most cells a level's map may have across and down: the window draws the whole map into one texture.
pub const LARGEST_MAP: u32 = 160;

fn check_size(grid: &Grid) -> Result<(), Failure> {
    match grid.width.max(grid.height) as u32 {
        n if n > LARGEST_MAP => Err(failure(
            "map",
            format!("the map is {}×{} cells: at most {LARGEST_MAP} across and down", grid.width, grid.height),
        )),
        _ => Ok(()),
    }
}

fn check_sides(file: &LevelFile, grid: &Grid) -> Result<(), Failure> {
    if file.sides.len() < 2 {
        return Err(failure("sides", "a level needs at least two sides".into()));
    }
    let mut names = BTreeSet::new();
    for side in &file.sides {
        let needle = format!("\"{}\"", side.name);
        if !names.insert(&side.name) {
            return Err(failure(&needle, format!("two sides are called {}", side.name)));
        }
        if side.squad.is_empty() {
            return Err(failure(&needle, format!("side {} has no squad", side.name)));
        }
        check_areas(grid, &side.spawn, &format!("the spawn zone of {}", side.name), &needle)?;
    }
    for (zone, areas) in &file.zones {
        check_areas(grid, areas, &format!("zone {zone}"), &format!("\"{zone}\""))?;
    }
    Ok(())
}

fn check_areas(grid: &Grid, areas: &[Area], what: &str, needle: &str) -> Result<(), Failure> {
    for cell in areas.iter().flat_map(|a| a.cells()) {
        if !grid.contains(cell) {
            return Err(failure(
                needle,
                format!("{what} reaches {cell:?}, off the {}×{} map", grid.width, grid.height),
            ));
        }
        if !grid.passable(cell) {
            let ground = grid.at(cell);
            return Err(failure(
                needle,
                format!("{what} includes {cell:?}, which is {ground:?} (nobody can stand there)"),
            ));
        }
    }
    Ok(())
}

/// Every unit on its cell: its own, else the next free cell of its side's spawn zone.
fn place(file: &LevelFile, grid: &Grid) -> Result<Vec<Placed>, Failure> {
    let mut taken: Vec<Cell> = file.sides.iter().flat_map(|s| s.squad.iter().filter_map(|u| u.at)).collect();
    let mut units = Vec::new();
    let mut names = BTreeSet::new();
    for side in &file.sides {
        let mut spawn = side.spawn.iter().flat_map(|a| a.cells());
        for (n, unit) in side.squad.iter().enumerate() {
            let name = unit.name.clone().unwrap_or_else(|| format!("{} {} {}", side.name, unit.archetype, n + 1));
            let needle = unit.name.as_ref().map_or_else(|| format!("\"{}\"", side.name), |n| format!("\"{n}\""));
            let cell = match unit.at {
                Some(cell) if !grid.contains(cell) || !grid.passable(cell) => {
                    let what = if grid.contains(cell) { format!("{:?}", grid.at(cell)) } else { "off the map".into() };
                    return Err(failure(&needle, format!("{name} starts on {cell:?}, which is {what}")));
                }
                Some(cell) => cell,
                None => spawn.find(|c| !taken.contains(c)).ok_or_else(|| {
                    failure(&needle, format!("the spawn zone of {} has no free cell left for {name}", side.name))
                })?,
            };
            taken.push(cell);
            if !names.insert(name.clone()) {
                return Err(failure(&needle, format!("two units are called {name}")));
            }
            units.push(Placed { name, side: side.name.clone(), archetype: unit.archetype.clone(), cell });
        }
    }
    let mut cells = BTreeSet::new();
    if let Some(u) = units.iter().find(|u| !cells.insert(u.cell)) {
        return Err(failure(&format!("{:?}", u.cell), format!("two units start on {:?}", u.cell)));
    }
    Ok(units)
}

fn check_archetypes(file: &LevelFile, units: &[Placed]) -> Result<(), Failure> {
    let known = roster::archetypes().map_err(|e| (None, e.to_string()))?;
    match units.iter().find(|u| !file.has_archetype(&known, &u.archetype)) {
        Some(u) => Err(failure(&format!("\"{}\"", u.archetype), file.unknown_archetype(&known, &u.archetype))),
        None => Ok(()),
    }
}

/// The level's own archetypes: new names (a roster's keep their meaning), each with at most one sheet a ruleset.
fn check_own_archetypes(file: &LevelFile) -> Result<(), Failure> {
    let known = roster::archetypes().map_err(|e| (None, e.to_string()))?;
    for (name, sheets) in &file.archetypes {
        if known.contains(name) {
            let message = format!("an archetype `{name}` is in every roster already: give yours another name");
            return Err(failure(&format!("\"{name}\":"), message));
        }
        if sheets.is_empty() {
            return Err(failure(&format!("\"{name}\":"), format!("the archetype `{name}` has no sheet")));
        }
        for (i, sheet) in sheets.iter().enumerate() {
            if sheets[..i].iter().any(|s| s.ruleset() == sheet.ruleset()) {
                let message = format!("the archetype `{name}` has two {:?} sheets", sheet.ruleset());
                return Err(failure(&format!("\"{name}\":"), message));
            }
        }
    }
    Ok(())
}

fn exits(file: &LevelFile) -> Vec<(String, Vec<Cell>)> {
    let exit = |v: &Victory| match v {
        Victory::Escape { side, zone, .. } => Some((side.clone(), zone_cells(file.zones.get(zone)?))),
        _ => None,
    };
    file.victory.iter().filter_map(exit).collect()
}

/// Where each side with a zone victory goes: the escaping side to its exit, the holding side to its zone.
fn goals(file: &LevelFile) -> Vec<(String, Goal)> {
    let goal = |v: &Victory| match v {
        Victory::Escape { side, zone, .. } => {
            Some((side.clone(), Goal { cells: zone_cells(file.zones.get(zone)?), rush: true }))
        }
        Victory::Hold { side, zone, .. } => {
            Some((side.clone(), Goal { cells: zone_cells(file.zones.get(zone)?), rush: false }))
        }
        Victory::Eliminate => None,
    };
    file.victory.iter().filter_map(goal).collect()
}

fn check_victory(file: &LevelFile, grid: &Grid, units: &[Placed]) -> Result<(), Failure> {
    let side_exists = |s: &String| file.sides.iter().any(|d| &d.name == s);
    if let Some(s) = file.at_turn_limit.as_ref().filter(|s| !side_exists(s)) {
        return Err(failure("at_turn_limit", format!("at_turn_limit names {s}, which is no side of this level")));
    }
    for v in &file.victory {
        let (side, zone, what) = match v {
            Victory::Eliminate => continue,
            Victory::Hold { side, zone, .. } => (side, zone, "hold"),
            Victory::Escape { side, zone, .. } => (side, zone, "escape through"),
        };
        if !side_exists(side) {
            return Err(failure(
                "victory",
                format!("a victory condition names {side}, which is no side of this level"),
            ));
        }
        let Some(areas) = file.zones.get(zone) else {
            return Err(failure("victory", format!("a victory condition names zone {zone}, which `zones` lacks")));
        };
        let cells = zone_cells(areas);
        for u in units.iter().filter(|u| &u.side == side) {
            if paths::route_to(grid, u.cell, &|c| cells.contains(&c), &Crowd::default(), u32::MAX).is_none() {
                let message = format!("{} cannot reach the {zone} it must {what}: the zone is unreachable", u.name);
                return Err(failure(&format!("\"{zone}\""), message));
            }
        }
    }
    Ok(())
}

/// A ruleset's tuning names units that exist and archetypes every roster has, leaves every side someone, and keeps
/// a turn limit of at least 1.
fn check_tuning(file: &LevelFile, units: &[Placed]) -> Result<(), Failure> {
    let known = roster::archetypes().map_err(|e| (None, e.to_string()))?;
    for (ruleset, tuning) in &file.tuning {
        let named = tuning.leave_out.iter().chain(tuning.archetypes.keys()).chain(tuning.at.keys());
        if let Some(name) = named.into_iter().find(|n| !units.iter().any(|u| &u.name == *n)) {
            return Err(failure(&format!("\"{name}\""), format!("{ruleset:?}'s tuning names {name}, who is no unit")));
        }
        if let Some(a) = tuning.archetypes.values().find(|a| !file.has_archetype(&known, a)) {
            let message = file.unknown_archetype(&known, a);
            return Err(failure(&format!("\"{a}\""), message));
        }
        for side in &file.sides {
            let left = units.iter().filter(|u| u.side == side.name && !tuning.leave_out.contains(&u.name)).count();
            if left == 0 {
                let message = format!("{ruleset:?}'s tuning leaves {} nobody to fight with", side.name);
                return Err(failure("leave_out", message));
            }
        }
        let own_sheet = |name: &String| file.overrides.iter().any(|o| &o.unit == name && o.sheet.ruleset() == *ruleset);
        if let Some(name) = tuning.archetypes.keys().find(|n| own_sheet(n)) {
            let message = format!("{name} has its own sheet under {ruleset:?}: it cannot change archetype there too");
            return Err(failure(&format!("\"{name}\""), message));
        }
        if tuning.turn_limit == Some(0) {
            return Err(failure("turn_limit", format!("{ruleset:?}'s tuning: the turn limit must be at least 1")));
        }
    }
    Ok(())
}

/// A start moved by a ruleset's tuning stands on the map, on a passable cell no other unit starts on there, of a
/// unit that fights there, with its exit or zone in reach; the error points at the move (`"name": (x, y)`).
fn check_tuned_starts(file: &LevelFile, grid: &Grid, units: &[Placed]) -> Result<(), Failure> {
    for (ruleset, tuning) in &file.tuning {
        if let Some(name) = tuning.at.keys().find(|n| tuning.leave_out.contains(n)) {
            let message = format!("{ruleset:?}'s tuning both leaves {name} out and moves its start");
            return Err(failure(&format!("\"{name}\": ("), message));
        }
        let fighting: Vec<Placed> = units.iter().filter(|u| !tuning.leave_out.contains(&u.name)).cloned().collect();
        let mut moved = Vec::new();
        for (name, &cell) in &tuning.at {
            let needle = format!("\"{name}\": (");
            if !grid.contains(cell) || !grid.passable(cell) {
                let what = if grid.contains(cell) { format!("{:?}", grid.at(cell)) } else { "off the map".into() };
                let message = format!("{ruleset:?}'s tuning starts {name} on {cell:?}, which is {what}");
                return Err(failure(&needle, message));
            }
            if let Some(other) = fighting.iter().find(|u| &u.name != name && tuning.start(u) == cell) {
                let message = format!("{ruleset:?}'s tuning starts {name} on {cell:?}, where {} starts", other.name);
                return Err(failure(&needle, message));
            }
            moved.extend(fighting.iter().filter(|u| &u.name == name).map(|u| Placed { cell, ..u.clone() }));
        }
        check_victory(file, grid, &moved)?;
    }
    Ok(())
}

fn check_overrides(file: &LevelFile, units: &[Placed]) -> Result<(), Failure> {
    match file.overrides.iter().find(|o| !units.iter().any(|u| u.name == o.unit)) {
        Some(o) => Err(failure(&format!("\"{}\"", o.unit), format!("an override names {}, who is no unit", o.unit))),
        None => Ok(()),
    }
}
