//! What each player is told of the battle: that it began (and what it is), the log as its sides saw it when each
//! piece was written (`rules::tools::fog`), the past again to one who comes back or comes late, and the end, fog lifted.

use std::cell::RefCell;

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::offer::Spectators;
use super::sight::sight;
use super::state::{Host, Player};
use crate::battle::save::Save;
use crate::combat::typed::TypedRolls;
use crate::combat::{BattleDice, BattleLog, Engine, TurnState};
use crate::map::plan::MapPlan;
use crate::net::protocol::FromHost;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::field::Goal;
use crate::rules::engine::id::Numbering;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::tools::fog::{Unseen, told_over};
use crate::rules::tools::screen;

/// What the battle is, as a player is told when it begins.
#[derive(Resource)]
pub(super) struct Offered {
    pub(super) title: String,
    pub(super) ruleset: String,
    pub(super) map: MapPlan,
    pub(super) zones: Vec<(String, Goal)>,
    pub(super) picture: Option<(std::sync::Arc<Vec<u8>>, String)>,
}

/// The bytes of a piece of the map's picture, and how many pieces a player is sent an update: 512 KiB an update
/// keeps the reliable channel's queue small and sends a 10 MB picture in a second at 60 updates a second.
const PIECE: usize = 64 * 1024;
const PIECES_AN_UPDATE: usize = 8;

/// The next pieces of the map's picture for a player told the battle began.
fn send_picture(player: &mut Player, offered: &Offered, out: &mut MessageWriter<ToClients<FromHost>>) {
    let Some((bytes, extension)) = &offered.picture else { return };
    for _ in 0..PIECES_AN_UPDATE {
        let at = player.picture_sent;
        if at >= bytes.len() {
            return;
        }
        let end = (at + PIECE).min(bytes.len());
        let piece = FromHost::Picture {
            at: at as u32,
            total: bytes.len() as u32,
            extension: extension.clone(),
            bytes: bytes[at..end].to_vec(),
        };
        if !player.send_as_is(piece, out) {
            return;
        }
        player.picture_sent = end;
    }
}

/// Tells each connected player what is new in the log, as its sides see it now: each action (or a slot's start)
/// whole or not at all when it is of or at a unit they do not see (`Unseen::told`). A player who came back is sent
/// everything it was told before.
pub(super) fn tell_players(
    mut host: ResMut<Host>,
    battle: Option<(Res<Engine>, Res<BattleLog>, Res<TurnState>, Res<BattleDice>)>,
    (offered, mut typed): (Option<Res<Offered>>, ResMut<TypedRolls>),
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let (Some((engine, log, state, dice)), Some(offered)) = (battle, offered) else { return };
    typed.catch_up(&log.0.events, &dice.0);
    let names = engine.0.names();
    // The fields apart: the players are told from the battle's start and request, which stay the host's.
    let Host { players, start, request, spectators, .. } = &mut *host;
    // The whole battle's save, once it is over: made once for everyone told so this update.
    let mut save: Option<String> = None;
    // A freed seat has no one to tell (the next in it is told the past from the start).
    for player in players.iter_mut().filter(|p| !p.vacant) {
        // What a player is told is worked out as the battle goes, connected or not: one who comes back is told the
        // battle as its sides saw it then, not as they see it on its return.
        // The rolls of the sides behind the GM's screen, which this player does not command, are told veiled.
        // The game master rolls behind the screen: it is told every roll.
        let behind = match player.gm {
            true => vec![false; engine.0.len()],
            false => screen::behind(&engine.0, &request.behind_screen, &player.sides),
        };
        if let Some(start) = start.as_ref().filter(|_| player.needs_past) {
            tell_the_past(player, start, (&engine.0, &typed), (*spectators, &behind));
        }
        let seen = sight(&engine.0, player, *spectators);
        let newly = player.numbering.learn(&seen);
        let from = player.read.min(log.0.events.len());
        for (at, event) in told_at(&seen, &names, &log.0.events[from..], &behind) {
            player.told.push(event);
            player.told_typed.push(typed.typed(from + at));
        }
        player.read = log.0.events.len();
        if player.client.is_none() {
            continue;
        }
        if !player.began_sent {
            let began = FromHost::Began {
                title: offered.title.clone(),
                ruleset: offered.ruleset.clone(),
                names: player.numbering.names(&names),
                map: offered.map.clone(),
                zones: offered.zones.clone(),
                yours: player.sides.clone(),
                odds: request.odds,
            };
            player.began_sent = player.send(&began, &mut out);
        } else {
            send_picture(player, &offered, &mut out);
            for id in newly {
                player.send(&FromHost::Named { id, name: names[id.index()].clone() }, &mut out);
            }
        }
        if player.sent < player.told.len() {
            // Only what went counts as sent: what did not is sent again next update.
            let events = player.numbering.text(&player.told[player.sent..]);
            let typed = places(&player.told_typed[player.sent..]);
            let told = |events| FromHost::Told { before: player.sent, events, typed };
            let sent = events.map(|events| player.send(&told(events), &mut out));
            if sent == Ok(true) {
                player.sent = player.told.len();
            }
        }
        if state.ended() && !player.over_sent {
            // A battle the rules stopped (a rules error) ends with no winner, and why.
            let over = match engine.0.ending() {
                Some(end) => FromHost::Over { winner: end.winner.clone(), reason: end.reason.clone() },
                None => FromHost::Over { winner: None, reason: state.error().unwrap_or("stopped").to_owned() },
            };
            player.send(&over, &mut out);
            // With the places of the faces typed in by hand: `skirmish verify` checks every other face against the seed.
            let whole = || Save::with_typed(request, &engine.0, dice.0.typed()).to_ron().unwrap_or_default();
            let save = save.get_or_insert_with(whole);
            if let Some(whole) = unveiled(player, save, &engine.0, (&log.0, &typed), &behind) {
                player.send(&whole, &mut out);
            }
            player.over_sent = true;
        }
    }
}

