//! Reinforcements: combatants a game master may bring into a level's battle (an archetype of the rosters or of
//! the level, a character of the content folder, a character file another tool wrote). Each joins the roster at the
//! battle's start off the map, waiting in reserve (`Status::Reserve`: no initiative, no slot, known to no other
//! side), and comes onto a cell only by the GM's change `BringIn`, a decision in the record. So a reinforcement the
//! GM adds in the middle of a battle is one more entry in the request's reserve: the battle rebuilt from its save
//! with it plays every decision so far exactly as before (nothing of the battle's roll or choice counts a unit in
//! reserve), and a save taken up again has it too.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::character::{self, Character};
use super::{FileError, Scenario, SetupError, content, import, level};
use crate::rules::any_ruleset::any::RulesetId;

/// A combatant waiting in reserve on `side` until the GM brings it in.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    pub side: String,
    pub from: Recruit,
}

/// Where a reinforcement's sheet comes from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Recruit {
    /// An archetype ("heavy"): the level's own if it has one of that name, else the ruleset's roster's; named after
    /// its side as a level's units are ("Gang heavy 5").
    Archetype(String),
    /// A character file: one of ours (the character editor's) or one we import (another tool's); `digest` of its
    /// text when it joined, so that a changed file is said when the save is loaded.
    File { file: PathBuf, digest: String },
}

impl Reinforcement {
    /// An archetype joining `side`'s reserve.
    pub fn archetype(side: &str, archetype: &str) -> Self {
        Reinforcement { side: side.to_owned(), from: Recruit::Archetype(archetype.to_owned()) }
    }

    /// The character in `file` joining `side`'s reserve, its digest taken now.
    pub fn character(side: &str, file: &Path) -> Self {
        let digest = content::digest_of(file).unwrap_or_default();
        Reinforcement { side: side.to_owned(), from: Recruit::File { file: file.to_owned(), digest } }
    }

    /// Its file and the file's digest, if it comes from one.
    pub fn file(&self) -> Option<(&PathBuf, &String)> {
        match &self.from {
            Recruit::File { file, digest } => Some((file, digest)),
            Recruit::Archetype(_) => None,
        }
    }

    /// The same, the file's path to change (where a save found it).
    pub fn file_mut(&mut self) -> Option<(&mut PathBuf, &String)> {
        match &mut self.from {
            Recruit::File { file, digest } => Some((file, &*digest)),
            Recruit::Archetype(_) => None,
        }
    }

    /// What the GM's panel and the log call it before it joins: "heavy (archetype)", "Mara (mara.ron)".
    pub fn label(&self) -> String {
        match &self.from {
            Recruit::Archetype(a) => format!("{a} (archetype)"),
            Recruit::File { file, .. } => file.file_name().map_or_else(String::new, |n| n.to_string_lossy().into()),
        }
    }
}

/// Adds `reserve` to `scenario`, the battle on the level in `path`, each at the end of the roster (the ids of the
/// units before it stay), held in reserve: refused for a side the battle does not have, an archetype neither the
/// level nor the roster has, a file that does not read or holds another ruleset's sheet.
pub fn join(scenario: &mut Scenario, path: &Path, reserve: &[Reinforcement]) -> Result<(), FileError> {
    if reserve.is_empty() {
        return Ok(());
    }
    let text = std::fs::read_to_string(path).map_err(|e| super::ScenarioError::io(path, e))?;
    let own = level::is_level(&text).then(|| level::parse(&text, path)).transpose()?;
    let ruleset = scenario.ruleset_id();
    for r in reserve {
        if !scenario.sides().contains(&r.side.as_str()) {
            return Err(SetupError::no_side(&r.side, &scenario.sides()).into());
        }
        let mut joining = match &r.from {
            Recruit::Archetype(a) => archetype(own.as_ref(), ruleset, a, &r.side)?,
            Recruit::File { file, .. } if import::imports(file) => import::read(file, None)?.character,
            Recruit::File { file, .. } => character::load(file)?,
        };
        joining.name = unique(&scenario.names(), &joining.name, &r.side, &r.from);
        // Its cell is the first of the battle's: it stands nowhere until brought in.
        let cell = scenario.positions().first().copied().unwrap_or_default();
        scenario.add_character(&joining, &r.side, cell)?;
        scenario.hold_in_reserve(scenario.names().len() - 1);
    }
    Ok(())
}

/// Archetype `name` under `ruleset` as a character of `side`: the level's own archetype first, else the roster's.
fn archetype(
    level: Option<&level::Level>,
    ruleset: RulesetId,
    name: &str,
    side: &str,
) -> Result<Character, SetupError> {
    let own = level
        .and_then(|l| l.file.archetypes.get(name))
        .and_then(|sheets| sheets.iter().find(|s| s.ruleset() == ruleset).cloned());
    let called = format!("{side} {name}");
    match own {
        Some(sheet) => Ok(Character { name: called, role: Some(name.to_owned()), gear: None, sheet }),
        None => Character::from_archetype(&called, ruleset, name),
    }
}

/// A name no one in `taken` has: an archetype numbered after its side's units ("Gang heavy 5"), a character's own
/// name, else with a number ("Mara 2").
pub fn unique(taken: &[String], name: &str, side: &str, from: &Recruit) -> String {
    let free = |n: &String| !taken.contains(n);
    if matches!(from, Recruit::File { .. }) && free(&name.to_owned()) {
        return name.to_owned();
    }
    let first = match from {
        Recruit::Archetype(_) => taken.iter().filter(|t| t.starts_with(&format!("{side} "))).count() + 1,
        Recruit::File { .. } => 2,
    };
    (first..).map(|n| format!("{name} {n}")).find(free).unwrap_or_else(|| name.to_owned())
}
