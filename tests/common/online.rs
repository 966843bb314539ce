//! Online play's test harness, in one process: a host app and player apps (each its own `App`, over renet's UDP
//! transport on the loopback address), a window's plan of what a slot offers, what each player should have been
//! told, worked out again by stepping through the battle's record, and a player's numbers of the combatants turned
//! into the roster's and back (each player numbers them its own way: `rules::engine::id::Numbering`).

use std::net::SocketAddr;

use bevy::prelude::*;
use skirmish::ai::Difficulty;
use skirmish::battle::{BattleRequest, DiceChoice};
use skirmish::net::host::{Host, Offer, told_of};
use skirmish::net::join::Joined;
use skirmish::net::{self, connect, listen};
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::battle::{Decision, Next};
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::field::{Move, Pace};
use skirmish::rules::engine::outcome::{Event, Log};
use skirmish::rules::tools::fog::seen_by;
use skirmish::rules::tools::plan::{Choices, Plan};

pub const LEVEL: &str = "levels/crossroads.ron";

/// The crossroads under the Storyteller rules with the dice seeded `seed`: its offer, the easy AI playing the sides
/// no player takes.
pub fn crossroads(seed: u64) -> Offer {
    let file = std::path::Path::new(LEVEL);
    let ruleset = Some(RulesetId::Storyteller);
    let request = BattleRequest::new(file, ruleset, Difficulty::Easy).with_dice(DiceChoice::Seed(seed));
    let started = skirmish::battle::start(&request, skirmish::battle::no_typing).expect("the level");
    assert_eq!(started.request.dice_label, format!("seed {seed}"));
    Offer::of(started, None)
}

/// A host offering `offer` on 127.0.0.1 (any free port), and where it listens; players join with the offer's
/// password.
pub fn host_app(offer: Offer) -> (App, SocketAddr) {
    let password = offer.password.clone();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    net::net_plugins(&mut app);
    app.add_plugins((skirmish::combat::plugin, net::host::plugin));
    app.insert_resource(Host::new(offer));
    app.finish();
    app.cleanup();
    let address = listen(&mut app, "127.0.0.1:0".parse().expect("an address"), &password).expect("the host listens");
    (app, address)
}

/// A player called `name` joining the host at `host` on connection `id`, with no password.
pub fn player_app(name: &str, host: SocketAddr, id: u64) -> App {
    player_app_with(name, host, id, "")
}

/// A player called `name` joining the host at `host` on connection `id` with `password`.
pub fn player_app_with(name: &str, host: SocketAddr, id: u64, password: &str) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    net::net_plugins(&mut app);
    app.add_plugins(net::join::plugin);
    app.insert_resource(Joined::new(name));
    app.finish();
    app.cleanup();
    connect(app.world_mut(), host, id, password).expect("the player connects");
    app
}

/// A player called `name` coming back to the host at `host` on connection `id` with its seat's `key` (the one its
/// game kept, or another, or none).
pub fn player_app_keyed(name: &str, host: SocketAddr, id: u64, key: Option<&str>) -> App {
    let mut app = player_app(name, host, id);
    app.world_mut().resource_mut::<Joined>().key = key.map(str::to_owned);
    app
}

/// Each unit player `app` holds: the index of the host's entity it is (as replicon names it on the wire), and the
/// unit's number as the player numbers it.
pub fn host_entities(app: &mut App) -> Vec<(u32, usize)> {
    let world = app.world_mut();
    let map = world.resource::<bevy_replicon::shared::server_entity_map::ServerEntityMap>().to_server().clone();
    let mut units = world.query::<(Entity, &skirmish::net::protocol::Unit)>();
    units.iter(world).filter_map(|(e, u)| map.get(&e).map(|host| (host.index_u32(), u.id.index()))).collect()
}

/// A window's plan of what a slot offers: attack the first enemy offered, by the last way offered (a firing mode, a
/// called shot); else move to the farthest cell it reaches (walking if a walk gets there).
pub fn plan_of(choices: &Choices) -> Plan {
    match (choices.targets.first(), choices.reach.last()) {
        (Some((target, ways)), _) => Plan { target: Some(*target), way: ways.len().checked_sub(1), ..Plan::default() },
        (None, Some(&(to, walking))) => {
            let pace = if walking { Pace::Walk } else { Pace::Run };
            Plan { movement: Some(Move { to, pace }), ..Plan::default() }
        }
        (None, None) => Plan::default(),
    }
}

/// Whom a player's end is: the commander of some sides, or a spectator.
#[derive(Clone, Debug)]
pub enum Viewer {
    Sides(Vec<String>),
    Spectator,
}

