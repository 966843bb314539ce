//! Golden test: a scripted d6 homebrew duel played through the public runner with every die given, and the
//! shipped homebrew battle fought to the end by the built-in choice.

use crate::common;

use std::path::Path;

use crate::common::{pools, render};
use skirmish::battle::run;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::scenario;

#[test]
fn the_duel_plays_out_exactly() {
    let s = scenario::load(Path::new("tests/scenarios/homebrew_duel.ron")).unwrap();
    let mut dice = ScriptedDice::new(s.dice.clone().unwrap());
    let mut log = Log::default();
    run::run(&s, &mut dice, "scripted", &mut log).unwrap();
    assert_eq!(dice.remaining(), 0, "{}", render(&log));
    let damage: Vec<(String, String, i32, i32)> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::DamageTaken { who, track, amount, total, .. } => {
                Some((log.name(*who), track.clone(), *amount, *total))
            }
            _ => None,
        })
        .collect();
    let expected = [
        ("Brick", "Light", 1, 1),
        ("Brick", "Critical", 5, 5),
        ("Vex", "Light", 2, 2),
        ("Brick", "Critical", 9, 14),
        ("Vex", "Light", 3, 5),
    ];
    let expected: Vec<_> = expected.iter().map(|(w, t, a, n)| (w.to_string(), t.to_string(), *a, *n)).collect();
    assert_eq!(damage, expected, "{}", render(&log));
    let labels: Vec<(String, u32)> =
        pools(&log).into_iter().filter(|p| !p.1.contains("initiative")).map(|p| (p.1, p.2)).collect();
    assert_eq!(labels[1], ("Agility 3 + Edge 3".to_owned(), 6), "the accelerated column's best");
    assert_eq!(labels[4], ("Parry 0 + Reaction 4".to_owned(), 4), "the melee column's best");
    assert_eq!(labels[7], ("Parry 0 + Reaction 3".to_owned(), 0), "a shot from the next cell: 3 − 2 prone − 1 wounds");
    assert_eq!(labels[9], ("Agility 3 + Clubs 3".to_owned(), 2), "6 − 4 for wounds, acting though incapacitated");
    let out = log.events.iter().any(
        |e| matches!(e, Event::StatusGained { who, status: Status::Incapacitated, .. } if log.name(*who) == "Brick"),
    );
    assert!(out);
    assert!(matches!(log.events.last(), Some(Event::BattleEnded { winner: Some(w), .. }) if w == "Drifters"));
}

#[test]
fn the_shipped_homebrew_battle_ends_and_replays_identically() {
    common::assert_battles_end_and_replay("scenarios/homebrew_outpost.ron");
}
