//! Levels (`levels/*.ron`, the format in `level_file.rs`), read and checked (`level_check.rs`). A level names no
//! ruleset: [`Level::scenario`] turns it into a battle under any of the four, each archetype becoming that ruleset's
//! sheet from its roster (or the level's override), with the level's tuning for that ruleset.

use std::path::{Path, PathBuf};

pub use super::level_file::{
    Area, Level, LevelFile, MapLight, Override, Placed, RulesetSheet, SideSpec, Tuning, UnitSpec, zone_cells,
};
use super::{CombatantSpec, RulesetSetup, Scenario, ScenarioError, Setup, SetupError, ron_options};
use super::{level_check, roster};
use crate::map::grid::Grid;
pub use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::victory::Objectives;

/// Reads and checks a level file.
pub fn load(path: &Path) -> Result<Level, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
    parse(&text, path)
}

/// The level files (`*.ron`) of `folder`, sorted; none when it cannot be read.
pub fn files_in(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(folder)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "ron")).collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The levels in `folder`, then the player's own (the `levels` of their content folder `user`), read and checked;
/// the broken ones as messages.
pub fn levels_in(folder: &Path, user: Option<&Path>) -> (Vec<(PathBuf, Level)>, Vec<String>) {
    let (mut good, mut bad) = (Vec::new(), Vec::new());
    for (folder, _) in super::content::level_folders(folder, user) {
        for file in files_in(&folder) {
            match load(&file) {
                Ok(l) => good.push((file, l)),
                Err(e) => bad.push(e.to_string()),
            }
        }
    }
    (good, bad)
}

