//! `skirmish forecast` (`lab/forecast.rs`): each side's chance and casualties from battles of the hard AI, and the
//! change that brings the party's chance nearest the target, every change played and told.

use skirmish::lab::forecast::{Change, forecast};
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::scenario::level;

#[test]
fn a_forecast_plays_every_change_and_suggests_the_one_nearest_the_target() {
    let street = level::load("levels/street.ron".as_ref()).expect("the street");
    let scenario = street.scenario(RulesetId::Storyteller).expect("a battle");
    let mut tried = Vec::new();
    let report = forecast(&scenario, Some(&street), ("Crew", 0.9), (30, 1), &mut |change, played| {
        tried.push((change.clone(), played.rate("Crew"), played.battles));
        true
    });
    // Every unit left out in turn, every archetype added to each side: 8 + 2 × 5, each 30 battles.
    assert_eq!(tried.len(), 8 + 2 * 5);
    assert!(tried.iter().all(|(_, _, battles)| *battles == 30));
    assert_eq!(report.units, [("Crew".to_owned(), 4), ("Gang".to_owned(), 4)]);
    let rate = |c: &Change| tried.iter().find(|(t, ..)| t == c).map(|(_, r, _)| *r).expect("tried");
    // One Gang unit fewer helps the Crew; one Crew unit fewer hurts it.
    let now = report.now.rate("Crew");
    assert!(rate(&Change::Without("Gang heavy 4".into())) > now, "{tried:?}");
    assert!(rate(&Change::Without("Crew heavy 3".into())) < now, "{tried:?}");
    // The suggestion is the change nearest 90 %, and nearer than the fight as it is.
    let (best, played) = report.suggestion.clone().expect("a change nearer 90 %");
    let off = |r: f64| (r - 0.9).abs();
    assert!(tried.iter().all(|(_, r, _)| off(played.rate("Crew")) <= off(*r)), "{best}: {tried:?}");
    assert!(off(played.rate("Crew")) < off(now));
    let said = report.to_string();
    assert!(said.contains("to bring Crew's chance to 90 %: ") && said.contains(&best.to_string()), "{said}");
}
