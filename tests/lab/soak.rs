//! The soak (`skirmish soak`, `scripts/soak`) on a few battles: it plays them, saves, reloads and replays each, and
//! says it found nothing; a finding would name the command that replays its battle, and that command plays it.

use std::path::Path;
use std::process::Command;

use skirmish::lab::soak;
use skirmish::rules::any_ruleset::any::RulesetId;

fn skirmish(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("skirmish runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn a_short_soak_plays_saves_and_replays_every_battle_and_finds_nothing() {
    // 20 battles: the first five scenarios' cases (easy, normal, hard and mixed each), seed 1.
    let (ok, out, err) = skirmish(&["soak", "--battles", "20", "--seed", "1", "--levels", "/nonexistent"]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("20 battles of 20 cases in "), "{out}");
    assert!(out.contains("\nno findings: none panicked, outlasted its turn limit or replayed otherwise\n"), "{out}");
}

#[test]
fn a_soak_case_names_the_command_that_replays_its_battle() {
    let cases = soak::cases(Path::new("levels"), Path::new("/nonexistent")).expect("the shipped levels");
    let mixed = cases
        .iter()
        .find(|c| c.difficulty.is_none() && c.file.ends_with("street.ron") && c.ruleset == Some(RulesetId::HomebrewD6))
        .expect("the street under the homebrew, sides mixed");
    let command = mixed.replay_command(7);
    assert_eq!(
        command,
        "skirmish sim levels/street.ron --ruleset homebrew-d6 --ai normal --side 'Crew=easy' --side 'Gang=normal' --show 7"
    );
    let args: Vec<String> = command.split(' ').skip(1).map(|a| a.trim_matches('\'').to_owned()).collect();
    let (ok, out, err) = skirmish(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok, "{err}");
    assert!(out.contains("wins") || out.contains("draw"), "the battle's log to its end:\n{out}");
}
