//! The built-in choice of action for combatants nobody scripted, until the AI issue brings a real opponent:
//! clear a jam or stand up, reload when empty, else attack the nearest enemy it may act against.

use super::actions::{Action, Attack, ComplexAction, SimpleAction};
use super::gear::ModeKind;
use super::initiative::Shadowrun4;
use super::modifiers::Situation;
use super::{Fighter, FiringMode, Spray};
use crate::rules::engine::field::Pace;
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::Combatant;
use crate::rules::mechanics::approach::{Plan, anyone, plan};
use crate::rules::mechanics::odds::AttackOdds;

/// The action for combatant `actor`, or `None` when it has nobody to fight: the nearest enemy it may act against
/// and can attack from here, else a walk (or a run) toward the nearest one, attacking after a walk that brings
/// one in reach; a walk toward the nearest enemy when surprise holds it back from them all.
pub(super) fn default_action(rules: &Shadowrun4, actor: usize, battle: &[Combatant<Fighter>]) -> Option<Action> {
    let f = &battle[actor].fighter;
    let mut simple = Vec::new();
    if f.condition.has(&Status::Prone) {
        simple.push(SimpleAction::StandUp);
    }
    let (id, weapon) = (f.drawn_id().to_owned(), f.drawn_weapon().ok()?);
    let reach = rules.reach_of(f);
    let allowed = |i: usize| !rules.held_back(actor, i);
    let passes = f.sheet.initiative_passes;
    let rates = (f.sheet.movement.per_part(Pace::Walk, passes), f.sheet.movement.per_part(Pace::Run, passes));
    // With every enemy held back by surprise, it still closes in (and waits) rather than stands idle.
    let held_back = || plan(&rules.field, battle, actor, reach, rates, &anyone).map(|p| Plan { target: None, ..p });
    let Plan { movement, target } = plan(&rules.field, battle, actor, reach, rates, &allowed).or_else(held_back)?;
    let act = |simple: Vec<SimpleAction>, complex| {
        Some(Action { simple, complex, movement: movement.clone(), ..Action::empty(f.id) })
    };
    let attack =
        |t: usize, mode| Attack { weapon: None, mode, target: battle[t].fighter.id, situation: Situation::default() };
    if weapon.is_melee() {
        return match (target, simple.is_empty()) {
            (Some(t), true) => act(simple, Some(ComplexAction::Melee(attack(t, None)))),
            (None, true) => act(simple, Some(ComplexAction::Wait)),
            (_, false) => act(simple, None),
        };
    }
    if f.condition.has(&Status::WeaponJammed(id.clone())) {
        simple.push(SimpleAction::ClearJam);
        return act(simple, None);
    }
    let mode = preferred_mode(&weapon.modes);
    let shots = mode.shots_per_phase();
    if f.rounds_left(&id, &weapon).is_some_and(|left| left < shots * mode.rounds()) {
        simple.push(SimpleAction::Reload);
    }
    let wait = simple.is_empty().then_some(ComplexAction::Wait);
    let Some(t) = target else { return act(simple, wait) };
    if mode.is_complex() {
        // A full-auto-only weapon fires as the phase's Complex Action, or not at all after a Simple one.
        return match simple.is_empty() {
            true => act(simple, Some(ComplexAction::Fire(attack(t, Some(mode))))),
            false => act(simple, None),
        };
    }
    // Every shot the mode allows, in the Simple Actions left (single-shot mode fires once a phase).
    let fire = (shots as usize).min(2 - simple.len());
    simple.extend((0..fire).map(|_| SimpleAction::Fire(attack(t, Some(mode)))));
    act(simple, None)
}

/// Narrow bursts where the weapon has them, else semi-auto, else single shots: Simple Actions (two a phase, a single
/// shot one). A weapon that only fires full auto fires a narrow full-auto burst (a Complex Action).
pub(super) fn preferred_mode(modes: &[ModeKind]) -> FiringMode {
    let has = |k| modes.contains(&k);
    if has(ModeKind::Burst) {
        FiringMode::Burst(Spray::Narrow)
    } else if has(ModeKind::SemiAuto) {
        FiringMode::SemiAuto
    } else if has(ModeKind::FullAuto) && !has(ModeKind::SingleShot) {
        FiringMode::FullAuto(Spray::Narrow)
    } else {
        FiringMode::SingleShot
    }
}
