//! What the person who runs the host asks of it, besides what the players say: a gone player's seat handed to another
//! name, what spectators see and how many may watch, and how many players the battle waits for. From the terminal
//! (`skirmish host` reads a line at a time: `hand Ann to Bob`, `spectators all 4`, `players 3`, `seats`) or from the
//! window that hosts (*Host online…*'s lobby). Everyone is told what the host did, in the chat.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender};

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::offer::Spectators;
use super::state::Host;
use crate::net::protocol::FromHost;
use crate::net::{MAX_PLAYERS, MAX_SEATS};

/// Something the host's person asks of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCommand {
    /// The seat of a player who is gone handed to another name: its key is forgotten, and the next to say hello by
    /// that name takes it, with its sides (a player who lost its game's key, or a friend who stands in).
    Hand { seat: String, to: String },
    /// What spectators see, and how many may watch at once (those watching now stay).
    Spectators { see: Spectators, max: usize },
    /// How many players the battle waits for before it may begin (before it begins).
    Players(usize),
    /// The seats, printed.
    Seats,
}

/// The most spectators a host may let watch: the seats players do not take.
pub const MOST_SPECTATORS: usize = MAX_SEATS - MAX_PLAYERS;

/// Where the host hears its person's commands.
#[derive(Resource)]
pub struct HostCommands(pub Mutex<Receiver<HostCommand>>);

/// The host of `app` obeys what is sent on the channel this returns.
pub fn commands_of(app: &mut App) -> Sender<HostCommand> {
    let (send, heard) = std::sync::mpsc::channel();
    app.insert_resource(HostCommands(Mutex::new(heard)));
    send
}

/// A line typed at the host's terminal, read as a command; what is wrong with it, in words.
pub fn parse(line: &str) -> Result<HostCommand, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    match word {
        "hand" => match rest.split_once(" to ") {
            Some((seat, to)) if !seat.trim().is_empty() && !to.trim().is_empty() => {
                Ok(HostCommand::Hand { seat: seat.trim().to_owned(), to: to.trim().to_owned() })
            }
            _ => Err("hand NAME to NEW-NAME: a gone player's seat to someone else".into()),
        },
        "spectators" => {
            let mut words = rest.split_whitespace();
            let see = words.next().map(|w| clap::ValueEnum::from_str(w, true));
            let max = words.next().map(str::parse::<usize>);
            match (see, max) {
                (Some(Ok(see)), None) => Ok(HostCommand::Spectators { see, max: usize::MAX }),
                (Some(Ok(see)), Some(Ok(max))) if max <= MOST_SPECTATORS => Ok(HostCommand::Spectators { see, max }),
                _ => Err(format!("spectators common|all|players [HOW-MANY, at most {MOST_SPECTATORS}]")),
            }
        }
        "players" => match rest.parse::<usize>() {
            Ok(count) if (1..=MAX_PLAYERS).contains(&count) => Ok(HostCommand::Players(count)),
            _ => Err(format!("players HOW-MANY (1 to {MAX_PLAYERS}): the battle begins once that many are ready")),
        },
        "seats" => Ok(HostCommand::Seats),
        _ => Err(format!(
            "the host takes: hand NAME to NEW-NAME · spectators common|all|players [HOW-MANY] · players HOW-MANY · \
             seats (not {word:?})"
        )),
    }
}

