//! The autopilot (`play --autopilot`, for tests and demos): a hot-seat battle that plays itself through the same
//! screens players see. Each hand-over screen is passed after a short wait, as the next player would press its
//! button; each player's slot, once the screen is theirs, is given the normal AI's orders, declared as a player's
//! are. Nothing else changes: the fog, the panels and the hand-overs run as they do for people.

use bevy::prelude::*;

use super::{Handover, PlayOptions};
use crate::ai::{self, Difficulty};
use crate::combat::messages::DeclareAction;
use crate::combat::{Engine, TurnState};

pub(super) fn plugin(app: &mut App) {
    use super::screens::BattleScreenSystems;
    app.add_systems(
        Update,
        (pass_the_screen, give_the_ais_orders).run_if(|o: Res<PlayOptions>| o.autopilot).in_set(BattleScreenSystems),
    );
}

/// Frames a screen stays as it is before the autopilot acts: long enough for a screenshot or the screen's text to
/// show what a player would see there.
const WAIT: u32 = 12;

/// Presses the hand-over screen's button once it has shown for a while.
fn pass_the_screen(mut handover: ResMut<Handover>, mut shown: Local<u32>) {
    if !handover.covered() {
        *shown = 0;
        return;
    }
    *shown += 1;
    if *shown >= WAIT {
        handover.last = handover.showing.take();
    }
}

/// Declares the normal AI's action for a player's slot once the screen has been theirs for a while.
fn give_the_ais_orders(
    mut state: ResMut<TurnState>,
    engine: Res<Engine>,
    handover: Res<Handover>,
    mut declare: MessageWriter<DeclareAction>,
    mut waited: Local<u32>,
) {
    let Some((entity, slot)) = state.awaiting().filter(|_| !handover.covered()) else {
        *waited = 0;
        return;
    };
    *waited += 1;
    if *waited < WAIT {
        return;
    }
    *waited = 0;
    let battle = &engine.0;
    let action =
        ai::choose_any(battle, slot, Difficulty::Normal).unwrap_or_else(|| battle.intended(slot.actor, None, None));
    declare.write(DeclareAction { entity, slot, action });
    state.declared();
}
