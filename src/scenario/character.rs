//! The player's own characters (`characters/*.ron` in the content folder, written by the character editor or by
//! hand): a name, a role for its token, one ruleset's sheet, and gear of its own by ruleset like a level's. A
//! character joins a side of a level under its ruleset ([`Level::scenario_with`]), starting on the side's next free
//! spawn cell.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::gear::as_written;
use super::level_file::{Level, RulesetSheet};
use super::{
    CombatantSpec, RulesetSetup, Scenario, ScenarioError, SetupError, WriteError, check, content, ron_options,
};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::field::Cell;
use crate::rules::mechanics::character::{CharacterError, EditSheet};

/// A character file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    pub name: String,
    /// What it is for, shown as a glyph on its token ("rifleman", "sniper", "heavy", "brawler", "scout").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Weapons and armor of its own, by ruleset, as a level writes them (`gear: (Shadowrun4: (weapons: [...]))`):
    /// read before the sheet, which may then carry them; kept as written when the editor saves the file.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "as_written")]
    pub gear: Option<Box<ron::value::RawValue>>,
    pub sheet: RulesetSheet,
}

/// A character joining a side of a level: the side, and the file it is read from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Guest {
    pub side: String,
    pub file: PathBuf,
    /// A digest of the file's text when the battle began: a changed character is said when its save is loaded.
    #[serde(default)]
    pub digest: String,
}

impl Guest {
    /// The character in `file` joining `side`, its digest taken now.
    pub fn new(side: &str, file: &Path) -> Guest {
        let digest = content::digest_of(file).unwrap_or_default();
        Guest { side: side.to_owned(), file: file.to_owned(), digest }
    }
}

/// Reads a character file.
pub fn load(path: &Path) -> Result<Character, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
    parse(&text, path)
}

/// Reads character text, its own gear first; `path` is only used in messages.
pub fn parse(text: &str, path: &Path) -> Result<Character, ScenarioError> {
    let own = super::gear::level_gear(text).map_err(|e| ScenarioError::syntax(path, e))?;
    let character: Character = super::gear::read_with(own, text, path, || ron_options().from_str(text))?;
    character.check().map_err(|e| ScenarioError::invalid(path, text, Some("name"), e.to_string()))?;
    Ok(character)
}

/// Whether RON text is a character (it has a `sheet` at the top) rather than a level or a scenario.
pub fn is_character(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[allow(dead_code)]
        sheet: serde::de::IgnoredAny,
    }
    ron_options().from_str::<Probe>(text).is_ok()
}

/// The characters in the player's content folder `user` (`characters/`), each read or why it is not.
pub fn list(user: Option<&Path>) -> Vec<(PathBuf, Result<Character, ScenarioError>)> {
    let Some(user) = user else { return Vec::new() };
    let folder = user.join("characters");
    if !folder.is_dir() {
        return Vec::new();
    }
    let files = content::ron_files(&[folder]);
    files.into_iter().map(|path| (path.clone(), load(&path))).collect()
}

impl Character {
    /// A new character under `ruleset`, from that roster's `archetype`.
    pub fn from_archetype(name: &str, ruleset: RulesetId, archetype: &str) -> Result<Character, SetupError> {
        let missing = || SetupError::NotInRoster { archetype: archetype.to_owned(), ruleset };
        let sheet = match ruleset {
            RulesetId::EclipsePhase => {
                RulesetSheet::EclipsePhase(super::roster::eclipse_phase()?.get(archetype).ok_or_else(missing)?.clone())
            }
            RulesetId::Shadowrun4 => {
                RulesetSheet::Shadowrun4(super::roster::shadowrun4()?.get(archetype).ok_or_else(missing)?.clone())
            }
            RulesetId::Storyteller => {
                RulesetSheet::Storyteller(super::roster::storyteller()?.get(archetype).ok_or_else(missing)?.clone())
            }
            RulesetId::HomebrewD6 => {
                RulesetSheet::HomebrewD6(super::roster::homebrew_d6()?.get(archetype).ok_or_else(missing)?.clone())
            }
        };
        Ok(Character { name: name.to_owned(), role: Some(archetype.to_owned()), gear: None, sheet })
    }

    /// What is wrong with the character, if anything: a blank name, gear its catalogue lacks.
    pub fn check(&self) -> Result<(), CharacterError> {
        if self.name.trim().is_empty() {
            return Err(CharacterError::Nameless);
        }
        self.sheet.edit().derived().map(|_| ())
    }

