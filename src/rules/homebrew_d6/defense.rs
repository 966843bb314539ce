//! The defender's choice at the moment it is attacked (file 002: "the skill or attribute test chosen to evade
//! attacks"): against melee and thrown attacks Dodge + Reaction, Gymnastics + Agility or Parry + Reaction; against
//! accelerated projectiles Dodge + Intuition, Gymnastics + Agility or Agility + Edge. Each is free; the defense
//! frequency penalty applies to any. The choice is recorded in the attacker's action
//! ([`Situation::defense`](super::attack::Situation)), so a replay makes it again.

use super::attack::{Defense, Situation, defense_spec};
use super::gear::AttackKind;
use super::turn::{Action, Attack, ComplexAction, SimpleAction};
use super::{Fighter, HomebrewD6};
use crate::rules::engine::ruleset::{Combatant, CombatantId};
use crate::rules::mechanics::odds::{DefenseOption, Defenses};

/// What the defender of `action`'s first attack may choose, if it defends at all (each pool with the modifiers the
/// rules count).
pub(super) fn defenses(
    rules: &HomebrewD6,
    battle: &[Combatant<Fighter>],
    actor: usize,
    action: &Action,
) -> Option<Defenses<Action>> {
    let (attack, complex) = first_attack(action)?;
    let p = rules.prepare(actor, attack, complex, battle).ok()?;
    let defender = &battle[p.target].fighter;
    let third = match p.weapon.kind {
        AttackKind::Accelerated => Defense::AgilityEdge,
        AttackKind::Melee | AttackKind::Thrown => Defense::Parry,
    };
    let options = [Defense::Dodge, Defense::Gymnastics, third]
        .into_iter()
        .filter_map(|choice| {
            let s = Situation { defense: choice, ..p.situation.clone() };
            let spec = defense_spec(defender, p.weapon.kind, &s).ok()??;
            let name = format!("{}: {} dice", spec.label, spec.dice());
            Some(DefenseOption::free(name, choosing(action, attack.target, choice)))
        })
        .collect();
    Defenses::given(attack.target, options)
}

/// `action` with `defense` chosen against each of its attacks at `defender`.
fn choosing(action: &Action, defender: CombatantId, defense: Defense) -> Action {
    let mut action = action.clone();
    let set = |a: &mut Attack| {
        if a.target == defender {
            a.situation.defense = defense;
        }
    };
    for simple in &mut action.simple {
        if let SimpleAction::Attack(a) = simple {
            set(a);
        }
    }
    if let Some(ComplexAction::Attack(a)) = &mut action.complex {
        set(a);
    }
    action
}

/// The first attack of an Action Phase, and whether it is the Complex (melee) kind.
pub(super) fn first_attack(action: &Action) -> Option<(&Attack, bool)> {
    let simple = action.simple.iter().find_map(|s| match s {
        SimpleAction::Attack(a) => Some((a, false)),
        _ => None,
    });
    let complex = match &action.complex {
        Some(ComplexAction::Attack(a)) => Some((a, true)),
        _ => None,
    };
    simple.or(complex)
}
