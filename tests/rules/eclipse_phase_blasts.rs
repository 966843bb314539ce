//! Eclipse Phase on the map (file 003): blasts aimed at a combatant or a cell take their range band and cover from
//! the map and catch everyone the blast reaches, friend or foe, behind no wall; their exact odds agree with every
//! face of their dice; a throw takes the modifiers a shot takes (in melee, aimed) in its roll and its odds; and a
//! Complex Action aim is lost when the target leaves the aimer's sights.

use crate::common;

use crate::common::{picture, render, sheet_of, tests};
use skirmish::rules::RulesError;
use skirmish::rules::eclipse_phase::actions::Action;
use skirmish::rules::eclipse_phase::{EclipsePhase, Fighter};
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::field::{Cell, Field};
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::refusal::Refusal;
use skirmish::rules::engine::ruleset::{Combatant, Ruleset, Slot};
use skirmish::rules::mechanics::odds::{AttackOdds, Chance, Dist, Measure};

const THROWER: &str =
    r#"init: 1, durability: 100, wound_threshold: 60, skills: { ThrownWeapons: 50 }, weapons: ["frag_grenade"]"#;
/// A wound threshold no blast reaches: no SOM × 3 tests, so a blast's dice are the attack and the damage only.
const TOUGH: &str = "init: 1, durability: 100, wound_threshold: 60";

fn unit(name: &str, side: &str, at: Cell, fields: &str) -> Combatant<Fighter> {
    Combatant { side: side.into(), position: at, fighter: Fighter::new(name, sheet_of(fields)) }
}

fn rules_on(field: &Field) -> EclipsePhase {
    let mut rules = EclipsePhase::default();
    rules.set_field(field.clone());
    rules
}

/// The thrower A, its target T 14 m away, an ally F of A one meter past T, an enemy E two meters past it.
fn street() -> (Field, Vec<Combatant<Fighter>>) {
    let (field, a, t) = picture(&["A............oT...."]);
    let mut battle = vec![
        unit("A", "a", a, THROWER),
        unit("T", "t", t, TOUGH),
        unit("F", "a", (t.0 + 1, t.1), TOUGH),
        unit("E", "t", (t.0 + 2, t.1), TOUGH),
    ];
    skirmish::rules::engine::ruleset::number(&mut battle);
    (field, battle)
}

const THROW: &str = r#"(actor: "A", complex: AreaAttack(target: "T"))"#;

/// The names and values of the modifiers of the first test in `log` (the throw).
fn throw_modifiers(log: &Log) -> Vec<(String, i32)> {
    log.tests().next().expect("the throw").modifiers.iter().map(|m| (m.name.clone(), m.value)).collect()
}

fn m(name: &str, value: i32) -> (String, i32) {
    (name.to_owned(), value)
}

/// The chance the odds give the throw in `action` to land.
fn landing_chance(rules: &EclipsePhase, battle: &[Combatant<Fighter>], action: &Action) -> f64 {
    rules.odds_of(battle, 0, action).expect("priced").chance(Chance::Hit)
}

#[test]
fn a_blast_takes_range_and_cover_from_the_map_and_catches_friend_and_foe() {
    let (field, mut b) = street();
    let log = common::perform_rules(&mut rules_on(&field), &mut b, 0, THROW, &[5, 1, 1, 1]).expect("legal");
    let attack = log.tests().next().expect("the throw").clone();
    let named: Vec<(String, i32)> = attack.modifiers.iter().map(|m| (m.name.clone(), m.value)).collect();
    let expected = [("defender in moderate cover".to_owned(), -20), ("medium range".to_owned(), -10)];
    assert_eq!(named, expected, "14 m: medium range for a frag grenade; low cover right in front of T");
    assert_eq!(tests(&log)[0].1, 20);
    let damage: Vec<u32> = b.iter().map(|c| c.fighter.condition.damage).collect();
    assert_eq!(damage, [0, 15, 13, 11], "3d10 3 + 12 at the center, −2 a meter; the thrower 14 m away is spared");
}

