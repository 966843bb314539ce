//! The one start of a battle: from a [`BattleRequest`], the scenario read from its file, its sides checked, its
//! dice chosen, and the engine set up at its start — or, for a request that takes a save up, the save's decisions
//! replayed onto that start with their faces, the battle standing exactly where it was saved.

use std::path::PathBuf;

use super::request::{BattleRequest, DiceChoice, Resume};
use super::run::{self, setup};
use crate::rules::RulesError;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle, BattleSetup};
use crate::rules::any_ruleset::replay::Replayed;
use crate::rules::engine::battle::Recorded;
use crate::rules::engine::dice::{Dice, Resumed, ScriptedDice};
use crate::rules::engine::outcome::Log;
use crate::scenario::{FileError, Scenario, content};

/// Why a battle asked for does not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The file does not make a battle (it names the file, and the line and column where it is wrong); `note` says
    /// which files changed since a save was taken.
    #[error("{why}{note}")]
    File { why: Box<FileError>, note: String },
    /// The request names a side the battle does not have.
    #[error("no side is called {side}; the sides are {sides}")]
    UnknownSide { side: String, sides: String },
    /// Dice by hand for a side the AI plays.
    #[error("--by-hand {0}: only a side you command (--human {0}) rolls its dice by hand")]
    NotAPlayersSide(String),
    /// The save's decisions do not replay on its file.
    #[error("the save does not replay on {file}: {why}")]
    Replay { file: String, why: String },
}

/// A battle begun: the request as it began (its dice chosen, its file's digest taken, nothing to take up), the
/// scenario it is fought on, the engine with its dice and log, and a warning when a save's files have changed.
pub struct Started {
    pub request: BattleRequest,
    pub scenario: Scenario,
    pub setup: BattleSetup,
    /// A save taken up: the battle and its log before its first decision, as they stood before the record was
    /// replayed onto them (the host tells each player the past from there).
    pub before: Option<(AnyBattle, Log)>,
    pub warning: Option<String>,
    /// A save taken up: its file, which the battle is saved on to.
    pub saved_to: Option<PathBuf>,
}

/// Dice for a battle none of whose dice are typed in: a face asked of them is an error, never a prompt.
pub fn no_typing() -> Box<dyn Dice + Send + Sync> {
    Box::new(ScriptedDice::new(Vec::new()))
}

/// Begins the battle `request` asks for; `typed` gives the dice a player types in, where the request's own are.
pub fn start(
    request: &BattleRequest,
    typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>,
) -> Result<Started, StartError> {
    start_watched(request, typed, &mut |_, _| {})
}

