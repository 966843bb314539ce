//! d6 homebrew rules (file 002), one test per step, each with scripted dice and an exact expected outcome.
//! Defaults used below: attributes 3 (so both tracks have 10 boxes), skills 0, no armor unless given.

use crate::common;

use crate::common::hb::{at, perform, perform_with};
use crate::common::{pools, render};
use skirmish::rules::RulesError;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Event, Log, Status};
use skirmish::rules::engine::refusal::Refusal;
use skirmish::rules::engine::ruleset::Ruleset;
use skirmish::rules::homebrew_d6::damage::resolve_damage;
use skirmish::rules::homebrew_d6::gear::{Catalogue, Weapon};
use skirmish::rules::homebrew_d6::{CriticalResistance, HomebrewD6, Options};

const GUN: &str = r#"attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["pistol"]"#;
const DODGER: &str = "attributes: (body: 4), skills: { Dodge: 2 }";

fn weapon(id: &str) -> std::sync::Arc<Weapon> {
    Catalogue::shipped().unwrap().find_weapon(id).unwrap()
}

/// Steps 2–6 for a hit with `net` net hits, with `faces` for the resistance test.
fn hit(opts: Options, target: &str, id: &str, net: u32, faces: &[u32]) -> (Log, skirmish::rules::homebrew_d6::Fighter) {
    let attacker = at("A", "a", 0, "").fighter;
    let mut defender = at("B", "b", 1, target).fighter;
    let mut log = Log::default();
    let mut dice = ScriptedDice::new(faces.iter().copied());
    resolve_damage(&opts, &attacker, &mut defender, &weapon(id), net, &mut dice, &mut log).unwrap();
    assert_eq!(dice.remaining(), 0, "{}", render(&log));
    (log, defender)
}

#[test]
fn the_six_steps_in_order_with_critical_boxes_taken_as_light() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 10, DODGER)];
    let faces = [5, 5, 5, 5, 2, 2, 3, 5, 2, 2, 2, 2, 3, 5, 5, 2, 2];
    let log = perform(&mut b, 0, r#"(actor: "A", simple: [Attack(target: "B")])"#, &faces);
    let expected = vec![
        ("A".to_owned(), "Agility 4 + Pistols 3".to_owned(), 7, 4),
        ("B".to_owned(), "Agility 3 + Edge 3".to_owned(), 6, 1), // the best of the accelerated column
        ("B".to_owned(), "Body 4 (step 5: damage resistance)".to_owned(), 4, 2),
    ];
    assert_eq!(pools(&log), expected, "{}", render(&log));
    assert_eq!(log.last_calc("step 2: modified DV"), Some(8), "5PC + 3 net hits");
    assert_eq!(log.last_calc("step 3: modified AV"), Some(0));
    assert_eq!(log.last_calc("step 4: modified DV less modified AV"), Some(8));
    let c = &b[1].fighter.condition;
    assert_eq!((c.light, c.critical, c.wound_modifier()), (2, 4, -1), "8 − 2 hits = 6: 2 of them Light");
    assert!(c.has(&Status::Prone), "6 damage in one attack is more than Body 4");
}

#[test]
fn the_convert_only_option_keeps_the_hits_from_reducing() {
    let opts = Options { critical_resistance: CriticalResistance::ConvertOnly, ..Options::default() };
    let (_, b) = hit(opts, DODGER, "pistol", 3, &[5, 5, 2, 2]);
    assert_eq!((b.condition.light, b.condition.critical), (2, 6));
}

