//! The game master's hand (`rules/engine/gm.rs`), in every ruleset: a corrected damage track with what the ruleset says
//! follows from it, a status, a place, ammunition and one taken off the map, each an event in the log and a decision
//! in the record. A battle with the GM's changes replays exactly at every decision (saves and undo stand on that), and
//! a change the rules cannot make is refused, changing nothing. A reinforcement waits off the map, changing nothing,
//! until the GM brings it in.

use skirmish::ai::Difficulty;
use skirmish::battle::{BattleRequest, run};
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::battle::{Decision, Next};
use skirmish::rules::engine::dice::{ScriptedDice, SeededDice};
use skirmish::rules::engine::gm::GmChange;
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::engine::ruleset::CombatantId;
use skirmish::scenario::reserve::Reinforcement;
use skirmish::scenario::{Scenario, level};

/// The street under `ruleset`, begun: its first slot waiting.
fn street(ruleset: RulesetId) -> (Scenario, AnyBattle, Log, SeededDice) {
    let scenario = level::load("levels/street.ron".as_ref()).expect("the street").scenario(ruleset).expect("a battle");
    let mut log = Log::default();
    let mut battle = run::start(&scenario, "seed", &mut log);
    let mut dice = SeededDice::new(11);
    assert!(matches!(battle.next(&mut dice, &mut log).expect("a slot"), Next::Slot(_)));
    (scenario, battle, log, dice)
}

/// The log's lines from `from` on.
fn lines(_battle: &AnyBattle, log: &Log, from: usize) -> Vec<String> {
    log.lines().skip(from).collect()
}

/// The last combatant (the Gang's heavy) and its name.
fn heavy(battle: &AnyBattle) -> (CombatantId, String) {
    let id = CombatantId::at(battle.len() - 1);
    (id, battle.view(id).name().to_owned())
}

#[test]
fn a_corrected_track_is_logged_and_what_the_ruleset_says_follows_from_it_goes_on_and_off() {
    // Each ruleset's first track filled to its end, with the status its rules give a full track.
    let cases = [
        (RulesetId::Shadowrun4, "Physical", Status::Unconscious),
        (RulesetId::EclipsePhase, "damage", Status::Incapacitated),
        (RulesetId::Storyteller, "health levels", Status::Incapacitated),
        (RulesetId::HomebrewD6, "Light", Status::Unconscious),
    ];
    for (ruleset, track, status) in cases {
        let (_, mut battle, mut log, _) = street(ruleset);
        let (who, name) = heavy(&battle);
        let full = battle.tracks(who)[0].capacity;
        // The homebrew's Light track is full at its capacity, Eclipse Phase's damage incapacitates past Durability.
        let taken = if ruleset == RulesetId::EclipsePhase { full + 1 } else { full };
        let from = log.events.len();
        battle.gm(&GmChange::Track { who, track: 0, taken }, &mut log).expect("a correction");
        assert_eq!(
            lines(&battle, &log, from),
            [
                format!("GM: {name}'s {track} 0 → {taken}"),
                format!("{name} is {status}: it follows from the GM's correction"),
            ],
            "{ruleset:?}"
        );
        assert!(battle.view(who).fighter.statuses().contains(&status), "{ruleset:?}");
        let from = log.events.len();
        battle.gm(&GmChange::Track { who, track: 0, taken: 1 }, &mut log).expect("healed");
        assert_eq!(
            lines(&battle, &log, from),
            [
                format!("GM: {name}'s {track} {taken} → 1"),
                format!("{name} is no longer {status}: it follows from the GM's correction"),
            ],
            "{ruleset:?}"
        );
        assert_eq!(battle.tracks(who)[0].taken, 1, "{ruleset:?}");
    }
}

