//! Eclipse Phase rules, one test per rule, each with scripted dice and an exact expected outcome.
//! Defaults used below: aptitudes 15 (so SOM × 3 = 45), no armor unless given, WT = ⌈DUR ÷ 5⌉.

use crate::common::{at, hits, perform, perform_with, render, tests};
use skirmish::rules::RulesError;
use skirmish::rules::eclipse_phase::EclipsePhase;
use skirmish::rules::eclipse_phase::damage::apply_hit;
use skirmish::rules::eclipse_phase::gear::Catalogue;
use skirmish::rules::eclipse_phase::{MosRule, Options};
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::engine::refusal::Refusal;
use skirmish::rules::engine::ruleset::{FighterState, Ruleset};
use skirmish::rules::mechanics::fighter::Standing;

const PISTOL: &str =
    r#"init: 50, durability: 40, skills: { KineticWeapons: 50, Fray: 40 }, weapons: ["medium_pistol"]"#;
const TARGET: &str = r#"init: 40, durability: 40, skills: { Fray: 40 }"#;

fn t(label: &str, target: i32, roll: u32, success: bool) -> (String, i32, u32, bool) {
    (label.to_owned(), target, roll, success)
}

#[test]
fn semi_auto_fires_two_shots_and_a_second_target_costs_20() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET), at("C", "b", 6, TARGET)];
    let log = perform(
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "C"]))"#,
        &[30, 25, 6, 7, 50, 31, 10],
    );
    let expected = vec![
        t("Kinetic Weapons", 50, 30, true),
        t("Fray ÷ 2", 20, 25, false),
        t("SOM × 3 to stay standing", 35, 50, false),
        t("Kinetic Weapons", 30, 31, false),
        t("Fray ÷ 2", 20, 10, true),
    ];
    assert_eq!(tests(&log), expected, "{}", render(&log));
    assert_eq!(hits(&log), [true, false]);
    let bc = &b[1].fighter.condition;
    assert_eq!((bc.damage, bc.wounds, bc.has(&Status::Prone)), (15, 1, true), "2d10 (6+7) + 2, WT 8");
    assert_eq!(b[2].fighter.condition.damage, 0);
    assert_eq!(b[0].fighter.condition.ammo.get("medium_pistol"), Some(&10));
}

#[test]
fn full_auto_for_damage_adds_3d10_and_ap_reduces_armor() {
    let rifle = r#"init: 50, durability: 40, skills: { KineticWeapons: 40 }, weapons: ["assault_rifle"]"#;
    let armored = r#"init: 40, durability: 60, skills: { Fray: 30 }, armor: "light_body_armor""#;
    let mut b = vec![at("A", "a", 0, rifle), at("B", "b", 20, armored)];
    let log = perform(
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: FullAuto(Damage), targets: ["B"]))"#,
        &[35, 50, 5, 5, 1, 2, 3, 10],
    );
    assert_eq!(log.last_calc("damage value"), Some(24), "2d10 10 + 3d10 6 + 8");
    assert_eq!(log.last_calc("armor"), Some(4), "kinetic 10 − AP 6");
    assert_eq!(log.last_calc("damage"), Some(20));
    let bc = &b[1].fighter.condition;
    assert_eq!((bc.damage, bc.wounds, bc.has(&Status::Prone)), (20, 1, false), "WT 12; SOM test 35 rolled 10");
    assert_eq!(b[0].fighter.condition.ammo.get("assault_rifle"), Some(&30), "full auto uses 10 rounds");
}

#[test]
fn burst_for_accuracy_adds_10_and_needs_three_rounds() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: Burst(ToHit), targets: ["B"]))"#, &[61, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 60, 61, false), "50 + 10 for the burst");
    b[0].fighter.condition.ammo.insert("medium_pistol".into(), 2);
    let err = perform_with(
        Options::default(),
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: Burst(ToHit), targets: ["B"]))"#,
        &[],
    );
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::AmmoShort { left: 2, .. }))));
    perform(&mut b, 0, r#"(actor: "A", complex: Reload)"#, &[]);
    assert_eq!(b[0].fighter.condition.ammo.get("medium_pistol"), None, "full again");
}

