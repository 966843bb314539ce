//! Every loader a player feeds, as one function of raw bytes each: the fuzz targets (`fuzz/`, run by
//! `scripts/fuzz`) call them under AFL++, and `tests/files/fuzz_corpus.rs` feeds them inputs the fuzzer kept.
//! Each reads its input as the game would, and what it reads it also starts and plays a few decisions of (so a sheet
//! that parses but breaks the rules is found too). An error is an answer; only a panic, a hang or a blow-up is a
//! finding. They assume the working directory is the project's (a save names its level by path).

use std::path::Path;
use std::sync::OnceLock;

use crate::ai::{self, Difficulty};
use crate::battle::no_typing;
use crate::battle::run;
use crate::battle::save::Save;
use crate::rules::any_ruleset::any::{AnyBattle, BattleSetup, RulesetId};
use crate::rules::engine::battle::Next;
use crate::rules::engine::dice::{Dice, DieRequest, SeededDice};
use crate::rules::engine::outcome::Log;
use crate::rules::engine::table::read_faces;
use crate::scenario::character::{self, Character};
use crate::scenario::level::{self, Level};
use crate::scenario::{Scenario, files, gear, roster};

/// The fuzz targets, by the name `scripts/fuzz` takes.
pub const TARGETS: [&str; 13] = [
    "level",
    "scenario",
    "roster",
    "character",
    "gear",
    "save",
    "content",
    "dice",
    "options",
    "chummer",
    "epcc",
    "foundry",
    "uvtt",
];

/// How many decisions of a battle read from fuzzed input are played: enough to roll initiative, move, attack and
/// price an attack's odds; few enough that a target runs thousands of inputs a second.
const DECISIONS: usize = 6;

/// The name the input goes by in messages.
const FILE: &str = "fuzz.ron";

/// Feeds `data` to `target`; false for an unknown target.
pub fn run(target: &str, data: &[u8]) -> bool {
    let text = || std::str::from_utf8(data).ok();
    match target {
        "level" => text().map_or((), level_text),
        "scenario" => text().map_or((), scenario_text),
        "roster" => ruleset_and_text(data).map_or((), |(r, t)| roster_text(r, t)),
        "character" => text().map_or((), character_text),
        "gear" => text().map_or((), gear_text),
        "save" => text().map_or((), save_text),
        "content" => text().map_or((), content_text),
        "dice" => dice_line(data),
        "options" => ruleset_and_text(data).map_or((), |(r, t)| options_text(r, t)),
        "chummer" => imported_file(data, "fuzz.chum"),
        "epcc" | "foundry" => imported_file(data, "fuzz.json"),
        "uvtt" => _ = crate::scenario::uvtt::from_bytes(data, Path::new("fuzz.dd2vtt")),
        _ => return false,
    }
    true
}

/// A level file: read, checked under every ruleset, each battle started and played a little.
fn level_text(text: &str) {
    let Ok(level) = level::parse(text, Path::new(FILE)) else { return };
    let _ = files::check_level(&level, Path::new(FILE));
    for ruleset in level.rulesets() {
        if let Ok(s) = level.scenario(ruleset) {
            play_a_little(&s);
        }
    }
}

/// A scenario file: read, checked, started and played a little.
fn scenario_text(text: &str) {
    if let Ok(s) = crate::scenario::parse(text, Path::new(FILE)) {
        play_a_little(&s);
    }
}

/// A ruleset's roster (archetype → sheet, as `assets/<ruleset>/roster.ron`): read, and each sheet fighting on the
/// street as a character of the first side.
fn roster_text(ruleset: RulesetId, text: &str) {
    let Ok(sheets) = roster::read(ruleset, text, FILE) else { return };
    for (name, sheet) in sheets.into_iter().take(4) {
        let character = Character { name, role: None, gear: None, sheet };
        join_the_street(&character);
    }
}

/// A character file: read, checked, and fighting on the street.
fn character_text(text: &str) {
    if let Ok(c) = character::parse(text, Path::new(FILE)) {
        let _ = c.check();
        join_the_street(&c);
    }
}

/// Another tool's character file (`skirmish import`: Chummer's `.chum`; EPCC's and Foundry's `.json`, told apart by
/// what they hold), read, and the character made fighting on the street.
fn imported_file(data: &[u8], file: &str) {
    if let Ok(imported) = crate::scenario::import::from_bytes(data, Path::new(file), None) {
        join_the_street(&imported.character);
    }
}

/// A file's own gear (`gear: (Shadowrun4: (weapons: [...]))`), as a scenario and as a level carry it.
fn gear_text(text: &str) {
    let _ = gear::scenario_gear(text);
    let _ = gear::level_gear(text);
}

/// A save: read, taken up again (its record replayed onto its file's start) and played on a little.
fn save_text(text: &str) {
    let Ok(save) = Save::parse(text, Path::new(FILE)) else { return };
    if let Ok(loaded) = save.resume(no_typing) {
        let BattleSetup { mut battle, mut dice, mut log, .. } = loaded.setup;
        play_on(&mut battle, dice.as_mut(), &mut log);
    }
}

