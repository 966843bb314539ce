//! Malformed or inconsistent scenarios get one clear line with file, line and column, and a non-zero exit;
//! never a panic.

use std::path::Path;
use std::process::Command;

use skirmish::scenario::{self, ScenarioError};

const GOOD: &str = r#"(
    name: "Duel",
    ruleset: EclipsePhase(
        combatants: [
            (name: "A", side: "a", sheet: (init: 50, durability: 30, skills: { KineticWeapons: 50 }, weapons: ["light_pistol"])),
            (name: "B", side: "b", position: (5, 0), sheet: (init: 40, durability: 30, weapons: ["knife"])),
        ],
        actions: [(actor: "A", complex: Attack(targets: ["B"]))],
    ),
)"#;

fn error_for(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "the test edits text that exists: {from}");
    let text = GOOD.replacen(from, to, 1);
    match scenario::parse(&text, Path::new("duel.ron")) {
        Ok(_) => panic!("accepted a bad scenario:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_good_scenario_is_accepted() {
    assert!(scenario::parse(GOOD, Path::new("duel.ron")).is_ok());
}

#[test]
fn a_syntax_error_names_line_and_column() {
    let e = error_for(r#"side: "a","#, r#"side: "a""#);
    assert!(e.starts_with("duel.ron:5:"), "{e}");
    assert!(e.contains("Expected"), "{e}");
}

#[test]
fn an_unknown_weapon_lists_the_catalogue() {
    let e = error_for(r#"["light_pistol"]"#, r#"["light_pistl"]"#);
    assert!(e.starts_with("duel.ron:5:"), "{e}");
    assert!(e.contains("unknown weapon `light_pistl`; the catalogue has: unarmed, knife"), "{e}");
}

#[test]
fn a_skill_out_of_range_says_the_range() {
    let e = error_for("KineticWeapons: 50", "KineticWeapons: 120");
    assert!(e.starts_with("duel.ron:5:"), "{e}");
    assert!(e.contains("a rating of 120 is out of range"), "{e}");
}

#[test]
fn a_field_of_another_ruleset_is_named() {
    let e = error_for("durability: 30, weapons", "body: 4, durability: 30, weapons");
    assert!(e.starts_with("duel.ron:6:"), "{e}");
    assert!(e.contains("Unexpected field named `body` in `Sheet`, expected one of `aptitudes`"), "{e}");
    assert!(e.ends_with("(a field of another ruleset, or a typo?)"), "{e}");
}

#[test]
fn no_combatants_is_refused() {
    let start = GOOD.find("combatants: [").unwrap();
    let end = GOOD.find("        ],\n        actions").unwrap();
    let text = format!("{}combatants: [\n{}", &GOOD[..start], &GOOD[end..]);
    let e = scenario::parse(&text, Path::new("duel.ron")).unwrap_err();
    assert!(matches!(e, ScenarioError::Invalid { line: 4, .. }), "{e}");
    assert!(e.to_string().contains("a battle needs at least two combatants, this one has 0"), "{e}");
}

#[test]
fn an_action_by_an_unknown_combatant_is_located() {
    let e = error_for(r#"actor: "A""#, r#"actor: "Q""#);
    assert_eq!(e, "duel.ron:8:28: no combatant is called \"Q\"; the combatants are A, B");
}

#[test]
fn a_combatant_may_be_named_by_its_id_but_not_past_the_roster() {
    let by_name = scenario::parse(GOOD, Path::new("duel.ron")).expect("good");
    let by_id = scenario::parse(&GOOD.replacen(r#"["B"]"#, "[1]", 1), Path::new("duel.ron")).expect("good");
    assert_eq!(format!("{:?}", by_id.ruleset), format!("{:?}", by_name.ruleset), "B is #1");
    let e = error_for(r#"targets: ["B"]"#, "targets: [7]");
    assert_eq!(e, "duel.ron:8:9: action 1: no combatant #7; there are 2");
    let e = error_for(r#"targets: ["B"]"#, "targets: [-1]");
    assert!(e.starts_with("duel.ron:8:") && e.contains("combatant id -1 is negative"), "{e}");
}

#[test]
fn one_side_only_and_a_missing_field_are_refused() {
    let e = error_for(r#"side: "b""#, r#"side: "a""#);
    assert!(e.contains("a battle needs two sides"), "{e}");
    let e = error_for("init: 40, ", "");
    assert!(e.contains("init"), "{e}");
}

#[test]
fn the_command_prints_one_line_and_exits_2_without_a_panic() {
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-bad-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let file = dir.join("bad.ron");
    std::fs::write(&file, GOOD.replacen("\"knife\"", "\"spork\"", 1)).unwrap();
    for path in [file.clone(), dir.join("missing.ron")] {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).arg("run").arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("error: ") && err.contains(&*path.to_string_lossy()) && !err.contains("panicked"),
            "{err}"
        );
    }
}

#[test]
fn an_unknown_side_or_file_is_refused_by_run_and_host_before_any_battle() {
    let unknown_side = ["levels/street.ron", "--side", "Nobody=hard"];
    for command in ["run", "host"] {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).arg(command).args(unknown_side).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err, "error: no side is called Nobody; the sides are Crew, Gang\n", "{command}");
        assert!(out.stdout.is_empty(), "{command} began a battle: {}", String::from_utf8_lossy(&out.stdout));
    }
    for args in [&["host", "/nope.ron"][..], &["host", "--load", "/nope.ron"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err, "error: /nope.ron: cannot read the file: No such file or directory (os error 2)\n");
    }
}

const SHADOWRUN: &str = r#"(
    name: "Street",
    ruleset: Shadowrun4(
        combatants: [
            (name: "A", side: "a", sheet: (attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["ares_predator_iv"])),
            (name: "B", side: "b", sheet: (attributes: (body: 4))),
        ],
    ),
)"#;

fn shadowrun_error(from: &str, to: &str) -> String {
    assert!(SHADOWRUN.contains(from), "the test edits text that exists: {from}");
    match scenario::parse(&SHADOWRUN.replacen(from, to, 1), Path::new("street.ron")) {
        Ok(_) => panic!("accepted a bad scenario"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_shadowrun_scenario_is_checked_the_same_way() {
    assert!(scenario::parse(SHADOWRUN, Path::new("street.ron")).is_ok());
    let e = shadowrun_error("(body: 4)", "(body: 4), durability: 30");
    assert!(e.starts_with("street.ron:6:") && e.contains("Unexpected field named `durability`"), "{e}");
    let e = shadowrun_error("agility: 4", "agility: 13");
    assert!(e.starts_with("street.ron:5:") && e.contains("an attribute of 13 is out of range"), "{e}");
    let e = shadowrun_error("Pistols: 3", "Pistols: 13");
    assert!(e.contains("a skill rating of 13 is out of range"), "{e}");
    let e = shadowrun_error(r#""ares_predator_iv""#, r#""shredder""#);
    assert!(e.contains("unknown weapon `shredder`"), "an Eclipse Phase weapon is not in the Shadowrun catalogue: {e}");
}

#[test]
fn a_storyteller_scenario_is_checked_the_same_way() {
    let good = r#"(
    name: "Tavern",
    ruleset: Storyteller(
        combatants: [
            (name: "A", side: "a", sheet: (attributes: (strength: 3), abilities: { Brawl: 2 })),
            (name: "B", side: "b", sheet: (weapons: ["dagger"])),
        ],
        actions: [(actor: "A", act: Attack(target: "B"))],
    ),
)"#;
    let parse = |text: &str| scenario::parse(text, Path::new("tavern.ron")).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(parse(good), Ok(()));
    let e = parse(&good.replacen("strength: 3", "strength: 11", 1)).unwrap_err();
    assert!(e.starts_with("tavern.ron:5:") && e.contains("a rating of 11 dots is out of range"), "{e}");
    let e = parse(&good.replacen("(weapons:", "(initiative_passes: 2, weapons:", 1)).unwrap_err();
    assert!(e.contains("Unexpected field named `initiative_passes`"), "a Shadowrun field: {e}");
    let e = parse(&good.replacen("\"dagger\"", "\"katana\"", 1)).unwrap_err();
    assert!(e.contains("unknown weapon `katana`"), "{e}");
    let e = parse(&good.replacen("target: \"B\"", "target: \"C\"", 1)).unwrap_err();
    assert!(e.starts_with("tavern.ron:8:") && e.contains("no combatant is called \"C\""), "{e}");
}

#[test]
fn a_homebrew_scenario_is_checked_the_same_way() {
    let good = r#"(
    name: "Outpost",
    ruleset: HomebrewD6(
        options: (critical_resistance: ConvertOnly),
        combatants: [
            (name: "A", side: "a", sheet: (attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["pistol"])),
            (name: "B", side: "b", sheet: (armor: ["ballistic_vest"])),
        ],
    ),
)"#;
    let parse = |text: &str| scenario::parse(text, Path::new("outpost.ron")).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(parse(good), Ok(()));
    let e = parse(&good.replacen("ConvertOnly", "ConvertSome", 1)).unwrap_err();
    assert!(e.starts_with("outpost.ron:4:") && e.contains("ConvertSome"), "{e}");
    let e = parse(&good.replacen("(armor:", "(abilities: { Brawl: 2 }, armor:", 1)).unwrap_err();
    assert!(e.contains("Unexpected field named `abilities`"), "a Storyteller field: {e}");
    let e = parse(&good.replacen("\"ballistic_vest\"", "\"armor_vest\"", 1)).unwrap_err();
    assert!(e.contains("unknown armor `armor_vest`"), "{e}");
}

#[test]
fn a_reader_that_goes_away_is_no_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // Two fighters who wait 3000 times each: far more log than a pipe holds.
    let waits = r#"(actor: "A", complex: Wait), (actor: "B", complex: Wait), "#.repeat(3000);
    let standoff = GOOD.replacen(r#"(actor: "A", complex: Attack(targets: ["B"]))"#, &waits, 1).replacen(
        "\n)",
        "\n    turn_limit: 3000,\n)",
        1,
    );
    assert!(standoff.contains("turn_limit: 3000") && !standoff.contains("Attack"), "{standoff}");
    // Removed when the test ends.
    let tmp = tempfile::Builder::new().prefix("skirmish-pipe-").tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let file = dir.join("standoff.ron");
    std::fs::write(&file, standoff).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .arg("run")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    let read = child.stdout.take().unwrap().read_exact(&mut first); // then the pipe closes, like `| head -c 16`
    if read.is_err() {
        let out = child.wait_with_output().unwrap();
        panic!("no output: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}
