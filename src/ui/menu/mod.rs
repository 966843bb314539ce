//! The main menu, the window's first screen: choose a level (with what it teaches), a ruleset and its options,
//! who plays each side (a player, several for hotseat, or the AI at a difficulty) and optionally a seed, then Play:
//! the battle opens in the same window, and its end comes back here. Beside it, the saved battles, each to continue.
//! Under the levels, the scenarios (`scenarios.rs`): a fixed battle chosen instead of a level.
//!
//! - `state.rs`: the menu's state, its lists read again each time it opens; `screen.rs`: the screen laid out, and
//!   what a click asks for
//! - `saves.rs`: the saved battles; `level.rs`: the levels and the chosen one's picture; `scenarios.rs`: the
//!   scenarios
//! - `ruleset.rs`: the rulesets and the balance measured; `options.rs`: their options as RON; `sides.rs`: who plays
//!   each side, and the player's characters; `preferences.rs`: text size, colours, motion, sound
//! - `request.rs`: the battle the choice asks for; `host.rs`: *Host online…*

mod host;
mod level;
mod options;
mod preferences;
mod request;
mod ruleset;
mod saves;
mod scenarios;
mod screen;
mod sides;
mod state;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

#[cfg(feature = "dev-tools")]
pub(super) use request::all_ai_battle;
pub use ruleset::RULESETS;

use super::screens::{MenuSystems, Screen};

/// The menu screen, its levels read from `folder`.
pub fn plugin(folder: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(state::Menu::new(&folder))
            .add_systems(OnEnter(Screen::Menu), state::refresh_lists)
            .add_systems(EguiPrimaryContextPass, screen::show_menu.run_if(in_state(Screen::Menu)).in_set(MenuSystems));
    }
}
