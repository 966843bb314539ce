//! Shadowrun 4 rules, one test per rule, each with scripted dice and an exact expected outcome.
//! Defaults used below: attributes 3 (so both monitors have 10 boxes), no armor unless given.

use crate::common::sr4::{at, perform, perform_with};
use crate::common::{named_log, pools, render};
use skirmish::rules::RulesError;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::rules::engine::refusal::Refusal;
use skirmish::rules::engine::ruleset::{CombatantId, Ruleset, Slot};
use skirmish::rules::shadowrun4::damage::take_damage;
use skirmish::rules::shadowrun4::gear::DamageKind;
use skirmish::rules::shadowrun4::{Options, Shadowrun4, Surprise};

const GUN: &str = r#"attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["ares_predator_iv"]"#;

fn pool(who: &str, label: &str, dice: u32, hits: u32) -> (String, String, u32, u32) {
    (who.into(), label.into(), dice, hits)
}

/// The modifiers of the `n`th pool `who` rolled, as (name, value).
fn mods(log: &Log, who: &str, n: usize) -> Vec<(String, i32)> {
    let t = log.tests().filter(|t| log.name(t.who) == who).nth(n).expect("that pool");
    t.modifiers.iter().map(|m| (m.name.clone(), m.value)).collect()
}

fn m(name: &str, value: i32) -> (String, i32) {
    (name.into(), value)
}

fn verdicts(log: &Log) -> Vec<String> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::AttackResolved { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn net_hits_add_to_dv_and_body_plus_armor_resists() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 10, r#"armor: ["armor_vest"]"#)];
    let faces = [6, 5, 5, 2, 1, 3, 5, 2, 2, 5, 6, 1, 2, 3, 4, 2, 2];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &faces);
    let expected = vec![
        pool("A", "Agility 4 + Pistols 3", 6, 3),
        pool("B", "Reaction 3", 3, 1),
        pool("B", "Body 3 + armor 5 (damage resistance)", 8, 2),
    ];
    assert_eq!(pools(&log), expected, "{}", render(&log));
    assert_eq!(mods(&log, "A", 0), [m("medium range", -1)]);
    assert_eq!(log.last_calc("modified DV"), Some(7), "5P + 2 net hits");
    assert_eq!(log.last_calc("modified armor"), Some(5), "Ballistic 6, AP −1");
    let c = &b[1].fighter.condition;
    assert_eq!((c.physical, c.stun, c.wound_modifier(), c.has(&Status::Prone)), (5, 0, -1, true), "5 > Body 3");
    assert_eq!(b[0].fighter.condition.ammo.get("ares_predator_iv"), Some(&14));
}

#[test]
fn a_tie_grazes_no_hits_never_hit_and_each_defense_costs_one() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 10, "")];
    let action = r#"(actor: "A", simple: [Fire(target: "B"), Fire(target: "B")])"#;
    let faces = [5, 2, 2, 2, 3, 4, 6, 2, 2, 2, 2, 2, 3, 4, 2, 3];
    let log = perform(&mut b, 0, action, &faces);
    assert_eq!(verdicts(&log), ["a grazing hit: 1 hits each, contact but no damage", "0 hits against 0"]);
    // The tie is marked a graze (what the window says over the defender), not a hit; no hits is neither.
    let flags: Vec<(bool, bool)> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::AttackResolved { hit, graze, .. } => Some((*hit, *graze)),
            _ => None,
        })
        .collect();
    assert_eq!(flags, [(false, true), (false, false)]);
    assert_eq!(mods(&log, "A", 1), [m("medium range", -1), m("recoil", -1)], "semi-auto: −1 on the second shot");
    assert_eq!(mods(&log, "B", 1), [m("earlier defenses since its last action", -1)]);
    assert_eq!(b[1].fighter.condition.physical, 0);
}