#[test]
fn statuses_places_ammunition_and_a_retreat_are_the_gms_to_change_and_each_is_logged() {
    let (_, mut battle, mut log, _) = street(RulesetId::Shadowrun4);
    let (who, name) = heavy(&battle);
    let from = log.events.len();
    let at = battle.view(who).position;
    let to = (16, 6); // the middle of the street, open and empty at the start
    let full = battle.view(who).fighter.rounds_in_hand().expect("its rifle counts rounds");
    let changes = [
        GmChange::Status { who, status: Status::Prone, on: true },
        GmChange::Status { who, status: Status::Stunned(2), on: true },
        GmChange::Place { who, to },
        GmChange::Rounds { who, rounds: 3 },
        GmChange::TakeOff { who },
    ];
    for change in &changes {
        battle.gm(change, &mut log).expect("the GM's change");
    }
    assert_eq!(
        lines(&battle, &log, from),
        [
            format!("GM: {name}'s prone no → yes"),
            format!("GM: {name}'s stunned no → yes"),
            format!("GM: {name}'s place {at:?} → {to:?}"),
            format!("GM: {name}'s rounds in its {} {full} → 3", battle.view(who).fighter.weapon_name()),
            format!("GM: {name}'s place {to:?} → off the map"),
        ]
    );
    let view = battle.view(who);
    let statuses = view.fighter.statuses();
    assert!(statuses.contains(&Status::Prone) && statuses.contains(&Status::Withdrawn));
    assert_eq!((view.position, view.fighter.rounds_in_hand()), (to, Some(3)));
    let record = battle.record();
    let gm: Vec<&Decision<_>> = record.iter().map(|r| &r.decision).collect();
    assert_eq!(gm.len(), changes.len(), "each change a decision in the record");
    assert!(gm.iter().zip(&changes).all(|(d, c)| **d == Decision::Gm { change: c.clone(), in_slot: true }));
}

#[test]
fn a_change_the_rules_cannot_make_is_refused_and_changes_nothing() {
    let (_, mut battle, mut log, _) = street(RulesetId::Storyteller);
    let (who, _) = heavy(&battle);
    let other = CombatantId::at(0);
    let before = (format!("{battle:?}"), log.events.len());
    let refused = [
        (GmChange::Track { who, track: 5, taken: 1 }, "no such damage track"),
        (GmChange::Track { who, track: 0, taken: 100 }, "past any track's end"),
        (GmChange::Status { who, status: Status::FullDefense, on: true }, "a slot's doing"),
        (GmChange::Place { who, to: (0, 0) }, "is not open ground"),
        (GmChange::Place { who, to: battle.view(other).position }, "someone stands at"),
        (GmChange::Place { who, to: (99, 3) }, "is not open ground"),
        (GmChange::Rounds { who, rounds: 1 }, "no rounds counted"),
        (GmChange::Track { who: CombatantId(999), track: 0, taken: 1 }, "no combatant"),
    ];
    for (change, why) in refused {
        let e = battle.gm(&change, &mut log).expect_err(why).to_string();
        assert!(e.contains(why), "{change:?}: {e}");
    }
    assert_eq!((format!("{battle:?}"), log.events.len()), before);
    battle.gm(&GmChange::TakeOff { who }, &mut log).expect("taken off");
    let e = battle.gm(&GmChange::Status { who, status: Status::Prone, on: true }, &mut log).expect_err("off the map");
    assert!(e.to_string().contains("it is off the map"), "{e}");
}

/// Plays the street under `ruleset` by the built-in choice, the GM stepping in at the start of turn 2: the first
/// slot's combatant wounded, an enemy knocked prone and moved, the Gang's heavy taken off the map; and once between
/// two slots after that.
fn with_the_gm(ruleset: RulesetId) -> (Scenario, AnyBattle, Log, Vec<(String, usize)>) {
    let (scenario, mut battle, mut log, mut dice) = street(ruleset);
    let mut after = Vec::new();
    let (mut stepped_in, mut between) = (false, false);
    while let Next::Slot(slot) = battle.next(&mut dice, &mut log).expect("a legal battle") {
        if battle.turn() == 2 && !stepped_in {
            stepped_in = true;
            let (heavy, _) = heavy(&battle);
            let enemy = CombatantId::at(1);
            let at = battle.view(enemy).position;
            for change in [
                GmChange::Track { who: slot.actor, track: 0, taken: 2 },
                GmChange::Status { who: enemy, status: Status::Prone, on: true },
                GmChange::Place { who: enemy, to: (at.0, at.1 + 1) },
                GmChange::TakeOff { who: heavy },
            ] {
                // A change that does not fit this battle (a cell taken) is refused: the others still go in.
                if battle.gm(&change, &mut log).is_ok() {
                    after.push((format!("{battle:?}"), log.events.len()));
                }
            }
            continue;
        }
        match battle.default_action(slot) {
            Some(action) => battle.act(&action, &mut dice, &mut log).expect("a legal action"),
            None => battle.pass(&mut log),
        }
        after.push((format!("{battle:?}"), log.events.len()));
        // Between two slots (the battle paused): the first combatant's wound corrected, before the next slot begins.
        if stepped_in && !between && battle.ending().is_none() {
            between = true;
            let who = CombatantId::at(0);
            battle.gm(&GmChange::Track { who, track: 0, taken: 1 }, &mut log).expect("between two slots");
            after.push((format!("{battle:?}"), log.events.len()));
        }
    }
    assert!(stepped_in && between, "{ruleset:?}: the battle reached turn 2");
    (scenario, battle, log, after)
}

