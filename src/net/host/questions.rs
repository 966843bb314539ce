//! The tactics lab's questions a player asks the host about the battle as its sides see it: the odds of an attack,
//! a heat map of its slot and the expert's hint for it (each worked out on a task, sent when ready), and a what-if
//! priced; each answered to that player alone, and a player who floods the host is left unanswered.

use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use bevy::tasks::futures::check_ready;
use bevy_replicon::prelude::*;

use super::offer::Spectators;
use super::orders::own_slot;
use super::sight::sight;
use super::state::{Host, Player, Stop, Work};
use crate::ai::lab::heat_map_any;
use crate::combat::{Engine, TurnState};
use crate::net::MAX_SEATS;
use crate::net::protocol::FromHost;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::id::CombatantId;
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::fog::{as_seen, seen_by};
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::plan::Plan;
use crate::rules::tools::what_if;

/// Questions (odds, heat maps, what-ifs, hints) a player may ask in one update; a window asks once a plan, a slot, or a
/// set-up.
const MAX_QUESTIONS: u8 = 16;

/// The questions each seat asked this update: a window asks once a plan, so more than `MAX_QUESTIONS` is flooding,
/// left unanswered; what-ifs are priced in the update (heat maps on a task), two a player an update, one for each
/// set-up.
#[derive(Default)]
pub(super) struct Asked {
    questions: [u8; MAX_SEATS],
    what_ifs: [u8; MAX_SEATS],
}

impl Asked {
    /// Counts a question of `seat`'s; whether it is answered.
    fn one_more(&mut self, seat: usize) -> bool {
        self.questions[seat] = self.questions[seat].saturating_add(1);
        self.questions[seat] <= MAX_QUESTIONS
    }

    /// Counts a what-if of `seat`'s (a question besides); whether it is answered.
    fn one_more_what_if(&mut self, seat: usize) -> bool {
        let question = self.one_more(seat);
        self.what_ifs[seat] = self.what_ifs[seat].saturating_add(1);
        question && self.what_ifs[seat] <= 2
    }
}

/// A heat map of `slot` for the player at `seat`, worked out on a task from what its sides see (`send_answers`
/// sends it); one map at work a player, and not the same one twice at the same moment of the battle.
pub(super) fn ask_heat(
    host: &mut Host,
    (seat, client): (usize, Entity),
    slot: Slot,
    battle: Option<(&AnyBattle, &TurnState)>,
    (asked, out): (&mut Asked, &mut MessageWriter<ToClients<FromHost>>),
) {
    let answered = asked.one_more(seat);
    // The same unit's slot a turn later is another question: a map still at work for the last is no answer to it.
    let now = battle.map(|(battle, _)| battle.decided());
    if !answered || host.heat_work.iter().any(|w| w.seat == seat && w.slot == slot && Some(w.decided) == now) {
        return;
    }
    if !host.request.odds.any() {
        let who = host.players[seat].name.clone();
        host.refuse(&who, "a heat map", NoOdds::NotTold.to_string(), client, out);
        return;
    }
    let asked = battle.map_or(Err("the battle has not begun".into()), |(battle, state)| {
        own_slot(host, seat, battle, state, slot).map(|_| {
            let known = as_seen(battle, &seen_by(battle, &host.players[seat].sides));
            (battle.decided(), known)
        })
    });
    match asked {
        Ok((decided, known)) => {
            let task = AsyncComputeTaskPool::get().spawn(async move { heat_map_any(&known, slot) });
            // A new question takes the place of the player's last: one map at work a player.
            host.heat_work.retain(|w| w.seat != seat);
            host.heat_work.push(Work { seat, client, slot, ask: 0, decided, task, _stop: None });
        }
        Err(why) => {
            let who = host.players[seat].name.clone();
            host.refuse(&who, "a heat map", why, client, out);
        }
    }
}

/// The odds of the attack `plan` makes for the player's `slot`, from what its sides see.
pub(super) fn ask_odds(
    host: &Host,
    seat: usize,
    (slot, plan): (Slot, &Plan),
    battle: Option<(&AnyBattle, &TurnState)>,
    (asked, out): (&mut Asked, &mut MessageWriter<ToClients<FromHost>>),
) {
    if !asked.one_more(seat) {
        return;
    }
    let told = host.request.odds;
    let odds = match battle {
        _ if !told.any() => Err(NoOdds::NotTold),
        Some((battle, state)) => own_slot(host, seat, battle, state, slot)
            .map_err(NoOdds::NotYourSlot)
            .and_then(|_| plan.odds(battle, slot, &seen_by(battle, &host.players[seat].sides))),
        None => Err(NoOdds::NotBegun),
    };
    let odds = odds.map(|odds| told.roughly(odds));
    host.players[seat].send(&FromHost::Odds { slot, plan: plan.clone(), odds }, out);
}

