//! Online play: one host runs the battle (the one engine; it rolls every die), players join from their own
//! machines, each commands the sides it took in the lobby and is sent only what fog of war lets its sides see.
//! Built on `bevy_replicon` (replication with per-client visibility, messages) over renet's UDP transport; an ECS
//! layer like `combat`, headless.
//!
//! - `protocol.rs`: what travels: the player's and the host's messages, the units as a player may see them, and
//!   the registration both ends share (its order makes the protocol's hash)
//! - `host/`: the host: the lobby (who is connected, which side each takes, ready), the battle, each player's
//!   orders checked (their side, their slot, the rules) and what each is told; the autosave
//! - `background.rs`: a host on a thread of its own, for the window's *Host online…*
//! - `join.rs`: a player's end: what the host said (lobby, log, whose slot), and the orders it sends
//! - `password.rs`: who may join: the password (or a join code) that keys the secure connect tokens
//! - `seat_keys.rs`: whose seat is whose: the keys a player's game was given, kept for its next run

pub mod background;
pub mod host;
pub mod join;
pub mod password;
pub mod protocol;
pub mod seat_keys;

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, ConnectToken, NetcodeClientTransport, NetcodeServerTransport, ServerAuthentication,
    ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient, RenetServer, RepliconRenetPlugins};

/// The transport's protocol id: a host and a player of different versions of the game do not connect.
pub const PROTOCOL_ID: u64 = 0x5ec1_0000 ^ const_hash(env!("CARGO_PKG_VERSION"));

/// How many players (who take sides) a host takes at most.
pub const MAX_PLAYERS: usize = 8;

/// How many seats, players' and spectators' together, a host has at most: each is a bit of a unit's visibility mask
/// (`protocol::SeenBy`); a spectator's seat is freed when it leaves.
pub const MAX_SEATS: usize = 32;

/// How many connections a host keeps at once: every seat's, and a few of those not yet seated (a connection that
/// says no hello, or one the host refused, is closed after a while).
pub const MAX_CONNECTIONS: usize = MAX_SEATS + 8;

/// How long a player's connect token is good for, in seconds: it is made as the player joins.
const TOKEN_SECONDS: u64 = 300;

/// After how many seconds without a packet a connection is given up; a player's request unanswered at each of its
/// token's two addresses in turn (a wrong password) is given up after twice that.
const TIMEOUT_SECONDS: i32 = 10;

/// An address both ends put in their lists of the host's addresses. Secure netcode lets a player in only where its
/// token names one of the host's own addresses, which it cannot know behind a relay, a router's port forwarding or
/// a host listening on all of its addresses: this one they share stands for "this host", and the password's key does
/// the keeping out. Nothing is sent there but a request no one answers (UDP's discard port).
const THIS_HOST: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST), 9);

