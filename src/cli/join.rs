//! `skirmish join`: an online battle in the game window: the lobby (take a side, say ready, chat), then the battle
//! as the player's sides see it; the host rolls every die.

use clap::Args;

use super::CliError;
use super::dev::DevArgs;
use super::window::{closed, no_display};
use crate::ui::online::join::{JoinRequest, default_name, host_address};
use crate::ui::{Opening, PlayOptions};

/// `skirmish join`.
#[derive(Args, Clone, Debug)]
pub struct JoinArgs {
    /// The host's address: what `skirmish host` printed, e.g. 192.168.1.20 (port 5757) or 192.168.1.20:6000.
    address: String,
    /// Your name in the lobby (default: your login's).
    #[arg(long)]
    name: Option<String>,
    /// Take this side as soon as the lobby shows.
    #[arg(long)]
    side: Option<String>,
    /// Say ready as soon as the lobby shows (with `--side`: straight into the battle once the others are).
    #[arg(long)]
    ready: bool,
    /// Only watch: take no side (you may join a battle under way). You see what every side sees; once the battle
    /// is over, all of it, and you may watch it again step by step.
    #[arg(long, conflicts_with_all = ["side", "ready"])]
    watch: bool,
    /// The host's password or join code (`skirmish host` prints it; none for a host on this machine alone)
    #[arg(long)]
    password: Option<String>,
    /// Seconds between two slots shown on the board (the host's slots come one at a time, as on one screen).
    #[arg(long, default_value_t = 0.6)]
    pace: f32,
    #[command(flatten)]
    dev: DevArgs,
}

/// The window on the online battle (a bad address is said before a missing display).
pub fn join(args: JoinArgs) -> Result<(), CliError> {
    host_address(&args.address).map_err(CliError::Input)?;
    no_display("an online battle is played in the window")?;
    let request = JoinRequest {
        address: args.address,
        name: args.name.unwrap_or_else(default_name),
        side: args.side,
        ready: args.ready,
        watch: args.watch,
        password: args.password.unwrap_or_default(),
    };
    let options = PlayOptions { pace: args.pace, ..PlayOptions::default() };
    closed(args.dev.open(crate::ui::app(Opening::Join(request), options), 300))
}
