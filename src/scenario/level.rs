//! Levels (`levels/*.ron`): a map drawn in characters, sides with spawn zones and squads of archetypes, named
//! zones, victory conditions and a turn limit. A level names no ruleset: [`Level::scenario`] turns it into a battle
//! under any of the four, each archetype becoming that ruleset's sheet from its roster (or the level's override).
//! Checks live in `level_check.rs`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::{CombatantSpec, RulesetSetup, Scenario, ScenarioError, Setup, ron_options};
use super::{level_check, roster};
use crate::map::Battlefield;
use crate::map::grid::Grid;
use crate::rules::field::Cell;
use crate::rules::victory::{Objectives, Victory};
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// A level file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The tactic the level teaches, in a sentence.
    #[serde(default)]
    pub tactic: String,
    /// Rows of map characters (see `grid.rs`), top row first.
    pub map: Vec<String>,
    pub sides: Vec<SideSpec>,
    /// Named zones (to hold, to escape through), each a list of areas.
    #[serde(default)]
    pub zones: BTreeMap<String, Vec<Area>>,
    /// Ways to win besides being the last side standing.
    #[serde(default)]
    pub victory: Vec<Victory>,
    /// Who wins when the turn limit is reached (a defender holding out); nobody when not given.
    #[serde(default)]
    pub at_turn_limit: Option<String>,
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    /// Sheets for named units under one ruleset, instead of their archetype's.
    #[serde(default)]
    pub overrides: Vec<Override>,
}

fn default_turn_limit() -> u32 {
    20
}

/// A side: its name, where its units start, and its squad.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    /// Where units without a cell of their own start, filled row by row.
    #[serde(default)]
    pub spawn: Vec<Area>,
    pub squad: Vec<UnitSpec>,
}

/// A unit of a squad.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub archetype: String,
    /// Its name; "<side> <archetype> <n>" when not given.
    #[serde(default)]
    pub name: Option<String>,
    /// Its starting cell; the next free spawn cell when not given.
    #[serde(default)]
    pub at: Option<Cell>,
}

/// A rectangle of cells, both corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Area(pub Cell, pub Cell);

impl Area {
    /// Its cells, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let Area((x0, y0), (x1, y1)) = self;
        (y0.min(y1)..=y0.max(y1)).flat_map(move |y| (x0.min(x1)..=x0.max(x1)).map(move |x| (x, y)))
    }
}

/// One unit's sheet under one ruleset.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Override {
    pub unit: String,
    pub sheet: RulesetSheet,
}

/// A sheet of one ruleset.
#[derive(Clone, Debug, Deserialize)]
pub enum RulesetSheet {
    EclipsePhase(ep::sheet::Sheet),
    Shadowrun4(sr4::sheet::Sheet),
    Storyteller(st::sheet::Sheet),
    HomebrewD6(hb::sheet::Sheet),
}

pub use crate::rules::any::RulesetId;

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
}

/// Reads and checks a level file.
pub fn load(path: &Path) -> Result<Level, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
    parse(&text, path)
}

/// Reads and checks level text; `path` is only used in messages.
pub fn parse(text: &str, path: &Path) -> Result<Level, ScenarioError> {
    let file: LevelFile = ron_options().from_str(text).map_err(|e| ScenarioError::syntax(path, e))?;
    level_check::check(file, text, path)
}

/// Whether RON text is a level (it has a `map` field) rather than a scenario (which never has one).
pub fn is_level(text: &str) -> bool {
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).any(|code| {
        code.match_indices("map").any(|(at, _)| {
            let before = code[..at].chars().next_back();
            let after = code[at + 3..].trim_start();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with(':')
        })
    })
}

impl Level {
    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.field.grid
    }

    /// The victory conditions of a battle on this level.
    pub fn objectives(&self) -> Objectives {
        let zones = self.file.zones.iter().map(|(k, areas)| (k.clone(), zone_cells(areas))).collect();
        Objectives::new(self.file.victory.clone(), zones, self.file.at_turn_limit.clone())
    }

    /// The level as a battle under `ruleset`, with that ruleset's default options.
    pub fn scenario(&self, ruleset: RulesetId) -> Result<Scenario, String> {
        let setup = match ruleset {
            RulesetId::EclipsePhase => {
                RulesetSetup::EclipsePhase(self.setup(roster::eclipse_phase()?, |o| match o {
                    RulesetSheet::EclipsePhase(s) => Some(s.clone()),
                    _ => None,
                })?)
            }
            RulesetId::Shadowrun4 => RulesetSetup::Shadowrun4(self.setup(roster::shadowrun4()?, |o| match o {
                RulesetSheet::Shadowrun4(s) => Some(s.clone()),
                _ => None,
            })?),
            RulesetId::Storyteller => RulesetSetup::Storyteller(self.setup(roster::storyteller()?, |o| match o {
                RulesetSheet::Storyteller(s) => Some(s.clone()),
                _ => None,
            })?),
            RulesetId::HomebrewD6 => RulesetSetup::HomebrewD6(self.setup(roster::homebrew_d6()?, |o| match o {
                RulesetSheet::HomebrewD6(s) => Some(s.clone()),
                _ => None,
            })?),
        };
        Ok(Scenario {
            name: self.file.name.clone(),
            description: self.file.description.clone(),
            ruleset: setup,
            dice: None,
            seed: None,
            turn_limit: self.file.turn_limit,
            field: Some(self.field.clone()),
            objectives: self.objectives(),
        })
    }

    fn setup<O: Default, S: Clone, C: Default, A>(
        &self,
        roster: &roster::Roster<S>,
        own: impl Fn(&RulesetSheet) -> Option<S>,
    ) -> Result<Setup<O, S, C, A>, String> {
        let mut combatants = Vec::new();
        for unit in &self.units {
            let sheet = self.file.overrides.iter().filter(|o| o.unit == unit.name).find_map(|o| own(&o.sheet));
            let sheet = match sheet {
                Some(s) => s,
                None => {
                    roster.get(&unit.archetype).cloned().ok_or_else(|| format!("no archetype {}", unit.archetype))?
                }
            };
            combatants.push(CombatantSpec {
                name: unit.name.clone(),
                side: unit.side.clone(),
                position: unit.cell,
                sheet,
                condition: C::default(),
            });
        }
        Ok(Setup { options: O::default(), combatants, actions: Vec::new() })
    }
}

/// Every cell of a zone.
pub fn zone_cells(areas: &[Area]) -> Vec<Cell> {
    areas.iter().flat_map(|a| a.cells()).collect()
}