/// Reads and checks level text; `path` is only used in messages.
pub fn parse(text: &str, path: &Path) -> Result<Level, ScenarioError> {
    let own = super::gear::level_gear(text).map_err(|e| ScenarioError::syntax(path, e))?;
    let file: LevelFile = super::gear::read_with(own, text, path, || ron_options().from_str(text))?;
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
        self.field.grid()
    }

    /// The victory conditions of a battle on this level.
    pub fn objectives(&self) -> Objectives {
        let zones = self.file.zones.iter().map(|(k, areas)| (k.clone(), zone_cells(areas))).collect();
        Objectives::new(self.file.victory.clone(), zones, self.file.at_turn_limit.clone())
    }

    /// The level as a battle under `ruleset`, with that ruleset's default options.
    pub fn scenario(&self, ruleset: RulesetId) -> Result<Scenario, SetupError> {
        if let Some(why) = self.unplayable_under(ruleset) {
            return Err(why);
        }
        let units = self.units_under(ruleset);
        let setup = match ruleset {
            RulesetId::EclipsePhase => {
                RulesetSetup::EclipsePhase(self.setup(roster::eclipse_phase()?, &units, |o| match o {
                    RulesetSheet::EclipsePhase(s) => Some(s.clone()),
                    _ => None,
                })?)
            }
            RulesetId::Shadowrun4 => {
                RulesetSetup::Shadowrun4(self.setup(roster::shadowrun4()?, &units, |o| match o {
                    RulesetSheet::Shadowrun4(s) => Some(s.clone()),
                    _ => None,
                })?)
            }
            RulesetId::Storyteller => {
                RulesetSetup::Storyteller(self.setup(roster::storyteller()?, &units, |o| match o {
                    RulesetSheet::Storyteller(s) => Some(s.clone()),
                    _ => None,
                })?)
            }
            RulesetId::HomebrewD6 => {
                RulesetSetup::HomebrewD6(self.setup(roster::homebrew_d6()?, &units, |o| match o {
                    RulesetSheet::HomebrewD6(s) => Some(s.clone()),
                    _ => None,
                })?)
            }
        };
        Ok(Scenario {
            name: self.file.name.clone(),
            description: self.file.description.clone(),
            ruleset: setup,
            dice: None,
            seed: None,
            turn_limit: self.tuning(ruleset).and_then(|t| t.turn_limit).unwrap_or(self.file.turn_limit),
            field: Some(self.field.clone()),
            picture: self.picture.clone(),
            objectives: self.objectives(),
        })
    }

    /// Why the level cannot be played under `ruleset`: a unit of the level's own archetype without a sheet for it
    /// (nor one of its own). `None`: it can.
    pub fn unplayable_under(&self, ruleset: RulesetId) -> Option<SetupError> {
        self.units_under(ruleset).iter().find_map(|unit| {
            let sheets = self.file.archetypes.get(&unit.archetype)?;
            let own = |s: &RulesetSheet| s.ruleset() == ruleset;
            let overridden = self.file.overrides.iter().any(|o| o.unit == unit.name && own(&o.sheet));
            (!overridden && !sheets.iter().any(own)).then(|| no_sheet(unit))
        })
    }

    /// The rulesets the level can be played under: all four, unless an archetype of its own has sheets for fewer.
    pub fn rulesets(&self) -> Vec<RulesetId> {
        RulesetId::ALL.into_iter().filter(|r| self.unplayable_under(*r).is_none()).collect()
    }

    /// The level's tuning under `ruleset`, if it has one.
    pub fn tuning(&self, ruleset: RulesetId) -> Option<&Tuning> {
        self.file.tuning.get(&ruleset)
    }

    /// The units that fight under `ruleset`, each with the archetype and start it has there; a unit named after its
    /// archetype ("Raiders heavy 4") is called after the one it fights as ("Raiders rifleman 4").
    pub fn units_under(&self, ruleset: RulesetId) -> Vec<Placed> {
        let tuning = self.tuning(ruleset);
        let left_out = |u: &Placed| tuning.is_some_and(|t| t.leave_out.contains(&u.name));
        let retyped = |u: &Placed| {
            let cell = tuning.map_or(u.cell, |t| t.start(u));
            let Some(archetype) = tuning.and_then(|t| t.archetypes.get(&u.name)) else {
                return Placed { cell, ..u.clone() };
            };
            let (old, new) = (format!("{} {} ", u.side, u.archetype), format!("{} {archetype} ", u.side));
            let name = u.name.strip_prefix(&old).map_or_else(|| u.name.clone(), |n| format!("{new}{n}"));
            Placed { name, archetype: archetype.clone(), cell, ..u.clone() }
        };
        self.units.iter().filter(|u| !left_out(u)).map(retyped).collect()
    }

    fn setup<O: Default, S: Clone, C: Default, A>(
        &self,
        roster: &roster::Roster<S>,
        units: &[Placed],
        own: impl Fn(&RulesetSheet) -> Option<S>,
    ) -> Result<Setup<O, S, C, A>, SetupError> {
        let mut combatants = Vec::new();
        for unit in units {
            let sheet = self.file.overrides.iter().filter(|o| o.unit == unit.name).find_map(|o| own(&o.sheet));
            let sheet = match (sheet, self.file.archetypes.get(&unit.archetype)) {
                (Some(s), _) => s,
                // The level's own archetype: its sheet for this ruleset, if it has one.
                (None, Some(sheets)) => sheets.iter().find_map(&own).ok_or_else(|| no_sheet(unit))?,
                (None, None) => roster
                    .get(&unit.archetype)
                    .cloned()
                    .ok_or_else(|| SetupError::NoArchetype(unit.archetype.clone()))?,
            };
            combatants.push(CombatantSpec {
                name: unit.name.clone(),
                side: unit.side.clone(),
                position: unit.cell,
                sheet,
                role: Some(unit.archetype.clone()),
                condition: C::default(),
            });
        }
        Ok(Setup { options: O::default(), gear: Default::default(), combatants, actions: Vec::new() })
    }
}

/// Why `unit`, of the level's own archetype, does not fight under a ruleset: its archetype has no sheet for it.
fn no_sheet(unit: &Placed) -> SetupError {
    SetupError::NoSheet { archetype: unit.archetype.clone(), unit: unit.name.clone() }
}

#[cfg(test)]
mod content_tests {
    use super::*;

    #[test]
    fn the_players_own_levels_come_after_the_shipped_ones_and_a_broken_one_says_why() {
        let dir = tempfile::tempdir().expect("a folder");
        let user = dir.path();
        std::fs::create_dir_all(user.join("levels")).expect("a levels folder");
        std::fs::copy("tests/levels/own_content.ron", user.join("levels/farm.ron")).expect("copied");
        std::fs::write(user.join("levels/half.ron"), "(name: \"Half\", map: [").expect("written");
        let (levels, problems) = levels_in(Path::new("levels"), Some(user));
        let shipped = files_in(Path::new("levels")).len();
        assert_eq!(levels.len(), shipped + 1, "every shipped level, then the farm");
        assert_eq!(levels[shipped].1.file.name, "The farm");
        assert!(levels[shipped].0.starts_with(user));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("half.ron:1:"), "the broken file by name and place: {problems:?}");
    }
}
