//! Gear in the files: a scenario brings weapons and armor of its own beside the shipped catalogue, with the same
//! checks and `FILE:LINE:COLUMN` errors; the shipped ids keep their meaning and no other file sees the new ones.

use std::path::Path;

use crate::common::render;
use skirmish::battle::run;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::shadowrun4::gear::Catalogue;
use skirmish::scenario::{self, RulesetSetup};

const OWN: &str = "tests/scenarios/own_gear.ron";

fn text() -> String {
    std::fs::read_to_string(OWN).expect("the scenario")
}

fn parse(text: &str) -> Result<scenario::Scenario, String> {
    scenario::parse(text, Path::new("own.ron")).map_err(|e| e.to_string())
}

#[test]
fn a_scenarios_own_weapon_and_armor_are_carried_and_fought_with() {
    let s = scenario::load(Path::new(OWN)).expect("the scenario loads");
    let RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("a Shadowrun 4 scenario") };
    let gran = &setup.combatants[0].sheet;
    let shotgun = gran.gear.weapon("grandmas_shotgun").expect("its own weapon");
    assert_eq!((shotgun.name.as_str(), shotgun.ammo), ("Grandma's shotgun", Some(2)));
    assert_eq!(gran.gear.armor("quilted_coat").expect("its own armor").ballistic, 3);
    // The shipped gear is there too, under its ids.
    assert_eq!(setup.combatants[1].sheet.gear.weapon("ares_predator_iv").expect("shipped").name, "Ares Predator IV");
    let mut log = Log::default();
    run::run(&s, &mut SeededDice::new(1), "seed 1", &mut log).expect("the battle plays");
    let shown = render(&log);
    assert!(shown.contains("Gran: fires (single shot) the Grandma's shotgun at Rustler"), "{shown}");
    assert!(shown.contains("modified DV = Grandma's shotgun +7"), "its damage value: {shown}");
    // The quilted coat's Ballistic 3, less the Predator's AP −1.
    assert!(shown.contains("Gran: modified armor = Ballistic armor +3, AP -1 = 2"), "{shown}");
}

#[test]
fn an_id_in_neither_catalogue_is_refused_where_it_stands() {
    let err = parse(&text().replace(r#"armor: ["quilted_coat"]"#, r#"armor: ["quilted_cape"]"#)).expect_err("unknown");
    assert!(err.starts_with("own.ron:23:"), "the line of Gran's armor: {err}");
    assert!(err.contains("unknown armor `quilted_cape`"), "{err}");
    assert!(err.contains("quilted_coat"), "the file's own armor is among those named: {err}");
}

#[test]
fn a_shipped_id_cannot_be_given_another_meaning() {
    let err = parse(&text().replace("grandmas_shotgun", "ak_97")).expect_err("a shipped id");
    assert!(err.starts_with("own.ron:8:"), "the line where the file gives it: {err}");
    assert!(err.contains("a weapon `ak_97` is already in the catalogue: give yours another id"), "{err}");
    let twice = text().replace(
        r#"("quilted_coat", (name: "Quilted coat", ballistic: 3, impact: 2)),"#,
        r#"("quilted_coat", (name: "Quilted coat", ballistic: 3, impact: 2)), ("quilted_coat", (name: "Again", ballistic: 1, impact: 1)),"#,
    );
    let err = parse(&twice).expect_err("given twice");
    assert!(err.starts_with("own.ron:14:") && err.contains("an armor `quilted_coat` is given twice"), "{err}");
    // Named by a combatant before the gear section: the error still points at the gear's entry.
    let early = text().replace(r#"name: "Own gear","#, r#"name: "Own gear", description: "\"ak_97\" first","#);
    let err = parse(&early.replace("grandmas_shotgun", "ak_97")).expect_err("a shipped id");
    assert!(err.starts_with("own.ron:8:"), "the gear's entry, not the earlier mention: {err}");
}

#[test]
fn a_half_written_weapon_is_refused_with_its_place() {
    let err = parse(&text().replace("damage: \"7P\"", "damge: \"7P\"")).expect_err("a misspelt field");
    assert!(err.starts_with("own.ron:9:"), "{err}");
    assert!(err.contains("damge"), "{err}");
}

#[test]
fn no_other_file_sees_a_scenarios_own_gear() {
    scenario::load(Path::new(OWN)).expect("the scenario loads");
    let shipped = Catalogue::shipped().expect("the shipped catalogue");
    assert!(shipped.weapon("grandmas_shotgun").is_none(), "the shipped catalogue is as shipped");
    assert!(shipped.weapon("ak_97").is_some());
    // The same combatants without the gear section: its ids are unknown again.
    let start = text().find("        gear: (").expect("a gear section");
    let end = text().find("        combatants: [").expect("combatants");
    let without = format!("{}{}", &text()[..start], &text()[end..]);
    let err = parse(&without).expect_err("no such weapon now");
    assert!(err.contains("unknown weapon `grandmas_shotgun`"), "{err}");
    scenario::load(Path::new("scenarios/shadowrun_alley.ron")).expect("a shipped scenario still loads");
}