#[test]
fn a_battle_with_the_gms_changes_replays_exactly_at_every_decision_and_through_a_save() {
    for ruleset in RulesetId::ALL {
        let (scenario, played, played_log, after) = with_the_gm(ruleset);
        let record = played.record();
        assert!(record.iter().filter(|r| matches!(r.decision, Decision::Gm { .. })).count() >= 3, "{ruleset:?}");
        let between = |r: &&skirmish::rules::engine::battle::Recorded<_>| {
            matches!(r.decision, Decision::Gm { in_slot: false, .. })
        };
        assert_eq!(record.iter().filter(between).count(), 1, "{ruleset:?}");
        assert_eq!(record.len(), after.len(), "{ruleset:?}");
        for n in 1..=record.len() {
            let mut log = Log::default();
            let mut battle = run::start(&scenario, "seed", &mut log);
            let mut dice = ScriptedDice::new(played.faces().iter().copied());
            battle.replay(&record[..n], &mut dice, &mut log).expect("the record fits");
            assert_eq!((format!("{battle:?}"), log.events.len()), after[n - 1], "{ruleset:?}: decision {n}");
        }
        // The record as a save writes it, read back.
        let text = ron::to_string(&record).expect("the record as RON");
        let read: Vec<skirmish::rules::engine::battle::Recorded<_>> = ron::from_str(&text).expect("read back");
        assert_eq!(read, record, "{ruleset:?}");
        let mut log = Log::default();
        let mut battle = run::start(&scenario, "seed", &mut log);
        battle.replay(&read, &mut ScriptedDice::new(played.faces().iter().copied()), &mut log).expect("fits");
        assert_eq!(battle.next(&mut ScriptedDice::new([]), &mut log).expect("over"), Next::Over);
        assert_eq!(log, played_log, "{ruleset:?}: the whole log");
    }
}

#[test]
fn a_status_the_gm_set_by_hand_stays_through_a_correction_of_a_track_that_does_not_decide_it() {
    let (_, mut battle, mut log, _) = street(RulesetId::Shadowrun4);
    let (who, _) = heavy(&battle);
    battle.gm(&GmChange::Status { who, status: Status::Unconscious, on: true }, &mut log).expect("knocked out");
    battle.gm(&GmChange::Track { who, track: 0, taken: 2 }, &mut log).expect("a wound");
    assert!(battle.view(who).fighter.statuses().contains(&Status::Unconscious), "still out");
    // The Stun monitor holds no more than its boxes.
    let boxes = battle.tracks(who)[1].capacity;
    battle.gm(&GmChange::Track { who, track: 1, taken: boxes + 5 }, &mut log).expect("stunned");
    assert_eq!(battle.tracks(who)[1].taken, boxes);
}

/// The street under `ruleset` with `reserve` waiting, begun: its first slot waiting.
fn street_with(ruleset: RulesetId, reserve: Vec<Reinforcement>) -> (AnyBattle, Log, SeededDice) {
    let request = BattleRequest {
        reserve,
        ..BattleRequest::new("levels/street.ron".as_ref(), Some(ruleset), Difficulty::Normal)
    };
    let scenario = request.scenario().expect("a battle with its reserve");
    let mut log = Log::default();
    let mut battle = run::start(&scenario, "seed", &mut log);
    let mut dice = SeededDice::new(11);
    assert!(matches!(battle.next(&mut dice, &mut log).expect("a slot"), Next::Slot(_)));
    (battle, log, dice)
}

/// Plays on by the built-in choice to the end, `step_in` called at each slot's start (the GM's moment); the turns
/// in which each combatant had a slot.
fn play_on(
    battle: &mut AnyBattle,
    log: &mut Log,
    dice: &mut SeededDice,
    mut step_in: impl FnMut(&mut AnyBattle, &mut Log),
) -> Vec<(CombatantId, u32)> {
    let mut slots = Vec::new();
    while let Next::Slot(slot) = battle.next(dice, log).expect("a legal battle") {
        step_in(battle, log);
        if battle.current() != Some(slot) {
            continue;
        }
        slots.push((slot.actor, battle.turn()));
        match battle.default_action(slot) {
            Some(action) => battle.act(&action, dice, log).expect("a legal action"),
            None => battle.pass(log),
        }
    }
    slots
}

