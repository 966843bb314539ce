//! The AI's turn in the ECS: when an AI side's slot begins, `choose_action` marks it as thinking; this system asks
//! the AI (`crate::ai::choose`) for the action and declares it. In the window the AI thinks on a background thread
//! while frames go on (the game never freezes); headless it thinks at once, so a battle takes no extra frames.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::messages::{DeclareAction, TurnEnded};
use super::{AiMinds, CombatRules, Engine, TurnState, TurnSystems};
use crate::rules::ruleset::Slot;

pub(super) fn plugin<R: CombatRules>(app: &mut App) {
    app.init_resource::<Thought<R>>()
        .add_systems(Update, think::<R>.in_set(TurnSystems::Choose).after(super::turn::ChooseAction));
}

/// The AI's thinking under way: for which combatant and slot, and the task that will answer.
#[derive(Resource)]
struct Thought<R: CombatRules>(Option<(Entity, Slot, Task<Option<R::Action>>)>);

impl<R: CombatRules> Default for Thought<R> {
    fn default() -> Self {
        Thought(None)
    }
}

/// Starts the AI on the slot it was given, and declares its action once it has one.
fn think<R: CombatRules>(
    mut state: ResMut<TurnState>,
    mut thought: ResMut<Thought<R>>,
    minds: Option<Res<AiMinds>>,
    engine: Res<Engine<R>>,
    mut declare: MessageWriter<DeclareAction<R::Action>>,
    mut ended: MessageWriter<TurnEnded>,
) {
    let Some((entity, slot)) = state.thinking else { return };
    let Some(minds) = minds else { return };
    let (rules, battle) = (engine.0.rules(), engine.0.combatants());
    let difficulty = minds.minds.of(&battle[slot.actor].side);
    let answer = match (minds.background, thought.0.as_mut()) {
        (false, _) => Some(crate::ai::choose(rules, slot, battle, difficulty)),
        (true, Some((e, s, task))) if (*e, *s) == (entity, slot) => check_ready(task),
        (true, _) => {
            let (rules, battle) = (rules.clone(), battle.to_vec());
            let task =
                AsyncComputeTaskPool::get().spawn(async move { crate::ai::choose(&rules, slot, &battle, difficulty) });
            thought.0 = Some((entity, slot, task));
            None
        }
    };
    let Some(action) = answer else { return };
    thought.0 = None;
    state.thinking = None;
    match action {
        Some(action) => {
            declare.write(DeclareAction { entity, slot, action });
        }
        None => {
            ended.write(TurnEnded { entity });
        }
    }
}