#[test]
fn smartlink_and_laser_do_not_stack_and_recoil_is_compensated_or_doubled() {
    let rifle = r#"attributes: (agility: 4), skills: { Automatics: 4 }, smartlink: true, weapons: ["ares_alpha"]"#;
    let mut b = vec![at("A", "a", 0, rifle), at("B", "b", 20, "")];
    let log =
        perform(&mut b, 0, r#"(actor: "A", complex: Fire(mode: FullAuto(Narrow), target: "B"))"#, &[1, 2, 3, 2, 2, 2]);
    assert_eq!(mods(&log, "A", 0), [m("smartlink", 2), m("recoil", -7)], "9 less compensation 2; no laser +1");
    let hmg = r#"attributes: (agility: 4), skills: { HeavyWeapons: 4 }, weapons: ["ultimax_hmg"]"#;
    let mut b = vec![at("A", "a", 0, hmg), at("B", "b", 20, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Fire(mode: FullAuto(Narrow), target: "B"))"#, &[2, 2, 2]);
    assert_eq!(mods(&log, "A", 0), [m("recoil", -12)], "file 004: heavy weapon, 2 × uncompensated (9 − 3)");
    assert_eq!(pools(&log)[0].2, 0, "no dice left");
    let mut b = vec![at("A", "a", 0, hmg), at("B", "b", 20, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(mode: LongBurst(Narrow), target: "B")])"#, &[2; 7]);
    assert_eq!(mods(&log, "A", 0), [m("recoil", -4)], "a long burst: 2 × (5 − 3)");
}

#[test]
fn a_narrow_burst_adds_dv_but_not_to_the_stun_check() {
    let smg = r#"attributes: (agility: 5), skills: { Automatics: 4 }, weapons: ["hk_227x"]"#;
    // Body 4, so the jacket's 8 does not encumber.
    let mut b = vec![at("A", "a", 0, smg), at("B", "b", 5, r#"attributes: (body: 4), armor: ["armor_jacket"]"#)];
    let faces = [5, 5, 5, 2, 2, 2, 3, 3, 2, 2, 3, 5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(mode: Burst(Narrow), target: "B")])"#, &faces);
    assert_eq!(mods(&log, "A", 0), [m("recoil", -1)], "burst 2 less compensation 1");
    assert_eq!(log.last_calc("modified DV"), Some(10), "5 + 3 net hits + 2 burst");
    let c = &b[1].fighter.condition;
    assert_eq!((c.physical, c.stun), (0, 8), "8 without the burst does not exceed armor 8: Stun");
}

#[test]
fn a_wide_burst_lowers_the_defense_instead() {
    let smg = r#"attributes: (agility: 5), skills: { Automatics: 4 }, weapons: ["hk_227x"]"#;
    let mut b = vec![at("A", "a", 0, smg), at("B", "b", 5, "attributes: (reaction: 6)")];
    let faces = [2, 2, 2, 3, 3, 4, 4, 4, 2, 2, 2, 2];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(mode: Burst(Wide), target: "B")])"#, &faces);
    assert_eq!(pools(&log)[1], pool("B", "Reaction 6", 4, 0));
    assert_eq!(mods(&log, "B", 0), [m("wide burst", -2)]);
}

#[test]
fn melee_parries_with_the_best_pool_and_reach_helps() {
    let samurai = r#"attributes: (agility: 4, strength: 4), skills: { Blades: 4 }, weapons: ["katana"]"#;
    let ganger = r#"attributes: (reaction: 4), skills: { Dodge: 2, Blades: 3, UnarmedCombat: 1 }, weapons: ["combat_knife"], armor: ["lined_coat"]"#;
    let mut b = vec![at("A", "a", 0, samurai), at("B", "b", 1, ganger)];
    let faces = [5, 5, 5, 5, 2, 2, 2, 3, 3, 5, 2, 2, 2, 2, 3, 3, 5, 2, 2, 2, 3, 3];
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Melee(target: "B"))"#, &faces);
    let expected = vec![
        pool("A", "Agility 4 + Blades 4", 9, 4),
        pool("B", "Reaction 4 + melee skill 3 (parry)", 7, 1),
        pool("B", "Body 3 + armor 3 (damage resistance)", 6, 1),
    ];
    assert_eq!(pools(&log), expected, "{}", render(&log));
    assert_eq!(mods(&log, "A", 0), [m("reach", 1)]);
    assert_eq!(log.last_calc("modified DV"), Some(8), "⌈4 ÷ 2⌉ + 3, + 3 net hits");
    assert_eq!(b[1].fighter.condition.physical, 7, "Impact 4 − AP 1 = 3; 8 − 1 resisted");
    let far = perform_with(
        &mut Shadowrun4::default(),
        &mut [at("A", "a", 0, samurai), at("B", "b", 3, "")],
        0,
        r#"(actor: "A", complex: Melee(target: "B"))"#,
        &[],
    );
    assert!(matches!(far, Err(RulesError::Illegal(Refusal::OutOfReach { weapon, .. })) if weapon == "Katana"));
}

#[test]
fn full_parry_doubles_the_skill_and_spends_the_next_phase() {
    let samurai = r#"attributes: (agility: 4, strength: 4), skills: { Blades: 4 }, weapons: ["katana"]"#;
    let ganger = r#"attributes: (reaction: 4), skills: { Blades: 3 }, weapons: ["combat_knife"]"#;
    let mut b = vec![at("A", "a", 0, samurai), at("B", "b", 1, ganger)];
    let faces = [2, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
    let log =
        perform(&mut b, 0, r#"(actor: "A", complex: Melee(target: "B", situation: (defense: FullParry)))"#, &faces);
    assert_eq!(pools(&log)[1], pool("B", "Reaction 4 + melee skill 3 × 2 (full parry)", 10, 0));
    let spent = perform(&mut b, 1, r#"(actor: "B", complex: Melee(target: "A"))"#, &[]);
    assert!(render(&spent).contains("spends this Action Phase on the full defense"), "{}", render(&spent));
    assert_eq!(b[1].fighter.condition.full_defense, None, "it ends with that phase");
}

#[test]
fn full_dodge_adds_dodge_against_every_attack_until_it_ends() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "skills: { Dodge: 3 }")];
    let action = r#"(actor: "A", simple: [Fire(target: "B", situation: (defense: FullDodge)), Fire(target: "B")])"#;
    let faces = [2, 2, 2, 2, 3, 3, 4, 2, 2, 2, 2, 3, 3, 2, 2, 2, 3, 3, 4, 2, 2, 2, 3, 3];
    let log = perform(&mut b, 0, action, &faces);
    let b_pools: Vec<_> = pools(&log).into_iter().filter(|p| p.0 == "B").collect();
    let expected = vec![
        pool("B", "Reaction 3 + Dodge 3 (full dodge)", 6, 0),
        pool("B", "Reaction 3 + Dodge 3 (full dodge)", 5, 0),
    ];
    assert_eq!(b_pools, expected);
}

