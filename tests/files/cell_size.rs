//! A level's cell size (`cell_m`): a 5-foot grid's 1.5 m a cell scales movement and distances, the next cell stays
//! within arm's reach, and every ruleset fights on it to a winner, brawlers included.

use std::path::Path;

use skirmish::ai::{Difficulty, Minds};
use skirmish::rules::engine::field::Terrain;
use skirmish::scenario::level::{self, Level, RulesetId};

/// The street, its cells 1.5 m (or `cell_m` as written).
fn street_at(cell_m: &str) -> Result<Level, String> {
    let text = std::fs::read_to_string("levels/street.ron").expect("the street");
    let text = text.replacen("    sides: [", &format!("    cell_m: {cell_m},\n    sides: ["), 1);
    level::parse(&text, Path::new("street.ron")).map_err(|e| e.to_string())
}

#[test]
fn at_one_and_a_half_meters_a_cell_steps_and_distances_scale_and_the_next_cell_is_within_reach() {
    let street = street_at("1.5").expect("the street at 1.5 m");
    let field = street.field.as_ref();
    assert_eq!(field.cell_dm(), 15);
    assert_eq!((field.step_cost((1, 4), (2, 4)), field.step_cost((1, 4), (2, 5))), (Some(15), Some(23)));
    assert_eq!(field.sight((0, 4), (4, 4)).meters, 6, "four cells of 1.5 m");
    let next = field.sight((0, 4), (1, 5));
    assert_eq!((next.meters, next.touching, next.reach_m()), (2, true, 1), "the next cell: 2 m, yet at arm's length");
    let far = field.sight((0, 4), (2, 4));
    assert_eq!((far.touching, far.reach_m()), (false, 3));
    // A 10 m walk goes 6 cells straight, not 10.
    let route = field.route((0, 4), (20, 4), &Default::default()).expect("a route");
    let walked = route.truncated((0, 4), 100, |a, b| field.step_cost(a, b).unwrap_or(u32::MAX));
    assert_eq!(walked.cells.len(), 6);
}

#[test]
fn every_ruleset_fights_on_a_five_foot_grid_to_a_winner_and_its_brawlers_strike() {
    let street = street_at("1.5").expect("the street at 1.5 m");
    let mut struck = 0;
    for ruleset in [RulesetId::EclipsePhase, RulesetId::Shadowrun4, RulesetId::Storyteller, RulesetId::HomebrewD6] {
        let scenario = street.scenario(ruleset).expect("the street's battle");
        let lines: Vec<String> =
            skirmish::lab::sim::one_log(&scenario, 5, &Minds::all(Difficulty::Hard)).lines().collect();
        let over = lines.iter().any(|l| l.starts_with("== Battle over") && l.ends_with("wins. =="));
        assert!(over, "{ruleset:?}:\n{}", lines.join("\n"));
        struck += lines.iter().filter(|l| l.starts_with("Gang brawler") && l.contains(": attacks")).count();
    }
    assert!(struck > 0, "a brawler strikes from the next cell somewhere");
}

#[test]
fn a_cell_size_out_of_bounds_is_refused_naming_it() {
    for bad in ["0.05", "1.55", "12"] {
        let error = street_at(bad).expect_err(bad);
        assert!(error.contains(&format!("a cell of {bad} m: from 0.5 to 5 m, in tenths of a meter")), "{error}");
    }
}
