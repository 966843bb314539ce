//! Consistency checks a scenario's types cannot express: at least two combatants on at least two sides, unique
//! names, actions by and at combatants that exist (names were read as ids against the roster), gear that is
//! carried, and a sane turn limit.

use super::{CombatantSpec, EpSpec, HbSpec, RulesetSetup, Scenario, Setup, Sr4Spec, StSpec};
use crate::rules::eclipse_phase::actions::{self as ep, ComplexAction, QuickAction};
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::homebrew_d6::turn as hb;
use crate::rules::shadowrun4::actions::{self as sr4, SimpleAction};
use crate::rules::storyteller::turn::{self as st, Act};

/// A problem: the text to point at (a quoted name or a field), and the message.
pub(super) type Problem = (Option<String>, String);

/// The combatants and gear an action refers to.
struct Refs<'a> {
    actor: CombatantId,
    targets: Vec<CombatantId>,
    /// Weapons it draws or readies.
    weapons: Vec<&'a str>,
}

pub(super) fn check(scenario: &Scenario) -> Result<(), Problem> {
    if scenario.turn_limit == 0 {
        return Err((Some("turn_limit".into()), "turn_limit must be at least 1".into()));
    }
    match &scenario.ruleset {
        RulesetSetup::EclipsePhase(setup) => {
            check_roster(setup)?;
            check_eclipse_phase_sheets(setup)?;
            let carries = |c: &EpSpec, w: &str| c.sheet.weapons.iter().any(|x| x.0 == w);
            check_actions(setup, carries, ep_refs)
        }
        RulesetSetup::Shadowrun4(setup) => {
            check_roster(setup)?;
            let alerted = setup.options.surprise.iter().flat_map(|s| &s.alerted);
            if let Some(id) = alerted.copied().find(|id| id.index() >= setup.combatants.len()) {
                let message = format!("surprise: no combatant {id} to alert; there are {}", setup.combatants.len());
                return Err((Some("alerted".into()), message));
            }
            let carries = |c: &Sr4Spec, w: &str| w == "unarmed" || c.sheet.weapons.iter().any(|x| x.0 == w);
            check_actions(setup, carries, sr4_refs)
        }
        RulesetSetup::Storyteller(setup) => {
            check_roster(setup)?;
            let carries = |c: &StSpec, w: &str| c.sheet.weapons.iter().any(|x| x.0 == w);
            check_actions(setup, carries, st_refs)
        }
        RulesetSetup::HomebrewD6(setup) => {
            check_roster(setup)?;
            let carries = |c: &HbSpec, w: &str| c.sheet.weapons.iter().any(|x| x.0 == w);
            check_actions(setup, carries, hb_refs)
        }
    }
}

fn quoted(name: &str) -> Option<String> {
    Some(format!("\"{name}\""))
}

fn check_roster<O, S, C, A>(setup: &Setup<O, S, C, A>) -> Result<(), Problem> {
    let names: Vec<&str> = setup.combatants.iter().map(|c| c.name.as_str()).collect();
    enough_combatants(names.len())?;
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err((quoted(name), format!("two combatants are called \"{name}\"; names must be unique")));
        }
    }
    let first = &setup.combatants[0].side;
    if setup.combatants.iter().all(|c| c.side == *first) {
        return Err((quoted(first), format!("every combatant is on side \"{first}\"; a battle needs two sides")));
    }
    Ok(())
}

/// A battle needs two combatants (checked before actions are read, since they name them).
pub(super) fn enough_combatants(n: usize) -> Result<(), Problem> {
    if n < 2 {
        return Err((Some("combatants".into()), format!("a battle needs at least two combatants, this one has {n}")));
    }
    Ok(())
}

