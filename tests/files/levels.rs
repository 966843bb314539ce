//! Levels: every shipped level loads and plays a seeded battle to its end under every ruleset (the same battle
//! through the pure loop and the ECS); the victory conditions; the ECS writes moves to the components; and broken
//! levels get a clear error with file, line and column.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::common::{render, shipped_levels};
use bevy::prelude::*;
use skirmish::battle::run;
use skirmish::combat::battle::{play_to_end, prepare, take_log};
use skirmish::combat::components::GridPos;
use skirmish::combat::headless;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::rules::engine::victory::Victory;
use skirmish::scenario::level::{self, Level, RulesetId};
use skirmish::scenario::{RulesetSetup, Scenario};

fn pure(s: &Scenario, seed: u64) -> Log {
    let mut log = Log::default();
    run::run(s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
    log
}

#[test]
fn there_are_six_teaching_levels_and_one_large_one() {
    let levels: Vec<Level> = shipped_levels().iter().map(|p| level::load(p).expect("loads")).collect();
    assert!(levels.len() >= 7, "{} levels", levels.len());
    assert!(levels.iter().all(|l| !l.file.tactic.is_empty()), "every level says what it teaches");
    let large = levels.iter().find(|l| l.grid().width >= 64 && l.grid().height >= 64).expect("a large level");
    assert!(large.units.len() >= 24, "{} units", large.units.len());
    assert!(levels.iter().any(|l| l.file.victory.iter().any(|v| matches!(v, Victory::Hold { .. }))));
    assert!(levels.iter().any(|l| l.file.victory.iter().any(|v| matches!(v, Victory::Escape { .. }))));
}

#[test]
fn every_shipped_level_plays_to_its_end_under_every_ruleset_the_same_through_the_ecs() {
    for path in shipped_levels() {
        let level = level::load(&path).expect("loads");
        let mut moved = false;
        for ruleset in RulesetId::ALL {
            let s = level.scenario(ruleset).expect("a battle");
            let log = pure(&s, 7);
            let end = log.events.last();
            assert!(matches!(end, Some(Event::BattleEnded { .. })), "{path:?} {ruleset:?}:\n{}", render(&log));
            // Where everyone can shoot from the start (the ambush), a short battle may see no move at all.
            moved |= log.events.iter().any(|e| matches!(e, Event::Moved { .. }));
            let (ecs, result) = headless::run_ecs(&s, Box::new(SeededDice::new(7)), "seed");
            assert_eq!(result, Ok(()));
            assert_eq!(ecs, log, "{path:?} {ruleset:?}: the ECS plays the same battle");
        }
        assert!(moved, "{path:?}: somebody moves under some ruleset");
    }
}

#[test]
fn the_ecs_moves_the_grid_position_components() {
    let level = level::load(Path::new("levels/open_ground.ron")).expect("loads");
    let s = level.scenario(RulesetId::Shadowrun4).expect("a battle");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(3)), "seed 3");
    prepare(&mut app).expect("schedules");
    play_to_end(&mut app).expect("a battle");
    let log = take_log(&mut app);
    let units = level.units_under(RulesetId::Shadowrun4);
    let mut last: BTreeMap<String, (i32, i32)> = units.iter().map(|u| (u.name.clone(), u.cell)).collect();
    for e in &log.events {
        if let Event::Moved { who, to, .. } = e {
            last.insert(log.name(*who), *to);
        }
    }
    let mut query = app.world_mut().query::<(&Name, &GridPos)>();
    let world = app.world();
    for (name, pos) in query.iter(world) {
        assert_eq!(Some(&(pos.0, pos.1)), last.get(name.as_str()), "{name}");
    }
    assert!(last.iter().any(|(n, c)| units.iter().any(|u| &u.name == n && u.cell != *c)), "someone moved");
}

/// A small level with one runner, a guard behind walls it cannot shoot through, and an exit.
const ESCAPE: &str = include_str!("../levels/tiny_escape.ron");

fn parse(text: &str) -> Result<Level, String> {
    level::parse(text, Path::new("test.ron")).map_err(|e| e.to_string())
}

/// The level as a Shadowrun 4 battle with these scripted actions.
fn scripted(text: &str, actions: &str) -> Scenario {
    let mut s = parse(text).expect("a good level").scenario(RulesetId::Shadowrun4).expect("a battle");
    if let RulesetSetup::Shadowrun4(setup) = &mut s.ruleset {
        let names = setup.combatants.iter().map(|c| c.name.clone()).collect();
        setup.actions = skirmish::rules::engine::id::naming(names, || common::ron(actions));
    }
    s
}