#[test]
fn glitches_jam_the_attackers_gun_and_drop_the_defender() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let action = r#"(actor: "A", simple: [Fire(target: "B"), Fire(target: "B")])"#;
    let log = perform(&mut b, 0, action, &[1, 1, 1, 1, 5, 2, 2, 1, 1, 2, 2, 2, 2]);
    assert!(b[0].fighter.condition.has(&Status::WeaponJammed("ares_predator_iv".into())));
    assert!(b[1].fighter.condition.has(&Status::Prone));
    assert_eq!(b[1].fighter.condition.physical, 6, "1 net hit: 6P, no armor, no resistance hits");
    assert!(render(&log).contains("A: loses its second shot: the Ares Predator IV jammed"));
    assert!(render(&log).contains("A is stuck with a malfunctioning weapon: the Ares Predator IV jammed on a glitch"));
    let jammed =
        perform_with(&mut Shadowrun4::default(), &mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[]);
    assert!(matches!(jammed, Err(RulesError::Illegal(Refusal::Jammed { .. }))));
    perform(&mut b, 0, r#"(actor: "A", simple: [ClearJam])"#, &[]);
    assert!(!b[0].fighter.condition.has(&Status::WeaponJammed("ares_predator_iv".into())));
}

#[test]
fn called_shots_bypass_armor_add_dv_or_disarm() {
    let vested = r#"weapons: ["combat_knife"], armor: ["armor_clothing"]"#;
    let shot =
        |called: &str| format!(r#"(actor: "A", simple: [Fire(target: "B", situation: (called_shot: {called}))])"#);
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, vested)];
    let log = perform(&mut b, 0, &shot("UnarmoredArea"), &[5, 5, 5, 2, 2, 2, 2, 2, 2]);
    assert_eq!(mods(&log, "A", 0), [m("called shot: unarmored area", -4)]);
    assert_eq!((log.last_calc("modified armor"), b[1].fighter.condition.physical), (Some(0), 8));
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, vested)];
    let log = perform(&mut b, 0, &shot("VitalArea(2)"), &[5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!((log.last_calc("modified DV"), b[1].fighter.condition.physical), (Some(9), 9));
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, vested)];
    let log = perform(&mut b, 0, &shot("KnockOutOfGrasp"), &[5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(b[1].fighter.drawn_id(), "unarmed", "DV 7 beats Strength 3");
    // The log names the weapon as the catalogue does.
    assert!(render(&log).contains("B: loses its grip on the Combat knife (DV 7 beats Strength 3)"), "{}", render(&log));
}

#[test]
fn a_taser_halves_impact_armor_and_does_stun() {
    let taser = r#"attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["defiance_ex_shocker"]"#;
    let mut b = vec![at("A", "a", 0, taser), at("B", "b", 5, r#"attributes: (body: 4), armor: ["armor_jacket"]"#)];
    perform(
        &mut b,
        0,
        r#"(actor: "A", simple: [Fire(target: "B")])"#,
        &[5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2],
    );
    let c = &b[1].fighter.condition;
    assert_eq!((c.stun, c.physical, c.has(&Status::Prone)), (8, 0, true), "9S against Impact 6 ÷ 2 = 3, 1 resisted");
}

#[test]
fn stun_overflows_into_physical_and_full_monitors_knock_out_or_kill() {
    let mut f = at("B", "b", 0, "").fighter;
    f.condition.stun = 8;
    take_damage(&mut f, DamageKind::Stun, 5, &mut Log::default());
    let c = &f.condition;
    assert_eq!((c.stun, c.physical, c.has(&Status::Unconscious), c.has(&Status::Prone)), (10, 3, true, true));
    take_damage(&mut f, DamageKind::Physical, 10, &mut Log::default());
    assert!(!f.condition.has(&Status::Dead), "13 Physical: an overflow of 3 is not more than Body 3");
    take_damage(&mut f, DamageKind::Physical, 1, &mut Log::default());
    assert!(f.condition.has(&Status::Dead), "an overflow of 4 is");
}

#[test]
fn initiative_glitches_lose_ties_and_critical_glitches_go_last_with_a_pass_lost() {
    let mut b = vec![
        at("X", "a", 0, "attributes: (reaction: 4, intuition: 4)"),
        at("Y", "b", 1, "attributes: (reaction: 4, intuition: 4)"),
        at("Z", "b", 2, "attributes: (reaction: 3, intuition: 3), initiative_passes: 2"),
    ];
    let faces = [5, 5, 2, 2, 2, 2, 2, 2, 5, 5, 1, 1, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2];
    let mut rules = Shadowrun4::default();
    rules.start_turn(1, &mut b, &mut ScriptedDice::new(faces), &mut Log::default()).unwrap();
    let order: Vec<(usize, u32)> =
        std::iter::from_fn(|| rules.next_slot(&b)).map(|s| (s.actor.index(), s.phase)).collect();
    assert_eq!(order, [(0, 1), (1, 1), (2, 1)], "Z's critical glitch cost it its second pass");
}

#[test]
fn wounds_lower_initiative_at_once() {
    let two = "attributes: (reaction: 3, intuition: 3), initiative_passes: 2";
    let mut b = vec![at("P", "a", 0, two), at("Q", "b", 1, two)];
    let mut rules = Shadowrun4::default();
    let faces = [5, 5, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2];
    rules.start_turn(1, &mut b, &mut ScriptedDice::new(faces), &mut Log::default()).unwrap();
    let mut order = vec![rules.next_slot(&b).unwrap().actor.index(), rules.next_slot(&b).unwrap().actor.index()];
    b[0].fighter.condition.physical = 6; // −2: P's 8 drops below Q's 7
    order.extend(std::iter::from_fn(|| rules.next_slot(&b)).map(|s| s.actor.index()));
    assert_eq!(order, [0, 1, 1, 0]);
}

#[test]
fn tied_combatants_act_simultaneously() {
    let mut b = vec![at("R", "a", 0, "attributes: (reaction: 4)"), at("S", "b", 1, "attributes: (reaction: 4)")];
    let mut rules = Shadowrun4::default();
    rules
        .start_turn(1, &mut b, &mut ScriptedDice::new([5, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2]), &mut Log::default())
        .unwrap();
    let first = rules.next_slot(&b).unwrap();
    b[1].fighter.condition.gain(Status::Unconscious); // R's action took S out
    let second = rules.next_slot(&b).unwrap();
    assert_eq!((first.actor.index(), second.actor.index(), second.simultaneous), (0, 1, true));
    assert_eq!(rules.next_slot(&b), None);
}

#[test]
fn surprise_stops_the_surprised_from_acting_and_defending_in_the_first_pass() {
    let options = Options { surprise: Some(Surprise { alerted: vec![CombatantId(0)] /* A */ }) };
    let mut rules = Shadowrun4::new(options);
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, GUN)];
    let faces = [5, 5, 2, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2];
    let mut log = named_log(&mut b);
    rules.start_turn(1, &mut b, &mut ScriptedDice::new(faces), &mut log).unwrap();
    assert_eq!(pools(&log)[0], pool("A", "Reaction 3 + Intuition 3 (surprise)", 9, 2), "alerted: +3");
    let held = perform_with(&mut rules, &mut b, 1, r#"(actor: "B", simple: [Fire(target: "A")])"#, &[]);
    assert!(matches!(held, Err(RulesError::Illegal(Refusal::Surprised { .. }))));
    let log =
        perform_with(&mut rules, &mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2, 2, 2, 2, 2, 2, 2])
            .unwrap();
    assert_eq!(pools(&log).len(), 1, "B may not defend: {}", render(&log));
}

#[test]
fn a_surprise_tie_lets_neither_act_against_the_other_in_the_first_pass() {
    // File 004: "The surprised character must exceed the other character's score in order to act against him in the
    // first initiative pass." Issue 46, 3 (docs/rules-decisions.md, "Surprise"): a tie is not exceeding.
    let mut rules = Shadowrun4::new(Options { surprise: Some(Surprise { alerted: Vec::new() }) });
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, GUN)];
    let surprise = [5, 2, 2, 2, 2, 2, 6, 2, 2, 2, 2, 2];
    let faces: Vec<u32> = surprise.into_iter().chain([5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]).collect();
    let mut log = named_log(&mut b);
    rules.start_turn(1, &mut b, &mut ScriptedDice::new(faces), &mut log).unwrap();
    assert_eq!(pools(&log)[0], pool("A", "Reaction 3 + Intuition 3 (surprise)", 6, 1));
    assert_eq!(pools(&log)[1], pool("B", "Reaction 3 + Intuition 3 (surprise)", 6, 1));
    for (actor, order) in
        [(0, r#"(actor: "A", simple: [Fire(target: "B")])"#), (1, r#"(actor: "B", simple: [Fire(target: "A")])"#)]
    {
        let held = perform_with(&mut rules, &mut b, actor, order, &[]);
        assert!(matches!(held, Err(RulesError::Illegal(Refusal::Surprised { .. }))), "a tie holds {actor} back");
    }
    // Nor is either surprised for defense: only fewer hits than the attacker takes a defense away.
    assert!(!rules.surprised(0, 1) && !rules.surprised(1, 0), "a tie leaves both their defense");
}

#[test]
fn heavy_armor_encumbers_agility_and_reaction_tests() {
    let tank = r#"attributes: (agility: 4, body: 2), skills: { Pistols: 3 }, weapons: ["ares_predator_iv"], armor: ["full_body_armor", "helmet"]"#;
    let mut b = vec![at("A", "a", 0, tank), at("B", "b", 5, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2; 3 + 3]);
    assert_eq!(mods(&log, "A", 0), [m("armor encumbrance", -4)], "11 Ballistic over Body × 2 = 4 by 7: 4 (rounded up)");
}

#[test]
fn armor_encumbrance_rounds_up_and_takes_dice_off_surprise_and_initiative() {
    // File 004: "Armor encumbrance penalty if any armor ratings exceed Body * 2. -1 to Reaction and Agility tests for
    // every 2 points that his Body is exceeded" (issue 46, 4; docs/rules-decisions.md, "Armor encumbrance").
    let tank = r#"attributes: (agility: 4, body: 2), armor: ["full_body_armor", "helmet"]"#;
    let mut rules = Shadowrun4::new(Options { surprise: Some(Surprise { alerted: Vec::new() }) });
    let mut b = vec![at("A", "a", 0, tank), at("B", "b", 5, "")];
    let mut log = named_log(&mut b);
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([2; 2 + 6 + 2 + 6]), &mut log).unwrap();
    let encumbered = "6 − 4: 11 Ballistic over Body × 2 = 4 by 7, rounded up to 4";
    assert_eq!(pools(&log)[0], pool("A", "Reaction 3 + Intuition 3 (surprise)", 2, 0), "{encumbered}");
    assert_eq!(pools(&log)[2], pool("A", "Reaction 3 + Intuition 3 (initiative)", 2, 0), "{encumbered}");
    assert_eq!(rules.initiative(0, &b), Some(6), "the score keeps Reaction 3 + Intuition 3 whole");
    let lighter = r#"attributes: (body: 4), armor: ["helmet", "armor_jacket"]"#;
    let one_over = at("C", "a", 0, lighter).fighter.encumbrance().unwrap().map(|e| e.value);
    assert_eq!(one_over, Some(-1), "9 Ballistic over Body × 2 = 8 by 1: any point over costs a die");
}