#[test]
fn a_mode_the_weapon_lacks_or_too_many_shots_is_refused() {
    let mut b = vec![at("A", "a", 0, r#"init: 1, durability: 30, weapons: ["heavy_pistol"]"#), at("B", "b", 5, TARGET)];
    let burst = perform_with(
        Options::default(),
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: Burst(Damage), targets: ["B"]))"#,
        &[],
    );
    assert!(matches!(burst, Err(RulesError::Illegal(Refusal::NoSuchMode { .. }))));
    let three = perform_with(
        Options::default(),
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "B", "B"]))"#,
        &[],
    );
    assert!(matches!(three, Err(RulesError::Illegal(Refusal::ShotCount { most: 2, given: 3, .. }))));
}

#[test]
fn a_defenders_critical_jams_the_weapon_until_cleared() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "B"]))"#, &[5, 11]);
    assert_eq!(hits(&log), [false], "the defender rolled higher; the jam ends the attack after the first shot");
    assert!(b[0].fighter.condition.has(&Status::WeaponJammed("medium_pistol".into())));
    let line =
        "A is stuck with a malfunctioning weapon: the Medium pistol fails, the defender rolled a critical success";
    assert!(render(&log).contains(line), "{}", render(&log));
    let jammed = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", complex: Attack(targets: ["B"]))"#, &[]);
    assert!(matches!(jammed, Err(RulesError::Illegal(Refusal::Malfunctioned { .. }))));
    perform(&mut b, 0, r#"(actor: "A", complex: ClearJam)"#, &[]);
    assert!(!b[0].fighter.condition.has(&Status::WeaponJammed("medium_pistol".into())));
}

#[test]
fn melee_adds_som_bonus_and_the_defender_parries_with_full_defense() {
    let knifer = r#"init: 50, durability: 40, aptitudes: (som: 30), skills: { Blades: 60 }, weapons: ["knife"]"#;
    let axer = r#"init: 40, durability: 40, skills: { Fray: 40, Blades: 50 }, weapons: ["diamond_axe"], armor: "armor_clothing""#;
    let mut b = vec![at("A", "a", 0, knifer), at("B", "b", 1, axer)];
    perform(&mut b, 1, r#"(actor: "B", complex: FullDefense)"#, &[]);
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(targets: ["B"]))"#, &[58, 43, 7, 90]);
    let expected =
        vec![t("Blades", 60, 58, true), t("Blades", 80, 43, true), t("SOM × 3 to stay standing", 35, 90, false)];
    assert_eq!(tests(&log), expected, "{}", render(&log));
    assert_eq!(log.last_calc("damage value"), Some(11), "1d10 7 + 1 + SOM 30 ÷ 10");
    assert_eq!(log.last_calc("armor"), Some(3), "kinetic 4 − AP 1");
    assert_eq!(b[1].fighter.condition.damage, 8);
    let far = vec![at("A", "a", 0, knifer), at("B", "b", 5, axer)];
    let err =
        perform_with(Options::default(), &mut far.clone(), 0, r#"(actor: "A", complex: Attack(targets: ["B"]))"#, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::MeleeOutOfReach { .. }))));
}

#[test]
fn a_complex_aim_gives_30_to_the_next_shot_at_that_target() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 20, TARGET)];
    perform(&mut b, 0, r#"(actor: "A", complex: Aim("B"))"#, &[]);
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#, &[71, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 70, 71, false), "50 − 10 medium range + 30 aim");
    assert_eq!(b[0].fighter.condition.aim, None, "the shot used the aim");
}

#[test]
fn a_complex_aim_helps_every_shot_of_the_next_attack_at_its_target_and_no_other() {
    // File 003: "fix your aim on a target … you receive a +30 modifier to hit" (issue 46, 7; docs/rules-decisions.md,
    // "Aim and sweeping fire"): each shot of the next attack at the aimed target, none at another.
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 20, TARGET), at("C", "b", 21, TARGET)];
    perform(&mut b, 0, r#"(actor: "A", complex: Aim("B"))"#, &[]);
    let both = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "B"]))"#;
    let log = perform(&mut b, 0, both, &[99, 5, 99, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 70, 99, false), "50 − 10 medium range + 30 aim");
    assert_eq!(tests(&log)[2], t("Kinetic Weapons", 70, 99, false), "the second shot at B is aimed too");
    perform(&mut b, 0, r#"(actor: "A", complex: Aim("B"))"#, &[]);
    let split = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["C", "B"]))"#;
    let log = perform(&mut b, 0, split, &[99, 5, 99, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 40, 99, false), "C was not aimed at");
    assert_eq!(
        tests(&log)[2],
        t("Kinetic Weapons", 50, 99, false),
        "B: 50 − 10 medium range + 30 aim − 20 for a second target"
    );
}

