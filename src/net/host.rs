//! The host of an online battle: the lobby (who is connected, the sides each takes, ready), then the battle, run by
//! the one engine in this app (the combat ECS layer; the host rolls every die). Each player's orders are checked —
//! a slot of theirs, the one the battle waits for, an action the rules take — and anything else is refused, logged
//! and the battle goes on. Each player is sent only what its sides see: the units (replicon's visibility, by the
//! `SeenBy` mask) and the log (`rules::fog`). A player who drops and comes back by the same name takes its seat
//! again and is sent everything it was told; the battle is saved after every decision, and `host --load` resumes
//! the save.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use bevy_replicon::prelude::*;

use super::MAX_PLAYERS;
use super::protocol::{FromHost, FromPlayer, LobbyView, PlayerSeat, Seat, SeenBy, Unit};
use crate::ai::Minds;
use crate::ai::lab::heat_map_any;
use crate::battle::{BattleRequest, Started};
use crate::combat::battle::insert_battle;
use crate::combat::components::{Combatant, Loadout, StatusList, Tracks};
use crate::combat::messages::{DeclareAction, DelaySlot};
use crate::combat::{AiMinds, BattleDice, BattleLog, CombatSystems, Engine, HumanSides, TurnState, TurnSystems};
use crate::rules::any::{AnyAction, AnyBattle, BattleSetup};
use crate::rules::field::Goal;
use crate::rules::fog::{Unseen, as_seen, seen_by, told_over};
use crate::rules::id::{CombatantId, Numbering, naming_only};
use crate::rules::outcome::{Event, Log};
use crate::rules::plan::{Choices, Plan, seen_others};
use crate::rules::what_if;
use crate::scenario::save::Save;

/// The host's steps each update: hear the players (before the battle's systems, so that an order is resolved in
/// the same update), then tell them what happened.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostSystems {
    Hear,
    Tell,
}

pub fn plugin(app: &mut App) {
    app.configure_sets(Update, (HostSystems::Hear.before(CombatSystems), HostSystems::Tell.after(CombatSystems)));
    // The players are told a slot's start as soon as it is made, before its action: each piece of the log with the
    // fog as it stood when the piece was written (what a replay of the record gives, step by step).
    let slot_begun = tell_players.after(TurnSystems::Begin).before(TurnSystems::Choose);
    app.add_systems(Update, (hear_players, start_when_ready).chain().in_set(HostSystems::Hear))
        .add_systems(Update, slot_begun.run_if(resource_exists::<Host>))
        .add_systems(
            Update,
            (show_units, tell_players, ask_players, wait_for_dice, send_heat_maps, save_the_battle, show_lobby)
                .chain()
                .in_set(HostSystems::Tell)
                .run_if(resource_exists::<Host>),
        )
        .add_observer(player_left);
}

/// The battle a host offers, before it begins: how it was made (saved with it), its start, and where it is saved.
pub struct Offer {
    pub request: BattleRequest,
    pub title: String,
    pub ruleset: String,
    pub sides: Vec<String>,
    /// The map's rows, as a level draws them, and its zones.
    pub map: Vec<String>,
    pub zones: Vec<(String, Goal)>,
    pub setup: BattleSetup,
    pub minds: Minds,
    pub autosave: Option<PathBuf>,
    /// A battle taken up from its save: its start (the battle and its log before any decision), from which what each
    /// player's sides saw of its past is worked out again when the battle begins anew.
    pub history: Option<(AnyBattle, Log)>,
    /// How long the host waits for a player's own dice before it rolls them itself.
    pub dice_time: std::time::Duration,
    /// What spectators see during the battle.
    pub spectators: Spectators,
}

impl Offer {
    /// The battle `started` (from its start, or a save taken up again), saved after each decision to `autosave`.
    pub fn of(started: Started, autosave: Option<PathBuf>) -> Self {
        let Started { request, scenario, setup, .. } = started;
        let history = (setup.battle.decided() > 0).then(|| {
            let mut log = Log::default();
            (crate::battle::run::start(&scenario, &request.dice_label, &mut log), log)
        });
        Offer {
            history,
            dice_time: DICE_TIME,
            spectators: Spectators::Common,
            title: scenario.name.clone(),
            ruleset: setup.battle.rules_name().to_owned(),
            sides: scenario.sides().into_iter().map(str::to_owned).collect(),
            map: scenario.field.as_ref().map(|f| f.grid().rows()).unwrap_or_default(),
            zones: scenario.field.as_ref().map(|f| f.goals.clone()).unwrap_or_default(),
            minds: request.minds(),
            request,
            setup,
            autosave,
        }
    }
}

/// The host: the battle offered (until it begins), the players, and what it refused.
#[derive(Resource)]
pub struct Host {
    offer: Option<Offer>,
    pub request: BattleRequest,
    pub lobby: LobbyView,
    pub players: Vec<Player>,
    pub autosave: Option<PathBuf>,
    /// Everything refused, newest last: who sent what, and why not.
    pub refused: Vec<String>,
    /// How long it waits for a player's dice before it rolls them itself.
    pub dice_time: std::time::Duration,
    /// What spectators see during the battle.
    pub spectators: Spectators,
    /// The roll it waits for a player's faces of, and how many rolls it asked players for.
    dice_wait: Option<DiceWait>,
    rolls_asked: u32,
    /// Heat maps at work for players.
    heat_work: Vec<HeatWork>,
    /// The battle at its start (the battle and its log before any decision), once it began.
    start: Option<(AnyBattle, Log)>,
    /// Decisions the last save holds.
    saved: usize,
    lobby_changed: bool,
}