#[test]
fn aiming_adds_a_die_and_a_second_target_costs_two() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, ""), at("C", "b", 5, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [TakeAim, Fire(target: "B")])"#, &[2; 11]);
    assert_eq!(mods(&log, "A", 0), [m("aimed shot", 1)]);
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B"), Fire(target: "C")])"#, &[2; 16]);
    assert_eq!(mods(&log, "A", 1), [m("recoil", -1), m("multiple targets", -2)]);
}

#[test]
fn the_action_economy_is_two_simple_or_one_complex() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let mut rules = Shadowrun4::default();
    let three = perform_with(&mut rules, &mut b, 0, r#"(actor: "A", simple: [TakeAim, TakeAim, TakeAim])"#, &[]);
    assert!(matches!(three, Err(RulesError::Illegal(Refusal::ThreeSimpleActions))));
    let both = perform_with(&mut rules, &mut b, 0, r#"(actor: "A", simple: [TakeAim], complex: Wait)"#, &[]);
    assert!(matches!(both, Err(RulesError::Illegal(Refusal::SimpleAndComplex))));
    let fa = perform_with(
        &mut rules,
        &mut b,
        0,
        r#"(actor: "A", simple: [Fire(mode: FullAuto(Narrow), target: "B")])"#,
        &[],
    );
    assert!(matches!(fa, Err(RulesError::Illegal(Refusal::FullAutoIsComplex))));
}

#[test]
fn a_long_burst_with_laser_tracers_and_gyro_against_a_gymnastics_dodge() {
    let rifle = r#"attributes: (agility: 4), skills: { Automatics: 4 }, gyro: 1, weapons: ["ares_alpha"]"#;
    let mut b = vec![at("A", "a", 0, rifle), at("B", "b", 20, "skills: { Gymnastics: 2 }")];
    let attack = r#"(actor: "A", simple: [Fire(mode: LongBurst(Narrow), target: "B",
        situation: (tracer: true, attacker_running: true, defense: GymnasticsDodge))])"#;
    let log = perform(&mut b, 0, attack, &[5, 5, 5, 5, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2, 2]);
    let expected = [m("attacker running", -2), m("laser sight", 1), m("recoil", -2), m("trace rounds", 2)];
    assert_eq!(mods(&log, "A", 0), expected, "long burst 5 − compensation 2 − gyro 1");
    assert_eq!(pools(&log)[1], pool("B", "Reaction 3 + Gymnastics 2 (gymnastics dodge)", 5, 1));
    assert_eq!(log.last_calc("modified DV"), Some(14), "6 + 3 net hits + 5");
    assert!(b[1].fighter.condition.has(&Status::Dead) && b[1].fighter.condition.full_defense_owed);
    assert_eq!(b[0].fighter.condition.ammo.get("ares_alpha"), Some(&36));
}

