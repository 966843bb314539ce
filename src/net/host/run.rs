//! A host run on its own (`skirmish host`, the window's *Host online…*): what it prints as the battle goes (not the
//! log: a player may be looking at this screen), the commands typed at its terminal, and its end once every player
//! was told the battle is over.

use bevy::prelude::*;

use super::state::Host;
use crate::combat::{Engine, TurnState};
use crate::net::protocol::Seat;
use crate::stdout::say;

/// Prints what changed in the lobby, what was refused, and each new turn of the battle.
pub(super) fn narrate(
    (host, engine): (Res<Host>, Option<Res<Engine>>),
    state: Option<Res<TurnState>>,
    mut shown: Local<(Vec<Seat>, usize, u32, bool, usize)>,
) {
    for note in &host.notes[shown.4.min(host.notes.len())..] {
        say(format!("{note}\n"));
    }
    shown.4 = host.notes.len();
    if host.lobby.players != shown.0 {
        shown.0 = host.lobby.players.clone();
        for seat in &shown.0 {
            say(format!("  {}\n", seat.line()));
        }
    }
    for refused in &host.refused[shown.1.min(host.refused.len())..] {
        say(format!("refused {refused}\n"));
    }
    shown.1 = host.refused.len();
    if let Some(state) = state.filter(|s| s.turn != shown.2) {
        shown.2 = state.turn;
        say(format!("turn {}\n", state.turn));
    }
    if let Some(end) = engine.and_then(|e| e.0.ending().cloned()).filter(|_| !shown.3) {
        shown.3 = true;
        let winner = end.winner.unwrap_or_else(|| "no one".into());
        say(format!("the battle is over: {winner} won\n"));
    }
}

/// Ends the host once the battle is over and every connected player was told so (a moment later: the last messages
/// go out first).
pub(super) fn close_when_over(
    host: Res<Host>,
    state: Option<Res<TurnState>>,
    mut after: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(state) = state else { return };
    if !state.ended() || host.players.iter().any(|p| p.client.is_some() && !p.over_sent) {
        return;
    }
    *after += 1;
    if *after > 100 {
        exit.write(AppExit::Success);
    }
}

/// Reads the terminal's lines as the host's commands, on a thread of its own, until the terminal or the host ends;
/// a line that is no command is answered with what the host takes.
pub(super) fn read_commands(commands: std::sync::mpsc::Sender<super::HostCommand>) {
    let reading = std::thread::Builder::new().name("host commands".into()).spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { return };
            if line.trim().is_empty() {
                continue;
            }
            match super::parse(&line) {
                Ok(command) => {
                    if commands.send(command).is_err() {
                        return;
                    }
                }
                Err(how) => {
                    say(format!("{how}\n"));
                }
            }
        }
    });
    if let Err(e) = reading {
        say(format!("the host reads no commands: {e}\n"));
    }
}