/// A player of the lobby, connected or not, with what it was told.
#[derive(Debug)]
pub struct Player {
    pub name: String,
    pub sides: Vec<String>,
    pub ready: bool,
    /// A spectator: no side; it sees what every side in the fight sees (`sight`).
    pub watching: bool,
    /// Rolls its own dice: the host waits for the faces of its sides' rolls.
    pub own_dice: bool,
    /// Its connection (the client entity), while connected.
    pub client: Option<Entity>,
    /// Every event it was told, in order: what it is sent again when it comes back.
    pub told: Vec<Event>,
    /// How it numbers the combatants: those its sides saw, in the order they saw them. Every id it is sent is
    /// renumbered so, and every id it sends back the other way: its numbers tell nothing of the others.
    pub numbering: Numbering,
    /// How much of `told` this connection has, and whether it was told the battle began and ended.
    sent: usize,
    began_sent: bool,
    over_sent: bool,
    /// How far into the battle's log its telling has come.
    read: usize,
    /// Its past is to be told (a battle taken up from its save, a spectator who came late).
    needs_past: bool,
    /// The decision it was asked for (the battle's count of decisions then), on this connection.
    asked: Option<usize>,
}

impl Player {
    /// Sends `message` to this player's connection (if connected), its combatants numbered as the player numbers
    /// them; whether it went.
    fn send(&self, message: &FromHost, out: &mut MessageWriter<ToClients<FromHost>>) -> bool {
        let Some(client) = self.client else { return false };
        match self.numbering.theirs(message) {
            Ok(message) => {
                out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message });
                true
            }
            Err(e) => {
                warn!("a message to {} could not be renumbered: {e}", self.name);
                false
            }
        }
    }
}

impl Host {
    /// A host offering `offer`; the battle begins when every connected player has a side and is ready.
    pub fn new(offer: Offer) -> Self {
        let (title, ruleset, sides) = (offer.title.clone(), offer.ruleset.clone(), offer.sides.clone());
        let lobby = LobbyView { title, ruleset, sides, ..Default::default() };
        let (dice_time, spectators) = (offer.dice_time, offer.spectators);
        Host {
            request: offer.request.clone(),
            autosave: offer.autosave.clone(),
            offer: Some(offer),
            lobby,
            players: Vec::new(),
            refused: Vec::new(),
            dice_time,
            spectators,
            dice_wait: None,
            rolls_asked: 0,
            heat_work: Vec::new(),
            start: None,
            saved: 0,
            lobby_changed: true,
        }
    }

    pub fn started(&self) -> bool {
        self.offer.is_none()
    }

    fn seat_of(&self, client: Entity) -> Option<usize> {
        self.players.iter().position(|p| p.client == Some(client))
    }

    /// The player commanding `side`, if any.
    fn commander(&self, side: &str) -> Option<usize> {
        self.players.iter().position(|p| p.sides.iter().any(|s| s == side))
    }

    fn refuse(&mut self, who: &str, what: &str, why: String, to: Entity, out: &mut MessageWriter<ToClients<FromHost>>) {
        info!("refused {who}'s {what}: {why}");
        // Kept short and bounded: a player may send anything, any number of times.
        let what: String = what.chars().take(200).collect();
        self.refused.push(format!("{who}: {what}: {why}"));
        if self.refused.len() > 1000 {
            self.refused.drain(..500);
        }
        out.write(ToClients { targets: SendTargets::Single(ClientId::Client(to)), message: FromHost::Refused(why) });
    }
}

