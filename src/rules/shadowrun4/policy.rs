//! The built-in choice of action for combatants nobody scripted, until the AI issue brings a real opponent:
//! clear a jam or stand up, reload when empty, else attack the nearest enemy it may act against.

use super::actions::{Action, Attack, ComplexAction, SimpleAction};
use super::gear::ModeKind;
use super::initiative::Shadowrun4;
use super::modifiers::Situation;
use super::{Fighter, FiringMode, Spray};
use crate::rules::outcome::Status;
use crate::rules::ruleset::{Combatant, FighterState};

/// The action for combatant `actor`, or `None` when it has nobody to fight.
pub(super) fn default_action(rules: &Shadowrun4, actor: usize, battle: &[Combatant<Fighter>]) -> Option<Action> {
    let me = &battle[actor];
    let (target, _) = battle
        .iter()
        .enumerate()
        .filter(|(i, c)| c.side != me.side && !c.fighter.is_out() && !rules.held_back(actor, *i))
        .min_by_key(|(_, c)| me.distance_to(c))?;
    let them = &battle[target];
    let f = &me.fighter;
    let mut simple = Vec::new();
    if f.condition.has(&Status::Prone) {
        simple.push(SimpleAction::StandUp);
    }
    let act = |simple: Vec<SimpleAction>, complex| Some(Action { actor: f.name.clone(), free: None, simple, complex });
    let (id, weapon) = (f.drawn_id().to_owned(), f.drawn_weapon().ok()?);
    let attack =
        |mode| Attack { weapon: None, mode, target: them.fighter.name.clone(), situation: Situation::default() };
    if weapon.is_melee() {
        let complex = match me.distance_to(them) <= 1 + weapon.reach && simple.is_empty() {
            true => ComplexAction::Melee(attack(None)),
            false => ComplexAction::Wait,
        };
        return if simple.is_empty() { act(simple, Some(complex)) } else { act(simple, None) };
    }
    if f.condition.has(&Status::WeaponJammed(id.clone())) {
        simple.push(SimpleAction::ClearJam);
        return act(simple, None);
    }
    let mode = preferred_mode(&weapon.modes);
    if f.rounds_left(&id, weapon).is_some_and(|left| left < 2 * mode.rounds()) {
        simple.push(SimpleAction::Reload);
    }
    while simple.len() < 2 {
        simple.push(SimpleAction::Fire(attack(Some(mode))));
    }
    act(simple, None)
}

/// Narrow bursts where the weapon has them, else semi-auto, else single shots: all Simple Actions, so two a phase.
fn preferred_mode(modes: &[ModeKind]) -> FiringMode {
    if modes.contains(&ModeKind::Burst) {
        FiringMode::Burst(Spray::Narrow)
    } else if modes.contains(&ModeKind::SemiAuto) {
        FiringMode::SemiAuto
    } else {
        FiringMode::SingleShot
    }
}
