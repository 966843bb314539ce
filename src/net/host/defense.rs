//! The defender's choice online: when a combatant of a player who chooses its defenses is attacked where the rules
//! give a choice (`SlotPhase::DefenderChoosing`), the host asks that player (again when it comes back), each choice
//! with its odds as the table tells them; takes the answer if it is that player's to give; and once the time is up
//! (`Host::dice_time`) lets the combatant decide by itself. A defender whose player is not connected waits as its
//! slot would.

use std::time::Instant;

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::state::{DefenseWait, Host};
use crate::combat::messages::ChooseDefense;
use crate::combat::{Engine, SlotPhase, TurnState};
use crate::net::protocol::FromHost;
use crate::rules::tools::defense::question;

/// A player's answer to defense question `ask`: taken if the host still waits for that question and the defender
/// is of the player's sides, and the option is one of the question's.
pub(super) fn defense_given(
    host: &mut Host,
    (seat, client): (usize, Entity),
    (ask, option): (u32, Option<usize>),
    battle: Option<(&Engine, &TurnState)>,
    (choose, out): (&mut MessageWriter<ChooseDefense>, &mut MessageWriter<ToClients<FromHost>>),
) {
    let who = host.players[seat].name.clone();
    let refuse = |host: &mut Host, why: &str, out: &mut MessageWriter<ToClients<FromHost>>| {
        host.refuse(&who, &format!("defense {option:?}"), why.into(), client, out);
    };
    if host.defense_wait.as_ref().is_none_or(|w| w.number != ask) {
        return refuse(host, "that defense is no longer waited for (the time was up)", out);
    }
    let Some((engine, Some(choice))) = battle.map(|(e, s)| (e, s.asked.as_ref())) else {
        return refuse(host, "no defense is waited for", out);
    };
    let side = engine.0.view(choice.defender).side;
    if !host.players[seat].sides.iter().any(|s| s == side) {
        return refuse(host, "that defender is not yours", out);
    }
    if option.is_some_and(|i| i >= choice.options.len()) {
        return refuse(host, "no such defense", out);
    }
    host.defense_wait = None;
    choose.write(ChooseDefense { option });
    let taken = FromHost::DefenseTaken { by_itself: option.is_none() };
    out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message: taken });
}

/// Waits for the defense of a player who chooses its own: asks it (again when it comes back), and once the time is
/// up has the combatant decide by itself and says so.
pub(super) fn wait_for_defense(
    mut host: ResMut<Host>,
    battle: Option<(Res<Engine>, Res<TurnState>)>,
    mut choose: MessageWriter<ChooseDefense>,
    mut out: MessageWriter<ToClients<FromHost>>,
) {
    let Some((engine, state)) = battle else { return };
    let (SlotPhase::DefenderChoosing(_, slot), Some(choice)) = (&state.phase, &state.asked) else {
        host.defense_wait = None;
        return;
    };
    let decision = engine.0.decided();
    let Some(seat) = host.commander(engine.0.view(choice.defender).side) else {
        // No player of that side (it cannot be asked): it decides by itself at once.
        choose.write(ChooseDefense { option: None });
        return;
    };
    if host.defense_wait.as_ref().is_none_or(|w| w.decision != decision) {
        host.defenses_asked += 1;
        let number = host.defenses_asked;
        host.defense_wait = Some(DefenseWait { decision, number, asked: None, since: Instant::now() });
    }
    let (client, limit) = (host.players[seat].client, host.dice_time);
    let Some(wait) = host.defense_wait.as_mut() else { return };
    let waited = wait.since.elapsed();
    if waited >= limit {
        info!("{} decided its defense by itself: the time was up", engine.0.view(choice.defender).name());
        host.defense_wait = None;
        choose.write(ChooseDefense { option: None });
        if let Some(client) = client {
            let taken = FromHost::DefenseTaken { by_itself: true };
            out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message: taken });
        }
        return;
    }
    if let Some(to) = client.filter(|c| wait.asked != Some(*c)) {
        wait.asked = Some(to);
        let seconds = (limit - waited).as_secs() as u32;
        let ask = wait.number;
        let question = question(&engine.0, slot.actor, choice, host.request.odds);
        host.players[seat].send(&FromHost::DefendYours { question, seconds, ask }, &mut out);
    }
}
