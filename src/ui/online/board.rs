//! An online battle on the one board (`battle/`): the units the host sends are given the components a combatant of
//! one screen's battle has (name, side, cell, statuses, tracks, the player's number for it), so the same tokens, names,
//! marks and effects draw them; the slots the host told are shown one at a time by the board's clock (`pacing.rs`),
//! each with its moves, tracers and damage numbers; the waiting slot's reach is the preview's. The orders are one
//! screen's (`battle/orders.rs`: the same clicks, keys and panel make the same `Plan`); only where they go differs:
//! to the host, which makes the action of them.

use std::borrow::Cow;

use bevy::prelude::*;

use crate::combat::components::{Combatant, GridPos, Holding, Loadout, Side, StatusList, Tracks};
use crate::combat::messages::{AttackResolved, DamageApplied, StatusChanged, UnitMoved};
use crate::map::Battlefield;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::engine::field::Move;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::{CombatantId, Track};
use crate::rules::tools::plan::Plan;
use crate::ui::battle::orders::{ClickSystems, Give, Orders, Waiting};
use crate::ui::battle::pacing::{Pace, PaceSystems};
use crate::ui::battle::preview::{Hover, Preview};
use crate::ui::battle::sets::UnitSystems;
use crate::ui::lab::heat::{HeatKey, HeatMode, HeatNow, HeatShown};
use crate::ui::screens::{BoardSystems, OnBoard, Screen};
use crate::ui::{Acting, MapPictureFile, MapView, Selected, SideOrder};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_systems(OnEnter(OnBoard), crate::ui::screens::fresh::<Shown>)
        .add_systems(Update, lay_the_board.after(crate::net::join::HearHostSystems).run_if(in_state(Screen::Online)))
        .add_systems(
            Update,
            (follow_asks, show_told, give_units_their_parts, offer_the_slot, show_the_plan)
                .chain()
                .before(ClickSystems)
                .after(crate::net::join::HearHostSystems)
                .after(PaceSystems)
                .before(UnitSystems)
                .run_if(in_state(Screen::Online))
                .in_set(BoardSystems),
        )
        .add_systems(
            Update,
            (send_orders, ask_odds.after(crate::ui::battle::preview::track_pointer), follow_heat)
                .chain()
                .after(ClickSystems)
                .after(crate::net::join::HearHostSystems)
                .after(PaceSystems)
                .before(UnitSystems)
                .run_if(in_state(Screen::Online))
                .in_set(BoardSystems),
        );
}

/// Where the orders for the slot the host waits for stand: for which ask, whether they were sent (the orders are
/// one screen's: [`Orders`]).
#[derive(Resource, Debug, Default)]
pub(in crate::ui) struct Planning {
    /// Which of the host's asks (its count) the orders are for.
    pub ask: usize,
    pub sent: bool,
    /// How many refusals were heard when the plan was sent (one more: it was refused, and may be given again).
    pub refusals: usize,
    /// Slots the host told are still to be shown on the board (`board.rs`): the orders wait for them.
    pub behind: bool,
    /// The attack whose odds are shown (asked of the host): the plan's, or the enemy's under the pointer after the
    /// planned move.
    pub priced: Option<Plan>,
}

impl Planning {
    /// The slot waiting for this player's orders: the combatant and slot, unless orders for it are on their way.
    pub fn waiting(&self, joined: &Joined) -> Option<(CombatantId, crate::rules::engine::ruleset::Slot)> {
        let (actor, slot, _) = joined.asked.as_ref()?;
        (!self.behind && (!self.sent || joined.refused.len() > self.refusals)).then_some((*actor, *slot))
    }
}

/// The host's log as shown so far: the slots it told come on the board one at a time.
#[derive(Resource, Debug, Default)]
pub(in crate::ui) struct Shown {
    pub log: Log,
}

impl Shown {
    /// Every event the host told is on the board.
    pub fn caught_up(&self, joined: &Joined) -> bool {
        self.log.events.len() >= joined.log.events.len()
    }
}

/// More slots than this behind (joining a battle under way, a long stretch of AI slots): shown at once.
const AT_MOST_BEHIND: usize = 12;