fn check_eclipse_phase_sheets(setup: &super::EclipsePhaseSetup) -> Result<(), Problem> {
    for c in &setup.combatants {
        if !(1..=4).contains(&c.sheet.speed) {
            return Err((Some("speed".into()), format!("{}: Speed {} is out of range 1–4", c.name, c.sheet.speed)));
        }
        if c.sheet.durability == 0 {
            return Err((Some("durability".into()), format!("{}: durability must be at least 1", c.name)));
        }
        if let Some(w) = c.condition.drawn.as_ref().filter(|w| !c.sheet.weapons.contains(w)) {
            return Err((quoted(&w.0), format!("{} has the {} drawn but does not carry it", c.name, w.0)));
        }
        if let Some(aim) = c.condition.aim.as_ref().filter(|a| a.target.index() >= setup.combatants.len()) {
            let message = format!("{} aims at combatant {}; there are {}", c.name, aim.target, setup.combatants.len());
            return Err((Some("aim".into()), message));
        }
    }
    Ok(())
}

/// Every action's actor and targets exist, and the weapons it draws are carried.
fn check_actions<'a, O, S, C, A>(
    setup: &'a Setup<O, S, C, A>,
    carries: impl Fn(&CombatantSpec<S, C>, &str) -> bool,
    refs: impl Fn(&'a A) -> Refs<'a>,
) -> Result<(), Problem> {
    // Names were read as ids against this roster; an id given as a number may still be past its end.
    let find = |id: CombatantId, i: usize| match setup.combatants.get(id.index()) {
        Some(c) => Ok(c),
        None => Err((
            Some("actions".into()),
            format!("action {}: no combatant {id}; there are {}", i + 1, setup.combatants.len()),
        )),
    };
    for (i, action) in setup.actions.iter().enumerate() {
        let r = refs(action);
        let actor = find(r.actor, i)?;
        if let Some(w) = r.weapons.into_iter().find(|w| !carries(actor, w)) {
            return Err((quoted(w), format!("action {}: {} does not carry a {w}", i + 1, actor.name)));
        }
        for target in r.targets {
            find(target, i)?;
        }
    }
    Ok(())
}

fn ep_refs(action: &ep::Action) -> Refs<'_> {
    let targets = match &action.complex {
        Some(ComplexAction::Attack(a)) => a.targets.clone(),
        Some(ComplexAction::AreaAttack(a)) => a.target.into_iter().collect(),
        Some(ComplexAction::Aim(t)) => vec![*t],
        _ => Vec::new(),
    };
    let weapons = action
        .quick
        .iter()
        .filter_map(|q| match q {
            QuickAction::Draw(w) => Some(w.0.as_str()),
            QuickAction::StandUp | QuickAction::Move(_) | QuickAction::UseDoor(_) => None,
        })
        .collect();
    Refs { actor: action.actor, targets, weapons }
}

fn sr4_refs(action: &sr4::Action) -> Refs<'_> {
    let mut refs = Refs { actor: action.actor, targets: Vec::new(), weapons: Vec::new() };
    for simple in &action.simple {
        match simple {
            SimpleAction::Fire(a) => refs.targets.push(a.target),
            SimpleAction::ReadyWeapon(w) => refs.weapons.push(&w.0),
            _ => {}
        }
    }
    if let Some(sr4::ComplexAction::Fire(a) | sr4::ComplexAction::Melee(a)) = &action.complex {
        refs.targets.push(a.target);
    }
    refs
}

fn st_refs(action: &st::Action) -> Refs<'_> {
    let mut refs = Refs { actor: action.actor, targets: Vec::new(), weapons: Vec::new() };
    match &action.act {
        Act::Attack(a) => refs.targets.push(a.target),
        Act::ReadyWeapon(w) => refs.weapons.push(&w.0),
        Act::Wait | Act::UseDoor(_) => {}
    }
    refs
}

fn hb_refs(action: &hb::Action) -> Refs<'_> {
    let mut refs = Refs { actor: action.actor, targets: Vec::new(), weapons: Vec::new() };
    for simple in &action.simple {
        match simple {
            hb::SimpleAction::Attack(a) => refs.targets.push(a.target),
            hb::SimpleAction::ReadyWeapon(w) => refs.weapons.push(&w.0),
            _ => {}
        }
    }
    if let Some(hb::ComplexAction::Attack(a)) = &action.complex {
        refs.targets.push(a.target);
    }
    refs
}
