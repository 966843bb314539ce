//! The balance report: its numbers are the sims' own, fairness is judged by the ranges, and the menu's data
//! file reads back what was written; the hard-against-easy measurement counts what its sims count.

use std::path::Path;

use skirmish::ai::{Difficulty, Minds};
use skirmish::lab::balance::{self, Balance, Lesson, Row};
use skirmish::lab::sim::simulate;
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::scenario::level;

fn row(sides: &[(&str, u32)], draws: u32) -> Row {
    Row {
        level: "test".into(),
        ruleset: RulesetId::Shadowrun4,
        ai: Difficulty::Hard,
        sides: sides.iter().map(|(s, w)| (s.to_string(), *w)).collect(),
        draws,
        turns: 4.0,
        errors: 0,
    }
}

#[test]
fn fair_means_forty_to_sixty_of_the_decided_for_two_sides_and_few_draws() {
    assert!(row(&[("A", 60), ("B", 40)], 0).fair(), "60–40 is at the edge, and fair");
    assert!(!row(&[("A", 61), ("B", 39)], 0).fair());
    assert!(row(&[("A", 54), ("B", 36)], 9).fair(), "60 % of the decided, 9 % draws");
    assert!(!row(&[("A", 45), ("B", 45)], 10).fair(), "10 % draws is too many");
    assert!(row(&[("A", 25), ("B", 25), ("C", 30), ("D", 20)], 0).fair());
    assert!(!row(&[("A", 36), ("B", 24), ("C", 20), ("D", 20)], 0).fair(), "36 % of four sides");
    let r = row(&[("Crew", 52), ("Gang", 45)], 3);
    assert_eq!(r.cell(), "54–46 (3 draws)");
    assert_eq!(row(&[("A", 80), ("B", 20)], 0).cell(), "80–20 ✗");
    assert_eq!(r.summary(), "fair: Crew 54 % · Gang 46 % of the decided, 3 draws in 100 (hard AI on every side)");
}

#[test]
fn the_report_counts_what_the_sims_count_and_its_data_reads_back() {
    let levels: Vec<(String, level::Level)> = ["street", "escape"]
        .iter()
        .map(|s| (s.to_string(), level::load(Path::new(&format!("levels/{s}.ron"))).expect("a level")))
        .collect();
    let mut heard = 0;
    let measured = balance::measure(&levels, &[Difficulty::Normal], (6, 11), &mut |_| heard += 1).expect("measured");
    assert_eq!((heard, measured.rows.len()), (8, 8), "2 levels × 4 rulesets × 1 AI");
    for r in &measured.rows {
        let (_, level) = levels.iter().find(|(s, _)| *s == r.level).expect("its level");
        let scenario = level.scenario(r.ruleset).expect("a battle");
        let report = simulate(&scenario, 6, 11, &Minds::all(Difficulty::Normal));
        let wins: Vec<(String, u32)> = scenario.sides().iter().map(|s| (s.to_string(), report.wins(s))).collect();
        assert_eq!(r.sides, wins, "{} {:?}", r.level, r.ruleset);
        assert_eq!(r.runs(), 6);
        assert_eq!(r.draws as usize, report.outcomes.iter().filter(|o| o.winner.is_none()).count());
    }
    let markdown = measured.markdown();
    let street = measured.row("street", RulesetId::Storyteller, Difficulty::Normal).expect("measured");
    assert!(markdown.contains("| street (Crew–Gang) | "), "{markdown}");
    assert!(markdown.contains(&street.cell()), "{markdown}");
    assert!(markdown.contains("seeds 11–16"), "{markdown}");
    let text = measured.ron().expect("written");
    assert_eq!(Balance::parse(&text, "balance.ron").expect("reads back"), measured);
    let e = Balance::parse(&text.replacen("runs: 6", "runs: \"six\"", 1), "balance.ron").unwrap_err().to_string();
    assert!(e.starts_with("balance.ron:"), "{e}");
}