#[test]
fn a_unit_on_its_exit_leaves_and_enough_of_them_win() {
    let run = r#"[(actor: "Zip", movement: (to: (9, 0), pace: Run))]"#;
    let log = pure(&scripted(ESCAPE, run), 1);
    let escaped = log
        .events
        .iter()
        .any(|e| matches!(e, Event::StatusGained { who, status: Status::Escaped, .. } if log.name(*who) == "Zip"));
    assert!(escaped, "{}", render(&log));
    let end = log.events.last().expect("an end");
    assert_eq!(
        end,
        &Event::BattleEnded {
            reason: "1 of its combatants got out through the exit".into(),
            winner: Some("Runners".into())
        }
    );
}

#[test]
fn the_built_in_choice_runs_for_the_exit_and_the_defender_wins_at_the_turn_limit() {
    let s = parse(ESCAPE).expect("good").scenario(RulesetId::EclipsePhase).expect("battle");
    let log = pure(&s, 1);
    assert!(
        matches!(log.events.last(), Some(Event::BattleEnded { winner: Some(w), .. }) if w == "Runners"),
        "{}",
        render(&log)
    );
    let blocked = ESCAPE.replacen("\"..........\"", "\"........#.\"", 1);
    let e = parse(&blocked).unwrap_err();
    assert!(e.contains("unreachable"), "{e}");
    // Forty meters to the exit: more than the scout's two running phases (14 m each) cover in one turn.
    let far = ESCAPE
        .replace("\"..........\"", &format!("\"{}\"", ".".repeat(40)))
        .replace("\"#########.\"", &format!("\"{}.\"", "#".repeat(39)))
        .replace("((9, 0), (9, 0))", "((39, 0), (39, 0))");
    let mut s = parse(&far).expect("good").scenario(RulesetId::EclipsePhase).expect("battle");
    s.turn_limit = 1;
    let log = pure(&s, 1);
    let end = log.events.last().expect("end");
    assert_eq!(
        end,
        &Event::BattleEnded {
            reason: "the turn limit of 1 was reached and Guards held out".into(),
            winner: Some("Guards".into())
        }
    );
}

#[test]
fn holding_a_zone_for_its_turns_wins() {
    let hold = include_str!("../levels/tiny_hill.ron");
    let level = parse(hold).expect("a good level");
    let log = pure(&level.scenario(RulesetId::Storyteller).expect("battle"), 5);
    let end = log.events.last().expect("end");
    assert_eq!(
        end,
        &Event::BattleEnded { reason: "it held the hill for 2 turn(s)".into(), winner: Some("Raiders".into()) },
        "{}",
        render(&log)
    );
    let turns = log.events.iter().filter(|e| matches!(e, Event::TurnStarted { .. })).count();
    assert_eq!(turns, 2, "Ray walks into the hill in turn 1 and holds it at the end of turns 1 and 2");
}

const GOOD: &str = include_str!("../levels/good.ron");

fn error_for(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "the test edits text that exists: {from}");
    match parse(&GOOD.replacen(from, to, 1)) {
        Ok(_) => panic!("accepted a bad level: {to}"),
        Err(e) => e,
    }
}

#[test]
fn the_good_level_is_good() {
    let level = parse(GOOD).expect("good");
    let names: Vec<&str> = level.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, ["A rifleman 1", "A brawler 2", "B sniper 1"]);
    let cells: Vec<(i32, i32)> = level.units.iter().map(|u| u.cell).collect();
    assert_eq!(cells, [(0, 0), (1, 0), (3, 2)]);
}

#[test]
fn a_spawn_zone_fills_from_its_first_corner() {
    // Drawn from the far corner, A's zone fills as a mirror image of the default order: sides facing each other
    // start alike (the crossroads' four corners).
    let level = parse(&GOOD.replacen("spawn: [((0, 0), (1, 2))]", "spawn: [((1, 2), (0, 0))]", 1)).expect("good");
    let cells: Vec<(i32, i32)> = level.units.iter().map(|u| u.cell).collect();
    assert_eq!(cells, [(1, 2), (0, 2), (3, 2)]);
}

