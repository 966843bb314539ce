//! The lobby: a player says who it is (a seat, or its own again), takes a side, is ready, rolls its own dice or not,
//! chats; the lobby as everyone sees it; a player who leaves; and the battle's start once everyone is ready.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::sight::ShownTo;
use super::state::{Host, Player, new_key};
use super::tell::Offered;
use crate::combat::enter::{Seats, enter_battle};
use crate::net::protocol::{FromHost, PlayerSeat, Seat, SeenBy, Unit};
use crate::net::{MAX_PLAYERS, MAX_SEATS};

/// A player says who it is: a new seat in the lobby, or its own seat again (with its key). Once seated, it is
/// told the seat's key.
pub(super) fn hello(
    host: &mut Host,
    client: Entity,
    (name, watching, key): (&str, bool, Option<&str>),
    commands: &mut Commands,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    // A name in letters a terminal prints as they are (no control characters).
    let name: String = name.trim().chars().filter(|c| !c.is_control()).take(40).collect();
    if let Some(seat) = host.seat_of(client) {
        let had = host.players[seat].name.clone();
        return host.refuse(&had, "hello", format!("you are here already, as {had}"), client, out);
    }
    let seat = match seat_for(host, &name, watching, key) {
        Ok(seat) => seat,
        Err(why) => {
            let who = if name.is_empty() { "a stranger" } else { &name };
            return host.refuse(who, "hello", why, client, out);
        }
    };
    let player = &mut host.players[seat];
    // Its game come back with the seat's key while the host still held its old connection (a drop the host has not
    // seen yet): the seat moves to the new one, and the old one is a stranger that sees nothing and is closed.
    if let Some(old) = player.client.filter(|&old| old != client)
        && let Ok(mut old) = commands.get_entity(old)
    {
        old.try_remove::<PlayerSeat>();
    }
    (player.client, player.sent, player.asked) = (Some(client), 0, None);
    (player.began_sent, player.over_sent, player.picture_sent) = (false, false, 0);
    // A seat handed to this name gets a key of its own now.
    let key = player.key.get_or_insert_with(new_key);
    let seated = FromHost::Seated { name: name.clone(), key: key.clone() };
    player.send_as_is(seated, out);
    commands.entity(client).insert(PlayerSeat(seat as u8));
    host.lobby_changed = true;
    info!("{name} took seat {seat}");
}

/// The seat `name` takes: its own again (a gone player's with its key, its key's from a new connection while the
/// host still holds the old, or one the host handed to this name), a
/// freed spectator's, or a new one; or why none.
fn seat_for(host: &mut Host, name: &str, watching: bool, key: Option<&str>) -> Result<usize, String> {
    if name.is_empty() {
        return Err("give a name".into());
    }
    if let Some(seat) = host.players.iter().position(|p| p.name == name && !p.vacant) {
        let player = &host.players[seat];
        let its_own = |kept: &String| key.is_some_and(|key| same_key(key, kept));
        return match (player.client, &player.key) {
            (Some(_), Some(kept)) if its_own(kept) => Ok(seat),
            (Some(_), _) => Err(format!("a player called {name} is here already")),
            (None, Some(kept)) if key.is_none_or(|key| !same_key(key, kept)) => Err(format!(
                "{name}'s seat is taken back only from the game that sat in it (it kept the seat's key); \
                 the host can hand the seat to you"
            )),
            (None, _) => Ok(seat),
        };
    }
    let (players, spectators) = host.seats_taken();
    if host.started() && !watching {
        return Err("the battle has begun: only its players can come back".into());
    }
    if !watching && players >= MAX_PLAYERS {
        return Err(format!("the lobby is full ({MAX_PLAYERS} players)"));
    }
    if watching && spectators >= host.spectators_max {
        return Err(format!("no more spectators: the host lets {} watch at once", host.spectators_max));
    }
    let view = host.request.humans.clone();
    let player = Player::new(name.to_owned(), watching, view, host.started());
    match host.players.iter().position(|p| p.vacant) {
        Some(seat) => {
            host.players[seat] = player;
            Ok(seat)
        }
        None if host.players.len() < MAX_SEATS => {
            host.players.push(player);
            Ok(host.players.len() - 1)
        }
        None => Err(format!("the host is full ({MAX_SEATS} seats)")),
    }
}

/// Whether a key said is the seat's, compared in time that does not depend on where they differ.
fn same_key(said: &str, kept: &str) -> bool {
    said.len() == kept.len() && said.bytes().zip(kept.bytes()).fold(0, |differ, (a, b)| differ | (a ^ b)) == 0
}