#[test]
fn wounds_cost_10_each_on_attack_and_defense() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    b[0].fighter.condition.wounds = 2;
    b[1].fighter.condition.wounds = 1;
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#, &[40, 5]);
    assert_eq!(tests(&log), [t("Kinetic Weapons", 30, 40, false), t("Fray ÷ 2", 10, 5, true)]);
}

#[test]
fn the_mos_rule_option_changes_excellent_successes() {
    let faces = [65, 90, 5, 5];
    let action = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#;
    let mut b = vec![
        at("A", "a", 0, r#"init: 1, durability: 30, skills: { KineticWeapons: 75 }, weapons: ["medium_pistol"]"#),
        at("B", "b", 5, "init: 1, durability: 200"),
    ];
    let first = Options { mos_rule: MosRule::TargetMinusRoll, ..Options::default() };
    let first = perform_with(first, &mut b.clone(), 0, action, &faces).unwrap();
    assert_eq!(first.last_calc("damage value"), Some(12), "MoS 10: no bonus");
    let errata = Options { mos_rule: MosRule::RollIsMoS, ..Options::default() };
    let errata = perform_with(errata, &mut b, 0, action, &faces).unwrap();
    assert_eq!(errata.last_calc("damage value"), Some(22), "MoS 65: +10");
}

#[test]
fn damage_past_durability_incapacitates_and_past_death_rating_kills() {
    let pistol = Catalogue::shipped().unwrap().find_weapon("medium_pistol").unwrap();
    let hit = |fields: &str, before: u32, dv: i32| {
        let mut f = at("B", "b", 0, fields).fighter;
        f.condition.damage = before;
        // No dice: an incapacitated or dead target makes no SOM tests.
        apply_hit(&Options::default(), &mut f, &pistol, dv, false, &mut ScriptedDice::new([]), &mut Log::default())
            .unwrap();
        f.condition
    };
    let out = hit("init: 1, durability: 30", 25, 10);
    assert!(out.has(&Status::Incapacitated) && !out.has(&Status::Dead));
    assert_eq!((out.damage, out.wounds), (35, 1));
    assert!(hit("init: 1, durability: 30", 40, 10).has(&Status::Dead), "biomorph DR 45");
    let synth = hit("init: 1, durability: 30, morph: Synthmorph", 40, 10);
    assert!(synth.has(&Status::Incapacitated) && !synth.has(&Status::Dead), "synthmorph DR 60");
}

#[test]
fn blast_falls_off_2_per_meter_and_two_wounds_test_consciousness() {
    let thrower = r#"init: 1, durability: 30, skills: { ThrownWeapons: 50 }, weapons: ["frag_grenade"]"#;
    let mut b = vec![at("A", "a", 0, thrower), at("B", "b", 10, TARGET), at("C", "b", 13, TARGET)];
    let log = perform(
        &mut b,
        0,
        r#"(actor: "A", complex: AreaAttack(target: "B", situation: (range: Short)))"#,
        &[40, 2, 3, 4, 20, 30, 5],
    );
    let bc = &b[1].fighter.condition;
    assert_eq!(
        (bc.damage, bc.wounds, bc.has(&Status::Prone), bc.has(&Status::Unconscious)),
        (21, 2, false, true),
        "{}",
        render(&log)
    );
    let cc = &b[2].fighter.condition;
    assert_eq!((cc.damage, cc.wounds, cc.has(&Status::Prone)), (15, 1, false), "21 − 6");
}

#[test]
fn uniform_blast_hits_everyone_in_the_radius_alike() {
    let thrower = r#"init: 1, durability: 30, skills: { ThrownWeapons: 50 }, weapons: ["plasma_grenade"]"#;
    let mut b = vec![at("A", "a", 0, thrower), at("B", "b", 8, "init: 1, durability: 100"), at("C", "b", 12, TARGET)];
    perform(&mut b, 0, r#"(actor: "A", complex: AreaAttack(target: "B"))"#, &[40, 1, 1, 1, 45]);
    assert_eq!(b[1].fighter.condition.damage, 23, "3d10 3 + 20 at the center");
    assert_eq!(b[2].fighter.condition.damage, 0, "C, 4 m from B, is outside the 3 m radius");
}

#[test]
fn a_cone_at_long_range_loses_1d10_and_full_auto_aims_30_better() {
    let sprayer = r#"init: 1, durability: 30, skills: { SprayWeapons: 60 }, weapons: ["shredder"]"#;
    let vest = r#"init: 1, durability: 50, skills: { Fray: 40 }, armor: "armor_vest""#;
    let mut b = vec![at("A", "a", 0, sprayer), at("B", "b", 50, vest)];
    let log = perform(
        &mut b,
        0,
        r#"(actor: "A", complex: Attack(mode: FullAuto(ToHit), targets: ["B"]))"#,
        &[50, 60, 4, 6, 3, 35],
    );
    assert_eq!(tests(&log)[0], t("Spray Weapons", 70, 50, true), "60 − 20 long + 30 full auto");
    assert_eq!(log.last_calc("damage value"), Some(12), "2d10 10 − 1d10 3 + 5");
    assert_eq!(b[1].fighter.condition.damage, 12, "AP −10 negates the vest's 6");
}

#[test]
fn speed_adds_action_phases_and_ties_break_on_ref_then_roll_off() {
    let mut b = vec![
        at("X", "a", 0, "init: 50, durability: 30, speed: 2, aptitudes: (ref: 20)"),
        at("Y", "b", 1, "init: 50, durability: 30"),
        at("Z", "b", 2, "init: 40, durability: 30"),
    ];
    let mut dice = ScriptedDice::new([10, 10, 20, 30, 70]);
    let mut rules = EclipsePhase::default();
    rules.start_turn(1, &mut b, &mut dice, &mut Log::default()).unwrap();
    let order: Vec<(usize, u32)> =
        std::iter::from_fn(|| rules.next_slot(&b)).map(|s| (s.actor.index(), s.phase)).collect();
    assert_eq!(order, [(0, 1), (2, 1), (1, 1), (0, 2)]);
}

#[test]
fn a_shock_stun_lasts_the_next_three_turns_then_wears_off() {
    let mut b = vec![at("A", "a", 0, "init: 1, durability: 30"), at("B", "b", 1, "init: 1, durability: 30")];
    b[1].fighter.condition.gain(Status::Stunned(3));
    let mut rules = EclipsePhase::default();
    let mut able = Vec::new();
    for turn in 2..=5 {
        let mut dice = ScriptedDice::new([10, 20]);
        rules.start_turn(turn, &mut b, &mut dice, &mut Log::default()).unwrap();
        able.push(b[1].fighter.condition.can_act());
    }
    assert_eq!(able, [false, false, false, true]);
}

#[test]
fn a_prone_defender_10_m_away_is_10_harder_and_standing_up_is_quick() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 12, TARGET)];
    b[1].fighter.condition.gain(Status::Prone);
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#, &[35, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 30, 35, false), "50 − 10 medium range − 10 prone and far");
    perform(&mut b, 1, r#"(actor: "B", quick: [StandUp], complex: Wait)"#, &[]);
    assert!(!b[1].fighter.condition.has(&Status::Prone));
}

