//! The online screen (`skirmish join`, or *Join online…*): `join.rs`, joining a host, the lobby and the battle's
//! panels (its stages are `screens::OnlineStage`); `board.rs`, the battle on the one board (`battle/`) from the units
//! and the log the host sends, and the clicks that make a player's orders.

pub(in crate::ui) mod board;
pub mod join;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((join::plugin, board::plugin));
}
