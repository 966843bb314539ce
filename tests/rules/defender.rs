//! The defender decides (issue 66, 5): where a seed gives a defender a choice at the moment it is attacked, the
//! rules list it (`AttackOdds::defenses`, each choice recorded in the attacker's action) and the choice changes the
//! outcome exactly as the seed says. Shadowrun 4 (file 004): a full dodge as an interrupt; the homebrew (file 002):
//! which defense test; Eclipse Phase (file 003): Fray or the melee skill against melee; the Storyteller (file 001):
//! Brawl or Melee against melee. The AI chooses by the odds.

use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::engine::ruleset::{Combatant, CombatantId, Ruleset, Slot};
use skirmish::rules::mechanics::odds::{AttackOdds, Defenses};

use crate::common::{named, named_log, render};

/// The roster with its ids.
fn ids<F: skirmish::rules::engine::ruleset::FighterState>(mut battle: Vec<Combatant<F>>) -> Vec<Combatant<F>> {
    skirmish::rules::engine::ruleset::number(&mut battle);
    battle
}

/// The options' names.
fn names<A>(d: &Defenses<A>) -> Vec<&str> {
    d.options.iter().map(|o| o.name.as_str()).collect()
}

/// Plays `action` in combatant 0's slot with `faces`, every face used.
fn play<R: Ruleset>(rules: &mut R, battle: &mut [Combatant<R::Fighter>], action: &R::Action, faces: &[u32]) -> Log {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let mut log = named_log(battle);
    let slot = Slot { actor: CombatantId::at(0), phase: 1, simultaneous: false };
    assert!(rules.start_slot(slot, battle, &mut log));
    rules.perform(slot, action, battle, &mut dice, &mut log).expect("a legal action");
    assert_eq!(dice.remaining(), 0, "every face used:\n{}", render(&log));
    log
}

/// The defense rolled in `log` (its second test), by label.
fn defense_label(log: &Log) -> String {
    log.tests().nth(1).map(|t| t.label.clone()).unwrap_or_default()
}

