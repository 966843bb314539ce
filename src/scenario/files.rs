//! Battle files as the commands and the window open them: a scenario, or a level under a ruleset; with ruleset
//! options and sides left out; checked whole (a level under every ruleset). Errors are one line each, naming the
//! file (and the line and column where the file is wrong).

use std::path::Path;

use super::character::{self, Guest};
use super::level::{self, RulesetId};
use super::{FileError, Scenario, ScenarioError, SetupError, parse};

/// Reads a scenario, or a level under a ruleset (Eclipse Phase unless told).
pub fn load(path: &Path, ruleset: Option<RulesetId>) -> Result<Scenario, FileError> {
    let text = read(path)?;
    if !level::is_level(&text) {
        if ruleset.is_some() {
            return Err(FileError::RulesetOfScenario(path.to_owned()));
        }
        return Ok(parse(&text, path)?);
    }
    let level = level::parse(&text, path)?;
    // Without --ruleset: Eclipse Phase, or the first ruleset a level of its own archetypes plays under.
    let ruleset = ruleset.or_else(|| level.rulesets().first().copied()).unwrap_or(RulesetId::EclipsePhase);
    level.scenario(ruleset).map_err(|why| {
        let plays = level.rulesets().iter().map(|r| format!("{r:?}")).collect::<Vec<_>>().join(", ");
        FileError::UnderOnly { path: path.to_owned(), ruleset, why, plays }
    })
}

/// A battle file's text.
fn read(path: &Path) -> Result<String, ScenarioError> {
    std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))
}

/// The battle, if every side the command line names is one of its sides.
pub fn known_sides<'a>(s: Scenario, named: impl IntoIterator<Item = &'a String>) -> Result<Scenario, SetupError> {
    let sides: Vec<&str> = s.sides();
    match named.into_iter().find(|k| !sides.contains(&k.as_str())) {
        Some(bad) => Err(SetupError::no_side(bad, &sides)),
        None => Ok(s),
    }
}

/// A level or scenario with the sides it leaves out and the command line's ruleset options (read after, so the
/// names they give are those of who is left).
pub fn load_battle(
    path: &Path,
    ruleset: Option<RulesetId>,
    options: Option<&str>,
    absent: &[String],
) -> Result<Scenario, FileError> {
    load_battle_with(path, ruleset, (options, absent), &[])
}

/// [`load_battle`], with the players' own characters joining the sides of a level.
pub fn load_battle_with(
    path: &Path,
    ruleset: Option<RulesetId>,
    (options, absent): (Option<&str>, &[String]),
    guests: &[Guest],
) -> Result<Scenario, FileError> {
    let mut s = match guests.is_empty() {
        true => load(path, ruleset)?,
        false => with_guests(path, ruleset, guests)?,
    };
    absent.iter().try_for_each(|side| s.remove_side(side))?;
    if let Some(text) = options {
        s.set_options(text)?;
    }
    Ok(s)
}

/// A level under `ruleset` (or the first it plays under) with characters joining its sides.
fn with_guests(path: &Path, ruleset: Option<RulesetId>, guests: &[Guest]) -> Result<Scenario, FileError> {
    let text = read(path)?;
    if !level::is_level(&text) {
        return Err(FileError::NotALevel(path.to_owned()));
    }
    let level = level::parse(&text, path)?;
    let ruleset = ruleset.or_else(|| level.rulesets().first().copied()).unwrap_or(RulesetId::EclipsePhase);
    let mut joining = Vec::new();
    for guest in guests {
        let c = character::load(&guest.file)?;
        joining.push((guest.side.clone(), c));
    }
    level.scenario_with(ruleset, &joining).map_err(|why| FileError::Under { path: path.to_owned(), ruleset, why })
}

/// Checks one file: a scenario, or a level under every ruleset; a one-line summary of what it is.
pub fn check_one(path: &Path) -> Result<String, FileError> {
    if super::import::imports(path) {
        let imported = super::import::read(path, None)?;
        let c = &imported.character;
        return Ok(format!("{}: imports as \"{}\", {:?}", imported.report.format, c.name, c.sheet.ruleset()));
    }
    let text = read(path)?;
    if character::is_character(&text) {
        let c = character::parse(&text, path)?;
        return Ok(format!("character \"{}\", {:?}", c.name, c.sheet.ruleset()));
    }
    if !level::is_level(&text) {
        let s = parse(&text, path)?;
        return Ok(format!("scenario \"{}\"", s.name));
    }
    let level = level::parse(&text, path)?;
    check_level(&level, path)
}

/// Checks a level read from `path` under every ruleset it plays under (at least one); a one-line summary.
pub fn check_level(level: &level::Level, path: &Path) -> Result<String, FileError> {
    // A level of its own archetypes plays under the rulesets they have sheets for; at least one.
    let rulesets = level.rulesets();
    if rulesets.is_empty() {
        let why = level.unplayable_under(RulesetId::EclipsePhase);
        return Err(FileError::NoRuleset { path: path.to_owned(), why });
    }
    for &ruleset in &rulesets {
        level.scenario(ruleset).map_err(|why| FileError::Under { path: path.to_owned(), ruleset, why })?;
    }
    let grid = level.grid();
    let sides = level.file.sides.len();
    let only = match rulesets.len() {
        4 => String::new(),
        _ => format!(", under {} only", rulesets.iter().map(|r| format!("{r:?}")).collect::<Vec<_>>().join(", ")),
    };
    Ok(format!(
        "level \"{}\", {}×{} cells, {} units in {sides} sides{only}",
        level.file.name,
        grid.width,
        grid.height,
        level.units.len()
    ))
}
