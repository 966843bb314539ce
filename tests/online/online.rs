//! Online play on the loopback address, a host and its players in one process (each its own `App`, over renet's
//! UDP transport): a seeded battle played to its end by orders the players send, each player ending with the
//! host's log as fog lets its sides see it (worked out again here by stepping through the battle's record); a
//! player who drops and comes back; orders the host must refuse (another's side, an illegal action, garbage).

use std::net::SocketAddr;

use crate::common::host::HostProcess;
use crate::common::online::{
    LEVEL, Viewer, as_player, crossroads, expected_logs, host_app, host_entities, in_roster, numbering_of, plan_of,
    player_app, player_app_keyed, player_app_with, spectator_app, viewers,
};

use bevy::prelude::*;
use skirmish::ai::{self, Difficulty};
use skirmish::battle::{BattleRequest, DiceChoice};
use skirmish::combat::components::{Combatant, Loadout};
use skirmish::combat::typed::TypedRolls;
use skirmish::combat::{BattleLog, Engine, TurnState};
use skirmish::net::disconnect;
use skirmish::net::host::{HOST_ROLLS, Host, NOT_YOUR_SLOT};
use skirmish::net::join::{Joined, orders};
use skirmish::net::protocol::{FromPlayer, Unit};
use skirmish::rules::any_ruleset::any::{AnyAction, RulesetId};
use skirmish::rules::engine::field::{Move, Pace};
use skirmish::rules::engine::id::CombatantId;
use skirmish::rules::engine::outcome::Event;
use skirmish::rules::engine::ruleset::{Slot, WeaponClass};
use skirmish::rules::tools::fog::{as_seen, seen_by};
use skirmish::rules::tools::plan::Plan;

const SEED: u64 = 4;

/// The crossroads under the Storyteller rules, seed 4.
pub(super) fn offer() -> skirmish::net::host::Offer {
    crossroads(SEED)
}

/// The host and its players, updated in turn.
pub(super) struct Table {
    pub(super) host: App,
    pub(super) address: SocketAddr,
    pub(super) players: Vec<App>,
    /// The plans the second player gave, by its combatant.
    planned: Vec<(CombatantId, Plan)>,
}

impl Table {
    pub(super) fn new(names: &[&str]) -> Self {
        Table::offering(offer(), names)
    }

    pub(super) fn offering(offer: skirmish::net::host::Offer, names: &[&str]) -> Self {
        let (host, address) = host_app(offer);
        let players = names.iter().enumerate().map(|(i, n)| player_app(n, address, i as u64 + 1)).collect();
        Table { host, address, players, planned: Vec::new() }
    }

    pub(super) fn update(&mut self) {
        for player in &mut self.players {
            player.update();
        }
        self.host.update();
    }

    /// Updates until `done` holds (at most `bound` rounds); whether it did.
    pub(super) fn until(&mut self, bound: usize, mut done: impl FnMut(&mut Table) -> bool) -> bool {
        for _ in 0..bound {
            if done(self) {
                return true;
            }
            self.update();
        }
        done(self)
    }

    pub(super) fn joined(&self, i: usize) -> &Joined {
        self.players[i].world().resource::<Joined>()
    }

    /// The unit numbered `id` as player `i` holds it (as the host sent it), if it holds it.
    fn unit_of(&mut self, i: usize, id: CombatantId) -> Option<Unit> {
        let world = self.players[i].world_mut();
        world.query::<&Unit>().iter(world).find(|u| u.id == id).cloned()
    }

    pub(super) fn say(&mut self, i: usize, message: FromPlayer) {
        self.players[i].world_mut().write_message(message);
    }

    pub(super) fn host(&self) -> &Host {
        self.host.world().resource::<Host>()
    }

    /// `value` as player `i` numbers the combatants (what it was told), with the roster's ids.
    pub(super) fn ours<T: serde::Serialize + serde::de::DeserializeOwned>(&self, i: usize, value: &T) -> T {
        in_roster(self.host(), &self.joined(i).name, value)
    }

    /// `value`, with the roster's ids, as player `i` numbers the combatants (what it says).
    fn theirs<T: serde::Serialize + serde::de::DeserializeOwned>(&self, i: usize, value: &T) -> T {
        as_player(self.host(), &self.joined(i).name, value)
    }

    /// Player `i`'s typed orders of `action` for `slot` (both with the roster's ids).
    fn order(&self, i: usize, slot: Slot, action: &AnyAction) -> FromPlayer {
        orders(self.theirs(i, &slot), &self.theirs(i, action))
    }

    /// Seats taken, sides chosen, ready: the battle begins.
    pub(super) fn begin(&mut self, sides: &[&str]) {
        assert!(self.until(2000, |t| t.host().players.len() == t.players.len()), "every player said hello");
        for (i, side) in sides.iter().enumerate() {
            self.say(i, FromPlayer::TakeSide(Some((*side).to_owned())));
            self.say(i, FromPlayer::Ready(true));
        }
        assert!(self.until(2000, |t| t.host().started()), "the battle began: {:?}", self.host().refused);
        assert!(self.until(2000, |t| (0..t.players.len()).all(|i| t.joined(i).began.is_some())));
    }

    /// Each player with a slot asked for sends the orders the normal AI would give (worked out on the host's
    /// battle as its sides see it: the script of this test), once.
    pub(super) fn give_orders(&mut self) {
        self.orders_of(&[0, 1]);
    }

    /// [`Table::give_orders`], of these players alone. The second player gives its orders as a window does, a
    /// plan of what the host offered it (attack the first enemy it may, the last way offered; else move as far as
    /// it reaches), each kept in `planned`.
    pub(super) fn orders_of(&mut self, players: &[usize]) {
        for &i in players {
            let Some((actor, slot, choices)) = self.joined(i).asked.clone() else { continue };
            let battle = &self.host.world().resource::<Engine>().0;
            let message = match i {
                1 => {
                    let plan = plan_of(&choices);
                    self.planned.push(self.ours(i, &(actor, plan.clone())));
                    FromPlayer::Plan { slot, plan }
                }
                _ => {
                    // Chosen from what its sides see: the host refuses orders that name any other.
                    let (actor, slot) = self.ours(i, &(actor, slot));
                    let seen = as_seen(battle, &seen_by(battle, &self.joined(i).yours));
                    let action = ai::choose_any(&seen, slot, Difficulty::Normal);
                    self.order(i, slot, &action.unwrap_or_else(|| battle.intended(actor, None, None)))
                }
            };
            self.players[i].world_mut().resource_mut::<Joined>().asked = None;
            self.say(i, message);
        }
    }

    /// Ann (the Jackals) and Bo (the Vipers), the battle begun and played on, Bo giving orders, until Ann is asked for
    /// a slot.
    fn at_anns_slot() -> Self {
        let mut table = Table::new(&["Ann", "Bo"]);
        table.begin(&["Jackals", "Vipers"]);
        assert!(table.until(50_000, |t| {
            t.orders_of(&[1]);
            t.joined(0).asked.is_some()
        }));
        table
    }

    /// Ann (the Jackals) and Bo (the Vipers), the battle played on by both until `n` decisions are taken.
    fn after_decisions(n: usize) -> Self {
        let mut table = Table::new(&["Ann", "Bo"]);
        table.begin(&["Jackals", "Vipers"]);
        assert!(table.until(50_000, |t| {
            t.give_orders();
            decided(t) >= n
        }));
        table
    }

    /// Ann and Bo, the battle played on until Ann's slot offers an enemy to attack.
    fn when_ann_may_attack() -> Self {
        let mut table = Table::new(&["Ann", "Bo"]);
        table.begin(&["Jackals", "Vipers"]);
        assert!(table.until(100_000, |t| {
            t.orders_of(&[1]);
            match t.joined(0).asked.as_ref().map(|(_, _, c)| c.targets.is_empty()) {
                Some(false) => true,
                Some(true) => {
                    t.orders_of(&[0]);
                    false
                }
                None => false,
            }
        }));
        table
    }

    pub(super) fn over(&self) -> bool {
        self.host.world().get_resource::<TurnState>().is_some_and(TurnState::ended)
            && (0..self.players.len()).all(|i| self.joined(i).over.is_some())
    }
}

/// Each plan carried out as planned: a move plan's unit moved to its cell, an attack plan's attacked its target.
fn check_plans(planned: &[(CombatantId, Plan)], log: &[Event]) -> (usize, usize) {
    let (mut moves, mut attacks) = (0, 0);
    for (actor, plan) in planned {
        let done = log.iter().any(|e| match (e, plan) {
            (Event::Moved { who, to, .. }, Plan { movement: Some(m), .. }) => who == actor && *to == m.to,
            (Event::AttackResolved { attacker, defender: Some(d), .. }, Plan { target: Some(t), .. }) => {
                attacker == actor && d == t
            }
            (_, Plan { movement: None, target: None, .. }) => true,
            _ => false,
        });
        assert!(done, "{plan:?} of combatant {actor} was carried out");
        moves += usize::from(plan.movement.is_some());
        attacks += usize::from(plan.target.is_some());
    }
    (moves, attacks)
}