#[test]
fn a_grenade_thrown_by_an_attacker_in_melee_is_at_minus_10_in_its_roll_and_its_odds() {
    // File 003, Ranged Combat (Attacker): "Attacker in melee combat" (issue 64, 1). A throw is a ranged attack: an
    // enemy standing next to the thrower puts it in melee, as it does a shooter.
    let (field, a, t) = picture(&["A............oT....", "..................."]);
    let mut b = vec![unit("A", "a", a, THROWER), unit("T", "t", t, TOUGH), unit("M", "t", (a.0, a.1 + 1), TOUGH)];
    skirmish::rules::engine::ruleset::number(&mut b);
    let rules = rules_on(&field);
    let throw: Action = common::named(&b, THROW);
    // 50 − 10 in melee − 20 cover − 10 medium range = 10: the faces 00–10 land.
    assert!((landing_chance(&rules, &b, &throw) - 0.11).abs() < 1e-9, "priced as rolled");
    let log = common::perform_rules(&mut rules_on(&field), &mut b, 0, THROW, &[11]).expect("legal");
    let expected = [m("attacker in melee", -10), m("defender in moderate cover", -20), m("medium range", -10)];
    assert_eq!(throw_modifiers(&log), expected);
    assert_eq!(tests(&log), [("Thrown Weapons".to_owned(), 10, 11, false)], "{}", render(&log));
}

