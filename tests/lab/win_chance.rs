//! The win chance and the decision review (`lab/win_chance.rs`, `lab/review.rs`): an estimate is the share of the
//! very battles `sim` plays from the same state with the same seeds; a side left alone has it all; a review lists
//! exactly a save's decisions, gives the same numbers twice, tells a player's choice from the hard AI's, and a save
//! that does not replay is one clear error.

use std::path::Path;

use skirmish::ai::expert::Think;
use skirmish::ai::{Difficulty, Minds};
use skirmish::battle::save::Save;
use skirmish::battle::{BattleRequest, DiceChoice, no_typing};
use skirmish::lab::review::{self, Review, Reviewer};
use skirmish::lab::sim::{self, Progress};
use skirmish::lab::win_chance::{Chance, MIND, seed_of};
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::battle::{Decision, Next};
use skirmish::rules::engine::dice::Dice;
use skirmish::rules::engine::outcome::Log;

/// The street under `ruleset` with seeded dice, Crew played by a person when `player`.
fn street(ruleset: RulesetId, player: bool) -> BattleRequest {
    let mut request = BattleRequest::new(Path::new("levels/street.ron"), Some(ruleset), Difficulty::Hard)
        .with_dice(DiceChoice::Seed(11));
    if player {
        request.humans = vec!["Crew".into()];
    }
    request
}

/// The battle of `request` after `decisions` decisions, each the hard AI's, except that Crew passes its slots
/// when `crew_passes`; with the request as it began.
fn played(request: &BattleRequest, decisions: usize, crew_passes: bool) -> (BattleRequest, AnyBattle) {
    let (began, battle, _) = played_as(request, decisions, crew_passes, false);
    (began, battle)
}

/// [`played`], each attack's defender choosing its defense by the odds when `defended` (as the game lets an AI's
/// defender choose: `ai::defend`), and how many attacks it changed.
fn played_as(
    request: &BattleRequest,
    decisions: usize,
    crew_passes: bool,
    defended: bool,
) -> (BattleRequest, AnyBattle, usize) {
    let started = skirmish::battle::start(request, no_typing).expect("the street starts");
    let (mut battle, mut dice, mut log) = (started.setup.battle, started.setup.dice, started.setup.log);
    let mut changed = 0;
    while battle.decided() < decisions {
        let Next::Slot(slot) = battle.next(dice.as_mut(), &mut log).expect("a slot") else { break };
        if crew_passes && battle.view(slot.actor).side == "Crew" {
            battle.pass(&mut log);
            continue;
        }
        match skirmish::ai::choose_any(&battle, slot, MIND) {
            Some(action) => {
                let taken =
                    if defended { skirmish::ai::defend(&battle, slot.actor, action.clone()) } else { action.clone() };
                changed += usize::from(taken != action);
                battle.act(&taken, dice.as_mut(), &mut log).expect("the AI's action");
            }
            None => battle.pass(&mut log),
        }
    }
    (started.request, battle, changed)
}

#[test]
fn an_estimate_is_the_share_of_the_battles_sim_plays_from_the_same_state_with_the_same_seeds() {
    for ruleset in [RulesetId::Shadowrun4, RulesetId::EclipsePhase] {
        let (_, state) = played(&street(ruleset, false), 6, false);
        let chance = Chance::estimate(&state, 24);
        let report = sim::simulate_from(&state, 24, seed_of(&state), &Minds::all(Difficulty::Hard));
        assert_eq!(report.outcomes.len(), 24);
        for side in ["Crew", "Gang"] {
            assert_eq!(chance.wins[side], report.wins(side), "{side} under {ruleset:?}");
        }
        let undecided = report.outcomes.iter().filter(|o| o.winner.is_none()).count() as u32;
        assert_eq!(chance.undecided, undecided);
        // The same state, the same estimate; its seeds are the state's own.
        assert_eq!(Chance::estimate(&state.clone(), 24), chance);
        assert_eq!(chance.seed, seed_of(&state));
        let share = chance.share("Crew").expect("a side");
        assert!(share.low <= share.rate && share.rate <= share.high);
    }
}