#[test]
fn two_players_online_play_a_seeded_battle_to_its_end_each_told_what_its_side_sees() {
    let mut table = Table::new(&["Ann", "Bo"]);
    table.begin(&["Jackals", "Vipers"]);
    let done = table.until(200_000, |t| {
        t.give_orders();
        t.over()
    });
    assert!(done, "the battle ended for everyone: {:?}", table.host().refused);
    assert!(table.host().refused.is_empty(), "{:?}", table.host().refused);
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    let whole = &table.host.world().resource::<skirmish::combat::BattleLog>().0;
    for (i, side) in ["Jackals", "Vipers"].iter().enumerate() {
        let joined = table.joined(i);
        assert_eq!(joined.yours, [side.to_string()]);
        assert!(joined.trouble.is_empty(), "{:?}", joined.trouble);
        let told = table.ours(i, &joined.log.events);
        assert_eq!(told.len(), expected[i].len(), "{side}: as many events as fog lets it see");
        assert!(told == expected[i], "{side}'s log is the host's as its side sees it");
        // Not the dice's seed: with it a player could work out every roll to come.
        let started = joined.log.events.iter().find_map(|e| match e {
            Event::BattleStarted { dice, .. } => Some(dice.clone()),
            _ => None,
        });
        assert_eq!(started.as_deref(), Some(HOST_ROLLS), "{side} is told who rolls, not the seed");
        // Fog hid something from each, and each saw its own every action.
        assert!(joined.log.events.len() < whole.events.len(), "{side} was not told everything");
        let own = |log: &[Event]| {
            log.iter()
                .filter(|e| matches!(e, Event::ActionTaken { who, .. } if host_battle.view(*who).side == *side))
                .count()
        };
        assert_eq!(own(&told), own(&whole.events), "{side} was told every action of its own");
        // Its numbers are its own: from 0, one for each combatant it knows of, in the order it came to know them.
        let names = &joined.log.names;
        assert!(names.iter().all(|n| !n.is_empty()) && names.len() < host_battle.len(), "{side}: {names:?}");
        let numbers: Vec<usize> = told.iter().flat_map(Event::named).map(|id| id.index()).collect();
        assert!(numbers.iter().all(|&n| n < host_battle.len()), "{side} was told roster ids only through its own");
    }
    // Bo's every order was a plan of what it was offered, and each was carried out as planned.
    let (moves, attacks) = check_plans(&table.planned, &whole.events);
    assert!(moves >= 1 && attacks >= 3, "{moves} moves and {attacks} attacks planned");
    // The units each player holds are the ones its side sees as the battle ends: replicon sent no others.
    for (i, side) in ["Jackals", "Vipers"].iter().enumerate() {
        let seen = seen_by(&host_battle, &[side.to_string()]);
        let world = table.players[i].world_mut();
        let held: Vec<CombatantId> = world.query::<&Unit>().iter(world).map(|u| u.id).collect();
        let mut held: Vec<usize> = table.ours(i, &held).iter().map(|id| id.index()).collect();
        held.sort_unstable();
        let sees: Vec<usize> = (0..seen.len()).filter(|&j| seen[j]).collect();
        assert_eq!(held, sees, "{side} holds the units it sees");
        assert!(sees.len() < seen.len(), "{side} does not see everyone");
    }
    // Each unit a player holds has the kind of weapon its combatant holds on the host (what its shots sound like).
    let host_world = table.host.world_mut();
    let classes: std::collections::HashMap<usize, WeaponClass> =
        host_world.query::<(&Combatant, &Loadout)>().iter(host_world).map(|(c, l)| (c.0.index(), l.class)).collect();
    let world = table.players[0].world_mut();
    let told: Vec<(CombatantId, WeaponClass)> = world.query::<&Unit>().iter(world).map(|u| (u.id, u.weapon)).collect();
    let told = table.ours(0, &told);
    assert!(told.iter().all(|(id, class)| classes[&id.index()] == *class), "{told:?} against the host's {classes:?}");
    let kinds: std::collections::HashSet<WeaponClass> = classes.values().copied().collect();
    assert!(kinds.len() >= 2, "the crossroads' units carry more than one kind of weapon: {kinds:?}");
}

/// Whether the host waits for orders for a combatant of `side`.
fn waiting_for(t: &Table, side: &str) -> bool {
    let world = t.host.world();
    let (Some(state), Some(engine)) = (world.get_resource::<TurnState>(), world.get_resource::<Engine>()) else {
        return false;
    };
    state.awaiting().is_some_and(|(_, slot)| engine.0.view(slot.actor).side == side)
}

pub(super) fn decided(t: &Table) -> usize {
    t.host.world().resource::<Engine>().0.decided()
}

#[test]
fn a_player_who_drops_comes_back_to_the_running_battle_and_is_told_it_all_again() {
    let mut table = Table::after_decisions(12);
    disconnect(table.players[1].world_mut());
    assert!(table.until(2000, |t| t.host().players[1].client.is_none()), "the host saw Bo leave");
    // The battle goes on to a Viper's slot, and waits there for Bo.
    assert!(table.until(50_000, |t| {
        t.orders_of(&[0]);
        waiting_for(t, "Vipers")
    }));
    let waiting_at = decided(&table);
    table.until(300, |_| false);
    assert_eq!(decided(&table), waiting_at, "the battle waits for the player who left");
    // Bo comes back (a new connection, the same name, the seat's key its game kept): its seat, everything it was
    // told, its slot.
    let key = table.joined(1).key.clone().expect("the host gave Bo's seat a key");
    table.players[1] = player_app_keyed("Bo", table.address, 3, Some(&key));
    assert!(table.until(5000, |t| t.joined(1).asked.is_some()), "Bo is asked for the slot the battle waits at");
    assert_eq!(table.ours(1, &table.joined(1).log.events), table.host().players[1].told, "Bo was told it all again");
    assert!(table.joined(1).lobby.players.iter().all(|p| p.connected));
    ends_with_every_log_whole(&mut table);
}

/// The battle played on to its end: Ann and Bo each end with the host's log as their sides see it.
fn ends_with_every_log_whole(table: &mut Table) {
    assert!(table.until(200_000, |t| {
        t.give_orders();
        t.over()
    }));
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    assert!(
        table.ours(1, &table.joined(1).log.events) == expected[1],
        "Bo ends with the host's log as the Vipers see it"
    );
    assert!(table.ours(0, &table.joined(0).log.events) == expected[0]);
}

#[test]
fn a_player_back_with_its_key_before_the_host_saw_it_drop_takes_its_seat_over() {
    let mut table = Table::after_decisions(12);
    // Bo's game gives up on its connection (the network ate the host's answers) and joins again from a new one,
    // with the seat's key, while the host still holds the old connection.
    let old = table.host().players[1].client.expect("Bo is seated");
    let key = table.joined(1).key.clone().expect("the host gave Bo's seat a key");
    table.players[1] = player_app_keyed("Bo", table.address, 3, Some(&key));
    assert!(table.until(5000, |t| t.host().players[1].client.is_some_and(|c| c != old)), "Bo's seat moved");
    assert!(!table.host().refused.iter().any(|r| r.contains("here already")), "{:?}", table.host().refused);
    // Without the key, the name alone is still refused while Bo sits.
    let mut stranger = player_app_keyed("Bo", table.address, 4, None);
    assert!(
        table.until(5000, |t| {
            stranger.update();
            t.host().refused.iter().any(|r| r.contains("a player called Bo is here already"))
        }),
        "{:?}",
        table.host().refused
    );
    ends_with_every_log_whole(&mut table);
}

