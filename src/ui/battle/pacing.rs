//! The battle at a pace a player can follow: one slot every `pace` seconds; Space pauses, N (or Enter) plays one
//! slot, [ and ] change the pace. On one screen the turn systems' first set only runs when a slot is due; online,
//! the slots the host told are shown one at a time by the same clock (`online/board.rs`).

use bevy::prelude::*;

use crate::combat::TurnSystems;
use crate::ui::PlayOptions;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pace>()
        .add_systems(OnEnter(crate::ui::screens::OnBoard), (crate::ui::screens::fresh::<Pace>, set_pace).chain())
        .add_systems(
            Update,
            (control_pace.run_if(crate::ui::keys_free), tick_pace)
                .chain()
                .before(TurnSystems::Begin)
                .in_set(PaceSystems)
                .in_set(crate::ui::screens::BoardSystems),
        )
        .configure_sets(Update, TurnSystems::Begin.run_if(slot_due));
}

/// The clock is read for this frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaceSystems;

/// The clock of the battle's slots.
#[derive(Resource, Debug)]
pub struct Pace {
    pub timer: Timer,
    pub paused: bool,
    /// Play one slot now, paused or not.
    pub step: bool,
    /// A slot is due this frame.
    pub due: bool,
}

impl Default for Pace {
    fn default() -> Self {
        Pace { timer: Timer::from_seconds(0.6, TimerMode::Repeating), paused: false, step: false, due: false }
    }
}

fn set_pace(options: Res<PlayOptions>, mut pace: ResMut<Pace>) {
    if options.pace > 0.0 {
        pace.timer = Timer::from_seconds(options.pace, TimerMode::Repeating);
    }
}

fn control_pace(keys: Res<ButtonInput<KeyCode>>, mut pace: ResMut<Pace>) {
    if keys.just_pressed(KeyCode::Space) {
        pace.paused = !pace.paused;
    }
    if keys.any_just_pressed([KeyCode::KeyN, KeyCode::Enter]) {
        pace.step = true;
    }
    let now = pace.timer.duration().as_secs_f32();
    if keys.just_pressed(KeyCode::BracketLeft) {
        pace.timer.set_duration(std::time::Duration::from_secs_f32((now * 1.5).min(5.0)));
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        pace.timer.set_duration(std::time::Duration::from_secs_f32((now / 1.5).max(0.02)));
    }
}

/// Advances the clock and decides whether a slot is due this frame (a step request is used up).
fn tick_pace(time: Res<Time>, mut pace: ResMut<Pace>) {
    if !pace.paused {
        pace.timer.tick(time.delta());
    }
    let step = std::mem::take(&mut pace.step);
    pace.due = step || (!pace.paused && pace.timer.just_finished());
}

fn slot_due(pace: Res<Pace>, dice: Option<Res<crate::combat::BattleDice>>) -> bool {
    // A slot's start that waited for dice rolled by hand goes on as soon as they are typed in, paused or not.
    pace.due || dice.is_some_and(|d| d.0.retrying())
}