#[test]
fn the_report_shows_the_seeds_nobody_tuned_on_beside_the_tuning_range_and_what_is_off_the_aim() {
    // The tuning aims at 45–55 % hard against hard on its own seeds; 56–44 is fair but off the aim.
    let tuned = Balance { runs: 100, first_seed: 1, rows: vec![row(&[("A", 56), ("B", 44)], 0)], lessons: Vec::new() };
    let fresh = Balance { first_seed: 10001, rows: vec![row(&[("A", 52), ("B", 48)], 0)], ..tuned.clone() };
    let report = tuned.markdown_with(Some(&fresh));
    assert!(report.contains("Hard against hard outside the tuning's aim (45–55 % for two sides"), "{report}");
    assert!(report.contains("## On seeds nobody tuned on (seeds 10001–10100)"), "{report}");
    assert!(report.contains("### Hard AI against Hard AI"), "{report}");
    assert!(report.contains("| 52–48 |"), "{report}");
    assert!(report.contains("## Every measurement (seeds 1–100)"), "{report}");
    assert!(row(&[("A", 55), ("B", 45)], 0).aimed() && !row(&[("A", 56), ("B", 44)], 0).aimed());
    assert!(row(&[("A", 30), ("B", 20), ("C", 25), ("D", 25)], 0).aimed());
    assert!(!row(&[("A", 31), ("B", 19), ("C", 25), ("D", 25)], 0).aimed());
    assert!(!tuned.markdown().contains("nobody tuned on"));
}

fn lesson(hard: u32, easy: u32, sides: u32) -> Lesson {
    Lesson { level: "test".into(), ruleset: RulesetId::Storyteller, seat: "Crew".into(), sides, hard, easy, draws: 0 }
}

#[test]
fn the_hard_ai_beats_the_easy_one_when_its_share_is_clearly_above_an_even_one() {
    // 60 of 100 decided: the 95 % interval starts at 50.2 %, above a half; 59 of 100 starts at 49.2 %.
    assert!(lesson(60, 40, 2).beaten());
    assert!(!lesson(59, 41, 2).beaten());
    assert_eq!(lesson(59, 41, 2).cell(), "Crew 59–41 ✗");
    assert_eq!(lesson(60, 40, 2).cell(), "Crew 60–40");
    // Of four sides a quarter is even: 34 of 100 starts at 25.5 %.
    assert!(lesson(34, 66, 4).beaten());
    assert!(!lesson(30, 70, 4).beaten());
}

#[test]
fn the_lesson_counts_what_the_sims_count_from_every_seat() {
    let street = level::load(Path::new("levels/street.ron")).expect("a level");
    let levels = vec![("street".to_string(), street)];
    let lessons = balance::lessons(&levels, (4, 21), &mut |_| {}).expect("measured");
    assert_eq!(lessons.len(), 8, "4 rulesets × 2 seats");
    for l in &lessons {
        let scenario = levels[0].1.scenario(l.ruleset).expect("a battle");
        let minds = Minds {
            sides: [(l.seat.clone(), Difficulty::Hard)].into_iter().collect(),
            default: Difficulty::Easy,
            ..Minds::default()
        };
        let report = simulate(&scenario, 4, 21, &minds);
        let other = if l.seat == "Crew" { "Gang" } else { "Crew" };
        assert_eq!((l.hard, l.easy), (report.wins(&l.seat), report.wins(other)), "{:?} {}", l.ruleset, l.seat);
        assert_eq!(l.hard + l.easy + l.draws, 4);
    }
    let mut measured = balance::measure(&levels, &[Difficulty::Hard], (2, 1), &mut |_| {}).expect("measured");
    measured.lessons = lessons;
    let markdown = measured.markdown();
    assert!(markdown.contains("## Hard AI against easy AI"), "{markdown}");
    assert!(markdown.contains(&measured.lessons[0].cell()), "{markdown}");
    let text = measured.ron().expect("written");
    assert_eq!(Balance::parse(&text, "balance.ron").expect("reads back"), measured);
}

