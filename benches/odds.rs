//! The exact odds of one attack in each ruleset, for a typical attack and for large pools (20+ dice): the goal is
//! 1 ms or less each on this machine.

use criterion::{Criterion, criterion_group, criterion_main};
use serde::de::DeserializeOwned;
use skirmish::rules::eclipse_phase::{self as ep, FiringMode, ModeBonus};
use skirmish::rules::{homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

fn sheet<S: DeserializeOwned>(fields: &str) -> S {
    skirmish::scenario::ron_options().from_str(&format!("({fields})")).expect("a bench sheet")
}

fn eclipse_phase(c: &mut Criterion) {
    let attacker = ep::Fighter::new(
        "A",
        sheet(
            "init: 50, durability: 35, skills: { KineticWeapons: 60 }, smartlink: true, weapons: [\"assault_rifle\"]",
        ),
    );
    let defender = ep::Fighter::new(
        "D",
        sheet("init: 50, durability: 40, skills: { Fray: 50 }, aptitudes: (som: 20), armor: \"light_body_armor\""),
    );
    let weapon = ep::gear::Gear::default().weapon("assault_rifle").expect("catalogue");
    let situation = ep::modifiers::Situation::default();
    for (name, mode) in [
        ("typical: burst, 3d10+8", FiringMode::Burst(ModeBonus::Damage)),
        ("large: full auto, 5d10+8", FiringMode::FullAuto(ModeBonus::Damage)),
    ] {
        let shot = ep::attack::Shot::first("assault_rifle", &weapon, mode, &situation, 40);
        let odds = ep::odds::shot_odds(&ep::Options::default(), &attacker, &defender, &shot).expect("odds");
        c.bench_function(&format!("odds/eclipse_phase/{name} ({})", odds.inputs.join("; ")), |b| {
            b.iter(|| ep::odds::shot_odds(&ep::Options::default(), &attacker, &defender, &shot).expect("odds"));
        });
    }
}

fn shadowrun4(c: &mut Criterion) {
    let weapon = sr4::gear::Gear::default().weapon("ak_97").expect("catalogue");
    let (dodge, plain) = (sr4::modifiers::Defense::FullDodge, sr4::modifiers::Defense::Best);
    for (name, defense, a, d) in [
        (
            "typical",
            plain,
            "attributes: (agility: 5, reaction: 4, intuition: 4), skills: { Automatics: 5 }, weapons: [\"ak_97\"]",
            "attributes: (body: 4, reaction: 4, intuition: 3), skills: { Dodge: 2 }, armor: [\"armor_vest\"]",
        ),
        (
            "large, full dodge",
            dodge,
            "attributes: (agility: 12, reaction: 8, intuition: 8), skills: { Automatics: 12 }, smartlink: true, weapons: [\"ak_97\"]",
            "attributes: (body: 12, reaction: 12, intuition: 8), skills: { Dodge: 8 }, armor: [\"full_body_armor\"]",
        ),
    ] {
        let (attacker, defender) = (sr4::Fighter::new("A", sheet(a)), sr4::Fighter::new("D", sheet(d)));
        let situation = sr4::modifiers::Situation { defense, ..Default::default() };
        let strike = sr4::modifiers::Strike {
            weapon_id: "ak_97",
            weapon: &weapon,
            mode: sr4::FiringMode::Burst(sr4::Spray::Narrow),
            situation: &situation,
            distance: 30,
            surprised: false,
        };
        let odds = sr4::odds::strike_odds(&attacker, &defender, &strike).expect("odds");
        c.bench_function(&format!("odds/shadowrun4/{name} ({})", odds.inputs.join("; ")), |b| {
            b.iter(|| sr4::odds::strike_odds(&attacker, &defender, &strike).expect("odds"));
        });
    }
}

fn storyteller(c: &mut Criterion) {
    let situation = st::attack::Situation::default();
    let weapon = st::gear::Gear::default().weapon("assault_rifle").expect("catalogue");
    let strike = st::attack::Strike { weapon: &weapon, situation: &situation, distance: 30 };
    for (name, a, d) in [
        (
            "typical",
            "attributes: (dexterity: 3, perception: 4), abilities: { Firearms: 4 }, weapons: [\"assault_rifle\"]",
            "attributes: (dexterity: 3, stamina: 3), abilities: { Dodge: 2 }, armor: \"flak_vest\"",
        ),
        (
            "large",
            "attributes: (dexterity: 10, perception: 10), abilities: { Firearms: 10 }, weapons: [\"assault_rifle\"]",
            "attributes: (dexterity: 10, stamina: 10), abilities: { Dodge: 10 }, armor: \"plate_armor\"",
        ),
    ] {
        let (attacker, defender) = (st::Fighter::new("A", sheet(a)), st::Fighter::new("D", sheet(d)));
        let odds = st::odds::strike_odds(&st::Options::default(), &attacker, &defender, &strike).expect("odds");
        c.bench_function(&format!("odds/storyteller/{name} ({})", odds.inputs.join("; ")), |b| {
            b.iter(|| st::odds::strike_odds(&st::Options::default(), &attacker, &defender, &strike).expect("odds"));
        });
    }
}

fn homebrew(c: &mut Criterion) {
    let situation = hb::attack::Situation::default();
    let weapon = hb::gear::Gear::default().weapon("rifle").expect("catalogue");
    let strike = hb::attack::Strike { weapon_id: "rifle", weapon: &weapon, situation: &situation, distance: 50 };
    for (name, a, d) in [
        (
            "typical",
            "attributes: (agility: 4), skills: { Longarms: 4 }, weapons: [\"rifle\"]",
            "attributes: (agility: 3, intuition: 4, body: 4), skills: { Dodge: 2 }, armor: [\"ballistic_vest\"]",
        ),
        (
            "large",
            "attributes: (agility: 11), skills: { Longarms: 11 }, weapons: [\"rifle\"]",
            "attributes: (agility: 8, intuition: 10, body: 12), skills: { Dodge: 10 }, armor: [\"riot_gear\"]",
        ),
    ] {
        let (attacker, defender) = (hb::Fighter::new("A", sheet(a)), hb::Fighter::new("D", sheet(d)));
        let odds = hb::odds::strike_odds(&hb::Options::default(), &attacker, &defender, &strike).expect("odds");
        c.bench_function(&format!("odds/homebrew_d6/{name} ({})", odds.inputs.join("; ")), |b| {
            b.iter(|| hb::odds::strike_odds(&hb::Options::default(), &attacker, &defender, &strike).expect("odds"));
        });
    }
}

criterion_group!(benches, eclipse_phase, shadowrun4, storyteller, homebrew);
criterion_main!(benches);
