//! The `skirmish` command as a shell uses it: a reader that goes away early (`skirmish odds FILE | head`) ends
//! every command quietly, `skirmish odds --json` gives the exact odds at full precision, and `skirmish run --json` names
//! combatants as the text log does; one battle's make-up (`--character` among it) for every command that starts battles.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use skirmish::rules::mechanics::odds::{Measure, Odds};
use skirmish::scenario::level::{self, RulesetId};

const STREET: &str = "levels/street.ron";
const PAIR: [&str; 4] = ["--attacker", "Crew rifleman 1", "--target", "Gang heavy 4"];

/// Runs the command with its standard output closed before it writes a byte.
fn with_stdout_closed(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take()); // the reader is gone at once, like `| head -0`
    child.wait_with_output().expect("finishes")
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let odds = [&["odds", STREET, "--ruleset", "shadowrun4"][..], &PAIR].concat();
    let odds_json = [&odds[..], &["--json"]].concat();
    let commands: [&[&str]; 7] = [
        &odds,
        &odds_json,
        &["run", STREET, "--ruleset", "shadowrun4", "--seed", "1"],
        &["run", STREET, "--ruleset", "shadowrun4", "--seed", "1", "--json"],
        &["check", STREET, "levels/escape.ron", "tests/scenarios/stoya.ron"],
        &["sim", STREET, "--ruleset", "shadowrun4", "--runs", "2", "--ai", "easy"],
        &["sim", STREET, "--ruleset", "shadowrun4", "--ai", "easy", "--show", "1"],
    ];
    for args in commands {
        let out = with_stdout_closed(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    }
}

#[test]
fn a_bad_file_still_fails_with_a_closed_stdout() {
    let out = with_stdout_closed(&["check", STREET, "levels/no_such_level.ron"]);
    assert_eq!(out.status.code(), Some(2), "the exit code still says a file is bad");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

/// What `skirmish odds` prints with these arguments, and whether it succeeded.
fn odds_output(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).arg("odds").args(args).output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{args:?}: {text}{}", String::from_utf8_lossy(&out.stderr));
    text
}

/// The number printed after `"key":` in `text`, read by Rust's own (correctly rounded) parser: serde_json's reader
/// may be one unit in the last place off, which would hide whether the writer printed every digit.
fn printed_number(text: &str, key: &str) -> f64 {
    let at = text.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("{key} in {text}")) + key.len() + 3;
    let digits: String = text[at..].chars().take_while(|c| c.is_ascii_digit() || "+-.eE".contains(*c)).collect();
    digits.parse().unwrap_or_else(|_| panic!("{key}: `{digits}` is a number"))
}

/// The odds the library computes for the street level's rifleman shooting the gang's heavy.
fn street_odds(ruleset: RulesetId) -> Odds {
    let text = std::fs::read_to_string(STREET).expect("the level");
    let level = level::parse(&text, Path::new(STREET)).expect("a good level");
    let scenario = level.scenario(ruleset).expect("plays under every ruleset");
    skirmish::lab::odds::odds(&scenario, Some((PAIR[1], PAIR[3]))).expect("an attack")
}