#[test]
fn orders_for_another_side_illegal_or_unreadable_are_refused_and_the_battle_goes_on() {
    let mut table = Table::at_anns_slot();
    let (actor, slot, _) = table.joined(0).asked.clone().expect("Ann's slot");
    let (actor, slot) = table.ours(0, &(actor, slot));
    let battle = table.host.world().resource::<Engine>().0.clone();
    let decided_before = battle.decided();
    // Bo orders Ann's combatant; Ann sends garbage, a walk off the map, orders naming another Jackal, plans beyond
    // what her slot offers (a cell it does not reach, an enemy she does not see, an action it does not have), and
    // says hello again.
    table.say(1, table.order(1, slot, &battle.intended(actor, None, None)));
    table.say(0, FromPlayer::Order { slot: table.theirs(0, &slot), action: "(((".into() });
    let off_map = battle.intended(actor, Some(Move { to: (-40, -40), pace: Pace::Walk }), None);
    table.say(0, table.order(0, slot, &off_map));
    let views = battle.views();
    let other =
        views.iter().map(|v| v.id()).find(|&i| i != actor && battle.view(i).side == "Jackals").expect("another Jackal");
    table.say(0, table.order(0, slot, &battle.intended(other, None, None)));
    let far = Plan { movement: Some(Move { to: (-40, -40), pace: Pace::Run }), ..Plan::default() };
    table.say(0, table.theirs(0, &FromPlayer::Plan { slot, plan: far }));
    let seen = seen_by(&battle, &["Jackals".to_owned()]);
    let unseen = (0..views.len()).find(|&i| !seen[i]).expect("an enemy the Jackals do not see");
    let at_unseen = Plan { target: Some(CombatantId::at(unseen)), ..Plan::default() };
    table.say(0, table.theirs(0, &FromPlayer::Plan { slot, plan: at_unseen }));
    table.say(0, table.theirs(0, &FromPlayer::Plan { slot, plan: Plan { other: Some(99), ..Plan::default() } }));
    table.say(0, FromPlayer::Hello { name: "Ann".into(), watching: false, key: None });
    // Typed orders at an enemy she does not see, by the next number she would give one: refused as if it were not
    // there (she has no number for it).
    let mut typed = table.order(0, slot, &battle.intended(actor, None, Some(CombatantId::at(unseen))));
    let next = table.host().players[0].numbering.len();
    if let FromPlayer::Order { action, .. } = &mut typed {
        // Her numbers have none for it: the number of no one, which she would type as her next.
        *action = action.replace(&u16::MAX.to_string(), &next.to_string());
    }
    table.say(0, typed.clone());
    assert!(table.until(2000, |t| t.joined(0).refused.len() == 8 && t.joined(1).refused.len() == 1));
    let name = battle.view(actor).name().to_owned();
    assert_eq!(table.joined(1).refused, [NOT_YOUR_SLOT], "not naming {name}, whose slot it is");
    let refused = &table.joined(0).refused;
    assert!(refused[0].starts_with("unreadable orders: "), "{refused:?}");
    assert!(!refused[1].is_empty());
    assert_eq!(refused[2], format!("those orders are not {name}'s, whose slot it is"));
    assert_eq!(refused[3], "the unit does not reach (-40, -40)");
    assert_eq!(refused[4], "there is no enemy you see to attack there");
    assert!(refused[5].starts_with("there is no other action 100: the slot has "), "{refused:?}");
    assert_eq!(refused[6], "you are here already, as Ann");
    assert!(refused[7].contains(&format!("no combatant you see is #{next}")), "{typed:?}: {refused:?}");
    assert!(!refused[7].contains(battle.view(CombatantId::at(unseen)).name()), "{refused:?}");
    assert_eq!(table.host().refused.len(), 9, "each refusal is logged: {:?}", table.host().refused);
    assert_eq!(decided(&table), decided_before, "nothing refused was carried out");
    // The battle goes on: Ann's proper orders are taken.
    let chosen = ai::choose_any(&as_seen(&battle, &seen), slot, Difficulty::Normal);
    let action = chosen.unwrap_or_else(|| battle.intended(actor, None, None));
    table.say(0, table.order(0, slot, &action));
    assert!(table.until(2000, |t| decided(t) > decided_before), "Ann's orders were carried out");
}

/// Players at a host in another process: each waits in every slot it is asked for (the AI sides fight).
struct Remote {
    players: Vec<App>,
}

impl Remote {
    fn new(address: SocketAddr, first_id: u64) -> Self {
        let players = ["Ann", "Bo"].iter().zip(first_id..).map(|(n, id)| player_app(n, address, id)).collect();
        Remote { players }
    }

    fn until(&mut self, bound: usize, mut done: impl FnMut(&Remote) -> bool) -> bool {
        for _ in 0..bound {
            if done(self) {
                return true;
            }
            for player in &mut self.players {
                player.update();
                // Each slot ended where it stands.
                let asked = player.world_mut().resource_mut::<Joined>().asked.take();
                if let Some((_, slot, _)) = asked {
                    player.world_mut().write_message(FromPlayer::Plan { slot, plan: Plan::default() });
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        done(self)
    }

    fn begin(&mut self) {
        assert!(
            self.until(5000, |r| r.players.iter().all(|p| p.world().resource::<Joined>().lobby.players.len() == 2))
        );
        for (player, side) in self.players.iter_mut().zip(["Jackals", "Vipers"]) {
            player.world_mut().write_message(FromPlayer::TakeSide(Some(side.to_owned())));
            player.world_mut().write_message(FromPlayer::Ready(true));
        }
        assert!(self.until(5000, |r| r.players.iter().all(|p| p.world().resource::<Joined>().began.is_some())));
    }
}

#[test]
fn a_host_that_stops_keeps_its_autosave_and_host_load_plays_the_battle_on_to_its_end() {
    use skirmish::battle::save::Save;
    let dir = tempfile::tempdir().expect("a folder");
    let autosave = dir.path().join("online.ron");
    let path = autosave.to_str().expect("a path");
    let saved = || Save::read(&autosave).map(|s| s.record.len()).unwrap_or(0);
    let mut first =
        HostProcess::start(&[LEVEL, "--ruleset", "storyteller", "--seed", "4", "--ai", "easy", "--autosave", path]);
    let mut remote = Remote::new(first.address, 1);
    remote.begin();
    assert!(remote.until(20_000, |_| saved() >= 10), "the battle is saved as it goes");
    first.child.kill().expect("the host stops");
    first.child.wait().expect("it stopped");
    let stopped_at = saved();
    let mut second = HostProcess::start(&["--load", path]);
    let mut remote = Remote::new(second.address, 3);
    remote.begin();
    let told = |r: &Remote| r.players[0].world().resource::<Joined>().log.events.len();
    assert!(
        remote.until(2000, |r| told(r) > stopped_at),
        "Ann is told the battle's past before the host stopped: {} events",
        told(&remote)
    );
    assert!(remote.until(60_000, |r| r.players.iter().all(|p| p.world().resource::<Joined>().over.is_some())));
    assert_eq!(second.ends_within(60), Some(0), "the host ends with the battle");
    assert!(saved() > stopped_at, "the battle went on from its save: {} decisions, {stopped_at} before", saved());
    let save = Save::read(&autosave).expect("the save");
    assert_eq!(save.battle.humans, ["Jackals", "Vipers"]);
    // Each player was told the whole battle as its side saw it, its past before the host stopped too (not only
    // from where it was taken up).
    let whole = skirmish::battle::start(&save.taken_up(&autosave), skirmish::battle::no_typing).expect("it replays");
    let sides = [Viewer::Sides(vec!["Jackals".to_owned()]), Viewer::Sides(vec!["Vipers".to_owned()])];
    let expected = expected_logs(offer(), &sides, &whole.setup.battle);
    for (player, expected) in remote.players.iter().zip(&expected) {
        let joined = player.world().resource::<Joined>();
        assert!(joined.trouble.is_empty(), "{:?}", joined.trouble);
        let told = numbering_of(joined, &whole.setup.battle).ours(&joined.log.events).expect("renumbered");
        assert_eq!(told.len(), expected.len(), "{}: the whole battle", joined.name);
        assert!(told == *expected, "{}'s log is the whole battle as its side saw it", joined.name);
    }
}

#[test]
fn a_battle_hosted_on_a_thread_as_the_menu_does_is_played_to_its_end_and_the_host_stops() {
    use skirmish::battle::save::Save;
    use skirmish::net::background::Hosting;
    let dir = tempfile::tempdir().expect("a folder");
    let autosave = dir.path().join("hosted.ron");
    let file = std::path::Path::new(LEVEL);
    let request =
        BattleRequest::new(file, Some(RulesetId::Storyteller), Difficulty::Easy).with_dice(DiceChoice::Seed(SEED));
    let address = "127.0.0.1:0".parse().expect("an address");
    let hosting = Hosting::start(request, address, Some(autosave.clone())).expect("the host starts");
    assert_ne!(hosting.address.port(), 0, "it says the port it took");
    assert!(hosting.running());
    let mut remote = Remote::new(hosting.address, 1);
    remote.begin();
    assert!(remote.until(60_000, |r| r.players.iter().all(|p| p.world().resource::<Joined>().over.is_some())));
    // The host closes a moment after everyone was told.
    assert!((0..500).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(20));
        !hosting.running()
    }));
    let save = Save::read(&autosave).expect("the battle was saved as it went");
    assert_eq!(save.battle.humans, ["Jackals", "Vipers"]);
    assert!(!save.record.is_empty());
    // A host that is let go (the window leaving its lobby) stops at once, and its port is free again.
    let request = BattleRequest::new(file, Some(RulesetId::Storyteller), Difficulty::Easy);
    let second = Hosting::start(request, address, Some(dir.path().join("second.ron"))).expect("a second host");
    let port = second.address;
    assert!(std::net::UdpSocket::bind(port).is_err(), "the second host listens on {port}");
    drop(second);
    assert!(std::net::UdpSocket::bind(port).is_ok(), "let go, it stopped and freed {port}");
}