#[test]
fn a_weapon_must_be_carried_and_drawn_before_it_fires() {
    let two = r#"init: 1, durability: 30, skills: { KineticWeapons: 50 }, weapons: ["knife", "light_pistol"]"#;
    let mut b = vec![at("A", "a", 0, two), at("B", "b", 5, TARGET)];
    let shoot = r#"(actor: "A", complex: Attack(weapon: "light_pistol", mode: SemiAuto, targets: ["B"]))"#;
    let holstered = perform_with(Options::default(), &mut b, 0, shoot, &[]);
    assert!(
        matches!(holstered, Err(RulesError::Illegal(Refusal::NotInHand { weapon, verb: "draw", .. })) if weapon == "light_pistol")
    );
    let not_carried = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", quick: [Draw("smg")])"#, &[]);
    assert!(matches!(not_carried, Err(RulesError::Illegal(Refusal::NotCarried { weapon, .. })) if weapon == "smg"));
    let drawn = r#"(actor: "A", quick: [Draw("light_pistol")], complex: Attack(weapon: "light_pistol", mode: SemiAuto, targets: ["B"]))"#;
    let log = perform(&mut b, 0, drawn, &[60, 5]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 50, 60, false));
}

#[test]
fn a_stunned_combatant_cannot_act() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    b[0].fighter.condition.gain(Status::Stunned(1));
    let err = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", complex: Wait)"#, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::CannotAct { who })) if who == "A"));
}

#[test]
fn only_blast_weapons_make_area_attacks() {
    let sprayer = r#"init: 1, durability: 30, skills: { SprayWeapons: 60 }, weapons: ["shredder"]"#;
    let mut b = vec![at("A", "a", 0, sprayer), at("B", "b", 5, TARGET)];
    let cone = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", complex: AreaAttack(target: "B"))"#, &[]);
    assert!(matches!(cone, Err(RulesError::Illegal(Refusal::NotBlast { .. }))));
}

