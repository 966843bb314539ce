//! The turn systems, adapters over the engine: ask it for the next slot (it starts a new turn when the last is
//! spent, or ends the battle), choose the slot's action (script, built-in choice; players and the AI elsewhere), and
//! close the slot. What the start of a turn or slot changed is noted for the sync system (`sync.rs`).

use bevy::prelude::*;

use super::messages::{BattleEnded, RoundStarted, TurnEnded, TurnStarted};
use super::sync::Unsynced;
use super::{AiMinds, BattleDice, BattleLog, Engine, HumanSides, Roster, SlotPhase, TurnState, TurnSystems};
use crate::combat::messages::{ActionResolved, DeclareAction, DelaySlot};
use crate::rules::RulesError;
use crate::rules::engine::battle::Next;
use crate::rules::engine::dice::DiceError;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            begin_slot.in_set(TurnSystems::Begin),
            choose_action.in_set(TurnSystems::Choose).in_set(ChoiceSystems),
            end_slot.in_set(TurnSystems::End),
        ),
    );
}

/// The system that chooses a slot's action (the AI's thinking runs after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ChoiceSystems;

/// What the start of a slot tells the other systems: a new round, the slot's combatant, the end of the battle.
#[derive(bevy::ecs::system::SystemParam)]
struct SlotNews<'w> {
    round_started: MessageWriter<'w, RoundStarted>,
    turn_started: MessageWriter<'w, TurnStarted>,
    battle_ended: MessageWriter<'w, BattleEnded>,
}

/// Who decides a slot's action besides the script and the built-in choice: the players' sides, the AI.
#[derive(bevy::ecs::system::SystemParam)]
struct Deciders<'w> {
    humans: Option<Res<'w, HumanSides>>,
    minds: Option<Res<'w, AiMinds>>,
}

/// Asks the engine for the next slot, or ends the battle.
fn begin_slot(
    mut state: ResMut<TurnState>,
    mut engine: ResMut<Engine>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<BattleLog>,
    roster: Res<Roster>,
    mut unsynced: ResMut<Unsynced>,
    mut said: SlotNews,
) {
    // Between two slots, unless the next slot's start waits for dice rolled by hand.
    if state.phase != SlotPhase::Between || dice.0.wanted().is_some() {
        return;
    }
    let turn = engine.0.turn();
    dice.0.begin_step(engine.0.faces().len());
    match engine.0.next(&mut dice.0, &mut log.0) {
        Ok(Next::Over) => {
            if let Some(end) = engine.0.ending() {
                said.battle_ended.write(BattleEnded { reason: end.reason.clone(), winner: end.winner.clone() });
            }
            state.stop(None);
        }
        Ok(Next::Slot(slot)) => {
            state.phase = SlotPhase::Choosing(roster.0[slot.actor.index()], slot);
            said.turn_started.write(TurnStarted { entity: roster.0[slot.actor.index()], slot });
        }
        // Faces to be typed in: the engine stands as it was, and the slot's start is taken again once they are.
        Err(RulesError::Dice(DiceError::Wanted(_))) => return,
        Err(e) => {
            state.stop(Some(e.to_string()));
        }
    }
    if engine.0.turn() != turn {
        said.round_started.write(RoundStarted { turn: engine.0.turn() });
    }
    state.turn = engine.0.turn();
    state.from_delay = engine.0.was_delayed();
    state.delayed = engine.0.delayed().iter().map(|s| (roster.0[s.actor.index()], *s)).collect();
    unsynced.note(&engine.0);
    unsynced.note_slot(state.turn != turn, state.current());
}

/// Takes the slot's action from the script or the built-in choice; a player's slot waits for the player, an AI
/// side's for the AI; a slot with no action ends at once.
fn choose_action(
    mut started: MessageReader<TurnStarted>,
    engine: Res<Engine>,
    deciders: Deciders,
    mut state: ResMut<TurnState>,
    mut declare: MessageWriter<DeclareAction>,
    mut ended: MessageWriter<TurnEnded>,
) {
    for TurnStarted { entity, slot } in started.read().copied() {
        let side = engine.0.view(slot.actor).side;
        if deciders.humans.as_ref().is_some_and(|h| h.0.iter().any(|s| s == side)) {
            // A player's combatant: the slot waits for the player's DeclareAction.
            state.phase = SlotPhase::WaitingForPlayer(entity, slot);
            continue;
        }
        if deciders.minds.is_some() && !engine.0.is_scripted() {
            // An AI side: the AI thinks about it (`think.rs`).
            state.phase = SlotPhase::AiThinking(entity, slot);
            continue;
        }
        let action = match engine.0.is_scripted() {
            true => engine.0.scripted_action(),
            false => engine.0.default_action(slot),
        };
        match action {
            Some(action) => {
                declare.write(DeclareAction { entity, slot, action });
            }
            None => {
                ended.write(TurnEnded { entity });
            }
        }
    }
}

/// The slot's end as the other systems hear it, and the players' delays that may end it.
#[derive(bevy::ecs::system::SystemParam)]
struct SlotEnds<'w, 's> {
    resolved: MessageReader<'w, 's, ActionResolved>,
    delays: MessageReader<'w, 's, DelaySlot>,
    ended: MessageWriter<'w, TurnEnded>,
}

/// Closes the slot: when the player delayed it (the engine sets it aside until the end of its phase or pass), once
/// its action is resolved and applied, or when it had none (the engine's slot passes).
fn end_slot(
    mut ends: SlotEnds,
    mut state: ResMut<TurnState>,
    mut engine: ResMut<Engine>,
    mut log: ResMut<BattleLog>,
    roster: Res<Roster>,
) {
    for &DelaySlot { entity } in ends.delays.read() {
        if state.awaiting().is_none_or(|(e, _)| e != entity) || !engine.0.delay(&mut log.0) {
            continue;
        }
        state.delayed = engine.0.delayed().iter().map(|s| (roster.0[s.actor.index()], *s)).collect();
        state.phase = SlotPhase::Between;
        ends.ended.write(TurnEnded { entity });
    }
    for message in ends.resolved.read() {
        ends.ended.write(TurnEnded { entity: message.entity });
    }
    if matches!(state.phase, SlotPhase::Choosing(..)) {
        state.phase = SlotPhase::Between;
        engine.0.pass(&mut log.0);
    }
}
