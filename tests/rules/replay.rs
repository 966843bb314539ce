//! A battle's record replays: the decisions it took (act, pass, delay) and the faces its dice showed, played onto
//! the same start, give the identical battle at every decision — state, record, dice and log alike. This is what
//! saves, undo and replays stand on.

use crate::common;

use skirmish::battle::run;
use skirmish::rules::RulesError;
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::battle::{Decision, Next};
use skirmish::rules::engine::dice::{Dice, ScriptedDice, SeededDice};
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::refusal::Refusal;
use skirmish::rules::engine::ruleset::CombatantId;
use skirmish::scenario::{self, Scenario, level};

/// The battle after each decision, as text (its whole state), with the log's length then.
struct Played {
    battle: AnyBattle,
    log: Log,
    after: Vec<(String, usize)>,
}

/// Plays `scenario` with `seed` by the built-in choice (the script where it has one), delaying the first slot that
/// may be delayed and trying, once, actions the rules refuse (an attack on nobody, another combatant's action), which
/// must change nothing.
fn play(scenario: &Scenario, seed: u64) -> Played {
    let mut log = Log::default();
    let mut battle = run::start(scenario, "seed", &mut log);
    let mut dice = SeededDice::new(seed);
    let (mut after, mut delayed, mut refused) = (Vec::new(), false, false);
    while let Next::Slot(slot) = battle.next(&mut dice, &mut log).expect("a legal battle") {
        if !refused {
            let before = (format!("{battle:?}"), log.events.len());
            let at_nobody = battle.plain_attack_of(slot.actor, CombatantId(999));
            assert!(battle.act(&at_nobody, &mut dice, &mut log).is_err(), "an attack on nobody is refused");
            let other = CombatantId::at((slot.actor.index() + 1) % battle.len());
            let not_theirs = battle.plain_attack_of(other, slot.actor);
            let e = battle.act(&not_theirs, &mut dice, &mut log);
            assert!(matches!(e, Err(RulesError::Illegal(Refusal::NotTheirSlot { .. }))), "another's action: {e:?}");
            assert_eq!((format!("{battle:?}"), log.events.len()), before, "a refused action changes nothing");
            refused = true;
        }
        if !delayed && !battle.is_scripted() && battle.delay(&mut log) {
            delayed = true;
        } else {
            let action = if battle.is_scripted() { battle.scripted_action() } else { battle.default_action(slot) };
            match action {
                Some(action) => battle.act(&action, &mut dice, &mut log).expect("a legal action"),
                None => battle.pass(&mut log),
            }
        }
        after.push((format!("{battle:?}"), log.events.len()));
    }
    assert!(battle.ending().is_some(), "the battle ended");
    Played { battle, log, after }
}

/// Replays the first `n` decisions of `played` onto a fresh start of `scenario`.
fn replay(scenario: &Scenario, played: &Played, n: usize) -> (AnyBattle, Log) {
    let mut log = Log::default();
    let mut battle = run::start(scenario, "seed", &mut log);
    let mut dice = ScriptedDice::new(played.battle.faces().iter().copied());
    battle.replay(&played.battle.record()[..n], &mut dice, &mut log).expect("the record fits");
    (battle, log)
}

/// Every decision boundary of `scenario` under `seed` replays to the state the battle had there.
fn assert_replays(scenario: &Scenario, seed: u64, what: &str) {
    let played = play(scenario, seed);
    let record = played.battle.record();
    assert_eq!(record.len(), played.after.len(), "{what}: one record entry per decision");
    assert!(record.iter().any(|r| r.decision == Decision::Delay) || played.battle.is_scripted(), "{what}: a delay");
    for n in 1..=record.len() {
        let (battle, log) = replay(scenario, &played, n);
        let (state, events) = &played.after[n - 1];
        assert_eq!(&format!("{battle:?}"), state, "{what}: the state after decision {n}");
        assert_eq!(log.events[..], played.log.events[..*events], "{what}: the log after decision {n}");
    }
    // Played on to the end, the replay is the battle, its ending included.
    let (mut battle, mut log) = replay(scenario, &played, record.len());
    assert_eq!(battle.next(&mut ScriptedDice::new([]), &mut log).expect("no die is left to roll"), Next::Over);
    assert_eq!(format!("{battle:?}"), format!("{:?}", played.battle), "{what}: the ended battle");
    assert_eq!(log, played.log, "{what}: the whole log");
}