#[test]
fn the_host_works_out_a_players_odds_from_what_its_sides_see_and_tells_that_player_alone() {
    let mut table = Table::when_ann_may_attack();
    let (actor, slot, choices) = table.joined(0).asked.clone().expect("Ann's slot");
    let (actor, slot, choices) = table.ours(0, &(actor, slot, choices));
    let battle = table.host.world().resource::<Engine>().0.clone();
    let seen = seen_by(&battle, &["Jackals".to_owned()]);
    let answer = |t: &Table, i: usize, plan: &Plan| {
        let (s, p) = t.theirs(i, &(slot, plan.clone()));
        t.joined(i).odds.clone().filter(|(slot, plan, _)| *slot == s && *plan == p)
    };
    // The odds of attacking the enemy offered first, by its last way: as the battle she knows prices them.
    let (target, ways) = choices.targets[0].clone();
    let plan = Plan { target: Some(target), way: ways.len().checked_sub(1), ..Plan::default() };
    table.say(0, table.theirs(0, &FromPlayer::AskOdds { slot, plan: plan.clone() }));
    assert!(table.until(2000, |t| answer(t, 0, &plan).is_some()), "Ann is answered");
    let (_, _, odds) = answer(&table, 0, &plan).expect("the answer");
    let known = as_seen(&battle, &seen);
    let expected = known.odds_of(actor, &plan.action(&known, actor, Vec::new())).expect("odds");
    assert_eq!(odds, Ok(expected.clone()));
    assert!(expected.title.contains(battle.view(target).name()) && !expected.chances.is_empty(), "{expected:?}");
    assert!(table.joined(1).odds.is_none(), "Bo was not told Ann's odds");
    // An enemy she does not see has no odds (not even its name), and Bo may not ask about Ann's slot.
    let unseen = (0..battle.len()).find(|&i| !seen[i]).expect("an enemy the Jackals do not see");
    let hidden = Plan { target: Some(CombatantId::at(unseen)), ..Plan::default() };
    table.say(0, table.theirs(0, &FromPlayer::AskOdds { slot, plan: hidden.clone() }));
    table.say(1, table.theirs(1, &FromPlayer::AskOdds { slot, plan: plan.clone() }));
    assert!(table.until(2000, |t| answer(t, 0, &hidden).is_some() && answer(t, 1, &plan).is_some()));
    let why =
        |t: &Table, i: usize, plan: &Plan| answer(t, i, plan).and_then(|(_, _, o)| o.err()).map(|e| e.to_string());
    let why = |t: &Table, i: usize, plan: &Plan| why(t, i, plan).unwrap_or_default();
    assert_eq!(why(&table, 0, &hidden), "there is no enemy you see to attack there");
    let name = battle.view(actor).name().to_owned();
    assert_eq!(why(&table, 1, &plan), NOT_YOUR_SLOT, "not naming {name}");
    // Asking changes nothing: the battle still waits for Ann's orders, and takes them.
    assert_eq!(decided(&table), battle.decided());
    table.say(0, table.theirs(0, &FromPlayer::Plan { slot, plan }));
    assert!(table.until(2000, |t| decided(t) > battle.decided()), "Ann's orders were carried out");
}

#[test]
fn a_spectator_who_comes_late_sees_what_every_side_sees_and_the_whole_battle_once_it_is_over() {
    use skirmish::battle::save::Save;
    let mut table = Table::after_decisions(12);
    // Cy comes to watch the battle under way: no side, nothing to command.
    table.players.push(spectator_app("Cy", table.address, 9));
    assert!(table.until(5000, |t| t.joined(2).began.is_some()), "Cy is let in: {:?}", table.host().refused);
    assert!(table.joined(2).yours.is_empty());
    table.say(2, FromPlayer::TakeSide(Some("Ravens".into())));
    assert!(table.until(2000, |t| !t.joined(2).refused.is_empty()));
    assert_eq!(table.joined(2).refused, ["the battle has begun: sides are taken"]);
    let mid_battle = table.joined(2).log.events.len();
    assert!(mid_battle > 0, "Cy is told the battle's past");
    assert!(table.until(200_000, |t| {
        t.give_orders();
        t.over()
    }));
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    let cy = table.joined(2);
    assert!(cy.trouble.is_empty(), "{:?}", cy.trouble);
    assert!(
        table.ours(2, &cy.log.events) == expected[2],
        "Cy's log is the battle as every side saw it, from its start"
    );
    // What every side sees is less than either side sees.
    for i in 0..2 {
        assert!(cy.log.events.len() < table.joined(i).log.events.len(), "Cy saw less than {}", table.joined(i).name);
    }
    // Once it is over, everyone is sent the whole battle: its log and its save, which replays to the same end.
    assert!(table.until(5000, |t| (0..3).all(|i| t.joined(i).unveiled.is_some())), "everyone is sent the whole");
    let whole = &table.host.world().resource::<skirmish::combat::BattleLog>().0;
    for i in 0..3 {
        let (log, save) = table.joined(i).unveiled.clone().expect("the whole battle");
        // By its own numbers: those it never saw numbered after the others.
        let names_by_roster: Vec<String> =
            (0..log.names.len()).map(|n| log.names[table.theirs(i, &CombatantId::at(n)).index()].clone()).collect();
        assert!(table.ours(i, &log.events) == whole.events && names_by_roster == host_battle.names());
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("watched.ron");
        std::fs::write(&path, save).expect("the save written");
        let saved = Save::read(&path).expect("the save reads");
        assert_eq!(saved.record.len(), host_battle.decided());
        // Its dice check against the commitment this player's game kept from the lobby.
        let committed = table.host().request.commitment.clone().expect("the host committed to its dice");
        assert_eq!(table.joined(i).dice_commitment.as_ref(), Some(&committed.hash));
        let (checks, verdict) = table.joined(i).verify_dice();
        assert!(
            checks && verdict.ends_with("the seed is the one the host committed to before the battle"),
            "{verdict}"
        );
        assert!(verdict.starts_with(&format!("all {} rolls from seed", saved.faces.len())), "{verdict}");
    }
}