/// Everything players said this update: hellos, sides, ready, chat and orders.
fn hear_players(
    mut heard: MessageReader<FromClient<FromPlayer>>,
    host: Option<ResMut<Host>>,
    mut commands: Commands,
    battle: Option<(Res<Engine>, ResMut<TurnState>)>,
    (mut declare, mut delays): (MessageWriter<DeclareAction>, MessageWriter<DelaySlot>),
    mut out: MessageWriter<ToClients<FromHost>>,
    mut dice: Option<ResMut<BattleDice>>,
) {
    let Some(mut host) = host else { return };
    let mut battle = battle;
    // Questions answered this update, by seat: a window asks once a plan; more than this is flooding, left unanswered.
    let mut asked = [0u8; MAX_PLAYERS];
    // What-ifs are priced in this update (heat maps on a task): two a player an update, one for each set-up.
    let mut what_ifs = [0u8; MAX_PLAYERS];
    for FromClient { client_id, message } in heard.read() {
        let Some(client) = client_id.entity() else { continue };
        if let FromPlayer::Hello { name, watching } = message {
            hello(&mut host, client, (name, *watching), &mut commands, &mut out);
            continue;
        }
        let Some(seat) = host.seat_of(client) else {
            host.refuse("a stranger", &format!("{message:?}"), "say hello (your name) first".into(), client, &mut out);
            continue;
        };
        // The player names combatants by its own numbers: the roster's from here on.
        let message = match host.players[seat].numbering.ours(message) {
            Ok(message) => message,
            Err(e) => {
                let who = host.players[seat].name.clone();
                host.refuse(&who, &format!("{message:?}"), format!("unreadable: {e}"), client, &mut out);
                continue;
            }
        };
        let message = &message;
        match message {
            FromPlayer::Hello { .. } => {}
            FromPlayer::TakeSide(side) => take_side(&mut host, seat, side.clone(), client, &mut out),
            FromPlayer::Ready(_) if host.players[seat].watching => {}
            FromPlayer::Ready(ready) if !host.started() => {
                host.players[seat].ready = *ready;
                host.lobby_changed = true;
            }
            FromPlayer::Ready(_) => {}
            FromPlayer::OwnDice(own) if !host.started() && !host.players[seat].watching => {
                host.players[seat].own_dice = *own;
                host.lobby_changed = true;
            }
            FromPlayer::OwnDice(_) => {
                let who = host.players[seat].name.clone();
                let why = "who rolls their own dice is chosen in the lobby, with a side".into();
                host.refuse(&who, "own dice", why, client, &mut out);
            }
            FromPlayer::Faces { roll, .. } | FromPlayer::RollForMe { roll } => {
                let line = match message {
                    FromPlayer::Faces { line, .. } => Some(line.as_str()),
                    _ => None,
                };
                // Faces typed for a roll the host rolled meanwhile (its time was up) are not the next roll's.
                if host.dice_wait.as_ref().is_none_or(|w| w.number != *roll) {
                    let who = host.players[seat].name.clone();
                    let why = "that roll is no longer waited for (the host rolled it)".into();
                    host.refuse(&who, "dice", why, client, &mut out);
                    continue;
                }
                match (battle.as_ref(), dice.as_mut()) {
                    (Some((engine, _)), Some(dice)) => {
                        give_dice(&mut host, seat, (&engine.0, &mut dice.0), line, (client, &mut out));
                    }
                    _ => {
                        let who = host.players[seat].name.clone();
                        host.refuse(&who, "dice", "the battle has not begun".into(), client, &mut out);
                    }
                }
            }
            FromPlayer::Say(text) => {
                let from = host.players[seat].name.clone();
                let said = FromHost::Said { from, text: text.chars().take(500).collect() };
                out.write(ToClients { targets: SendTargets::CLIENTS_ONLY, message: said });
            }
            FromPlayer::AskHeat { slot } => {
                asked[seat] = asked[seat].saturating_add(1);
                let at_work = host.heat_work.iter().any(|w| w.seat == seat && w.slot == *slot);
                if asked[seat] > MAX_QUESTIONS || at_work {
                    continue;
                }
                let asked = battle.as_ref().map_or(Err("the battle has not begun".into()), |(engine, state)| {
                    own_slot(&host, seat, &engine.0, state, *slot).map(|_| {
                        let known = as_seen(&engine.0, &seen_by(&engine.0, &host.players[seat].sides));
                        (engine.0.decided(), known)
                    })
                });
                match asked {
                    Ok((decided, known)) => {
                        let slot = *slot;
                        let task = AsyncComputeTaskPool::get().spawn(async move { heat_map_any(&known, slot) });
                        // A new question takes the place of the player's last: one map at work a player.
                        host.heat_work.retain(|w| w.seat != seat);
                        host.heat_work.push(HeatWork { seat, client, slot, decided, task });
                    }
                    Err(why) => {
                        let who = host.players[seat].name.clone();
                        host.refuse(&who, "a heat map", why, client, &mut out);
                    }
                }
            }
            FromPlayer::AskOdds { slot, plan } => {
                asked[seat] = asked[seat].saturating_add(1);
                if asked[seat] > MAX_QUESTIONS {
                    continue;
                }
                let odds = match battle.as_ref() {
                    Some((engine, state)) => own_slot(&host, seat, &engine.0, state, *slot)
                        .and_then(|_| plan.odds(&engine.0, *slot, &seen_by(&engine.0, &host.players[seat].sides))),
                    None => Err("the battle has not begun".into()),
                };
                host.players[seat].send(&FromHost::Odds { slot: *slot, plan: plan.clone(), odds }, &mut out);
            }
            FromPlayer::AskWhatIf { ask, setup } => {
                asked[seat] = asked[seat].saturating_add(1);
                what_ifs[seat] = what_ifs[seat].saturating_add(1);
                if asked[seat] > MAX_QUESTIONS || what_ifs[seat] > 2 {
                    continue;
                }
                let priced = match battle.as_ref() {
                    Some((engine, _)) => what_if_seen(&engine.0, &host.players[seat], host.spectators, setup),
                    None => Err("the battle has not begun".into()),
                };
                host.players[seat].send(&FromHost::WhatIf { ask: *ask, priced }, &mut out);
            }
            FromPlayer::Delay { slot } => {
                let delayed = match battle.as_ref() {
                    Some((engine, _)) if engine.0.was_delayed() => {
                        Err("a slot delayed once cannot be delayed again".to_owned())
                    }
                    Some((engine, state)) => own_slot(&host, seat, &engine.0, state, *slot),
                    None => Err("the battle has not begun".into()),
                };
                match delayed {
                    // The slot's end delays it (`combat::turn`), while the battle still waits for it.
                    Ok(entity) => {
                        delays.write(DelaySlot { entity });
                    }
                    Err(why) => {
                        let who = host.players[seat].name.clone();
                        host.refuse(&who, "a delay", why, client, &mut out);
                    }
                }
            }
            FromPlayer::Order { slot, .. } | FromPlayer::Plan { slot, .. } => {
                let Some((engine, state)) = battle.as_mut() else {
                    let who = host.players[seat].name.clone();
                    host.refuse(&who, "orders", "the battle has not begun".into(), client, &mut out);
                    continue;
                };
                let orders = match message {
                    FromPlayer::Plan { plan, .. } => PlayerOrders::Plan(plan),
                    FromPlayer::Order { action, .. } => PlayerOrders::Text(action),
                    _ => continue,
                };
                match order(&host, seat, &engine.0, state, *slot, &orders) {
                    Ok((entity, action)) => {
                        declare.write(DeclareAction { entity, slot: *slot, action });
                        state.declared();
                    }
                    Err(why) => {
                        let who = host.players[seat].name.clone();
                        host.refuse(&who, &format!("orders {orders:?}"), why, client, &mut out);
                    }
                }
            }
        }
    }
}