impl Viewer {
    /// What it sees of `battle`: its sides' sight; a spectator, a unit only when every side with a unit still on its
    /// feet sees it.
    pub fn sight(&self, battle: &AnyBattle) -> Vec<bool> {
        match self {
            Viewer::Sides(sides) => seen_by(battle, sides),
            Viewer::Spectator => {
                let views = battle.views();
                let standing: Vec<String> = views
                    .iter()
                    .filter(|v| !skirmish::rules::engine::outcome::down(v.fighter.statuses()))
                    .map(|v| v.side.to_owned())
                    .collect();
                let each: Vec<Vec<bool>> = standing.iter().map(|s| seen_by(battle, std::slice::from_ref(s))).collect();
                (0..battle.len()).map(|i| each.iter().all(|seen| seen[i])).collect()
            }
        }
    }
}

/// What each of `viewers` should have been told of `battle`, begun as `start` begins: the battle stepped through again from its start and its record, each slot's start and each action told
/// with the fog as it stood right after it, and the next slot's start (or the battle's end). Written here step by step, apart from the
/// host's own way of working it out.
pub fn expected_logs(start: Offer, viewers: &[Viewer], battle: &AnyBattle) -> Vec<Vec<Event>> {
    let (mut replayed, mut log) = (start.setup.battle, start.setup.log);
    let mut faces = ScriptedDice::new(battle.faces().iter().copied());
    let names = replayed.names();
    let mut told: Vec<Vec<Event>> = vec![Vec::new(); viewers.len()];
    let mut read = 0;
    let mut tell = |b: &AnyBattle, log: &Log, told: &mut Vec<Vec<Event>>| {
        for (viewer, said) in viewers.iter().zip(told.iter_mut()) {
            said.extend(told_of(&viewer.sight(b), &names, &log.events[read..]));
        }
        read = log.events.len();
    };
    for r in battle.record() {
        if let Decision::Gm { change, in_slot: false } = &r.decision {
            replayed.gm(change, &mut log).expect("the record replays");
            tell(&replayed, &log, &mut told);
            continue;
        }
        assert_eq!(replayed.next(&mut faces, &mut log).expect("the record replays"), Next::Slot(r.slot));
        tell(&replayed, &log, &mut told);
        match &r.decision {
            Decision::Act(action) => replayed.act(action, &mut faces, &mut log).expect("the record replays"),
            Decision::Pass => replayed.pass(&mut log),
            Decision::Delay => assert!(replayed.delay(&mut log)),
            Decision::Gm { change, .. } => replayed.gm(change, &mut log).expect("the record replays"),
        }
        tell(&replayed, &log, &mut told);
    }
    // The slot after the last decision begun (or the battle's end), as the host has it.
    replayed.next(&mut faces, &mut log).expect("the battle goes on");
    tell(&replayed, &log, &mut told);
    told
}

/// Whom each of the host's players is.
pub fn viewers(host: &Host) -> Vec<Viewer> {
    host.players.iter().map(|p| if p.watching { Viewer::Spectator } else { Viewer::Sides(p.sides.clone()) }).collect()
}

/// A spectator called `name` coming to watch the host at `host` on connection `id`.
pub fn spectator_app(name: &str, host: SocketAddr, id: u64) -> App {
    let mut app = player_app(name, host, id);
    app.world_mut().resource_mut::<Joined>().watching = true;
    app
}

/// `value`, as the host's player called `name` numbers the combatants (what it was told, what it says), with the
/// roster's ids.
pub fn in_roster<T: serde::Serialize + serde::de::DeserializeOwned>(host: &Host, name: &str, value: &T) -> T {
    numbering(host, name).ours(value).expect("renumbered")
}

/// `value`, with the roster's ids, as the host's player called `name` numbers the combatants.
pub fn as_player<T: serde::Serialize + serde::de::DeserializeOwned>(host: &Host, name: &str, value: &T) -> T {
    numbering(host, name).theirs(value).expect("renumbered")
}

fn numbering<'a>(host: &'a Host, name: &str) -> &'a skirmish::rules::engine::id::Numbering {
    &host.players.iter().find(|p| p.name == name).expect("a player of that name").numbering
}

/// How a player numbers the combatants, worked out from the names it was told (by its numbers) and the battle's
/// roster: for a host in another process.
pub fn numbering_of(joined: &Joined, battle: &AnyBattle) -> skirmish::rules::engine::id::Numbering {
    let roster = battle.names();
    let ids = joined.log.names.iter().map(|n| roster.iter().position(|r| r == n).expect("a name of the roster"));
    skirmish::rules::engine::id::Numbering::from(
        ids.map(skirmish::rules::engine::id::CombatantId::at).collect::<Vec<_>>(),
    )
}
