//! Golden test: a scripted Storyteller brawl played through the public runner with every die given, and the
//! shipped Storyteller battle fought to the end by the built-in choice.

use crate::common;

use std::path::Path;

use crate::common::{d10_pools, render};
use skirmish::battle::run;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::scenario;

#[test]
fn the_brawl_plays_out_exactly() {
    let s = scenario::load(Path::new("tests/scenarios/storyteller_brawl.ron")).unwrap();
    let mut dice = ScriptedDice::new(s.dice.clone().unwrap());
    let mut log = Log::default();
    run::run(&s, &mut dice, "scripted", &mut log).unwrap();
    assert_eq!(dice.remaining(), 0, "{}", render(&log));
    let rolls: Vec<(String, u32, u32)> = d10_pools(&log).into_iter().map(|p| (p.1, p.2, p.4)).collect();
    let expected = [
        ("Strength 4 + Brawl 3", 7, 2),
        ("Dexterity 3 + Melee 3", 6, 1),
        ("Bashing damage", 3, 2),        // raw 4 + 1 = 5 less soak 2
        ("Dexterity 3 + Melee 3", 5, 3), // −1 for Hurt
        ("Dexterity 2 + Brawl 3", 5, 1),
        ("Lethal damage", 4, 3), // raw 2 + 1 + 2 (capped at Strength 2) = 5 less soak 1
        ("Dexterity 3 + Melee 3", 5, 3),
        ("Dexterity 2 + Brawl 3", 3, 0), // −1 defense used, −1 Injured
        ("Lethal damage", 4, 4),
    ];
    let expected: Vec<(String, u32, u32)> = expected.iter().map(|(l, d, s)| (l.to_string(), *d, *s)).collect();
    assert_eq!(rolls, expected, "{}", render(&log));
    let out = log.events.iter().any(
        |e| matches!(e, Event::StatusGained { who, status: Status::Incapacitated, .. } if log.name(*who) == "Brute"),
    );
    assert!(out);
    assert!(matches!(log.events.last(), Some(Event::BattleEnded { winner: Some(w), .. }) if w == "Smugglers"));
}

#[test]
fn the_shipped_storyteller_battle_ends_and_replays_identically() {
    common::assert_battles_end_and_replay("scenarios/storyteller_tavern.ron");
}
