//! Online play in the window (`skirmish join ADDRESS`, or *Join online…* in the menu): the form that asks for the
//! host's address and the player's name, the connection (and why it failed, in words), the lobby (who is there,
//! which side each takes, ready, chat), then the battle as this player's sides see it — the map, the units the host
//! sends, the log it tells — with the orders panel when the host waits for one of this player's slots, and the end.
//! The host runs the battle; this end has no engine: it sends plans (`rules::tools::plan`) the host makes actions of.
//! The board, the tokens and the clicks are `board.rs` (on the one board of `battle/`).
//!
//! - `state.rs`: whom to join and the screen's state; `connection.rs`: the connection opened, followed and closed
//! - `screen.rs`: the screen by stage; `form.rs`: the form; `lobby.rs`: the lobby and chat; `battle.rs`: the
//!   battle's panels and the prompts for a player's own dice and its defenses; `gm.rs`: the game master's panel
//! - `seats.rs`: the seats as the window that hosts looks after them (a gone player's handed on, spectators)

mod battle;
mod connection;
mod form;
mod gm;
mod lobby;
mod screen;
mod seats;
mod state;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use state::{JoinRequest, PORT, default_name, host_address};

use super::board::Planning;
use crate::ui::battle::labels::NameSystems;
use crate::ui::lab::sets::LabWindowSystems;
use crate::ui::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    crate::net::net_plugins(app);
    let stage = (connection::notice_trouble, connection::take_the_side_asked, connection::follow_the_host);
    app.add_plugins(crate::net::join::plugin)
        .init_resource::<Planning>()
        .add_systems(OnEnter(Screen::Online), connection::open_connection)
        .add_systems(OnExit(Screen::Online), connection::close_connection)
        .add_systems(Update, stage.run_if(in_state(Screen::Online)))
        .add_systems(
            EguiPrimaryContextPass,
            screen::show_online.run_if(in_state(Screen::Online)).in_set(OnlinePanelSystems),
        )
        .configure_sets(EguiPrimaryContextPass, OnlinePanelSystems.before(NameSystems).before(LabWindowSystems));
}

/// The online screen's panels are laid out (the names over the map come after, in the room they leave).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnlinePanelSystems;