    /// The character as RON, as the editor saves it: a header, then the file.
    pub fn to_ron(&self) -> Result<String, WriteError> {
        // Strings as written (an apostrophe in a name is not `\'`; a quote or backslash makes a raw string).
        let config =
            ron::ser::PrettyConfig::new().struct_names(false).indentor("    ".to_owned()).escape_strings(false);
        let body = ron_options().to_string_pretty(self, config)?;
        Ok(format!(
            "// A character of your own for Skirmish ({:?}); the character editor writes this file.\n{body}\n",
            self.sheet.ruleset()
        ))
    }

    /// Saves the character to `path`: atomically, the file it replaces kept as `<name>.ron.bak`.
    pub fn save(&self, path: &Path) -> Result<(), WriteError> {
        self.check()?;
        content::write_keeping_backup(path, &self.to_ron()?)
    }
}

impl RulesetSheet {
    /// The sheet as the character editor sees it.
    pub fn edit(&self) -> &dyn EditSheet {
        match self {
            RulesetSheet::EclipsePhase(s) => s,
            RulesetSheet::Shadowrun4(s) => s,
            RulesetSheet::Storyteller(s) => s,
            RulesetSheet::HomebrewD6(s) => s,
        }
    }

    /// The sheet as the character editor changes it.
    pub fn edit_mut(&mut self) -> &mut dyn EditSheet {
        match self {
            RulesetSheet::EclipsePhase(s) => s,
            RulesetSheet::Shadowrun4(s) => s,
            RulesetSheet::Storyteller(s) => s,
            RulesetSheet::HomebrewD6(s) => s,
        }
    }
}

impl Level {
    /// The level as a battle under `ruleset` with the players' own characters joining their sides, each on the
    /// next free cell of its side's spawn zone.
    pub fn scenario_with(&self, ruleset: RulesetId, guests: &[(String, Character)]) -> Result<Scenario, SetupError> {
        let mut scenario = self.scenario(ruleset)?;
        for (side, character) in guests {
            if !scenario.sides().contains(&side.as_str()) {
                return Err(SetupError::no_side(side, &scenario.sides()));
            }
            let full = || SetupError::NoSpawnCell { side: side.clone(), name: character.name.clone() };
            let cell = self.free_spawn_cell(side, &scenario.positions()).ok_or_else(full)?;
            scenario.add_character(character, side, cell)?;
        }
        check::check(&scenario).map_err(|(_, message)| SetupError::Unsound(message))?;
        Ok(scenario)
    }

    /// The first cell of `side`'s spawn zone no unit stands on.
    pub fn free_spawn_cell(&self, side: &str, taken: &[Cell]) -> Option<Cell> {
        let spec = self.file.sides.iter().find(|s| s.name == side)?;
        spec.spawn.iter().flat_map(|a| a.cells()).find(|c| !taken.contains(c))
    }
}

impl Scenario {
    /// Adds a character to `side` at `cell`; refused for a side the battle does not have or a sheet of another
    /// ruleset.
    pub fn add_character(&mut self, character: &Character, side: &str, cell: Cell) -> Result<(), SetupError> {
        if !self.sides().contains(&side) {
            return Err(SetupError::no_side(side, &self.sides()));
        }
        match (&mut self.ruleset, &character.sheet) {
            (RulesetSetup::EclipsePhase(s), RulesetSheet::EclipsePhase(c)) => {
                s.combatants.push(spec(character, side, cell, c.clone()));
            }
            (RulesetSetup::Shadowrun4(s), RulesetSheet::Shadowrun4(c)) => {
                s.combatants.push(spec(character, side, cell, c.clone()));
            }
            (RulesetSetup::Storyteller(s), RulesetSheet::Storyteller(c)) => {
                s.combatants.push(spec(character, side, cell, c.clone()));
            }
            (RulesetSetup::HomebrewD6(s), RulesetSheet::HomebrewD6(c)) => {
                s.combatants.push(spec(character, side, cell, c.clone()));
            }
            _ => {
                let (name, ruleset) = (character.name.clone(), character.sheet.ruleset());
                return Err(SetupError::OtherRuleset { name, ruleset });
            }
        }
        Ok(())
    }
}

/// A character's combatant on `side` at `cell`, fresh.
fn spec<S, C: Default>(character: &Character, side: &str, cell: Cell, sheet: S) -> CombatantSpec<S, C> {
    CombatantSpec {
        name: character.name.clone(),
        side: side.to_owned(),
        position: cell,
        sheet,
        role: character.role.clone(),
        condition: C::default(),
    }
}
