//! Saves: a battle saved after any decision and taken up again plays on to exactly the log of the battle never
//! interrupted (every ruleset on a level, and a scripted scenario), through the save's RON text; a save is written
//! atomically; a truncated, corrupt, hand-edited or other-version save, or one whose level changed, gets one clear
//! line and never a panic; an undo is the battle before the player's last decision, and a redo takes it again with
//! the same dice (a game master's change its own undo point); a reinforcement added mid-battle rebuilds the same
//! battle.

use std::path::Path;

use crate::common::render;
use skirmish::ai::Difficulty;
use skirmish::battle::no_typing;
use skirmish::battle::run;
use skirmish::battle::save::{Save, undo_point};
use skirmish::battle::{BattleRequest, DiceChoice};
use skirmish::combat::headless::play_setup;
use skirmish::rules::any_ruleset::any::{AnyAction, AnyBattle, BattleSetup, RulesetId};
use skirmish::rules::engine::battle::{Decision, Recorded};
use skirmish::rules::engine::gm::GmChange;
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::outcome::Status;
use skirmish::rules::engine::ruleset::CombatantId;
use skirmish::scenario::reserve::Reinforcement;

/// A recipe for `file` under `ruleset`, seeded, the AI at `ai` on every side.
fn recipe(file: &str, ruleset: Option<RulesetId>, seed: u64, ai: Difficulty) -> BattleRequest {
    let request = BattleRequest::new(Path::new(file), ruleset, ai);
    BattleRequest { dice: DiceChoice::Seed(seed), dice_label: format!("seed {seed}"), ..request }
}

/// The battle of `recipe` played through the ECS until it ends or has taken `decisions` decisions.
fn play(recipe: &BattleRequest, decisions: usize) -> (Log, AnyBattle) {
    let loaded = recipe.scenario().expect("a battle");
    let setup = run::setup(&loaded, recipe.dice(no_typing), &recipe.dice_label);
    let (log, result, battle) = play_setup(setup, Some(recipe.minds()), decisions);
    result.expect("the rules accept every decision");
    (log, battle.expect("the battle"))
}

/// The save of `battle`, written to RON text and read back.
fn through_text(recipe: &BattleRequest, battle: &AnyBattle) -> Save {
    let save = Save::of(recipe, battle);
    let text = save.to_ron().expect("written");
    let read = Save::parse(&text, Path::new("test.ron")).expect("reads back");
    assert_eq!(read, save, "a save reads back as written");
    read
}

/// Takes `save` up again and plays it to the end.
fn resumed(save: &Save) -> String {
    let loaded = save.resume(no_typing).expect("the save replays");
    assert_eq!(loaded.warning, None);
    let (log, result, _) = play_setup(loaded.setup, Some(save.battle.minds()), usize::MAX);
    result.expect("the rules accept every decision");
    render(&log)
}

/// Saves the battle of `recipe` after each of its decisions (every `stride`-th), takes each save up again and
/// checks that it plays on to the whole log of the battle never interrupted.
fn every_boundary_resumes(recipe: &BattleRequest, stride: usize) -> usize {
    let (whole, battle) = play(recipe, usize::MAX);
    let whole = render(&whole);
    let decisions = battle.decided();
    // The firefight's normal AIs settle it in 8 decisions since they hold their ground on a tie (seeds 1–40: 3–10).
    assert!(decisions >= 8, "{}: a battle worth saving ({decisions} decisions)", recipe.file.display());
    for k in (0..=decisions).step_by(stride) {
        let (_, part) = play(recipe, k);
        assert_eq!(part.decided(), k);
        let save = through_text(recipe, &part);
        assert_eq!(resumed(&save), whole, "{} saved after {k} decisions", recipe.file.display());
    }
    decisions
}