/// The past of the battle as `player` saw it then (replayed from its start, step by step: `fog::told_over`), for a
/// player of a battle taken up from its save or a spectator who comes late; not cut by today's fog, which would show
/// what it did not see then and hide what it did. It numbers everyone it saw on the way in the order it saw them.
fn tell_the_past(
    player: &mut Player,
    start: &(AnyBattle, Log),
    (battle, typed): (&AnyBattle, &TypedRolls),
    (spectators, behind): (Spectators, &[bool]),
) {
    let names = battle.names();
    let watching = |now: &AnyBattle| sight(now, player, spectators);
    let numbering = RefCell::new(Numbering::default());
    let told = told_over(start.clone(), battle, watching, |seen, events, from| {
        numbering.borrow_mut().learn(seen);
        // The battle replays as it went: its events stand where they stand in the log.
        told_at(seen, &names, events, behind).into_iter().map(|(at, e)| (e, typed.typed(from + at))).collect()
    });
    match told {
        Ok((said, _, read)) => {
            (player.told, player.told_typed) = said.into_iter().unzip();
            (player.numbering, player.read) = (numbering.into_inner(), read);
        }
        // It replayed when the battle was taken up: this cannot fail but with a rules error, said; the player is
        // told the battle from here on.
        Err(e) => {
            warn!("the battle's past could not be told again: {e}");
            player.read = usize::MAX;
        }
    }
    player.needs_past = false;
}

/// The whole battle, once it is over, fog lifted, for `player`: its log and its names, numbered as the player numbers
/// them (those it never saw after the others), and its `save` (to watch again). The GM's screen stays up: rolls
/// behind it (`behind`) are told veiled, and no save goes (it holds every face).
fn unveiled(
    player: &mut Player,
    save: &str,
    battle: &AnyBattle,
    (log, typed): (&Log, &TypedRolls),
    behind: &[bool],
) -> Option<FromHost> {
    player.numbering.learn(&vec![true; battle.len()]);
    let screened = behind.iter().any(|b| *b);
    let save = if screened { "" } else { save };
    let events = player
        .numbering
        .text(&screen::veil_all(&log.events, behind))
        .map_err(|e| warn!("the log could not be renumbered: {e}"))
        .ok()?;
    let names = player.numbering.names(&battle.names());
    let typed = places(&(0..log.events.len()).map(|at| typed.typed(at)).collect::<Vec<_>>());
    Some(FromHost::Unveiled { events, names, save: save.to_owned(), typed })
}

/// The places of the marks that are set.
fn places(marks: &[bool]) -> Vec<u32> {
    (0..marks.len()).filter(|&i| marks[i]).map(|i| i as u32).collect()
}

/// What a player whose sides see the combatants `seen` marks is told of `events`: each action (or a slot's start)
/// whole or not at all when it is of or at a unit they do not see (`Unseen::tell`); and not the dice's seed (with it
/// a player could work out every roll to come), only that the host rolls them.
pub fn told_of(seen: &[bool], names: &[String], events: &[Event]) -> Vec<Event> {
    told_at(seen, names, events, &[]).into_iter().map(|(_, event)| event).collect()
}

/// [`told_of`], each event with its place among `events`, the rolls of the combatants `behind` marks veiled
/// (`rules/tools/screen.rs`).
fn told_at(seen: &[bool], names: &[String], events: &[Event], behind: &[bool]) -> Vec<(usize, Event)> {
    let told = Unseen::of(seen, names).tell_which(events).into_iter().map(|at| (at, screen::veil(&events[at], behind)));
    told.map(|(at, mut event)| {
        if let Event::BattleStarted { dice, .. } = &mut event {
            *dice = HOST_ROLLS.to_owned();
        }
        (at, event)
    })
    .collect()
}

/// What a player is told of the dice: not their seed.
pub const HOST_ROLLS: &str = "rolled by the host";