#[test]
fn odds_json_gives_every_chance_and_distribution_at_full_precision() {
    let args = [&[STREET, "--ruleset", "shadowrun4"][..], &PAIR].concat();
    let text = odds_output(&[&args[..], &["--json"]].concat());
    let json: serde_json::Value = serde_json::from_str(&text).expect("one JSON object");
    let table = odds_output(&args);
    let odds = street_odds(RulesetId::Shadowrun4);
    assert_eq!(json["title"], odds.title.as_str());
    assert!(table.starts_with(&format!("{}\n", odds.title)), "{table}");
    assert_eq!(json["inputs"].as_array().map(Vec::len), Some(odds.inputs.len()));
    let chances = json["chances"].as_object().expect("chances by name");
    assert_eq!(chances.len(), odds.chances.len(), "one entry per chance, no name twice");
    for (chance, p) in &odds.chances {
        let name = chance.to_string();
        let read = chances[name.as_str()].as_f64().expect("a probability");
        assert!((read - p).abs() < 1e-12, "{name}: {read} against {p}");
        let chances_text = &text[text.find("\"chances\":").expect("chances")..];
        assert_eq!(printed_number(chances_text, &name).to_bits(), p.to_bits(), "{name}: every digit printed");
        let percent = format!("{:.1}%", p * 100.0);
        assert!(*p < 0.0005 || table.contains(&format!("{name:<28} {percent:>7}")), "{name} {percent}:\n{table}");
    }
    let dists = json["dists"].as_object().expect("distributions by name");
    assert_eq!(dists.len(), odds.dists.len());
    for (name, dist) in dists {
        let sum: f64 = dist.as_object().expect("value → probability").values().filter_map(|p| p.as_f64()).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{name} sums to {sum}");
    }
    let damage = odds.dist(Measure::Damage).expect("Shadowrun 4 prices the damage");
    let damage_text = &text[text.find("\"damage\":").expect("the damage distribution")..];
    for (value, p) in damage.iter() {
        let read = dists["damage"][value.to_string()].as_f64().expect("a probability");
        assert!((read - p).abs() < 1e-12, "damage {value}: {read} against {p}");
        let printed = printed_number(damage_text, &value.to_string());
        assert_eq!(printed.to_bits(), p.to_bits(), "damage {value}: every digit printed");
    }
}

#[test]
fn odds_json_keeps_the_tables_order() {
    let text = odds_output(&["tests/scenarios/stoya.ron", "--json"]);
    let at = |key: &str| text.find(&format!("\"{key}\"")).unwrap_or_else(|| panic!("{key} in {text}"));
    assert!(at("title") < at("inputs") && at("inputs") < at("chances") && at("chances") < at("dists"), "{text}");
    assert!(at("hit") < at("knocked down"), "the chances in the order a player reads them: {text}");
    assert_eq!(text.lines().count(), 1, "one line: {text}");
}

