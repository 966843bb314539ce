//! *What would the expert do?* online: the button and X are one screen's (`battle/hint.rs`); the question goes to the
//! host, which thinks it over on the battle as this player's sides see it within the battle's think time
//! (`FromPlayer::AskExpert`), and its answer is shown in the same window and marks on the board.

use bevy::prelude::*;

use crate::net::join::Joined;
use crate::net::protocol::FromPlayer;
use crate::ui::battle::hint::HintSystems;
use crate::ui::battle::orders::{ExpertHint, Orders};
use crate::ui::screens::{BoardSystems, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ask_the_host
            .in_set(HintSystems)
            .after(crate::net::join::HearHostSystems)
            .run_if(in_state(Screen::Online))
            .in_set(BoardSystems),
    );
}

/// Sends the question when the player asks, and takes the host's answer for the waiting slot in (a refusal is said
/// where the orders' are, and the button offered again).
fn ask_the_host(mut orders: ResMut<Orders>, mut joined: ResMut<Joined>, mut out: MessageWriter<FromPlayer>) {
    let Some(slot) = orders.waiting.as_ref().map(|w| w.slot) else { return };
    if orders.expert == ExpertHint::Asked {
        out.write(FromPlayer::AskExpert { slot, plan: orders.plan.clone() });
        orders.expert = ExpertHint::Thinking;
    }
    let Some((answered, said)) = joined.expert.take() else { return };
    if answered != slot || orders.expert != ExpertHint::Thinking {
        return;
    }
    crate::ui::battle::hint::take_the_answer(&mut orders, said);
}