#[test]
fn both_succeeding_the_higher_roll_wins_even_against_a_critical() {
    // File 000, step 5: "If the attacker's dice roll is higher, the attack hits …; otherwise, the attack fails".
    let shot = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#;
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, "init: 1, durability: 40, skills: { Fray: 60 }")];
    let log = perform(&mut b, 0, shot, &[11, 28]);
    assert_eq!(hits(&log), [false], "an attack critical 11 against a defense 28: the defender rolled higher");
    let log = perform(&mut b, 0, shot, &[45, 22, 5, 5, 10]);
    assert_eq!(hits(&log), [true], "an attack 45 against a defense critical 22: the attacker rolled higher");
    assert!(b[0].fighter.condition.has(&Status::WeaponJammed("medium_pistol".into())), "the defender's critical");
    assert_eq!(b[1].fighter.condition.damage, 12, "2d10 (5 + 5) + 2; 45 against 50 is MoS 5: no bonus");
}

#[test]
fn the_critical_beats_success_option_lets_a_critical_win() {
    use skirmish::rules::eclipse_phase::OpposedCriticals;
    let house = Options { opposed_criticals: OpposedCriticals::CriticalBeatsSuccess, ..Options::default() };
    let shot = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#;
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, "init: 1, durability: 40, skills: { Fray: 60 }")];
    let log = perform_with(house, &mut b, 0, shot, &[11, 28, 1, 1, 10]).unwrap();
    assert_eq!(hits(&log), [true], "the attacker's critical beats a plain success");
    assert_eq!(log.last_calc("damage value"), Some(9), "1 + 1 + 2, and MoS 39 adds +5");
    // B's one wound makes its defense 30 − 10 = 20: a critical 11 beats the attack's 45.
    let log = perform_with(house, &mut b, 0, shot, &[45, 11]).unwrap();
    assert_eq!(hits(&log), [false], "the defender's critical beats a plain success");
}

#[test]
fn damage_equal_to_durability_does_not_incapacitate_unless_the_option_says() {
    use skirmish::rules::eclipse_phase::IncapacitatedAt;
    let pistol = Catalogue::shipped().unwrap().find_weapon("medium_pistol").unwrap();
    let hit = |options: Options, dv: i32| {
        let mut f = at("B", "b", 0, "init: 1, durability: 30, wound_threshold: 100").fighter;
        f.condition.damage = 20;
        apply_hit(&options, &mut f, &pistol, dv, false, &mut ScriptedDice::new([]), &mut Log::default()).unwrap();
        f.condition
    };
    let seed = Options::default();
    assert!(!hit(seed, 10).has(&Status::Incapacitated), "30 of 30 does not exceed Durability (file 000, step 7)");
    assert!(hit(seed, 11).has(&Status::Incapacitated), "31 exceeds it");
    let reaches = Options { incapacitated_at: IncapacitatedAt::ReachesDurability, ..Options::default() };
    assert!(hit(reaches, 10).has(&Status::Incapacitated), "the option: reaching it is enough");
}

#[test]
fn a_second_shock_keeps_the_longer_stun() {
    let stunner = r#"init: 1, durability: 30, skills: { BeamWeapons: 80 }, weapons: ["stunner"]"#;
    let victim = "init: 1, durability: 30, wound_threshold: 100";
    let shot = r#"(actor: "A", complex: Attack(mode: SingleShot, targets: ["B"]))"#;
    let mut b = vec![at("A", "a", 0, stunner), at("B", "b", 5, victim)];
    b[1].fighter.condition.gain(Status::Stunned(2));
    // A hit (10 against no defense: B is stunned), 1d10 ÷ 2, then the shock test 30 failed by 9: one turn.
    let log = perform(&mut b, 0, shot, &[10, 4, 39]);
    assert!(b[1].fighter.condition.has(&Status::Stunned(2)), "{}", render(&log));
    assert_eq!(b[1].fighter.condition.stun_left(), Some(2), "the 2 turns left stand, not the new 1");
    b[1].fighter.condition.gain(Status::Stunned(1));
    perform(&mut b, 0, shot, &[10, 4, 70]);
    assert_eq!(b[1].fighter.condition.stun_left(), Some(4), "a longer stun replaces the shorter: MoF 40");
}

