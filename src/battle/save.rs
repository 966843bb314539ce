//! A battle's save: the [`BattleRequest`] that began it (the level or scenario file, the ruleset and its options, the
//! sides left out, who plays each side, the dice), and the record of every decision with every face rolled. Loading
//! builds the same start and replays the record onto it ([`crate::rules::any_ruleset::any::AnyBattle::replay`]): the
//! battle stands exactly where it was saved, and goes on with the same dice. RON, versioned, written atomically (a
//! temporary file beside it, then a rename), so that a crash mid-write leaves the last good save in place.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::request::{BattleRequest, DiceChoice, Resume};
use super::start::StartError;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle, BattleSetup, RulesetId};
use crate::rules::engine::battle::{Decision, Recorded};
use crate::rules::engine::dice::Dice;
use crate::scenario::character::Guest;
pub use crate::scenario::content::{digest_of, write_atomically};
use crate::scenario::content::{located, portable};
use crate::scenario::reserve::Reinforcement;
use crate::scenario::{ScenarioError, WriteError, gear, level, ron_options};

/// The version of the save format this build writes and reads.
pub const VERSION: u32 = 1;

/// A battle as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// The save format's version ([`VERSION`]).
    pub version: u32,
    /// What the battle was started from.
    pub battle: BattleRequest,
    /// The turn it was saved in, and when (seconds since 1970, UTC): what the list of saves shows.
    pub turn: u32,
    pub saved_at: u64,
    /// Every decision taken, in order.
    pub record: Vec<Recorded<AnyAction>>,
    /// Every face rolled, in order.
    pub faces: Vec<u32>,
    /// Where the faces typed in by a player stand among `faces` (counted from 0).
    #[serde(default)]
    pub typed: BTreeSet<usize>,
}

/// A saved battle taken up again: the battle where it was saved with the dice to go on with and the log replayed
/// so far, ready for the ECS to play on; and a warning when its file has changed since (it replayed all the same).
pub struct Loaded {
    pub setup: BattleSetup,
    pub warning: Option<String>,
}

impl Save {
    /// The save of `battle`, started from `recipe`, now.
    pub fn of(recipe: &BattleRequest, battle: &AnyBattle) -> Self {
        Save::with_typed(recipe, battle, &BTreeSet::new())
    }

    /// The save of `battle`, started from `recipe`, now, the faces at `typed` typed in by hand (a player who rolls
    /// their own dice: [`crate::rules::engine::table::TableDice::typed`]).
    pub fn with_typed(recipe: &BattleRequest, battle: &AnyBattle, typed: &BTreeSet<usize>) -> Self {
        let saved_at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        // The faces of its decisions: a turn's start rolled after the last one is rolled again when it is taken up
        // (so that a save is the same whenever it is written between two decisions).
        let record = battle.record();
        let faces = battle.faces()[..record.last().map_or(0, |r| r.dice)].to_vec();
        let typed = match recipe.dice {
            DiceChoice::Typed => (0..faces.len()).collect(),
            // Faces typed in for a step not yet taken are not the battle's yet.
            _ => typed.range(..faces.len()).copied().collect(),
        };
        // The file wherever the save is taken up from (a path as given is relative to where the battle began).
        let file = std::fs::canonicalize(&recipe.file).unwrap_or_else(|_| recipe.file.clone());
        let mut battle_recipe = BattleRequest { file, resume: None, ..recipe.clone() };
        let guests = battle_recipe.characters.iter_mut().map(|g| &mut g.file);
        for file in guests.chain(battle_recipe.reserve.iter_mut().filter_map(|r| r.file_mut().map(|f| f.0))) {
            *file = std::fs::canonicalize(&*file).unwrap_or_else(|_| file.clone());
        }
        let turn = battle.turn();
        Save { version: VERSION, battle: battle_recipe, turn, saved_at, record, faces, typed }
    }

    /// The save as RON text, its files named so that it travels ([`portable`]: found again by [`located`] when
    /// it is read, wherever that is).
    pub fn to_ron(&self) -> Result<String, WriteError> {
        let mut travelling = self.clone();
        let b = &mut travelling.battle;
        b.file = portable(&b.file);
        for guest in &mut b.characters {
            guest.file = portable(&guest.file);
        }
        for file in b.reserve.iter_mut().filter_map(Reinforcement::file_mut) {
            *file.0 = portable(file.0);
        }
        // A decision to a line: a long battle's save stays readable.
        let config = ron::ser::PrettyConfig::new().depth_limit(2).indentor("  ".to_owned());
        ron_options().to_string_pretty(&travelling, config).map_err(|e| WriteError::Save(Box::new(e)))
    }

