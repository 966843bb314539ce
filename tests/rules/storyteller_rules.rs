//! Storyteller rules, one test per rule, each with scripted dice and an exact expected outcome.
//! Defaults used below: attributes 2, abilities 0, no armor unless given.

use crate::common;

use crate::common::st::{at, perform, perform_with};
use crate::common::{d10_pools, render};
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::engine::ruleset::Ruleset;
use skirmish::rules::storyteller::damage::DamageType::{Bashing, Lethal};
use skirmish::rules::storyteller::{Options, Storyteller};

fn pool(who: &str, label: &str, dice: u32, difficulty: u32, successes: u32) -> (String, String, u32, u32, u32, bool) {
    (who.into(), label.into(), dice, difficulty, successes, false)
}

fn mods(log: &Log, who: &str, n: usize) -> Vec<(String, i32)> {
    let t = log.tests().filter(|t| log.name(t.who) == who).nth(n).expect("that pool");
    t.modifiers.iter().map(|m| (m.name.clone(), m.value)).collect()
}

#[test]
fn a_punch_uses_strength_and_soaks_bashing_with_stamina() {
    let mut b = vec![
        at("A", "a", 0, "attributes: (strength: 3), abilities: { Brawl: 2 }"),
        at("B", "b", 1, "abilities: { Brawl: 1 }"),
    ];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[6, 7, 8, 2, 1, 6, 2, 3, 6, 5]);
    let expected = vec![
        pool("A", "Strength 3 + Brawl 2", 5, 6, 2),
        pool("B", "Dexterity 2 + Brawl 1", 3, 6, 1),
        pool("B", "Bashing damage", 2, 6, 1),
    ];
    assert_eq!(d10_pools(&log), expected, "{}", render(&log));
    assert_eq!(log.last_calc("raw damage"), Some(4), "Strength 3 + 1 net success");
    assert_eq!(log.last_calc("soak against Bashing"), Some(2));
    let h = &b[1].fighter.condition.health;
    assert_eq!((h.boxes.clone(), h.level_name(), h.penalty()), (vec![Bashing], "Bruised", 0));
}

#[test]
fn a_dexterity_attack_caps_the_added_successes_at_strength() {
    let mut b = vec![
        at("A", "a", 0, r#"attributes: (strength: 1, dexterity: 4), abilities: { Melee: 3 }, weapons: ["dagger"]"#),
        at("B", "b", 1, ""),
    ];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[6, 6, 6, 6, 6, 2, 2, 2, 2, 6, 6]);
    assert_eq!(d10_pools(&log)[0], pool("A", "Dexterity 4 + Melee 3", 7, 6, 5));
    assert_eq!(log.last_calc("raw damage"), Some(3), "Strength 1 + 1, + 5 net capped at Strength 1");
    assert_eq!(log.last_calc("soak against Lethal"), Some(1), "⌊Stamina 2 ÷ 2⌋");
    let h = &b[1].fighter.condition.health;
    assert_eq!((h.boxes.clone(), h.level_name(), h.penalty()), (vec![Lethal, Lethal], "Hurt", -1));
}

#[test]
fn ranged_defense_is_dexterity_plus_dodge_less_armor_wounds_and_earlier_defenses() {
    let shooter = r#"attributes: (perception: 3), abilities: { Firearms: 2 }, weapons: ["pistol"]"#;
    let target = r#"attributes: (dexterity: 3), abilities: { Dodge: 2 }, armor: "flak_vest""#;
    let mut b = vec![at("A", "a", 0, shooter), at("B", "b", 10, target)];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[6, 6, 6, 2, 2, 6, 2, 2, 2, 6, 6, 1]);
    assert_eq!(d10_pools(&log)[1], pool("B", "Dexterity 3 + Dodge 2", 4, 6, 1));
    assert_eq!(mods(&log, "B", 0), [("Flak vest needs Stamina 3".to_owned(), -1)]);
    assert_eq!(log.last_calc("raw damage"), Some(7), "pistol 5 + 2 net; Perception adds no cap");
    assert_eq!(b[1].fighter.condition.health.boxes, [Lethal, Lethal], "3 dice after soak 4: 1s do not cancel");
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[2, 2, 2, 2, 2, 2, 2]);
    let expected = [
        ("defenses used since its turn".to_owned(), -1),
        ("Flak vest needs Stamina 3".to_owned(), -1),
        ("wounds (Hurt)".to_owned(), -1),
    ];
    assert_eq!(mods(&log, "B", 0), expected);
    let off = Options { armor_stamina_penalty: false, ..Options::default() };
    let mut fresh = vec![at("A", "a", 0, shooter), at("B", "b", 10, target)];
    let log = perform_with(off, &mut fresh, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[2; 10]).unwrap();
    assert_eq!(d10_pools(&log)[1].2, 5, "the option off: no armor penalty");
}