#[test]
fn a_player_who_rolls_its_own_dice_types_them_and_the_host_rolls_them_once_the_time_is_up() {
    let mut table = Table::new(&["Ann", "Bo"]);
    table.host.world_mut().resource_mut::<Host>().dice_time = std::time::Duration::from_millis(1500);
    assert!(table.until(2000, |t| t.host().players.len() == 2));
    table.say(0, FromPlayer::OwnDice(true));
    table.begin(&["Jackals", "Vipers"]);
    assert!(table.host().lobby.players.iter().any(|p| p.name == "Ann" && p.own_dice));
    // Ann is asked for a roll of the Jackals' (their initiative comes first).
    assert!(table.until(50_000, |t| {
        t.orders_of(&[1]);
        t.joined(0).dice.is_some()
    }));
    let (wanted, _, roll) = table.joined(0).dice.clone().expect("Ann's roll");
    let wanted = table.ours(0, &wanted);
    let battle = table.host.world().resource::<Engine>().0.clone();
    assert_eq!(battle.view(wanted.who).side, "Jackals");
    let before = battle.faces().len();
    // Bo may not roll them; a face off the die is refused; then Ann's faces are taken, and rolled as typed.
    table.say(1, FromPlayer::Faces { roll, line: "1".into() });
    let line = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 99".into();
    table.say(0, FromPlayer::Faces { roll, line });
    assert!(table.until(2000, |t| !t.joined(1).refused.is_empty() && !t.joined(0).refused.is_empty()));
    assert_eq!(table.joined(1).refused, ["those dice are not yours to roll"]);
    assert!(table.joined(0).dice.is_some(), "still waited for");
    let faces: Vec<String> = (0..wanted.count).map(|_| "3".to_owned()).collect();
    let asks = table.joined(0).dice_asks;
    table.say(0, FromPlayer::Faces { roll, line: faces.join(" ") });
    // Taken (the host may ask for the next Jackal's roll at once).
    assert!(table.until(2000, |t| t.joined(0).dice.is_none() || t.joined(0).dice_asks > asks), "the faces were taken");
    assert!(!table.joined(0).dice_rolled);
    // The step goes on once every roll in it is given: the others of hers the host rolls as she asks.
    let mut answered = table.joined(0).dice_asks;
    assert!((0..5000).any(|_| {
        table.update();
        if let Some((_, _, roll)) = table.joined(0).dice.clone().filter(|_| table.joined(0).dice_asks > answered) {
            answered = table.joined(0).dice_asks;
            table.say(0, FromPlayer::RollForMe { roll });
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        table.host.world().resource::<Engine>().0.faces().len() >= before + faces.len()
    }));
    let rolled = table.host.world().resource::<Engine>().0.faces()[before..before + faces.len()].to_vec();
    assert_eq!(rolled, vec![3; faces.len()], "the battle rolled the faces Ann typed");
    // The next roll she lets be: the host waits its time, then rolls it, and says so.
    let asks = table.joined(0).dice_asks;
    assert!(table.until(50_000, |t| {
        t.orders_of(&[0, 1]);
        t.joined(0).dice.is_some() && t.joined(0).dice_asks > asks
    }));
    let late = table.joined(0).dice.clone().expect("the next roll").2;
    let asked = std::time::Instant::now();
    assert!((0..2000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        table.joined(0).dice_rolled
    }));
    assert!(asked.elapsed() >= std::time::Duration::from_millis(1000), "after its time: {:?}", asked.elapsed());
    // Faces typed a moment too late are refused, not taken for the next roll.
    let refusals = table.joined(0).refused.len();
    table.say(0, FromPlayer::Faces { roll: late, line: "3".into() });
    assert!(table.until(2000, |t| t.joined(0).refused.len() > refusals));
    assert_eq!(
        table.joined(0).refused.last().map(String::as_str),
        Some("that roll is no longer waited for (the host rolled it)")
    );
    // The battle goes on to its end, her every other roll rolled by the host as she asks (*Roll for me*).
    let mut answered = table.joined(0).dice_asks;
    assert!((0..200_000).any(|_| {
        table.update();
        table.give_orders();
        if let Some((_, _, roll)) = table.joined(0).dice.clone().filter(|_| table.joined(0).dice_asks > answered) {
            answered = table.joined(0).dice_asks;
            table.say(0, FromPlayer::RollForMe { roll });
        }
        table.over()
    }));
    assert_eq!(table.host().request.by_hand, ["Jackals"], "saved as rolled by hand");
    // Her log marks the events whose faces were typed in, as one screen's does: her 3s among them; and the whole
    // battle, once over, marks what the host's log marks.
    assert!(table.until(2000, |t| t.joined(0).unveiled.is_some()));
    let ann = table.joined(0);
    assert_eq!(ann.typed.len(), ann.log.events.len());
    let marked: Vec<&Event> = ann.log.events.iter().zip(&ann.typed).filter(|(_, t)| **t).map(|(e, _)| e).collect();
    assert!(marked.iter().any(|e| e.faces().contains(&3)), "her typed faces are marked: {marked:?}");
    assert!(marked.iter().all(|e| !e.faces().is_empty()), "only events that show faces");
    let (typed, whole) = (table.host.world().resource::<TypedRolls>(), table.host.world().resource::<BattleLog>());
    let host_marks: Vec<bool> = (0..whole.0.events.len()).map(|at| typed.typed(at)).collect();
    assert_eq!(ann.unveiled_typed, host_marks, "the whole battle marked as the host's log is");
    let seat = table.host().players.iter().find(|p| p.name == "Ann").expect("Ann's seat");
    assert_eq!(seat.told_typed, ann.typed, "told as the host marked them");
    // Her faces are named as typed in by hand; every other die checks against the seed committed to.
    let (checks, verdict) = ann.verify_dice();
    assert!(checks && verdict.contains("typed in by hand, not the seed's"), "{verdict}");
}

#[test]
fn a_host_may_let_spectators_see_everything() {
    use skirmish::net::host::{Spectators, told_of};
    let mut table = Table::new(&["Ann", "Bo"]);
    table.host.world_mut().resource_mut::<Host>().spectators = Spectators::All;
    table.begin(&["Jackals", "Vipers"]);
    table.players.push(spectator_app("Cy", table.address, 9));
    assert!(table.until(200_000, |t| {
        t.give_orders();
        t.over()
    }));
    let battle = table.host.world().resource::<Engine>().0.clone();
    let whole = &table.host.world().resource::<skirmish::combat::BattleLog>().0;
    let everything = told_of(&vec![true; battle.len()], &battle.names(), &whole.events);
    assert!(
        table.ours(2, &table.joined(2).log.events) == everything,
        "Cy saw the whole battle as it went (not the seed)"
    );
    let world = table.players[2].world_mut();
    assert_eq!(world.query::<&Unit>().iter(world).count(), battle.len(), "Cy holds every unit");
}

#[test]
fn the_host_works_out_a_players_heat_map_from_what_its_sides_see_and_tells_that_player_alone() {
    let mut table = Table::at_anns_slot();
    let (_, slot, _) = table.joined(0).asked.clone().expect("Ann's slot");
    let battle = table.host.world().resource::<Engine>().0.clone();
    table.say(0, FromPlayer::AskHeat { slot });
    table.say(1, FromPlayer::AskHeat { slot });
    // Worked out on a task of the host's: the battle goes on being updated meanwhile.
    assert!((0..5000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
        table.joined(0).heat.is_some() && !table.joined(1).refused.is_empty()
    }));
    let (for_slot, heat) = table.joined(0).heat.clone().expect("Ann's heat map");
    let (for_slot, heat) = table.ours(0, &(for_slot, heat));
    let slot = table.ours(0, &slot);
    let known = as_seen(&battle, &seen_by(&battle, &["Jackals".to_owned()]));
    assert_eq!(for_slot, slot);
    assert_eq!(heat, skirmish::ai::lab::heat_map_any(&known, slot), "the map of the battle as the Jackals know it");
    assert!(heat.len() > 1, "every cell the unit reaches: {}", heat.len());
    assert!(table.joined(1).heat.is_none(), "Bo was not sent Ann's map");
    let name = battle.view(slot.actor).name().to_owned();
    assert_eq!(table.joined(1).refused, [NOT_YOUR_SLOT], "not naming {name}, whose slot it is");
    // Ann asks again and leaves at once: the host sends nothing to a connection gone, and goes on.
    table.players[0].world_mut().resource_mut::<Joined>().heat = None;
    table.say(0, FromPlayer::AskHeat { slot });
    table.players[0].update();
    disconnect(table.players[0].world_mut());
    for _ in 0..300 {
        table.update();
    }
    assert!(table.host().players[0].client.is_none(), "the host saw Ann go");
    assert!(table.joined(0).heat.is_none());
}

#[test]
fn the_host_thinks_over_the_experts_hint_on_what_its_sides_see_and_tells_that_player_alone() {
    use skirmish::lab::hint::Asked;
    use skirmish::rules::tools::no_odds::NoOdds;
    let mut table = Table::when_ann_may_attack();
    // A tenth of a second a decision: the host's battle says how long the expert thinks.
    table.host.world_mut().resource_mut::<Host>().request.think_ms = Some(100);
    let (_, slot, _) = table.joined(0).asked.clone().expect("Ann's slot");
    let battle = table.host.world().resource::<Engine>().0.clone();
    table.say(0, FromPlayer::AskExpert { ask: 7, slot, plan: Plan::default() });
    table.say(1, FromPlayer::AskExpert { ask: 1, slot, plan: Plan::default() });
    // Thought over on a task of the host's: the battle goes on being updated meanwhile.
    assert!((0..20_000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
        table.joined(0).expert.is_some() && table.joined(1).expert.is_some()
    }));
    let (ask, said) = table.ours(0, &table.joined(0).expert.clone().expect("Ann's hint"));
    let (hers, slot) = (slot, table.ours(0, &slot));
    assert_eq!(ask, 7, "the answer names the question");
    let known = as_seen(&battle, &seen_by(&battle, &["Jackals".to_owned()]));
    let think = skirmish::ai::expert::Think { millis: 100 };
    let here = Asked { battle: known, slot, think, plan: Plan::default() };
    let told = skirmish::rules::tools::told::OddsTold::Exact;
    let expected = here.answer(told, &Default::default()).expect("an enemy in sight");
    assert_eq!(*said.expect("a hint"), expected, "the hint on the battle as the Jackals know it");
    assert!(expected.chance.ends_with('%') && !expected.choice.is_empty(), "{expected:?}");
    let bo = table.joined(1).expert.clone().expect("Bo is answered").1;
    assert_eq!(bo, Err(NoOdds::NotYourSlot(NOT_YOUR_SLOT.into())), "Bo was not told Ann's hint");
    // A new question takes the place of the last, whose work stops: only the new one is answered.
    table.players[0].world_mut().resource_mut::<Joined>().expert = None;
    table.say(0, FromPlayer::AskExpert { ask: 8, slot: hers, plan: Plan::default() });
    table.say(0, FromPlayer::AskExpert { ask: 9, slot: hers, plan: Plan::default() });
    let mut heard = Vec::new();
    assert!((0..20_000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
        heard.extend(table.players[0].world_mut().resource_mut::<Joined>().expert.take().map(|(ask, _)| ask));
        heard.contains(&9)
    }));
    assert_eq!(heard, [9], "the question taken over is never answered");
}

