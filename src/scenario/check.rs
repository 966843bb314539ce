//! Consistency checks a scenario's types cannot express: at least two combatants on at least two sides, unique
//! names, actions by and at combatants that exist, gear that is carried, and a sane turn limit.

use super::{EclipsePhaseSetup, RulesetSetup, Scenario};
use crate::rules::eclipse_phase::actions::{ComplexAction, QuickAction};

/// A problem: the text to point at (a quoted name or a field), and the message.
pub(super) type Problem = (Option<String>, String);

pub(super) fn check(scenario: &Scenario) -> Result<(), Problem> {
    if scenario.turn_limit == 0 {
        return Err((
            Some("turn_limit".into()),
            "turn_limit must be at least 1".into(),
        ));
    }
    match &scenario.ruleset {
        RulesetSetup::EclipsePhase(setup) => check_eclipse_phase(setup),
    }
}

fn quoted(name: &str) -> Option<String> {
    Some(format!("\"{name}\""))
}

fn check_roster(names: &[&str], sides: &[&str]) -> Result<(), Problem> {
    if names.len() < 2 {
        let message = format!(
            "a battle needs at least two combatants, this one has {}",
            names.len()
        );
        return Err((Some("combatants".into()), message));
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err((
                quoted(name),
                format!("two combatants are called \"{name}\"; names must be unique"),
            ));
        }
    }
    if sides.iter().all(|s| *s == sides[0]) {
        return Err((
            quoted(sides[0]),
            format!(
                "every combatant is on side \"{}\"; a battle needs two sides",
                sides[0]
            ),
        ));
    }
    Ok(())
}

fn check_eclipse_phase(setup: &EclipsePhaseSetup) -> Result<(), Problem> {
    let names: Vec<&str> = setup.combatants.iter().map(|c| c.name.as_str()).collect();
    let sides: Vec<&str> = setup.combatants.iter().map(|c| c.side.as_str()).collect();
    check_roster(&names, &sides)?;
    for c in &setup.combatants {
        if !(1..=4).contains(&c.sheet.speed) {
            return Err((
                Some("speed".into()),
                format!("{}: Speed {} is out of range 1–4", c.name, c.sheet.speed),
            ));
        }
        if c.sheet.durability == 0 {
            return Err((
                Some("durability".into()),
                format!("{}: durability must be at least 1", c.name),
            ));
        }
        if let Some(w) = c
            .condition
            .drawn
            .as_ref()
            .filter(|w| !c.sheet.weapons.contains(w))
        {
            return Err((
                quoted(&w.0),
                format!("{} has the {} drawn but does not carry it", c.name, w.0),
            ));
        }
    }
    let known = |n: &str, i: usize| match names.contains(&n) {
        true => Ok(()),
        false => Err((
            quoted(n),
            format!(
                "action {}: no combatant is called \"{n}\"; the combatants are {}",
                i + 1,
                names.join(", ")
            ),
        )),
    };
    for (i, action) in setup.actions.iter().enumerate() {
        known(&action.actor, i)?;
        let carrier = &setup.combatants[names.iter().position(|n| *n == action.actor).unwrap_or(0)];
        for q in &action.quick {
            if let QuickAction::Draw(w) = q
                && !carrier.sheet.weapons.contains(w)
            {
                return Err((
                    quoted(&w.0),
                    format!(
                        "action {}: {} does not carry a {}",
                        i + 1,
                        action.actor,
                        w.0
                    ),
                ));
            }
        }
        for target in targets(action.complex.as_ref()) {
            known(target, i)?;
        }
    }
    Ok(())
}

fn targets(complex: Option<&ComplexAction>) -> Vec<&str> {
    match complex {
        Some(ComplexAction::Attack(a)) => a.targets.iter().map(String::as_str).collect(),
        Some(ComplexAction::AreaAttack(a)) => a.targets.iter().map(|(n, _)| n.as_str()).collect(),
        Some(ComplexAction::Aim(t)) => vec![t.as_str()],
        _ => Vec::new(),
    }
}