#[test]
fn a_complex_aim_gives_its_30_to_a_throw_at_the_aimed_target_and_to_no_other() {
    // File 003: "You can also sacrifice an entire Complex Action to fix your aim on a target. In this case, as long as
    // the target remains in your sights until your next Action Phase, you receive a +30 modifier to hit" (issue 64,
    // 2): a throw at the aimed target is aimed, in its roll and its odds; a throw at a cell is at no target.
    let (field, mut b) = street();
    let mut rules = rules_on(&field);
    common::perform_rules(&mut rules, &mut b, 0, r#"(actor: "A", complex: Aim("T"))"#, &[]).expect("aims");
    let throw: Action = common::named(&b, THROW);
    assert!((landing_chance(&rules, &b, &throw) - 0.51).abs() < 1e-9, "50 − 20 cover − 10 medium + 30 aimed");
    let log = common::perform_rules(&mut rules, &mut b, 0, THROW, &[51]).expect("legal");
    let expected = [m("defender in moderate cover", -20), m("medium range", -10), m("aimed shot (complex)", 30)];
    assert_eq!(throw_modifiers(&log), expected);
    assert_eq!(tests(&log), [("Thrown Weapons".to_owned(), 50, 51, false)], "{}", render(&log));
    assert_eq!(b[0].fighter.condition.aim, None, "the throw spent the aim");
    // The grenade is gone: a fresh street, aimed at T again.
    let (_, mut b) = street();
    common::perform_rules(&mut rules, &mut b, 0, r#"(actor: "A", complex: Aim("T"))"#, &[]).expect("aims");
    let at_a_cell = r#"(actor: "A", complex: AreaAttack(at: (14, 0)))"#;
    let log = common::perform_rules(&mut rules, &mut b, 0, at_a_cell, &[51]).expect("legal");
    assert_eq!(tests(&log), [("Thrown Weapons".to_owned(), 20, 51, false)], "at T's cell, not at T: no aim");
    assert_eq!(b[0].fighter.condition.aim, None, "the throw spent the aim all the same");
}

#[test]
fn a_quick_aim_at_a_throw_needs_the_other_quick_actions_given_up() {
    // File 003: "a character can sacrifice their other Quick Actions to concentrate on targeting a ranged attack and
    // receive a +10 modifier on the attack" (issue 64, 2): a throw after a draw has given up nothing.
    let (field, mut b) = street();
    let rules = rules_on(&field);
    let drawn_first = r#"(actor: "A", quick: [Draw("frag_grenade")],
        complex: AreaAttack(target: "T", situation: (aim_quick: true)))"#;
    let refused = |e: Result<_, RulesError>| matches!(e, Err(RulesError::Illegal(Refusal::QuickAimWithQuickActions)));
    let err = common::perform_rules(&mut rules_on(&field), &mut b.clone(), 0, drawn_first, &[]);
    assert!(refused(err.map(|_| ())), "the roll refuses it");
    let action: Action = common::named(&b, drawn_first);
    assert!(refused(rules.odds_of(&b, 0, &action).map(|_| ())), "the odds refuse it");
    let aimed = r#"(actor: "A", complex: AreaAttack(target: "T", situation: (aim_quick: true)))"#;
    let action: Action = common::named(&b, aimed);
    assert!((landing_chance(&rules, &b, &action) - 0.31).abs() < 1e-9, "50 − 20 cover − 10 medium + 10 aimed");
    let log = common::perform_rules(&mut rules_on(&field), &mut b, 0, aimed, &[31]).expect("legal");
    let expected = [m("defender in moderate cover", -20), m("aimed shot (quick)", 10), m("medium range", -10)];
    assert_eq!(throw_modifiers(&log), expected);
    assert_eq!(tests(&log), [("Thrown Weapons".to_owned(), 30, 31, false)]);
}

#[test]
fn a_wall_shields_from_the_blast_and_stops_the_throw() {
    let (field, a, t) = picture(&["A.......T#.", "..........."]);
    let mut b = vec![unit("A", "a", a, THROWER), unit("T", "t", t, TOUGH), unit("X", "t", (10, 0), TOUGH)];
    // 30 against 50: MoS 20, no excellent success.
    common::perform_rules(&mut rules_on(&field), &mut b, 0, THROW, &[30, 1, 1, 1]).expect("legal");
    assert_eq!((b[1].fighter.condition.damage, b[2].fighter.condition.damage), (15, 0), "the wall shields X");
    let mut b = vec![unit("A", "a", a, THROWER), unit("T", "t", t, TOUGH), unit("X", "t", (10, 0), TOUGH)];
    let behind = r#"(actor: "A", complex: AreaAttack(target: "X"))"#;
    let err = common::perform_rules(&mut rules_on(&field), &mut b, 0, behind, &[]);
    assert!(matches!(err, Err(RulesError::Illegal(Refusal::WallBetween { from, to })) if from == "A" && to == "X"));
    let at_a_cell = r#"(actor: "A", complex: AreaAttack(at: (7, 1)))"#;
    common::perform_rules(&mut rules_on(&field), &mut b, 0, at_a_cell, &[30, 1, 1, 1]).expect("legal");
    assert_eq!(b[1].fighter.condition.damage, 13, "a blast at a cell: T is 1 m from it");
}

#[test]
fn the_odds_of_a_blast_agree_with_every_face_of_its_dice() {
    let (field, b) = street();
    let rules = rules_on(&field);
    let action = rules.plain_attack_of(&b, 0, b[1].fighter.id);
    let odds = rules.odds_of(&b, 0, &action).expect("priced");
    let (mut hit, mut friendly) = (0.0, 0.0);
    let mut damage: Vec<Dist> = vec![Dist::default(); 3];
    for roll in 0..100u32 {
        let faces: Vec<Vec<u32>> = match roll <= 20 {
            true => (0..1000).map(|n| vec![roll, n / 100 % 10 + 1, n / 10 % 10 + 1, n % 10 + 1]).collect(),
            false => vec![vec![roll]],
        };
        let weight = 0.01 / faces.len() as f64;
        for f in faces {
            let mut copy = b.clone();
            let mut log = Log::default();
            let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
            rules.clone().perform(slot, &action, &mut copy, &mut ScriptedDice::new(f), &mut log).expect("legal");
            hit += if log.last_calc("damage value").is_some() { weight } else { 0.0 };
            let hurt = |i: usize| copy[i].fighter.condition.damage > 0;
            friendly += if hurt(0) || hurt(2) { weight } else { 0.0 };
            for (k, d) in damage.iter_mut().enumerate() {
                d.add(copy[k + 1].fighter.condition.damage as i32, weight);
            }
        }
    }
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(odds.chance(Chance::Hit), hit) && close(hit, 0.21), "{odds}");
    assert!(close(odds.chance(Chance::FriendlyFire), friendly), "{odds}");
    let priced = [
        odds.dist(Measure::Damage),
        odds.dist(Measure::DamageTo("F".into())),
        odds.dist(Measure::DamageTo("E".into())),
    ];
    for (name, (p, e)) in ["T", "F", "E"].iter().zip(priced.iter().zip(&damage)) {
        let p = p.unwrap_or_else(|| panic!("a damage distribution for {name}: {odds}"));
        for (v, pe) in e.iter() {
            assert!(close(p.p(v), pe), "{name}: P(damage {v}) = {} priced, {pe} counted", p.p(v));
        }
    }
}