#[test]
fn the_host_prices_a_players_what_if_on_what_its_sides_see_and_tells_that_player_alone() {
    use skirmish::rules::mechanics::suppose::Supposed;
    use skirmish::rules::tools::no_odds::NoOdds;
    use skirmish::rules::tools::what_if::{Setup, price};
    let mut table = Table::when_ann_may_attack();
    let (actor, _, choices) = table.joined(0).asked.clone().expect("Ann's slot");
    let (actor, choices) = table.ours(0, &(actor, choices));
    let battle = table.host.world().resource::<Engine>().0.clone();
    let seen = seen_by(&battle, &["Jackals".to_owned()]);
    let target = choices.targets[0].0;
    // Her unit at the first enemy offered, supposing it wounded and herself a step to the side.
    let (x, y) = battle.view(actor).position;
    let wounded = Supposed { taken: vec![Some(2)], ..Supposed::default() };
    let setup = Setup { attacker: actor, target, from: (x, y + 1), way: 9, supposed: [Supposed::default(), wounded] };
    let unseen = CombatantId::at((0..battle.len()).find(|&i| !seen[i]).expect("an enemy the Jackals do not see"));
    table.say(0, table.theirs(0, &FromPlayer::AskWhatIf { ask: 1, setup: setup.clone() }));
    let hidden = FromPlayer::AskWhatIf { ask: 2, setup: Setup { target: unseen, ..setup.clone() } };
    table.say(0, table.theirs(0, &hidden));
    assert!(table.until(2000, |t| t.joined(0).what_if.len() == 2), "Ann is answered twice");
    let answers = table.ours(0, &table.joined(0).what_if);
    let priced = answers[0].1.clone().expect("priced");
    assert_eq!((answers[0].0, &*priced), (1, &price(&as_seen(&battle, &seen), &setup).expect("priced here")));
    assert_eq!(priced.standing[1].name, battle.view(target).name(), "the target as it stands");
    assert!(priced.setup.way < priced.ways.len(), "the way kept within the {} there are", priced.ways.len());
    assert!(matches!(&priced.odds, Some(Ok(odds)) if !odds.chances.is_empty()), "{:?}", priced.odds);
    // An enemy she does not see is priced no more than a unit that is not there.
    let nobody = Setup { target: CombatantId::at(999), ..setup.clone() };
    let said = |(ask, priced): &(u32, Result<_, NoOdds>)| (*ask, priced.as_ref().err().map(ToString::to_string));
    assert_eq!(said(&answers[1]), (2, Some("no such unit in sight".to_owned())));
    table.say(0, table.theirs(0, &FromPlayer::AskWhatIf { ask: 3, setup: nobody }));
    assert!(table.until(2000, |t| t.joined(0).what_if.len() == 3));
    assert_eq!(said(&table.joined(0).what_if[2]), (3, Some("no such unit in sight".to_owned())));
    assert!(table.joined(1).what_if.is_empty(), "Bo was told none of it");
    // Asking changes nothing: the battle still waits for Ann's orders.
    table.update();
    assert_eq!(decided(&table), battle.decided());
}

#[test]
fn a_player_delays_its_slot_which_comes_back_once_everyone_else_in_the_turn_has_acted() {
    let mut table = Table::at_anns_slot();
    let (actor, slot, choices) = table.joined(0).asked.clone().expect("Ann's slot");
    assert!(choices.may_delay, "a slot not delayed yet may be");
    let roster_actor = table.ours(0, &actor);
    let logged = table.host.world().resource::<skirmish::combat::BattleLog>().0.events.len();
    let asks = table.joined(0).asks;
    table.players[0].world_mut().resource_mut::<Joined>().asked = None;
    assert!(!table.unit_of(0, actor).expect("Ann holds her unit").delayed);
    table.say(0, FromPlayer::Delay { slot });
    // The battle goes on (Bo, the AI, Ann's other units, each ending its slot), and Ann's slot comes back; meanwhile
    // her unit shows as delayed (its badge).
    let mut badged = false;
    assert!(table.until(50_000, |t| {
        t.orders_of(&[1]);
        badged |= t.unit_of(0, actor).is_some_and(|u| u.delayed);
        match t.joined(0).asked.clone().filter(|_| t.joined(0).asks > asks) {
            Some((a, _, _)) if a == actor => true,
            Some((_, other, _)) => {
                t.players[0].world_mut().resource_mut::<Joined>().asked = None;
                t.say(0, FromPlayer::Plan { slot: other, plan: Plan::default() });
                false
            }
            None => false,
        }
    }));
    let (_, slot_again, choices) = table.joined(0).asked.clone().expect("Ann's slot again");
    let whole = &table.host.world().resource::<skirmish::combat::BattleLog>().0;
    let delayed = |e: &Event| matches!(e, Event::ActionTaken { who, action } if *who == roster_actor && action.starts_with("delays its action"));
    assert!(whole.events[logged..].iter().any(delayed), "the log says it delayed");
    assert!(badged, "Ann was told her unit delayed");
    assert!(!choices.may_delay, "a delayed slot may not be delayed again");
    let decided_now = decided(&table);
    table.say(0, FromPlayer::Delay { slot: slot_again });
    assert!(table.until(2000, |t| !t.joined(0).refused.is_empty()));
    assert_eq!(table.joined(0).refused, ["a slot delayed once cannot be delayed again"]);
    assert_eq!(decided(&table), decided_now, "nothing was decided by the refused delay");
}