#[test]
fn a_melee_weapon_has_no_firing_modes() {
    let knifer = r#"init: 1, durability: 30, skills: { Blades: 60 }, weapons: ["knife"]"#;
    let mut b = vec![at("A", "a", 0, knifer), at("B", "b", 1, TARGET)];
    for mode in ["FullAuto(ToHit)", "Burst(Damage)", "SemiAuto"] {
        let text = format!(r#"(actor: "A", complex: Attack(mode: {mode}, targets: ["B"]))"#);
        let err = perform_with(Options::default(), &mut b, 0, &text, &[]);
        assert!(matches!(err, Err(RulesError::Illegal(Refusal::NoSuchMode { .. }))), "{mode}");
    }
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(targets: ["B"]))"#, &[70, 5]);
    assert_eq!(tests(&log)[0], t("Blades", 60, 70, false), "a plain strike, no +30");
}

#[test]
fn a_beam_weapons_second_shot_sweeps_for_10() {
    let laser = r#"init: 1, durability: 30, skills: { BeamWeapons: 50 }, weapons: ["laser_pulser"]"#;
    let mut b = vec![at("A", "a", 0, laser), at("B", "b", 5, TARGET)];
    let log =
        perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "B"]))"#, &[80, 5, 80, 5]);
    assert_eq!(tests(&log)[0], t("Beam Weapons", 50, 80, false));
    assert_eq!(tests(&log)[2], t("Beam Weapons", 60, 80, false), "file 003: sweeping fire +10 on the second shot");
    let pistol = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    let log = perform(
        &mut pistol.clone(),
        0,
        r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "B"]))"#,
        &[80, 5, 80, 5],
    );
    assert_eq!(tests(&log)[2], t("Kinetic Weapons", 50, 80, false), "no sweep for a slug thrower");
    // Issue 46, 7: the sweep is the beam carried on to the second shot, at the same target or the next (which still
    // costs −20 for a second target).
    let mut b = vec![at("A", "a", 0, laser), at("B", "b", 5, TARGET), at("C", "b", 6, TARGET)];
    let log =
        perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "C"]))"#, &[80, 5, 80, 5]);
    assert_eq!(tests(&log)[2], t("Beam Weapons", 40, 80, false), "50 + 10 sweep − 20 second target");
}

#[test]
fn a_thrown_grenade_is_used_up() {
    let thrower =
        r#"init: 1, durability: 30, skills: { ThrownWeapons: 50 }, weapons: ["frag_grenade", "frag_grenade", "knife"]"#;
    let mut b = vec![at("A", "a", 0, thrower), at("B", "b", 20, "init: 1, durability: 200")];
    let throw = r#"(actor: "A", complex: AreaAttack(target: "B"))"#;
    perform(&mut b, 0, throw, &[90]);
    assert_eq!(b[0].fighter.rounds_in_hand(), Some(1), "two carried, one thrown");
    let reload = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", complex: Reload)"#, &[]);
    assert!(matches!(reload, Err(RulesError::Illegal(Refusal::ThrownReload { .. }))));
    let log = perform(&mut b, 0, throw, &[90]);
    assert!(render(&log).contains("A: has thrown its last Frag grenade"), "{}", render(&log));
    assert_eq!(b[0].fighter.drawn_id(), "unarmed", "the hand is empty");
    let again = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", quick: [Draw("frag_grenade")])"#, &[]);
    assert!(matches!(again, Err(RulesError::Illegal(Refusal::NoneLeft { weapon, .. })) if weapon == "Frag grenade"));
}

#[test]
fn an_aim_lapses_when_the_next_action_phase_passes_unused() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 20, TARGET)];
    perform(&mut b, 0, r#"(actor: "A", complex: Aim("B"))"#, &[]);
    let waited = perform(&mut b, 0, r#"(actor: "A", complex: Wait)"#, &[]);
    assert!(b[0].fighter.condition.aim.is_some(), "held through the next Action Phase: {}", render(&waited));
    let lapsed = perform(&mut b, 0, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#, &[71, 5]);
    assert!(render(&lapsed).contains("A: lets its aim at B lapse"), "{}", render(&lapsed));
    assert_eq!(tests(&lapsed)[0], t("Kinetic Weapons", 40, 71, false), "50 − 10 medium range, no aim");
}

#[test]
fn prone_and_far_means_10_meters_and_an_enemy_alongside_puts_the_shooter_in_melee() {
    // File 003: "Defender prone and far (10+ meters)" −10; "Attacker in melee" −10, from who stands next to it.
    let shot = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"], situation: (range: Medium)))"#;
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 6, TARGET), at("C", "b", -1, TARGET)];
    b[1].fighter.condition.gain(Status::Prone);
    let log = perform(&mut b, 0, shot, &[90, 5]);
    let named: Vec<(String, i32)> =
        log.tests().next().expect("a test").modifiers.iter().map(|m| (m.name.clone(), m.value)).collect();
    let expected = [("attacker in melee".to_owned(), -10), ("medium range".to_owned(), -10)];
    assert_eq!(named, expected, "6 m is not far, whatever the band; C stands next to A");
}