/// A player says who it is: a new seat in the lobby, or its own seat again.
fn hello(
    host: &mut Host,
    client: Entity,
    (name, watching): (&str, bool),
    commands: &mut Commands,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    // A name in letters a terminal prints as they are (no control characters).
    let name: String = name.trim().chars().filter(|c| !c.is_control()).take(40).collect();
    if let Some(seat) = host.seat_of(client) {
        let had = host.players[seat].name.clone();
        return host.refuse(&had, "hello", format!("you are here already, as {had}"), client, out);
    }
    if name.is_empty() {
        return host.refuse("a stranger", "hello", "give a name".into(), client, out);
    }
    let seat = match host.players.iter().position(|p| p.name == name) {
        Some(seat) if host.players[seat].client.is_some() => {
            return host.refuse(&name, "hello", format!("a player called {name} is here already"), client, out);
        }
        Some(seat) => seat,
        None if host.started() && !watching => {
            return host.refuse(
                &name,
                "hello",
                "the battle has begun: only its players can come back".into(),
                client,
                out,
            );
        }
        None if host.players.len() >= MAX_PLAYERS => {
            return host.refuse(&name, "hello", format!("the lobby is full ({MAX_PLAYERS} players)"), client, out);
        }
        None => {
            host.players.push(Player {
                watching,
                own_dice: false,
                name: name.clone(),
                sides: Vec::new(),
                ready: false,
                client: None,
                told: Vec::new(),
                numbering: Numbering::default(),
                sent: 0,
                began_sent: false,
                over_sent: false,
                read: 0,
                needs_past: host.started(),
                asked: None,
            });
            host.players.len() - 1
        }
    };
    let player = &mut host.players[seat];
    (player.client, player.sent, player.asked) = (Some(client), 0, None);
    (player.began_sent, player.over_sent) = (false, false);
    commands.entity(client).insert(PlayerSeat(seat as u8));
    host.lobby_changed = true;
    info!("{name} took seat {seat}");
}

/// A player takes a side (one no one else has), or gives its sides up; only in the lobby.
fn take_side(
    host: &mut Host,
    seat: usize,
    side: Option<String>,
    client: Entity,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    let who = host.players[seat].name.clone();
    if host.started() {
        return host.refuse(&who, "a side", "the battle has begun: sides are taken".into(), client, out);
    }
    if host.players[seat].watching {
        return host.refuse(&who, "a side", "you are watching: a spectator takes no side".into(), client, out);
    }
    match side {
        None => host.players[seat].sides.clear(),
        Some(side) if !host.lobby.sides.contains(&side) => {
            let sides = host.lobby.sides.join(", ");
            return host.refuse(&who, "a side", format!("there is no side {side}; the sides are {sides}"), client, out);
        }
        Some(side) => match host.commander(&side) {
            Some(other) if other != seat => {
                let taker = host.players[other].name.clone();
                return host.refuse(&who, "a side", format!("{taker} has taken {side}"), client, out);
            }
            Some(_) => {}
            None => host.players[seat].sides.push(side),
        },
    }
    host.players[seat].ready = false;
    host.lobby_changed = true;
}

/// A player's orders as they came: the action itself (RON), or a window's plan the host makes the action of.
#[derive(Debug)]
enum PlayerOrders<'a> {
    Text(&'a str),
    Plan(&'a Plan),
}

/// Checks a player's orders: the battle waits for a slot of one of its sides, this slot, and the rules take the
/// action (a dry run on copies). The combatant's entity and the action.
fn order(
    host: &Host,
    seat: usize,
    battle: &crate::rules::any::AnyBattle,
    state: &TurnState,
    slot: crate::rules::ruleset::Slot,
    orders: &PlayerOrders,
) -> Result<(Entity, AnyAction), String> {
    let entity = own_slot(host, seat, battle, state, slot)?;
    // Orders may name only the combatants the player's sides see: of the others, not even that they are.
    let seen = seen_by(battle, &host.players[seat].sides);
    let action: AnyAction = match orders {
        PlayerOrders::Text(text) => {
            // Read as the player numbers and names them, then the roster's ids.
            let numbering = &host.players[seat].numbering;
            let names = battle.names();
            let names = (0..numbering.len())
                .filter_map(|n| numbering.roster_id(CombatantId::at(n)))
                .map(|id| seen.get(id.index()).copied().unwrap_or(false).then(|| names[id.index()].clone()))
                .collect();
            let theirs: AnyAction =
                naming_only(names, || ron::from_str(text)).map_err(|e| format!("unreadable orders: {e}"))?;
            numbering.ours(&theirs).map_err(|e| format!("unreadable orders: {e}"))?
        }
        PlayerOrders::Plan(plan) => {
            plan.keeps_to(battle, slot, &seen).map_err(|e| e.to_string())?;
            plan.action(battle, slot.actor, seen_others(battle, slot.actor, &seen))
        }
    };
    // The rules act for the slot's combatant whatever the action names: orders naming another are not its orders.
    let actor = battle.view(slot.actor);
    if battle.actor_of(&action) != Some(actor.id()) {
        return Err(format!("those orders are not {}'s, whose slot it is", actor.name()));
    }
    battle.dry_run(slot, &action).map_err(|e| e.to_string())?;
    Ok((entity, action))
}

/// A heat map at work for a player: its seat and connection, the slot and the decisions then, and the task.
struct HeatWork {
    seat: usize,
    client: Entity,
    slot: crate::rules::ruleset::Slot,
    decided: usize,
    task: bevy::tasks::Task<Vec<crate::ai::lab::Heat>>,
}

/// Sends each heat map worked out to the player who asked, if the battle is still at that slot (a map of a moment
/// gone would mislead).
fn send_heat_maps(mut host: ResMut<Host>, engine: Option<Res<Engine>>, mut out: MessageWriter<ToClients<FromHost>>) {
    let Some(engine) = engine else { return };
    let decided = engine.0.decided();
    let mut work = std::mem::take(&mut host.heat_work);
    let players = &host.players;
    work.retain_mut(|w| {
        let Some(heat) = bevy::tasks::futures::check_ready(&mut w.task) else { return true };
        // Only to the connection that asked, if it is still there (a message to a connection gone is an error).
        let Some(player) = players.get(w.seat).filter(|p| p.client == Some(w.client)) else { return false };
        if w.decided == decided {
            player.send(&FromHost::Heat { slot: w.slot, heat }, &mut out);
        }
        false
    });
    host.heat_work = work;
}

/// A player's faces for the roll the host waits for (or, `None`, the host's own dice to roll it): taken if the roll
/// is of its sides and it rolls its own dice; else, or faces not on the dice, refused.
fn give_dice(
    host: &mut Host,
    seat: usize,
    (battle, dice): (&AnyBattle, &mut crate::rules::table::TableDice),
    line: Option<&str>,
    (client, out): (Entity, &mut MessageWriter<ToClients<FromHost>>),
) {
    let who = host.players[seat].name.clone();
    let Some(wanted) = dice.wanted().cloned() else {
        return host.refuse(&who, "dice", "no dice are waited for".into(), client, out);
    };
    let side = battle.view(wanted.who).side;
    if !host.players[seat].own_dice || !host.players[seat].sides.iter().any(|s| s == side) {
        return host.refuse(&who, "dice", "those dice are not yours to roll".into(), client, out);
    }
    let given = match line {
        Some(line) => dice.type_in(line).map(drop),
        None => dice.roll_for_me().map(drop).map_err(|e| e.to_string()),
    };
    match given {
        Ok(()) => {
            host.dice_wait = None;
            let taken = FromHost::DiceTaken { rolled: line.is_none() };
            out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message: taken });
        }
        Err(why) => host.refuse(&who, &format!("dice {line:?}"), why, client, out),
    }
}