#[test]
fn a_melee_defender_may_choose_to_block_or_dodge() {
    let boxer = "attributes: (agility: 4), skills: { UnarmedCombat: 3 }";
    let defender = "skills: { UnarmedCombat: 2, Dodge: 1 }";
    let choices = [("Block", "Reaction 3 + Unarmed Combat 2 (block)", 5), ("Dodge", "Reaction 3 + Dodge 1", 4)];
    for (choice, label, defense_dice) in choices {
        let mut b = vec![at("A", "a", 0, boxer), at("B", "b", 1, defender)];
        let attack = format!(r#"(actor: "A", complex: Melee(target: "B", situation: (defense: {choice})))"#);
        let faces = vec![2; 7 + defense_dice];
        let log = perform(&mut b, 0, &attack, &faces);
        assert_eq!(pools(&log)[0].1, "Agility 4 + Unarmed Combat 3");
        assert_eq!(pools(&log)[1].1, label);
    }
}

#[test]
fn an_improvised_called_shot_and_an_unaware_target() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let attack = r#"(actor: "A", simple: [Fire(target: "B", situation: (
        called_shot: Other(what: "the tire", modifier: -4), defender_unaware: true))])"#;
    let log = perform(&mut b, 0, attack, &[2, 2, 2]);
    assert_eq!(mods(&log, "A", 0), [m("called shot: the tire", -4)]);
    assert_eq!(pools(&log).len(), 1, "an unaware target gets no defense");
}

#[test]
fn ten_boxes_in_one_hit_knock_down_even_a_troll() {
    let mut f = at("T", "b", 0, "attributes: (body: 12)").fighter;
    take_damage(&mut f, DamageKind::Physical, 10, &mut Log::default());
    assert!(f.condition.has(&Status::Prone) && !f.condition.has(&Status::Unconscious), "14 boxes, 10 taken");
}

#[test]
fn a_vital_area_called_shot_adds_one_to_four() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let five = r#"(actor: "A", simple: [Fire(target: "B", situation: (called_shot: VitalArea(5)))])"#;
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, five, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::VitalAreaDv { dv: 5 }))));
}

