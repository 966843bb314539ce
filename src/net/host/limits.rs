//! What one connection may send, so that a hostile or broken client cannot crowd out the others: at most
//! [`RATE`] messages a second (the rest dropped, said once a second), and a connection that floods for
//! [`FLOOD_SECONDS`] seconds in a row is closed, as is one that sits without a seat for [`STRANGER_SECONDS`] (no
//! hello, or a hello refused). A message's size is limited below this, by renet: a client's channel holds at most
//! `net::MAX_HELD_BYTES` unread, and a connection past that is closed by the transport.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::state::Host;

/// Messages a connection may send in a second: a window sends a few (an order, a question a plan, a line of
/// chat); a what-if dragged about asks a few a second more.
pub const RATE: u32 = 50;

/// Seconds of flooding in a row after which a connection is closed.
pub const FLOOD_SECONDS: u32 = 3;

/// Seconds a connection may stay without a seat.
pub const STRANGER_SECONDS: u64 = 10;

/// Each connection's count, and what the limits did.
#[derive(Resource, Debug, Default)]
pub struct Limits {
    counted: HashMap<Entity, Counted>,
    /// Messages dropped for coming too fast.
    pub dropped: u64,
    /// Connections closed: for flooding, or for sitting without a seat.
    pub closed: u64,
}

/// One connection's count: since when it is connected, this second's messages, and its seconds of flooding.
#[derive(Debug)]
struct Counted {
    since: Instant,
    second: Instant,
    count: u32,
    flooding: u32,
    closing: bool,
}

impl Counted {
    fn new(now: Instant) -> Self {
        Counted { since: now, second: now, count: 0, flooding: 0, closing: false }
    }
}

/// What becomes of a message.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Admit {
    Yes,
    /// Dropped, unsaid.
    Drop,
    /// Dropped, and the sender told why (once a second).
    Refuse(String),
    /// Dropped, and the connection closed, with why.
    Close(String),
}

impl Limits {
    /// Counts a message from `client` at `now`: whether it is taken.
    pub(super) fn admit(&mut self, client: Entity, now: Instant) -> Admit {
        let counted = self.counted.entry(client).or_insert_with(|| Counted::new(now));
        if counted.closing {
            self.dropped += 1;
            return Admit::Drop;
        }
        if now.duration_since(counted.second) >= Duration::from_secs(1) {
            // A second of flooding counts toward closing; a calm one starts the count again.
            counted.flooding = if counted.count > RATE { counted.flooding + 1 } else { 0 };
            (counted.second, counted.count) = (now, 0);
        }
        counted.count += 1;
        if counted.count <= RATE {
            return Admit::Yes;
        }
        self.dropped += 1;
        if counted.flooding + 1 >= FLOOD_SECONDS {
            counted.closing = true;
            self.closed += 1;
            return Admit::Close(format!("more than {RATE} messages a second for {FLOOD_SECONDS} seconds: closed"));
        }
        match counted.count == RATE + 1 {
            true => Admit::Refuse(format!("more than {RATE} messages a second: the rest of this second's are dropped")),
            false => Admit::Drop,
        }
    }
}

/// Closes connections that sat without a seat too long, and forgets the counts of those gone.
pub(super) fn close_strangers(
    mut host: ResMut<Host>,
    mut limits: ResMut<Limits>,
    clients: Query<Entity, With<ConnectedClient>>,
    mut disconnects: MessageWriter<DisconnectRequest>,
) {
    let now = Instant::now();
    limits.counted.retain(|client, _| clients.contains(*client));
    for client in &clients {
        let seated = host.players.iter().any(|p| p.client == Some(client));
        let counted = limits.counted.entry(client).or_insert_with(|| Counted::new(now));
        if seated || counted.closing || now.duration_since(counted.since) < Duration::from_secs(STRANGER_SECONDS) {
            continue;
        }
        counted.closing = true;
        limits.closed += 1;
        host.note_refusal("a stranger", "a connection", format!("no seat after {STRANGER_SECONDS} s: closed"));
        disconnects.write(DisconnectRequest { client });
    }
}
