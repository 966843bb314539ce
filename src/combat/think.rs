//! The AI's turn in the ECS: when an AI side's slot begins, `choose_action` marks it as thinking; this system asks
//! the AI (`crate::ai::Minds::choose`: the expert, or the others' `choose_any`) for the action and declares it. In the window the AI thinks on a background thread
//! while frames go on (the game never freezes); headless it thinks at once, so a battle takes no extra frames.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::messages::{DeclareAction, TurnEnded};
use super::{AiMinds, Engine, TurnState, TurnSystems};
use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::engine::ruleset::Slot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thought>().add_systems(
        Update,
        think.in_set(TurnSystems::Choose).after(super::turn::ChoiceSystems).run_if(resource_exists::<AiMinds>),
    );
}

/// The AI's thinking under way: for which combatant and slot, and the task that will answer.
#[derive(Resource, Default)]
pub(super) struct Thought(pub(super) Option<(Entity, Slot, Task<Option<AnyAction>>)>);

/// Drops any thinking under way (a battle left while the AI thought about it).
pub(super) fn forget(world: &mut World) {
    world.insert_resource(Thought::default());
}

/// Starts the AI on the slot it was given, and declares its action once it has one.
fn think(
    mut state: ResMut<TurnState>,
    mut thought: ResMut<Thought>,
    minds: Res<AiMinds>,
    engine: Res<Engine>,
    mut declare: MessageWriter<DeclareAction>,
    mut ended: MessageWriter<TurnEnded>,
) {
    let Some((entity, slot)) = state.thinking() else { return };
    let answer = match (minds.background, thought.0.as_mut()) {
        (false, _) => Some(minds.minds.choose(&engine.0, slot)),
        (true, Some((e, s, task))) if (*e, *s) == (entity, slot) => check_ready(task),
        (true, _) => {
            let (battle, minds) = (engine.0.clone(), minds.minds.clone());
            let task = AsyncComputeTaskPool::get().spawn(async move { minds.choose(&battle, slot) });
            thought.0 = Some((entity, slot, task));
            None
        }
    };
    let Some(action) = answer else { return };
    thought.0 = None;
    state.declared();
    match action {
        Some(action) => {
            declare.write(DeclareAction { entity, slot, action });
        }
        None => {
            ended.write(TurnEnded { entity });
        }
    }
}