#[test]
fn a_reinforcement_waits_off_the_map_changing_nothing_until_the_gm_brings_it_in_and_fights_from_the_next_turn() {
    let mut fought = Vec::new();
    for ruleset in RulesetId::ALL {
        // Waiting in reserve, it changes nothing: the same battle, roll for roll, as without it.
        let (mut plain, mut plain_log, mut dice) = street_with(ruleset, Vec::new());
        play_on(&mut plain, &mut plain_log, &mut dice, |_, _| {});
        let (mut waiting, mut log, mut dice) = street_with(ruleset, vec![Reinforcement::archetype("Gang", "heavy")]);
        let extra = CombatantId::at(waiting.len() - 1);
        assert_eq!(waiting.len(), plain.len() + 1, "{ruleset:?}");
        let name = waiting.view(extra).name().to_owned();
        assert_eq!(name, format!("Gang heavy {}", plain.views().iter().filter(|v| v.side == "Gang").count() + 1));
        assert!(waiting.view(extra).fighter.statuses().contains(&Status::Reserve), "{ruleset:?}");
        let never = play_on(&mut waiting, &mut log, &mut dice, |_, _| {});
        // Event for event (the log's names have the reinforcement's more).
        let same = log.events.len() == plain_log.events.len() && log.events == plain_log.events;
        assert!(same, "{ruleset:?}: the reserve changed the battle");
        assert!(never.iter().all(|(who, _)| *who != extra), "{ruleset:?}: a slot in reserve");

        // Brought in at the start of turn 2 beside the Gang's first unit: logged, on its cell, a slot from turn 3.
        let (mut battle, mut log, mut dice) = street_with(ruleset, vec![Reinforcement::archetype("Gang", "heavy")]);
        let refused = battle.gm(&GmChange::Status { who: extra, status: Status::Prone, on: true }, &mut log);
        assert!(refused.expect_err("not on the map").to_string().contains("bring it in first"), "{ruleset:?}");
        let mut brought: Option<((i32, i32), Vec<String>)> = None;
        let slots = play_on(&mut battle, &mut log, &mut dice, |battle, log| {
            if battle.turn() != 2 || brought.is_some() {
                return;
            }
            let gang = battle.views().iter().find(|v| v.side == "Gang").map(|v| v.position).expect("the Gang");
            let from = log.events.len();
            for to in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
                let to = (gang.0 + to.0, gang.1 + to.1);
                if battle.gm(&GmChange::BringIn { who: extra, to }, log).is_ok() {
                    brought = Some((to, log.lines().skip(from).collect()));
                    return;
                }
            }
        });
        let (to, said) = brought.unwrap_or_else(|| panic!("{ruleset:?}: no cell beside the Gang"));
        assert_eq!(said, [format!("GM: {name}'s place off the map (reserve) → {to:?}")], "{ruleset:?}");
        let turns: Vec<u32> = slots.iter().filter(|(who, _)| *who == extra).map(|(_, turn)| *turn).collect();
        assert!(turns.iter().all(|&t| t >= 3), "{ruleset:?}: a slot before the next turn: {turns:?}");
        // It fights from the next turn on, unless the enemy, all firing at the newcomer, put it down before.
        let fell = skirmish::rules::engine::outcome::down(battle.view(extra).fighter.statuses());
        if battle.turn() >= 3 && !fell {
            assert!(!turns.is_empty(), "{ruleset:?}: no slot once brought in ({} turns)", battle.turn());
        }
        if !turns.is_empty() {
            fought.push(ruleset);
        }
        assert!(!battle.view(extra).fighter.statuses().contains(&Status::Reserve), "{ruleset:?}");
        let twice = battle.gm(&GmChange::BringIn { who: extra, to }, &mut log);
        if battle.ending().is_none() {
            assert!(twice.expect_err("brought in once").to_string().contains("waiting in reserve"), "{ruleset:?}");
        }
    }
    assert_eq!(fought, [RulesetId::Shadowrun4, RulesetId::Storyteller], "where the newcomer lived to act");
}

