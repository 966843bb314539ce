//! Doors between cells in each ruleset, with scripted dice: a closed door stops a shot before any die is rolled,
//! opening it is the ruleset's smallest action (a Simple Action, a Quick Action, the Storyteller's action) and the
//! rest of the phase is played on the opened ground; a door not beside the actor, or already so, is refused.

use std::sync::Arc;

use crate::common::{self, d10_pools, pools, render, sheet_of, tests};
use skirmish::map::Battlefield;
use skirmish::map::edges::Edges;
use skirmish::map::grid::Grid;
use skirmish::rules::RulesError;
use skirmish::rules::eclipse_phase::{self as ep, EclipsePhase};
use skirmish::rules::engine::field::{Cell, Field};
use skirmish::rules::engine::outcome::{Event, Log};
use skirmish::rules::engine::ruleset::{Combatant, Ruleset};
use skirmish::rules::homebrew_d6::{self as hb, HomebrewD6};
use skirmish::rules::shadowrun4::{self as sr4, Shadowrun4};
use skirmish::rules::storyteller::{self as st, Storyteller};

/// A room of 6 × 1 cells with a closed door between (1, 0) and (2, 0): A on (1, 0), beside it, T on (4, 0).
fn hall() -> (Field, Cell, Cell) {
    let grid = Grid::parse(&["......"]).expect("a row");
    let edges = Edges::from_lines((6, 1), &[], &[], &[((2, 0), (2, 1))]).expect("a door");
    (Field(Arc::new(Battlefield::new(grid.with_edges(edges)))), (1, 0), (4, 0))
}

/// Plays `text` for A (the first combatant) with `faces`; the ruleset after, for its ground.
fn play<R: Ruleset>(
    mut rules: R,
    battle: &mut [Combatant<R::Fighter>],
    text: &str,
    faces: &[u32],
) -> Result<(R, Log), RulesError>
where
    R::Action: serde::de::DeserializeOwned,
{
    common::perform_rules(&mut rules, battle, 0, text, faces).map(|log| (rules, log))
}

fn pair<F>(fighter: impl Fn(&str) -> F, (a, t): (Cell, Cell)) -> Vec<Combatant<F>> {
    vec![
        Combatant { side: "a".into(), position: a, fighter: fighter("A") },
        Combatant { side: "t".into(), position: t, fighter: fighter("T") },
    ]
}

fn door_events(log: &Log) -> Vec<(u16, bool)> {
    log.events
        .iter()
        .filter_map(|e| if let Event::DoorUsed { door, open, .. } = e { Some((*door, *open)) } else { None })
        .collect()
}

const SR4_SHOOTER: &str = r#"attributes: (body: 3, agility: 4, reaction: 3, intuition: 3, willpower: 3), skills: { Pistols: 4 }, weapons: ["colt_america_l36"]"#;

#[test]
fn shadowrun_opens_a_door_with_a_simple_action_and_fires_through_it_with_the_other() {
    let (field, a, t) = hall();
    let mut rules = Shadowrun4::default();
    rules.set_field(field);
    let fighter = |n: &str| sr4::Fighter::new(n, sheet_of(SR4_SHOOTER));
    let shot = r#"(actor: "A", simple: [Fire(target: "T")])"#;
    let e = play(rules.clone(), &mut pair(fighter, (a, t)), shot, &[]).expect_err("the door is shut");
    assert_eq!(e.to_string(), "a wall stands between A and T");
    // Open, then fire: Agility 4 + Pistols 4 = 8 dice against Reaction 3 = 3 dice, all twos: no hits, a tie, a
    // grazing hit without damage.
    let open_and_fire = r#"(actor: "A", simple: [UseDoor(door: 0, open: true), Fire(target: "T")])"#;
    let mut battle = pair(fighter, (a, t));
    let (after, log) = play(rules, &mut battle, open_and_fire, &[2; 11]).expect("legal");
    assert_eq!(door_events(&log), [(0, true)], "{}", render(&log));
    assert!(render(&log).contains("A opens door 1"));
    let dice: Vec<u32> = pools(&log).iter().map(|p| p.2).collect();
    assert_eq!(dice, [8, 3], "{}", render(&log));
    assert!(after.field().door(0).is_some_and(|d| d.open));
    assert!(!after.field().sight(a, t).blocked);
}

