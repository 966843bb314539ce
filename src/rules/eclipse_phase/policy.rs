//! The built-in choice of action for combatants nobody scripted, until the AI issue brings a real opponent.

use super::actions::{Action, AreaAttack, Attack, ComplexAction, QuickAction, weapon_in_hand};
use super::gear::{AreaEffect, ModeKind, Weapon};
use super::modifiers::Situation;
use super::{Fighter, FiringMode, ModeBonus};
use crate::rules::outcome::Status;
use crate::rules::ruleset::{Combatant, FighterState};

/// Burst for damage where the weapon has it, else semi-auto, else its first mode.
pub(super) fn preferred_mode(weapon: &Weapon) -> FiringMode {
    let has = |k| weapon.modes.contains(&k);
    if has(ModeKind::Burst) {
        FiringMode::Burst(ModeBonus::Damage)
    } else if has(ModeKind::SemiAuto) {
        FiringMode::SemiAuto
    } else if has(ModeKind::FullAuto) {
        FiringMode::FullAuto(ModeBonus::Damage)
    } else {
        FiringMode::SingleShot
    }
}

/// The built-in choice: clear a jam, stand up, reload when empty, else attack the nearest enemy still standing
/// with every shot the mode allows. A melee fighter out of reach waits (movement comes with the map).
pub(super) fn default_action(actor: usize, battle: &[Combatant<Fighter>]) -> Option<Action> {
    let me = &battle[actor];
    let f = &me.fighter;
    let target =
        battle.iter().filter(|c| c.side != me.side && !c.fighter.is_out()).min_by_key(|c| me.distance_to(c))?;
    let quick = if f.condition.has(&Status::Prone) { vec![QuickAction::StandUp] } else { Vec::new() };
    let act = |complex| Some(Action { actor: f.name.clone(), quick: quick.clone(), complex: Some(complex) });
    let (id, weapon) = weapon_in_hand(f, None).ok()?;
    if f.condition.has(&Status::WeaponJammed(id.clone())) {
        return act(ComplexAction::ClearJam);
    }
    if weapon.skill.is_melee() && me.distance_to(target) > 2 {
        return act(ComplexAction::Wait);
    }
    let mode = preferred_mode(weapon);
    let left = f.rounds_left(&id, weapon).unwrap_or(u32::MAX);
    let shots = mode.shots_per_action().min((left / mode.rounds()) as usize);
    if shots == 0 {
        return act(ComplexAction::Reload);
    }
    let name = target.fighter.name.clone();
    if weapon.area.is_some() && !matches!(weapon.area, Some(AreaEffect::Cone)) {
        let area = AreaAttack { weapon: None, targets: vec![(name, 0)], situation: Situation::default() };
        return act(ComplexAction::AreaAttack(area));
    }
    let attack = Attack { weapon: None, mode: Some(mode), targets: vec![name; shots], situation: Situation::default() };
    act(ComplexAction::Attack(attack))
}
