//! The balance report: its numbers are the sims' own, fairness is judged by the ranges, and the menu's data
//! file reads back what was written.

use std::path::Path;

use skirmish::ai::{Difficulty, Minds};
use skirmish::rules::any::RulesetId;
use skirmish::scenario::balance::{self, Balance, Row};
use skirmish::scenario::level;
use skirmish::scenario::sim::simulate;

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
        let report = simulate(&scenario, 6, 11, &Minds { sides: Default::default(), default: Difficulty::Normal });
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
    let e = Balance::parse(&text.replacen("runs: 6", "runs: \"six\"", 1), "balance.ron").unwrap_err();
    assert!(e.starts_with("balance.ron:"), "{e}");
}
