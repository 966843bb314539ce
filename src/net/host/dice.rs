//! Dice rolled by hand online: the host asks the player whose sides' roll it is for its faces (again when it comes
//! back), takes them if they are its to roll and on the dice, and rolls them itself once the time is up.

use std::time::Instant;

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::state::{DiceWait, Host};
use crate::combat::{BattleDice, Engine};
use crate::net::protocol::FromHost;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::table::TableDice;

/// A player's faces for the roll numbered `roll` (or, no `line`, the host's own dice to roll it), if the host still
/// waits for that roll: faces typed for a roll the host rolled meanwhile (its time was up) are not the next roll's.
pub(super) fn dice_given(
    host: &mut Host,
    (seat, client): (usize, Entity),
    (roll, line): (u32, Option<&str>),
    (battle, dice): (Option<&AnyBattle>, Option<&mut ResMut<BattleDice>>),
    out: &mut MessageWriter<ToClients<FromHost>>,
) {
    if host.dice_wait.as_ref().is_none_or(|w| w.number != roll) {
        let who = host.players[seat].name.clone();
        let why = "that roll is no longer waited for (the host rolled it)".into();
        return host.refuse(&who, "dice", why, client, out);
    }
    match (battle, dice) {
        (Some(battle), Some(dice)) => give_dice(host, seat, (battle, &mut dice.0), line, (client, out)),
        _ => {
            let who = host.players[seat].name.clone();
            host.refuse(&who, "dice", "the battle has not begun".into(), client, out);
        }
    }
}

/// A player's faces for the roll the host waits for (or, `None`, the host's own dice to roll it): taken if the roll
/// is of its sides and it rolls its own dice; else, or faces not on the dice, refused.
fn give_dice(
    host: &mut Host,
    seat: usize,
    (battle, dice): (&AnyBattle, &mut TableDice),
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
        Some(line) => dice.type_in(line).map(drop).map_err(|e| e.to_string()),
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
pub(super) fn wait_for_dice(
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
        let (number, since) = (host.rolls_asked, Instant::now());
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
