//! Whole battles through the public runner: the shipped scenarios load, a seeded battle fought by the built-in
//! choice ends with a winner, and the same seed always gives the same battle.

use crate::common;

use std::path::Path;

use skirmish::battle::run;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::Log;
use skirmish::scenario::{self, Scenario};

fn firefight() -> Scenario {
    scenario::load(Path::new("scenarios/firefight.ron")).expect("the shipped scenario loads")
}

fn fight(seed: u64) -> Log {
    let mut log = Log::default();
    run::run(&firefight(), &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
    log
}

#[test]
fn every_shipped_scenario_loads() {
    for dir in ["scenarios", "tests/scenarios"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if let Err(e) = scenario::load(&path) {
                panic!("{e}");
            }
        }
    }
}

#[test]
fn a_seeded_battle_is_fought_to_a_winner_and_replays_identically() {
    common::assert_battles_end_and_replay("scenarios/firefight.ron");
    assert_ne!(fight(1), fight(2), "another seed, another battle");
}

#[test]
fn a_script_whose_next_actor_is_out_stops_with_the_reason() {
    let text = r#"(
        name: "Stuck",
        ruleset: EclipsePhase(
            combatants: [
                (name: "A", side: "a", sheet: (init: 50, durability: 30, weapons: ["light_pistol"])),
                (name: "B", side: "b", sheet: (init: 40, durability: 30), condition: (statuses: [Dead])),
                (name: "C", side: "b", sheet: (init: 30, durability: 30)),
            ],
            actions: [(actor: "B", complex: Wait)],
        ),
        dice: [10, 20],
    )"#;
    let s = scenario::parse(text, Path::new("stuck.ron")).unwrap();
    let mut log = Log::default();
    let mut dice = skirmish::rules::engine::dice::ScriptedDice::new(s.dice.clone().unwrap());
    run::run(&s, &mut dice, "scripted", &mut log).unwrap();
    let last = log.show(log.events.last().unwrap()).to_string();
    assert_eq!(last, "== Battle over: B cannot act for the next scripted action. ==");
}