/// Once the host says the battle began: the map it sent (open ground for a scenario without a level) and the sides'
/// colours in the lobby's order. The board is drawn on entering it (`battle/board.rs`).
fn lay_the_board(
    (joined, map, picture): (Option<Res<Joined>>, Option<Res<MapView>>, Option<Res<MapPictureFile>>),
    mut commands: Commands,
) {
    let Some(joined) = joined.filter(|j| j.began.is_some()) else { return };
    // The map's picture comes after the battle began, in pieces: the board is drawn again when it is whole.
    if picture.as_ref().is_none_or(|p| p.0 != joined.picture_file) {
        commands.insert_resource(MapPictureFile(joined.picture_file.clone()));
    }
    if map.is_some() {
        return;
    }
    let mut field = Battlefield::new(joined.map.grid());
    field.goals = joined.zones.clone();
    commands.insert_resource(MapView(std::sync::Arc::new(field)));
    commands.insert_resource(SideOrder(joined.lobby.sides.clone()));
}

/// A new ask: new orders.
fn follow_asks(joined: Res<Joined>, mut planning: ResMut<Planning>, mut orders: ResMut<Orders>) {
    if planning.ask != joined.asks {
        *planning = Planning { ask: joined.asks, ..Planning::default() };
        *orders = Orders::default();
    }
}

/// The slot the host waits for, with the choices it sent, is the orders' (none while orders for it are on their way);
/// the ways to attack the planned target are those the host sent for it; a refusal is said in the panel.
fn offer_the_slot(joined: Res<Joined>, planning: Res<Planning>, mut orders: ResMut<Orders>) {
    let waiting = planning.waiting(&joined).zip(joined.asked.as_ref()).map(|((_, slot), (_, _, choices))| {
        let ways = orders.plan.target.and_then(|t| choices.targets.iter().find(|(id, _)| *id == t));
        Waiting { ways: ways.map(|(_, ways)| ways.clone()).unwrap_or_default(), ..Waiting::new(slot, choices.clone()) }
    });
    if orders.waiting != waiting {
        orders.waiting = waiting;
    }
    let refused = joined.refused.get(planning.refusals).filter(|_| planning.sent);
    if let Some(why) = refused.filter(|why| orders.refused.as_ref() != Some(*why)) {
        orders.refused = Some(why.clone());
    }
}

/// The next slot the host told goes on the board when the clock says (all of them at once when far behind): its
/// mover walks, its attacks draw tracers, its damage floats up. Once every event is shown, the units are as the host
/// says (`give_units_their_parts`), and this player's slot may be played.
fn show_told(
    joined: Res<Joined>,
    mut shown: ResMut<Shown>,
    pace: Res<Pace>,
    units: Query<(Entity, &Combatant)>,
    mut cells: Query<&mut GridPos>,
    mut acting: ResMut<Acting>,
    (mut attacks, mut harm): (MessageWriter<AttackResolved>, MessageWriter<DamageApplied>),
    (mut moved, mut changed): (MessageWriter<UnitMoved>, MessageWriter<StatusChanged>),
    mut planning: ResMut<Planning>,
) {
    if shown.log.names != joined.log.names {
        shown.log.names.clone_from(&joined.log.names);
    }
    let told = &joined.log.events;
    let from = shown.log.events.len().min(told.len());
    planning.behind = from < told.len();
    // Each slot begins with the action its unit takes; what comes before the first (the battle's start) shows at once.
    let starts: Vec<usize> = (from + 1..told.len()).filter(|&i| matches!(told[i], Event::ActionTaken { .. })).collect();
    let to = match starts.first() {
        _ if starts.len() > AT_MOST_BEHIND => told.len(),
        _ if !pace.due && from > 0 => return,
        Some(&next) => next,
        None => told.len(),
    };
    let entity_of = |id: CombatantId| units.iter().find(|(_, c)| c.0 == id).map(|(e, _)| e);
    for event in &told[from..to] {
        match event {
            Event::ActionTaken { who, .. } => acting.0 = entity_of(*who),
            Event::Moved { who, from, to, path, pace, .. } => {
                if let Some((entity, mut cell)) = entity_of(*who).and_then(|e| Some((e, cells.get_mut(e).ok()?))) {
                    cell.set_if_neq(GridPos(to.0, to.1));
                    moved.write(UnitMoved { entity, from: *from, path: path.clone(), pace: *pace });
                }
            }
            Event::StatusGained { who, status, reason } | Event::StatusLost { who, status, reason } => {
                if let Some(entity) = entity_of(*who) {
                    let gained = matches!(event, Event::StatusGained { .. });
                    let (status, reason) = (status.clone(), reason.clone());
                    changed.write(StatusChanged { entity, status, gained, reason });
                }
            }
            Event::AttackResolved { attacker, defender: Some(defender), hit, graze, reason } => {
                if let (Some(attacker), Some(defender)) = (entity_of(*attacker), entity_of(*defender)) {
                    let (hit, graze, reason) = (*hit, *graze, reason.clone());
                    attacks.write(AttackResolved { attacker, defender, hit, graze, reason });
                }
            }
            Event::DamageTaken { who, track, amount, total, capacity } => {
                if let Some(entity) = entity_of(*who) {
                    let (track, amount, total, capacity) = (track.clone(), *amount, *total, *capacity);
                    harm.write(DamageApplied { entity, track, amount, total, capacity });
                }
            }
            Event::BattleEnded { .. } => acting.0 = None,
            _ => {}
        }
        shown.log.events.push(event.clone());
    }
    planning.behind = !shown.caught_up(&joined);
}