#[test]
fn a_measurement_of_some_levels_replaces_theirs_in_the_kept_report_and_keeps_the_rest() {
    let at = |level: &str, wins: u32| Row { level: level.into(), ..row(&[("A", wins), ("B", 10)], 0) };
    let lesson_at = |level: &str| Lesson { level: level.into(), ..lesson(60, 40, 2) };
    let earlier = Balance {
        runs: 20,
        first_seed: 1,
        rows: vec![at("ambush", 1), at("street", 2), at("warzone", 3)],
        lessons: vec![lesson_at("ambush"), lesson_at("street")],
    };
    let now = Balance { runs: 20, first_seed: 1, rows: vec![at("street", 9)], lessons: Vec::new() };
    let merged = now.clone().over(earlier.clone()).expect("same runs and seeds");
    let wins: Vec<(&str, u32)> = merged.rows.iter().map(|r| (r.level.as_str(), r.sides[0].1)).collect();
    assert_eq!(wins, [("ambush", 1), ("street", 9), ("warzone", 3)]);
    assert_eq!(merged.lessons, [lesson_at("ambush")], "the street's old lessons do not fit its new numbers");
    let other_seeds = Balance { first_seed: 5, ..now };
    let e = other_seeds.over(earlier).unwrap_err().to_string();
    assert!(e.contains("measure every level anew"), "{e}");
}

/// The seats where the hard AI does not yet clearly beat the easy one (docs/balance.md, "Hard AI against easy AI"):
/// level, ruleset, seat. The test below fails when one of them starts to pass too, so the list only shrinks. Empty
/// since issue 46's tuning (the crossroads' crews under Eclipse Phase with snipers for riflemen, the corridors' under
/// the Storyteller with a Boarder scout and a Crew scout).
const NOT_YET: &[(&str, RulesetId, &str)] = &[];

#[test]
fn the_hard_ai_beats_the_easy_one_from_every_seat_and_the_report_says_so() {
    // The full measurement is `skirmish balance --runs 400 --lesson --write`: every shipped level under every ruleset,
    // the hard AI in each seat against the easy AI in every other, 200 battles a seat from seed 1 (14,400 battles,
    // ten minutes of a test run here), kept in the committed report. The test reads the lessons there, and plays
    // one seat of each level again, the rulesets in turn (every level's map and every ruleset's AI, 1,600 battles):
    // each must be the report's, so the report is today's.
    let report = Balance::read(Path::new("assets/balance.ron")).expect("reads").expect("the committed report");
    assert_eq!((report.runs, report.first_seed), (400, 1));
    let levels = balance::levels_of(Path::new("levels")).expect("the shipped levels");
    let seats = every_seat(&levels);
    let listed: Vec<(String, RulesetId, String)> =
        report.lessons.iter().map(|l| (l.level.clone(), l.ruleset, l.seat.clone())).collect();
    assert_eq!(listed, seats, "a lesson for every seat: `skirmish balance --lesson --write`");
    let short: Vec<(&str, RulesetId, &str)> =
        report.lessons.iter().filter(|l| !l.beaten()).map(|l| (l.level.as_str(), l.ruleset, l.seat.as_str())).collect();
    assert_eq!(short, NOT_YET, "the seats where the hard AI does not clearly win");
    for (i, (stem, level)) in levels.iter().enumerate() {
        let rulesets = level.rulesets();
        let ruleset = rulesets[i % rulesets.len()];
        let scenario = level.scenario(ruleset).expect("a battle");
        let sides = scenario.sides();
        let seat = sides[i / rulesets.len() % sides.len()];
        let again = balance::lesson(stem, ruleset, &scenario, seat, (report.runs / 2, report.first_seed));
        let kept =
            report.lessons.iter().find(|l| (l.level.as_str(), l.ruleset, l.seat.as_str()) == (stem, ruleset, seat));
        assert_eq!(Some(&again), kept, "the committed report is today's: `skirmish balance --lesson --write`");
    }
}

/// Every seat of every level under every ruleset it plays under, in the order the report lists them.
fn every_seat(levels: &[(String, level::Level)]) -> Vec<(String, RulesetId, String)> {
    let mut out = Vec::new();
    for (stem, level) in levels {
        for ruleset in level.rulesets() {
            let scenario = level.scenario(ruleset).expect("a battle");
            out.extend(scenario.sides().iter().map(|s| (stem.clone(), ruleset, s.to_string())));
        }
    }
    out
}
