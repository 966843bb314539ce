//! Helpers for rules tests: fighters from short RON sheets, a battle, one action performed with scripted dice.

#![allow(dead_code)]

use serde::de::DeserializeOwned;
use skirmish::rules::RulesError;
use skirmish::rules::eclipse_phase::EclipsePhase;
use skirmish::rules::eclipse_phase::{Fighter, Options};
use skirmish::rules::engine::dice::{ScriptedDice, SeededDice};
use skirmish::rules::engine::outcome::{Event, Log, Roll};
use skirmish::rules::engine::ruleset::{Combatant, CombatantId, FighterState, Ruleset, Slot};

pub fn ron_options() -> ron::Options {
    use ron::extensions::Extensions;
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// Anything from RON text (sheets from the inside of their parentheses are wrapped by [`sheet_of`]).
pub fn ron<T: DeserializeOwned>(text: &str) -> T {
    ron_options().from_str(text).unwrap_or_else(|e| panic!("test RON {text}: {e}"))
}

/// Anything from RON text that names `battle`'s combatants (an action, options): names are read as ids.
pub fn named<T: DeserializeOwned, F: FighterState>(battle: &[Combatant<F>], text: &str) -> T {
    skirmish::rules::engine::id::naming(skirmish::rules::engine::ruleset::names(battle), || ron(text))
}

/// A sheet from the inside of its RON parentheses, e.g. `init: 50, durability: 30`.
pub fn sheet_of<S: DeserializeOwned>(fields: &str) -> S {
    ron(&format!("({fields})"))
}

/// A log that names `battle`'s combatants, each given its id (its place in the roster) as a battle would.
pub fn named_log<F: FighterState>(battle: &mut [Combatant<F>]) -> Log {
    skirmish::rules::engine::ruleset::number(battle);
    Log { events: Vec::new(), names: skirmish::rules::engine::ruleset::names(battle) }
}

/// Plays combatant `actor`'s slot (its first action phase) with `rules` as the battle loop does: the slot starts, then
/// the action in `text` is performed unless the start cost the slot; checks every scripted face was used.
pub fn perform_rules<R: Ruleset>(
    rules: &mut R,
    battle: &mut [Combatant<R::Fighter>],
    actor: usize,
    text: &str,
    faces: &[u32],
) -> Result<Log, RulesError>
where
    R::Action: DeserializeOwned,
{
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let mut log = named_log(battle);
    let slot = Slot { actor: CombatantId::at(actor), phase: 1, simultaneous: false };
    if rules.start_slot(slot, battle, &mut log) {
        rules.perform(slot, &named::<R::Action, _>(battle, text), battle, &mut dice, &mut log)?;
    }
    assert_eq!(dice.remaining(), 0, "every scripted face should be used:\n{}", render(&log));
    Ok(log)
}

/// Plays a battle of scripted actions through the battle engine (turns and initiative included, five turns at
/// most, the last side standing wins) and leaves the combatants as it ended.
pub fn play_script<K: skirmish::rules::any_ruleset::any::Kind>(
    rules: K,
    battle: &mut [Combatant<K::Fighter>],
    script: Vec<K::Action>,
    dice: &mut dyn skirmish::rules::engine::dice::Dice,
    log: &mut Log,
) {
    use skirmish::rules::engine::battle::{ActionSource, Battle, Start};
    let objectives = skirmish::rules::engine::victory::Objectives::eliminate();
    if log.names.is_empty() {
        log.names = named_log(battle).names;
    }
    let orders = ActionSource::Script(script.into());
    let mut engine =
        K::hold(Battle::new(Start { rules, combatants: battle.to_vec(), orders, turn_limit: 5, objectives }));
    engine.play_out(dice, log, &mut skirmish::rules::any_ruleset::any::built_in).expect("a legal battle");
    battle.clone_from_slice(K::held(&engine).expect("the same ruleset").combatants());
}

/// Plays a shipped scenario with seeds 0–19: each battle ends with a winner and replays identically.
pub fn assert_battles_end_and_replay(path: &str) {
    let s = skirmish::scenario::load(std::path::Path::new(path)).expect("the scenario loads");
    let fight = |seed| {
        let mut log = Log::default();
        skirmish::battle::run::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
        log
    };
    for seed in 0..20 {
        let log = fight(seed);
        let ended = matches!(log.events.last(), Some(Event::BattleEnded { winner: Some(_), .. }));
        assert!(ended, "{path}, seed {seed}: no winner\n{}", render(&log));
        assert_eq!(log, fight(seed), "{path}, seed {seed} replays identically");
    }
}

/// An Eclipse Phase combatant on `side` at `x` meters along the x axis.
pub fn at(name: &str, side: &str, x: i32, fields: &str) -> Combatant<Fighter> {
    Combatant { side: side.into(), position: (x, 0), fighter: Fighter::new(name, sheet_of(fields)) }
}

/// Performs an Eclipse Phase action with default options.
pub fn perform(battle: &mut [Combatant<Fighter>], actor: usize, text: &str, faces: &[u32]) -> Log {
    perform_with(Options::default(), battle, actor, text, faces).expect("legal action")
}

/// Like [`perform`], with options, returning the rules' error.
pub fn perform_with(
    options: Options,
    battle: &mut [Combatant<Fighter>],
    actor: usize,
    text: &str,
    faces: &[u32],
) -> Result<Log, RulesError> {
    perform_rules(&mut EclipsePhase::new(options), battle, actor, text, faces)
}

/// The log as text, for failure messages.
pub fn render(log: &Log) -> String {
    log.lines().map(|line| line + "\n").collect()
}

/// (label, target, roll, success) of every d100 test in the log.
pub fn tests(log: &Log) -> Vec<(String, i32, u32, bool)> {
    log.tests()
        .filter_map(|t| match t.roll {
            Roll::Percentile { target, roll, success, .. } => Some((t.label.clone(), target, roll, success)),
            Roll::Pool { .. } | Roll::D10Pool { .. } => None,
        })
        .collect()
}

/// (who, label, dice, hits) of every dice pool in the log.
pub fn pools(log: &Log) -> Vec<(String, String, u32, u32)> {
    log.tests()
        .filter_map(|t| match &t.roll {
            Roll::Pool { dice, hits, .. } => Some((log.name(t.who), t.label.clone(), *dice, *hits)),
            Roll::Percentile { .. } | Roll::D10Pool { .. } => None,
        })
        .collect()
}

/// (who, label, dice, difficulty, successes, botch) of every d10 pool in the log.
pub fn d10_pools(log: &Log) -> Vec<(String, String, u32, u32, u32, bool)> {
    log.tests()
        .filter_map(|t| match &t.roll {
            Roll::D10Pool { dice, difficulty, successes, botch, .. } => {
                Some((log.name(t.who), t.label.clone(), *dice, *difficulty, *successes, *botch))
            }
            _ => None,
        })
        .collect()
}

/// Whether an attack in the log hit, in order.
pub fn hits(log: &Log) -> Vec<bool> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::AttackResolved { hit, .. } => Some(*hit),
            _ => None,
        })
        .collect()
}