/// Waits for the dice of a player who rolls its own: asks it (again when it comes back), and once the time is up
/// rolls them with the battle's own dice and says so.
fn wait_for_dice(
    mut host: ResMut<Host>,
    engine: Option<Res<Engine>>,
    dice: Option<ResMut<BattleDice>>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let (Some(engine), Some(mut dice)) = (engine, dice) else { return };
    let Some(wanted) = dice.0.wanted().cloned() else {
        host.dice_wait = None;
        return;
    };
    let Some(seat) = host.commander(engine.0.view(wanted.who).side) else { return };
    if host.dice_wait.as_ref().is_none_or(|w| w.wanted != wanted) {
        host.rolls_asked += 1;
        let (number, since) = (host.rolls_asked, std::time::Instant::now());
        host.dice_wait = Some(DiceWait { wanted: wanted.clone(), number, asked: None, since });
    }
    let client = host.players[seat].client;
    let limit = host.dice_time;
    let Some(wait) = host.dice_wait.as_mut() else { return };
    let waited = wait.since.elapsed();
    if waited >= limit {
        let name = host.players[seat].name.clone();
        match dice.0.roll_for_me() {
            Ok(_) => info!("rolled {name}'s dice: the time was up"),
            Err(e) => warn!("{name}'s dice could not be rolled for them: {e}"),
        }
        host.dice_wait = None;
        if let Some(client) = client {
            let taken = FromHost::DiceTaken { rolled: true };
            out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message: taken });
        }
        return;
    }
    if let Some(to) = client.filter(|c| wait.asked != Some(*c)) {
        wait.asked = Some(to);
        let seconds = (limit - waited).as_secs() as u32;
        let asked = FromHost::RollYours { wanted, seconds, roll: wait.number };
        host.players[seat].send(&asked, &mut out);
    }
}

/// The roll the host waits for a player's faces of: since when, and on which connection it asked.
#[derive(Debug)]
struct DiceWait {
    wanted: crate::rules::dice::Wanted,
    /// Its number: the player's answer names it.
    number: u32,
    asked: Option<Entity>,
    since: std::time::Instant,
}

/// How long the host waits for a player's dice unless told otherwise (`host --dice-time`).
pub const DICE_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// Checks that the battle waits for `slot`, of a combatant of this player's sides; its entity, else why not.
fn own_slot(
    host: &Host,
    seat: usize,
    battle: &crate::rules::any::AnyBattle,
    state: &TurnState,
    slot: crate::rules::ruleset::Slot,
) -> Result<Entity, String> {
    let Some((entity, waiting)) = state.awaiting() else {
        return Err("the battle is not waiting for orders".into());
    };
    // Not naming the unit whose slot it is: the asker may not see it.
    let side = battle.view(waiting.actor).side;
    if !host.players[seat].sides.iter().any(|s| s == side) {
        return Err(NOT_YOUR_SLOT.into());
    }
    match slot == waiting {
        true => Ok(entity),
        false => Err("those orders are for another slot".into()),
    }
}

/// What a player is told of orders or questions for a slot that is not its own.
pub const NOT_YOUR_SLOT: &str = "the battle is not waiting for one of your units";

/// Questions (odds, heat maps, what-ifs) a player may ask in one update; a window asks once a plan, a slot, or a
/// set-up.
const MAX_QUESTIONS: u8 = 16;

