//! Help on the battle screen: F1 (or ?) opens a window with every key and mouse action, and until a player has given
//! orders once, a one-line hint of how to give them shows whenever a player's unit waits.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::combat::TurnState;
use crate::ui::screens::BattleScreenSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Help>()
        .add_systems(OnEnter(crate::ui::screens::InBattle), open_if_asked)
        .add_systems(Update, (toggle_help.run_if(crate::ui::keys_free), learn_orders).in_set(BattleScreenSystems))
        .add_systems(EguiPrimaryContextPass, (show_help, show_hint).in_set(BattleScreenSystems));
}

/// Whether the help window is open, and whether a player has given orders yet (the hint then stays away for the
/// rest of the session: it is for a first battle).
#[derive(Resource, Debug, Default)]
pub struct Help {
    pub shown: bool,
    pub learned: bool,
}

/// Every key and mouse action of the battle screen, by what it is for.
pub const KEYS: [(&str, &[(&str, &str)]); 4] = [
    (
        "Watching the battle",
        &[
            ("Space", "pause, or go on"),
            ("N or Enter", "play one slot"),
            ("[  ]", "a slower, a faster pace"),
            ("Arrows or WASD", "pan the map (or hold the pointer at the map's edge)"),
            ("Wheel or + −", "zoom (the wheel, to the pointer)"),
            ("Minimap", "zoomed in on a large map: click or drag it to look there"),
            ("Click a unit", "show its sheet"),
            ("Pointer on a unit", "its card: weapon, armor, health, states"),
            ("G", "show or hide the map's legend"),
            ("B", "show or hide the win chance bar"),
            ("H", "heat map: damage each reachable cell deals, takes, both; then off"),
            ("O", "what if…: two attacks' exact odds and distributions side by side"),
            ("Click a log line", "open its every die and modifier"),
            ("Pointer on a cell", "the route there and its cost; on an enemy: cover, range, exact odds"),
        ],
    ),
    (
        "Giving orders (when your unit waits)",
        &[
            ("Click a cell", "move there (click the unit to take the move back)"),
            ("Click an enemy", "attack it (again to take it back)"),
            ("Tab, Shift+Tab", "the next, the previous firing mode or called shot"),
            ("Shift+click a cell", "with a grenade in hand: throw it there (a click out of reach does too)"),
            ("1 – 9", "an action from the bar: take cover, aim, reload, full defense …"),
            ("Enter", "give the orders"),
            ("E", "end the slot doing nothing"),
            ("L", "delay the slot until the others in it have acted (once)"),
            ("X", "what would the expert do? its choice on the map, its win chance beside your orders'"),
            ("Esc or right click", "clear the orders"),
            ("Ctrl+Z, Ctrl+Y", "undo your last decision (not past a hand-over), redo it"),
        ],
    ),
    (
        "Rolling your own dice (when the window asks)",
        &[
            ("Type the faces, Enter", "\"6 3 5\", \"6,3,5\" or \"635\"; a d10's 0 is 10"),
            ("Roll for me", "the battle's dice roll that one"),
        ],
    ),
    ("This window", &[("F1 or ?", "show or hide this help")]),
];

/// The hint a first battle shows while a player's unit waits.
pub const HINT: &str =
    "Your unit waits: click a cell to move, an enemy to attack, Enter to give the orders · F1: every key";

fn open_if_asked(options: Res<crate::ui::PlayOptions>, mut help: ResMut<Help>) {
    help.shown |= options.keys;
}

fn toggle_help(keys: Res<ButtonInput<KeyCode>>, mut help: ResMut<Help>) {
    if keys.any_just_pressed([KeyCode::F1, KeyCode::Slash]) {
        help.shown = !help.shown;
    }
}

/// Notes the first orders a player gives: the battle stops waiting for them.
fn learn_orders(state: Res<TurnState>, mut help: ResMut<Help>, mut waited: Local<bool>) {
    let waiting = state.awaiting().is_some();
    if *waited && !waiting {
        help.learned = true;
    }
    *waited = waiting;
}

fn show_help(mut contexts: EguiContexts, mut help: ResMut<Help>) -> Result {
    if !help.shown {
        return Ok(());
    }
    let mut open = true;
    egui::Window::new("Keys and mouse")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(contexts.ctx_mut()?, |ui| {
            for (heading, keys) in KEYS {
                ui.strong(heading);
                egui::Grid::new(heading).num_columns(2).striped(true).show(ui, |ui| {
                    for (key, what) in keys {
                        ui.monospace(*key);
                        ui.label(*what);
                        ui.end_row();
                    }
                });
                ui.add_space(6.0);
            }
        });
    help.shown = open;
    Ok(())
}

fn show_hint(
    mut contexts: EguiContexts,
    help: Res<Help>,
    state: Res<TurnState>,
    handover: Res<crate::ui::Handover>,
    area: Res<crate::ui::MapArea>,
) -> Result {
    if help.learned || help.shown || state.awaiting().is_none() || handover.covered() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // At the foot of the map, whichever side the log is on.
    let foot = area.points(ctx.zoom_factor()).center_bottom() - egui::vec2(0.0, 12.0);
    // Beneath the windows (what if…, the odds): a hint must not cover what the player opened.
    let hint = egui::Area::new("hint".into()).order(egui::Order::Background);
    hint.pivot(egui::Align2::CENTER_BOTTOM).fixed_pos(foot).show(ctx, |ui| {
        egui::Frame::popup(ui.style())
            .show(ui, |ui| ui.add(egui::Label::new(egui::RichText::new(HINT).strong()).extend()));
    });
    Ok(())
}
