//! The attack system: has the engine carry out each declared action, and reports every attack it decided and
//! every move. The combatants' components are not touched here: the sync system (`sync.rs`) writes what the engine changed.

use bevy::prelude::*;

use super::messages::{ActionResolved, AttackResolved, DeclareAction, UnitMoved};
use super::{BattleDice, BattleLog, Engine, Roster, SlotPhase, TurnState, TurnSystems};
use crate::rules::RulesError;
use crate::rules::engine::dice::DiceError;
use crate::rules::engine::outcome::Event;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, resolve_actions.in_set(TurnSystems::Resolve).in_set(ResolveSystems));
}

/// The system that resolves declared actions (the tally prices them just before).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ResolveSystems;

/// What a resolved action tells the other systems: the action, each attack it decided, each move.
#[derive(bevy::ecs::system::SystemParam)]
struct ActionNews<'w> {
    action_resolved: MessageWriter<'w, ActionResolved>,
    attack_resolved: MessageWriter<'w, AttackResolved>,
    unit_moved: MessageWriter<'w, UnitMoved>,
}

/// Has the engine carry out each declared action in the slot being played, and an action held for dice rolled by
/// hand once they are typed in: it stops at the first roll still to be typed in (the engine stands as it was) and is
/// held until then.
fn resolve_actions(
    mut declared: MessageReader<DeclareAction>,
    mut engine: ResMut<Engine>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<BattleLog>,
    mut state: ResMut<TurnState>,
    roster: Res<Roster>,
    mut unsynced: ResMut<super::sync::Unsynced>,
    mut said: ActionNews,
) {
    let held = match state.phase {
        SlotPhase::RollingByHand(entity, slot) if dice.0.wanted().is_none() => {
            state.phase = SlotPhase::Choosing(entity, slot);
            let held = state.held.take().map(|action| DeclareAction { entity, slot, action });
            // Its slot is over (it cannot be, but if it were): the faces typed for it must not go to another step.
            held.filter(|_| engine.0.current() == Some(slot)).or_else(|| {
                dice.0.drop_step();
                None
            })
        }
        _ => None,
    };
    for DeclareAction { entity, slot, action } in held.iter().chain(declared.read()) {
        if engine.0.current() != Some(*slot) {
            // Declared for a slot that is over (a stale order): the engine is not asked.
            continue;
        }
        let from = log.0.events.len();
        dice.0.begin_step(engine.0.faces().len());
        match engine.0.act(action, &mut dice.0, &mut log.0) {
            Ok(()) => unsynced.note(&engine.0),
            Err(RulesError::Dice(DiceError::Wanted(_))) => {
                (state.phase, state.held) = (SlotPhase::RollingByHand(*entity, *slot), Some(action.clone()));
                return;
            }
            Err(e) => {
                state.stop(Some(e.to_string()));
                return;
            }
        }
        let events = from..log.0.events.len();
        for event in &log.0.events[events.clone()] {
            if let Event::AttackResolved { attacker, defender: Some(defender), hit, graze, reason } = event
                && let (Some(attacker), Some(defender)) = (roster.entity(*attacker), roster.entity(*defender))
            {
                let (hit, graze, reason) = (*hit, *graze, reason.clone());
                said.attack_resolved.write(AttackResolved { attacker, defender, hit, graze, reason });
            }
            if let Event::Moved { who, from, path, pace, .. } = event
                && let Some(entity) = roster.entity(*who)
            {
                said.unit_moved.write(UnitMoved { entity, from: *from, path: path.clone(), pace: *pace });
            }
        }
        said.action_resolved.write(ActionResolved { entity: *entity, events });
    }
}