#[test]
fn a_stunned_or_prone_enemy_alongside_puts_nobody_in_melee() {
    // Issue 46, 1 (docs/rules-decisions.md, "In melee"): a neighbour counts only while it stands and can fight.
    let shot = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"], situation: (range: Medium)))"#;
    for status in [Status::Stunned(2), Status::Prone] {
        let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 6, TARGET), at("C", "b", -1, TARGET)];
        b[2].fighter.condition.gain(status.clone());
        let log = perform(&mut b, 0, shot, &[90, 5]);
        let named: Vec<(String, i32)> =
            log.tests().next().expect("a test").modifiers.iter().map(|m| (m.name.clone(), m.value)).collect();
        assert_eq!(named, [("medium range".to_owned(), -10)], "C is {status}: A is not in melee");
        assert_eq!(tests(&log)[0], t("Kinetic Weapons", 40, 90, false), "50 − 10 medium range");
    }
}

#[test]
fn the_defender_takes_the_general_modifiers_that_fit_a_defender() {
    // File 000, step 3: "Any appropriate modifiers are now applied to the attacker and defender's skills" (issue 46,
    // 2; docs/rules-decisions.md, "Defender's modifiers"): superior position and visibility to any defense; the off
    // hand and a two-handed weapon in one hand only to a parry with the weapon (a dodge uses no hand).
    let knifer = r#"init: 50, durability: 40, skills: { Blades: 60, Fray: 10 }, weapons: ["knife"]"#;
    let strike = r#"(actor: "A", complex: Attack(targets: ["B"], situation: (defender_off_hand: true,
        defender_two_handed_one_hand: true, defender_superior_position: true, defender_visibility: Minor)))"#;
    let mut b = vec![at("A", "a", 0, knifer), at("B", "b", 1, knifer)];
    let log = perform(&mut b, 0, strike, &[99, 98]);
    assert_eq!(tests(&log)[1], t("Blades", 30, 98, false), "60 − 20 off hand + 20 superior − 20 two-handed − 10 dim");
    let named: Vec<(String, i32)> =
        log.tests().nth(1).expect("a defense").modifiers.iter().map(|m| (m.name.clone(), m.value)).collect();
    let expected = [("off-hand", -20), ("superior position", 20), ("two-handed weapon in one hand", -20)];
    let mut expected: Vec<(String, i32)> = expected.iter().map(|&(n, v)| (n.to_owned(), v)).collect();
    expected.push(("visibility impaired (minor)".to_owned(), -10));
    assert_eq!(named, expected);
    // File 003, "Fray or melee skill": a parry the hands bring down below Fray is no choice; Fray 30 dodges (its
    // target 30 + 20 superior − 10 dim) where the parry would be 60 − 40 = 20 before the same two.
    let dodger = r#"init: 50, durability: 40, skills: { Blades: 60, Fray: 30 }, weapons: ["knife"]"#;
    let mut b = vec![at("A", "a", 0, knifer), at("B", "b", 1, dodger)];
    let log = perform(&mut b, 0, strike, &[99, 98]);
    assert_eq!(tests(&log)[1], t("Fray", 40, 98, false), "30 + 20 superior − 10 dim: a dodge, no hand");
    let shot = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"], situation: (range: Short,
        defender_off_hand: true, defender_superior_position: true, defender_visibility: Major)))"#;
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET)];
    let log = perform(&mut b, 0, shot, &[99, 98]);
    assert_eq!(tests(&log)[1], t("Fray ÷ 2", 20, 98, false), "40 ÷ 2 + 20 superior − 20 dark; a dodge has no hand");
}