/// Begins the battle once every connected player has a side and is ready (and one is); the players' sides are
/// theirs, the AI plays the rest.
fn start_when_ready(world: &mut World) {
    let Some(mut host) = world.get_resource_mut::<Host>() else { return };
    let connected: Vec<&Player> = host.players.iter().filter(|p| p.client.is_some() && !p.watching).collect();
    let ready = !connected.is_empty() && connected.iter().all(|p| p.ready && !p.sides.is_empty());
    if host.started() || !ready {
        return;
    }
    let Some(offer) = host.offer.take() else { return };
    // In the level's order of sides, not the order the players came in: the same battle saves the same.
    let humans: Vec<String> = host.lobby.sides.iter().filter(|s| host.commander(s).is_some()).cloned().collect();
    host.request.humans = humans.clone();
    host.request.names =
        host.players.iter().flat_map(|p| p.sides.iter().map(|s| (s.clone(), p.name.clone()))).collect();
    host.lobby.started = true;
    host.lobby_changed = true;
    info!(
        "the battle begins: {}",
        host.players.iter().map(|p| format!("{} ({})", p.name, p.sides.join(", "))).collect::<Vec<_>>().join(", ")
    );
    // Its start kept: a player of a battle taken up from its save, or a spectator who comes late, is told its past.
    let resumed = offer.history.is_some();
    host.start = Some(offer.history.clone().unwrap_or_else(|| (offer.setup.battle.clone(), offer.setup.log.clone())));
    host.players.iter_mut().for_each(|p| p.needs_past = resumed);
    // The sides whose players roll their own dice (saved with the battle).
    let by_hand: Vec<String> = host.players.iter().filter(|p| p.own_dice).flat_map(|p| p.sides.clone()).collect();
    host.request.by_hand = by_hand.clone();
    world.insert_resource(HumanSides(humans));
    world.insert_resource(AiMinds { minds: offer.minds.clone(), background: false });
    insert_battle(world, offer.setup);
    let views = world.resource::<Engine>().0.views();
    let theirs: Vec<CombatantId> =
        views.iter().filter(|v| by_hand.iter().any(|s| s == v.side)).map(|v| v.id()).collect();
    world.resource_mut::<BattleDice>().0.roll_by_hand(theirs);
    world.insert_resource(Offered { title: offer.title, ruleset: offer.ruleset, map: offer.map, zones: offer.zones });
}

/// The past of the battle as `player` saw it then (replayed from its start, step by step: `fog::told_over`), for a
/// player of a battle taken up from its save or a spectator who comes late; not cut by today's fog, which would show
/// what it did not see then and hide what it did. It numbers everyone it saw on the way in the order it saw them.
fn tell_the_past(player: &mut Player, start: &(AnyBattle, Log), battle: &AnyBattle, spectators: Spectators) {
    let names = battle.names();
    let watching = |now: &AnyBattle| sight(now, player, spectators);
    let numbering = std::cell::RefCell::new(Numbering::default());
    let told = told_over(start.clone(), battle, watching, |seen, events| {
        numbering.borrow_mut().learn(seen);
        told_of(seen, &names, events)
    });
    match told {
        Ok((said, _, read)) => (player.told, player.numbering, player.read) = (said, numbering.into_inner(), read),
        // It replayed when the battle was taken up: this cannot fail but with a rules error, said; the player is
        // told the battle from here on.
        Err(e) => {
            warn!("the battle's past could not be told again: {e}");
            player.read = usize::MAX;
        }
    }
    player.needs_past = false;
}

/// What the battle is, as a player is told when it begins.
#[derive(Resource)]
struct Offered {
    title: String,
    ruleset: String,
    map: Vec<String>,
    zones: Vec<(String, Goal)>,
}

/// A unit as one player is shown it: a replicated entity of its own for each seat that knows of the unit, numbered
/// as that player numbers the combatants (one entity for everyone would show everyone the same numbers).
#[derive(Component)]
struct ShownTo {
    unit: Entity,
    seat: usize,
}

/// Every unit as each player may see it: its replicated `Unit` for that player, seen by that seat alone and only
/// while its sides see the unit (replicon sends no other).
fn show_units(
    host: Res<Host>,
    engine: Option<Res<Engine>>,
    units: Query<(Entity, &Combatant, (&StatusList, &Tracks, &Loadout))>,
    shown: Query<(Entity, &ShownTo, &Unit, &SeenBy)>,
    mut commands: Commands,
) {
    let Some(engine) = engine else { return };
    let had: std::collections::HashMap<(Entity, usize), (Entity, &Unit, &SeenBy)> =
        shown.iter().map(|(e, to, unit, mask)| ((to.unit, to.seat), (e, unit, mask))).collect();
    for (seat, player) in host.players.iter().enumerate() {
        let seen = sight(&engine.0, player, host.spectators);
        for (entity, combatant, (statuses, tracks, loadout)) in &units {
            let Some(id) = player.numbering.their_id(combatant.0) else { continue };
            let view = engine.0.view(combatant.0);
            let unit = Unit {
                id,
                side: view.side.to_owned(),
                cell: view.position,
                statuses: statuses.0.clone(),
                tracks: tracks.0.iter().map(|t| (t.name.to_string(), t.taken, t.capacity)).collect(),
                weapon: loadout.class,
            };
            let mask = SeenBy(if seen.get(combatant.0.index()) == Some(&true) { 1 << seat } else { 0 });
            match had.get(&(entity, seat)) {
                None => {
                    commands.spawn((Replicated, ShownTo { unit: entity, seat }, unit, mask));
                }
                Some((shown, was, was_seen)) => {
                    if **was != unit {
                        commands.entity(*shown).insert(unit);
                    }
                    if **was_seen != mask {
                        commands.entity(*shown).insert(mask);
                    }
                }
            }
        }
    }
}

