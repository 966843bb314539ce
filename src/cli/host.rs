//! `skirmish host`: an online battle served to players who join from their windows; the AI plays the sides no one
//! takes, the host rolls every die and sends each player only what its sides see, and saves after every decision.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, Part};
use super::run::typed_dice;
use crate::battle::BattleRequest;
use crate::battle::save::Save;

/// `skirmish host`.
#[derive(Args, Clone, Debug)]
pub struct HostArgs {
    /// The level or scenario file (RON).
    #[arg(required_unless_present = "load")]
    level: Option<PathBuf>,
    /// Take up a saved battle (an online battle's autosave, or any save) where it stopped.
    #[arg(long, conflicts_with_all = ["level", "battle"])]
    load: Option<PathBuf>,
    /// The battle's make-up (the AIs play the sides no player takes).
    #[command(flatten)]
    battle: BattleArgs,
    /// The address and port to listen on.
    #[arg(long, default_value = "0.0.0.0:5757")]
    address: std::net::SocketAddr,
    /// Where the battle is saved after every decision (default: `online-LEVEL.ron` in the saves folder).
    #[arg(long)]
    autosave: Option<PathBuf>,
    /// Seconds the host waits for a player who rolls its own dice before it rolls them itself, or for a player
    /// who chooses its defenses before the unit decides by itself.
    #[arg(long, default_value_t = 60)]
    dice_time: u64,
    /// What spectators (`join --watch`) see during the battle: what every side sees, what the players' sides see
    /// together (`players`: the table's TV at a battle the GM runs), or everything (once it is over, everyone is
    /// sent all of it).
    #[arg(long, value_enum, default_value = "common")]
    spectators: crate::net::host::Spectators,
    /// How many spectators may watch at once (a spectator's seat is freed when it leaves)
    #[arg(long, default_value_t = crate::net::host::SPECTATORS_MAX as u16,
          value_parser = clap::value_parser!(u16).range(0..=crate::net::host::MOST_SPECTATORS as i64))]
    spectators_max: u16,
    /// The password players join with (`join --password`). Without it, a host other machines can reach makes up a
    /// join code and prints it; a host on 127.0.0.1 takes anyone
    #[arg(long, conflicts_with = "no_password")]
    password: Option<String>,
    /// No password even where other machines can reach the host: anyone who reaches the port joins
    #[arg(long)]
    no_password: bool,
    /// How many players the battle waits for: it begins once that many are in the lobby and every one is ready
    /// (by default, as soon as every player there is ready)
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=crate::net::MAX_PLAYERS as i64))]
    players: u8,
}

impl HostArgs {
    /// The battle asked for: the save taken up, or a new battle on the level.
    fn request(&self) -> Result<BattleRequest, CliError> {
        if let Some(path) = &self.load {
            return Ok(Save::read(path)?.taken_up(path));
        }
        self.battle.refuse(&[
            (Part::Human, "players take their sides in the lobby"),
            (Part::Name, "each player gives a name on joining"),
            (Part::ByHand, "a player chooses *I roll my own dice* in the lobby"),
            (Part::Fog, "online, each player always sees only what its sides see"),
            (Part::Strict, "an online battle has no undo"),
        ])?;
        Ok(self.battle.request(&self.level.clone().unwrap_or_default()))
    }
}

/// Opens the lobby and runs the battle until it is over and every player was told so; exit 2 on bad input.
pub fn host(args: HostArgs) -> Result<(), CliError> {
    let started = crate::battle::start(&args.request()?, typed_dice)?;
    if let Some(warning) = &started.warning {
        eprintln!("warning: {warning}");
    }
    let path = args.autosave.clone().unwrap_or_else(|| crate::net::host::autosave_of(&started));
    let offer = crate::net::host::Offer {
        dice_time: std::time::Duration::from_secs(args.dice_time),
        spectators: args.spectators,
        spectators_max: usize::from(args.spectators_max),
        password: crate::net::password::for_host(args.address, args.password.clone(), args.no_password),
        players: usize::from(args.players),
        ..crate::net::host::Offer::of(started, Some(path))
    };
    // The terminal types the host's commands (`hand Ann to Bob`), unless it types the battle's dice.
    let read_commands = !matches!(offer.request.dice, crate::battle::DiceChoice::Typed);
    crate::net::host::serve(offer, args.address, read_commands).map_err(|e| CliError::Input(e.to_string()))
}