/// File 000: initiative is INIT + d100; the total is what the tracker shows for the turn, none for one out of the
/// fight.
#[test]
fn the_turns_initiative_is_init_plus_a_d100() {
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET), at("C", "b", 9, TARGET)];
    b[2].fighter.condition.statuses.push(Status::Dead);
    let mut rules = EclipsePhase::new(Options::default());
    assert_eq!(rules.initiative(0, &b), None, "before the first turn");
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([30, 65]), &mut Log::default()).unwrap();
    let scores: Vec<Option<i32>> = (0..3).map(|i| rules.initiative(i, &b)).collect();
    assert_eq!(scores, [Some(80), Some(105), None], "50 + 30, 40 + 65; the dead roll none");
}

#[test]
fn a_shock_hit_is_tested_for_shock_even_when_armor_stops_all_its_damage() {
    // File 000, step 7: "If the damage is reduced to 0 or less, the armor is effective and the attack fails to
    // injure the target": the damage. The shock is apart from it ("Stunners, however, are shock weapons, so the
    // assassin must make a DUR + Energy Armor Test"), the energy armor already in its test (issue 64, 4).
    let stunner = r#"init: 50, durability: 40, skills: { BeamWeapons: 50 }, weapons: ["stunner"]"#;
    let armored = r#"init: 40, durability: 40, skills: { Fray: 40 }, armor: "light_body_armor""#;
    let mut b = vec![at("A", "a", 0, stunner), at("B", "b", 5, armored)];
    let shot = r#"(actor: "A", complex: Attack(mode: SingleShot, targets: ["B"]))"#;
    let log = perform(&mut b, 0, shot, &[30, 25, 8, 80]);
    assert_eq!(log.last_calc("damage"), Some(0), "1d10 ÷ 2 = 4 against Energy armor 10: {}", render(&log));
    assert_eq!(tests(&log)[2], t("DUR + Energy armor (shock)", 50, 80, false), "DUR 40 + Energy armor 10");
    let c = &b[1].fighter.condition;
    assert_eq!((c.damage, c.has(&Status::Stunned(3))), (0, true), "failed by 30: stunned for 3 Action Turns");
}

#[test]
fn the_first_of_several_targets_pays_no_multiple_target_penalty() {
    // File 003: "Multiple targets in same Action Phase –20 per a[dditional target]" (issue 64, 4): the first target
    // is no additional one; the second costs 20.
    let mut b = vec![at("A", "a", 0, PISTOL), at("B", "b", 5, TARGET), at("C", "b", 6, TARGET)];
    let both = r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B", "C"]))"#;
    let log = perform(&mut b, 0, both, &[99, 98, 99, 98]);
    let named = |n: usize| -> Vec<(String, i32)> {
        let shot = log.tests().filter(|t| log.name(t.who) == "A").nth(n).expect("a shot");
        shot.modifiers.iter().map(|m| (m.name.clone(), m.value)).collect()
    };
    assert!(named(0).is_empty(), "B, the first target, at short range: {:?}", named(0));
    assert_eq!(named(1), [("multiple targets".to_owned(), -20)], "C, a second target");
    assert_eq!((tests(&log)[0].1, tests(&log)[2].1), (50, 30));
}

#[test]
fn a_phase_holds_its_complex_action_and_any_quick_actions_but_one_move() {
    // File 000's example: "The assassin goes first, spending a Quick Action to draw a shredder ... so with a Complex
    // Action the assassin can take two shots"; file 003: "sacrifice their other Quick Actions" (issue 64, 4): several
    // Quick Actions and the Complex Action in one Action Phase. The seeds give no number: none, but one move.
    let two = r#"init: 50, durability: 40, skills: { KineticWeapons: 50 }, weapons: ["knife", "medium_pistol"]"#;
    let mut b = vec![at("A", "a", 0, two), at("B", "b", 5, TARGET)];
    b[0].fighter.condition.gain(Status::Prone);
    let busy = r#"(actor: "A", quick: [StandUp, Draw("medium_pistol"), Move(to: (1, 0))],
        complex: Attack(mode: SemiAuto, targets: ["B"]))"#;
    let log = perform(&mut b, 0, busy, &[99, 98]);
    assert_eq!(tests(&log)[0], t("Kinetic Weapons", 50, 99, false), "{}", render(&log));
    assert_eq!((b[0].position, b[0].fighter.drawn_id()), ((1, 0), "medium_pistol"));
    assert!(!b[0].fighter.condition.has(&Status::Prone));
    let two_moves = r#"(actor: "A", quick: [Move(to: (2, 0)), Move(to: (3, 0))])"#;
    let err = perform_with(Options::default(), &mut b, 0, two_moves, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::TwoMoves))), "{err:?}");
}