    /// Reads a save's text; `path` is only used in messages. A save of another version is refused by name.
    pub fn parse(text: &str, path: &Path) -> Result<Save, ScenarioError> {
        /// The version alone, read before the rest (whose shape may be another version's).
        #[derive(Deserialize)]
        struct Probe {
            version: Option<u32>,
            battle: Option<ProbeBattle>,
        }
        /// The battle's file: its own gear is in force while the record is read (the weapons its actions name).
        #[derive(Deserialize)]
        struct ProbeBattle {
            file: std::path::PathBuf,
            #[serde(default)]
            digest: String,
            #[serde(default)]
            characters: Vec<Guest>,
            #[serde(default)]
            reserve: Vec<Reinforcement>,
        }
        // Not even the shape of a save: said so, not in terms of the probe.
        let not_a_save = |e: ron::error::SpannedError| match ScenarioError::syntax(path, e) {
            ScenarioError::Syntax { path, line, column, message } => {
                let message = message.replace("struct `Probe`", "a save, `(version: 1, …)`,");
                ScenarioError::Syntax { path, line, column, message }
            }
            other => other,
        };
        let probe: Probe = ron_options().from_str(text).map_err(not_a_save)?;
        match probe.version {
            Some(VERSION) => {
                let beside = path.parent();
                let gear = probe.battle.map(|b| {
                    let own = gear_of(&located(&b.file, &b.digest, beside));
                    let files = b.characters.iter().map(|c| (&c.file, &c.digest));
                    let files = files.chain(b.reserve.iter().filter_map(Reinforcement::file));
                    files.fold(own, |g, (file, digest)| g.and(gear_of(&located(file, digest, beside))))
                });
                let gear = gear.unwrap_or_default();
                let read = || ron_options().from_str(text).map_err(|e| ScenarioError::syntax(path, e));
                // Gear the file refuses is its own error, said when the battle is set up from it.
                let save: Save = gear
                    .with(read)
                    .unwrap_or_else(|_| ron_options().from_str(text).map_err(|e| ScenarioError::syntax(path, e)))?;
                Ok(save.found_from(beside))
            }
            Some(v) => Err(ScenarioError::invalid(
                path,
                text,
                Some("version"),
                format!("a save of version {v}; this build reads saves of version {VERSION}"),
            )),
            None => Err(ScenarioError::at(path, 1, 1, "not a save: it has no `version`".to_owned())),
        }
    }

    /// The save with its files where they are now ([`located`]).
    fn found_from(mut self, beside: Option<&Path>) -> Save {
        let b = &mut self.battle;
        b.file = located(&b.file, &b.digest, beside);
        for guest in &mut b.characters {
            guest.file = located(&guest.file, &guest.digest, beside);
        }
        for (file, digest) in b.reserve.iter_mut().filter_map(Reinforcement::file_mut) {
            *file = located(file, digest, beside);
        }
        self
    }

    /// Reads a save file.
    pub fn read(path: &Path) -> Result<Save, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
        Save::parse(&text, path)
    }

    /// Writes the save to `path` atomically: a temporary file in the same folder, renamed over the old one.
    pub fn write(&self, path: &Path) -> Result<(), WriteError> {
        let text = self.to_ron()?;
        write_atomically(path, &text)
    }

    /// The request that takes this battle up where it stopped, saved on to `path`.
    pub fn taken_up(&self, path: &Path) -> BattleRequest {
        let (record, faces, typed) = (self.record.clone(), self.faces.clone(), self.typed.clone());
        let resume = Resume { record, faces, typed, path: path.to_owned() };
        BattleRequest { resume: Some(Box::new(resume)), ..self.battle.clone() }
    }

    /// Takes the battle up again ([`crate::battle::start`] of [`Save::taken_up`]): its start built from the request
    /// and its record replayed with the saved faces, the battle's own dice rolling along (`typed` gives them where a
    /// player typed every die), then going on.
    pub fn resume(&self, typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>) -> Result<Loaded, StartError> {
        let started = super::start::start(&self.taken_up(Path::new("")), typed)?;
        Ok(Loaded { setup: started.setup, warning: started.warning })
    }
}

impl Save {
    /// The battle as it stood before decision `at`: the record and the faces rolled by then (undo).
    pub fn before(mut self, at: usize) -> Save {
        let dice = at.checked_sub(1).and_then(|i| self.record.get(i)).map_or(0, |r| r.dice);
        self.record.truncate(at);
        self.faces.truncate(dice);
        self.typed.retain(|&i| i < dice);
        self
    }
}

/// Where an undo goes back to: the last decision of a player's side (`side` tells a decision's side), or the game
/// master's last change (made at this screen, whoever's slot it came in: an AI's included), with what the AI did
/// after it. None when no one at the screen has decided yet, or when, in a hot-seat battle, another player's slot
/// (`waiting`) is up since a player's decision: that player has seen the result.
pub fn undo_point<A>(
    record: &[Recorded<A>],
    side: impl Fn(&Recorded<A>) -> String,
    humans: &[String],
    waiting: Option<&str>,
) -> Option<usize> {
    let by_gm = |r: &Recorded<A>| matches!(r.decision, Decision::Gm { .. });
    let at = record.iter().rposition(|r| by_gm(r) || humans.contains(&side(r)))?;
    if by_gm(&record[at]) {
        return Some(at);
    }
    let handed_over = humans.len() > 1 && waiting != Some(side(&record[at]).as_str());
    (!handed_over).then_some(at)
}