#[test]
fn an_initiative_set_by_hand_orders_the_rest_of_the_turn_in_every_ruleset() {
    for ruleset in RulesetId::ALL {
        let (_, mut battle, mut log, mut dice) = street(ruleset);
        let now = battle.current().expect("a slot waits");
        // The slowest of the others, set above everyone: its slot comes next (after the one being played).
        let scored = (0..battle.len()).map(CombatantId::at).filter(|&c| c != now.actor);
        let (low, slowest) =
            scored.filter_map(|c| battle.initiative(c).map(|s| (s, c))).min().expect("initiatives rolled");
        let top = (0..battle.len()).filter_map(|i| battle.initiative(CombatantId::at(i))).max().expect("a top") + 5;
        let from = log.events.len();
        battle.gm(&GmChange::Initiative { who: slowest, score: top }, &mut log).expect("set by hand");
        let name = battle.view(slowest).name().to_owned();
        assert_eq!(lines(&battle, &log, from), [format!("GM: {name}'s initiative {low} → {top}")], "{ruleset:?}");
        assert_eq!(battle.initiative(slowest), Some(top), "{ruleset:?}");
        assert_eq!(battle.current(), Some(now), "{ruleset:?}: the slot being played goes on");
        match battle.default_action(now) {
            Some(action) => battle.act(&action, &mut dice, &mut log).expect("a legal action"),
            None => battle.pass(&mut log),
        }
        // Unless the slot just played put it down, or has tie-mates acting with it (Shadowrun 4, the homebrew).
        let Next::Slot(next) = battle.next(&mut dice, &mut log).expect("a slot") else { panic!("{ruleset:?}: over") };
        if !next.simultaneous && battle.view(slowest).fighter.can_act() {
            assert_eq!(next.actor, slowest, "{ruleset:?}: the order follows the GM's initiative");
        }
        // None for a combatant waiting in reserve, and none past any roll.
        let why = battle.gm(&GmChange::Initiative { who: slowest, score: 5000 }, &mut log).expect_err("too high");
        assert!(why.to_string().contains("past any roll"), "{ruleset:?}: {why}");
    }
}

#[test]
fn rolls_behind_the_screen_are_told_by_how_they_went_without_pools_or_faces_in_every_ruleset() {
    use skirmish::rules::engine::outcome::Event;
    use skirmish::rules::tools::screen::{behind, veil_all};
    for ruleset in RulesetId::ALL {
        let (_, mut battle, mut log, mut dice) = street(ruleset);
        play_on(&mut battle, &mut log, &mut dice, |_, _| {});
        let hidden = behind(&battle, &["Gang".to_owned()], &["Crew".to_owned()]);
        assert_eq!(behind(&battle, &["Gang".to_owned()], &["Gang".to_owned()]), vec![false; battle.len()]);
        let told = veil_all(&log.events, &hidden);
        assert_eq!(told.len(), log.events.len(), "{ruleset:?}: every event told");
        let gang = |who: &CombatantId| battle.view(*who).side == "Gang";
        let mut veiled = 0;
        for (was, now) in log.events.iter().zip(&told) {
            match (was, now) {
                (Event::Tested(t), Event::Veiled { who, label, outcome }) => {
                    assert!(gang(&t.who) && *who == t.who, "{ruleset:?}: {now:?}");
                    let pooled = !matches!(t.roll, skirmish::rules::engine::outcome::Roll::Percentile { .. });
                    let rating = label.split_whitespace().any(|w| w.parse::<i64>().is_ok());
                    assert!(!pooled || !rating, "{ruleset:?}: the pool in {label}");
                    let went = if t.roll.success() { "succeeds" } else { "fails" };
                    assert!(outcome.starts_with(went), "{ruleset:?}: {outcome} for {t:?}");
                    veiled += 1;
                }
                (Event::Calculated { who, total, .. }, Event::Calculated { total: told_total, terms, .. })
                    if gang(who) =>
                {
                    assert_eq!(total, told_total, "{ruleset:?}: the sum is told");
                    assert!(terms.iter().all(|t| t.faces.is_empty()), "{ruleset:?}: no faces in {now:?}");
                }
                (Event::AttackResolved { hit, .. }, Event::AttackResolved { hit: told_hit, reason, .. })
                    if was != now =>
                {
                    assert_eq!((hit, reason.as_str()), (told_hit, "rolled behind the screen"), "{ruleset:?}");
                }
                _ => assert_eq!(was, now, "{ruleset:?}: the Crew's and everyone else's as they were"),
            }
        }
        assert!(veiled >= 3, "{ruleset:?}: {veiled} of the Gang's tests veiled");
        let lines: Vec<String> = told
            .iter()
            .map(|e| Log { events: vec![e.clone()], names: log.names.clone() })
            .flat_map(|l| l.lines().collect::<Vec<_>>())
            .collect();
        let line = lines.iter().find(|l| l.contains("behind the screen")).expect("a veiled line");
        assert!(line.starts_with("Gang ") && line.contains(" rolls "), "{ruleset:?}: {line}");
    }
}
