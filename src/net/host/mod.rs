//! The host of an online battle: the lobby (who is connected, the sides each takes, ready), then the battle, run by
//! the one engine in this app (the combat ECS layer; the host rolls every die). Each player's orders are checked —
//! a slot of theirs, the one the battle waits for, an action the rules take — and anything else is refused, logged
//! and the battle goes on. Each player is sent only what its sides see: the units (replicon's visibility, by the
//! `SeenBy` mask) and the log (`rules::tools::fog`). A player who drops and comes back by the same name takes its seat
//! again and is sent everything it was told; the battle is saved after every decision, and `host --load` resumes
//! the save.
//!
//! - `offer.rs`: the battle offered, before it begins; `state.rs`: the `Host` resource, its players and seats
//! - `hear.rs`: what the players say, each kind of message to its handler: `lobby.rs` (seats, sides, ready, chat,
//!   the start), `orders.rs` (orders and delays checked, the player asked for its slot's), `questions.rs` (the lab's
//!   odds, heat maps, what-ifs and the expert's hints), `dice.rs` (dice rolled by hand), `defense.rs` (a defender's
//!   choice), `gm.rs` (the game master's changes refused, told to the GM)
//! - `sight.rs`: the units each player may see; `tell.rs`: the log each is told, the past again, the end unveiled
//! - `limits.rs`: what one connection may send (its rate; strangers closed)
//! - `commands.rs`: what the host's person asks (a gone player's seat handed to another, spectators)
//! - `autosave.rs`: the battle saved after every decision; `run.rs`: a host run on its own, printing and ending

mod autosave;
mod commands;
mod defense;
mod dice;
mod gm;
mod hear;
mod limits;
mod lobby;
mod offer;
mod orders;
mod questions;
mod run;
mod sight;
mod state;
mod tell;

use bevy::prelude::*;

pub use autosave::autosave_of;
pub use commands::{HostCommand, HostCommands, MOST_SPECTATORS, commands_of, parse};
pub use limits::{FLOOD_SECONDS, Limits, RATE, STRANGER_SECONDS};
pub use offer::{DICE_TIME, Offer, SPECTATORS_MAX, Spectators};
pub use orders::NOT_YOUR_SLOT;
pub use sight::{seen_by_all, sight};
pub use state::{Host, Player};
pub use tell::{HOST_ROLLS, told_of};

use super::NetError;
use crate::combat::{CombatSystems, TurnSystems};

/// The host's steps each update: hear the players (before the battle's systems, so that an order is resolved in
/// the same update), then tell them what happened.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostSystems {
    Hear,
    Tell,
}

/// The host's systems in one place: what it tells the players goes out in this order each update (the units before
/// the log that names them, the lobby last).
pub fn plugin(app: &mut App) {
    app.init_resource::<limits::Limits>();
    app.configure_sets(Update, (HostSystems::Hear.before(CombatSystems), HostSystems::Tell.after(CombatSystems)));
    // The players are told a slot's start as soon as it is made, before its action: each piece of the log with the
    // fog as it stood when the piece was written (what a replay of the record gives, step by step).
    let slot_begun = tell::tell_players.after(TurnSystems::Begin).before(TurnSystems::Choose);
    let obey = (commands::obey, limits::close_strangers).run_if(resource_exists::<Host>);
    let hear = (obey, hear::hear_players, lobby::start_when_ready).chain();
    let tell = (
        sight::show_units,
        tell::tell_players,
        orders::ask_players,
        dice::wait_for_dice,
        defense::wait_for_defense,
        gm::tell_the_gm,
        questions::send_answers,
        autosave::save_the_battle,
        lobby::show_lobby,
    );
    app.init_resource::<sight::KeptEntities>()
        .add_systems(Startup, sight::keep_entities)
        .add_systems(Update, hear.in_set(HostSystems::Hear))
        .add_systems(Update, slot_begun.run_if(resource_exists::<Host>))
        .add_systems(Update, tell.chain().in_set(HostSystems::Tell).run_if(resource_exists::<Host>))
        .add_observer(lobby::player_left);
}

/// The host's app, headless, offering `offer` on `address` (port 0: any free port); the address it listens on.
/// The host in a terminal runs it (`serve`), the window's *Host online…* updates it on a thread of its own
/// (`background.rs`). It exits once the battle is over and every player still connected was told so.
pub fn host_app(offer: Offer, address: std::net::SocketAddr) -> Result<(App, std::net::SocketAddr), NetError> {
    use bevy::app::ScheduleRunnerPlugin;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(std::time::Duration::from_millis(10))));
    super::net_plugins(&mut app);
    app.add_plugins((crate::combat::plugin, plugin));
    let password = offer.password.clone();
    app.insert_resource(Host::new(offer));
    app.add_systems(Last, run::close_when_over);
    app.finish();
    app.cleanup();
    let bound = super::listen(&mut app, address, &password)?;
    Ok((app, bound))
}

/// Runs a host on `address` until its battle is over and every player still connected was told so: the lobby, who
/// comes and goes, what is refused and the battle's turns are printed as they happen (not the log: a player may be
/// looking at this screen). With `read_commands`, the terminal's lines are the host's commands (`commands.rs`).
pub fn serve(offer: Offer, address: std::net::SocketAddr, read_commands: bool) -> Result<(), NetError> {
    let (title, password) = (offer.title.clone(), offer.password.clone());
    let (mut app, bound) = host_app(offer, address)?;
    app.add_systems(Last, run::narrate);
    let commands = commands_of(&mut app);
    if read_commands {
        run::read_commands(commands);
    }
    crate::stdout::say(format!(
        "hosting {title} on {bound}; players join at this machine's address, port {}\n",
        bound.port()
    ));
    crate::stdout::say(match password.is_empty() {
        true => "no password: anyone who reaches this port may join\n".to_owned(),
        false => format!("players join with: {password} (the join form's Password, or join --password)\n"),
    });
    app.run();
    Ok(())
}
