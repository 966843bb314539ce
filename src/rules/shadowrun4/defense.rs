//! The defender's choice at the moment it is attacked (file 004, Defense and Full Defense): against melee a dodge, a
//! parry with the melee weapon in hand or a block; against any attack a full defense as an interrupt (a full dodge,
//! a full parry in melee, a gymnastics dodge), which spends the defender's next Action Phase. The choice is recorded
//! in the attacker's action ([`Situation::defense`](super::modifiers::Situation)), so a replay makes it again.

use super::actions::{Action, Attack, ComplexAction, SimpleAction};
use super::attack::defense_base;
use super::modifiers::Defense;
use super::{Fighter, Shadowrun4};
use crate::rules::engine::ruleset::{Combatant, CombatantId, index};
use crate::rules::mechanics::fighter::Standing;
use crate::rules::mechanics::odds::{DefenseOption, Defenses};

/// What the defender of `action`'s first attack may choose, if it defends at all and has more than one real
/// choice. A full defense already declared holds (no choice); a full defense that rolls no more dice than a free
/// defense is left out (it would only cost a phase).
pub(super) fn defenses(
    rules: &Shadowrun4,
    battle: &[Combatant<Fighter>],
    actor: usize,
    action: &Action,
) -> Option<Defenses<Action>> {
    let (attack, melee) = first_attack(action)?;
    let target = index(battle, attack.target).ok()?;
    let defender = &battle[target].fighter;
    let c = &defender.condition;
    if c.is_out() || c.full_defense.is_some() || attack.situation.defender_unaware || rules.surprised(actor, target) {
        return None;
    }
    let parries = defender.drawn_weapon().ok()?.is_melee();
    let free = match melee {
        true => [Some(Defense::Dodge), parries.then_some(Defense::Parry), Some(Defense::Block)].to_vec(),
        false => vec![Some(Defense::Best)],
    };
    let full =
        [Some(Defense::FullDodge), (melee && parries).then_some(Defense::FullParry), Some(Defense::GymnasticsDodge)];
    let priced = |d: Defense| defense_base(defender, melee, d).ok().map(|(label, dice)| (d, label, dice));
    let free: Vec<_> = free.into_iter().flatten().filter_map(priced).collect();
    let most_free = free.iter().map(|(_, _, n)| *n).max().unwrap_or(0);
    let full = full.into_iter().flatten().filter_map(priced).filter(|(_, _, n)| *n > most_free);
    let options = free
        .into_iter()
        .chain(full)
        .map(|(d, label, dice)| {
            let cost = if d.is_full() { ", spends its next Action Phase" } else { "" };
            let name = format!("{label}: {dice} dice{cost}");
            DefenseOption { name, costs_action: d.is_full(), action: choosing(action, attack.target, d) }
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
        if let SimpleAction::Fire(a) = simple {
            set(a);
        }
    }
    if let Some(ComplexAction::Fire(a) | ComplexAction::Melee(a)) = &mut action.complex {
        set(a);
    }
    action
}

/// The first attack of the action, and whether it is melee.
pub(super) fn first_attack(action: &Action) -> Option<(&Attack, bool)> {
    let simple = action.simple.iter().find_map(|s| match s {
        SimpleAction::Fire(a) => Some((a, false)),
        _ => None,
    });
    let complex = match &action.complex {
        Some(ComplexAction::Fire(a)) => Some((a, false)),
        Some(ComplexAction::Melee(a)) => Some((a, true)),
        _ => None,
    };
    simple.or(complex)
}
