//! Golden test: the Stoya combat example of seed file 000, played through the public scenario runner and the
//! `skirmish run` command with the seed's own dice. Every outcome of the example is asserted.

use crate::common;

use std::path::Path;
use std::process::Command;

use skirmish::battle::run;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::scenario;

const STOYA: &str = "tests/scenarios/stoya.ron";

fn play() -> Log {
    let s = scenario::load(Path::new(STOYA)).expect("the Stoya scenario loads");
    let mut dice = ScriptedDice::new(s.dice.clone().expect("the scenario has the seed's dice"));
    let mut log = Log::default();
    run::run(&s, &mut dice, "seed dice", &mut log).expect("the scenario plays");
    assert_eq!(dice.remaining(), 0, "every die of the example is used");
    log
}

fn calcs(log: &Log, who: &str, label: &str) -> Vec<i32> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Calculated { who: w, label: l, total, .. } if log.name(*w) == who && l == label => Some(*total),
            _ => None,
        })
        .collect()
}

#[test]
fn initiative_is_86_against_82_and_the_assassin_goes_first() {
    let log = play();
    assert_eq!(calcs(&log, "Assassin", "initiative"), [86]);
    assert_eq!(calcs(&log, "Stoya", "initiative"), [82]);
    let order = log.events.iter().find_map(|e| match e {
        Event::PhaseStarted { order, .. } => Some(order.iter().map(|id| log.name(*id)).collect::<Vec<_>>()),
        _ => None,
    });
    assert_eq!(order, Some(vec!["Assassin".to_owned(), "Stoya".to_owned()]));
}

#[test]
fn every_test_of_the_example_has_the_seeds_target_and_result() {
    let log = play();
    let expected = [
        ("Spray Weapons", 75, 8, true),                // 65 + smartlink 10, short range
        ("Fray ÷ 2", 30, 28, true),                    // both succeed, Stoya rolled higher: dodged
        ("Spray Weapons", 75, 20, true),               // MoS 55
        ("Fray ÷ 2", 30, 83, false),                   // a failure: hit
        ("SOM × 3 to stay standing", 70, 40, true),    // 90 − 20
        ("SOM × 3 to stay conscious", 70, 27, true),   // 90 − 20
        ("Beam Weapons", 37, 22, true),                // 47 − 20 + 10; 22 is a critical
        ("Fray ÷ 2", 24, 68, false),                   // 48 ÷ 2
        ("DUR + Energy armor (shock)", 41, 71, false), // 35 + 6, MoF 30
    ];
    let expected: Vec<(String, i32, u32, bool)> =
        expected.iter().map(|(l, t, r, s)| (l.to_string(), *t, *r, *s)).collect();
    assert_eq!(common::tests(&log), expected, "{}", common::render(&log));
    assert_eq!(common::hits(&log), [false, true, true]);
}

#[test]
fn the_second_burst_does_26_damage_through_negated_armor_for_two_wounds() {
    let log = play();
    // 4d10 = 16 (2d10 + burst 1d10 + cone at short range 1d10), +5 weapon, +5 excellent success (rules.md §1).
    assert_eq!(calcs(&log, "Assassin", "damage value"), [26]);
    assert_eq!(calcs(&log, "Stoya", "damage value"), [4], "the stunner's 1d10 ÷ 2 rolled 8");
    assert_eq!(calcs(&log, "Stoya", "armor"), [0], "AP −10 negates AV 10");
    assert_eq!(calcs(&log, "Stoya", "damage"), [26]);
    let wounds = log.events.iter().find_map(|e| match e {
        Event::WoundsTaken { who, wounds, threshold, .. } if log.name(*who) == "Stoya" => Some((*wounds, *threshold)),
        _ => None,
    });
    assert_eq!(wounds, Some((2, 10)));
}

#[test]
fn stoyas_critical_is_armor_defeating_and_the_shock_stuns_for_3_turns() {
    let log = play();
    assert_eq!(calcs(&log, "Assassin", "armor"), [0], "the critical bypasses the vest");
    assert_eq!(calcs(&log, "Assassin", "damage"), [4], "1d10 ÷ 2 rolled 8: below the WT of 7");
    assert!(!log.events.iter().any(|e| matches!(e, Event::WoundsTaken { who, .. } if log.name(*who) == "Assassin")));
    let stunned = log.events.iter().any(
        |e| matches!(e, Event::StatusGained { who, status: Status::Stunned(3), .. } if log.name(*who) == "Assassin"),
    );
    assert!(stunned, "{}", common::render(&log));
    assert!(matches!(log.events.last(), Some(Event::BattleEnded { winner: None, .. })));
}

#[test]
fn the_command_prints_the_example_as_text_and_as_json() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
    let text = run(&["run", STOYA]);
    assert!(text.status.success());
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.contains("Assassin: initiative = INIT +63, d100 [23] +23 = 86"), "{out}");
    assert!(out.contains("Stoya tests Beam Weapons 47, smartlink +10 (gear), 2 wound(s) -20 (wounds): target 37, rolled 22 → critical success, MoS 15"), "{out}");
    let json = run(&["run", STOYA, "--json"]);
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.first().map(|v| v["event"].clone()), Some("battle_started".into()));
    let stun = lines.iter().find(|v| v["event"] == "status_gained" && v["who"] == "Assassin");
    assert_eq!(stun.map(|v| v["status"].clone()), Some(serde_json::json!({ "Stunned": 3 })));
}

#[test]
fn typed_in_dice_play_the_example_as_the_book_rolled_it() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", STOYA, "--typed"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // The book's dice, with one typo that is asked again.
    let typed = "23\n27\n08\nabc\n28\n20\n83\n3\n4\n5\n4\n40\n27\n22\n68\n8\n71\n";
    child.stdin.take().expect("stdin").write_all(typed.as_bytes()).expect("typed");
    let out = child.wait_with_output().expect("finishes");
    assert!(out.status.success());
    let scripted = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(["run", STOYA]).output().expect("runs");
    let body = |o: &[u8]| String::from_utf8_lossy(o).lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&out.stdout), body(&scripted.stdout), "the same battle as the scripted dice");
    assert!(String::from_utf8_lossy(&out.stderr).contains("`abc` is not a face of a d100"));
}
