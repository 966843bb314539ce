//! Undo and redo (Ctrl+Z / Ctrl+Y, or the buttons at the right of the bar on top): back to before the player's last decision, its
//! rolls and whatever the AI did after it included; redo takes it again with the same dice. The battle is rebuilt from
//! its save (the record replayed to that point, `screens.rs` takes it up as it takes up any save), so nothing of the
//! undone decision is left. Undo never crosses a hot-seat hand-over (the other player has seen the result), and is off
//! in a strict battle.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::battle::save::{Save, undo_point};
use crate::combat::{BattleDice, Engine, HumanSides, TurnState};
use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::engine::battle::Recorded;
use crate::ui::screens::{Autosave, BattleScreenSystems, NextBattle, Screen};

/// Take back the player's last decision.
#[derive(Message, Clone, Copy, Debug)]
pub struct TakeBack;

/// Take the decision taken back again.
#[derive(Message, Clone, Copy, Debug)]
pub struct TakeAgain;

/// The decisions taken back, latest last, each as the battle's save just after it (its faces typed in by hand
/// kept: a redo gives them again); the save file they belong to.
#[derive(Resource, Default, Debug)]
pub struct Undone {
    saves: Vec<Save>,
    path: std::path::PathBuf,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TakeBack>().add_message::<TakeAgain>().init_resource::<Undone>().add_systems(
        Update,
        (
            read_undo_keys.run_if(crate::ui::keys_free),
            take_back.run_if(on_message::<TakeBack>),
            take_again.run_if(on_message::<TakeAgain>),
        )
            .chain()
            .in_set(BattleScreenSystems),
    );
}

fn read_undo_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut back: MessageWriter<TakeBack>,
    mut again: MessageWriter<TakeAgain>,
) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        back.write(TakeBack);
    }
    if keys.just_pressed(KeyCode::KeyY) {
        again.write(TakeAgain);
    }
}

/// The Undo and Redo buttons, for the bar on top (`panels/screen.rs`): none in a strict battle or one the AI plays alone.
#[derive(bevy::ecs::system::SystemParam)]
pub struct UndoButtons<'w> {
    autosave: Option<Res<'w, Autosave>>,
    humans: Option<Res<'w, HumanSides>>,
    undone: Res<'w, Undone>,
    back: MessageWriter<'w, TakeBack>,
    again: MessageWriter<'w, TakeAgain>,
}

impl UndoButtons<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui) {
        // Nothing to take back where the AI plays every side and no game master sits at the screen.
        let players = self.humans.as_ref().is_some_and(|h| !h.0.is_empty())
            || self.autosave.as_ref().is_some_and(|a| a.request.gm);
        let Some(autosave) = self.autosave.as_ref().filter(|a| !a.request.strict && players) else { return };
        let redo = !self.undone.saves.is_empty() && self.undone.path == autosave.path;
        if ui.add_enabled(redo, egui::Button::new("Redo").small()).on_hover_text("Ctrl+Y").clicked() {
            self.again.write(TakeAgain);
        }
        if ui.small_button("Undo").on_hover_text("Ctrl+Z: back to before your last decision").clicked() {
            self.back.write(TakeBack);
        }
    }
}

/// Rebuilds the battle at the player's last decision, when the rules of undo allow it.
fn take_back(world: &mut World) {
    let Some(autosave) = world.get_resource::<Autosave>().filter(|a| !a.request.strict) else { return };
    let (Some(engine), Some(humans), Some(dice)) =
        (world.get_resource::<Engine>(), world.get_resource::<HumanSides>(), world.get_resource::<BattleDice>())
    else {
        return;
    };
    let waiting =
        world.resource::<TurnState>().awaiting().and_then(|(_, slot)| engine.0.current().filter(|s| *s == slot));
    let waiting_side = waiting.map(|slot| engine.0.view(slot.actor).side.to_owned());
    let save = Save::with_typed(&autosave.request, &engine.0, dice.0.typed());
    let side = |r: &Recorded<AnyAction>| engine.0.view(r.actor).side.to_owned();
    let Some(at) = undo_point(&save.record, side, &humans.0, waiting_side.as_deref()) else { return };
    let path = autosave.path.clone();
    let mut undone = world.remove_resource::<Undone>().unwrap_or_default();
    if undone.path != path {
        undone = Undone { saves: Vec::new(), path: path.clone() };
    }
    undone.saves.push(save.clone().before(at + 1));
    world.insert_resource(undone);
    rebuild(world, save.before(at), path);
}

/// Takes the last decision taken back again (the record up to it replayed, with the same dice).
fn take_again(world: &mut World) {
    let (Some(autosave), Some(engine)) = (world.get_resource::<Autosave>(), world.get_resource::<Engine>()) else {
        return;
    };
    let (record, path) = (engine.0.record(), autosave.path.clone());
    let mut undone = world.resource_mut::<Undone>();
    let Some(again) = undone.saves.pop() else { return };
    // Taken anew since (another decision after the undo): what was undone is gone.
    let now = record.len();
    if undone.path != path || again.record.len() <= now || again.record[..now] != record[..] {
        undone.saves.clear();
        return;
    }
    // Its faces, and the battle's own dice rolling on where the AI decided after it.
    rebuild(world, again, path);
}

/// Sets `save` up as the next battle and goes through the loading screen: the old battle's entities and resources go,
/// the save is replayed, and the battle comes back on screen.
pub(super) fn rebuild(world: &mut World, save: Save, path: std::path::PathBuf) {
    let player = world.get_resource::<crate::ui::Handover>().and_then(|h| h.last.clone());
    world.insert_resource(super::handover::StillWith(player));
    world.insert_resource(NextBattle(save.taken_up(&path)));
    world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
}
