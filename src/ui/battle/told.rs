//! What the window tells the players of the odds (the table's setting: the battle's request, the menu, `--odds`;
//! online, the host's): every place that shows a chance reads [`Told`]. With no odds told, the heat map, the what-if
//! and the win chance are kept shut (their buttons and keys do nothing), and an attack's odds are not shown.

use bevy::prelude::*;

use crate::rules::tools::told::OddsTold;
use crate::ui::screens::{NextBattle, OnBoard};

/// How much of the odds this window tells.
#[derive(Resource, Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Told(pub OddsTold);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Told>().add_systems(OnEnter(OnBoard), learn_what_is_told).add_systems(
        Update,
        (learn_what_the_host_tells.run_if(in_state(crate::ui::screens::Screen::Online)), keep_the_odds_tools_shut)
            .chain(),
    );
}

/// One screen's battle tells what its request says (an online player's is set from the host's `Began`).
fn learn_what_is_told(next: Option<Res<NextBattle>>, mut told: ResMut<Told>) {
    if let Some(next) = next {
        told.0 = next.0.odds;
    }
}

/// An online player's window tells what the host's table does.
fn learn_what_the_host_tells(joined: Option<Res<crate::net::join::Joined>>, mut told: ResMut<Told>) {
    if let Some(joined) = joined.filter(|j| j.began.is_some() && told.0 != j.told) {
        told.0 = joined.told;
    }
}

/// With no odds told, the win chance stays shut, however it was asked for (the lab keeps its own shut:
/// `ui/lab/buttons.rs`).
fn keep_the_odds_tools_shut(told: Res<Told>, mut win: ResMut<super::win_bar::WinBar>) {
    if !told.0.any() && win.shown {
        win.shown = false;
    }
}