/// A player takes a side (one no one else has), or gives its sides up; only in the lobby.
pub(super) fn take_side(
    host: &mut Host,
    seat: usize,
    side: Option<String>,
    client: Entity,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    let who = host.players[seat].name.clone();
    if host.started() {
        return host.refuse(&who, "a side", "the battle has begun: sides are taken".into(), client, out);
    }
    if host.players[seat].watching {
        return host.refuse(&who, "a side", "you are watching: a spectator takes no side".into(), client, out);
    }
    match side {
        None => host.players[seat].sides.clear(),
        Some(side) if !host.lobby.sides.contains(&side) => {
            let sides = host.lobby.sides.join(", ");
            return host.refuse(&who, "a side", format!("there is no side {side}; the sides are {sides}"), client, out);
        }
        Some(side) => match host.commander(&side) {
            Some(other) if other != seat => {
                let taker = host.players[other].name.clone();
                return host.refuse(&who, "a side", format!("{taker} has taken {side}"), client, out);
            }
            Some(_) => {}
            None => host.players[seat].sides.push(side),
        },
    }
    host.players[seat].ready = false;
    host.lobby_changed = true;
}

/// A player is ready for the battle to begin, or no longer; only in the lobby, and a spectator has nothing to be
/// ready for.
pub(super) fn ready(host: &mut Host, seat: usize, ready: bool) {
    if host.players[seat].watching || host.started() {
        return;
    }
    host.players[seat].ready = ready;
    host.lobby_changed = true;
}

/// A player rolls its own dice, or no longer; only in the lobby, with a side.
pub(super) fn own_dice(
    host: &mut Host,
    seat: usize,
    own: bool,
    client: Entity,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    if host.started() || host.players[seat].watching {
        let who = host.players[seat].name.clone();
        let why = "who rolls their own dice is chosen in the lobby, with a side".into();
        return host.refuse(&who, "own dice", why, client, out);
    }
    host.players[seat].own_dice = own;
    host.lobby_changed = true;
}

/// A player is asked how its combatants defend, or no longer; only in the lobby, with a side.
pub(super) fn asks_defense(
    host: &mut Host,
    seat: usize,
    asks: bool,
    client: Entity,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    if host.started() || host.players[seat].watching {
        let who = host.players[seat].name.clone();
        let why = "who chooses their defenses is chosen in the lobby, with a side".into();
        return host.refuse(&who, "asks defense", why, client, out);
    }
    host.players[seat].asks_defense = asks;
    host.lobby_changed = true;
}

/// A player takes the game master's seat, or leaves it; only in the lobby, not watching, and while no one else has
/// it.
pub(super) fn take_gm(
    host: &mut Host,
    seat: usize,
    take: bool,
    client: Entity,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    let who = host.players[seat].name.clone();
    let why = match (host.started(), host.players[seat].watching) {
        (true, _) => Some("the game master is chosen in the lobby".to_owned()),
        (_, true) => Some("a spectator cannot be the game master".to_owned()),
        _ => host
            .players
            .iter()
            .enumerate()
            .find(|(i, p)| take && p.gm && *i != seat)
            .map(|(_, p)| format!("{} is the game master already", p.name)),
    };
    if let Some(why) = why {
        return host.refuse(&who, "game master", why, client, out);
    }
    (host.players[seat].gm, host.players[seat].ready) = (take, false);
    host.lobby_changed = true;
}

/// Lines of chat a seat may say in [`CHAT_SECONDS`]: enough to talk, too few to bury the others' chat.
pub const CHAT_LINES: usize = 3;
pub const CHAT_SECONDS: u64 = 5;

/// The longest line of chat, in letters (a longer one is cut, and ends with "…").
pub const CHAT_LETTERS: usize = 200;

/// A player says something to everyone: a line of [`CHAT_LETTERS`] at most, in letters a terminal prints as they
/// are, and no more than [`CHAT_LINES`] in [`CHAT_SECONDS`] (refused beyond: a player may send anything).
pub(super) fn say(
    host: &mut Host,
    (seat, client): (usize, Entity),
    text: &str,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    let now = std::time::Instant::now();
    let player = &mut host.players[seat];
    let window = std::time::Duration::from_secs(CHAT_SECONDS);
    if player.said.len() >= CHAT_LINES && player.said.front().is_some_and(|t| now.duration_since(*t) < window) {
        let (who, why) = (player.name.clone(), format!("at most {CHAT_LINES} lines of chat in {CHAT_SECONDS} s"));
        return host.refuse(&who, "chat", why, client, out);
    }
    if player.said.len() >= CHAT_LINES {
        player.said.pop_front();
    }
    player.said.push_back(now);
    let clean: String = text.trim().chars().filter(|c| !c.is_control()).collect();
    let mut line: String = clean.chars().take(CHAT_LETTERS).collect();
    if clean.chars().count() > CHAT_LETTERS {
        line.push('…');
    }
    let said = FromHost::Said { from: player.name.clone(), text: line };
    out.write(ToClients { targets: SendTargets::CLIENTS_ONLY, message: said });
}