#[test]
fn the_kick_is_difficulty_7_and_a_weak_kicker_loses_dice() {
    let mut b = vec![
        at("A", "a", 0, r#"attributes: (strength: 1, dexterity: 1), abilities: { Brawl: 2 }, weapons: ["kick"]"#),
        at("B", "b", 1, ""),
    ];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[7, 6, 2, 2, 6]);
    assert_eq!(d10_pools(&log)[0], pool("A", "Strength 1 + Brawl 2", 2, 7, 1));
    assert_eq!(mods(&log, "A", 0), [("Kick needs Strength 2".to_owned(), -1)]);
    assert_eq!(b[1].fighter.condition.health.boxes, [Bashing]);
}

#[test]
fn a_botch_costs_the_next_action() {
    let mut b = vec![at("A", "a", 0, "attributes: (strength: 3), abilities: { Brawl: 2 }"), at("B", "b", 1, "")];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[1, 2, 3, 4, 5, 2, 2]);
    assert!(d10_pools(&log)[0].5, "no success and a 1: a botch");
    let lost = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[]);
    assert!(render(&lost).contains("A: loses this action to its botch"));
}

#[test]
fn the_last_level_incapacitates_and_more_damage_kills() {
    let mut f = at("B", "b", 0, "").fighter;
    f.condition.health.boxes = vec![Lethal; 6];
    f.take(Lethal, 1, &mut Log::default());
    assert!(f.condition.has(&Status::Incapacitated) && !f.condition.has(&Status::Dead));
    f.take(Bashing, 1, &mut Log::default());
    assert!(f.condition.has(&Status::Dead), "a full track of lethal: more damage kills");
}

#[test]
fn initiative_is_d10_dexterity_wits_with_extra_actions_last() {
    // File 001: "1d10 + Dexterity + Wits"; wounds take nothing off it (issue 46, 5).
    let mut b = vec![
        at("X", "a", 0, "attributes: (dexterity: 3, wits: 2)"),
        at("Y", "b", 1, "attributes: (dexterity: 2, wits: 3)"),
        at("Z", "b", 2, "extra_actions: 1"),
    ];
    b[2].fighter.condition.health.boxes = vec![Bashing, Bashing];
    let mut rules = Storyteller::default();
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([5, 5, 9]), &mut Log::default()).unwrap();
    let order: Vec<(usize, u32)> =
        std::iter::from_fn(|| rules.next_slot(&b)).map(|s| (s.actor.index(), s.phase)).collect();
    assert_eq!(order, [(2, 1), (1, 1), (0, 1), (2, 2)], "Z 9 + 4 = 13; X and Y tie at 10, Y has more Wits");
    let scores: Vec<Option<i32>> = (0..3).map(|i| rules.initiative(i, &b)).collect();
    assert_eq!(scores, [Some(10), Some(10), Some(13)], "what the tracker shows: Z's wounds cost it nothing");
}

#[test]
fn the_house_rule_takes_the_wound_penalty_off_initiative() {
    let mut b = vec![at("X", "a", 0, "attributes: (dexterity: 3, wits: 2)"), at("Z", "b", 2, "")];
    b[1].fighter.condition.health.boxes = vec![Bashing, Bashing];
    let mut rules = Storyteller::new(Options { initiative_wound_penalty: true, ..Options::default() });
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([5, 6]), &mut Log::default()).unwrap();
    let scores: Vec<Option<i32>> = (0..2).map(|i| rules.initiative(i, &b)).collect();
    assert_eq!(scores, [Some(10), Some(9)], "Z 6 + 4 − 1 (Hurt) = 9");
}

#[test]
fn the_defense_penalty_resets_when_the_defenders_turn_begins() {
    let mut b = vec![at("A", "a", 0, "abilities: { Brawl: 1 }"), at("B", "b", 1, "")];
    perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[2, 2, 2, 2, 2]);
    assert_eq!(b[1].fighter.condition.defenses, 1);
    perform(&mut b, 1, r#"(actor: "B", act: Wait)"#, &[]);
    assert_eq!(b[1].fighter.condition.defenses, 0);
}

