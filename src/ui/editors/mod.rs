//! The editors' screens: `characters.rs`, the character editor (characters of one's own, saved in the content
//! folder); `level_editor.rs`, the level editor (a map painted, sides, squads, zones and victory, checked as it is
//! edited, then played).

pub mod characters;
pub mod level_editor;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((characters::plugin, level_editor::plugin));
}
