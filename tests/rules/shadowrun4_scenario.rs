//! Golden test: a scripted Shadowrun 4 exchange played through the public runner with every die given, and the
//! shipped Shadowrun battle fought to the end by the built-in choice.

use crate::common;

use std::path::Path;

use crate::common::{pools, render};
use skirmish::battle::run;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::scenario;

fn play(path: &str) -> Log {
    let s = scenario::load(Path::new(path)).expect("the scenario loads");
    let mut dice = ScriptedDice::new(s.dice.clone().expect("scripted dice"));
    let mut log = Log::default();
    run::run(&s, &mut dice, "scripted", &mut log).expect("the scenario plays");
    assert_eq!(dice.remaining(), 0, "every die is used:\n{}", render(&log));
    log
}

fn damage(log: &Log) -> Vec<(String, String, i32, i32)> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::DamageTaken { who, track, amount, total, .. } => {
                Some((log.name(*who), track.clone(), *amount, *total))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_duel_plays_out_exactly() {
    let log = play("tests/scenarios/shadowrun_duel.ron");
    let dice: Vec<(String, u32, u32)> = pools(&log).into_iter().map(|(who, _, d, h)| (who, d, h)).collect();
    let expected = [
        ("Lynx", 9, 3),    // initiative
        ("Ganger", 6, 1),  // initiative
        ("Lynx", 10, 4),   // 9 + smartlink 2 − recoil (2 − compensation 1)
        ("Ganger", 3, 1),  // Reaction
        ("Ganger", 10, 2), // Body 4 + armor 6
        ("Ganger", 4, 2),  // 7 − medium range 1 − wounds 2
        ("Lynx", 5, 1),    // Reaction
        ("Lynx", 12, 3),   // Body 4 + armor 8
        ("Lynx", 11, 3),   // new phase: recoil 1 again, + aim 1
        ("Ganger", 1, 0),  // 3 − wounds 2; its own action reset its defenses
        ("Ganger", 10, 0), // Body 4 + armor 6
    ];
    let expected: Vec<(String, u32, u32)> = expected.iter().map(|(w, d, h)| (w.to_string(), *d, *h)).collect();
    assert_eq!(dice, expected, "{}", render(&log));
    let expected_damage = [
        ("Ganger", "Physical", 8, 8),
        ("Lynx", "Stun", 2, 2), // 5P does not exceed armor 8: Stun
        ("Ganger", "Physical", 10, 18),
    ];
    let expected_damage: Vec<_> =
        expected_damage.iter().map(|(w, t, a, n)| (w.to_string(), t.to_string(), *a, *n)).collect();
    assert_eq!(damage(&log), expected_damage);
    let passes: Vec<(u32, u32)> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::PassStarted { turn, pass } => Some((*turn, *pass)),
            _ => None,
        })
        .collect();
    assert_eq!(passes, [(1, 1), (1, 2)], "Lynx's second pass is announced");
    let dead = log
        .events
        .iter()
        .any(|e| matches!(e, Event::StatusGained { who, status: Status::Dead, .. } if log.name(*who) == "Ganger"));
    assert!(dead);
    let Some(Event::BattleEnded { winner, .. }) = log.events.last() else { panic!("no end") };
    assert_eq!(winner.as_deref(), Some("Runners"));
}

#[test]
fn the_shipped_shadowrun_battle_ends_and_replays_identically() {
    common::assert_battles_end_and_replay("scenarios/shadowrun_alley.ron");
}