/// A unit the host sent gets a combatant's components; once every told slot is shown they follow what the host says
/// (before, only the moves shown so far have moved them).
fn give_units_their_parts(
    joined: Res<Joined>,
    shown: Res<Shown>,
    mut units: Query<(Entity, &Unit, Option<&mut GridPos>, Option<&mut StatusList>, Option<&mut Tracks>)>,
    mut names: Query<(&mut Name, &mut Loadout, &mut Holding)>,
    mut commands: Commands,
) {
    let caught_up = shown.caught_up(&joined);
    for (entity, unit, cell, statuses, tracks) in &mut units {
        let name = joined.log.names.get(unit.id.index()).cloned().unwrap_or_default();
        let holding = Holding { aiming: unit.aiming, delayed: unit.delayed };
        let tracks_now =
            || Tracks(unit.tracks.iter().map(|(n, t, c)| Track::new(Cow::Owned(n.clone()), *t, *c)).collect());
        let (Some(mut cell), Some(mut statuses), Some(mut tracks)) = (cell, statuses, tracks) else {
            let parts = (Name::new(name), Side(unit.side.clone()), GridPos(unit.cell.0, unit.cell.1));
            // The weapon's kind only: its shots sound as they should (its name and rounds are not sent).
            let loadout = Loadout { class: unit.weapon, ..default() };
            commands.entity(entity).insert((
                parts,
                StatusList(unit.statuses.clone()),
                tracks_now(),
                Combatant(unit.id),
                loadout,
                holding,
            ));
            continue;
        };
        if !caught_up {
            continue;
        }
        cell.set_if_neq(GridPos(unit.cell.0, unit.cell.1));
        statuses.set_if_neq(StatusList(unit.statuses.clone()));
        tracks.set_if_neq(tracks_now());
        let Ok((mut shown_name, mut loadout, mut held)) = names.get_mut(entity) else { continue };
        held.set_if_neq(holding);
        if shown_name.as_str() != name {
            shown_name.set(name);
        }
        if loadout.class != unit.weapon {
            loadout.class = unit.weapon;
        }
    }
}

/// The waiting slot on the board: its unit marked as acting, its reach outlined (walking green, running amber), the
/// move planned drawn as a route, the enemy to attack bracketed.
fn show_the_plan(
    joined: Res<Joined>,
    (planning, orders): (Res<Planning>, Res<Orders>),
    units: Query<(Entity, &Combatant)>,
    mut preview: ResMut<Preview>,
    (mut acting, mut selected): (ResMut<Acting>, ResMut<Selected>),
    mut shown: Local<Option<(usize, bool, Option<Move>, Option<CombatantId>)>>,
) {
    let waiting = planning.waiting(&joined);
    let key = (joined.asks, waiting.is_some(), orders.plan.movement.clone(), orders.plan.target);
    if shown.as_ref() == Some(&key) {
        return;
    }
    *shown = Some(key);
    let entity_of = |id: CombatantId| units.iter().find(|(_, c)| c.0 == id).map(|(e, _)| e);
    selected.0 = orders.plan.target.filter(|_| waiting.is_some()).and_then(entity_of);
    let (Some((actor, _)), Some((_, _, choices))) = (waiting, joined.asked.as_ref()) else {
        *preview = Preview::default();
        return;
    };
    acting.0 = entity_of(actor);
    let route = orders.plan.movement.iter().map(|m| m.to).collect();
    *preview = Preview::of_reach(choices.reach.iter().copied().collect(), route);
}

