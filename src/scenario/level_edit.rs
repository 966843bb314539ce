//! What the level editor does to a level file, apart from the window: a new level to start from, painting terrain,
//! resizing the map, spawn areas and zones, a saved character joining a squad, the file written back as RON and
//! checked exactly as `skirmish check` checks a file. The editor works on a [`LevelFile`] itself, so what it saves
//! is what the game reads.

use std::path::Path;

use super::character::Character;
use super::level::{self, Area, Level, LevelFile, SideSpec, UnitSpec};
use super::{RosterError, WriteError, content, files, ron_options};
use crate::map::edges::{Edges, Line};
use crate::map::grid::{Grid, GridError, Ground};
use crate::rules::engine::field::Cell;

/// Why the editor's level is not written, does not play, or a character does not join it.
#[derive(Debug, thiserror::Error)]
pub enum LevelEditError {
    /// The level as RON cannot be made.
    #[error(transparent)]
    Ron(Box<ron::Error>),
    /// The level does not play: why, without the file and place (the editor's text is not the file on disk yet).
    #[error("{0}")]
    Unplayable(String),
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error(transparent)]
    Roster(#[from] RosterError),
    #[error("{0} cannot be an archetype of the level: rename the character")]
    NotAnArchetype(String),
    #[error("{name} is in the level already (archetype `{archetype}`)")]
    InAlready { name: String, archetype: String },
    #[error("no such side")]
    NoSuchSide,
    #[error("{0} brings gear of its own and the level has other gear already")]
    OtherGear(String),
}

/// The largest map the editor makes (the game's limit).
pub const LARGEST: i32 = super::level_check::LARGEST_MAP as i32;

/// A new level: open ground `width` × `height` inside a wall, two sides of two riflemen at its left and right
/// edges, the last side standing wins in 20 turns.
pub fn blank(width: i32, height: i32) -> LevelFile {
    let (width, height) = (width.clamp(8, LARGEST), height.clamp(6, LARGEST));
    let mut grid = Grid::open(width, height);
    for (x, y) in (0..width).flat_map(|x| (0..height).map(move |y| (x, y))) {
        if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
            grid.set((x, y), Ground::Wall);
        }
    }
    let side = |name: &str, x: i32| SideSpec {
        name: name.to_owned(),
        spawn: vec![Area((x, 1), (x, height - 2))],
        squad: vec![unit("rifleman"), unit("rifleman")],
    };
    LevelFile {
        name: "My level".into(),
        description: String::new(),
        tactic: String::new(),
        map: grid.rows(),
        cell_m: None,
        walls: Vec::new(),
        windows: Vec::new(),
        doors: Vec::new(),
        picture: None,
        lights: Vec::new(),
        sides: vec![side("Blue", 1), side("Red", width - 2)],
        zones: Default::default(),
        victory: Vec::new(),
        at_turn_limit: None,
        turn_limit: 20,
        overrides: Vec::new(),
        archetypes: Default::default(),
        gear: None,
        tuning: Default::default(),
    }
}

/// A unit of an archetype, named after its side and archetype.
pub fn unit(archetype: &str) -> UnitSpec {
    UnitSpec { archetype: archetype.to_owned(), name: None, at: None }
}

/// The level as RON, as the editor saves it: a header, then the file.
pub fn to_ron(file: &LevelFile) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new().struct_names(false).indentor("    ".to_owned()).depth_limit(4);
    let body = ron_options().to_string_pretty(file, config)?;
    Ok(format!("// A level of your own for Skirmish; the level editor writes this file (docs/levels.md).\n{body}\n"))
}

/// Checks the level as `skirmish check` checks a file: read back from the RON the editor would save, then set up
/// under every ruleset it plays under. The checked level and a line saying what it is, or why it does not play.
pub fn check(file: &LevelFile, path: &Path) -> Result<(Level, String), LevelEditError> {
    let text = to_ron(file).map_err(|e| LevelEditError::Ron(Box::new(e)))?;
    let level = level::parse(&text, path).map_err(|e| without_place(&e.to_string(), path))?;
    let summary = files::check_level(&level, path).map_err(|e| without_place(&e.to_string(), path))?;
    Ok((level, summary))
}

/// A message without the file and place it names: the editor's text is not the file on disk yet.
fn without_place(message: &str, path: &Path) -> LevelEditError {
    let rest = message.strip_prefix(&format!("{}:", path.display())).unwrap_or(message);
    // "LINE:COLUMN: message" or "under Ruleset: message".
    let mut parts = rest.splitn(3, ':');
    let why = match (parts.next(), parts.next(), parts.next()) {
        (Some(l), Some(c), Some(m)) if l.trim().parse::<u32>().is_ok() && c.trim().parse::<u32>().is_ok() => {
            m.trim().to_owned()
        }
        _ => rest.trim().to_owned(),
    };
    LevelEditError::Unplayable(why)
}

/// Saves the level to `path`: atomically, the file it replaces kept as `<name>.ron.bak`.
pub fn save(file: &LevelFile, path: &Path) -> Result<(), WriteError> {
    content::write_keeping_backup(path, &to_ron(file)?)
}

