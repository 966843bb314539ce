//! The game master's hand in the ECS: a `ChangeByGm` request has the engine make the change
//! ([`crate::rules::engine::gm`]) between two slots (the battle paused) or while a slot waits for its player or the
//! AI; the combatants it touched are written
//! again by the sync system, and `GmChangeMade` (or `GmChangeRefused`, with the rules' reason) says so. A change that
//! leaves the waiting combatant unable to act ends its slot; one made while the AI thinks has it think again, on the
//! battle as the GM left it.

use bevy::prelude::*;

use super::messages::TurnEnded;
use super::sync::Unsynced;
use super::{BattleDice, BattleLog, Engine, SlotPhase, TurnState, TurnSystems};
use crate::rules::engine::gm::GmChange;

/// A request: the GM makes this change.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ChangeByGm(pub GmChange);

/// The GM's change was made: its events are this range of the battle's log.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GmChangeMade {
    pub change: GmChange,
    pub events: std::ops::Range<usize>,
}

/// The rules refused the GM's change: why (nothing changed).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GmChangeRefused {
    pub change: GmChange,
    pub why: String,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ChangeByGm>()
        .add_message::<GmChangeMade>()
        .add_message::<GmChangeRefused>()
        .add_systems(Update, make_gm_changes.in_set(TurnSystems::Choose).before(super::turn::ChoiceSystems));
}

/// What a GM's change answers with.
#[derive(bevy::ecs::system::SystemParam)]
struct Answers<'w> {
    made: MessageWriter<'w, GmChangeMade>,
    refused: MessageWriter<'w, GmChangeRefused>,
    ended: MessageWriter<'w, TurnEnded>,
}

/// Makes the GM's changes asked for, between two slots or while a slot waits for its player or the AI (between two
/// steps of the rules: never in the middle of one). Asked at any other moment, a change is refused, said why.
fn make_gm_changes(
    mut asked: MessageReader<ChangeByGm>,
    mut engine: ResMut<Engine>,
    mut log: ResMut<BattleLog>,
    mut state: ResMut<TurnState>,
    (mut unsynced, mut thought): (ResMut<Unsynced>, ResMut<super::think::Thought>),
    mut answers: Answers,
    dice: Res<BattleDice>,
) {
    for ChangeByGm(change) in asked.read() {
        let waiting = match state.phase {
            SlotPhase::WaitingForPlayer(entity, _) | SlotPhase::AiThinking(entity, _) => Some(Some(entity)),
            // Not while the next slot's start waits for dice typed in: that start is taken up again once they are.
            SlotPhase::Between if engine.0.current().is_none() && dice.0.wanted().is_none() => Some(None),
            _ => None,
        };
        let Some(waiting) = waiting else {
            let why = "the GM changes the battle between two slots, or while one waits for its player or the AI";
            answers.refused.write(GmChangeRefused { change: change.clone(), why: why.to_owned() });
            continue;
        };
        let from = log.0.events.len();
        if let Err(e) = engine.0.gm(change, &mut log.0) {
            answers.refused.write(GmChangeRefused { change: change.clone(), why: e.to_string() });
            continue;
        }
        unsynced.note(&engine.0);
        answers.made.write(GmChangeMade { change: change.clone(), events: from..log.0.events.len() });
        if matches!(state.phase, SlotPhase::AiThinking(..)) {
            // The AI thought about the battle before the change: it thinks again.
            thought.0 = None;
        }
        if let Some(entity) = waiting
            && engine.0.current().is_none()
        {
            // The waiting combatant can no longer act: its slot is over.
            state.phase = SlotPhase::Between;
            answers.ended.write(TurnEnded { entity });
        }
    }
}
