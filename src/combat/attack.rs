//! The attack system: has the engine carry out each declared action, and reports every attack it decided and
//! every move. The combatants' components are not touched here: the sync system (`sync.rs`) writes what the engine changed.

use bevy::prelude::*;

use super::defend::Defenders;
use super::messages::{ActionResolved, AttackResolved, ChooseDefense, DeclareAction, UnitMoved};
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

/// Has the engine carry out each declared action in the slot being played, its defender asked first where its
/// player is (`defend.rs`: the action is held until the player chooses); an action held for its defender's choice
/// once it is made; and an action held for dice rolled by hand once they are typed in: it stops at the first roll
/// still to be typed in (the engine stands as it was) and is held until then.
#[allow(clippy::too_many_arguments)]
fn resolve_actions(
    (mut declared, mut chosen): (MessageReader<DeclareAction>, MessageReader<ChooseDefense>),
    mut engine: ResMut<Engine>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<BattleLog>,
    mut state: ResMut<TurnState>,
    defenders: Defenders,
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
        SlotPhase::DefenderChoosing(entity, slot) => {
            // Orders given while the defender chooses are the slot's own, declared already: they are dropped.
            declared.clear();
            let Some(ChooseDefense { option }) = chosen.read().last().copied() else { return };
            let (asked, held) = (state.asked.take(), state.held.take());
            state.phase = SlotPhase::Choosing(entity, slot);
            let picked = asked.zip(option).and_then(|(asked, i)| asked.options.into_iter().nth(i));
            picked.map(|o| o.action).or(held).map(|action| DeclareAction { entity, slot, action })
        }
        _ => None,
    };
    let fresh: Vec<DeclareAction> = declared.read().cloned().collect();
    let answered = held.into_iter().map(|d| (d, true));
    for (DeclareAction { entity, slot, action }, answered) in answered.chain(fresh.into_iter().map(|d| (d, false))) {
        if engine.0.current() != Some(slot) {
            // Declared for a slot that is over (a stale order): the engine is not asked.
            continue;
        }
        let action = match answered {
            true => action,
            false => match defenders.answer(&engine.0, slot, action.clone()) {
                Ok(action) => action,
                Err(asked) => {
                    state.phase = SlotPhase::DefenderChoosing(entity, slot);
                    (state.held, state.asked) = (Some(action), Some(asked));
                    return;
                }
            },
        };
        let from = log.0.events.len();
        dice.0.begin_step(engine.0.faces().len());
        match engine.0.act(&action, &mut dice.0, &mut log.0) {
            Ok(()) => unsynced.note(&engine.0),
            Err(RulesError::Dice(DiceError::Wanted(_))) => {
                (state.phase, state.held) = (SlotPhase::RollingByHand(entity, slot), Some(action));
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
        said.action_resolved.write(ActionResolved { entity, events });
    }
}