/// The map's terrain and the walls, windows and doors between its cells, or why the map is broken (the editor
/// never makes one so; a file may be). Lines that do not fit the map are not drawn (the check says why).
pub fn grid(file: &LevelFile) -> Result<Grid, GridError> {
    let grid = Grid::parse(&file.map)?;
    let edges = Edges::fitting((grid.width, grid.height), &file.walls, &file.windows, &file.doors);
    Ok(grid.with_edges(edges))
}

/// Paints one cell; off the map does nothing.
pub fn paint(file: &mut LevelFile, cell: Cell, ground: Ground) {
    let Ok(mut grid) = grid(file) else { return };
    if grid.contains(cell) && grid.at(cell) != ground {
        grid.set(cell, ground);
        file.map = grid.rows();
    }
}

/// Resizes the map to `width` × `height` (8–160 by 6–160): new cells are open ground, cells cut off are gone, and
/// so are the spawn and zone areas and units' cells that fall off it.
pub fn resize(file: &mut LevelFile, width: i32, height: i32) {
    let (width, height) = (width.clamp(8, LARGEST), height.clamp(6, LARGEST));
    let Ok(old) = grid(file) else { return };
    let mut grid = Grid::open(width, height);
    for ((x, y), ground) in old.cells() {
        if x < width && y < height {
            grid.set((x, y), ground);
        }
    }
    file.map = grid.rows();
    for lines in [&mut file.walls, &mut file.windows] {
        *lines = lines.iter().filter_map(|l| clipped(*l, (width, height))).collect();
    }
    // A door cut off goes whole, and the doors after it take its number.
    file.doors.retain(|l| clipped(*l, (width, height)) == Some(*l));
    let on = |a: &Area| grid.contains(a.0) && grid.contains(a.1);
    for side in &mut file.sides {
        side.spawn.retain(on);
        for unit in &mut side.squad {
            unit.at = unit.at.filter(|c| grid.contains(*c));
        }
    }
    for areas in file.zones.values_mut() {
        areas.retain(on);
    }
    file.zones.retain(|_, areas| !areas.is_empty());
}

/// The part of a line along the grid inside a `width` × `height` map, if any of it is.
fn clipped(((x0, y0), (x1, y1)): Line, (width, height): (i32, i32)) -> Option<Line> {
    let (a, b) = ((x0.min(width), y0.min(height)), (x1.min(width), y1.min(height)));
    let horizontal = y0 == y1;
    let inside = if horizontal { y0 < height } else { x0 < width };
    (inside && a != b).then_some((a, b))
}

/// Takes the areas holding `cell` out of `areas`; whether any was.
pub fn erase(areas: &mut Vec<Area>, cell: Cell) -> bool {
    let before = areas.len();
    areas.retain(|a| !a.cells().any(|c| c == cell));
    areas.len() != before
}

/// A saved character joins side `side`'s squad: its sheet becomes an archetype of the level's own, named after it,
/// so the level plays it under its ruleset (only). Gear of its own comes along when the level has none yet.
pub fn add_character(file: &mut LevelFile, side: usize, character: &Character) -> Result<(), LevelEditError> {
    let key: String = character.name.to_lowercase().chars().filter(|c| c.is_alphanumeric() || *c == ' ').collect();
    // The role in the archetype's name: a level's unit shows its archetype's role word on its token.
    let key = match &character.role {
        Some(role) => format!("{} ({role})", key.trim()),
        None => key.trim().to_owned(),
    };
    if key.is_empty() || key.starts_with('(') || super::roster::archetypes()?.contains(&key) {
        return Err(LevelEditError::NotAnArchetype(character.name.clone()));
    }
    if file.archetypes.contains_key(&key) {
        return Err(LevelEditError::InAlready { name: character.name.clone(), archetype: key });
    }
    let spec = file.sides.get_mut(side).ok_or(LevelEditError::NoSuchSide)?;
    if let Some(own) = &character.gear {
        match &file.gear {
            Some(gear) if gear.get_ron() != own.get_ron() => {
                return Err(LevelEditError::OtherGear(character.name.clone()));
            }
            _ => file.gear = Some(own.clone()),
        }
    }
    spec.squad.push(UnitSpec { archetype: key.clone(), name: Some(character.name.clone()), at: None });
    file.archetypes.insert(key, vec![character.sheet.clone()]);
    Ok(())
}

/// Takes a unit out of a squad, and the level's archetype it was of when no other unit is of it.
pub fn remove_unit(file: &mut LevelFile, side: usize, index: usize) {
    let Some(squad) = file.sides.get_mut(side).map(|s| &mut s.squad) else { return };
    if index >= squad.len() {
        return;
    }
    let gone = squad.remove(index);
    let used = file.sides.iter().flat_map(|s| &s.squad).any(|u| u.archetype == gone.archetype);
    if !used {
        file.archetypes.remove(&gone.archetype);
    }
}