#[test]
fn a_second_burst_is_at_minus_3_in_all_not_minus_2_and_3() {
    // File 004: "Burst (−2 first, −3 second)": each figure is the recoil of that burst, not a step on the first
    // (issue 46, 6; docs/rules-decisions.md, "Recoil of a second burst").
    let ak = r#"attributes: (agility: 5), skills: { Automatics: 5 }, weapons: ["ak_97"]"#;
    let mut b = vec![at("A", "a", 0, ak), at("B", "b", 30, "")];
    let twice =
        r#"(actor: "A", simple: [Fire(mode: Burst(Narrow), target: "B"), Fire(mode: Burst(Narrow), target: "B")])"#;
    let log = perform(&mut b, 0, twice, &[2; 8 + 3 + 7 + 2]);
    assert_eq!(mods(&log, "A", 0), [m("recoil", -2)]);
    assert_eq!(mods(&log, "A", 1), [m("recoil", -3)], "10 dice − 3 = 7, not − 5");
    assert_eq!(b[0].fighter.condition.ammo.get("ak_97"), Some(&32), "3 rounds each from 38");
}

#[test]
fn two_long_bursts_fit_a_phase_at_minus_5_then_minus_6() {
    // File 004: "Long burst (−5 first, −6 second)": a long burst is a Simple Action, so two fit an Action Phase.
    let ak = r#"attributes: (agility: 5), skills: { Automatics: 5 }, weapons: ["ak_97"]"#;
    let mut b = vec![at("A", "a", 0, ak), at("B", "b", 30, "")];
    let twice = r#"(actor: "A", simple: [Fire(mode: LongBurst(Narrow), target: "B"), Fire(mode: LongBurst(Narrow), target: "B")])"#;
    let log = perform(&mut b, 0, twice, &[2; 5 + 3 + 4 + 2]);
    assert_eq!(mods(&log, "A", 0), [m("recoil", -5)]);
    assert_eq!(mods(&log, "A", 1), [m("recoil", -6)]);
    assert_eq!(b[0].fighter.condition.ammo.get("ak_97"), Some(&26), "6 rounds each from 38");
}

#[test]
fn single_shot_mode_fires_once_an_action_phase() {
    let rifle = r#"attributes: (agility: 4), skills: { Longarms: 3 }, weapons: ["remington_950"]"#;
    let mut b = vec![at("A", "a", 0, rifle), at("B", "b", 30, "")];
    let twice = r#"(actor: "A", simple: [Fire(target: "B"), Fire(target: "B")])"#;
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, twice, &[2; 10]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::SingleShotAgain))));
    let mixed = r#"(actor: "A", simple: [Fire(target: "B"), Fire(mode: SingleShot, target: "B")])"#;
    let mut pistol = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let err = perform_with(&mut Shadowrun4::default(), &mut pistol, 0, mixed, &[2; 20]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::SingleShotAgain))), "a semi-auto gun too");
    let rules = Shadowrun4::default();
    let slot = skirmish::rules::engine::ruleset::Slot {
        actor: skirmish::rules::engine::ruleset::CombatantId(0),
        phase: 1,
        simultaneous: false,
    };
    let choice = rules.default_action(slot, &b).expect("the built-in choice shoots");
    assert_eq!(choice.simple.len(), 1, "the built-in choice fires the Remington once: {choice:?}");
}

#[test]
fn wounds_take_dice_off_the_initiative_roll_and_points_off_the_score() {
    let mut b = vec![at("P", "a", 0, "attributes: (reaction: 3, intuition: 3)"), at("Q", "b", 1, "")];
    b[0].fighter.condition.physical = 6; // −2
    let mut log = named_log(&mut b);
    let mut rules = Shadowrun4::default();
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([5, 5, 5, 5, 2, 2, 2, 2, 2, 2]), &mut log).unwrap();
    assert_eq!(pools(&log)[0], pool("P", "Reaction 3 + Intuition 3 (initiative)", 4, 4), "6 dice less 2");
    assert_eq!(log.last_calc("initiative score"), Some(6), "Q: 6 + 0 hits");
    let p = log.events.iter().find_map(|e| match e {
        Event::Calculated { who, label, total, .. } if log.name(*who) == "P" && label == "initiative score" => {
            Some(*total)
        }
        _ => None,
    });
    assert_eq!(p, Some(8), "6 + 4 hits − 2 wounds: the score the order uses");
    assert_eq!(rules.next_slot(&b).map(|s| s.actor.index()), Some(0), "8 against 6");
    assert_eq!((rules.initiative(0, &b), rules.initiative(1, &b)), (Some(8), Some(6)), "what the tracker shows");
    b[0].fighter.condition.physical = 9;
    assert_eq!(rules.initiative(0, &b), Some(7), "a wound since the roll counts at once: 10 − 3");
}

#[test]
fn a_wounded_combatants_surprise_test_loses_dice() {
    let mut rules = Shadowrun4::new(Options { surprise: Some(Surprise { alerted: vec![] }) });
    let mut b = vec![at("A", "a", 0, ""), at("B", "b", 5, "")];
    b[0].fighter.condition.stun = 3; // −1
    let mut log = named_log(&mut b);
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([2; 5 + 6 + 5 + 6]), &mut log).unwrap();
    assert_eq!(pools(&log)[0], pool("A", "Reaction 3 + Intuition 3 (surprise)", 5, 0));
    assert_eq!(mods(&log, "A", 0), [m("wounds", -1)]);
}