#[test]
fn a_side_left_alone_wins_every_battle_played_out() {
    let (_, mut battle) = played(&street(RulesetId::Shadowrun4, false), 0, false);
    let mut dice = skirmish::rules::engine::dice::SeededDice::new(5);
    let mut log = Log::default();
    // Play until the last decision leaves one side alone, and estimate before the battle says it is over.
    let alone = loop {
        let Next::Slot(slot) = battle.next(&mut dice as &mut dyn Dice, &mut log).expect("a slot") else {
            panic!("the battle ended before a side was out");
        };
        let mut after = battle.clone();
        match skirmish::ai::choose_any(&after, slot, MIND) {
            Some(action) => after.act(&action, &mut dice, &mut log).expect("the AI's action"),
            None => after.pass(&mut log),
        }
        let standing = |side: &str| after.views().iter().any(|c| c.side == side && !c.fighter.is_out());
        if !(standing("Crew") && standing("Gang")) {
            break after;
        }
        battle = after;
    };
    assert!(alone.ending().is_none(), "not yet said to be over");
    let chance = Chance::estimate(&alone, 10);
    let winner = if alone.views().iter().any(|c| c.side == "Crew" && !c.fighter.is_out()) { "Crew" } else { "Gang" };
    assert_eq!(chance.rate(winner), 1.0);
    assert_eq!(chance.wins[winner], 10);
}

/// A review of the save of `request` after `decisions` decisions, `runs` battles an estimate.
fn reviewed(request: &BattleRequest, decisions: usize, crew_passes: bool, runs: u32) -> (Save, Review) {
    let (began, battle) = played(request, decisions, crew_passes);
    let save = Save::of(&began, &battle);
    let review = review::review(&save, Some(runs), Reviewer::Hard, &Progress::default()).expect("the save replays");
    (save, review)
}

#[test]
fn a_review_lists_exactly_the_saves_decisions_and_gives_the_same_numbers_twice() {
    let request = street(RulesetId::Storyteller, false);
    let (save, review) = reviewed(&request, 8, false, 6);
    assert_eq!(review.decisions.len(), save.record.len());
    for (i, (d, r)) in review.decisions.iter().zip(&save.record).enumerate() {
        assert_eq!((d.number, d.turn), (i + 1, r.turn));
        // Every decision here is the hard AI's own: no choice to tell apart from it.
        assert_eq!((d.instead.as_deref(), d.choice()), (None, 0.0));
        assert_eq!(d.before.runs, 6);
    }
    // One decision's state after it is the next one's before it when no die was rolled between.
    assert_eq!(review::review(&save, Some(6), Reviewer::Hard, &Progress::default()).expect("again"), review);
    let markdown = review.to_string();
    assert!(markdown.contains("## The biggest swings of luck"), "{markdown}");
    assert_eq!(markdown.matches("\n| ").count(), save.record.len() + 1, "a row a decision and the header");
    let json: serde_json::Value = serde_json::from_str(&review.to_json()).expect("JSON");
    assert_eq!(json["decisions"].as_array().map(Vec::len), Some(save.record.len()));
}

#[test]
fn a_defenders_full_defense_is_not_told_as_another_choice_of_the_attackers() {
    // Under Shadowrun 4 a defender may go on full defense, and its choice is recorded in the attacker's action. The
    // attacker still chose as the hard AI would: the review said "the hard AI instead" there, word for word the
    // same choice.
    let (began, battle, defended) = played_as(&street(RulesetId::Shadowrun4, false), 16, false, true);
    assert!(defended > 0, "a defender went on full defense");
    let save = Save::of(&began, &battle);
    let review = review::review(&save, Some(4), Reviewer::Hard, &Progress::default()).expect("the save replays");
    for d in &review.decisions {
        assert_eq!((d.instead.as_deref(), d.choice()), (None, 0.0), "#{}: the hard AI's own choice", d.number);
    }
}

