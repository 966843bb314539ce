//! An honest battle beside a hostile client (`common/hostile.rs`): Ann and Bo play the crossroads to its end while,
//! from their tenth decision on, five hostile spectators, a connection sending bytes no message reads as, datagrams
//! of no connection, a reconnect storm and a connection that never says hello go at the host for `ROUNDS` rounds,
//! one each 40 ms. The host must keep serving Ann and Bo, never panic, carry out nothing the hostile ones send,
//! refuse them with reasons, and close the floods and the silent one: the battle ends as the same battle played
//! without them (the host's log, event for event), each player with the host's log as its side sees it. What it
//! sent and what the host did are printed (`scripts/hostile` shows them; docs/online.md has a run's numbers).
//!
//! `SKIRMISH_HOSTILE_ROUNDS` sets the rounds (450 unless told: 18 s).

use std::time::{Duration, Instant};

use super::online::{Table, decided, offer};
use crate::common::hostile::Hostile;
use crate::common::online::{expected_logs, viewers};
use skirmish::combat::{BattleLog, Engine};
use skirmish::net::host::{Limits, STRANGER_SECONDS};
use skirmish::rules::engine::outcome::Event;

/// One round of the attack each this long.
const ROUND: Duration = Duration::from_millis(40);

/// What a battle took: the host's log, and, under attack, what was measured.
struct Played {
    log: Vec<Event>,
    /// Host update time, summed, and updates: before the attack, during it.
    host: [(Duration, u32); 2],
    /// From an honest order sent to the battle taking it: before the attack, during it.
    orders: [Vec<Duration>; 2],
    /// Every refusal the host logged ("who: what: why"), gathered as they come (the host keeps the last few hundred).
    refused: Vec<String>,
}

/// Ann and Bo play the crossroads to its end; with `hostile`, the attack goes on from their tenth decision for
/// `rounds` rounds (also once the battle is over, the host still up).
fn play(rounds: Option<u64>) -> (Table, Option<Hostile>, Played) {
    let mut table = Table::new(&["Ann", "Bo"]);
    table.begin(&["Jackals", "Vipers"]);
    let mut hostile = rounds.map(|_| Hostile::new(table.address, "", 100));
    let mut played = Played {
        log: Vec::new(),
        host: [(Duration::ZERO, 0); 2],
        orders: [Vec::new(), Vec::new()],
        refused: Vec::new(),
    };
    let (mut last_round, mut waiting, mut seen) = (Instant::now(), None::<(Instant, usize)>, 0);
    for _ in 0..2_000_000 {
        let attacking = hostile.as_ref().zip(rounds).is_some_and(|(h, r)| decided(&table) >= 10 && h.rounds() < r);
        let done_attacking = hostile.as_ref().zip(rounds).is_none_or(|(h, r)| h.rounds() >= r);
        if table.over() && done_attacking {
            break;
        }
        let asked = (0..2).any(|i| table.joined(i).asked.is_some());
        table.give_orders();
        if asked && waiting.is_none() {
            waiting = Some((Instant::now(), decided(&table)));
        }
        for player in &mut table.players {
            player.update();
        }
        if let Some(hostile) = hostile.as_mut() {
            match attacking && last_round.elapsed() >= ROUND {
                true => {
                    last_round = Instant::now();
                    let slot = table.joined(0).asked.as_ref().or(table.joined(1).asked.as_ref()).map(|a| a.1);
                    hostile.attack(slot);
                }
                false => hostile.update(),
            }
        }
        let start = Instant::now();
        table.host.update();
        let phase = usize::from(attacking);
        played.host[phase].0 += start.elapsed();
        played.host[phase].1 += 1;
        let host = table.host();
        let new = ((host.refusals - seen) as usize).min(host.refused.len());
        played.refused.extend(host.refused[host.refused.len() - new..].iter().cloned());
        seen = host.refusals;
        if let Some((since, _)) = waiting.filter(|(_, at)| decided(&table) > *at) {
            played.orders[phase].push(since.elapsed());
            waiting = None;
        }
    }
    assert!(table.over(), "the battle is over");
    played.log = table.host.world().resource::<BattleLog>().0.events.clone();
    (table, hostile, played)
}

