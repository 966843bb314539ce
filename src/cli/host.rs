//! `skirmish host`: an online battle served to players who join from their windows; the AI plays the sides no one
//! takes, the host rolls every die and sends each player only what its sides see, and saves after every decision.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{AiArgs, RulesetArgs};
use super::run::typed_dice;
use crate::battle::save::Save;
use crate::battle::{BattleRequest, DiceChoice};

/// `skirmish host`.
#[derive(Args, Clone, Debug)]
pub struct HostArgs {
    /// The level or scenario file (RON).
    #[arg(required_unless_present = "load")]
    level: Option<PathBuf>,
    /// Take up a saved battle (an online battle's autosave, or any save) where it stopped.
    #[arg(long, conflicts_with_all = ["level", "ruleset", "seed", "options", "absent", "ai", "sides"])]
    load: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesetArgs,
    /// Seed the dice (default: the file's, else a random seed, which is printed).
    #[arg(long)]
    seed: Option<u64>,
    /// The AIs of the sides no player takes.
    #[command(flatten)]
    ais: AiArgs,
    /// The address and port to listen on.
    #[arg(long, default_value = "0.0.0.0:5757")]
    address: std::net::SocketAddr,
    /// Where the battle is saved after every decision (default: `online-LEVEL.ron` in the saves folder).
    #[arg(long)]
    autosave: Option<PathBuf>,
    /// Seconds the host waits for a player who rolls its own dice before it rolls them itself.
    #[arg(long, default_value_t = 60)]
    dice_time: u64,
    /// What spectators (`join --watch`) see during the battle: what every side sees, or everything (once it is
    /// over, everyone is sent all of it).
    #[arg(long, value_enum, default_value = "common")]
    spectators: crate::net::host::Spectators,
}

impl HostArgs {
    /// The battle asked for: the save taken up, or a new battle on the level.
    fn request(&self) -> Result<BattleRequest, CliError> {
        if let Some(path) = &self.load {
            return Ok(Save::read(path)?.taken_up(path));
        }
        let file = self.level.clone().unwrap_or_default();
        let dice = self.seed.map_or(DiceChoice::Auto, DiceChoice::Seed);
        Ok(self.rules.request(&file, self.ais.ai).with_minds(self.ais.minds()).with_dice(dice))
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
        ..crate::net::host::Offer::of(started, Some(path))
    };
    crate::net::host::serve(offer, args.address).map_err(|e| CliError::Input(e.to_string()))
}
