//! The level editor, a screen of its own (`skirmish edit [LEVEL]`, or the menu's *Level editor…*): the map drawn as
//! the battle draws it, painted with each kind of ground; sides with their spawn areas (dragged out on the map) and
//! squads of archetypes or the player's own characters; zones; the victory conditions and turn limit. The level is
//! checked as `skirmish check` checks a file after every change, the reason shown at once; *Save* writes it to the
//! content folder's `levels/` (atomically, the file it replaces kept as `.bak`; a shipped level is saved as a copy
//! of the player's), and *Play this level* starts a battle on it.
//!
//! - `state.rs`: the level being made, its history and check, saving and playing it; `screen.rs`: the screen laid
//!   out, its top bar, and the question before leaving changes not saved
//! - `tools.rs`: name, words, size and brushes, and whether the level plays; `sides.rs`: sides and squads;
//!   `victory.rs`: the victory conditions; `map.rs`: the map painted and its areas dragged out

mod map;
mod screen;
mod sides;
mod state;
mod tools;
mod victory;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use state::{LevelEditor, OpenLevel};

use crate::ui::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LevelEditor>()
        .add_systems(OnEnter(Screen::Levels), screen::open_level)
        .add_systems(EguiPrimaryContextPass, screen::show_level_editor.run_if(in_state(Screen::Levels)));
}
