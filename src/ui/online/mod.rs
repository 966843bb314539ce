//! The online screen (`skirmish join`, or *Join online…*): `join/`, joining a host, the lobby and the battle's
//! panels (its stages are `screens::OnlineStage`); `board.rs`, the battle on the one board (`battle/`) from the units
//! and the log the host sends, and the clicks that make a player's orders; `what_if.rs`, the what-if panel's set-ups
//! asked of the host; `hint.rs`, the expert's hint asked of the host.

pub(in crate::ui) mod board;
mod hint;
pub mod join;
mod what_if;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((join::plugin, board::plugin, hint::plugin, what_if::plugin));
}