#[test]
fn armor_stops_what_does_not_exceed_it_and_light_damage_stays_light() {
    let (log, b) = hit(Options::default(), r#"armor: ["powered_armor"]"#, "pistol", 2, &[]);
    assert_eq!(
        log.last_calc("step 4: modified DV less modified AV"),
        Some(-2),
        "7 against Piercing AV 9: no resistance test"
    );
    assert_eq!((b.condition.light, b.condition.critical), (0, 0));
    let (_, b) = hit(Options::default(), "", "club", 0, &[5, 2, 2]);
    assert_eq!((b.condition.light, b.condition.critical), (4, 0), "5IL less 1 resisted, all Light");
}

#[test]
fn ap_lowers_av_to_zero_or_raises_it_at_most_to_double() {
    let (log, _) = hit(Options::default(), r#"armor: ["reflective_suit"]"#, "hammer", 0, &[2, 2, 2]);
    assert_eq!(log.last_calc("step 3: modified AV"), Some(2), "Impact AV 1 + AP 2, capped at double: 2");
    let (log, _) = hit(Options::default(), r#"armor: ["padded_jacket"]"#, "hammer", 0, &[2, 2, 2]);
    assert_eq!(log.last_calc("step 3: modified AV"), Some(5), "Impact AV 3 + AP 2");
    let (log, b) = hit(Options::default(), r#"armor: ["padded_jacket"]"#, "laser", 0, &[2, 2, 2]);
    assert_eq!(log.last_calc("step 3: modified AV"), Some(0), "Energy AV 1 − AP 3, not below 0");
    assert_eq!(b.condition.critical, 7);
    let (log, b) = hit(Options::default(), r#"armor: ["powered_armor"]"#, "sonic_blaster", 0, &[2, 2, 2]);
    assert_eq!(log.last_calc("step 3: modified AV"), Some(0), "untyped damage ignores AV");
    assert_eq!(b.condition.light, 5);
}

#[test]
fn light_overflows_into_critical_and_full_tracks_knock_out_incapacitate_or_kill() {
    let attacker = at("A", "a", 0, "").fighter;
    let mut b = at("B", "b", 1, "").fighter;
    b.condition.light = 9;
    let opts = Options::default();
    let mut dice = ScriptedDice::new([2, 2, 2, 2, 2, 2, 2, 2, 2]);
    resolve_damage(&opts, &attacker, &mut b, &weapon("sonic_blaster"), 0, &mut dice, &mut Log::default()).unwrap();
    let c = &b.condition;
    assert_eq!((c.light, c.critical, c.has(&Status::Unconscious), c.has(&Status::Prone)), (10, 4, true, true));
    resolve_damage(&opts, &attacker, &mut b, &weapon("laser"), 0, &mut dice, &mut Log::default()).unwrap();
    assert!(b.condition.has(&Status::Incapacitated) && !b.condition.has(&Status::Dead), "11 of 10 Critical");
    resolve_damage(&opts, &attacker, &mut b, &weapon("pistol"), 0, &mut dice, &mut Log::default()).unwrap();
    assert!(b.condition.has(&Status::Dead), "16: more than 10 + Body 3");
}

#[test]
fn melee_and_thrown_attacks_allow_dodge_gymnastics_or_parry_with_reaction() {
    let fencer = r#"attributes: (agility: 3), skills: { Blades: 2 }, weapons: ["knife"]"#;
    let parrier = "skills: { Parry: 3, Gymnastics: 1 }";
    let mut b = vec![at("A", "a", 0, fencer), at("B", "b", 1, parrier)];
    let log = perform(&mut b, 0, r#"(actor: "A", complex: Attack(target: "B"))"#, &[2, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5]);
    assert_eq!(pools(&log)[1].1, "Parry 3 + Reaction 3", "the best of the melee column");
    let chosen = r#"(actor: "A", complex: Attack(target: "B", situation: (defense: Gymnastics)))"#;
    let log = perform(&mut b, 0, chosen, &[2, 2, 2, 2, 2, 5, 5, 5]);
    assert_eq!(pools(&log)[1], ("B".into(), "Gymnastics 1 + Agility 3".into(), 3, 3), "4 − 1 defense frequency");
    let gun = vec![at("A", "a", 0, GUN), at("B", "b", 5, parrier)];
    let parry = perform_with(
        Options::default(),
        &mut gun.clone(),
        0,
        r#"(actor: "A", simple: [Attack(target: "B", situation: (defense: Parry))])"#,
        &[2; 7],
    );
    assert!(
        matches!(parry, Err(RulesError::Illegal(Refusal::NoSuchDefense { defense: "Parry", attack })) if attack == "Accelerated")
    );
}

#[test]
fn the_defense_frequency_penalty_eases_by_one_each_turn_or_resets_without_defenses() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let twice = r#"(actor: "A", simple: [Attack(target: "B"), Attack(target: "B")])"#;
    let faces = [2, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2];
    let log = perform(&mut b, 0, twice, &faces);
    let b_mods: Vec<i32> =
        log.tests().filter(|t| log.name(t.who) == "B").map(|t| t.modifiers.iter().map(|m| m.value).sum()).collect();
    assert_eq!(b_mods, [0, -1]);
    assert_eq!(b[1].fighter.condition.defense_penalty, 2);
    perform(&mut b, 1, r#"(actor: "B", complex: Wait)"#, &[]);
    assert_eq!(b[1].fighter.condition.defense_penalty, 1, "it defended since its last turn: reduced by 1");
    perform(&mut b, 1, r#"(actor: "B", complex: Wait)"#, &[]);
    assert_eq!(b[1].fighter.condition.defense_penalty, 0, "no defense test since its last turn: reset");
}

#[test]
fn as_many_hits_as_the_defender_hit_even_none() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let log = perform(
        &mut b,
        0,
        r#"(actor: "A", simple: [Attack(target: "B")])"#,
        &[2, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 3, 2, 2, 2],
    );
    let hit = log.events.iter().find_map(|e| match e {
        Event::AttackResolved { hit, reason, .. } => Some((*hit, reason.clone())),
        _ => None,
    });
    assert_eq!(hit, Some((true, "0 hits against 0: a tie hits".to_owned())), "file 002 step 1: as many or more hits");
    assert_eq!(b[1].fighter.condition.critical, 5, "5PC with no net hits; Body 3 resisted nothing");
}

#[test]
fn glitches_need_more_than_half_ones_and_jam_a_gun() {
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    let log =
        perform(&mut b, 0, r#"(actor: "A", simple: [Attack(target: "B")])"#, &[1, 1, 1, 1, 2, 2, 2, 5, 5, 5, 5, 5, 5]);
    assert!(b[0].fighter.condition.has(&Status::WeaponJammed("pistol".into())), "{}", render(&log));
    // The jam's line names the weapon as the catalogue does (the status keeps its id).
    let line = "A is stuck with a malfunctioning weapon: the Pistol jammed on a critical glitch";
    assert!(render(&log).contains(line), "{}", render(&log));
    let mut c = vec![at("A", "a", 0, GUN), at("B", "b", 5, "")];
    perform(&mut c, 0, r#"(actor: "A", simple: [Attack(target: "B")])"#, &[1, 1, 1, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5]);
    assert!(!c[0].fighter.condition.has(&Status::WeaponJammed("pistol".into())), "3 of 7 is not more than half");
}

#[test]
fn initiative_is_reaction_plus_intuition_plus_hits_in_passes() {
    let mut b = vec![at("X", "a", 0, "initiative_passes: 2"), at("Y", "b", 1, "attributes: (reaction: 4)")];
    let mut rules = HomebrewD6::default();
    let mut log = Log::default();
    rules.start_turn(1, &mut b, &mut ScriptedDice::new([5, 5, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2]), &mut log).unwrap();
    assert_eq!(log.last_calc("initiative score"), Some(8), "Y: 4 + 3 + 1");
    let order: Vec<(usize, u32)> =
        std::iter::from_fn(|| rules.next_slot(&b)).map(|s| (s.actor.index(), s.phase)).collect();
    assert_eq!(order, [(1, 1), (0, 1), (0, 2)], "X: 6 + 2 = 8 ties Y's 8; Y's higher Reaction + Intuition goes first");
}

#[test]
fn convert_only_still_reduces_light_damage() {
    // File 002, step 5 reduces the damage by the hits; the option is about Critical damage only (rules.md §4).
    let opts = Options { critical_resistance: CriticalResistance::ConvertOnly, ..Options::default() };
    let (_, b) = hit(opts, "attributes: (willpower: 5)", "club", 0, &[5, 2, 2]);
    let c = &b.condition;
    assert_eq!((c.light, c.critical), (4, 0), "5IL less 1 resisted");
    assert!(!c.has(&Status::Prone), "4 is not more than Willpower 5: no knockdown");
}

#[test]
fn the_ties_option_lets_only_contact_weapons_hit_on_a_tie() {
    use skirmish::rules::homebrew_d6::Ties;
    let only_contact = Options { ties: Ties::OnlyContact, ..Options::default() };
    let dodger = "attributes: (agility: 1, reaction: 1, edge: 1)";
    let punch = |options: Options, weapon: &str, faces: &[u32]| {
        let puncher = format!(r#"attributes: (agility: 1), weapons: ["{weapon}"]"#);
        let mut b = vec![at("A", "a", 0, &puncher), at("B", "b", 1, dodger)];
        let log = perform_with(options, &mut b, 0, r#"(actor: "A", complex: Attack(target: "B"))"#, faces).unwrap();
        (common::hits(&log), b[1].fighter.condition.light)
    };
    assert_eq!(punch(Options::default(), "fists", &[5, 5, 2, 2, 2]), (vec![true], 3), "step 1: a tie hits");
    assert_eq!(punch(only_contact, "fists", &[5, 5]), (vec![false], 0), "a tie misses but for contact-only attacks");
    assert_eq!(punch(only_contact, "shock_glove", &[5, 5, 2, 2, 2]), (vec![true], 5), "a contact-only attack ties");
}

#[test]
fn the_defense_penalty_eases_when_the_turn_starts_even_without_an_action() {
    // File 002: the penalty "is reduced by 1 at the start of your turn every initiative pass". B's slot in turn 1 has
    // nothing scripted for it; its turn-2 defense is at no penalty.
    let fists = "attributes: (agility: 1, reaction: 2, intuition: 2)";
    let mut b =
        vec![at("A", "a", 0, fists), at("B", "b", 1, "attributes: (agility: 1, reaction: 1, intuition: 1, edge: 1)")];
    let attack = r#"(actor: "A", complex: Attack(target: "B"))"#;
    let script = [attack, attack].iter().map(|a| common::named(&b, a)).collect();
    let faces = [2, 2, 2, 2, 2, 2, 2, 5, 2, 2, 2, 2, 2, 2, 2, 5];
    let (mut dice, mut log) = (ScriptedDice::new(faces), Log::default());
    common::play_script(HomebrewD6::default(), &mut b, script, &mut dice, &mut log);
    assert_eq!(dice.remaining(), 0, "{}", render(&log));
    let defenses: Vec<usize> = log
        .tests()
        .filter(|t| log.name(t.who) == "B" && !t.label.contains("initiative"))
        .map(|t| t.modifiers.len())
        .collect();
    assert_eq!(defenses, [0, 0], "no defense frequency penalty in turn 2:\n{}", render(&log));
}

#[test]
fn a_prone_defender_defends_two_dice_down_in_its_roll_and_its_odds() {
    // File 002, Automatic Knockdown: "you fall Prone in addition to the normal effects of the attack" (issue 64, 4).
    // The seed names Prone as an effect but does not spell it out; as the homebrew borrows Shadowrun 4's actions,
    // cover and running, it borrows file 004's "Defender prone (-2)" too.
    use skirmish::rules::mechanics::odds::AttackOdds;
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 10, DODGER)];
    b[1].fighter.condition.statuses.push(Status::Prone);
    skirmish::rules::engine::ruleset::number(&mut b);
    let shot = r#"(actor: "A", simple: [Attack(target: "B")])"#;
    let action = common::named(&b, shot);
    let odds = HomebrewD6::default().odds_of(&b, 0, &action).expect("priced");
    assert_eq!(odds.inputs, ["7 attack dice against 4 defense dice"], "priced as rolled");
    // The best of the accelerated column, Agility 3 + Edge 3, less 2: four sixes, four hits, a miss.
    let log = perform(&mut b, 0, shot, &[2, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6]);
    assert_eq!(pools(&log)[1], ("B".into(), "Agility 3 + Edge 3".into(), 4, 4), "{}", render(&log));
    let defense = log.tests().nth(1).expect("the defense");
    let named: Vec<(&str, i32)> = defense.modifiers.iter().map(|m| (m.name.as_str(), m.value)).collect();
    assert_eq!(named, [("defender prone", -2)]);
}

#[test]
fn any_attack_from_an_adjacent_enemy_is_a_melee_attack() {
    // File 002: "Melee attacks consist of any swung or thrusted weapon, unarmed attacks, and generally any simple
    // attack from an adjacent enemy" (issue 64, 4): a pistol fired from the next cell is defended from the melee
    // column, a parry among them; from farther off, from the accelerated one.
    use skirmish::rules::mechanics::odds::AttackOdds;
    let parrier = "skills: { Parry: 4 }";
    let shot = r#"(actor: "A", simple: [Attack(target: "B")])"#;
    let mut b = vec![at("A", "a", 0, GUN), at("B", "b", 1, parrier)];
    skirmish::rules::engine::ruleset::number(&mut b);
    let action = common::named(&b, shot);
    let odds = HomebrewD6::default().odds_of(&b, 0, &action).expect("priced");
    assert_eq!(odds.inputs, ["7 attack dice against 7 defense dice"], "priced as rolled");
    let log = perform(&mut b, 0, shot, &[2, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 6, 6]);
    assert_eq!(pools(&log)[1], ("B".into(), "Parry 4 + Reaction 3".into(), 7, 7), "the best of the melee column");
    let parry = r#"(actor: "A", simple: [Attack(target: "B", situation: (defense: Parry))])"#;
    let log = perform(&mut b, 0, parry, &[2, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 6]);
    assert_eq!(pools(&log)[1].1, "Parry 4 + Reaction 3", "a parry, chosen");
    let mut far = vec![at("A", "a", 0, GUN), at("B", "b", 2, parrier)];
    let log = perform(&mut far, 0, shot, &[2, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 6]);
    assert_eq!(pools(&log)[1].1, "Agility 3 + Edge 3", "2 m off: the accelerated column");
}
