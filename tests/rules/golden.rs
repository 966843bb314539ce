//! The logs of every shipped scenario and level, recorded: the same seed must give the same battle, word for word,
//! whatever changes inside the engine. `SKIRMISH_BLESS=1 cargo test --test rules golden::` records them anew (only when
//! a change is meant to change battles: a rule fixed, a level tuned); `git diff tests/golden` then shows what changed.
//!
//! Level battles under seed 1 (normal AI), the scenarios' own dice and the odds are kept in full; more seeds and
//! difficulties are kept as a digest of their text (FNV-1a 64) and line count, to keep the repository small.

use crate::common;

use std::fmt::Write as _;
use std::hash::Hasher;
use std::path::Path;
use std::process::Command;

const RULESETS: [&str; 4] = ["eclipse-phase", "shadowrun4", "storyteller", "homebrew-d6"];

fn stem(path: &Path) -> String {
    path.file_stem().and_then(|s| s.to_str()).expect("a file name").to_owned()
}

/// What `skirmish ARGS` prints (its standard output); it must succeed.
fn skirmish(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
    assert!(out.status.success(), "skirmish {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn blessing() -> bool {
    std::env::var_os("SKIRMISH_BLESS").is_some()
}

/// Compares `text` with the recorded file `name` under `tests/golden/` (or records it when blessing); returns the
/// name when they differ.
fn compare(name: &str, text: &str) -> Option<String> {
    let path = Path::new("tests/golden").join(name);
    if blessing() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("writable");
        std::fs::write(&path, text).expect("writable");
        return None;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    (recorded != text).then(|| name.to_owned())
}

fn digest(text: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(text.as_bytes());
    format!("{:016x} {} lines", hasher.finish(), text.lines().count())
}

fn assert_none_differ(differ: Vec<String>) {
    assert!(differ.is_empty(), "these logs differ from the recorded ones (tests/golden): {differ:#?}");
}

#[test]
fn every_scenario_plays_as_recorded() {
    let mut differ = Vec::new();
    for file in common::shipped("scenarios") {
        let path = file.to_str().expect("a path");
        differ.extend(compare(&format!("scenarios/{}.log", stem(&file)), &skirmish(&["run", path])));
        differ
            .extend(compare(&format!("scenarios/{}.seed1.log", stem(&file)), &skirmish(&["run", path, "--seed", "1"])));
    }
    assert_none_differ(differ);
}

#[test]
fn every_level_plays_as_recorded_under_every_ruleset() {
    let mut differ = Vec::new();
    for file in common::shipped("levels") {
        let path = file.to_str().expect("a path");
        for ruleset in RULESETS {
            let log = skirmish(&["run", path, "--ruleset", ruleset, "--seed", "1"]);
            differ.extend(compare(&format!("levels/{}.{ruleset}.log", stem(&file)), &log));
        }
    }
    assert_none_differ(differ);
}

#[test]
fn more_seeds_and_difficulties_play_as_recorded() {
    let mut digests = String::new();
    for file in common::shipped("levels") {
        let path = file.to_str().expect("a path");
        for ruleset in RULESETS {
            for (seed, ai) in [("2", "easy"), ("3", "hard"), ("4", "normal")] {
                let log = skirmish(&["run", path, "--ruleset", ruleset, "--seed", seed, "--ai", ai]);
                writeln!(digests, "{} {ruleset} seed {seed} {ai}: {}", stem(&file), digest(&log)).expect("text");
            }
        }
    }
    assert_none_differ(compare("digests.txt", &digests).into_iter().collect());
}

#[test]
fn odds_and_sims_are_as_recorded() {
    let mut differ = Vec::new();
    for file in common::shipped("scenarios") {
        let path = file.to_str().expect("a path");
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(["odds", path]).output().expect("runs");
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        differ.extend(compare(&format!("odds/{}.txt", stem(&file)), &text));
    }
    let pair = ["--attacker", "Crew rifleman 1", "--target", "Gang heavy 4"];
    for ruleset in RULESETS {
        let odds = skirmish(&[&["odds", "levels/street.ron", "--ruleset", ruleset][..], &pair].concat());
        differ.extend(compare(&format!("odds/street.{ruleset}.txt"), &odds));
        let sim = skirmish(&["sim", "levels/street.ron", "--ruleset", ruleset, "--runs", "8", "--ai", "easy"]);
        // The first line names the machine's thread count; the numbers below it do not depend on it.
        let sim: String = sim.lines().skip(1).map(|l| format!("{l}\n")).collect();
        differ.extend(compare(&format!("sim/street.{ruleset}.txt"), &sim));
    }
    assert_none_differ(differ);
}