/// Does what its person asked of the host, and tells everyone.
pub(super) fn obey(
    commands: Option<Res<HostCommands>>,
    mut host: ResMut<Host>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let Some(commands) = commands else { return };
    let Ok(heard) = commands.0.lock() else { return };
    for command in heard.try_iter() {
        let done = match command {
            HostCommand::Hand { seat, to } => hand(&mut host, &seat, &to),
            HostCommand::Spectators { see, max } => {
                // `usize::MAX`: the number kept as it was.
                let max = if max == usize::MAX { host.spectators_max } else { max.min(MOST_SPECTATORS) };
                (host.spectators, host.spectators_max) = (see, max);
                Ok(format!("spectators see {} from now on; at most {max} watch at once", see_in_words(see)))
            }
            HostCommand::Players(count) => wait_for(&mut host, count),
            HostCommand::Seats => {
                let lines: Vec<String> = host.lobby.players.iter().map(|p| format!("  {}", p.line())).collect();
                host.notes.push(format!("seats:\n{}", lines.join("\n")));
                continue;
            }
        };
        match done {
            Ok(said) => {
                host.notes.push(said.clone());
                out.write(ToClients {
                    targets: SendTargets::CLIENTS_ONLY,
                    message: FromHost::Said { from: "the host".into(), text: said },
                });
            }
            Err(why) => host.notes.push(why),
        }
    }
}

/// The gone player's seat `seat` handed to `to`; what was done, or why not.
fn hand(host: &mut Host, seat: &str, to: &str) -> Result<String, String> {
    let to: String = to.trim().chars().filter(|c| !c.is_control()).take(40).collect();
    let Some(at) = host.players.iter().position(|p| p.name == seat && !p.vacant && !p.watching) else {
        return Err(format!("no player's seat is called {seat}"));
    };
    if host.players[at].client.is_some() {
        return Err(format!("{seat} is here: only a gone player's seat is handed to someone else"));
    }
    if to.is_empty() || host.players.iter().any(|p| p.name == to && !p.vacant) {
        return Err(format!("{to:?} is not a name free to take the seat"));
    }
    let player = &mut host.players[at];
    (player.name, player.key) = (to.clone(), None);
    // The battle's record names each side's player: the seat's sides are the new name's.
    for (_, name) in host.request.names.iter_mut().filter(|(side, _)| player.sides.contains(*side)) {
        name.clone_from(&to);
    }
    host.lobby_changed = true;
    Ok(format!("{seat}'s seat is {to}'s now: {to} joins by that name to take it"))
}

/// The battle waits for `count` players (before it begins); what was done, or why not.
fn wait_for(host: &mut Host, count: usize) -> Result<String, String> {
    if host.started() {
        return Err("the battle has begun: it waits for no more players".into());
    }
    host.lobby.waits_for = count.clamp(1, MAX_PLAYERS) as u8;
    host.lobby_changed = true;
    Ok(match count {
        1 => "the battle begins once every player here is ready".into(),
        n => format!("the battle waits for {n} players: it begins once {n} are here and every one is ready"),
    })
}

/// What spectators see, in words.
fn see_in_words(see: Spectators) -> &'static str {
    match see {
        Spectators::Common => "what every side sees",
        Spectators::All => "everything",
        Spectators::Players => "what the players' sides see",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminals_lines_read_as_commands_and_others_say_what_the_host_takes() {
        let hand = HostCommand::Hand { seat: "Ann Lee".into(), to: "Bo".into() };
        assert_eq!(parse("hand Ann Lee to Bo"), Ok(hand));
        assert_eq!(parse(" spectators ALL 3 "), Ok(HostCommand::Spectators { see: Spectators::All, max: 3 }));
        let kept = HostCommand::Spectators { see: Spectators::Players, max: usize::MAX };
        assert_eq!(parse("spectators players"), Ok(kept));
        assert_eq!(parse("seats"), Ok(HostCommand::Seats));
        assert_eq!(parse("players 3"), Ok(HostCommand::Players(3)));
        assert!(parse("players 0").is_err_and(|e| e.starts_with("players HOW-MANY (1 to 8)")));
        assert!(parse("hand Ann").is_err_and(|e| e.starts_with("hand NAME to NEW-NAME")));
        assert!(parse("spectators all 99").is_err_and(|e| e.contains("at most 24")));
        assert!(parse("kick Ann").is_err_and(|e| e.ends_with("(not \"kick\")")));
    }
}