#[test]
fn every_shipped_scenario_replays_at_every_decision() {
    for file in common::shipped("scenarios").into_iter().chain(common::shipped("tests/scenarios")) {
        let s = scenario::load(&file).expect("loads");
        for seed in [1, 2] {
            assert_replays(&s, seed, &format!("{} seed {seed}", file.display()));
        }
    }
}

#[test]
fn every_level_under_every_ruleset_replays_at_every_decision() {
    for file in common::shipped_levels() {
        let level = level::load(&file).expect("loads");
        for ruleset in RulesetId::ALL {
            let s = level.scenario(ruleset).expect("a battle");
            assert_replays(&s, 7, &format!("{} under {ruleset:?}", file.display()));
        }
    }
}

#[test]
fn a_record_that_does_not_fit_is_refused() {
    let s = scenario::load("scenarios/firefight.ron".as_ref()).expect("loads");
    let played = play(&s, 3);
    let record = played.battle.record();
    let mut log = Log::default();
    // Without its first decision, the record's slots come in another order.
    let mut battle = run::start(&s, "seed", &mut log);
    let mut dice = ScriptedDice::new(played.battle.faces().iter().copied());
    let e = battle.replay(&record[1..], &mut dice, &mut log).unwrap_err();
    assert!(e.to_string().starts_with("the record does not fit this battle: turn 1, slot of #"), "{e}");
    // Played onto a battle already begun, or saying another number of dice than were rolled, it is refused.
    let e = played.battle.clone().replay(&record, &mut ScriptedDice::new([]), &mut log).unwrap_err();
    assert!(e.to_string().ends_with("a record replays onto a battle not yet begun"), "{e}");
    let mut miscounted = record.clone();
    miscounted[0].dice += 1;
    let mut battle = run::start(&s, "seed", &mut log);
    let mut dice = ScriptedDice::new(played.battle.faces().iter().copied());
    let e = battle.replay(&miscounted, &mut dice, &mut log).unwrap_err();
    assert!(e.to_string().contains("dice rolled, not"), "{e}");
    // Its dice cut short: the replay says which die was missing.
    let mut battle = run::start(&s, "seed", &mut log);
    let e = battle.replay(&record, &mut ScriptedDice::new(played.battle.faces()[..3].iter().copied()), &mut log);
    assert!(e.unwrap_err().to_string().contains("the scripted dice ran out after 3 faces"));
}

/// Plays `battle` on by the built-in choice with `dice` until it is over, or until a roll cannot be made.
fn drive(battle: &mut AnyBattle, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
    while let Next::Slot(slot) = battle.next(dice, log)? {
        match battle.default_action(slot) {
            Some(action) => battle.act(&action, dice, log)?,
            None => battle.pass(log),
        }
    }
    Ok(())
}

#[test]
fn a_turn_start_whose_dice_run_out_leaves_nothing_of_its_try_and_goes_on_the_same() {
    let level = level::load("levels/street.ron".as_ref()).expect("loads");
    let s = level.scenario(RulesetId::Shadowrun4).expect("a battle");
    let mut whole_log = Log::default();
    let mut whole = run::start(&s, "seed", &mut whole_log);
    drive(&mut whole, &mut SeededDice::new(7), &mut whole_log).expect("plays to the end");
    let (faces, record) = (whole.faces().to_vec(), whole.record());
    let by_turn_1 = record.iter().rfind(|r| r.turn == 1).expect("turn 1 had decisions").dice;
    assert!(record.iter().any(|r| r.turn == 2), "a battle of more than one turn");
    // The dice stop two faces into turn 2's initiative: the battle stands at the end of turn 1, nothing of turn 2.
    let mut log = Log::default();
    let mut battle = run::start(&s, "seed", &mut log);
    let e = drive(&mut battle, &mut ScriptedDice::new(faces[..by_turn_1 + 2].iter().copied()), &mut log);
    assert!(matches!(e, Err(RulesError::Dice(_))), "{e:?}");
    assert_eq!((battle.turn(), battle.faces().len()), (1, by_turn_1));
    assert!(!common::render(&log).contains("Turn 2"), "no line of turn 2 is kept");
    // Tried again and failing again, it is the very same; given the rest, it plays on to the same battle.
    let before = (format!("{battle:?}"), common::render(&log));
    assert!(battle.next(&mut ScriptedDice::new([]), &mut log).is_err());
    assert_eq!((format!("{battle:?}"), common::render(&log)), before);
    drive(&mut battle, &mut ScriptedDice::new(faces[by_turn_1..].iter().copied()), &mut log).expect("plays on");
    assert_eq!(common::render(&log), common::render(&whole_log));
    assert_eq!(battle.faces(), whole.faces());
}