#[test]
fn a_rulesets_tuning_changes_who_fights_under_it_and_nothing_else() {
    let tuned = GOOD.replacen(
        "\n)",
        r#"
    tuning: {
        Shadowrun4: (
            leave_out: ["A brawler 2"], archetypes: { "B sniper 1": "heavy" }, at: { "B sniper 1": (2, 2) }, turn_limit: 7,
        ),
    },
)"#,
        1,
    );
    let level = parse(&tuned).expect("good");
    let names = |r| level.units_under(r).iter().map(|u| format!("{} ({})", u.name, u.archetype)).collect::<Vec<_>>();
    assert_eq!(names(RulesetId::Shadowrun4), ["A rifleman 1 (rifleman)", "B heavy 1 (heavy)"], "named as it fights");
    assert_eq!(
        names(RulesetId::Storyteller),
        ["A rifleman 1 (rifleman)", "A brawler 2 (brawler)", "B sniper 1 (sniper)"]
    );
    let sr4 = level.scenario(RulesetId::Shadowrun4).expect("a battle");
    let heavy = skirmish::scenario::roster::shadowrun4().expect("roster")["heavy"].clone();
    let RulesetSetup::Shadowrun4(setup) = &sr4.ruleset else { panic!("a Shadowrun 4 battle") };
    assert_eq!((setup.combatants.len(), sr4.turn_limit), (2, 7));
    assert_eq!(setup.combatants[1].sheet, heavy, "the sniper fights as a heavy");
    assert_eq!(setup.combatants[1].position, (2, 2), "from where the tuning starts it");
    let starts = |r| level.units_under(r).iter().map(|u| u.cell).collect::<Vec<_>>();
    assert_eq!(starts(RulesetId::Storyteller), [(0, 0), (1, 0), (3, 2)], "elsewhere where it was drawn");
    assert_eq!(level.scenario(RulesetId::EclipsePhase).expect("a battle").turn_limit, 20, "other rulesets as drawn");
    let bad = |from: &str, to: &str| parse(&tuned.replacen(from, to, 1)).unwrap_err();
    let e = bad(r#"leave_out: ["A brawler 2"]"#, r#"leave_out: ["A brawler 9"]"#);
    assert!(e.ends_with("Shadowrun4's tuning names A brawler 9, who is no unit"), "{e}");
    let e = bad(r#""B sniper 1": "heavy""#, r#""B sniper 1": "wizard""#);
    assert!(e.contains("unknown archetype `wizard`"), "{e}");
    let e = bad(r#"leave_out: ["A brawler 2"]"#, r#"leave_out: ["B sniper 1"]"#);
    assert!(e.ends_with("Shadowrun4's tuning leaves B nobody to fight with"), "{e}");
    // Each points at the move itself: line 14 of the tuned level, the quote of its `"B sniper 1": (`.
    let e = bad("(2, 2) }", "(4, 0) }");
    assert!(e.ends_with(":14:86: Shadowrun4's tuning starts B sniper 1 on (4, 0), which is Wall"), "{e}");
    let e = bad("(2, 2) }", "(9, 9) }");
    assert!(e.ends_with(":14:86: Shadowrun4's tuning starts B sniper 1 on (9, 9), which is off the map"), "{e}");
    let e = bad("(2, 2) }", "(0, 0) }");
    assert!(e.ends_with(":14:86: Shadowrun4's tuning starts B sniper 1 on (0, 0), where A rifleman 1 starts"), "{e}");
    let e = bad(r#"at: { "B sniper 1""#, r#"at: { "A brawler 2""#);
    assert!(e.ends_with("Shadowrun4's tuning both leaves A brawler 2 out and moves its start"), "{e}");
    let e = bad(r#"at: { "B sniper 1""#, r#"at: { "B sniper 7""#);
    assert!(e.ends_with("Shadowrun4's tuning names B sniper 7, who is no unit"), "{e}");
    let e = bad("turn_limit: 7", "turn_limit: 0");
    assert!(e.ends_with("the turn limit must be at least 1"), "{e}");
    let own = r#"overrides: [(unit: "B sniper 1", sheet: Shadowrun4(attributes: (body: 4)))],
    tuning:"#;
    let e = bad("tuning:", own);
    assert!(e.ends_with("B sniper 1 has its own sheet under Shadowrun4: it cannot change archetype there too"), "{e}");
}

#[test]
fn broken_levels_say_what_and_where() {
    assert_eq!(
        error_for("\"..o.#\"", "\"..o.\""),
        "test.ron:5:10: the map is not rectangular: row 2 has 4 cells, the first row 5"
    );
    assert_eq!(
        error_for("\"..o.#\"", "\"..X.#\""),
        "test.ron:5:12: unknown map character `X`; the map uses `.` open, `#` wall, `o` low cover, `O` high cover, `~` difficult ground, `^` high ground, `w` window"
    );
    let one_line = GOOD.replacen("[\n        \"....#\",\n        \"..o.#\",", "[\"....#\", \"..X.#\",", 1);
    let e = parse(&one_line).unwrap_err();
    assert!(e.starts_with("test.ron:3:23: unknown map character `X`"), "rows on one line are found too: {e}");
    let e = error_for("((3, 2), (4, 2))", "((3, 1), (4, 2))");
    assert_eq!(e, "test.ron:10:16: the spawn zone of B includes (4, 1), which is Wall (nobody can stand there)");
    let e = error_for("\"sniper\"", "\"wizard\"");
    assert_eq!(
        e,
        "test.ron:10:68: unknown archetype `wizard`; every ruleset's roster has brawler, heavy, rifleman, scout, sniper"
    );
    let e = error_for("(archetype: \"sniper\")", "(archetype: \"sniper\", at: (4, 0))");
    assert!(e.starts_with("test.ron:") && e.contains("B sniper 1 starts on (4, 0), which is Wall"), "{e}");
    let e = error_for("(archetype: \"sniper\")", "(archetype: \"sniper\", at: (9, 9))");
    assert!(e.contains("starts on (9, 9), which is off the map"), "{e}");
    let e = error_for("spawn: [((3, 2), (4, 2))]", "spawn: [((3, 2), (3, 2))], squad: [], x: 1");
    assert!(e.starts_with("test.ron:10:") && e.contains("duplicate field `squad`") || e.contains("squad"), "{e}");
    let e = error_for("name: \"A\", spawn", "nme: \"A\", spawn");
    assert!(e.starts_with("test.ron:9:") && e.contains("nme"), "{e}");
    let e = error_for("(name: \"B\",", "(name: \"A\",");
    assert!(e.contains("two sides are called A"), "{e}");
    let e = error_for("spawn: [((0, 0), (1, 2))]", "spawn: [((0, 0), (0, 0))]");
    assert!(e.contains("the spawn zone of A has no free cell left for A brawler 2"), "{e}");
    let e = error_for("    ],\n)", "    ],\n");
    assert!(e.starts_with("test.ron:"), "{e}");
}

#[test]
fn skirmish_check_reports_every_file_and_fails_on_a_bad_one() {
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-levels-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, GOOD.replacen("\"sniper\"", "\"wizard\"", 1)).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["check", "levels/street.ron"])
        .arg(&bad)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("ok: levels/street.ron: level \"Street with cover\", 32×15 cells, 8 units in 2 sides"),
        "{text}"
    );
    assert!(text.contains("bad.ron:10:68: unknown archetype `wizard`"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    let run = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "levels/escape.ron", "--ruleset", "homebrew-d6", "--seed", "4"])
        .output()
        .expect("runs");
    assert!(run.status.success());
    let log = String::from_utf8_lossy(&run.stdout);
    assert!(log.starts_with("== The escape (d6 homebrew"), "{log}");
}

#[test]
fn the_documented_level_example_is_a_good_level() {
    let doc = std::fs::read_to_string("docs/levels.md").expect("docs/levels.md");
    let at = doc.find("name: \"Street with cover\"").expect("the example");
    let start = doc[..at].rfind("```ron\n").expect("its block") + 7;
    let end = start + doc[start..].find("```").expect("its end");
    let level = parse(&doc[start..end]).expect("the documented example is a good level");
    for ruleset in RulesetId::ALL {
        let log = pure(&level.scenario(ruleset).expect("a battle"), 2);
        assert!(matches!(log.events.last(), Some(Event::BattleEnded { .. })));
    }
}

#[test]
fn a_levels_battle_takes_each_rulesets_options() {
    let level = level::load(Path::new("levels/street.ron")).expect("loads");
    for (ruleset, text) in [
        (RulesetId::EclipsePhase, "(mos_rule: RollIsMoS)"),
        (RulesetId::Shadowrun4, "(surprise: (alerted: []))"),
        (RulesetId::Storyteller, "(armor_stamina_penalty: false)"),
        (RulesetId::HomebrewD6, "(critical_resistance: ConvertOnly)"),
    ] {
        let mut s = level.scenario(ruleset).expect("a battle");
        s.set_options(text).unwrap_or_else(|e| panic!("{ruleset:?}: {e}"));
        let log = pure(&s, 3);
        assert!(matches!(log.events.last(), Some(Event::BattleEnded { .. })), "{ruleset:?}");
    }
    let mut s = level.scenario(RulesetId::EclipsePhase).expect("a battle");
    let e = s.set_options("(mos_rule: Sideways)").unwrap_err().to_string();
    assert!(e.starts_with("--options `(mos_rule: Sideways)`: ") && e.contains("Sideways"), "{e}");
}

#[test]
fn a_map_too_large_to_draw_is_refused_where_it_stands() {
    // 160 more rows of the level's 10 cells: more than the window draws into one texture.
    let rows = "\"..........\",".repeat(160);
    let text = ESCAPE.replacen("map: [", &format!("map: [{rows}"), 1);
    let err = parse(&text).expect_err("too large");
    assert!(err.contains("the map is 10×1"), "{err}");
    assert!(err.contains("at most 160 across and down"), "{err}");
    assert!(err.starts_with("test.ron:"), "{err}");
}

/// A level with gear and an archetype of its own.
const OWN: &str = include_str!("../levels/own_content.ron");

#[test]
fn a_levels_own_archetype_fights_with_its_own_gear() {
    let level = parse(OWN).expect("the level reads");
    let s = level.scenario(RulesetId::Shadowrun4).expect("a Shadowrun 4 battle");
    let RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("Shadowrun 4") };
    let gran = &setup.combatants[0];
    assert_eq!((gran.name.as_str(), gran.role.as_deref()), ("Gran", Some("farmer")));
    assert_eq!(gran.sheet.gear.weapon("grandmas_shotgun").expect("the level's weapon").name, "Grandma's shotgun");
    assert_eq!(gran.sheet.gear.armor("quilted_coat").expect("the level's armor").ballistic, 3);
    let mut log = skirmish::rules::engine::outcome::Log::default();
    run::run(&s, &mut SeededDice::new(1), "seed 1", &mut log).expect("the battle plays");
    assert!(common::render(&log).contains("Gran: fires (single shot) the Grandma's shotgun at Rusty"));
    // Without a Storyteller sheet the farmer cannot fight there: said, not played with a made-up sheet.
    let err = level.scenario(RulesetId::Storyteller).expect_err("no Storyteller farmer");
    assert_eq!(err.to_string(), "the level's archetype `farmer` has no sheet for this ruleset (Gran)");
    assert_eq!(level.rulesets(), [RulesetId::Shadowrun4], "the menu offers only the ruleset it has sheets for");
}