/// Tells each connected player what is new in the log, as its sides see it now: each action (or a slot's start)
/// whole or not at all when it is of or at a unit they do not see (`Unseen::told`). A player who came back is sent
/// everything it was told before.
fn tell_players(
    mut host: ResMut<Host>,
    battle: Option<(Res<Engine>, Res<BattleLog>, Res<TurnState>)>,
    offered: Option<Res<Offered>>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let (Some((engine, log, state)), Some(offered)) = (battle, offered) else { return };
    let names = engine.0.names();
    // The fields apart: the players are told from the battle's start and request, which stay the host's.
    let Host { players, start, request, spectators, .. } = &mut *host;
    // The whole battle's save, once it is over: made once for everyone told so this update.
    let mut save: Option<String> = None;
    for player in players.iter_mut() {
        // What a player is told is worked out as the battle goes, connected or not: one who comes back is told the
        // battle as its sides saw it then, not as they see it on its return.
        if let Some(start) = start.as_ref().filter(|_| player.needs_past) {
            tell_the_past(player, start, &engine.0, *spectators);
        }
        let seen = sight(&engine.0, player, *spectators);
        let newly = player.numbering.learn(&seen);
        let fresh = &log.0.events[player.read.min(log.0.events.len())..];
        player.told.extend(told_of(&seen, &names, fresh));
        player.read = log.0.events.len();
        if player.client.is_none() {
            continue;
        }
        if !player.began_sent {
            let began = FromHost::Began {
                title: offered.title.clone(),
                ruleset: offered.ruleset.clone(),
                names: player.numbering.names(&names),
                map: offered.map.clone(),
                zones: offered.zones.clone(),
                yours: player.sides.clone(),
            };
            player.began_sent = player.send(&began, &mut out);
        } else {
            for id in newly {
                player.send(&FromHost::Named { id, name: names[id.index()].clone() }, &mut out);
            }
        }
        if player.sent < player.told.len() {
            // Only what went counts as sent: what did not is sent again next update.
            let events = player.numbering.text(&player.told[player.sent..]);
            let sent = events.map(|events| player.send(&FromHost::Told { before: player.sent, events }, &mut out));
            if sent == Ok(true) {
                player.sent = player.told.len();
            }
        }
        if state.ended() && !player.over_sent {
            // A battle the rules stopped (a rules error) ends with no winner, and why.
            let over = match engine.0.ending() {
                Some(end) => FromHost::Over { winner: end.winner.clone(), reason: end.reason.clone() },
                None => FromHost::Over { winner: None, reason: state.error().unwrap_or("stopped").to_owned() },
            };
            player.send(&over, &mut out);
            let save = save.get_or_insert_with(|| Save::of(request, &engine.0).to_ron().unwrap_or_default());
            if let Some(whole) = unveiled(player, save, &engine.0, &log.0) {
                player.send(&whole, &mut out);
            }
            player.over_sent = true;
        }
    }
}

/// The combatants a player's end may see: its sides' sight; a spectator's, what every side still in the fight sees
/// (nothing that any player does not see: a spectator may be talking to one), or everything if the host says so.
/// Once the battle is over, everyone is sent the whole of it (`FromHost::Unveiled`).
pub fn sight(battle: &AnyBattle, player: &Player, spectators: Spectators) -> Vec<bool> {
    match (player.watching, spectators) {
        (false, _) => seen_by(battle, &player.sides),
        (true, Spectators::Common) => seen_by_all(battle),
        (true, Spectators::All) => vec![true; battle.len()],
    }
}

/// A what-if `setup` priced on the battle as `player` may see it (`sight`): the same answer for a unit it does not
/// see as for no unit at all.
fn what_if_seen(
    battle: &AnyBattle,
    player: &Player,
    spectators: Spectators,
    setup: &what_if::Setup,
) -> Result<Box<what_if::Priced>, String> {
    let seen = sight(battle, player, spectators);
    let in_sight = |id: CombatantId| seen.get(id.index()) == Some(&true);
    if !in_sight(setup.attacker) || !in_sight(setup.target) {
        return Err("no such unit in sight".into());
    }
    what_if::price(&as_seen(battle, &seen), setup).map(Box::new)
}

/// What spectators see during the battle (`host --spectators`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Spectators {
    /// What every side sees: nothing a player does not know (a spectator may be sitting beside one).
    #[default]
    Common,
    /// Everything, as the host sees it: for friends who trust each other (a spectator who talks to a player
    /// cheats for them).
    All,
}

/// What every side with a unit still on its feet sees: a unit only when each of them sees it.
pub fn seen_by_all(battle: &AnyBattle) -> Vec<bool> {
    let views = battle.views();
    let sides: std::collections::BTreeSet<&str> =
        views.iter().filter(|v| !crate::rules::outcome::down(v.fighter.statuses())).map(|v| v.side).collect();
    sides
        .into_iter()
        .map(|side| seen_by(battle, &[side.to_owned()]))
        .fold(vec![true; battle.len()], |all, one| all.iter().zip(&one).map(|(a, b)| *a && *b).collect())
}

/// The whole battle, once it is over, fog lifted, for `player`: its log and its names, numbered as the player numbers
/// them (those it never saw after the others), and its `save` (to watch again).
fn unveiled(player: &mut Player, save: &str, battle: &AnyBattle, log: &Log) -> Option<FromHost> {
    player.numbering.learn(&vec![true; battle.len()]);
    let events = player.numbering.text(&log.events).map_err(|e| warn!("the log could not be renumbered: {e}")).ok()?;
    Some(FromHost::Unveiled { events, names: player.numbering.names(&battle.names()), save: save.to_owned() })
}

/// What a player whose sides see the combatants `seen` marks is told of `events`: each action (or a slot's start)
/// whole or not at all when it is of or at a unit they do not see (`Unseen::tell`); and not the dice's seed (with it
/// a player could work out every roll to come), only that the host rolls them.
pub fn told_of(seen: &[bool], names: &[String], events: &[Event]) -> Vec<Event> {
    let mut told = Unseen::of(seen, names).tell(events);
    for event in &mut told {
        if let Event::BattleStarted { dice, .. } = event {
            *dice = HOST_ROLLS.to_owned();
        }
    }
    told
}

/// What a player is told of the dice: not their seed.
pub const HOST_ROLLS: &str = "rolled by the host";