pub mod enumerate;
pub mod hb;
pub mod host;
pub mod hostile;
pub mod online;
pub mod relay;
pub mod sr4;
pub mod st;

/// The field of a picture (rows of map characters; `A`/`a` and `T`/`t` mark an attacker and a target on open or
/// high ground), and the cells of the first `A` and `T`.
pub fn picture(rows: &[&str]) -> (skirmish::rules::engine::field::Field, (i32, i32), (i32, i32)) {
    let find = |marks: &str| -> (i32, i32) {
        let on_row = |(y, r): (usize, &&str)| r.find(|c| marks.contains(c)).map(|x| (x as i32, y as i32));
        rows.iter().enumerate().find_map(on_row).expect("the picture has the mark")
    };
    let clean: Vec<String> = rows.iter().map(|r| r.replace(['A', 'T'], ".").replace(['a', 't'], "^")).collect();
    let grid = skirmish::map::grid::Grid::parse(&clean).expect("a good picture");
    let field = skirmish::rules::engine::field::Field(std::sync::Arc::new(skirmish::map::Battlefield::new(grid)));
    (field, find("Aa"), find("Tt"))
}

/// Every level file shipped in `levels/`, sorted.
pub fn shipped_levels() -> Vec<std::path::PathBuf> {
    shipped("levels")
}

/// The shipped RON files of a folder (`levels`, `scenarios`), sorted.
pub fn shipped(folder: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{folder}/: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}
