//! What players are told of the odds (`rules/tools/told.rs`): the rough bands are the exact odds binned (every ruleset's
//! attack on the street, each chance in the band its exact value falls in, at the edges too), and what an online
//! host sends a table told roughly carries nothing finer than the band.

use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::rules::tools::told::{Band, EVEN_FROM, LIKELY_FROM, NEAR_CERTAIN_FROM, OddsTold};
use skirmish::scenario::level;

#[test]
fn the_rough_bands_are_the_exact_odds_binned_at_their_edges() {
    let cases = [
        (0.0, Band::Unlikely),
        (EVEN_FROM - 1e-9, Band::Unlikely),
        (EVEN_FROM, Band::Even),
        (0.5, Band::Even),
        (LIKELY_FROM - 1e-9, Band::Even),
        (LIKELY_FROM, Band::Likely),
        (NEAR_CERTAIN_FROM - 1e-9, Band::Likely),
        (NEAR_CERTAIN_FROM, Band::NearCertain),
        (1.0, Band::NearCertain),
    ];
    for (p, band) in cases {
        assert_eq!(Band::of(p), band, "{p}");
        assert_eq!(OddsTold::Rough.chance(p).as_deref(), Some(band.word()), "{p}");
        assert_eq!(Band::of(band.middle()), band, "a band's middle is in it");
    }
    assert_eq!(OddsTold::Exact.chance(0.624).as_deref(), Some("62 %"));
    assert_eq!(OddsTold::None.chance(0.624), None);
}

#[test]
fn every_rulesets_attack_odds_told_roughly_are_its_exact_odds_each_in_its_band() {
    let street = level::load("levels/street.ron".as_ref()).expect("the street");
    for ruleset in RulesetId::ALL {
        let scenario = street.scenario(ruleset).expect("a battle");
        let exact = skirmish::lab::odds::odds(&scenario, Some(("Crew rifleman 1", "Gang rifleman 1"))).expect("odds");
        assert!(!exact.chances.is_empty(), "{ruleset:?}");
        let rough = OddsTold::Rough.roughly(exact.clone());
        assert_eq!(rough.chances.len(), exact.chances.len(), "{ruleset:?}");
        for ((name, p), (rough_name, told)) in exact.chances.iter().zip(&rough.chances) {
            assert_eq!(name, rough_name);
            assert_eq!(*told, Band::of(*p).middle(), "{ruleset:?} {name}: {p} binned");
            assert_eq!(Band::of(*told), Band::of(*p), "{ruleset:?} {name}");
        }
        // Nothing that tells the exact odds: no pools or targets, no distributions.
        assert!(rough.inputs.is_empty() && rough.dists.is_empty(), "{ruleset:?}");
        assert_eq!(OddsTold::Exact.roughly(exact.clone()), exact, "{ruleset:?}: exact odds go as they are");
    }
}