/// A content folder: files `=== levels/NAME.ron` or `=== characters/NAME.ron`, each header followed by the file's
/// text, written to a folder of its own; then read as the menu reads it, every level checked and every character
/// joining it.
fn content_text(text: &str) {
    let Ok(dir) = tempfile::tempdir() else { return };
    for part in text.split("=== ").skip(1) {
        let (name, body) = part.split_once('\n').unwrap_or((part, ""));
        let Some((folder, file)) = name.trim().split_once('/') else { continue };
        let plain = !file.is_empty() && file.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
        if matches!(folder, "levels" | "characters") && plain && !file.starts_with('.') {
            let _ = std::fs::create_dir_all(dir.path().join(folder));
            let _ = std::fs::write(dir.path().join(folder).join(file), body);
        }
    }
    let (levels, _) = level::levels_in(&dir.path().join("none"), Some(dir.path()));
    let characters = character::list(Some(dir.path()));
    for (path, level) in levels.iter().take(2) {
        let _ = files::check_level(level, path);
        let guests = characters.iter().filter_map(|(_, c)| c.as_ref().ok()).take(2);
        for c in guests {
            if let Some(side) = level.file.sides.first() {
                let _ = level.scenario_with(c.sheet.ruleset(), &[(side.name.clone(), c.clone())]);
            }
        }
    }
}

/// A line of typed-in faces: the first byte picks the die, the second how many are wanted. What is read is on the
/// die and as many as wanted.
fn dice_line(data: &[u8]) {
    let [die, count, line @ ..] = data else { return };
    let Ok(line) = std::str::from_utf8(line) else { return };
    let sides = [4, 6, 8, 10, 12, 20, 100][usize::from(*die) % 7];
    let count = u32::from(*count % 32);
    let request = DieRequest { sides, purpose: "fuzz".into() };
    if let Ok(faces) = read_faces(line, count, &request) {
        assert_eq!(faces.len(), count as usize, "`{line}`: as many faces as wanted");
        let on_die = |f: &u32| if sides == 100 { *f < 100 } else { (1..=sides).contains(f) };
        assert!(faces.iter().all(on_die), "`{line}`: {faces:?} are faces of a d{sides}");
    }
}

/// `--options` text for a ruleset (the first byte picks it) on the street, then the battle played a little.
fn options_text(ruleset: RulesetId, text: &str) {
    let Some(street) = street() else { return };
    let Ok(mut s) = street.scenario(ruleset) else { return };
    if s.set_options(text).is_ok() {
        play_a_little(&s);
    }
}

/// The first byte of `data` as a ruleset, the rest as text.
fn ruleset_and_text(data: &[u8]) -> Option<(RulesetId, &str)> {
    let (first, rest) = data.split_first()?;
    let ruleset = RulesetId::ALL[usize::from(*first) % RulesetId::ALL.len()];
    Some((ruleset, std::str::from_utf8(rest).ok()?))
}

/// The shipped street level, read once.
fn street() -> Option<&'static Level> {
    static STREET: OnceLock<Option<Level>> = OnceLock::new();
    STREET.get_or_init(|| level::load(Path::new("levels/street.ron")).ok()).as_ref()
}

/// `character` joining the street's first side under its sheet's ruleset, and the battle played a little.
fn join_the_street(character: &Character) {
    let Some(street) = street() else { return };
    let Some(side) = street.file.sides.first() else { return };
    if let Ok(s) = street.scenario_with(character.sheet.ruleset(), &[(side.name.clone(), character.clone())]) {
        play_a_little(&s);
    }
}

/// Starts `s` and plays its first decisions.
fn play_a_little(s: &Scenario) {
    let mut log = Log::default();
    let mut battle = run::start(s, "fuzz", &mut log);
    play_on(&mut battle, &mut SeededDice::new(1), &mut log);
}

/// Plays up to [`DECISIONS`] decisions: the script where the battle has one, else the built-in choice (the easy AI:
/// the normal one prices dozens of attacks a decision, a thousand times slower), each attack's exact odds priced
/// first. The AI never asks for an action the rules refuse.
fn play_on(battle: &mut AnyBattle, dice: &mut dyn Dice, log: &mut Log) {
    for _ in 0..DECISIONS {
        let Ok(Next::Slot(slot)) = battle.next(dice, log) else { return };
        if battle.is_scripted() {
            match battle.scripted_action() {
                Some(action) if battle.act(&action, dice, log).is_ok() => continue,
                _ => return,
            }
        }
        match ai::choose_any(battle, slot, Difficulty::Easy) {
            Some(action) => {
                let _ = battle.odds_of(slot.actor, &action);
                if let Err(crate::rules::RulesError::Illegal(refusal)) = battle.act(&action, dice, log) {
                    panic!("the rules refused the AI's {action:?}: {refusal}");
                }
            }
            None => battle.pass(log),
        }
    }
}
