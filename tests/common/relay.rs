//! A bad network for the online tests: an in-process UDP relay on the loopback address between a host and its
//! players that loses, delays and so reorders datagrams. Each player sends to the relay's address; the relay
//! forwards through a socket of its own for that player (the host tells the players apart by it), each datagram
//! either way lost with the given chance or held for a delay drawn from the given range. Seeded: the same seed drops
//! the same datagrams of the same traffic.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::net::{SocketAddr, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How bad the network is.
#[derive(Clone, Copy, Debug)]
pub struct Badness {
    /// The chance that a datagram is lost, either way.
    pub loss: f64,
    /// The least and the most a datagram is held, in milliseconds (its delay drawn evenly between).
    pub delay_ms: (u64, u64),
}

/// What the relay did, counted as it went.
#[derive(Debug, Default)]
pub struct Counts {
    pub relayed: AtomicU64,
    pub lost: AtomicU64,
    /// Datagrams delivered after one sent later the same way (to or from the same player).
    pub reordered: AtomicU64,
}

/// A running relay; dropping it stops it.
pub struct Relay {
    /// Where players send (as if it were the host).
    pub address: SocketAddr,
    pub counts: Arc<Counts>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Relay {
    /// A relay to the host at `host`.
    pub fn start(host: SocketAddr, badness: Badness, seed: u64) -> Relay {
        let front = UdpSocket::bind("127.0.0.1:0").expect("the relay's socket");
        front.set_nonblocking(true).expect("a socket that does not block");
        let address = front.local_addr().expect("its address");
        let (stop, counts) = (Arc::new(AtomicBool::new(false)), Arc::new(Counts::default()));
        let mut state = State {
            front,
            host,
            badness,
            rng: ChaCha8Rng::seed_from_u64(seed),
            backs: HashMap::new(),
            queue: BinaryHeap::new(),
            sent: 0,
            last: HashMap::new(),
            counts: counts.clone(),
        };
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                state.turn();
                std::thread::sleep(Duration::from_micros(500));
            }
        });
        Relay { address, counts, stop, thread: Some(thread) }
    }

    /// Lost and relayed so far, and reordered.
    pub fn tally(&self) -> (u64, u64, u64) {
        let c = &self.counts;
        (c.lost.load(Ordering::Relaxed), c.relayed.load(Ordering::Relaxed), c.reordered.load(Ordering::Relaxed))
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Which way a datagram goes: from the player at this address to the host, or back to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Way {
    ToHost(SocketAddr),
    ToPlayer(SocketAddr),
}

/// A datagram held until it is due: when, its number (in the order it came), its way and its bytes.
type Held = Reverse<(Instant, u64, Way, Vec<u8>)>;

struct State {
    front: UdpSocket,
    host: SocketAddr,
    badness: Badness,
    rng: ChaCha8Rng,
    /// Each player's socket toward the host.
    backs: HashMap<SocketAddr, UdpSocket>,
    queue: BinaryHeap<Held>,
    sent: u64,
    /// The number of the last datagram delivered each way.
    last: HashMap<Way, u64>,
    counts: Arc<Counts>,
}

impl State {
    /// Takes in what arrived either way, and delivers what is due.
    fn turn(&mut self) {
        let mut buffer = [0u8; 2048];
        while let Ok((n, player)) = self.front.recv_from(&mut buffer) {
            if !self.backs.contains_key(&player) {
                let back = UdpSocket::bind("127.0.0.1:0").expect("a socket toward the host");
                back.connect(self.host).expect("the host's address");
                back.set_nonblocking(true).expect("a socket that does not block");
                self.backs.insert(player, back);
            }
            self.hold(Way::ToHost(player), buffer[..n].to_vec());
        }
        let players: Vec<SocketAddr> = self.backs.keys().copied().collect();
        for player in players {
            while let Ok(n) = self.backs[&player].recv(&mut buffer) {
                self.hold(Way::ToPlayer(player), buffer[..n].to_vec());
            }
        }
        let now = Instant::now();
        while self.queue.peek().is_some_and(|Reverse((due, ..))| *due <= now) {
            let Some(Reverse((_, number, way, bytes))) = self.queue.pop() else { break };
            let _ = match way {
                Way::ToHost(player) => self.backs[&player].send(&bytes),
                Way::ToPlayer(player) => self.front.send_to(&bytes, player),
            };
            let last = self.last.entry(way).or_insert(0);
            if number < *last {
                self.counts.reordered.fetch_add(1, Ordering::Relaxed);
            }
            *last = (*last).max(number);
            self.counts.relayed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Loses a datagram, or holds it for a delay.
    fn hold(&mut self, way: Way, bytes: Vec<u8>) {
        self.sent += 1;
        if self.rng.random_range(0.0..1.0) < self.badness.loss {
            self.counts.lost.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let (least, most) = self.badness.delay_ms;
        let delay = Duration::from_millis(self.rng.random_range(least..=most));
        self.queue.push(Reverse((Instant::now() + delay, self.sent, way, bytes)));
    }
}