/// `skirmish run --json` writes one event a line, fields in the order the rules declare them, and the combatants
/// by name (events hold ids), as the text log does.
#[test]
fn the_json_log_names_combatants_as_the_text_log_does() {
    let run = |extra: &[&str]| {
        let args = [&["run", "scenarios/firefight.ron", "--seed", "3"][..], extra].concat();
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (text, json) = (run(&[]), run(&["--json"]));
    assert_eq!(text.lines().count(), json.lines().count(), "one JSON line an event");
    for (line, object) in text.lines().zip(json.lines()) {
        assert!(object.starts_with(r#"{"event":"#), "the event's kind first: {object}");
        let value: serde_json::Value = serde_json::from_str(object).expect("one JSON object a line");
        for key in ["who", "attacker", "defender"] {
            if let Some(who) = value.get(key).filter(|v| !v.is_null()) {
                let name = who.as_str().unwrap_or_else(|| panic!("{key} by name: {object}"));
                assert!(line.contains(name), "{line} names {name}");
            }
        }
    }
    assert!(json.contains(r#""order":["#), "the phase order by name");
}

#[test]
fn balance_names_the_levels_when_asked_for_one_it_does_not_have() {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["balance", "--only", "streets", "--runs", "1"])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no level `streets` in levels: it has ambush, corridors"), "{err}");
}

/// Runs the command to its end; its standard output and error as text, and whether it succeeded.
fn run_skirmish(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn run_saves_a_battle_mid_way_and_load_plays_it_on_to_the_same_log() {
    let dir = tempfile::tempdir().expect("a folder");
    let save = dir.path().join("street.ron");
    let save = save.to_str().expect("a path");
    // A battle of well over 15 decisions, so that stopping after 15 stops it mid-way.
    let battle = [STREET, "--ruleset", "homebrew-d6", "--seed", "8", "--ai", "hard"];
    let (whole, _, ok) = run_skirmish(&[&["run"][..], &battle].concat());
    assert!(ok);
    let (part, _, ok) = run_skirmish(&[&["run"][..], &battle, &["--stop-after", "15", "--save", save]].concat());
    assert!(ok && part.len() < whole.len() && whole.starts_with(&part[..part.len() / 2]));
    let (resumed, err, ok) = run_skirmish(&["run", "--load", save]);
    assert!(ok, "{err}");
    assert_eq!(resumed, whole, "the battle taken up again is the battle never stopped");
    let (_, err, ok) = run_skirmish(&["run", "--load", save, "--seed", "3"]);
    assert!(!ok && err.contains("--seed"), "a save brings its own dice: {err}");
    std::fs::write(save, "(version: 1, battle: (").expect("truncated");
    let (out, err, ok) = run_skirmish(&["run", "--load", save]);
    assert!(!ok && out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {save}:1:")), "{err}");
}

#[test]
fn sim_csv_gives_the_reports_numbers_a_row_a_side() {
    let run = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(["sim", "levels/street.ron", "--ruleset", "storyteller", "--runs", "12", "--seed", "3"])
            .args(extra)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("text")
    };
    let (csv, text) = (run(&["--csv"]), run(&[]));
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().expect("a header").iter().map(str::to_owned).collect();
    assert_eq!(header[..6], ["level", "side", "ai", "battles", "wins", "win_rate"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    assert_eq!(rows.len(), 2, "a row a side: {csv}");
    for row in &rows {
        let (side, wins, rate) = (&row[1], &row[4], &row[5]);
        let line = text.lines().find(|l| l.trim_start().starts_with(side)).expect("the side in the report");
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[2], wins, "the same wins: {line}");
        let percent: f64 = words[3].trim_end_matches('%').parse().expect("a rate");
        assert!((percent / 100.0 - rate.parse::<f64>().expect("a rate")).abs() < 5e-4, "{line} vs {rate}");
        assert_eq!(&row[3], "12");
    }
}

#[test]
fn a_character_of_another_ruleset_is_refused_before_the_window_is_looked_for() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args([
            "play",
            "levels/street.ron",
            "--ruleset",
            "storyteller",
            "--character",
            "Crew=tests/characters/gran.ron",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: levels/street.ron: under Storyteller: Gran is a Shadowrun4 character; this battle is fought under \
         another ruleset\n"
    );
}

#[test]
fn sim_ladder_plays_a_level_under_the_ruleset_asked_for_and_a_scenario_under_its_own() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("text")
    };
    let rows = |table: &str| table.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| ruleset")).count();
    let street = run(&["sim", "levels/street.ron", "--ladder", "--ruleset", "storyteller", "--runs", "2"]);
    assert!(street.contains("| Storyteller | "), "{street}");
    assert_eq!(rows(&street), 1, "{street}");
    assert!(street.contains("seeds 1–2"), "{street}");
    let alley = run(&["sim", "scenarios/shadowrun_alley.ron", "--ladder", "--runs", "2"]);
    assert!(alley.contains("| Shadowrun 4 | "), "{alley}");
    assert_eq!(rows(&alley), 1, "{alley}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["sim", "levels/crossroads.ron", "--ladder", "--ruleset", "storyteller", "--runs", "2"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "error: the ladder needs a level of two sides; this one has 4\n");
}

#[test]
fn run_sim_and_odds_take_a_character_of_ones_own_as_play_does() {
    let gran = ["--ruleset", "shadowrun4", "--character", "Crew=tests/characters/gran.ron"];
    let fires = |log: &str| log.lines().any(|l| l.starts_with("Gran: fires") && l.contains("Grandma's shotgun"));
    let (log, err, ok) = run_skirmish(&[&["run", STREET, "--seed", "3"][..], &gran].concat());
    assert!(ok && fires(&log), "Gran fires her own shotgun in `run`: {err}");
    let (shown, err, ok) = run_skirmish(&[&["sim", STREET, "--show", "3"][..], &gran].concat());
    assert!(ok && fires(&shown), "and in `sim --show`: {err}");
    let (report, err, ok) = run_skirmish(&[&["sim", STREET, "--runs", "6", "--csv"][..], &gran].concat());
    assert!(ok && report.lines().count() == 3, "a header and a row a side: {report}{err}");
    let (odds, err, ok) =
        run_skirmish(&[&["odds", STREET, "--attacker", "Gran", "--target", "Gang heavy 4"][..], &gran].concat());
    assert!(ok && odds.contains("Grandma's shotgun"), "{odds}{err}");
}

#[test]
fn a_command_refuses_the_parts_of_a_battle_it_has_no_use_for_and_says_why() {
    let refused = |args: &[&str], why: &str| {
        let (out, err, ok) = run_skirmish(args);
        assert!(!ok && out.is_empty(), "{args:?}: {out}");
        assert_eq!(err, format!("error: {why}\n"), "{args:?}");
    };
    let run = "`run` plays every side by the AI, headless (`--typed` types every die in); players are the window's \
               (`skirmish play`)";
    refused(&["run", STREET, "--human", "Crew"], &format!("--human: {run}"));
    refused(&["run", STREET, "--fog"], &format!("--fog: {run}"));
    let sim = "`sim` plays every side by the AI; players are the window's (`skirmish play`)";
    refused(&["sim", STREET, "--by-hand", "Crew"], &format!("--by-hand: {sim}"));
    refused(&["host", STREET, "--human", "Crew"], "--human: players take their sides in the lobby");
    refused(
        &["odds", STREET, "--seed", "4"],
        "--seed: `odds` prices an attack exactly, rolling no dice, with no players",
    );
}

#[test]
fn a_character_imported_into_the_content_folder_plays_by_its_file_name_in_run() {
    let content = tempfile::tempdir().expect("a content folder");
    let skirmish = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .env("SKIRMISH_CONTENT", content.path())
            .args(args)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("text")
    };
    let report = skirmish(&["import", "tests/import/razorback.chum"]);
    let file = std::fs::read_dir(content.path().join("characters"))
        .expect("the characters folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .find(|f| f.ends_with(".ron") && !f.contains("report"))
        .unwrap_or_else(|| panic!("a character written: {report}"));
    let crew = format!("Crew={file}");
    let log = skirmish(&["run", STREET, "--ruleset", "shadowrun4", "--seed", "2", "--character", &crew]);
    let name = report.lines().find_map(|l| l.split(" imported to ").next().filter(|_| l.contains(" imported to ")));
    let name = name.unwrap_or_else(|| panic!("the import names its character: {report}"));
    assert!(log.lines().any(|l| l.starts_with(name)), "{name} plays: {log}");
}

#[test]
fn without_a_display_play_says_the_run_command_of_the_same_battle_and_that_command_plays_it() {
    let make_up =
        ["--ruleset", "shadowrun4", "--seed", "4", "--character", "Crew=tests/characters/gran.ron", "--ai", "hard"];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args([&["play", STREET, "--human", "Crew", "--side", "Gang=easy"][..], &make_up].concat())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    let command = "skirmish run levels/street.ron --ruleset shadowrun4 --seed 4 --character \
                   Crew=tests/characters/gran.ron --ai hard --side Gang=easy";
    assert!(said.contains(&format!("play it headless with `{command}`")), "{said}");
    // The hint's command, as a shell would run it: the same battle, Gran in it.
    let words: Vec<&str> = command.split(' ').skip(1).collect();
    let (log, err, ok) = run_skirmish(&words);
    assert!(ok && log.lines().any(|l| l.starts_with("Gran")), "{err}");
}