/// The orders given go to the host: a plan, the slot ended (an empty plan) or delayed; the panel then waits for it.
fn send_orders(
    joined: Res<Joined>,
    (mut planning, mut orders): (ResMut<Planning>, ResMut<Orders>),
    mut out: MessageWriter<FromPlayer>,
) {
    let (Some(waiting), Some(give)) = (orders.waiting.clone(), orders.give.take()) else { return };
    let slot = waiting.slot;
    out.write(match give {
        Give::Plan => FromPlayer::Plan { slot, plan: orders.plan.clone() },
        Give::End => FromPlayer::Plan { slot, plan: Plan::default() },
        Give::Delay => FromPlayer::Delay { slot },
    });
    // Orders went for this ask: a plan made before the ask was heard is not made anew for it.
    (planning.ask, planning.sent, planning.refusals) = (joined.asks, true, joined.refused.len());
}

/// Asks the host the odds of the attack in view — the enemy under the pointer, attacked after the planned move, else
/// the plan's own target — once each: the host works them out from what this player's sides see.
fn ask_odds(
    hover: Res<Hover>,
    joined: Res<Joined>,
    units: Query<&Unit>,
    (mut planning, orders): (ResMut<Planning>, Res<Orders>),
    mut out: MessageWriter<FromPlayer>,
) {
    let Some((_, slot)) = planning.waiting(&joined) else { return };
    let plan = &orders.plan;
    let pointed = hover.0.and_then(|cell| {
        units.iter().find(|u| {
            u.cell == cell && !joined.yours.contains(&u.side) && !crate::rules::engine::outcome::down(&u.statuses)
        })
    });
    let priced = match pointed {
        Some(u) if plan.target == Some(u.id) => Some(Plan { other: None, ..plan.clone() }),
        Some(u) => Some(Plan { target: Some(u.id), way: None, at: None, other: None, movement: plan.movement.clone() }),
        None if plan.target.is_some() || plan.at.is_some() => Some(Plan { other: None, ..plan.clone() }),
        None => None,
    };
    if priced != planning.priced {
        if let Some(plan) = priced.clone() {
            out.write(FromPlayer::AskOdds { slot, plan });
        }
        planning.priced = priced;
    }
}

/// The heat map online (H): what it is for now (the slot the host waits for, while its orders are being given),
/// asked of the host once an ask (it works it out from what this player's sides see), and shown when it comes.
fn follow_heat(
    mut joined: ResMut<Joined>,
    planning: Res<Planning>,
    (mut now, mut shown): (ResMut<HeatNow>, ResMut<HeatShown>),
    mut asked: Local<Option<HeatKey>>,
    mut out: MessageWriter<FromPlayer>,
) {
    // Another connection counts its asks from 0 again: what was asked or shown before is not this one's.
    if joined.is_added() {
        (*asked, shown.map) = (None, None);
    }
    let key = planning.waiting(&joined).map(|(_, slot)| (joined.asks, slot, 0));
    let why = key.is_none().then_some("for your unit, in its slot");
    if now.key != key || now.why != why || now.names != joined.log.names {
        *now = HeatNow { key, why, names: joined.log.names.clone(), fogged: true };
    }
    let Some(key) = key.filter(|_| shown.mode != HeatMode::Off) else { return };
    if *asked != Some(key) {
        // A map of the same unit's slot a turn before must not stand for this one.
        joined.heat = None;
        out.write(FromPlayer::AskHeat { slot: key.1 });
        *asked = Some(key);
        return;
    }
    let Some((_, heat)) = joined.heat.as_ref().filter(|(slot, _)| *slot == key.1) else { return };
    if shown.map.as_ref().map(|(k, _)| *k) != Some(key) {
        shown.map = Some((key, heat.clone()));
    }
}