#[test]
fn an_aim_is_lost_when_the_target_leaves_the_aimers_sights() {
    let (field, a, t) = picture(&["A....T....", "..........", "..######..", ".........."]);
    let aimer = r#"init: 1, durability: 40, skills: { KineticWeapons: 50 }, weapons: ["medium_pistol"]"#;
    let mut b = vec![unit("A", "a", a, aimer), unit("T", "t", t, TOUGH)];
    let mut rules = rules_on(&field);
    common::perform_rules(&mut rules, &mut b, 0, r#"(actor: "A", complex: Aim("T"))"#, &[]).expect("legal");
    let step = r#"(actor: "T", quick: [Move(to: (6, 0))], complex: Wait)"#;
    common::perform_rules(&mut rules, &mut b, 1, step, &[]).expect("legal");
    assert!(b[0].fighter.condition.aim.is_some(), "a step aside stays in sight");
    let hide = r#"(actor: "T", quick: [Move(to: (5, 3), pace: Run)], complex: Wait)"#;
    let log = common::perform_rules(&mut rules, &mut b, 1, hide, &[]).expect("legal");
    assert!(render(&log).contains("A: loses its aim: T left its sights"), "{}", render(&log));
    assert_eq!(b[0].fighter.condition.aim, None);
}

/// A grenadier with a grenade in hand and two enemies a meter either side of an empty cell 10 m off, on open ground.
const GRENADIER: &str = r#"(
    name: "Grenade at the ground",
    ruleset: EclipsePhase(combatants: [
        (name: "G", side: "a", position: (0, 1), sheet: (init: 90, durability: 100, wound_threshold: 60,
            skills: { ThrownWeapons: 50, KineticWeapons: 40 }, weapons: ["frag_grenade", "medium_pistol"])),
        (name: "T", side: "b", position: (10, 0), sheet: (init: 1, durability: 100, wound_threshold: 60)),
        (name: "U", side: "b", position: (10, 2), sheet: (init: 1, durability: 100, wound_threshold: 60)),
    ]),
)"#;

#[test]
fn a_players_blast_at_an_empty_cell_is_the_blast_the_rules_throw_there_and_only_with_a_blast_weapon_in_hand() {
    use skirmish::rules::engine::battle::Next;
    use skirmish::rules::engine::dice::SeededDice;
    use skirmish::rules::tools::no_odds::PlanError;
    use skirmish::rules::tools::plan::Plan;
    let scenario = skirmish::scenario::parse(GRENADIER, "grenadier.ron".as_ref()).expect("reads");
    let mut log = Log::default();
    let mut battle = skirmish::battle::run::start(&scenario, "seed 1", &mut log);
    let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(1), &mut log) else { panic!("a first slot") };
    let g = battle.id_of("G").expect("G");
    assert_eq!(slot.actor, g, "init 90 acts first");
    // The window's Shift+click on the empty cell between T and U.
    let plan = Plan { at: Some((10, 1)), ..Plan::default() };
    let seen = vec![true; battle.len()];
    assert_eq!(plan.keeps_to(&battle, slot, &seen), Ok(()));
    let action = plan.action(&battle, g, Vec::new());
    assert_eq!(battle.blast_at(g, None, (10, 1)), Some(action.clone()), "the blast at the cell, no target");
    assert!(battle.odds_of(g, &action).is_ok(), "priced in the panel before it is thrown");
    // 30 against ThrownWeapons 50: a hit; 3d10 of 1s + 12 = 15 at the center, −2 a meter: 13 on each, 1 m away.
    battle.act(&action, &mut ScriptedDice::new([30, 1, 1, 1]), &mut log).expect("thrown");
    let taken = |name: &str| battle.tracks(battle.id_of(name).expect("there"))[0].taken;
    assert_eq!((taken("T"), taken("U"), taken("G")), (13, 13, 0));
    // With the pistol in hand there is no blast to throw at the ground.
    let mut pistol = skirmish::battle::run::start(&scenario, "seed 1", &mut Log::default());
    let draw = pistol.other_actions(g).into_iter().find(|(n, _)| n.contains("pistol")).expect("ready the pistol");
    let Ok(Next::Slot(first)) = pistol.next(&mut SeededDice::new(1), &mut Log::default()) else { panic!("a slot") };
    pistol.act(&draw.1, &mut SeededDice::new(1), &mut Log::default()).expect("readied");
    assert_eq!(pistol.blast_at(g, None, (10, 1)), None);
    assert_eq!(plan.keeps_to(&pistol, first, &seen), Err(PlanError::NoBlast((10, 1))));
}