#[test]
fn the_homebrew_opens_a_door_with_a_simple_action() {
    let sheet = r#"attributes: (agility: 4, reaction: 3, intuition: 3, body: 3, willpower: 3), skills: { Pistols: 3 }, weapons: ["pistol"]"#;
    let (field, a, t) = hall();
    let mut rules = HomebrewD6::default();
    rules.set_field(field);
    let fighter = |n: &str| hb::Fighter::new(n, sheet_of(sheet));
    // Agility 4 + Pistols 3 = 7 dice against the best defense, Agility 4 + Edge 3 = 7 dice; all twos: 0 hits
    // against 0, which hits (file 002, step 1), DV 5 against Body 3.
    let text = r#"(actor: "A", simple: [UseDoor(door: 0, open: true), Attack(target: "T")])"#;
    let (after, log) = play(rules, &mut pair(fighter, (a, t)), text, &[2; 17]).expect("legal");
    assert_eq!(door_events(&log), [(0, true)]);
    let dice: Vec<u32> = pools(&log).iter().map(|p| p.2).collect();
    assert_eq!(dice[..2], [7, 7], "{}", render(&log));
    assert!(after.field().door(0).is_some_and(|d| d.open));
}

#[test]
fn eclipse_phase_opens_a_door_with_a_quick_action_and_shoots_through_it() {
    let shooter = r#"skills: { KineticWeapons: 55, Fray: 40 }, init: 50, durability: 35, weapons: ["assault_rifle"]"#;
    let (field, a, t) = hall();
    let mut rules = EclipsePhase::default();
    rules.set_field(field);
    let fighter = |n: &str| ep::Fighter::new(n, sheet_of(shooter));
    let text =
        r#"(actor: "A", quick: [UseDoor(door: 0, open: true)], complex: Attack(mode: SemiAuto, targets: ["T"]))"#;
    // The attack fails (99) and so does the defense (98): no damage dice. Kinetic Weapons 55 at 3 m, short range:
    // no modifier (closed, the door stopped the shot before any die).
    let (after, log) = play(rules, &mut pair(fighter, (a, t)), text, &[99, 98]).expect("legal");
    assert_eq!(door_events(&log), [(0, true)]);
    assert_eq!(tests(&log)[0].1, 55, "{}", render(&log));
    assert!(after.field().door(0).is_some_and(|d| d.open));
}

#[test]
fn the_storyteller_opens_a_door_as_its_action_and_closes_it_again() {
    let sheet = r#"attributes: (dexterity: 3, perception: 3, wits: 2, stamina: 2), abilities: { Firearms: 2, Dodge: 1 }, weapons: ["pistol"]"#;
    let (field, a, t) = hall();
    let mut rules = Storyteller::default();
    rules.set_field(field);
    let fighter = |n: &str| st::Fighter::new(n, sheet_of(sheet));
    let mut battle = pair(fighter, (a, t));
    let (rules, log) =
        play(rules, &mut battle, r#"(actor: "A", act: UseDoor(door: 0, open: true))"#, &[]).expect("legal");
    assert_eq!(door_events(&log), [(0, true)]);
    // Through the open door: Perception 3 + Firearms 2 = 5 dice, all misses; Dexterity 3 + Dodge 1 = 4 dice.
    let (rules, log) = play(rules, &mut battle, r#"(actor: "A", act: Attack(target: "T"))"#, &[2; 9]).expect("legal");
    let dice: Vec<u32> = d10_pools(&log).iter().map(|p| p.2).collect();
    assert_eq!(dice, [5, 4], "{}", render(&log));
    let (rules, log) =
        play(rules, &mut battle, r#"(actor: "A", act: UseDoor(door: 0, open: false))"#, &[]).expect("legal");
    assert_eq!(door_events(&log), [(0, false)]);
    assert!(rules.field().sight(a, t).blocked, "shut again");
}

#[test]
fn a_door_not_beside_the_actor_or_already_so_is_refused() {
    let sheet = r#"attributes: (dexterity: 3, perception: 3, wits: 2, stamina: 2), abilities: { Firearms: 2 }, weapons: ["pistol"]"#;
    let (field, _, t) = hall();
    let mut rules = Storyteller::default();
    rules.set_field(field);
    let fighter = |n: &str| st::Fighter::new(n, sheet_of(sheet));
    let far =
        play(rules.clone(), &mut pair(fighter, ((0, 0), t)), r#"(actor: "A", act: UseDoor(door: 0, open: true))"#, &[]);
    assert_eq!(far.expect_err("refused").to_string(), "A stands beside no side of door 1");
    let shut = play(
        rules.clone(),
        &mut pair(fighter, ((1, 0), t)),
        r#"(actor: "A", act: UseDoor(door: 0, open: false))"#,
        &[],
    );
    assert_eq!(shut.expect_err("refused").to_string(), "door 1 is closed already");
    let none = play(rules, &mut pair(fighter, ((1, 0), t)), r#"(actor: "A", act: UseDoor(door: 3, open: true))"#, &[]);
    assert_eq!(none.expect_err("refused").to_string(), "the map has no door 4");
}