/// [`start`], `watch` told of each decision of a save taken up as it is replayed (before it is taken again and
/// after): the window's battle-over tally prices them on the way, so that the save is replayed once.
pub fn start_watched(
    request: &BattleRequest,
    typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>,
    watch: &mut dyn FnMut(&AnyBattle, Replayed<'_>),
) -> Result<Started, StartError> {
    match &request.resume {
        Some(resume) => taken_up(request, resume, typed, watch),
        None => fresh(request, typed),
    }
}

/// A battle from its start.
fn fresh(request: &BattleRequest, typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>) -> Result<Started, StartError> {
    let file = |why| StartError::File { why: Box::new(why), note: String::new() };
    let scenario = checked(request, request.scenario().map_err(file)?)?;
    let (dice, chosen_label) = request.dice.chosen(&scenario);
    // A request begun before keeps its dice's name (*Play again*: the same battle, line for line).
    let dice_label = match request.dice_label.is_empty() {
        true => chosen_label,
        false => request.dice_label.clone(),
    };
    let request = BattleRequest { dice, dice_label, digest: request.digest_now(), resume: None, ..request.clone() };
    let setup = setup(&scenario, request.dice(typed), &request.dice_label);
    Ok(Started { request, scenario, setup, before: None, warning: None, saved_to: None })
}

/// The scenario, if every side the request names is one of its sides and only players' sides roll by hand.
fn checked(request: &BattleRequest, scenario: Scenario) -> Result<Scenario, StartError> {
    let sides = scenario.sides();
    if let Some(side) = request.named_sides().find(|s| !sides.contains(&s.as_str())) {
        return Err(StartError::UnknownSide { side: side.clone(), sides: sides.join(", ") });
    }
    let typed_all = request.dice == DiceChoice::Typed;
    if let Some(side) = request.by_hand.iter().find(|s| !typed_all && !request.humans.contains(s)) {
        return Err(StartError::NotAPlayersSide(side.clone()));
    }
    Ok(scenario)
}

/// A saved battle taken up again: its start built from the request, its decisions replayed with the saved faces,
/// the battle's own dice rolling along (`typed` gives them where a player typed every die), then going on.
fn taken_up(
    request: &BattleRequest,
    resume: &Resume,
    typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>,
    watch: &mut dyn FnMut(&AnyBattle, Replayed<'_>),
) -> Result<Started, StartError> {
    let changed = changed_files(request);
    let changed_note = || changed.as_ref().map(|files| format!(" ({files} since the battle was saved)"));
    let scenario = request
        .scenario()
        .map_err(|why| StartError::File { why: Box::new(why), note: changed_note().unwrap_or_default() })?;
    let mut dice = Resumed::new(resume.faces.clone(), resume.typed.clone(), request.dice(typed));
    let ReplayedOnStart { start, battle, log, replayed } =
        replayed_on_start(&scenario, &request.dice_label, &resume.record, &mut dice, watch);
    replayed.map_err(|e| StartError::Replay {
        file: request.file.display().to_string(),
        why: format!("{e}{}", changed_note().unwrap_or_default()),
    })?;
    let before = Some(start);
    let warning = changed.map(|files| format!("{files} since the battle was saved; it replayed all the same"));
    let setup = BattleSetup { battle, dice: Box::new(dice), log, typed: resume.typed.clone() };
    let saved_to = Some(resume.path.clone()).filter(|p| !p.as_os_str().is_empty());
    let request = BattleRequest { resume: None, ..request.clone() };
    Ok(Started { request, scenario, setup, before, warning, saved_to })
}

/// A battle's start and a record replayed onto it: the battle as the record leaves it (as far as it replayed).
pub(crate) struct ReplayedOnStart {
    /// The battle and its log at the start, before the record.
    pub start: (AnyBattle, Log),
    pub battle: AnyBattle,
    pub log: Log,
    pub replayed: Result<(), RulesError>,
}

/// The one way a record is replayed from a battle's start, with the dice given: how a save is taken up, and how
/// its dice are checked ([`super::verify`], with dice that note every roll).
pub(crate) fn replayed_on_start(
    scenario: &Scenario,
    dice_label: &str,
    record: &[Recorded<AnyAction>],
    dice: &mut dyn Dice,
    watch: &mut dyn FnMut(&AnyBattle, Replayed<'_>),
) -> ReplayedOnStart {
    let mut log = Log::default();
    let mut battle = run::start(scenario, dice_label, &mut log);
    let start = (battle.clone(), log.clone());
    let replayed = battle.replay_watched(record, dice, &mut log, watch);
    ReplayedOnStart { start, battle, log, replayed }
}

/// The battle's file and its characters' files that have changed since the battle began ("a and b have changed").
fn changed_files(request: &BattleRequest) -> Option<String> {
    let guests = request.characters.iter().map(|g| (&g.file, &g.digest));
    let guests = guests.chain(request.reserve.iter().filter_map(crate::scenario::reserve::Reinforcement::file));
    let changed: Vec<String> = std::iter::once((&request.file, &request.digest))
        .chain(guests)
        .filter(|(f, d)| !d.is_empty() && content::digest_of(f).is_some_and(|now| now != **d))
        .map(|(f, _)| f.display().to_string())
        .collect();
    let verb = if changed.len() > 1 { "have" } else { "has" };
    (!changed.is_empty()).then(|| format!("{} {verb} changed", changed.join(" and ")))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::ai::Difficulty;
    use crate::rules::any_ruleset::any::RulesetId;

    fn street() -> BattleRequest {
        BattleRequest::new(Path::new("levels/street.ron"), Some(RulesetId::Shadowrun4), Difficulty::Easy)
    }

    #[test]
    fn a_battle_begun_keeps_the_dice_it_chose_so_that_its_request_plays_the_same_battle_again() {
        let first = start(&street(), no_typing).expect("the street");
        let DiceChoice::Seed(seed) = first.request.dice else { panic!("a random seed: {:?}", first.request.dice) };
        assert_eq!(first.request.dice_label, format!("random seed {seed}; replay with --seed {seed}"));
        let again = start(&first.request, no_typing).expect("again");
        assert_eq!((again.request.dice, again.setup.log), (DiceChoice::Seed(seed), first.setup.log));
    }

    #[test]
    fn a_files_own_faces_are_its_dice_unless_a_seed_is_asked_for() {
        let duel = BattleRequest::new(Path::new("tests/scenarios/shadowrun_duel.ron"), None, Difficulty::Easy);
        let own = start(&duel, no_typing).expect("the duel").request;
        assert!(matches!(own.dice, DiceChoice::Faces(_)), "{:?}", own.dice);
        assert!(own.dice_label.ends_with(" scripted faces"), "{}", own.dice_label);
        let seeded = start(&duel.with_dice(DiceChoice::Seed(9)), no_typing).expect("the duel").request;
        assert_eq!((seeded.dice, seeded.dice_label.as_str()), (DiceChoice::Seed(9), "seed 9"));
    }

    #[test]
    fn a_request_naming_a_side_the_battle_lacks_or_rolling_by_hand_for_the_ai_is_refused() {
        let pirates = BattleRequest { humans: vec!["Pirates".into()], ..street() };
        let Err(e) = start(&pirates, no_typing) else { panic!("started") };
        assert_eq!(e.to_string(), "no side is called Pirates; the sides are Crew, Gang");
        let by_hand = BattleRequest { humans: vec!["Crew".into()], by_hand: vec!["Gang".into()], ..street() };
        let Err(e) = start(&by_hand, no_typing) else { panic!("started") };
        assert!(matches!(&e, StartError::NotAPlayersSide(side) if side == "Gang"), "{e}");
    }
}
