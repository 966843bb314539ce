//! The defender's choice at the moment it is attacked (file 003): against melee, a dodge with Fray or a parry with
//! the melee skill of the weapon in hand; against a ranged attack Fray ÷ 2 only, so no choice. Full defense is an
//! action of its own (rules.md §1), not a choice at the attack. The choice is recorded in the attacker's action
//! ([`Situation::defense`](super::modifiers::Situation)), so a replay makes it again.

use super::actions::{Action, ComplexAction, weapon_in_hand};
use super::attack::defense_spec;
use super::modifiers::MeleeDefense;
use super::{EclipsePhase, Fighter};
use crate::rules::engine::ruleset::{Combatant, index};
use crate::rules::mechanics::odds::{DefenseOption, Defenses};

/// What the defender of `action`'s melee attack may choose, if it can defend and holds a melee weapon to parry with
/// (each with its target, the modifiers counted as the rules count them).
pub(super) fn defenses(
    rules: &EclipsePhase,
    battle: &[Combatant<Fighter>],
    actor: usize,
    action: &Action,
) -> Option<Defenses<Action>> {
    let Some(ComplexAction::Attack(attack)) = &action.complex else { return None };
    let (_, weapon) = weapon_in_hand(&battle[actor].fighter, attack.weapon.as_ref()).ok()?;
    let defender = *attack.targets.first()?;
    if !weapon.skill.is_melee() || attack.targets.iter().any(|t| *t != defender) {
        return None;
    }
    let target = index(battle, defender).ok()?;
    let (situation, _) = rules.aim_at(battle, actor, target, &weapon, &attack.situation).ok()?;
    let fighter = &battle[target].fighter;
    fighter.drawn_weapon().ok().filter(|w| w.skill.is_melee())?;
    let options = [MeleeDefense::Fray, MeleeDefense::Parry]
        .into_iter()
        .filter_map(|choice| {
            let spec =
                defense_spec(fighter, false, &super::modifiers::Situation { defense: choice, ..situation.clone() })?;
            let how = if choice == MeleeDefense::Parry { "parry" } else { "dodge" };
            let name = format!("{} ({how}): target {}", spec.label, spec.target().0);
            let mut chosen = action.clone();
            if let Some(ComplexAction::Attack(a)) = &mut chosen.complex {
                a.situation.defense = choice;
            }
            Some(DefenseOption::free(name, chosen))
        })
        .collect();
    Defenses::given(defender, options)
}
