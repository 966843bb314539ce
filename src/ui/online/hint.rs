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

/// Sends the question when the player asks (numbered: a unit's slot is the same every turn), and takes the host's
/// answer to the last question in while it is awaited (a refusal is said where the orders' are, and the button
/// offered again); an answer to an earlier question, or one come after the orders went, is let go.
fn ask_the_host(
    mut orders: ResMut<Orders>,
    mut joined: ResMut<Joined>,
    mut asked: Local<u32>,
    mut out: MessageWriter<FromPlayer>,
) {
    // Another connection numbers nothing that was asked of the last.
    if joined.is_added() {
        *asked = 0;
    }
    let answer = joined.expert.take();
    let Some(slot) = orders.waiting.as_ref().map(|w| w.slot) else { return };
    if orders.expert == ExpertHint::Asked {
        *asked += 1;
        out.write(FromPlayer::AskExpert { ask: *asked, slot, plan: orders.plan.clone() });
        orders.expert = ExpertHint::Thinking;
        return;
    }
    match answer {
        Some((ask, said)) if ask == *asked && orders.expert == ExpertHint::Thinking => {
            crate::ui::battle::hint::take_the_answer(&mut orders, said);
        }
        _ => {}
    }
}