const fn const_hash(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let (mut hash, mut i) = (0xcbf2_9ce4_8422_2325u64, 0);
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The plugins either end needs, headless: time, states, replicon (a replication tick every frame: a turn-based
/// battle has few updates, each worth sending at once) and its renet transport, and the shared protocol.
pub fn net_plugins(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.add_plugins((RepliconPlugins.set(ServerPlugin::new(PostUpdate)), RepliconRenetPlugins));
    protocol::register(app);
}

/// Why a host or a player could not open its end.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("cannot open {what}: {source}")]
    Socket { what: String, source: std::io::Error },
    #[error("{0}")]
    Transport(String),
}

/// How many bytes a player's channel to the host holds unread at most: far more than any message a player's game
/// sends (an order, a plan, a what-if's set-up, a line of chat are well under 4 KiB), so that a client sending a
/// message larger, or a flood of them within an update, is closed by the transport instead of filling the host's
/// memory (renet's default is 5 MiB a channel).
pub const MAX_HELD_BYTES: usize = 64 * 1024;

/// The renet connection both ends use, with the channels the protocol registered.
fn connection(world: &World) -> ConnectionConfig {
    let channels = world.resource::<RepliconChannels>();
    let mut client_channels_config = channels.client_configs();
    client_channels_config.iter_mut().for_each(|c| c.max_memory_usage_bytes = MAX_HELD_BYTES);
    ConnectionConfig { server_channels_config: channels.server_configs(), client_channels_config, ..Default::default() }
}

fn now() -> std::time::Duration {
    SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default()
}

/// Opens the host's end on `address` (port 0: any free port), for players who know `password` ("" for none); the
/// address it listens on.
pub fn listen(app: &mut App, address: SocketAddr, password: &str) -> Result<SocketAddr, NetError> {
    let socket = UdpSocket::bind(address).map_err(|source| NetError::Socket { what: format!("{address}"), source })?;
    let bound = socket.local_addr().map_err(|source| NetError::Socket { what: format!("{address}"), source })?;
    let config = ServerConfig {
        current_time: now(),
        max_clients: MAX_CONNECTIONS,
        protocol_id: PROTOCOL_ID,
        public_addresses: vec![bound, THIS_HOST],
        authentication: ServerAuthentication::Secure { private_key: password::key_of(password) },
    };
    let transport = NetcodeServerTransport::new(config, socket).map_err(|e| NetError::Transport(e.to_string()))?;
    let server = RenetServer::new(connection(app.world()));
    app.insert_resource(server).insert_resource(transport);
    Ok(bound)
}

/// Opens a player's end toward the host at `host` with the host's `password` ("" for none); `id` names this
/// player's connection (unique among the host's). The window connects from a running app, so this takes its world.
pub fn connect(world: &mut World, host: SocketAddr, id: u64, password: &str) -> Result<(), NetError> {
    let local = SocketAddr::new(if host.is_ipv4() { Ipv4Addr::UNSPECIFIED.into() } else { host.ip() }, 0);
    let socket = UdpSocket::bind(local).map_err(|source| NetError::Socket { what: format!("{local}"), source })?;
    // The player's game makes its own token with the password's key: only a host of that password opens it.
    let key = password::key_of(password);
    let hosts = vec![host, THIS_HOST];
    let token = ConnectToken::generate(now(), PROTOCOL_ID, TOKEN_SECONDS, id, TIMEOUT_SECONDS, hosts, None, &key)
        .map_err(|e| NetError::Transport(e.to_string()))?;
    let auth = ClientAuthentication::Secure { connect_token: token };
    let transport = NetcodeClientTransport::new(now(), auth, socket).map_err(|e| NetError::Transport(e.to_string()))?;
    let client = RenetClient::new(connection(world));
    world.insert_resource(client);
    world.insert_resource(transport);
    Ok(())
}

/// Closes a player's end: the host sees the player leave.
pub fn disconnect(world: &mut World) {
    if let Some(mut client) = world.get_resource_mut::<RenetClient>() {
        client.disconnect();
    }
}

/// Closes a player's end at once and lets it go (the window leaving an online battle): the host is told, and a
/// later join opens a new end.
pub fn hang_up(world: &mut World) {
    if let Some(mut transport) = world.get_resource_mut::<NetcodeClientTransport>() {
        transport.disconnect();
    }
    world.remove_resource::<NetcodeClientTransport>();
    world.remove_resource::<RenetClient>();
}

/// Why a player's end closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// The host never answered: a wrong password (the host cannot open this player's token and never hears it), no
    /// host there, a port closed, or a host of another version of the game.
    NoAnswer,
    /// The host turned the connection down (it is full).
    Refused,
    /// The connection was lost, or the host closed it.
    Lost,
    /// This end closed it.
    Left,
}

impl std::fmt::Display for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Closed::NoAnswer => "no answer from the host (a wrong password, no host there, or a port closed)",
            Closed::Refused => "the host refused the connection",
            Closed::Lost => "the connection to the host was lost",
            Closed::Left => "left",
        })
    }
}

/// Why a player's end closed, as the transport saw it, if it did.
pub fn why_closed(world: &World) -> Option<Closed> {
    use bevy_replicon_renet::netcode::NetcodeDisconnectReason as Reason;
    let transport = world.get_resource::<NetcodeClientTransport>()?;
    Some(match transport.disconnect_reason()? {
        Reason::ConnectionRequestTimedOut | Reason::ConnectionResponseTimedOut | Reason::ConnectTokenExpired => {
            Closed::NoAnswer
        }
        Reason::ConnectionDenied => Closed::Refused,
        Reason::ConnectionTimedOut | Reason::DisconnectedByServer => Closed::Lost,
        Reason::DisconnectedByClient => Closed::Left,
    })
}