/// Sends everyone the lobby when it changed.
pub(super) fn show_lobby(
    mut host: ResMut<Host>,
    mut out: MessageWriter<ToClients<FromHost>>,
    authorized: Query<(), Added<AuthorizedClient>>,
) {
    if !host.lobby_changed && authorized.is_empty() {
        return;
    }
    host.lobby_changed = false;
    host.lobby.players = host
        .players
        .iter()
        .filter(|p| !p.vacant)
        .map(|p| Seat {
            name: p.name.clone(),
            sides: p.sides.clone(),
            ready: p.ready,
            connected: p.client.is_some(),
            watching: p.watching,
            own_dice: p.own_dice,
            asks_defense: p.asks_defense,
            gm: p.gm,
        })
        .collect();
    out.write(ToClients { targets: SendTargets::CLIENTS_ONLY, message: FromHost::Lobby(host.lobby.clone()) });
}

/// A player's connection closed: a player's seat waits for it during the battle (the battle waits at its slots,
/// and only its key takes the seat back); a spectator's, or any seat before the battle, is freed for whoever comes
/// next, and the units its player was shown go with it.
pub(super) fn player_left(
    left: On<Remove, ConnectedClient>,
    host: Option<ResMut<Host>>,
    shown: Query<(Entity, &ShownTo)>,
    mut commands: Commands,
) {
    let Some(mut host) = host else { return };
    let Some(seat) = host.seat_of(left.entity) else { return };
    host.players[seat].client = None;
    host.heat_work.retain(|w| w.seat != seat);
    host.expert_work.retain(|w| w.seat != seat);
    host.lobby_changed = true;
    info!("{} left", host.players[seat].name);
    if host.started() && !host.players[seat].watching {
        return;
    }
    host.players[seat] = Player::freed();
    // Kept for the next in the seat (`sight::KeptEntities`), no longer sent: replicon despawns them at their client.
    for (entity, _) in shown.iter().filter(|(_, to)| to.seat() == seat) {
        commands.entity(entity).remove::<(Replicated, ShownTo, Unit, SeenBy)>();
    }
}

/// Begins the battle once every connected player has a side and is ready (and as many are here as the host waits
/// for, at least one); the players' sides are theirs, the AI plays the rest.
pub(super) fn start_when_ready(world: &mut World) {
    let Some(mut host) = world.get_resource_mut::<Host>() else { return };
    let connected: Vec<&Player> = host.players.iter().filter(|p| p.client.is_some() && !p.watching).collect();
    // A game master may command no side (the AI plays the sides no player takes, the GM oversees).
    let enough = connected.len() >= usize::from(host.lobby.waits_for).max(1);
    let ready = enough && connected.iter().all(|p| p.ready && (p.gm || !p.sides.is_empty()));
    if host.started() || !ready {
        return;
    }
    let Some(offer) = host.offer.take() else { return };
    // In the level's order of sides, not the order the players came in: the same battle saves the same.
    let humans: Vec<String> = host.lobby.sides.iter().filter(|s| host.commander(s).is_some()).cloned().collect();
    host.request.humans = humans.clone();
    host.request.gm = host.players.iter().any(|p| p.gm);
    // Spectators of the players' view see the players' sides (one who comes later is given them at its hello).
    host.players.iter_mut().filter(|p| p.watching).for_each(|p| p.view = humans.clone());
    host.request.names =
        host.players.iter().flat_map(|p| p.sides.iter().map(|s| (s.clone(), p.name.clone()))).collect();
    host.lobby.started = true;
    host.lobby_changed = true;
    info!(
        "the battle begins: {}",
        host.players.iter().map(|p| format!("{} ({})", p.name, p.sides.join(", "))).collect::<Vec<_>>().join(", ")
    );
    // Its start kept: a player of a battle taken up from its save, or a spectator who comes late, is told its past.
    let resumed = offer.history.is_some();
    host.start = Some(offer.history.clone().unwrap_or_else(|| (offer.setup.battle.clone(), offer.setup.log.clone())));
    host.players.iter_mut().for_each(|p| p.needs_past = resumed);
    // The sides whose players roll their own dice (saved with the battle).
    let by_hand: Vec<String> = host.players.iter().filter(|p| p.own_dice).flat_map(|p| p.sides.clone()).collect();
    host.request.by_hand = by_hand.clone();
    // The sides whose players choose their defenses (saved with the battle).
    let asked: Vec<String> = host.players.iter().filter(|p| p.asks_defense).flat_map(|p| p.sides.clone()).collect();
    host.request.asked = asked.clone();
    let seats = Seats { humans, minds: Some(offer.minds.clone()), by_hand, asked, ..Seats::default() };
    enter_battle(world, offer.setup, seats);
    let (title, ruleset, map, zones, picture) = (offer.title, offer.ruleset, offer.map, offer.zones, offer.picture);
    world.insert_resource(Offered { title, ruleset, map, zones, picture });
}