#[test]
fn each_player_is_sent_the_maps_picture_once_in_pieces_and_keeps_it_whole() {
    // 300,000 bytes: five pieces of 64 KiB.
    let picture: Vec<u8> = (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let offer =
        skirmish::net::host::Offer { picture: Some((std::sync::Arc::new(picture.clone()), "png".into())), ..offer() };
    let mut table = Table::offering(offer, &["Ann", "Bo"]);
    table.begin(&["Jackals", "Vipers"]);
    assert!(table.until(2_000, |t| t.joined(0).picture_file.is_some() && t.joined(1).picture_file.is_some()));
    for i in 0..2 {
        let file = table.joined(i).picture_file.clone().expect("kept");
        assert_eq!(std::fs::read(&file).expect("the file"), picture, "player {i}");
        assert!(table.joined(i).trouble.is_empty(), "{:?}", table.joined(i).trouble);
    }
}

/// Whether `event` shows a die of a combatant `hidden` marks (by the roster's ids): a test's pool or face, a sum's
/// faces.
fn shows_a_hidden_die(event: &Event, hidden: &[bool]) -> bool {
    let of = |who: &CombatantId| hidden.get(who.index()) == Some(&true);
    match event {
        Event::Tested(t) => of(&t.who),
        Event::Calculated { who, terms, .. } => of(who) && terms.iter().any(|t| !t.faces.is_empty()),
        _ => false,
    }
}

#[test]
fn rolls_behind_the_gms_screen_reach_no_player_online_only_how_they_went() {
    // The Ravens and the Wolves, the AI's, are rolled behind the screen: the players are told how each roll went.
    let mut offer = offer();
    offer.request.behind_screen = vec!["Ravens".into(), "Wolves".into()];
    let mut table = Table::offering(offer, &["Ann", "Bo"]);
    table.begin(&["Jackals", "Vipers"]);
    // Every message as it comes: no face or pool of theirs, update after update.
    let mut checked = [0usize; 2];
    let mut veiled = [0usize; 2];
    let done = table.until(200_000, |t| {
        t.give_orders();
        let battle = t.host.world().resource::<Engine>().0.clone();
        let hidden: Vec<bool> = battle.views().iter().map(|v| v.side == "Ravens" || v.side == "Wolves").collect();
        for i in 0..2 {
            let events = t.ours(i, &t.joined(i).log.events);
            for event in events.iter().skip(checked[i]) {
                assert!(!shows_a_hidden_die(event, &hidden), "{} was told {event:?}", t.joined(i).name);
                veiled[i] += usize::from(matches!(event, Event::Veiled { .. }));
            }
            checked[i] = events.len();
        }
        t.over()
    });
    assert!(done, "the battle ended: {:?}", table.host().refused);
    assert!(veiled.iter().all(|&n| n >= 3), "each player was told how hidden rolls went: {veiled:?}");
    // The host's log keeps every face; once it is over, the players get the whole battle veiled, and no save.
    let battle = table.host.world().resource::<Engine>().0.clone();
    let hidden: Vec<bool> = battle.views().iter().map(|v| v.side == "Ravens" || v.side == "Wolves").collect();
    let whole = table.host.world().resource::<skirmish::combat::BattleLog>().0.clone();
    assert!(whole.events.iter().any(|e| shows_a_hidden_die(e, &hidden)), "the host's log has them");
    assert!(table.until(5000, |t| (0..2).all(|i| t.joined(i).unveiled.is_some())), "everyone is sent the whole");
    for i in 0..2 {
        let (log, save) = table.joined(i).unveiled.clone().expect("the whole battle");
        let events = table.ours(i, &log.events);
        assert!(events.iter().all(|e| !shows_a_hidden_die(e, &hidden)), "the whole battle, still veiled");
        assert_eq!(events.len(), whole.events.len(), "every event, fog lifted");
        assert!(save.is_empty(), "no save: it holds every face");
    }
}

#[test]
fn a_player_who_chooses_its_defenses_is_asked_with_the_odds_and_the_host_decides_once_the_time_is_up() {
    // Shadowrun 4, where every shot at a runner with Dodge offers a full dodge.
    let file = std::path::Path::new(LEVEL);
    let request =
        BattleRequest::new(file, Some(RulesetId::Shadowrun4), Difficulty::Easy).with_dice(DiceChoice::Seed(3));
    let started = skirmish::battle::start(&request, skirmish::battle::no_typing).expect("the level");
    let mut table = Table::offering(skirmish::net::host::Offer::of(started, None), &["Ann", "Bo"]);
    table.host.world_mut().resource_mut::<Host>().dice_time = std::time::Duration::from_millis(1500);
    assert!(table.until(2000, |t| t.host().players.len() == 2));
    table.say(0, FromPlayer::AsksDefense(true));
    table.begin(&["Jackals", "Vipers"]);
    assert!(table.host().lobby.players.iter().any(|p| p.name == "Ann" && p.asks_defense));
    // A Jackal is shot at: Ann is asked, each choice with its exact odds.
    assert!(table.until(100_000, |t| {
        t.give_orders();
        t.joined(0).defense.is_some()
    }));
    let (question, _, ask) = table.joined(0).defense.clone().expect("Ann's question");
    let battle = table.host.world().resource::<Engine>().0.clone();
    let defender = table.ours(0, &question.defender);
    assert_eq!(battle.view(defender).side, "Jackals");
    assert!(question.options.len() >= 2, "{question:?}");
    assert!(question.options.iter().all(|o| o.odds.as_deref().is_some_and(|s| s.starts_with("hit "))), "{question:?}");
    assert!(question.options.iter().any(|o| o.costs_action), "a full dodge: {question:?}");
    // Bo may not answer it; an option the question does not have is refused; Ann's answer is taken.
    let decided = battle.decided();
    table.say(1, FromPlayer::Defend { ask, option: Some(0) });
    table.say(0, FromPlayer::Defend { ask, option: Some(9) });
    assert!(table.until(2000, |t| !t.joined(1).refused.is_empty() && !t.joined(0).refused.is_empty()));
    assert_eq!(table.joined(1).refused, ["that defender is not yours"]);
    assert_eq!(table.joined(0).refused, ["no such defense"]);
    let full = question.options.iter().position(|o| o.costs_action).expect("a full defense");
    table.say(0, FromPlayer::Defend { ask, option: Some(full) });
    assert!(table.until(2000, |t| t.host.world().resource::<Engine>().0.decided() > decided), "the attack goes on");
    assert!(!table.joined(0).defense_by_itself);
    let log = &table.host.world().resource::<BattleLog>().0;
    let name = battle.view(defender).name().to_owned();
    assert!(
        log.lines()
            .any(|l| l == format!("{name}: goes on full defense (an interrupt: it spends its next Action Phase)"))
    );
    // The next question she lets be: after its time the host has the unit decide by itself, and says so.
    assert!(table.until(100_000, |t| {
        t.give_orders();
        t.joined(0).defense.as_ref().is_some_and(|(_, _, n)| *n > ask)
    }));
    let asked = std::time::Instant::now();
    assert!((0..3000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        table.joined(0).defense_by_itself
    }));
    assert!(asked.elapsed() >= std::time::Duration::from_millis(1000), "after its time: {:?}", asked.elapsed());
    // The battle goes on to its end, every later question answered with its first choice.
    assert!((0..200_000).any(|_| {
        table.update();
        table.give_orders();
        if let Some((_, _, ask)) = table.joined(0).defense.clone() {
            table.say(0, FromPlayer::Defend { ask, option: Some(0) });
            table.players[0].world_mut().resource_mut::<Joined>().defense = None;
        }
        table.over()
    }));
    assert_eq!(table.host().request.asked, ["Jackals"], "saved as asked");
}

#[test]
fn a_game_master_online_sees_every_unit_and_changes_the_battle_by_hand_and_only_the_gm_does() {
    // The Ravens have a heavy waiting in reserve for the GM to bring in.
    let mut offer = offer();
    offer.request.reserve.push(skirmish::scenario::reserve::Reinforcement::archetype("Ravens", "heavy"));
    let started = skirmish::battle::start(&offer.request, skirmish::battle::no_typing).expect("the level");
    let mut table = Table::offering(skirmish::net::host::Offer::of(started, None), &["Ann", "Bo"]);
    assert!(table.until(2000, |t| t.host().players.len() == 2));
    // Ann sits in the GM's seat with no side, says ready; Bo takes the Vipers.
    table.say(0, FromPlayer::TakeGm(true));
    assert!(table.until(2000, |t| t.host().players.iter().any(|p| p.name == "Ann" && p.gm)));
    table.say(1, FromPlayer::TakeGm(true));
    assert!(table.until(2000, |t| !t.joined(1).refused.is_empty()));
    assert_eq!(table.joined(1).refused, ["Ann is the game master already"]);
    table.say(0, FromPlayer::Ready(true));
    table.say(1, FromPlayer::TakeSide(Some("Vipers".into())));
    table.say(1, FromPlayer::Ready(true));
    assert!(table.until(5000, |t| t.host().started()), "a GM with no side may start the battle");
    assert!(table.host().request.gm, "saved as a GM's battle");
    // The GM sees every unit; Bo only what the Vipers see.
    let all = table.host.world().resource::<Engine>().0.len();
    assert!(table.until(5000, |t| t.joined(0).log.names.len() == all), "the GM knows every unit");
    // A change by hand: the first Raven's first track set to 2, in the log for everyone who sees it.
    let battle = table.host.world().resource::<Engine>().0.clone();
    let raven = (0..all).map(CombatantId::at).find(|&id| battle.view(id).side == "Ravens").expect("a Raven");
    let name = battle.view(raven).name().to_owned();
    let track = battle.tracks(raven)[0].name.clone();
    let theirs = table.theirs(0, &raven);
    table.say(0, FromPlayer::Gm(skirmish::rules::engine::gm::GmChange::Track { who: theirs, track: 0, taken: 2 }));
    let line = format!("GM: {name}'s {track} 0 → 2");
    assert!(table.until(5000, |t| t.host.world().resource::<BattleLog>().0.lines().any(|l| l == line)), "{line}");
    assert!(table.until(5000, |t| t.joined(0).log.lines().any(|l| l == line)), "the GM is told it");
    // Only the GM changes the battle; a change the rules refuse is said to the GM.
    let bo_refusals = table.joined(1).refused.len();
    let mine = table.theirs(
        1,
        &CombatantId::at((0..all).find(|&i| battle.view(CombatantId::at(i)).side == "Vipers").expect("a Viper")),
    );
    table.say(1, FromPlayer::Gm(skirmish::rules::engine::gm::GmChange::TakeOff { who: mine }));
    assert!(table.until(5000, |t| t.joined(1).refused.len() > bo_refusals));
    assert_eq!(
        table.joined(1).refused.last().map(String::as_str),
        Some("only the game master changes the battle by hand")
    );
    let refusals = table.joined(0).refused.len();
    table.say(0, FromPlayer::Gm(skirmish::rules::engine::gm::GmChange::Track { who: theirs, track: 9, taken: 1 }));
    assert!(table.until(5000, |t| t.joined(0).refused.len() > refusals), "the refusal is said to the GM");
    assert!(table.joined(0).refused.last().is_some_and(|r| r.starts_with("the rules refused the change: ")));
    // A reinforcement brought in on a free cell of the open street, in the log as every change.
    // The reserve joins the roster last.
    let waiting = CombatantId::at(all - 1);
    assert_eq!(battle.view(waiting).side, "Ravens");
    assert!(battle.view(waiting).name().contains("heavy"), "{}", battle.view(waiting).name());
    let taken: Vec<_> = (0..all).map(|i| battle.view(CombatantId::at(i)).position).collect();
    let free = (0..32).map(|x| (x, 6)).find(|c| !taken.contains(c)).expect("a free cell");
    let theirs = table.theirs(0, &waiting);
    table.say(0, FromPlayer::Gm(skirmish::rules::engine::gm::GmChange::BringIn { who: theirs, to: free }));
    let line = format!("GM: {}'s place off the map (reserve) → {free:?}", battle.view(waiting).name());
    assert!(table.until(5000, |t| t.joined(0).log.lines().any(|l| l == line)), "{line}");
    assert_eq!(table.host.world().resource::<Engine>().0.view(waiting).position, free);
}

