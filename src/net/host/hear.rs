//! What the players say each update: each message read as the roster numbers the combatants, from a player with a
//! seat (a stranger must say hello first), and handed to the handler of its kind: the lobby's, the orders', the lab
//! questions', the dice's.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::defense::defense_given;
use super::dice::dice_given;
use super::limits::{Admit, Limits};
use super::lobby::{asks_defense, hello, own_dice, ready, say, take_gm, take_side};
use super::orders::{PlayerOrders, delay, give_orders};
use super::questions::{Asked, ask_expert, ask_heat, ask_odds, ask_what_if};
use super::state::Host;
use crate::combat::gm::ChangeByGm;
use crate::combat::messages::{ChooseDefense, DeclareAction, DelaySlot};
use crate::combat::{BattleDice, Engine, TurnState};
use crate::net::protocol::{FromHost, FromPlayer};

/// What players' messages become in the battle: declared actions, delays, defenses chosen and the GM's changes.
type Requests<'w> = (
    MessageWriter<'w, DeclareAction>,
    MessageWriter<'w, DelaySlot>,
    MessageWriter<'w, ChooseDefense>,
    MessageWriter<'w, ChangeByGm>,
);

/// Everything players said this update: hellos, sides, ready, chat, orders, questions and dice.
pub(super) fn hear_players(
    mut heard: MessageReader<FromClient<FromPlayer>>,
    host: Option<ResMut<Host>>,
    mut commands: Commands,
    mut battle: Option<(Res<Engine>, ResMut<TurnState>)>,
    (mut declare, mut delays, mut defend, mut gm): Requests,
    mut out: MessageWriter<ToClients<FromHost>>,
    mut dice: Option<ResMut<BattleDice>>,
    (mut limits, mut disconnects): (ResMut<Limits>, MessageWriter<DisconnectRequest>),
) {
    let Some(mut host) = host else { return };
    let mut asked = Asked::default();
    let now = std::time::Instant::now();
    for FromClient { client_id, message } in heard.read() {
        let Some(client) = client_id.entity() else { continue };
        if !within_limits(&mut host, (&mut limits, now), client, (&mut out, &mut disconnects)) {
            continue;
        }
        if let FromPlayer::Hello { name, watching, key } = message {
            hello(&mut host, client, (name, *watching, key.as_deref()), &mut commands, &mut out);
            continue;
        }
        let Some((seat, message)) = identify(&mut host, client, message, &mut out) else { continue };
        let by = (seat, client);
        let seen = battle.as_ref().map(|(engine, state)| (&engine.0, &**state));
        match &message {
            FromPlayer::Hello { .. } => {}
            FromPlayer::TakeSide(side) => take_side(&mut host, seat, side.clone(), client, &mut out),
            FromPlayer::Ready(yes) => ready(&mut host, seat, *yes),
            FromPlayer::OwnDice(own) => own_dice(&mut host, seat, *own, client, &mut out),
            FromPlayer::AsksDefense(asks) => asks_defense(&mut host, seat, *asks, client, &mut out),
            FromPlayer::TakeGm(take) => take_gm(&mut host, seat, *take, client, &mut out),
            FromPlayer::Gm(change) => match host.players[seat].gm {
                true => {
                    gm.write(ChangeByGm(change.clone()));
                }
                false => {
                    let who = host.players[seat].name.clone();
                    let why = "only the game master changes the battle by hand".into();
                    host.refuse(&who, &format!("{change:?}"), why, client, &mut out);
                }
            },
            FromPlayer::Defend { ask, option } => {
                let battle = battle.as_ref().map(|(engine, state)| (&**engine, &**state));
                defense_given(&mut host, by, (*ask, *option), battle, (&mut defend, &mut out));
            }
            FromPlayer::Say(text) => say(&mut host, by, text, &mut out),
            FromPlayer::Faces { roll, line } => {
                let battle = battle.as_ref().map(|(engine, _)| &engine.0);
                dice_given(&mut host, by, (*roll, Some(line)), (battle, dice.as_mut()), &mut out);
            }
            FromPlayer::RollForMe { roll } => {
                let battle = battle.as_ref().map(|(engine, _)| &engine.0);
                dice_given(&mut host, by, (*roll, None), (battle, dice.as_mut()), &mut out);
            }
            FromPlayer::AskHeat { slot } => ask_heat(&mut host, by, *slot, seen, (&mut asked, &mut out)),
            FromPlayer::AskOdds { slot, plan } => ask_odds(&host, seat, (*slot, plan), seen, (&mut asked, &mut out)),
            FromPlayer::AskExpert { ask, slot, plan } => {
                ask_expert(&mut host, by, (*ask, *slot, plan), seen, (&mut asked, &mut out));
            }
            FromPlayer::AskWhatIf { ask, setup } => {
                let battle = seen.map(|(battle, _)| battle);
                ask_what_if(&host, seat, (*ask, setup), battle, (&mut asked, &mut out));
            }
            FromPlayer::Delay { slot } => delay(&mut host, by, seen, *slot, (&mut delays, &mut out)),
            FromPlayer::Order { slot, action } => {
                let orders = (*slot, PlayerOrders::Text(action));
                give_orders(&mut host, by, battle.as_mut(), orders, (&mut declare, &mut out));
            }
            FromPlayer::Plan { slot, plan } => {
                let orders = (*slot, PlayerOrders::Plan(plan));
                give_orders(&mut host, by, battle.as_mut(), orders, (&mut declare, &mut out));
            }
        }
    }
}

/// Whether a message from `client` is taken: within its connection's rate (`limits.rs`); a flood is refused once a
/// second, and closed once it goes on.
fn within_limits(
    host: &mut Host,
    (limits, now): (&mut Limits, std::time::Instant),
    client: Entity,
    (out, disconnects): (&mut MessageWriter<ToClients<FromHost>>, &mut MessageWriter<DisconnectRequest>),
) -> bool {
    let who = host.seat_of(client).map_or_else(|| "a stranger".to_owned(), |seat| host.players[seat].name.clone());
    match limits.admit(client, now) {
        Admit::Yes => return true,
        Admit::Drop => {}
        Admit::Refuse(why) => host.refuse(&who, "a message", why, client, out),
        Admit::Close(why) => {
            host.refuse(&who, "a message", why, client, out);
            disconnects.write(DisconnectRequest { client });
        }
    }
    false
}

/// The seat `client` sits in, and its `message` with the roster's numbers (the player names combatants by its own);
/// else the message is refused: a stranger's, or one that cannot be renumbered.
fn identify(
    host: &mut Host,
    client: Entity,
    message: &FromPlayer,
    out: &mut MessageWriter<ToClients<FromHost>>,
) -> Option<(usize, FromPlayer)> {
    let Some(seat) = host.seat_of(client) else {
        host.refuse("a stranger", &format!("{message:?}"), "say hello (your name) first".into(), client, out);
        return None;
    };
    match host.players[seat].numbering.ours(message) {
        Ok(message) => Some((seat, message)),
        Err(e) => {
            let who = host.players[seat].name.clone();
            host.refuse(&who, &format!("{message:?}"), format!("unreadable: {e}"), client, out);
            None
        }
    }
}
