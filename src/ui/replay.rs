//! The replay viewer: a saved battle shown step by step (*Watch* in the menu's saved battles, `play --replay FILE`).
//! Each step is the battle rebuilt from its save cut after that many decisions (`Save::before`, replayed as any save
//! is taken up), so the map, the tracker, the sheet and the log all show that moment; nothing plays by itself but
//! the viewer's own *Play*, one step at the battle's pace. The controls sit in the bar on top.

use bevy::prelude::*;
use bevy_egui::egui;

use super::PlayOptions;
use super::screens::{BattleScreenSystems, NextBattle, Screen, Watching};
use crate::combat::TurnSystems;

/// Show the battle after this many decisions.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShowStep(pub usize);

/// Leave the replay for the menu.
#[derive(Message, Clone, Copy, Debug)]
pub struct CloseReplay;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ShowStep>()
        .add_message::<CloseReplay>()
        // A battle being watched never plays a slot of its own.
        .configure_sets(Update, TurnSystems::Begin.run_if(not(resource_exists::<Watching>)))
        .add_systems(
            Update,
            (play_on, show_step.run_if(on_message::<ShowStep>), close_replay.run_if(on_message::<CloseReplay>))
                .chain()
                .in_set(BattleScreenSystems),
        );
}

/// While *Play* is on, the next step at the battle's pace, until the last.
fn play_on(
    time: Res<Time>,
    options: Res<PlayOptions>,
    mut watching: Option<ResMut<Watching>>,
    mut clock: Local<f32>,
    mut step: MessageWriter<ShowStep>,
) {
    let Some(watching) = watching.as_mut().filter(|w| w.playing) else { return };
    *clock += time.delta_secs();
    if *clock < options.pace.max(0.05) {
        return;
    }
    *clock = 0.0;
    match watching.at < watching.save.record.len() {
        true => {
            step.write(ShowStep(watching.at + 1));
        }
        false => watching.playing = false,
    }
}

/// Rebuilds the battle at the step asked for (the last one asked this frame).
fn show_step(world: &mut World) {
    let Some(ShowStep(at)) = world.resource_mut::<Messages<ShowStep>>().drain().last() else { return };
    let Some(mut watching) = world.get_resource_mut::<Watching>() else { return };
    watching.at = at.min(watching.save.record.len());
    let (save, path) = (watching.save.as_ref().clone().before(watching.at), watching.path.clone());
    let Some(mut next) = world.get_resource::<NextBattle>().cloned() else { return };
    next.resume = Some((Box::new(save), path));
    world.insert_resource(next);
    world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
}

fn close_replay(mut commands: Commands, mut screen: ResMut<NextState<Screen>>) {
    commands.remove_resource::<Watching>();
    screen.set(Screen::Menu);
}

/// The viewer's controls, for the bar on top (`panels.rs`): where it stands, a step back and forward, the start and
/// the end, *Play*, and a slider over every step (its turn shown).
#[derive(bevy::ecs::system::SystemParam)]
pub struct ReplayControls<'w> {
    watching: Option<ResMut<'w, Watching>>,
    step: MessageWriter<'w, ShowStep>,
    close: MessageWriter<'w, CloseReplay>,
}

impl ReplayControls<'_> {
    /// Whether a replay is on screen.
    pub fn on(&self) -> bool {
        self.watching.is_some()
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let Some(watching) = self.watching.as_mut() else { return };
        let (at, last) = (watching.at, watching.save.record.len());
        let turn = at.checked_sub(1).map_or(0, |i| watching.save.record[i].turn);
        if ui.small_button("Close").on_hover_text("back to the menu").clicked() {
            self.close.write(CloseReplay);
        }
        let mut wanted = at;
        if ui.small_button("End").clicked() {
            wanted = last;
        }
        if ui.small_button("Forward").clicked() {
            wanted = (at + 1).min(last);
        }
        let play = if watching.playing { "Pause" } else { "Play" };
        if ui.small_button(play).clicked() {
            watching.playing = !watching.playing;
        }
        if ui.small_button("Back").clicked() {
            wanted = at.saturating_sub(1);
        }
        if ui.small_button("Start").clicked() {
            wanted = 0;
        }
        ui.add(egui::Slider::new(&mut wanted, 0..=last).show_value(false));
        ui.strong(format!("Replay: step {at} of {last}, turn {turn}"));
        if wanted != at {
            watching.playing &= wanted > at;
            self.step.write(ShowStep(wanted));
        }
    }
}