fn rounds() -> u64 {
    std::env::var("SKIRMISH_HOSTILE_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(450)
}

fn mean(times: &[Duration]) -> Duration {
    times.iter().sum::<Duration>() / (times.len().max(1) as u32)
}

#[test]
fn a_hostile_client_neither_changes_the_battle_nor_keeps_the_host_from_its_players() {
    let rounds = rounds();
    let (_, _, honest) = play(None);
    let (table, hostile, attacked) = play(Some(rounds));
    let hostile = hostile.expect("the attack");
    // The same battle, event for event: nothing the hostile ones sent was carried out.
    assert!(attacked.log == honest.log, "the battle under attack is the battle without it");
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    for (i, expected) in expected.iter().enumerate().take(2) {
        assert!(table.ours(i, &table.joined(i).log.events) == *expected, "player {i} has the log its side saw");
        assert!(table.joined(i).trouble.is_empty(), "{:?}", table.joined(i).trouble);
    }
    // The seats are Ann's and Bo's still; no hostile hello took one.
    let seats: Vec<(&str, &[String])> = table
        .host()
        .players
        .iter()
        .filter(|p| !p.watching && !p.vacant)
        .map(|p| (p.name.as_str(), &p.sides[..]))
        .collect();
    assert_eq!(seats.len(), 2, "{seats:?}");
    assert!(seats[0].0 == "Ann" && seats[1].0 == "Bo", "{seats:?}");
    // Every kind was sent a few hundred times, refused with reasons, the floods dropped and closed.
    for (kind, sent) in &hostile.sent {
        assert!(*sent >= 100 || kind.starts_with("messages of 200") || kind.starts_with("reconnect"), "{kind}: {sent}");
    }
    let limits = table.host.world().resource::<Limits>();
    let host = table.host();
    assert!(host.refusals > 1000, "{} refusals", host.refusals);
    assert!(limits.dropped > 0 && limits.closed > 0, "{limits:?}");
    assert!(hostile.closed.values().sum::<u64>() > 0, "{:?}", hostile.closed);
    let why = |start: &str| attacked.refused.iter().any(|r| r.contains(start));
    assert!(why("more than 50 messages a second"), "the flood refused");
    assert!(why("a player called Bo is here already"), "the storm's Bo refused");
    let attack_took = Duration::from_millis(rounds * ROUND.as_millis() as u64);
    if attack_took > Duration::from_secs(STRANGER_SECONDS + 1) {
        assert!(why(&format!("no seat after {STRANGER_SECONDS} s: closed")), "the silent connection closed");
    }
    let (calm, under) = (honest.host[0], attacked.host[1]);
    let mut reasons: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for refused in &attacked.refused {
        // "who: what: why": the why, its numbers left out (one reason, many numbers).
        let why = refused.rsplit(": ").next().unwrap_or_default();
        *reasons.entry(why.chars().filter(|c| !c.is_ascii_digit()).take(70).collect()).or_default() += 1;
    }
    for (why, n) in &reasons {
        println!("hostile: refused {n} times: {why}");
    }
    println!(
        "hostile: {} rounds; sent {} in all: {:?}\n\
         hostile: the host refused {} (heard by the spectators: {}), dropped {} for coming too fast, closed {} \
         connections ({:?} came anew)\n\
         hostile: host update {:?} on average in the battle without the attack ({} updates), {:?} during the \
         attack ({} updates)\n\
         hostile: an honest order taken {:?} on average without the attack ({} orders, slowest {:?}), {:?} during \
         it ({} orders, slowest {:?})",
        hostile.rounds(),
        hostile.total(),
        hostile.sent,
        host.refusals,
        hostile.refusals_heard(),
        limits.dropped,
        limits.closed,
        hostile.closed,
        calm.0 / calm.1.max(1),
        calm.1,
        under.0 / under.1.max(1),
        under.1,
        mean(&honest.orders[0]),
        honest.orders[0].len(),
        honest.orders[0].iter().max().copied().unwrap_or_default(),
        mean(&attacked.orders[1]),
        attacked.orders[1].len(),
        attacked.orders[1].iter().max().copied().unwrap_or_default(),
    );
}

/// The attack aimed at a host of your own on this machine (`scripts/hostile ADDRESS [PASSWORD]`: two windows
/// playing, say), for `SKIRMISH_HOSTILE_ROUNDS` rounds: what it sent, and that the host still answered.
#[test]
#[ignore = "aims at a host you run: scripts/hostile ADDRESS"]
fn at_a_host_of_your_own() {
    let address = std::env::var("SKIRMISH_HOSTILE_AT").expect("SKIRMISH_HOSTILE_AT: the host's address");
    let address: std::net::SocketAddr = address.parse().expect("an address like 127.0.0.1:5757");
    let password = std::env::var("SKIRMISH_HOSTILE_PASSWORD").unwrap_or_default();
    let mut hostile = Hostile::new(address, &password, 1000);
    let (rounds, start) = (rounds(), Instant::now());
    while hostile.rounds() < rounds {
        hostile.attack(None);
        std::thread::sleep(ROUND);
    }
    for _ in 0..50 {
        hostile.update();
        std::thread::sleep(Duration::from_millis(20));
    }
    println!(
        "hostile: {} rounds in {:?}; sent {} in all: {:?}; refusals heard by the spectators: {}; connections the \
         host closed: {:?}",
        hostile.rounds(),
        start.elapsed(),
        hostile.total(),
        hostile.sent,
        hostile.refusals_heard(),
        hostile.closed
    );
    assert!(hostile.refusals_heard() > 0, "the host answered (refused) the hostile spectators");
}