#[test]
fn a_battle_saved_after_any_decision_plays_on_to_the_same_log_under_every_ruleset() {
    // Seeds 3 to 6, one a ruleset.
    for (ruleset, seed) in RulesetId::ALL.into_iter().zip(3..) {
        let recipe = recipe("levels/street.ron", Some(ruleset), seed, Difficulty::Normal);
        let decisions = every_boundary_resumes(&recipe, 1);
        println!("{ruleset:?}: {decisions} decisions, each a save that plays on to the same log");
    }
}

#[test]
fn a_scripted_scenario_and_a_hard_ai_battle_saved_mid_way_play_on_the_same() {
    every_boundary_resumes(&recipe("scenarios/firefight.ron", None, 9, Difficulty::Normal), 1);
    every_boundary_resumes(&recipe("levels/hold_the_relay.ron", Some(RulesetId::Shadowrun4), 3, Difficulty::Hard), 5);
}

#[test]
fn a_save_is_written_whole_over_the_last_one_and_nothing_else_is_left_beside_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("saves").join("street.ron");
    let recipe = recipe("levels/street.ron", Some(RulesetId::Storyteller), 1, Difficulty::Easy);
    let (_, early) = play(&recipe, 3);
    let (_, later) = play(&recipe, 9);
    Save::of(&recipe, &early).write(&path).expect("written");
    Save::of(&recipe, &later).write(&path).expect("written over");
    assert_eq!(Save::read(&path).expect("reads").record.len(), 9);
    let files: Vec<_> = std::fs::read_dir(path.parent().expect("its folder")).expect("listed").collect();
    assert_eq!(files.len(), 1, "no temporary file is left: {files:?}");
}

/// A save of a few decisions into the street battle, as text.
fn saved_text() -> (BattleRequest, String) {
    let recipe = recipe("levels/street.ron", Some(RulesetId::EclipsePhase), 2, Difficulty::Easy);
    let (_, battle) = play(&recipe, 12);
    let text = Save::of(&recipe, &battle).to_ron().expect("written");
    (recipe, text)
}

#[test]
fn a_truncated_corrupt_or_other_version_save_gets_one_line_naming_where() {
    let (_, text) = saved_text();
    let path = Path::new("saves/broken.ron");
    let truncated = Save::parse(&text[..text.len() / 2], path).unwrap_err().to_string();
    assert!(truncated.starts_with("saves/broken.ron:"), "{truncated}");
    assert_eq!(truncated.lines().count(), 1, "{truncated}");
    let garbage = Save::parse("\u{0}\u{1}PK garbage", path).unwrap_err().to_string();
    assert!(garbage.starts_with("saves/broken.ron:1:"), "{garbage}");
    let words = Save::parse("garbage", path).unwrap_err().to_string();
    assert_eq!(words, "saves/broken.ron:1:1: Expected a save, `(version: 1, …)`, but found `garbage`");
    let empty = Save::parse("", path).unwrap_err().to_string();
    assert!(empty.starts_with("saves/broken.ron:"), "{empty}");
    let other = Save::parse(&text.replacen("version: 1", "version: 7", 1), path).unwrap_err().to_string();
    assert_eq!(other, "saves/broken.ron:2:3: a save of version 7; this build reads saves of version 1");
    let mut far = Save::parse(&text, path).expect("a save");
    far.saved_at = u64::MAX;
    assert_eq!(skirmish::battle::save::summary(&far, |r| format!("{r:?}")).1, "saved 9999-12-31 23:59 UTC");
    let none = Save::parse("(turn: 3)", path).unwrap_err().to_string();
    assert_eq!(none, "saves/broken.ron:1:1: not a save: it has no `version`");
    let typo = Save::parse(&text.replacen("turn:", "trun:", 1), path).unwrap_err().to_string();
    assert!(typo.starts_with("saves/broken.ron:") && typo.contains("trun"), "{typo}");
}