#[test]
fn a_players_choice_is_told_from_the_hard_ais_and_from_the_dice() {
    let (save, review) = reviewed(&street(RulesetId::Shadowrun4, true), 5, true, 8);
    let passes: Vec<&review::Reviewed> = review.decisions.iter().filter(|d| d.side == "Crew").collect();
    assert!(!passes.is_empty(), "Crew had a slot");
    for d in passes {
        assert!(d.by_player);
        assert_eq!(d.chosen, "passes: takes no action this time");
        let instead = d.instead.as_deref().expect("the hard AI would have acted");
        assert!(!instead.is_empty());
        // A pass rolls no die: all its swing is choice, none luck.
        assert_eq!(d.after_choice, d.after_dice);
        assert_eq!(d.luck(), 0.0);
        assert_eq!(d.choice(), d.after_dice.rate("Crew") - d.before.rate("Crew"));
        let told = d.against_the_ai(review.by.name());
        assert!(told.starts_with("the hard AI: "), "{told}");
    }
    assert_eq!(review.players, vec!["Crew".to_owned()]);
    assert!(save.record.iter().any(|r| r.decision == Decision::Pass));
}

#[test]
fn a_review_by_the_expert_holds_each_choice_against_the_experts_own() {
    let (began, battle) = played(&street(RulesetId::Shadowrun4, true), 5, true);
    let save = Save::of(&began, &battle);
    let by = Reviewer::Expert(Think { millis: 100 });
    let review = review::review(&save, Some(4), by, &Progress::default()).expect("the save replays");
    assert_eq!(review.by, by);
    for d in &review.decisions {
        // The swing of a choice is against the chance of the expert's, which is the hard AI's (the chance before)
        // where the two agree.
        assert_eq!(d.choice(), d.after_choice.rate(&d.side) - d.best.rate(&d.side));
        match &d.instead {
            None => assert_eq!(d.choice(), 0.0, "#{}: the expert's own choice", d.number),
            Some(instead) => assert!(d.against_the_ai("the expert").starts_with(&format!("the expert: {instead}"))),
        }
    }
    let crew: Vec<_> = review.decisions.iter().filter(|d| d.side == "Crew").collect();
    assert!(!crew.is_empty() && crew.iter().all(|d| d.instead.is_some()), "the expert acts where Crew passed");
    let markdown = review.to_string();
    assert!(markdown.contains("Each choice is held against the expert's (0.1 s a decision)."), "{markdown}");
    assert!(markdown.contains("| the expert instead |"), "{markdown}");
    assert_eq!(review::review(&save, Some(4), by, &Progress::default()).expect("again"), review, "the same twice");
}

#[test]
fn a_save_that_does_not_replay_is_one_clear_error() {
    let (began, battle) = played(&street(RulesetId::Shadowrun4, false), 4, false);
    let mut save = Save::of(&began, &battle);
    save.record.remove(0);
    let Err(e) = review::review(&save, Some(4), Reviewer::Hard, &Progress::default()) else {
        panic!("a broken save reviewed")
    };
    let said = e.to_string();
    assert!(said.starts_with("the save does not replay on ") && said.contains("street.ron"), "{said}");
}

#[test]
fn skirmish_review_prints_markdown_or_json_and_refuses_a_file_that_is_not_a_save() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (began, battle) = played(&street(RulesetId::Shadowrun4, true), 4, true);
    let path = dir.path().join("street.ron");
    Save::of(&began, &battle).write(&path).expect("written");
    let review = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish")).arg("review").args(args).output();
        out.expect("runs")
    };
    let saved = path.to_str().expect("a path");
    let markdown = review(&[saved, "--runs", "3"]);
    let text = String::from_utf8_lossy(&markdown.stdout);
    assert!(markdown.status.success(), "{}", String::from_utf8_lossy(&markdown.stderr));
    assert!(text.starts_with("# Review: Street with cover"), "{text}");
    assert!(text.contains("Crew rifleman") && text.contains("(player)"), "{text}");
    let json = review(&[saved, "--runs", "3", "--json", "--by", "expert", "--think", "0.1"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["battles_per_estimate"], 3);
    assert_eq!(value["reviewer"], "expert");
    assert_eq!(value["decisions"].as_array().map(Vec::len), Some(4));
    let not_a_save = review(&["levels/street.ron"]);
    assert_eq!(not_a_save.status.code(), Some(2));
    let said = String::from_utf8_lossy(&not_a_save.stderr);
    assert!(said.contains("levels/street.ron:") && said.contains("not a save"), "{said}");
}