#[test]
fn a_weapon_must_be_in_reach_and_in_hand() {
    let mut b = vec![at("A", "a", 0, r#"weapons: ["pistol", "dagger"]"#), at("B", "b", 25, "")];
    let far = perform_with(Options::default(), &mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &[]);
    assert!(far.is_err_and(|e| e.to_string().contains("out of the Pistol or revolver's reach")));
    let holstered =
        perform_with(Options::default(), &mut b, 0, r#"(actor: "A", act: Attack(weapon: "dagger", target: "B"))"#, &[]);
    assert!(holstered.is_err_and(|e| e.to_string().contains("must ready the dagger first")));
}

#[test]
fn file_001s_worked_example_strength_2_a_knife_and_five_net_successes() {
    // File 001, IV.A: "an attacker with a Strength of 2 using a knife (Strength+1) who gains five net successes … does
    // … 8 damage"; IV.B: "if the above attacker attacked someone with a soak of 4, he would roll 4 dice of damage".
    // The seed's melee knife is its table's Dagger (Strength+1); soak 4 against lethal: ⌊Stamina 4 ÷ 2⌋ + armor 2.
    let knifer = r#"attributes: (strength: 2), abilities: { Melee: 3 }, weapons: ["dagger"]"#;
    let soaker = r#"attributes: (stamina: 4), armor: "ballistic_cloth""#;
    let mut b = vec![at("A", "a", 0, knifer), at("B", "b", 1, soaker)];
    let faces = [10, 10, 10, 10, 10, 2, 2, 6, 6, 2, 2];
    let log = perform(&mut b, 0, r#"(actor: "A", act: Attack(target: "B"))"#, &faces);
    let expected = vec![
        pool("A", "Strength 2 + Melee 3", 5, 6, 5),
        pool("B", "Dexterity 2 + Melee 0", 2, 6, 0),
        pool("B", "Lethal damage", 4, 6, 2),
    ];
    assert_eq!(d10_pools(&log), expected, "{}", render(&log));
    assert_eq!(log.last_calc("raw damage"), Some(8), "Strength 2 + 1, + 5 net successes");
    assert_eq!(log.last_calc("soak against Lethal"), Some(4));
    assert_eq!(b[1].fighter.condition.health.boxes, [Lethal, Lethal]);
}

/// A battle of scripted actions played by the battle loop with scripted dice (initiative each turn included).
fn play_script(
    b: &mut [skirmish::rules::engine::ruleset::Combatant<skirmish::rules::storyteller::Fighter>],
    actions: &[&str],
    faces: &[u32],
) -> Log {
    let script: Vec<_> = actions.iter().map(|a| common::named(b, a)).collect();
    let (mut dice, mut log) = (ScriptedDice::new(faces.iter().copied()), Log::default());
    common::play_script(Storyteller::default(), b, script, &mut dice, &mut log);
    assert_eq!(dice.remaining(), 0, "{}", render(&log));
    log
}

#[test]
fn the_defense_penalty_resets_when_the_turn_starts_even_without_an_action() {
    // File 001, III.C: the penalty "resets itself at the start of your next turn". B's slot comes in turn 1 with
    // nothing for it to do: turn 2's defense is at no penalty.
    let mut b = vec![at("A", "a", 0, "abilities: { Brawl: 1 }"), at("B", "b", 1, "")];
    let attack = r#"(actor: "A", act: Attack(target: "B"))"#;
    let faces = [10, 1, 2, 2, 2, 2, 2, 10, 1, 2, 2, 2, 2, 2];
    let log = play_script(&mut b, &[attack, attack], &faces);
    let defenses: Vec<(u32, Vec<(String, i32)>)> = log
        .tests()
        .filter(|t| log.name(t.who) == "B")
        .map(|t| {
            let dice = match t.roll {
                skirmish::rules::engine::outcome::Roll::D10Pool { dice, .. } => dice,
                _ => 0,
            };
            (dice, t.modifiers.iter().map(|m| (m.name.clone(), m.value)).collect())
        })
        .collect();
    assert_eq!(defenses, [(2, vec![]), (2, vec![])], "{}", render(&log));
}

#[test]
fn a_pending_botch_costs_the_next_slot_even_one_without_orders() {
    // A botches its defense in turn 1 after its own slot; its turn-2 slot, with nothing scripted for it, is the one the
    // botch costs (rules.md §3's decision), so it acts in turn 3.
    let mut b = vec![at("A", "a", 0, "abilities: { Brawl: 1 }"), at("B", "b", 1, "abilities: { Brawl: 1 }")];
    let actions = [
        r#"(actor: "B", act: Attack(target: "A"))"#,
        r#"(actor: "B", act: Wait)"#,
        r#"(actor: "A", act: Attack(target: "B"))"#,
    ];
    let faces = [10, 1, 2, 2, 2, 1, 1, 1, 10, 1, 10, 1, 2, 2, 2, 2, 2, 2];
    let log = play_script(&mut b, &actions, &faces);
    let text = render(&log);
    let lost = text.find("A: loses this action to its botch").expect("the botch costs a slot");
    let (turn2, turn3) = (text.find("-- Turn 2 --").unwrap(), text.find("-- Turn 3 --").unwrap());
    assert!(turn2 < lost && lost < turn3, "in turn 2:\n{text}");
    assert!(text[turn3..].contains("A: attacks B with the Punch"), "A acts in turn 3:\n{text}");
}
