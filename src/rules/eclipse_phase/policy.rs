//! The built-in choice of action for combatants nobody scripted, until the AI issue brings a real opponent.

use super::Fighter;
use super::actions::{Action, AreaAttack, Attack, ComplexAction, QuickAction, weapon_in_hand};
use super::gear::{Weapon, preferred_mode};
use super::modifiers::Situation;
use crate::rules::engine::field::{Field, Pace};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::Combatant;
use crate::rules::mechanics::approach::{Reach, anyone, plan};

/// How far a weapon reaches: its long range band, and it likes to close to its short one.
pub(super) fn reach(weapon: &Weapon) -> Reach {
    match weapon.ranges {
        Some(r) => Reach::ranged(r[1], r[3]),
        None => Reach::MELEE,
    }
}

/// The built-in choice: clear a jam, stand up, reload when empty, else attack the nearest enemy it can hit from
/// here with every shot the mode allows; when it can hit nobody, walk (or run) toward the nearest enemy, attacking
/// at the end of a walk when that brings one in reach.
pub(super) fn default_action(field: &Field, actor: usize, battle: &[Combatant<Fighter>]) -> Option<Action> {
    let f = &battle[actor].fighter;
    let mut quick = if f.condition.has(&Status::Prone) { vec![QuickAction::StandUp] } else { Vec::new() };
    let (id, weapon) = weapon_in_hand(f, None).ok()?;
    let act = |quick: Vec<QuickAction>, complex| Some(Action { actor: f.id, quick, complex: Some(complex) });
    if f.condition.has(&Status::WeaponJammed(id.clone())) {
        return act(quick, ComplexAction::ClearJam);
    }
    let mode = preferred_mode(&weapon);
    let left = f.rounds_left(&id, &weapon).unwrap_or(u32::MAX);
    let shots = mode.shots_per_action().min((left / mode.rounds()) as usize);
    if shots == 0 {
        return act(quick, ComplexAction::Reload);
    }
    let reach = reach(&weapon);
    let rates =
        (f.sheet.movement.per_part(Pace::Walk, f.sheet.speed), f.sheet.movement.per_part(Pace::Run, f.sheet.speed));
    let plan = plan(field, battle, actor, reach, rates, &anyone)?;
    let walked = plan.movement.as_ref().is_none_or(|m| m.pace == Pace::Walk);
    quick.extend(plan.movement.map(QuickAction::Move));
    let target = match plan.target {
        // A run still leaves the phase's Complex Action for a shot (at the running penalty), not for a melee attack.
        Some(t) if walked || !reach.melee => t,
        _ => return act(quick, ComplexAction::Wait),
    };
    let them = battle[target].fighter.id;
    if weapon.is_blast() {
        let area = AreaAttack { weapon: None, target: Some(them), at: None, situation: Situation::default() };
        return act(quick, ComplexAction::AreaAttack(area));
    }
    let attack = Attack { weapon: None, mode: Some(mode), targets: vec![them; shots], situation: Situation::default() };
    act(quick, ComplexAction::Attack(attack))
}