#[test]
fn shadowrun4_a_full_dodge_as_an_interrupt_turns_a_hit_into_a_graze_and_spends_the_next_phase() {
    use crate::common::sr4::at;
    use skirmish::rules::shadowrun4::actions::Action;
    use skirmish::rules::shadowrun4::{Options, Shadowrun4};
    let gun = r#"attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["ares_predator_iv"]"#;
    let fresh = || ids(vec![at("A", "a", 0, gun), at("B", "b", 5, "skills: { Dodge: 3 }")]);
    let rules = Shadowrun4::new(Options::default());
    let action: Action = named(&fresh(), r#"(actor: "A", simple: [Fire(target: "B")])"#);
    let choice = rules.defenses(&fresh(), 0, &action).expect("a choice");
    assert_eq!(choice.defender, CombatantId::at(1));
    // No Gymnastics: a gymnastics dodge would roll no more than Reaction alone, and is left out.
    assert_eq!(
        names(&choice),
        ["Reaction 3: 3 dice", "Reaction 3 + Dodge 3 (full dodge): 6 dice, spends its next Action Phase"]
    );
    assert_eq!(choice.options.iter().map(|o| o.costs_action).collect::<Vec<_>>(), [false, true]);
    // Two hits against none: 5P + 2 net hits, no armor, Body 3 resists with one hit.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[0].action, &[5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 5, 2, 2]);
    assert_eq!(defense_label(&log), "Reaction 3");
    assert_eq!(b[1].fighter.condition.physical, 6, "{}", render(&log));
    assert!(!b[1].fighter.condition.full_defense_owed);
    // The same attack against a full dodge: two hits each, a graze (contact, no damage); its next phase is owed.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[1].action, &[5, 5, 2, 2, 2, 2, 2, 5, 5, 2, 2, 2, 2]);
    assert_eq!(defense_label(&log), "Reaction 3 + Dodge 3 (full dodge)");
    assert_eq!(b[1].fighter.condition.physical, 0, "{}", render(&log));
    assert!(b[1].fighter.condition.full_defense_owed);
    // Once declared the full defense holds: no choice at the next attack.
    assert_eq!(rules.defenses(&b, 0, &action), None);
}

#[test]
fn eclipse_phase_a_parry_with_the_melee_skill_beats_the_attack_a_dodge_with_fray_lets_through() {
    use crate::common::at;
    use skirmish::rules::eclipse_phase::actions::Action;
    use skirmish::rules::eclipse_phase::{EclipsePhase, Options};
    let knifer = r#"init: 50, durability: 40, skills: { Blades: 60, Fray: 10 }, weapons: ["knife"]"#;
    let parrier = r#"init: 50, durability: 40, skills: { Blades: 50, Fray: 40 }, weapons: ["knife"]"#;
    let fresh = || ids(vec![at("A", "a", 0, knifer), at("B", "b", 1, parrier)]);
    let rules = EclipsePhase::new(Options::default());
    let action: Action = named(&fresh(), r#"(actor: "A", complex: Attack(targets: ["B"]))"#);
    let choice = rules.defenses(&fresh(), 0, &action).expect("a choice");
    assert_eq!(names(&choice), ["Fray (dodge): target 40", "Blades (parry): target 50"]);
    // The attack rolls 40 (a success against 60), the defense 45: Fray 40 fails and the knife hits (1d10 5, the
    // knife's +1, melee SOM ÷ 10 +1); Blades 50 succeeds with the higher roll and wins.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[0].action, &[40, 45, 5]);
    assert_eq!(defense_label(&log), "Fray");
    assert_eq!(b[1].fighter.condition.damage, 7, "{}", render(&log));
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[1].action, &[40, 45]);
    assert_eq!(defense_label(&log), "Blades");
    assert_eq!(b[1].fighter.condition.damage, 0, "{}", render(&log));
    // A ranged attack allows Fray ÷ 2 only: no choice.
    let pistol = r#"init: 50, durability: 40, skills: { KineticWeapons: 60 }, weapons: ["medium_pistol"]"#;
    let far = ids(vec![at("A", "a", 0, pistol), at("B", "b", 5, parrier)]);
    let shot: Action = named(&far, r#"(actor: "A", complex: Attack(mode: SemiAuto, targets: ["B"]))"#);
    assert_eq!(rules.defenses(&far, 0, &shot), None);
}

#[test]
fn storyteller_melee_or_brawl_against_a_blow_is_the_defenders_to_choose() {
    use crate::common::st::at;
    use skirmish::rules::storyteller::turn::Action;
    use skirmish::rules::storyteller::{Options, Storyteller};
    let fresh = || {
        ids(vec![
            at("A", "a", 0, "attributes: (strength: 3), abilities: { Brawl: 2 }"),
            at("B", "b", 1, "abilities: { Brawl: 1, Melee: 3 }"),
        ])
    };
    let rules = Storyteller::new(Options::default());
    let action: Action = named(&fresh(), r#"(actor: "A", act: Attack(target: "B"))"#);
    let choice = rules.defenses(&fresh(), 0, &action).expect("a choice");
    assert_eq!(names(&choice), ["Dexterity 2 + Brawl 1: 3 dice", "Dexterity 2 + Melee 3: 5 dice"]);
    // Two successes against Brawl's one: raw damage Strength 3 + 1, soak 2, two dice, one success: one Bashing box.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[0].action, &[6, 7, 8, 2, 1, 6, 2, 3, 6, 5]);
    assert_eq!(b[1].fighter.condition.health.boxes.len(), 1, "{}", render(&log));
    // Against Melee's two: no net success, a miss.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[1].action, &[6, 7, 8, 2, 1, 6, 6, 2, 3, 4]);
    assert!(b[1].fighter.condition.health.boxes.is_empty(), "{}", render(&log));
}

#[test]
fn homebrew_the_defense_test_the_defender_chooses_from_the_seeds_column() {
    use crate::common::hb::at;
    use skirmish::rules::homebrew_d6::turn::Action;
    use skirmish::rules::homebrew_d6::{HomebrewD6, Options};
    let gun = r#"attributes: (agility: 4), skills: { Pistols: 3 }, weapons: ["pistol"]"#;
    let defender = "attributes: (agility: 4, edge: 2), skills: { Dodge: 1 }";
    let fresh = || ids(vec![at("A", "a", 0, gun), at("B", "b", 10, defender)]);
    let rules = HomebrewD6::new(Options::default());
    let action: Action = named(&fresh(), r#"(actor: "A", simple: [Attack(target: "B")])"#);
    let choice = rules.defenses(&fresh(), 0, &action).expect("a choice");
    // File 002, accelerated projectiles: Dodge + Intuition, Gymnastics + Agility, Agility + Edge.
    assert_eq!(
        names(&choice),
        ["Dodge 1 + Intuition 3: 4 dice", "Gymnastics 0 + Agility 4: 4 dice", "Agility 4 + Edge 2: 6 dice"]
    );
    // Two hits against a dodge's none: 5PC + 2 = 7, Body 3 resists one: 6 boxes.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[0].action, &[5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 2, 2]);
    assert_eq!(defense_label(&log), "Dodge 1 + Intuition 3");
    let c = &b[1].fighter.condition;
    assert_eq!(c.light + c.critical, 6, "{}", render(&log));
    // Agility + Edge rolls three hits: a miss.
    let mut b = fresh();
    let log = play(&mut rules.clone(), &mut b, &choice.options[2].action, &[5, 5, 2, 2, 2, 2, 2, 5, 5, 5, 2, 2, 2]);
    assert_eq!(defense_label(&log), "Agility 4 + Edge 2");
    let c = &b[1].fighter.condition;
    assert_eq!((c.light, c.critical, c.has(&Status::Prone)), (0, 0, false), "{}", render(&log));
}

#[test]
fn the_ai_goes_on_full_defense_only_where_the_odds_say_the_phase_is_worth_it() {
    use crate::common::sr4::at;
    use skirmish::rules::any_ruleset::any::{AnyAction, Kind};
    use skirmish::rules::engine::battle::{ActionSource, Battle, Start};
    use skirmish::rules::engine::victory::Objectives;
    use skirmish::rules::shadowrun4::actions::{Action, SimpleAction};
    use skirmish::rules::shadowrun4::modifiers::Defense;
    use skirmish::rules::shadowrun4::{Options, Shadowrun4};
    let chosen = |attacker: &str, defender: &str, text: &str| {
        let combatants = ids(vec![at("A", "a", 0, attacker), at("B", "b", 20, defender)]);
        let action: Action = named(&combatants, text);
        let orders = ActionSource::Script(Vec::new().into());
        let start = Start {
            rules: Shadowrun4::new(Options::default()),
            combatants,
            orders,
            turn_limit: 5,
            objectives: Objectives::eliminate(),
        };
        let battle = Shadowrun4::hold(Battle::new(start));
        let AnyAction::Shadowrun4(answer) =
            skirmish::ai::defend(&battle, CombatantId::at(0), AnyAction::Shadowrun4(action))
        else {
            panic!("a Shadowrun 4 action")
        };
        let Some(SimpleAction::Fire(attack)) = answer.simple.first() else { panic!("a shot") };
        attack.situation.defense
    };
    // A long burst from an assault rifle at an unarmored runner: Reaction 3 alone leaves it near certain to go down;
    // Dodge 5 on top is worth the next phase.
    let rifle = r#"attributes: (agility: 6), skills: { Automatics: 6 }, weapons: ["ak_97"]"#;
    let burst = r#"(actor: "A", simple: [Fire(mode: LongBurst(Narrow), target: "B")])"#;
    assert_eq!(chosen(rifle, "skills: { Dodge: 5 }", burst), Defense::FullDodge);
    // A weak shot at the same runner with little Dodge: the phase is worth more.
    let pistol = r#"attributes: (agility: 2), skills: { Pistols: 1 }, weapons: ["colt_america_l36"]"#;
    let shot = r#"(actor: "A", simple: [Fire(target: "B")])"#;
    assert_eq!(chosen(pistol, "skills: { Dodge: 1 }", shot), Defense::Best);
}