#[test]
fn calling_a_shot_is_the_phases_free_action() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let called = "situation: (called_shot: VitalArea(1))";
    let prone = format!(r#"(actor: "A", free: DropProne, simple: [Fire(target: "B", {called})])"#);
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, &prone, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::CalledShotWithoutFreeAction))), "dropping prone spent it");
    let two = format!(r#"(actor: "A", simple: [Fire(target: "B", {called}), Fire(target: "B", {called})])"#);
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, &two, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::TwoCalledShots))));
    let run = format!(r#"(actor: "A", movement: (to: (1, 1), pace: Run), simple: [Fire(target: "B", {called})])"#);
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, &run, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::CalledShotWithoutFreeAction))), "running spent it");
}

#[test]
fn the_best_armor_piece_protects_and_only_accessories_add() {
    let shot = r#"(actor: "A", simple: [Fire(target: "B")])"#;
    let layered = r#"attributes: (body: 5), armor: ["armor_jacket", "armor_vest", "helmet"]"#;
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, layered)];
    // A: 7 dice, 4 hits; B: Reaction 3 less 3 for encumbrance (15 over 10 by 5, rounded up), no die; then Body 5 +
    // armor 8 resists.
    let log = perform(&mut b, 0, shot, &[5, 5, 5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(log.last_calc("modified armor"), Some(8), "jacket 8 + helmet 1, AP −1; the vest does not add");
    let heavy = at("B", "b", 5, r#"attributes: (body: 5), armor: ["armor_jacket", "armor_vest"]"#);
    let encumbered = heavy.fighter.encumbrance().unwrap().map(|e| e.value);
    assert_eq!(encumbered, Some(-2), "file 004: 8 + 6 = 14 added together for encumbrance, over Body × 2 = 10 by 4");
}

#[test]
fn only_a_critical_glitch_drops_a_defender() {
    let shot = r#"(actor: "A", simple: [Fire(target: "B")])"#;
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "attributes: (reaction: 4)")];
    // B: 4 dice, two 1s and a 5: a glitch with a hit.
    perform(&mut b, 0, shot, &[2, 2, 2, 2, 2, 2, 2, 1, 1, 5, 2]);
    assert!(!b[1].fighter.condition.has(&Status::Prone), "a plain glitch on a defense costs nothing more");
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "attributes: (reaction: 4)")];
    let log = perform(&mut b, 0, shot, &[2, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2]);
    assert!(b[1].fighter.condition.has(&Status::Prone), "a critical glitch: {}", render(&log));
}

#[test]
fn a_parry_without_a_melee_weapon_falls_back_to_dodging() {
    let boxer = "attributes: (agility: 4), skills: { UnarmedCombat: 3 }";
    let gunman = r#"skills: { Dodge: 2 }, weapons: ["ares_predator_iv"]"#;
    for (choice, label, dice) in [
        ("Parry", "Reaction 3 + Dodge 2 (dodge: no melee weapon to parry with)", 5),
        ("FullParry", "Reaction 3 + Dodge 2 + Dodge 2 (full dodge: no melee weapon to parry with)", 7),
    ] {
        let mut b = vec![at("A", "a", 0, boxer), at("B", "b", 1, gunman)];
        let attack = format!(r#"(actor: "A", complex: Melee(target: "B", situation: (defense: {choice})))"#);
        let log = perform(&mut b, 0, &attack, &vec![2; 7 + dice]);
        assert_eq!(pools(&log)[1], pool("B", label, dice as u32, 0), "{choice}");
    }
}

#[test]
fn only_a_shotgun_opens_a_spread() {
    let spread = r#"(actor: "A", simple: [Fire(target: "B", situation: (spread: Wide))])"#;
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let err = perform_with(&mut Shadowrun4::default(), &mut b, 0, spread, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::NotShotgun { .. }))));
    let shotgun = r#"attributes: (agility: 4), skills: { Longarms: 3 }, weapons: ["enfield_as7"]"#;
    let mut b = vec![at("A", "a", 0, shotgun), at("B", "b", 5, "")];
    let log = perform(&mut b, 0, spread, &[2; 8]);
    assert_eq!(mods(&log, "B", 0), [m("shotgun wide spread", -4)]);
}

#[test]
fn an_enemy_next_to_the_shooter_or_the_target_puts_it_in_melee() {
    // File 004: "Attacker in melee combat (−3)", "Defender in melee targeted by ranged attack (−3)", from the map: an
    // enemy of theirs still in the fight stands next to them.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, ""), at("C", "b", 1, ""), at("D", "a", 6, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2; 4]);
    assert_eq!(mods(&log, "A", 0), [m("attacker in melee combat", -3)], "C stands next to A");
    assert_eq!(mods(&log, "B", 0), [m("defender in melee, targeted by ranged attack", -3)], "D stands next to B");
    b[2].fighter.condition.gain(Status::Unconscious);
    b[3].position = (8, 0);
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2; 7 + 2]);
    assert!(mods(&log, "A", 0).is_empty(), "C is out of the fight");
    assert_eq!(mods(&log, "B", 0), [m("earlier defenses since its last action", -1)], "D stepped away");
}

#[test]
fn a_prone_enemy_alongside_puts_nobody_in_melee() {
    // Issue 46, 1 (docs/rules-decisions.md, "In melee"): a neighbour counts only while it stands and can fight.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, ""), at("C", "b", 1, ""), at("D", "a", 6, "")];
    b[2].fighter.condition.gain(Status::Prone);
    b[3].fighter.condition.gain(Status::Prone);
    // Agility 4 + Pistols 3 = 7 attack dice and Reaction 3 defense dice: no −3 on either.
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2; 7 + 3]);
    assert!(mods(&log, "A", 0).is_empty(), "C lies prone beside A");
    assert!(mods(&log, "B", 0).is_empty(), "D lies prone beside B");
}

