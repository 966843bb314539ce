//! The autopilot (`play --autopilot` and `join --autopilot`, for tests and demos): a battle that plays itself
//! through the same screens players see. On one screen, each hand-over screen is passed after a short wait, as the
//! next player would press its button, and each player's slot, once the screen is theirs, is given the normal AI's
//! orders, declared as a player's are. Online, the orders panel is given a plan for each slot asked for, and the
//! window closes a moment after the end. Nothing else changes: the fog, the panels and the hand-overs run as they do
//! for people.

use bevy::prelude::*;

use super::DevTools;
use crate::ai::{self, Difficulty};
use crate::combat::messages::DeclareAction;
use crate::combat::{Engine, TurnState};
use crate::net::join::Joined;
use crate::rules::engine::field::{Move, Pace};
use crate::rules::tools::plan::Plan;
use crate::ui::Handover;
use crate::ui::battle::orders::{ClickSystems, Give, Orders};
use crate::ui::online::board::Planning;
use crate::ui::screens::{BattleScreenSystems, Screen};

pub(super) fn plugin(app: &mut App) {
    let on = |tools: Res<DevTools>| tools.autopilot;
    // The screen passed before the fog is worked out: the same frame shows the new player's view.
    let pass = pass_the_screen.before(crate::ui::battle::fog::look_around);
    app.add_systems(Update, (pass, give_the_ais_orders).run_if(on).in_set(BattleScreenSystems));
    let online = || in_state(Screen::Online).and_then(resource_exists::<Joined>).and_then(resource_exists::<Planning>);
    let leave = |tools: Res<DevTools>| tools.autopilot && !tools.stay;
    app.add_systems(Update, plan_by_itself.in_set(ClickSystems).run_if(on).run_if(online()));
    app.add_systems(Update, quit_when_over.run_if(leave).run_if(online()));
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

/// The autopilot's window closes a moment after the end is on screen (a test reads the end, then goes on), unless it
/// is to stay (`--stay`: a demo clicks on the end).
fn quit_when_over(
    joined: Res<Joined>,
    planning: Res<Planning>,
    mut after: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    // Once the end is on the board: its last slots shown.
    if joined.over.is_some() && !planning.behind {
        *after += 1;
        if *after == 30 {
            exit.write(AppExit::Success);
        }
    }
}

/// The autopilot (`join --autopilot`: tests, demos) gives the orders through the same panel a player does, after
/// the panel has shown the slot for a few frames: attack the first enemy offered, else move as far as it reaches.
fn plan_by_itself(joined: Res<Joined>, mut orders: ResMut<Orders>, mut shown: Local<(usize, u32)>) {
    let Some(choices) = orders.waiting.as_ref().map(|w| w.choices.clone()) else { return };
    *shown = if shown.0 == joined.asks { (shown.0, shown.1 + 1) } else { (joined.asks, 0) };
    if shown.1 < 5 || orders.give.is_some() {
        return;
    }
    orders.plan = match (choices.targets.first(), choices.reach.last()) {
        (Some((target, _)), _) => Plan { target: Some(*target), ..Plan::default() },
        (None, Some(&(to, walking))) => {
            Plan { movement: Some(Move { to, pace: if walking { Pace::Walk } else { Pace::Run } }), ..Plan::default() }
        }
        (None, None) => Plan::default(),
    };
    orders.give = Some(Give::Plan);
}