#[test]
fn a_host_with_a_password_lets_in_who_knows_it_and_turns_the_others_away_before_the_lobby() {
    use skirmish::net::{Closed, why_closed};
    let offer = skirmish::net::host::Offer { password: "owl".into(), ..offer() };
    let mut table = Table::offering(offer, &[]);
    table.players.push(player_app_with("Ann", table.address, 1, "owl"));
    table.players.push(player_app_with("Eve", table.address, 2, "crow"));
    table.players.push(player_app("Mal", table.address, 3));
    assert!(table.until(5000, |t| t.joined(0).lobby.players.len() == 1), "Ann, with the password, is in the lobby");
    // The host never hears the others (it cannot open their tokens): after netcode's wait their ends give up.
    let turned_away = (0..3000).any(|_| {
        table.update();
        std::thread::sleep(std::time::Duration::from_millis(10));
        [1, 2].iter().all(|&i| why_closed(table.players[i].world()) == Some(Closed::NoAnswer))
    });
    assert!(turned_away, "a wrong password and none are not answered");
    let seated: Vec<&str> = table.host().players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(seated, ["Ann"]);
    assert!((1..3).all(|i| table.joined(i).lobby.title.is_empty()), "no lobby for those without the password");
}

#[test]
fn a_gone_players_seat_is_taken_back_only_with_its_key_or_by_the_name_the_host_hands_it_to() {
    use skirmish::net::host::{HostCommand, commands_of};
    let mut table = Table::after_decisions(12);
    let commands = commands_of(&mut table.host);
    let key = table.joined(1).key.clone().expect("the host gave Bo's seat a key");
    assert_ne!(table.joined(0).key.as_ref(), Some(&key), "each seat has a key of its own");
    disconnect(table.players[1].world_mut());
    assert!(table.until(2000, |t| t.host().players[1].client.is_none()), "the host saw Bo leave");
    // Someone who knows Bo's name, without the key or with a wrong one, does not take the seat.
    let wrong = format!("{:032x}", u128::from_str_radix(&key, 16).expect("hex") ^ 1);
    for (id, said) in [(3, None), (4, Some(wrong.as_str()))] {
        table.players[1] = player_app_keyed("Bo", table.address, id, said);
        assert!(table.until(3000, |t| !t.joined(1).refused.is_empty()), "refused");
        assert!(table.joined(1).refused[0].starts_with("Bo's seat is taken back only from the game that sat in it"));
        assert!(table.host().players[1].client.is_none() && table.joined(1).began.is_none());
    }
    // With its key, the seat is Bo's again, and the battle goes on.
    table.players[1] = player_app_keyed("Bo", table.address, 5, Some(&key));
    assert!(table.until(5000, |t| t.joined(1).began.is_some()), "{:?}", table.joined(1).refused);
    assert_eq!(table.joined(1).yours, ["Vipers"]);
    assert_eq!(table.joined(1).key.as_ref(), Some(&key), "the seat keeps its key");
    // Bo drops again; the host hands the seat to Cid, who joins by that name and takes it, with a key of his own.
    disconnect(table.players[1].world_mut());
    assert!(table.until(2000, |t| t.host().players[1].client.is_none()));
    commands.send(HostCommand::Hand { seat: "Ann".into(), to: "Cid".into() }).expect("sent");
    commands.send(HostCommand::Hand { seat: "Bo".into(), to: "Ann".into() }).expect("sent");
    commands.send(HostCommand::Hand { seat: "Bo".into(), to: "Cid".into() }).expect("sent");
    assert!(table.until(100, |t| t.host().notes.len() == 3));
    let notes = &table.host().notes;
    assert_eq!(notes[0], "Ann is here: only a gone player's seat is handed to someone else");
    assert_eq!(notes[1], "\"Ann\" is not a name free to take the seat");
    assert_eq!(notes[2], "Bo's seat is Cid's now: Cid joins by that name to take it");
    assert!(
        table.until(1000, |t| t
            .joined(0)
            .chat
            .iter()
            .any(|(from, text)| from == "the host" && text == &t.host().notes[2]))
    );
    // Bo's old key no longer takes anything: there is no seat called Bo, and the battle takes no new players.
    table.players[1] = player_app_keyed("Bo", table.address, 6, Some(&key));
    assert!(table.until(3000, |t| !t.joined(1).refused.is_empty()));
    assert_eq!(table.joined(1).refused, ["the battle has begun: only its players can come back"]);
    table.players[1] = player_app("Cid", table.address, 7);
    assert!(table.until(5000, |t| t.joined(1).began.is_some()), "{:?}", table.joined(1).refused);
    assert_eq!(table.joined(1).yours, ["Vipers"]);
    let cids = table.joined(1).key.clone().expect("Cid was given the seat's new key");
    assert_ne!(cids, key);
    assert_eq!(table.host().request.names.get("Vipers").map(String::as_str), Some("Cid"));
    assert!(table.until(200_000, |t| {
        t.give_orders();
        t.over()
    }));
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    assert!(table.ours(1, &table.joined(1).log.events) == expected[1], "Cid ends with the Vipers' log");
}

#[test]
fn spectators_are_capped_and_a_spectators_seat_is_freed_when_it_leaves() {
    let capped = skirmish::net::host::Offer { spectators_max: 1, ..offer() };
    let mut table = Table::offering(capped, &["Ann", "Bo"]);
    table.begin(&["Jackals", "Vipers"]);
    table.players.push(spectator_app("Cy", table.address, 9));
    assert!(table.until(5000, |t| t.joined(2).began.is_some()), "Cy watches: {:?}", table.host().refused);
    // One spectator at once: Di is turned away while Cy watches.
    table.players.push(spectator_app("Di", table.address, 10));
    assert!(table.until(3000, |t| !t.joined(3).refused.is_empty()));
    assert_eq!(table.joined(3).refused, ["no more spectators: the host lets 1 watch at once"]);
    // Cy leaves: the seat is freed (no longer in the lobby), and Di takes it, told the battle from its start.
    disconnect(table.players[2].world_mut());
    assert!(table.until(2000, |t| t.host().players[2].vacant), "Cy's seat was freed");
    assert!(table.until(2000, |t| t.joined(0).lobby.players.len() == 2), "Cy is gone from the lobby");
    table.players[3] = spectator_app("Di", table.address, 11);
    assert!(table.until(5000, |t| t.joined(3).began.is_some()), "{:?}", table.joined(3).refused);
    assert_eq!(table.host().players.len(), 3, "Di sits in Cy's seat");
    assert_eq!(table.host().players[2].name, "Di");
    drop(table.players.remove(2));
    assert!(table.until(200_000, |t| {
        t.give_orders();
        t.over()
    }));
    let host_battle = table.host.world().resource::<Engine>().0.clone();
    let expected = expected_logs(offer(), &viewers(table.host()), &host_battle);
    assert!(table.ours(2, &table.joined(2).log.events) == expected[2], "Di's log is what every side saw");
    // The units Di holds are those her numbering knows, numbered so: none of Cy's numbering is left in the seat.
    let world = table.players[2].world_mut();
    let held: Vec<Unit> = world.query::<&Unit>().iter(world).cloned().collect();
    let numbering = table.host().players[2].numbering.len();
    assert!(!held.is_empty() && held.iter().all(|u| u.id.index() < numbering), "{held:?}");
    // The host's entities Di was sent are her seat's block, in her own numbers: they tell nothing else.
    for i in 0..3 {
        let entities = host_entities(&mut table.players[i]);
        let offsets: std::collections::BTreeSet<i64> =
            entities.iter().map(|&(host, id)| i64::from(host) - id as i64).collect();
        assert!(!entities.is_empty() && offsets.len() == 1, "player {i}: {entities:?}");
    }
}

#[test]
fn a_host_that_waits_for_two_players_does_not_begin_when_the_first_says_ready() {
    let two = skirmish::net::host::Offer { players: 2, ..offer() };
    let mut table = Table::offering(two, &["Ann"]);
    assert!(table.until(2000, |t| t.host().players.len() == 1), "Ann said hello");
    table.say(0, FromPlayer::TakeSide(Some("Jackals".into())));
    table.say(0, FromPlayer::Ready(true));
    assert!(table.until(2000, |t| t.joined(0).lobby.players.first().is_some_and(|p| p.ready)));
    // Ann is ready and alone: the battle waits for a second player, and the lobby says it waits for two.
    table.until(200, |_| false);
    assert!(!table.host().started(), "the battle waits for Bo");
    assert_eq!(table.joined(0).lobby.waits_for, 2);
    table.players.push(player_app("Bo", table.address, 2));
    assert!(table.until(2000, |t| t.host().players.len() == 2), "Bo said hello");
    table.say(1, FromPlayer::TakeSide(Some("Vipers".into())));
    assert!(table.until(2000, |t| t.joined(0).lobby.players.get(1).is_some_and(|p| !p.sides.is_empty())));
    table.until(100, |_| false);
    assert!(!table.host().started(), "Bo is here but not ready");
    table.say(1, FromPlayer::Ready(true));
    assert!(table.until(2000, |t| t.host().started()), "two players here and ready: {:?}", table.host().refused);
    let names: Vec<&str> = table.host().request.names.values().map(String::as_str).collect();
    assert_eq!(names, ["Ann", "Bo"], "each plays its side");
}