#[test]
fn a_phase_spent_on_a_declared_full_defense_is_its_action_and_starts_the_defense_count_anew() {
    // File 004: "Defender has defended against previous attacks since last action (-1 per additional defense)"
    // (issue 64, 3): the Action Phase a declared full defense spends is that combatant's action.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "skills: { Dodge: 3 }")];
    let dodge = r#"(actor: "A", simple: [Fire(target: "B", situation: (defense: FullDodge))])"#;
    perform(&mut b, 0, dodge, &[2; 7 + 6]);
    assert_eq!(b[1].fighter.condition.defenses, 1);
    let spent = perform(&mut b, 1, r#"(actor: "B", complex: Wait)"#, &[]);
    assert!(render(&spent).contains("spends this Action Phase on the full defense it declared"), "{}", render(&spent));
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B")])"#, &[2; 7 + 3]);
    assert_eq!(pools(&log)[1], pool("B", "Reaction 3", 3, 0), "{}", render(&log));
    assert!(mods(&log, "B", 0).is_empty(), "no defense since its last action: {:?}", mods(&log, "B", 0));
}

#[test]
fn a_passed_phase_is_no_action_and_the_defense_count_goes_on() {
    // File 004: "defended against previous attacks since last action" (issue 64, 4): a phase passed without an
    // action leaves the count as it was; a phase with an action, a wait among them, starts it anew.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let fire = r#"(actor: "A", simple: [Fire(target: "B")])"#;
    perform(&mut b, 0, fire, &[2; 7 + 3]);
    let slot = Slot { actor: CombatantId::at(1), phase: 1, simultaneous: false };
    assert!(Shadowrun4::default().start_slot(slot, &mut b, &mut Log::default()), "B's slot comes; B passes");
    let log = perform(&mut b, 0, fire, &[2; 7 + 2]);
    assert_eq!(mods(&log, "B", 0), [m("earlier defenses since its last action", -1)]);
    perform(&mut b, 1, r#"(actor: "B", complex: Wait)"#, &[]);
    let log = perform(&mut b, 0, fire, &[2; 7 + 3]);
    assert!(mods(&log, "B", 0).is_empty(), "its wait was an action: {:?}", mods(&log, "B", 0));
}

#[test]
fn a_knock_out_of_grasp_called_shot_does_its_damage_too() {
    // File 004: "Knock something out of grasp - -4 dice pool modifier, if modified Damage Value exceeds the target's
    // Strength, the target loses grip of the object" (issue 64, 4): it names no damage given up; the hit does it.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, r#"weapons: ["combat_knife"], armor: ["armor_clothing"]"#)];
    let shot = r#"(actor: "A", simple: [Fire(target: "B", situation: (called_shot: KnockOutOfGrasp))])"#;
    let log = perform(&mut b, 0, shot, &[5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(mods(&log, "A", 0), [m("called shot: knock out of grasp", -4)]);
    assert_eq!((log.last_calc("modified DV"), log.last_calc("modified armor")), (Some(7), Some(3)));
    assert_eq!(b[1].fighter.drawn_id(), "unarmed", "DV 7 beats Strength 3");
    assert_eq!(b[1].fighter.condition.physical, 7, "7P over armor 3, no resistance hits: {}", render(&log));
}

#[test]
fn a_melee_full_dodge_with_a_firearm_in_hand_may_add_unarmed_combat() {
    // File 004: "Against melee attacks: Reaction + Dodge + Dodge or Reaction + melee combat skill + Dodge" (issue 64,
    // 4). Unarmed Combat is a melee combat skill, and bare hands are always there (the block of a plain melee
    // defense): a defender holding a gun full-dodges with the better of the two.
    let boxer = "attributes: (agility: 4), skills: { UnarmedCombat: 3 }";
    let attack = r#"(actor: "A", complex: Melee(target: "B", situation: (defense: FullDodge)))"#;
    for (skills, label, dice) in [
        ("Dodge: 1, UnarmedCombat: 3", "Reaction 3 + Unarmed Combat 3 + Dodge 1 (full dodge)", 7),
        ("Dodge: 3, UnarmedCombat: 1", "Reaction 3 + Dodge 3 + Dodge 3 (full dodge)", 9),
    ] {
        let gunman = format!(r#"skills: {{ {skills} }}, weapons: ["ares_predator_iv"]"#);
        let mut b = vec![at("A", "a", 0, boxer), at("B", "b", 1, &gunman)];
        let log = perform(&mut b, 0, attack, &vec![2; 7 + dice]);
        assert_eq!(pools(&log)[1], pool("B", label, dice as u32, 0), "{skills}");
    }
}

#[test]
fn the_first_of_several_targets_pays_no_multiple_target_penalty() {
    // File 004: "Multiple targets (-2 per additional target in action phase)" (issue 64, 4): the first target is no
    // additional one.
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, ""), at("C", "b", 5, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Fire(target: "B"), Fire(target: "C")])"#, &[2; 17]);
    assert!(mods(&log, "A", 0).is_empty(), "B, the first target: {:?}", mods(&log, "A", 0));
    assert_eq!(mods(&log, "A", 1), [m("recoil", -1), m("multiple targets", -2)], "C, a second target");
}