/// Asks the player whose combatant's slot the battle waits for, once a slot and connection.
fn ask_players(
    mut host: ResMut<Host>,
    battle: Option<(Res<Engine>, Res<TurnState>)>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let Some((engine, state)) = battle else { return };
    let Some((_, slot)) = state.awaiting() else { return };
    let Some(seat) = host.commander(engine.0.view(slot.actor).side) else { return };
    let player = &mut host.players[seat];
    // A slot is told apart by the decision it waits for (a combatant has the same slot every turn).
    let decision = engine.0.decided();
    if player.client.is_none() || player.asked == Some(decision) {
        return;
    }
    player.asked = Some(decision);
    let choices = Choices::of(&engine.0, slot, &seen_by(&engine.0, &player.sides));
    player.send(&FromHost::YourSlot { actor: slot.actor, slot, choices }, &mut out);
}

/// Saves the battle after every decision, where the host was told to (`host --load` takes it up again).
fn save_the_battle(mut host: ResMut<Host>, engine: Option<Res<Engine>>) {
    let (Some(engine), Some(path)) = (engine, host.autosave.clone()) else { return };
    if engine.0.decided() == host.saved {
        return;
    }
    host.saved = engine.0.decided();
    if let Err(e) = Save::of(&host.request, &engine.0).write(&path) {
        warn!("the battle could not be saved to {}: {e}", path.display());
    }
}

/// Sends everyone the lobby when it changed.
fn show_lobby(
    mut host: ResMut<Host>,
    mut out: MessageWriter<ToClients<FromHost>>,
    authorized: Query<(), Added<AuthorizedClient>>,
) {
    if !host.lobby_changed && authorized.is_empty() {
        return;
    }
    host.lobby_changed = false;
    host.lobby.players = host
        .players
        .iter()
        .map(|p| Seat {
            name: p.name.clone(),
            sides: p.sides.clone(),
            ready: p.ready,
            connected: p.client.is_some(),
            watching: p.watching,
            own_dice: p.own_dice,
        })
        .collect();
    out.write(ToClients { targets: SendTargets::CLIENTS_ONLY, message: FromHost::Lobby(host.lobby.clone()) });
}

/// A player's connection closed: its seat waits for it (the battle waits at its slots).
fn player_left(left: On<Remove, ConnectedClient>, host: Option<ResMut<Host>>) {
    let Some(mut host) = host else { return };
    if let Some(seat) = host.seat_of(left.entity) {
        host.players[seat].client = None;
        host.heat_work.retain(|w| w.seat != seat);
        // Before the battle, a player who left has no side: the AI plays it unless someone takes it.
        if !host.started() {
            (host.players[seat].sides, host.players[seat].ready) = (Vec::new(), false);
        }
        host.lobby_changed = true;
        info!("{} left", host.players[seat].name);
    }
}

/// The host's app, headless, offering `offer` on `address` (port 0: any free port); the address it listens on.
/// The host in a terminal runs it (`serve`), the window's *Host online…* updates it on a thread of its own
/// (`background.rs`). It exits once the battle is over and every player still connected was told so.
pub fn host_app(offer: Offer, address: std::net::SocketAddr) -> Result<(App, std::net::SocketAddr), super::NetError> {
    use bevy::app::ScheduleRunnerPlugin;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(std::time::Duration::from_millis(10))));
    super::net_plugins(&mut app);
    app.add_plugins((crate::combat::plugin, plugin));
    app.insert_resource(Host::new(offer));
    app.add_systems(Last, close_when_over);
    app.finish();
    app.cleanup();
    let bound = super::listen(&mut app, address)?;
    Ok((app, bound))
}

/// Runs a host on `address` until its battle is over and every player still connected was told so: the lobby, who
/// comes and goes, what is refused and the battle's turns are printed as they happen (not the log: a player may be
/// looking at this screen).
pub fn serve(offer: Offer, address: std::net::SocketAddr) -> Result<(), super::NetError> {
    let title = offer.title.clone();
    let (mut app, bound) = host_app(offer, address)?;
    app.add_systems(Last, narrate);
    crate::stdout::say(format!(
        "hosting {title} on {bound}; players join at this machine's address, port {}\n",
        bound.port()
    ));
    app.run();
    Ok(())
}

/// Where an online battle is saved after every decision unless told otherwise: the file it was taken up from, else
/// `online-LEVEL.ron` in the saves folder.
pub fn autosave_of(started: &Started) -> PathBuf {
    let online = || crate::scenario::save::folder().join(format!("online-{}.ron", started.request.stem()));
    started.saved_to.clone().unwrap_or_else(online)
}

/// Prints what changed in the lobby, what was refused, and each new turn of the battle.
fn narrate(
    (host, engine): (Res<Host>, Option<Res<Engine>>),
    state: Option<Res<TurnState>>,
    mut shown: Local<(Vec<Seat>, usize, u32, bool)>,
) {
    if host.lobby.players != shown.0 {
        shown.0 = host.lobby.players.clone();
        for seat in &shown.0 {
            crate::stdout::say(format!("  {}\n", seat.line()));
        }
    }
    for refused in &host.refused[shown.1.min(host.refused.len())..] {
        crate::stdout::say(format!("refused {refused}\n"));
    }
    shown.1 = host.refused.len();
    if let Some(state) = state.filter(|s| s.turn != shown.2) {
        shown.2 = state.turn;
        crate::stdout::say(format!("turn {}\n", state.turn));
    }
    if let Some(end) = engine.and_then(|e| e.0.ending().cloned()).filter(|_| !shown.3) {
        shown.3 = true;
        let winner = end.winner.unwrap_or_else(|| "no one".into());
        crate::stdout::say(format!("the battle is over: {winner} won\n"));
    }
}

/// Ends the host once the battle is over and every connected player was told so (a moment later: the last messages
/// go out first).
fn close_when_over(
    host: Res<Host>,
    state: Option<Res<TurnState>>,
    mut after: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(state) = state else { return };
    if !state.ended() || host.players.iter().any(|p| p.client.is_some() && !p.over_sent) {
        return;
    }
    *after += 1;
    if *after > 100 {
        exit.write(AppExit::Success);
    }
}
