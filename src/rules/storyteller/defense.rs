//! The defender's choice at the moment it is attacked (file 001): against melee, Dexterity + Brawl or Dexterity +
//! Melee; at range Dexterity + Dodge only, so no choice. The choice is recorded in the attacker's action
//! ([`Situation::defense`](super::attack::Situation)), so a replay makes it again.

use super::attack::{MeleeDefense, Situation, defense_spec};
use super::turn::{Act, Action};
use super::{Fighter, Storyteller};
use crate::rules::engine::ruleset::Combatant;
use crate::rules::mechanics::odds::{DefenseOption, Defenses};

/// What the defender of `action`'s melee attack may choose, if it can defend and the two pools differ.
pub(super) fn defenses(
    rules: &Storyteller,
    battle: &[Combatant<Fighter>],
    actor: usize,
    action: &Action,
) -> Option<Defenses<Action>> {
    let Act::Attack(attack) = &action.act else { return None };
    let (target, weapon, situation, _) = rules.prepare(actor, attack, battle).ok()?;
    if weapon.is_ranged() {
        return None;
    }
    let defender = &battle[target].fighter;
    let priced = |choice: MeleeDefense| {
        let s = Situation { defense: choice, ..situation.clone() };
        let spec = defense_spec(&rules.options, defender, false, &s).ok()??;
        let mut chosen = action.clone();
        if let Act::Attack(a) = &mut chosen.act {
            a.situation.defense = choice;
        }
        Some((spec.base, DefenseOption::free(format!("{}: {} dice", spec.label, spec.dice()), chosen)))
    };
    let (brawl, melee) = (priced(MeleeDefense::Brawl)?, priced(MeleeDefense::Melee)?);
    if brawl.0 == melee.0 {
        return None;
    }
    Defenses::given(attack.target, vec![brawl.1, melee.1])
}
