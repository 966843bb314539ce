//! A player's orders: checked (a slot of its sides, the one the battle waits for, an action the rules take) and
//! declared, or refused; a slot delayed; and the player whose slot the battle waits for asked for its orders.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::state::Host;
use crate::combat::messages::{DeclareAction, DelaySlot};
use crate::combat::{Engine, TurnState};
use crate::net::protocol::FromHost;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::id::{CombatantId, naming_only};
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::fog::seen_by;
use crate::rules::tools::plan::{Choices, Plan, seen_others};

/// What a player is told of orders or questions for a slot that is not its own.
pub const NOT_YOUR_SLOT: &str = "the battle is not waiting for one of your units";

/// A player's orders as they came: the action itself (RON), or a window's plan the host makes the action of.
#[derive(Debug)]
pub(super) enum PlayerOrders<'a> {
    Text(&'a str),
    Plan(&'a Plan),
}

/// A player's orders for `slot`: declared if they are its to give and the rules take them, else refused.
pub(super) fn give_orders(
    host: &mut Host,
    (seat, client): (usize, Entity),
    battle: Option<&mut (Res<Engine>, ResMut<TurnState>)>,
    (slot, orders): (Slot, PlayerOrders<'_>),
    (declare, out): (&mut MessageWriter<DeclareAction>, &mut MessageWriter<ToClients<FromHost>>),
) {
    let Some((engine, state)) = battle else {
        let who = host.players[seat].name.clone();
        return host.refuse(&who, "orders", "the battle has not begun".into(), client, out);
    };
    match order(host, seat, &engine.0, state, slot, &orders) {
        Ok((entity, action)) => {
            declare.write(DeclareAction { entity, slot, action });
            state.declared();
        }
        Err(why) => {
            let who = host.players[seat].name.clone();
            host.refuse(&who, &format!("orders {orders:?}"), why, client, out);
        }
    }
}

/// A player delays its slot: the slot's end delays it (`combat::turn`), while the battle still waits for it; a
/// slot delayed once is not delayed again.
pub(super) fn delay(
    host: &mut Host,
    (seat, client): (usize, Entity),
    battle: Option<(&AnyBattle, &TurnState)>,
    slot: Slot,
    (delays, out): (&mut MessageWriter<DelaySlot>, &mut MessageWriter<ToClients<FromHost>>),
) {
    let delayed = match battle {
        Some((battle, _)) if battle.was_delayed() => Err("a slot delayed once cannot be delayed again".to_owned()),
        Some((battle, state)) => own_slot(host, seat, battle, state, slot),
        None => Err("the battle has not begun".into()),
    };
    match delayed {
        Ok(entity) => {
            delays.write(DelaySlot { entity });
        }
        Err(why) => {
            let who = host.players[seat].name.clone();
            host.refuse(&who, "a delay", why, client, out);
        }
    }
}

/// Checks a player's orders: the battle waits for a slot of one of its sides, this slot, and the rules take the
/// action (a dry run on copies). The combatant's entity and the action.
fn order(
    host: &Host,
    seat: usize,
    battle: &AnyBattle,
    state: &TurnState,
    slot: Slot,
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

/// Checks that the battle waits for `slot`, of a combatant of this player's sides; its entity, else why not.
pub(super) fn own_slot(
    host: &Host,
    seat: usize,
    battle: &AnyBattle,
    state: &TurnState,
    slot: Slot,
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

/// Asks the player whose combatant's slot the battle waits for, once a slot and connection.
pub(super) fn ask_players(
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
