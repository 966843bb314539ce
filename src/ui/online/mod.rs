//! The online screen (`skirmish join`): `join.rs`, joining a host, the lobby and the battle's panels; `map.rs`, its
//! map, the units the host sends, the clicks that make a player's orders.

pub mod join;
mod map;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((join::plugin, map::plugin));
}