#[test]
fn a_levels_own_archetype_and_gear_are_checked_where_they_stand() {
    let err = parse(&OWN.replace("\"farmer\": [", "\"rifleman\": [")).expect_err("a roster's archetype");
    assert!(err.starts_with("test.ron:22:"), "the archetype's own entry, not a unit of the rosters': {err}");
    assert!(err.contains("an archetype `rifleman` is in every roster already"), "{err}");
    let err = parse(&OWN.replace(r#"archetype: "farmer""#, r#"archetype: "farmhand""#)).expect_err("unknown");
    assert!(err.starts_with("test.ron:31:"), "the unit's line: {err}");
    assert!(err.contains("unknown archetype `farmhand`; every ruleset's roster has"), "{err}");
    assert!(err.ends_with("scout, sniper; the level's own: farmer"), "{err}");
    let err = parse(&OWN.replace(r#"armor: ["quilted_coat"]"#, r#"armor: ["quilted_cape"]"#)).expect_err("no armor");
    assert!(err.starts_with("test.ron:26:") && err.contains("unknown armor `quilted_cape`"), "{err}");
    let err = parse(&OWN.replace("(\"quilted_coat\", (name", "(\"armor_vest\", (name")).expect_err("a shipped id");
    assert!(err.starts_with("test.ron:18:") && err.contains("an armor `armor_vest` is already"), "{err}");
    let err =
        parse(&OWN.replace("Shadowrun4: (\n            weapons", "Shadowrun5: (\n            weapons")).expect_err("x");
    assert!(err.starts_with("test.ron:11:") && err.contains("Shadowrun5"), "{err}");
}
