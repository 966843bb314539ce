//! The level format (`levels/*.ron`): a map drawn in characters, sides with spawn zones and squads of archetypes,
//! named zones, victory conditions, a turn limit, sheets for named units under one ruleset, and each ruleset's tuning
//! (units left out, of another archetype or starting elsewhere, another turn limit) for a fair fight. `level_check.rs`
//! turns a file into a checked [`Level`]; `level.rs` reads files and turns a level into a battle.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::map::Battlefield;
use crate::map::edges::Line;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::field::Cell;
use crate::rules::engine::victory::Victory;
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// A level file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The tactic the level teaches, in a sentence.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tactic: String,
    /// Rows of map characters (see `grid.rs`), top row first.
    pub map: Vec<String>,
    /// Meters a cell spans: 1 when not given; a 5-foot grid is 1.5. Ranges, movement and the odds use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell_m: Option<f64>,
    /// Walls on the lines between cells (a drawn map's thin walls), each a line along the grid from corner to corner:
    /// `((0, 3), (5, 3))` runs under the cells `(0..5, 2)` (corners count cells from the map's top left).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<Line>,
    /// Windows between cells: no one steps through, sight passes as through a window cell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub windows: Vec<Line>,
    /// Doors between cells, each line one door (closed at the start: it blocks movement and sight).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doors: Vec<Line>,
    /// The map's picture, drawn under the grid: a PNG or WebP file beside the level, drawn at the map's own grid
    /// (an imported map's, `skirmish import MAP.dd2vtt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
    /// The map's lights, as an imported map gives them: kept for a darkness rule to come (no seed gives darkness a
    /// modifier our battles play), not drawn (the picture shows them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lights: Vec<MapLight>,
    pub sides: Vec<SideSpec>,
    /// Named zones (to hold, to escape through), each a list of areas.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub zones: BTreeMap<String, Vec<Area>>,
    /// Ways to win besides being the last side standing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<Victory>,
    /// Who wins when the turn limit is reached (a defender holding out); nobody when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_turn_limit: Option<String>,
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    /// Sheets for named units under one ruleset, instead of their archetype's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<Override>,
    /// Archetypes of the level's own beside the rosters' ("rifleman" …): a sheet for each ruleset it is played
    /// under, e.g. `"farmer": [Shadowrun4((…)), Storyteller((…))]`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub archetypes: BTreeMap<String, Vec<RulesetSheet>>,
    /// Weapons and armor of the level's own, by ruleset (`gear: (Shadowrun4: (weapons: [...], armor: [...]))`):
    /// read with their types before the rest (`gear::level_gear`), so that its sheets name and keep them; kept here
    /// as written, for the level editor to write back.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "super::gear::as_written")]
    pub gear: Option<Box<ron::value::RawValue>>,
    /// What changes under one ruleset to make its fight fair (`docs/balance.md`): never a rule, only who fights.
    #[serde(default, skip_serializing_if = "HashMap::is_empty")]
    pub tuning: HashMap<RulesetId, Tuning>,
}

/// A light on the map: where (in cells from the map's top left), how far it reaches (cells) and its colour (alpha,
/// red, green, blue).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MapLight {
    pub at: (f64, f64),
    pub range: f64,
    pub argb: [u8; 4],
}

/// A level's changes under one ruleset.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Tuning {
    /// Units (by name) that stay out of the battle under this ruleset.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leave_out: Vec<String>,
    /// Units (by name) of another archetype under this ruleset.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub archetypes: BTreeMap<String, String>,
    /// Units (by name) that start on another cell under this ruleset (a spawn moved back, or nearer cover).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub at: BTreeMap<String, Cell>,
    /// Another turn limit under this ruleset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u32>,
}

fn default_turn_limit() -> u32 {
    20
}

/// A side: its name, where its units start, and its squad.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    /// Where units without a cell of their own start, filled row by row.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spawn: Vec<Area>,
    pub squad: Vec<UnitSpec>,
}

/// A unit of a squad.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub archetype: String,
    /// Its name; "<side> <archetype> <n>" when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its starting cell; the next free spawn cell when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Cell>,
}

/// A rectangle of cells, both corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct Area(pub Cell, pub Cell);

impl Area {
    /// Its cells, row by row from its first corner toward its second: the order a spawn zone fills in, so two
    /// sides facing each other can be placed as mirror images (`((2, 16), (5, 14))` fills the bottom row first).
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let Area((x0, y0), (x1, y1)) = self;
        span(y0, y1).flat_map(move |y| span(x0, x1).map(move |x| (x, y)))
    }
}

/// Every coordinate from `a` to `b`, both included, in that direction.
fn span(a: i32, b: i32) -> impl Iterator<Item = i32> {
    let step = if b < a { -1 } else { 1 };
    (0..=a.abs_diff(b) as i32).map(move |i| a + step * i)
}

/// One unit's sheet under one ruleset.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Override {
    pub unit: String,
    pub sheet: RulesetSheet,
}

/// A sheet of one ruleset.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub enum RulesetSheet {
    EclipsePhase(ep::sheet::Sheet),
    Shadowrun4(sr4::sheet::Sheet),
    Storyteller(st::sheet::Sheet),
    HomebrewD6(hb::sheet::Sheet),
}

impl Tuning {
    /// Where `unit` starts under this tuning: its moved start, else where the level places it.
    pub fn start(&self, unit: &Placed) -> Cell {
        self.at.get(&unit.name).copied().unwrap_or(unit.cell)
    }
}

impl LevelFile {
    /// Whether units may be of this archetype: the rosters' or the level's own.
    pub fn has_archetype(&self, known: &[String], name: &str) -> bool {
        known.iter().any(|k| k == name) || self.archetypes.contains_key(name)
    }

    /// Why a unit cannot be of archetype `name`: the rosters' archetypes, and the level's own.
    pub fn unknown_archetype(&self, known: &[String], name: &str) -> String {
        let own = match self.archetypes.is_empty() {
            true => String::new(),
            false => format!("; the level's own: {}", self.archetypes.keys().cloned().collect::<Vec<_>>().join(", ")),
        };
        format!("unknown archetype `{name}`; every ruleset's roster has {}{own}", known.join(", "))
    }
}

impl RulesetSheet {
    /// The ruleset the sheet is for.
    pub fn ruleset(&self) -> RulesetId {
        match self {
            RulesetSheet::EclipsePhase(_) => RulesetId::EclipsePhase,
            RulesetSheet::Shadowrun4(_) => RulesetId::Shadowrun4,
            RulesetSheet::Storyteller(_) => RulesetId::Storyteller,
            RulesetSheet::HomebrewD6(_) => RulesetId::HomebrewD6,
        }
    }
}

/// A placed unit: name, side, archetype and cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub name: String,
    pub side: String,
    pub archetype: String,
    pub cell: Cell,
}

/// A checked level, ready to become a battle under any ruleset.
#[derive(Clone, Debug)]
pub struct Level {
    pub file: LevelFile,
    pub field: Arc<Battlefield>,
    pub units: Vec<Placed>,
    /// The picture's file, found beside the level.
    pub picture: Option<std::path::PathBuf>,
}

/// Every cell of a zone.
pub fn zone_cells(areas: &[Area]) -> Vec<Cell> {
    areas.iter().flat_map(|a| a.cells()).collect()
}
