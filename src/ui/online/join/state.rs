//! Whom a player joins and the online screen's own state: the form's fields, the connection's trouble, the chat line
//! and the dice being typed; the host's address as a player types it; and where a click on the screen goes.

use std::collections::HashMap;
use std::net::{SocketAddr, ToSocketAddrs};

use bevy::prelude::*;

use crate::rules::engine::ruleset::CombatantId;
use crate::ui::battle::dice::DiceLine;

/// The port a host listens on unless told otherwise (`skirmish host --address`).
pub const PORT: u16 = 5757;

/// Whom to join: from the command line (`skirmish join`), or the form. `side` and `ready` take a side and say
/// ready as soon as the lobby shows (a quick start, and the tests).
#[derive(Resource, Clone, Debug, Default)]
pub struct JoinRequest {
    pub address: String,
    pub name: String,
    pub side: Option<String>,
    pub ready: bool,
    /// Only watch: a spectator, with no side.
    pub watch: bool,
    /// The host's password or join code ("" for none).
    pub password: String,
}

impl JoinRequest {
    /// The name typed, else the login's ([`default_name`]).
    pub fn name_or_default(&self) -> String {
        match self.name.trim() {
            "" => default_name(),
            name => name.to_owned(),
        }
    }
}

/// The online screen's own state: the form's fields, the connection's trouble, the chat line being typed.
#[derive(Resource, Debug, Default)]
pub(super) struct Online {
    pub(super) form: JoinRequest,
    /// The host this end is connected (or connecting) to.
    pub(super) host: Option<SocketAddr>,
    /// Why this end is not connected, in a player's words.
    pub(super) trouble: Option<String>,
    pub(super) chat: String,
    /// The side asked for was taken (and ready said).
    pub(super) seated: bool,
    pub(super) whole_log: bool,
    /// The faces being typed for the roll the host waits for, and when they were sent (the host's ask and the
    /// refusals heard then: a refusal shows the prompt again).
    pub(super) dice_line: DiceLine,
    pub(super) dice_sent: Option<(usize, usize)>,
    /// The defense question last answered (its number): not shown again while the host takes the answer.
    pub(super) defense_sent: Option<u32>,
    /// The names typed to hand gone players' seats to, by seat (`seats.rs`).
    pub(super) hand_to: HashMap<String, String>,
    /// What this window's host lets spectators see, and how many, once changed (the host's defaults till then).
    pub(super) spectators: Option<(crate::net::host::Spectators, usize)>,
    /// How many players this window's host waits for, once changed (one till then).
    pub(super) players: Option<usize>,
    /// The game master's panel: the unit chosen, and what is typed for it.
    pub(super) gm_unit: Option<crate::rules::engine::ruleset::CombatantId>,
    pub(super) gm_drafts: GmDrafts,
    /// Once the battle is over: the whole battle's log shown, fog lifted.
    pub(super) unveil: bool,
    /// Why the battle could not be watched again.
    pub(super) replay_trouble: Option<String>,
    /// *Verify the dice*: whether they checked, and the verdict.
    pub(super) dice_verdict: Option<(bool, String)>,
    /// The side of every unit this connection was sent, by the player's number: the log's lines keep their side's
    /// colour once the unit is out of sight.
    pub(super) sides_seen: HashMap<CombatantId, String>,
}

/// A player's name when none is given: the login's, else "Player".
pub fn default_name() -> String {
    std::env::var("USER").ok().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "Player".to_owned())
}

/// The host's address as a player types it: "HOST" (port 5757) or "HOST:PORT", HOST a name or a number.
pub fn host_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("type the host's address (what `skirmish host` prints, e.g. 192.168.1.20)".into());
    }
    let with_port =
        if text.parse::<SocketAddr>().is_ok() || text.rsplit_once(':').is_some_and(|(h, _)| !h.contains(':')) {
            text.to_owned()
        } else {
            format!("{text}:{PORT}")
        };
    let found = with_port.to_socket_addrs().map_err(|e| format!("{text}: {e}"))?;
    found.into_iter().find(SocketAddr::is_ipv4).ok_or_else(|| format!("{text}: no such host"))
}

/// Where a click on the online screen goes.
pub(super) enum Go {
    Stay,
    Menu,
    Join,
    /// Watch the battle again: its save (RON), as the host sent it once it was over, and its title.
    Replay {
        save: String,
        title: String,
    },
}

/// What the GM typed for the unit chosen: its tracks, this turn's initiative, the rounds in its weapon, a cell.
#[derive(Debug, Default)]
pub(super) struct GmDrafts {
    pub(super) unit: Option<crate::rules::engine::ruleset::CombatantId>,
    pub(super) tracks: Vec<u32>,
    pub(super) initiative: i32,
    pub(super) rounds: u32,
    pub(super) cell: crate::rules::engine::field::Cell,
}