/// The folder saves go to: `$SKIRMISH_SAVES` when set (tests, screenshots), else `saves` in the user's data folder
/// (the platform's convention: `~/.local/share/skirmish` on Linux), else `saves` here.
pub fn folder() -> PathBuf {
    if let Some(dir) = std::env::var_os("SKIRMISH_SAVES") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "skirmish")
        .map_or_else(|| PathBuf::from("saves"), |dirs| dirs.data_dir().join("saves"))
}

/// A new battle's save file in [`folder`]: its file's name, its ruleset and the time it began, to the millisecond
/// (two battles begun in the same second, or the same millisecond of one run, get files of their own).
pub fn new_path(recipe: &BattleRequest) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    /// The last time handed out by this run, in milliseconds since 1970: the next is later.
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
    let later = |last: u64| now.max(last + 1);
    let ms = LAST.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| Some(later(last))).map_or(now, later);
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms);
    let time = humantime::format_rfc3339_millis(at).to_string().replace(':', "-");
    let mut path = folder().join(format!("{}{time}.ron", autosave_prefix(recipe)));
    for n in 2.. {
        if !path.exists() {
            break;
        }
        path = folder().join(format!("{}{time}-{n}.ron", autosave_prefix(recipe)));
    }
    path
}

/// How the autosaves of a battle's level and ruleset begin: `street-Shadowrun4-`.
fn autosave_prefix(recipe: &BattleRequest) -> String {
    let stem = recipe.file.file_stem().map_or("battle".into(), |s| s.to_string_lossy());
    let ruleset = recipe.ruleset.map(|r| format!("-{r:?}")).unwrap_or_default();
    format!("{stem}{ruleset}-")
}

/// Removes the oldest autosaves of `recipe`'s level and ruleset in `dir` beyond the newest `keep` (named by
/// [`new_path`]: other saves, online ones or those a player named, are never touched); the files removed.
pub fn prune(dir: &Path, recipe: &BattleRequest, keep: usize) -> Vec<PathBuf> {
    let prefix = autosave_prefix(recipe);
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut ours: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            // After the prefix comes the time: a year's digit (another level's name or ruleset goes on otherwise).
            name.ends_with(".ron")
                && name.strip_prefix(&prefix).is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    ours.sort();
    let old = ours.len().saturating_sub(keep);
    ours.into_iter().take(old).filter(|p| std::fs::remove_file(p).is_ok()).collect()
}

/// For a list of saves: the file's name, the ruleset (as `ruleset` names it) and the turn; and when it was saved
/// (UTC).
pub fn summary(save: &Save, ruleset: impl Fn(RulesetId) -> String) -> (String, String) {
    let name = save.battle.file.file_stem().map_or("battle".into(), |s| s.to_string_lossy());
    let ruleset = save.battle.ruleset.map(|r| format!(" · {}", ruleset(r))).unwrap_or_default();
    // A hand-edited time past the year 9999 is not a date humantime writes: it reads as the last second of 9999.
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(save.saved_at.min(253_402_300_799));
    let when = humantime::format_rfc3339_seconds(when).to_string();
    (format!("{name}{ruleset} · turn {}", save.turn), format!("saved {} {} UTC", &when[..10], &when[11..16]))
}

/// Every save in `dir`, newest first, each with its path; a file that does not read as a save is listed with its
/// one-line error instead.
pub fn list(dir: &Path) -> Vec<(PathBuf, Result<Save, ScenarioError>)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut saves: Vec<(PathBuf, Result<Save, ScenarioError>)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let save = Save::read(&p);
            (p, save)
        })
        .collect();
    let when = |s: &Result<Save, ScenarioError>| s.as_ref().map_or(0, |s| s.saved_at);
    saves.sort_by(|a, b| when(&b.1).cmp(&when(&a.1)).then_with(|| a.0.cmp(&b.0)));
    saves
}

/// The gear of the battle file at `path` (a level, a scenario or a character joining a level); none when it cannot be read (what reads it next
/// says why).
fn gear_of(path: &Path) -> gear::FileGear {
    let Ok(text) = std::fs::read_to_string(path) else { return Default::default() };
    // A scenario gives its gear in its ruleset's setup; a level and a character (which have no `ruleset`) by ruleset.
    let gear = match level::is_level(&text) {
        true => gear::level_gear(&text),
        false => gear::scenario_gear(&text).or_else(|_| gear::level_gear(&text)),
    };
    gear.unwrap_or_default()
}
