//! A hostile client, on the loopback address only, bounded in messages and time: what it sends a host to hurt its
//! battle or its other players, each kind counted. `tests/online/hostile.rs` plays an honest battle beside it;
//! `scripts/hostile` aims it at a host of your own (two windows playing).
//!
//! - five spectators who say what a player may not: orders out of turn and for others' units, faces for others'
//!   rolls, questions of others' slots, what-ifs off the map, lobby choices after the start, a game master's
//!   changes, another's hello, chat ten thousand letters long; and one of them floods (500 lines a second);
//! - a connection that sends bytes no message reads as: noise, a message cut short, one far too large, on every
//!   channel;
//! - datagrams to the port that are no connection's (noise, a netcode header and nothing after);
//! - a reconnect storm: connections that come, say they are a player of the battle (with no key, or a wrong one),
//!   or only watch, and drop;
//! - a connection that never says hello.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::net::{SocketAddr, UdpSocket};

use bevy::prelude::*;
use bevy_replicon::prelude::RepliconChannels;
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient};
use skirmish::net::join::Joined;
use skirmish::net::protocol::FromPlayer;
use skirmish::net::{self, connect, hang_up};
use skirmish::rules::engine::gm::GmChange;
use skirmish::rules::engine::id::CombatantId;
use skirmish::rules::engine::outcome::Status;
use skirmish::rules::engine::ruleset::Slot;
use skirmish::rules::tools::plan::Plan;
use skirmish::rules::tools::what_if::Setup;

/// The hostile clients and what they sent.
pub struct Hostile {
    host: SocketAddr,
    password: String,
    /// The spectators who say what they may not (Mal, Mel, Mil, Mol, Mul; each made anew when the host closes it).
    mals: Vec<App>,
    /// The connection that sends bytes no message reads as.
    raw: App,
    /// Connections of the storm, each with the updates it has left.
    storm: Vec<(App, u32)>,
    /// The one that never says hello.
    pub silent: App,
    udp: UdpSocket,
    next_id: u64,
    round: u64,
    /// Messages, byte strings and datagrams sent, by kind.
    pub sent: BTreeMap<&'static str, u64>,
    /// Connections the host closed (each made anew), by who.
    pub closed: BTreeMap<&'static str, u64>,
    /// What the host refused Mal, in all.
    pub refused_heard: usize,
}

/// A bare client: the protocol and the transport, no player's end (it says nothing unless told to).
fn bare(host: SocketAddr, id: u64, password: &str) -> App {
    client(host, id, password, |_| {})
}

/// A client with `more` added to it, connecting.
fn client(host: SocketAddr, id: u64, password: &str, more: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    net::net_plugins(&mut app);
    more(&mut app);
    app.finish();
    app.cleanup();
    connect(app.world_mut(), host, id, password).expect("connects");
    app
}

/// A bare client whose own channels hold what it sends, however large (a game's limits its own: a hostile one
/// would not).
fn unlimited(host: SocketAddr, id: u64, password: &str) -> App {
    let mut app = bare(host, id, password);
    let channels = app.world().resource::<RepliconChannels>();
    let config = ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    };
    app.insert_resource(RenetClient::new(config));
    app
}

/// A player's end: says hello as `name` (watching or not, with `key`) once connected.
fn player(host: SocketAddr, id: u64, password: &str, (name, watching, key): (&str, bool, Option<String>)) -> App {
    client(host, id, password, |app| {
        app.add_plugins(net::join::plugin);
        app.insert_resource(Joined { watching, key, ..Joined::new(name) });
    })
}

/// Whether a client's connection closed (or never opened).
fn closed(app: &App) -> bool {
    app.world().get_resource::<RenetClient>().is_none_or(|c| c.is_disconnected())
        || net::why_closed(app.world()).is_some()
}