/// What-if set-up number `ask` priced on the battle as the player may see it, at any time in the battle.
pub(super) fn ask_what_if(
    host: &Host,
    seat: usize,
    (ask, setup): (u32, &what_if::Setup),
    battle: Option<&AnyBattle>,
    (asked, out): (&mut Asked, &mut MessageWriter<ToClients<FromHost>>),
) {
    if !asked.one_more_what_if(seat) {
        return;
    }
    let told = host.request.odds;
    let priced = match battle {
        _ if !told.any() => Err(NoOdds::NotTold),
        Some(battle) => what_if_seen(battle, &host.players[seat], host.spectators, setup),
        None => Err(NoOdds::NotBegun),
    };
    let priced = priced.map(|mut p| {
        p.odds = p.odds.map(|odds| odds.map(|odds| told.roughly(odds)));
        p
    });
    host.players[seat].send(&FromHost::WhatIf { ask, priced }, out);
}

/// Sends each heat map and hint worked out to the player who asked, if the battle is still at that slot (a map of a
/// moment gone would mislead).
pub(super) fn send_answers(
    mut host: ResMut<Host>,
    engine: Option<Res<Engine>>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let Some(engine) = engine else { return };
    let decided = engine.0.decided();
    let (mut heat, mut expert) = (std::mem::take(&mut host.heat_work), std::mem::take(&mut host.expert_work));
    send_ready(&mut heat, (&host.players, decided), |(slot, _), heat| FromHost::Heat { slot, heat }, &mut out);
    let said = |(_, ask), said: Result<_, _>| FromHost::Expert { ask, said: said.map(Box::new) };
    send_ready(&mut expert, (&host.players, decided), said, &mut out);
    (host.heat_work, host.expert_work) = (heat, expert);
}

/// The answers of `work` that are ready, each to the connection that asked if it is still there (a message to a
/// connection gone is an error) and the battle is still at its slot.
fn send_ready<T>(
    work: &mut Vec<Work<T>>,
    (players, decided): (&[Player], usize),
    message: impl Fn((Slot, u32), T) -> FromHost,
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    work.retain_mut(|w| {
        let Some(answer) = check_ready(&mut w.task) else { return true };
        let Some(player) = players.get(w.seat).filter(|p| p.client == Some(w.client)) else { return false };
        if w.decided == decided {
            player.send(&message((w.slot, w.ask), answer), out);
        }
        false
    });
}

/// Question `ask`: the expert's hint for the player's `slot` with its orders `plan` beside it, thought over on a task
/// on the battle as its sides see it (`send_answers` sends it); a player's new question stops its last.
pub(super) fn ask_expert(
    host: &mut Host,
    (seat, client): (usize, Entity),
    (ask, slot, plan): (u32, Slot, &Plan),
    battle: Option<(&AnyBattle, &TurnState)>,
    (asked, out): (&mut Asked, &mut MessageWriter<ToClients<FromHost>>),
) {
    if !asked.one_more(seat) {
        return;
    }
    host.expert_work.retain(|w| w.seat != seat);
    let told = host.request.odds;
    let think = host.request.minds().think;
    let hint = match battle {
        _ if !told.any() => Err(NoOdds::NotTold),
        Some((battle, state)) => own_slot(host, seat, battle, state, slot).map_err(NoOdds::NotYourSlot).map(|_| {
            let known = as_seen(battle, &seen_by(battle, &host.players[seat].sides));
            (battle.decided(), crate::lab::hint::Asked { battle: known, slot, think, plan: plan.clone() })
        }),
        None => Err(NoOdds::NotBegun),
    };
    match hint {
        Ok((decided, hint)) => {
            let progress = std::sync::Arc::new(crate::lab::sim::Progress::default());
            let stop = Some(Stop(progress.clone()));
            // On one core, as one screen's window thinks: a host in the window's own process leaves it the other.
            let task = AsyncComputeTaskPool::get().spawn(async move { hint.answer_on_one_core(told, &progress) });
            host.expert_work.push(Work { seat, client, slot, ask, decided, task, _stop: stop });
        }
        Err(why) => {
            host.players[seat].send(&FromHost::Expert { ask, said: Err(why) }, out);
        }
    }
}

/// A what-if `setup` priced on the battle as `player` may see it (`sight`): the same answer for a unit it does not
/// see as for no unit at all.
fn what_if_seen(
    battle: &AnyBattle,
    player: &Player,
    spectators: Spectators,
    setup: &what_if::Setup,
) -> Result<Box<what_if::Priced>, NoOdds> {
    let seen = sight(battle, player, spectators);
    let in_sight = |id: CombatantId| seen.get(id.index()) == Some(&true);
    if !in_sight(setup.attacker) || !in_sight(setup.target) {
        return Err(NoOdds::Unseen);
    }
    what_if::price(&as_seen(battle, &seen), setup).map(Box::new)
}