#[test]
fn a_hand_edited_save_that_its_dice_do_not_roll_is_refused_and_says_which_die() {
    let (_, text) = saved_text();
    let mut save = Save::parse(&text, Path::new("s.ron")).expect("a save");
    save.faces[4] = if save.faces[4] == 7 { 8 } else { 7 };
    let e = save.resume(no_typing).err().expect("refused").to_string();
    assert!(e.contains("die 5 of the save shows"), "{e}");
    let mut save = Save::parse(&text, Path::new("s.ron")).expect("a save");
    save.record.swap(0, 1);
    let e = save.resume(no_typing).err().expect("refused").to_string();
    assert!(e.starts_with("the save does not replay on "), "{e}");
}

#[test]
fn a_save_whose_level_changed_says_so() {
    let dir = tempfile::tempdir().expect("a folder");
    let level = dir.path().join("street.ron");
    let original = std::fs::read_to_string("levels/street.ron").expect("the level");
    std::fs::write(&level, &original).expect("copied");
    let request = BattleRequest::new(&level, Some(RulesetId::Storyteller), Difficulty::Easy);
    let recipe = BattleRequest { dice: DiceChoice::Seed(4), dice_label: "seed 4".into(), ..request };
    let (_, battle) = play(&recipe, 10);
    let save = Save::of(&recipe, &battle);
    assert!(save.turn >= 2, "saved in turn {}", save.turn);
    // A comment more: the battle still replays, with a warning.
    std::fs::write(&level, format!("// edited\n{original}")).expect("edited");
    let loaded = save.resume(no_typing).expect("still replays");
    assert!(loaded.warning.as_deref().is_some_and(|w| w.contains("has changed since the battle was saved")));
    // A turn limit of 1: the record no longer fits, and the error says why it may be.
    std::fs::write(&level, original.replacen("turn_limit", "turn_limit: 1, // ", 1)).expect("edited");
    let e = save.resume(no_typing).err().expect("refused").to_string();
    assert!(e.contains("has changed since the battle was saved"), "{e}");
    std::fs::remove_file(&level).expect("removed");
    let e = save.resume(no_typing).err().expect("refused").to_string();
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn an_undo_goes_back_before_the_players_last_decision_and_a_redo_takes_it_again_with_the_same_dice() {
    let recipe = recipe("levels/street.ron", Some(RulesetId::Storyteller), 3, Difficulty::Normal);
    let (_, battle) = play(&recipe, 14);
    let save = Save::of(&recipe, &battle);
    let side = |r: &Recorded<AnyAction>| battle.view(r.actor).side.to_owned();
    let crew = ["Crew".to_owned()];
    let at = undo_point(&save.record, side, &crew, None).expect("the Crew has decided");
    assert_eq!(side(&save.record[at]), "Crew");
    assert!(save.record[at + 1..].iter().all(|r| side(r) == "Gang"), "what the AI did after it goes too");
    // Undo: the battle as it stood before that decision, as if it had never been taken.
    let before = save.clone().before(at);
    let undone = before.resume(no_typing).expect("replays");
    let (_, straight) = play(&recipe, at);
    assert_eq!(format!("{:?}", undone.setup.battle), format!("{straight:?}"));
    // Redo: the decision again, with the very dice it rolled the first time.
    let again = Save { record: save.record[..=at].to_vec(), ..before };
    let redone = again.resume(no_typing).expect("replays");
    let (_, straight) = play(&recipe, at + 1);
    assert_eq!(format!("{:?}", redone.setup.battle), format!("{straight:?}"));
    assert_eq!(redone.setup.battle.faces(), &save.faces[..save.record[at].dice], "the same dice");
    // Hot-seat: not past a hand-over (the next player has seen the result).
    let both = ["Crew".to_owned(), "Gang".to_owned()];
    let last = save.record.len() - 1;
    let last_side = side(&save.record[last]);
    let other = if last_side == "Crew" { "Gang" } else { "Crew" };
    assert_eq!(undo_point(&save.record, side, &both, Some(&last_side)), Some(last));
    assert_eq!(undo_point(&save.record, side, &both, Some(other)), None);
    assert_eq!(undo_point(&save.record, side, &[], None), None, "nothing to undo for the AI alone");
    // A game master's change, made in an AI's slot: undone on its own, even past a hand-over.
    let mut with_gm = save.record.clone();
    let mut change = with_gm[last].clone();
    let who = change.actor;
    change.decision = Decision::Gm { change: GmChange::Status { who, status: Status::Prone, on: true }, in_slot: true };
    with_gm.push(change);
    assert_eq!(undo_point(&with_gm, side, &both, Some(other)), Some(last + 1));
    assert_eq!(undo_point(&with_gm, side, &[], None), Some(last + 1), "the GM's change, with no player");
    let gang = save.record.iter().find(|r| side(r) == "Gang").expect("the Gang has acted").clone();
    with_gm.push(gang);
    assert_eq!(undo_point(&with_gm, side, &crew, None), Some(last + 1), "with what the AI did after it");
}

#[test]
fn every_face_a_battle_rolls_shows_in_its_log_in_order() {
    for ruleset in [RulesetId::EclipsePhase, RulesetId::Shadowrun4, RulesetId::Storyteller, RulesetId::HomebrewD6] {
        for file in ["levels/street.ron", "levels/ambush.ron", "levels/crossroads.ron"] {
            let (log, battle) = play(&recipe(file, Some(ruleset), 5, Difficulty::Hard), usize::MAX);
            let shown: Vec<u32> = log.events.iter().flat_map(|e| e.faces()).collect();
            assert_eq!(shown, battle.faces(), "{file} under {ruleset:?}");
        }
    }
}

#[test]
fn a_battle_with_gear_of_its_files_own_saves_and_plays_on() {
    // Gran draws the knife first and is scripted to ready the scenario's own shotgun: a recorded action naming its
    // id, which the save must read back with the file's gear in force.
    let text = std::fs::read_to_string("tests/scenarios/own_gear.ron").expect("the scenario");
    let text = text.replace(r#"weapons: ["grandmas_shotgun"]"#, r#"weapons: ["combat_knife", "grandmas_shotgun"]"#);
    let script = r#"actions: [(actor: "Gran", simple: [ReadyWeapon("grandmas_shotgun")])],"#;
    let text = text.replace("        ],\n    ),\n)", &format!("        ],\n        {script}\n    ),\n)"));
    assert!(text.contains(script), "the script is in the scenario");
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("own_gear.ron");
    std::fs::write(&file, text).expect("written");
    let recipe = recipe(file.to_str().expect("a path"), None, 3, Difficulty::Hard);
    let (whole, battle) = play(&recipe, usize::MAX);
    let save = Save::of(&recipe, &battle);
    let written = save.to_ron().expect("written");
    assert!(written.contains("grandmas_shotgun"), "the record names the file's own weapon:\n{written}");
    let read = Save::parse(&written, Path::new("test.ron")).expect("reads back with the file's gear in force");
    assert_eq!(read, save);
    // Taken up half-way, it plays on to the same battle.
    let (_, half) = play(&recipe, battle.decided() / 2);
    let text = Save::of(&recipe, &half).to_ron().expect("written");
    let resumed = resumed(&Save::parse(&text, Path::new("test.ron")).expect("reads back"));
    assert_eq!(resumed, render(&whole));
}

/// A save written by the build before `BattleRequest` (`skirmish run levels/crossroads.ron --ruleset eclipse-phase
/// --seed 11 --absent Wolves --options "(mos_rule: RollIsMoS)" --side Jackals=hard --stop-after 25 --save …`; its
/// level's path, which that build wrote absolute, made relative to the project by hand, and since issue 46 retuned
/// the crossroads pointed at a copy of the level as it was, kept beside the save).
const OLD_SAVE: &str = "tests/saves/crossroads-before-battle-request.ron";

#[test]
fn a_save_written_before_the_battle_request_loads_and_plays_on_to_the_battle_never_stopped() {
    let save = Save::read(Path::new(OLD_SAVE)).expect("an old save reads");
    assert_eq!((save.battle.absent.as_slice(), save.record.len()), (&["Wolves".to_owned()][..], 25));
    let started = skirmish::battle::start(&save.taken_up(Path::new(OLD_SAVE)), no_typing).expect("it replays");
    assert_eq!(started.warning, None, "the level has not changed since");
    let (log, result, _) = play_setup(started.setup, Some(started.request.minds()), usize::MAX);
    result.expect("the rules accept every decision");
    // The same request from its start, never stopped: the very same log.
    let fresh = BattleRequest { resume: None, ..save.battle.clone() };
    let (whole, _) = play(&fresh, usize::MAX);
    assert_eq!(render(&log), render(&whole));
}

#[test]
fn a_save_taken_up_stands_where_it_stopped_and_is_saved_on_to_its_own_file() {
    let street = BattleRequest::new(Path::new("levels/street.ron"), Some(RulesetId::Shadowrun4), Difficulty::Easy);
    let begun = skirmish::battle::start(&street.with_dice(DiceChoice::Seed(5)), no_typing).expect("the street");
    let (mut battle, mut dice, mut log) = (begun.setup.battle, begun.setup.dice, begun.setup.log);
    let mut choose =
        |b: &skirmish::rules::any_ruleset::any::AnyBattle, slot| skirmish::ai::choose_any(b, slot, Difficulty::Easy);
    battle.play_out(dice.as_mut(), &mut log, &mut choose).expect("plays");
    let save = Save::of(&begun.request, &battle);
    let path = Path::new("street-save.ron");
    let mut taken = skirmish::battle::start(&save.taken_up(path), no_typing).expect("taken up");
    assert_eq!((taken.saved_to.as_deref(), &taken.request.resume), (Some(path), &None));
    // Its last decision replayed, the battle says it is over, as it did when it was played.
    let over = taken.setup.battle.next(&mut skirmish::rules::engine::dice::ScriptedDice::new([]), &mut taken.setup.log);
    assert!(matches!(over, Ok(skirmish::rules::engine::battle::Next::Over)));
    assert_eq!(taken.setup.log, log);
    assert_eq!(format!("{:?}", taken.setup.battle), format!("{battle:?}"));
}

#[test]
fn a_save_names_a_shipped_level_by_its_full_path_and_finds_a_moved_one_by_name_and_text() {
    // A shipped level: by its full path, which holds wherever the save is taken up from on this machine.
    let shipped = recipe("levels/street.ron", Some(RulesetId::Storyteller), 4, Difficulty::Easy);
    let (_, battle) = play(&shipped, 6);
    let text = Save::of(&shipped, &battle).to_ron().expect("written");
    let full = std::fs::canonicalize("levels/street.ron").expect("the level");
    assert!(text.contains(&format!("file: \"{}\"", full.display())), "{text}");
    // A level in a folder of its own, saved, then the folder moved (a copied game, another machine).
    let dir = tempfile::tempdir().expect("a folder");
    let (old, moved) = (dir.path().join("old"), dir.path().join("moved"));
    std::fs::create_dir(&old).expect("made");
    let level = std::fs::read_to_string("levels/crossroads.ron").expect("the level");
    std::fs::write(old.join("my_crossroads.ron"), &level).expect("copied");
    let request = BattleRequest::new(&old.join("my_crossroads.ron"), Some(RulesetId::Storyteller), Difficulty::Easy);
    let recipe = BattleRequest { dice: DiceChoice::Seed(4), dice_label: "seed 4".into(), ..request };
    let (whole, _) = play(&recipe, usize::MAX);
    let (_, battle) = play(&recipe, 8);
    let text = Save::of(&recipe, &battle).to_ron().expect("written");
    std::fs::rename(&old, &moved).expect("moved");
    std::fs::write(moved.join("battle.ron"), &text).expect("the save beside it");
    let save = Save::read(&moved.join("battle.ron")).expect("reads");
    assert_eq!(save.battle.file, moved.join("my_crossroads.ron"), "found beside the save, by its name and text");
    assert_eq!(resumed(&save), render(&whole), "and plays on as the battle never stopped");
}

#[test]
fn only_the_newest_autosaves_of_a_level_and_ruleset_are_kept() {
    let dir = tempfile::tempdir().expect("a folder");
    let names = [
        "street-Shadowrun4-2026-11-20T10-00-00Z.ron",
        "street-Shadowrun4-2026-11-21T10-00-00.250Z.ron",
        "street-Shadowrun4-2026-11-22T10-00-00.001Z.ron",
        "street-Shadowrun4-2026-11-23T10-00-00.000Z.ron",
        "street-Shadowrun4-my-best-battle.ron",
        "street-Storyteller-2026-11-19T10-00-00Z.ron",
        "street_2-Shadowrun4-2026-11-19T10-00-00Z.ron",
        "online-street.ron",
    ];
    for name in names {
        std::fs::write(dir.path().join(name), "").expect("written");
    }
    let street = recipe("levels/street.ron", Some(RulesetId::Shadowrun4), 1, Difficulty::Easy);
    let removed = skirmish::battle::save::prune(dir.path(), &street, 2);
    let file_names: Vec<String> =
        removed.iter().map(|p| p.file_name().expect("a name").to_string_lossy().into_owned()).collect();
    assert_eq!(file_names, names[..2], "the two oldest of the street's Shadowrun 4 autosaves");
    let left = std::fs::read_dir(dir.path()).expect("read").count();
    assert_eq!(left, names.len() - 2, "a save a player named, another ruleset's, another level's and online stay");
}

#[test]
fn two_battles_begun_at_once_save_to_files_of_their_own() {
    let street = recipe("levels/street.ron", Some(RulesetId::Shadowrun4), 1, Difficulty::Easy);
    let paths: Vec<_> = (0..50).map(|_| skirmish::battle::save::new_path(&street)).collect();
    let distinct: std::collections::BTreeSet<_> = paths.iter().collect();
    assert_eq!(distinct.len(), paths.len(), "{paths:?}");
}

#[test]
fn a_reinforcement_added_mid_battle_rebuilds_the_same_battle_and_once_brought_in_it_saves_and_replays() {
    let recipe = recipe("levels/street.ron", Some(RulesetId::Shadowrun4), 5, Difficulty::Normal);
    let (_, part) = play(&recipe, 6);
    // The GM adds Gran (her own shotgun, which no catalogue has) to the Crew's reserve: the battle rebuilt from its
    // save with her is the same battle, decision for decision and roll for roll.
    let mut save = through_text(&recipe, &part);
    save.battle.reserve.push(Reinforcement::character("Crew", Path::new("tests/characters/gran.ron")));
    let loaded = save.resume(no_typing).expect("rebuilt with the reserve");
    let (mut battle, mut log) = (loaded.setup.battle, loaded.setup.log);
    let gran = CombatantId::at(part.len());
    assert_eq!((battle.len(), battle.view(gran).name()), (part.len() + 1, "Gran"));
    assert_eq!((battle.record(), battle.faces()), (part.record(), part.faces()));
    let crew = battle.views().iter().find(|v| v.side == "Crew").map(|v| v.position).expect("the Crew");
    let beside = (-2..=2).flat_map(|dx| (-2..=2).map(move |dy| (crew.0 + dx, crew.1 + dy)));
    let to = beside.into_iter().find(|&to| battle.gm(&GmChange::BringIn { who: gran, to }, &mut log).is_ok());
    assert!(to.is_some(), "a free cell near the Crew");
    // She fights on under the AI; the battle's save, with her in it, reads back and replays to the same end.
    let setup = BattleSetup { battle, dice: loaded.setup.dice, log, typed: Default::default() };
    let (log, result, battle) = play_setup(setup, Some(recipe.minds()), usize::MAX);
    result.expect("the rules accept every decision");
    let battle = battle.expect("the battle");
    assert!(battle.record().iter().any(|r| r.actor == gran && r.action().is_some()), "Gran acted");
    let with_gran = BattleRequest { reserve: save.battle.reserve.clone(), ..recipe };
    let again = through_text(&with_gran, &battle);
    assert_eq!(resumed(&again), render(&log));
}

#[test]
fn verify_checks_every_face_against_the_committed_seed_and_names_the_first_that_is_not() {
    use skirmish::battle::commitment::Commitment;
    use skirmish::battle::verify::{Committed, verify};
    for (ruleset, seed) in RulesetId::ALL.into_iter().zip(21..) {
        let committed = Commitment::new(seed);
        let recipe = BattleRequest {
            commitment: Some(committed.clone()),
            ..recipe("levels/street.ron", Some(ruleset), seed, Difficulty::Normal)
        };
        let (_, battle) = play(&recipe, 30);
        let honest = through_text(&recipe, &battle);
        let checked = verify(&honest, Some(&committed.hash)).expect("checked");
        assert!(checked.passed(), "{ruleset:?}: {}", checked.verdict());
        assert_eq!((checked.rolls, checked.typed, &checked.wrong), (honest.faces.len(), 0, &None), "{ruleset:?}");
        assert_eq!(checked.committed, Committed::Holds);
        let said =
            format!("all {} rolls from seed {seed} check; the seed is the one the host committed", honest.faces.len());
        assert!(checked.verdict().starts_with(&said), "{ruleset:?}: {}", checked.verdict());

        // One face changed, to another face of the same die: that roll is named, whatever the battle did after it.
        let at = honest.faces.len() / 2;
        let mut edited = honest.clone();
        let face = edited.faces[at];
        edited.faces[at] = if face <= 1 { face + 1 } else { face - 1 };
        let checked = verify(&edited, Some(&committed.hash)).expect("checked");
        assert!(!checked.passed(), "{ruleset:?}: a changed face checks");
        let wrong = checked.wrong.clone().expect("a face named");
        assert_eq!((wrong.at, wrong.saved, wrong.seeded), (at + 1, edited.faces[at], face), "{ruleset:?}");
        assert!(checked.verdict().starts_with(&format!("roll {} of ", at + 1)), "{}", checked.verdict());
        // Marked as typed by hand where no player rolled that side's dice by hand, it is checked like any other.
        let mut forged = edited.clone();
        forged.typed.insert(at);
        let checked = verify(&forged, Some(&committed.hash)).expect("checked");
        assert_eq!((checked.wrong.map(|w| w.at), checked.typed), (Some(at + 1), 0), "{ruleset:?}");
        // Without the lobby's hash, the save is checked against its own commitment, and says so.
        let alone = verify(&honest, None).expect("checked");
        assert_eq!(alone.committed, Committed::HoldsInSave { saved: committed.hash.clone() });
        assert!(alone.passed() && alone.verdict().contains("give the hash the lobby showed"), "{}", alone.verdict());

        // Another seed than the one committed to, or another commitment than the one shown in the lobby.
        let swapped = Commitment::new(seed + 1);
        let other = Save {
            battle: BattleRequest { commitment: Some(swapped.clone()), ..honest.battle.clone() },
            ..honest.clone()
        };
        assert_eq!(verify(&other, None).expect("checked").committed, Committed::Broken, "{ruleset:?}");
        let shown = verify(&other, Some(&committed.hash)).expect("checked");
        assert!(matches!(shown.committed, Committed::NotTheOneShown { .. }), "{ruleset:?}");
        assert!(!shown.passed());
    }
}
