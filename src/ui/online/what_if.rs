//! The what-if panel online (`ui/lab/whatif.rs`): the units this player sees are what it may pick, and each set-up
//! is asked of the host, which prices it on the battle as this player's sides see it and answers this player alone
//! (`FromPlayer::AskWhatIf`, `FromHost::WhatIf`). One question at a time a set-up: a set-up changed while its
//! price is on its way is asked again when the answer comes, so dragging a cell sends no flood; a question
//! unanswered for a while is asked again, and an answer to either is taken.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::board::Planning;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::tools::what_if::Setup;
use crate::ui::lab::whatif::{Board, Pickable, WhatIf};
use crate::ui::screens::{BoardSystems, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ask_what_ifs.after(crate::net::join::HearHostSystems).run_if(in_state(Screen::Online)).in_set(BoardSystems),
    );
}

/// A question unanswered this long is taken for lost (the host left it unanswered), and asked again.
const PATIENCE: Duration = Duration::from_secs(5);

/// One set-up's question on its way: its number, the battle's version it was asked at, the set-up, when.
type Asked = (u32, u64, Setup, Instant);

/// A set-up's questions on their way, oldest first (more than one only when the host was slow to answer).
type OnItsWay = Vec<Asked>;

/// The panel's units from what the host sent, its answers taken, and each set-up not priced as it stands asked.
fn ask_what_ifs(
    mut joined: ResMut<Joined>,
    planning: Res<Planning>,
    units: Query<&Unit>,
    mut what_if: ResMut<WhatIf>,
    (mut asked, mut count, mut told): (Local<[OnItsWay; 2]>, Local<u32>, Local<usize>),
    mut out: MessageWriter<FromPlayer>,
) {
    // Another connection numbers nothing that was asked of the last.
    if joined.is_added() {
        *asked = Default::default();
    }
    if !what_if.is_open() || joined.began.is_none() {
        return;
    }
    // The host prices on the battle as it stands: each event it tells may change a price.
    let version = what_if.board.version + u64::from(*told != joined.log.events.len());
    *told = joined.log.events.len();
    let board = board(&joined, &planning, &units, version);
    if board != what_if.board {
        what_if.board = board;
    }
    for (number, price) in std::mem::take(&mut joined.what_if) {
        for (i, on_its_way) in asked.iter_mut().enumerate() {
            let Some(at) = on_its_way.iter().position(|a| a.0 == number) else { continue };
            let (_, version, setup, _) = on_its_way[at].clone();
            // Those asked before it are answered, or never will be.
            on_its_way.drain(..=at);
            what_if.take_price(i, (version, setup), price.clone().map(|p| *p));
        }
    }
    for (i, on_its_way) in asked.iter_mut().enumerate() {
        let Some(setup) = what_if.unpriced(i) else { continue };
        if on_its_way.last().is_some_and(|(_, _, _, when)| when.elapsed() < PATIENCE) {
            continue;
        }
        *count += 1;
        out.write(FromPlayer::AskWhatIf { ask: *count, setup: setup.clone() });
        on_its_way.push((*count, what_if.board.version, setup, Instant::now()));
        // A host that never answers is not waited for forever: the few latest questions are kept.
        let over = on_its_way.len().saturating_sub(4);
        on_its_way.drain(..over);
    }
}

/// The battle as this player knows it, for the panel: the units it sees on their feet, the unit whose slot the host
/// waits for, at the battle's `version`.
fn board(joined: &Joined, planning: &Planning, units: &Query<&Unit>, version: u64) -> Board {
    let name = |u: &Unit| joined.log.names.get(u.id.index()).filter(|n| !n.is_empty()).cloned();
    let mut seen: Vec<Pickable> = units
        .iter()
        .filter(|u| !crate::rules::engine::outcome::down(&u.statuses))
        .filter_map(|u| Some(Pickable { id: u.id, name: name(u)?, side: u.side.clone(), cell: u.cell }))
        .collect();
    seen.sort_by_key(|u| u.id);
    Board { units: seen, acting: planning.waiting(joined).map(|(actor, _)| actor), version, remote: true }
}