impl Hostile {
    /// The hostile clients of the host at `host` (loopback only), joining with `password`; their connections
    /// numbered from `first_id`.
    pub fn new(host: SocketAddr, password: &str, first_id: u64) -> Self {
        assert!(host.ip().is_loopback(), "the hostile client attacks only a host on this machine");
        let udp = UdpSocket::bind("127.0.0.1:0").expect("a socket");
        Hostile {
            host,
            password: password.to_owned(),
            mals: MALS
                .iter()
                .zip(first_id..)
                .map(|(name, id)| player(host, id, password, (name, true, None)))
                .collect(),
            raw: unlimited(host, first_id + 10, password),
            storm: Vec::new(),
            silent: bare(host, first_id + 11, password),
            udp,
            next_id: first_id + 12,
            round: 0,
            sent: BTreeMap::new(),
            closed: BTreeMap::new(),
            refused_heard: 0,
        }
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn count(&mut self, kind: &'static str, n: u64) {
        *self.sent.entry(kind).or_default() += n;
    }

    /// Messages sent in all.
    pub fn total(&self) -> u64 {
        self.sent.values().sum()
    }

    /// Updates the hostile clients (their transports) without sending anything.
    pub fn update(&mut self) {
        for app in self.mals.iter_mut().chain([&mut self.raw, &mut self.silent]) {
            app.update();
        }
        for (app, _) in &mut self.storm {
            app.update();
        }
    }

    /// One round of the attack, while the battle is waiting at `slot` for someone (as its players number it): a
    /// few of each kind, a flood every so often.
    pub fn attack(&mut self, slot: Option<Slot>) {
        self.round += 1;
        self.say_what_mal_may_not(slot.unwrap_or(Slot { actor: CombatantId::at(0), phase: 1, simultaneous: false }));
        self.send_bytes();
        self.send_datagrams();
        self.storm();
        self.update();
        self.reopen_what_closed();
    }

    fn says(&mut self, mal: usize, kind: &'static str, messages: Vec<FromPlayer>) {
        if self.mals[mal].world().get_resource::<Joined>().is_none() {
            return;
        }
        self.count(kind, messages.len() as u64);
        for message in messages {
            self.mals[mal].world_mut().write_message(message);
        }
    }

    /// Each spectator, every third round in turn, says one kind of what it may not; Mil floods for four seconds'
    /// worth of rounds (`FLOOD_ROUNDS`).
    fn say_what_mal_may_not(&mut self, slot: Slot) {
        let r = self.round as u32;
        for mal in 0..MALS.len() {
            if (r as usize + mal).is_multiple_of(3) {
                let (kind, messages) = what_it_may_not(r / 3 + mal as u32, slot);
                self.says(mal, kind, messages);
            }
        }
        if FLOOD_ROUNDS.contains(&self.round) {
            let flood = (0..20).map(|n| FromPlayer::Say(format!("flood {n}"))).collect();
            self.says(2, "a flood (20 lines a round, 500 a second)", flood);
        }
    }

    /// Noise, a message cut short and one far too large, on every channel the protocol has.
    fn send_bytes(&mut self) {
        let channels = self.raw.world().resource::<RepliconChannels>().client_channels().len() as u8;
        let Some(mut client) = self.raw.world_mut().get_resource_mut::<RenetClient>() else { return };
        if !client.is_connected() {
            return;
        }
        let r = self.round;
        let mut whole = [0u8; 256];
        let said = FromPlayer::Plan {
            slot: Slot { actor: CombatantId::at(1), phase: 1, simultaneous: false },
            plan: Plan::default(),
        };
        let whole = postcard::to_slice(&said, &mut whole).map(|b| b.to_vec()).unwrap_or_default();
        let mut sent = (0, 0, 0);
        for channel in 0..channels {
            let noise: Vec<u8> = (0..(r % 200 + 1)).map(|i| (i.wrapping_mul(r).wrapping_add(31) % 251) as u8).collect();
            client.send_message(channel, noise);
            client.send_message(channel, whole[..whole.len() / 2].to_vec());
            sent = (sent.0 + 1, sent.1 + 1, sent.2);
        }
        // One far too large every 50 rounds: the transport closes the connection.
        if r % 50 == 25 {
            client.send_message(channels - 1, vec![0xAB; 200_000]);
            sent.2 += 1;
        }
        self.count("noise", sent.0);
        self.count("messages cut short", sent.1);
        self.count("messages of 200 kB", sent.2);
    }

    /// Datagrams that are no connection's: noise, and a netcode header with nothing after it.
    fn send_datagrams(&mut self) {
        let r = self.round;
        let noise: Vec<u8> = (0..(r * 7 % 1400 + 1)).map(|i| (i ^ r) as u8).collect();
        let header = [0x01u8, 0, 0, 0];
        let sent = [&noise[..], &header[..]].iter().filter(|d| self.udp.send_to(d, self.host).is_ok()).count();
        self.count("datagrams of no connection", sent as u64);
    }

    /// Every few rounds a connection comes, says it is Bo (no key, or a wrong one) or only watches, and drops a
    /// few updates later.
    fn storm(&mut self) {
        if self.round.is_multiple_of(3) {
            let id = self.id();
            let who = match self.round % 9 {
                0 => ("Bo", false, None),
                3 => ("Bo", false, Some(format!("{:032x}", self.round))),
                _ => ("Eve", true, None),
            };
            let app = player(self.host, id, &self.password.clone(), who);
            self.storm.push((app, 8));
            self.count("reconnect storm: connections", 1);
        }
        for (app, left) in &mut self.storm {
            *left = left.saturating_sub(1);
            if *left == 0 {
                hang_up(app.world_mut());
            }
        }
        self.storm.retain(|(_, left)| *left > 0);
    }

    /// The spectators and the raw connection come back when the host closed them (a flood, a message too large).
    fn reopen_what_closed(&mut self) {
        for (mal, name) in MALS.iter().enumerate() {
            if closed(&self.mals[mal]) {
                *self.closed.entry("a spectator (its flood)").or_default() += 1;
                self.refused_heard += self.mals[mal].world().get_resource::<Joined>().map_or(0, |j| j.refused.len());
                let id = self.id();
                self.mals[mal] = player(self.host, id, &self.password.clone(), (name, true, None));
            }
        }
        if closed(&self.raw) {
            *self.closed.entry("the raw connection (a message too large)").or_default() += 1;
            let id = self.id();
            self.raw = unlimited(self.host, id, &self.password.clone());
        }
    }

    /// What the spectators heard refused, in all (on connections closed, and on those now).
    pub fn refusals_heard(&self) -> usize {
        let now: usize =
            self.mals.iter().map(|m| m.world().get_resource::<Joined>().map_or(0, |j| j.refused.len())).sum();
        self.refused_heard + now
    }

    /// The attack's rounds so far.
    pub fn rounds(&self) -> u64 {
        self.round
    }
}

/// The hostile spectators.
const MALS: [&str; 5] = ["Mal", "Mel", "Mil", "Mol", "Mul"];

/// The rounds in which Mil floods: at one round each 40 ms, four seconds.
const FLOOD_ROUNDS: std::ops::Range<u64> = 100..200;

/// The `n`th kind of what a spectator may not say (five kinds in turn), for the battle waiting at `slot`.
fn what_it_may_not(n: u32, slot: Slot) -> (&'static str, Vec<FromPlayer>) {
    let someone = CombatantId::at((n % 12) as usize);
    let plan = Plan { target: Some(someone), ..Plan::default() };
    match n % 5 {
        0 => (
            "orders out of turn, for others' units",
            vec![
                FromPlayer::Order { slot, action: format!("Ready(actor: {}, )", n % 12) },
                FromPlayer::Plan { slot, plan },
                FromPlayer::Delay { slot },
            ],
        ),
        1 => (
            "faces for others' rolls, others' defenses",
            vec![
                FromPlayer::Faces { roll: n % 5, line: "6 6 6 6 6".into() },
                FromPlayer::RollForMe { roll: n % 5 },
                FromPlayer::Defend { ask: n % 5, option: Some(0) },
            ],
        ),
        2 => {
            let off = Setup {
                attacker: someone,
                target: CombatantId::at(((n + 1) % 12) as usize),
                from: (-9_000 + n as i32, 40_000),
                way: 99,
                supposed: Default::default(),
            };
            (
                "questions of others' slots, what-ifs off the map",
                vec![
                    FromPlayer::AskWhatIf { ask: n, setup: off },
                    FromPlayer::AskOdds { slot, plan },
                    FromPlayer::AskHeat { slot },
                ],
            )
        }
        3 => (
            "lobby choices after the start, a GM's changes, another's hello",
            vec![
                FromPlayer::TakeSide(Some("Jackals".into())),
                FromPlayer::TakeGm(true),
                FromPlayer::OwnDice(true),
                FromPlayer::Gm(GmChange::Status { who: someone, status: Status::Dead, on: true }),
                FromPlayer::Hello { name: "Ann".into(), watching: false, key: None },
            ],
        ),
        _ => ("chat ten thousand letters long", vec![FromPlayer::Say("A".repeat(10_000))]),
    }
}
