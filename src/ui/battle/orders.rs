//! Player control: when a player's combatant has its slot, the battle waits. A left click on a cell the unit
//! reaches orders a move there (a walk when a walk gets there, else a run), a click on the unit itself takes the move
//! back; a left click on an enemy orders an attack on it with the weapon in hand (again: takes it back), Tab picks
//! the next way to attack (firing modes, called shots); with a blast weapon in hand (a grenade), Shift+click on a cell
//! (or a click on one out of reach) throws it there. Enter (or the panel's button) gives the orders, E ends the
//! slot doing nothing, L delays it to the end of the phase or pass, keys 1–9 (or the buttons) take one of the
//! ruleset's other actions (take cover, full defense, aim, reload, clear a jam, stand up, drop prone, ready a
//! weapon); a right click or Esc clears the orders. The orders become the ruleset's action, which the rules try on a
//! copy of the battle first: an illegal one is explained in the panel instead of ending the battle.

use bevy::prelude::*;

use super::preview::{Hover, Preview};
use crate::combat::components::GridPos;
use crate::combat::messages::{DeclareAction, DelaySlot};
use crate::combat::{Engine, TurnState};
use crate::rules::field::{Move, Pace};
use crate::rules::plan::{Plan, other_actions, seen_cover};
use crate::rules::ruleset::Slot;

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, InBattle, fresh};
    app.add_plugins(giving_plugin).add_systems(OnEnter(InBattle), fresh::<Orders>).add_systems(
        Update,
        (
            take_clicks
                .run_if(crate::ui::keys_free)
                .in_set(ClickSystems)
                .after(super::preview::track_pointer)
                .in_set(BattleScreenSystems),
            mark_the_blast.in_set(BattleScreenSystems),
        ),
    );
}

/// A ring and a cross on the cell a blast is ordered at.
fn mark_the_blast(orders: Res<Orders>, mut gizmos: Gizmos) {
    let Some((x, y)) = orders.at else { return };
    let centre = super::board::cell_center(x, y);
    let colour = Color::srgb(1.0, 0.45, 0.2);
    gizmos.circle_2d(centre, crate::ui::CELL * 0.45, colour);
    let d = crate::ui::CELL * 0.3;
    gizmos.line_2d(centre - Vec2::splat(d), centre + Vec2::splat(d), colour);
    gizmos.line_2d(centre + Vec2::new(-d, d), centre + Vec2::new(d, -d), colour);
}

/// Turning orders into the action the slot waits for, without the clicks (headless tests give the orders).
pub fn giving_plugin(app: &mut App) {
    app.init_resource::<Orders>().init_resource::<super::fog::Fog>().add_systems(
        Update,
        give_orders
            .after(ClickSystems)
            .before(crate::combat::TurnSystems::Resolve)
            .in_set(crate::ui::screens::BattleScreenSystems),
    );
}

/// The system that turns clicks and keys into orders.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClickSystems;

/// What the player has ordered so far for the waiting unit.
#[derive(Resource, Default, Debug)]
pub struct Orders {
    pub movement: Option<Move>,
    /// The cell of the enemy to attack.
    pub target: Option<(i32, i32)>,
    /// Or the cell to throw the blast weapon in hand at (Shift+click; a click out of reach too).
    pub at: Option<(i32, i32)>,
    /// Give the orders now (Enter or the button), end the slot doing nothing (E), or delay it (L).
    pub give: bool,
    pub wait: bool,
    pub delay: bool,
    /// The ruleset's other actions open now, by name (full defense, aim, reload …), and the one chosen (keys 1–9).
    pub others: Vec<String>,
    pub other: Option<usize>,
    /// The ways to attack the ordered target (firing modes, called shots) by name, and the one chosen.
    pub attacks: Vec<String>,
    pub attack: Option<usize>,
    /// Why the rules refused the last orders.
    pub refused: String,
}

fn take_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    hover: Res<Hover>,
    preview: Res<Preview>,
    state: Res<TurnState>,
    positions: Query<&GridPos>,
    handover: Res<crate::ui::Handover>,
    mut orders: ResMut<Orders>,
) {
    let Some((waiting, _)) = state.awaiting().filter(|_| !handover.covered()) else { return };
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        *orders = Orders::default();
    }
    orders.give |= keys.just_pressed(KeyCode::Enter);
    orders.wait |= keys.just_pressed(KeyCode::KeyE);
    // A slot delayed once comes back for good.
    orders.delay |= keys.just_pressed(KeyCode::KeyL) && !state.from_delay;
    if keys.just_pressed(KeyCode::Tab) && !orders.attacks.is_empty() {
        let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        let n = orders.attacks.len();
        orders.attack = Some((orders.attack.unwrap_or(0) + if back { n - 1 } else { 1 }) % n);
    }
    if let Some(i) = digit_pressed(&keys).filter(|i| *i < orders.others.len()) {
        orders.other = Some(i);
    }
    let Some(cell) = hover.0.filter(|_| mouse.just_pressed(MouseButton::Left)) else { return };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if preview.blast && (shift || !preview.reachable.contains_key(&cell)) {
        // A blast at the ground: a second click takes it back.
        orders.at = Some(cell).filter(|c| orders.at != Some(*c));
        (orders.target, orders.attack) = (None, None);
    } else if orders.target == Some(cell) {
        (orders.target, orders.attack) = (None, None);
    } else if preview.odds.is_some() || !preview.sight_note.is_empty() {
        (orders.target, orders.attack, orders.at) = (Some(cell), None, None);
    } else if positions.get(waiting).is_ok_and(|p| (p.0, p.1) == cell) {
        orders.movement = None;
    } else if let Some(&walking) = preview.reachable.get(&cell) {
        orders.movement = Some(Move { to: cell, pace: if walking { Pace::Walk } else { Pace::Run } });
    }
}

/// The digit key 1–9 just pressed, as an index from 0 (the action bar's keys).
pub(in crate::ui) fn digit_pressed(keys: &ButtonInput<KeyCode>) -> Option<usize> {
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    DIGITS.iter().position(|k| keys.just_pressed(*k))
}

/// Turns the orders into the ruleset's action, tries it on a copy of the battle, and declares it when the rules
/// accept it.
fn give_orders(
    mut orders: ResMut<Orders>,
    mut state: ResMut<TurnState>,
    engine: Res<Engine>,
    mut declare: MessageWriter<DeclareAction>,
    mut delays: MessageWriter<DelaySlot>,
    fog: Res<super::fog::Fog>,
    mut cover: Local<Option<(Entity, Slot, u64, Option<Move>)>>,
) {
    let Some((entity, slot)) = state.awaiting() else { return };
    let battle = &engine.0;
    // "Take cover" searches the cells a walk reaches: worked out once per waiting slot (and view). It weighs every
    // enemy: under fog it is offered only when the player sees them all, as online.
    if cover.as_ref().is_none_or(|(e, s, f, _)| (*e, *s, *f) != (entity, slot, fog.changes)) {
        let spot = match fog.on {
            true => seen_cover(battle, slot.actor, &fog.mask),
            false => battle.cover_spot(slot.actor, battle.paces(slot.actor).0),
        };
        *cover = Some((entity, slot, fog.changes, spot));
    }
    let spot = cover.as_ref().and_then(|(.., spot)| spot.clone());
    let others = other_actions(battle, slot.actor, spot);
    if orders.others.len() != others.len() || orders.others.iter().zip(&others).any(|(a, (b, _))| a != b) {
        orders.others = others.iter().map(|(name, _)| name.clone()).collect();
    }
    let views = battle.views();
    let target = orders.target.and_then(|cell| views.iter().find(|c| c.position == cell)).map(|c| c.id());
    let ways = target.map(|t| battle.attack_choices(slot.actor, t, orders.movement.clone()));
    let names: Vec<String> = ways.unwrap_or_default().into_iter().map(|(n, _)| n).collect();
    if orders.attacks != names {
        orders.attacks = names;
    }
    if orders.delay {
        delays.write(DelaySlot { entity });
        *orders = Orders::default();
        return;
    }
    if !(orders.give || orders.wait || orders.other.is_some()) {
        return;
    }
    // The panel shows the first way chosen until the player picks another; E (wait) ends the slot doing nothing.
    let plan = match orders.wait {
        true => Plan { other: orders.other, ..Plan::default() },
        false => {
            Plan { movement: orders.movement.clone(), target, way: orders.attack, other: orders.other, at: orders.at }
        }
    };
    let action = plan.action(battle, slot.actor, others);
    // A dry run with throwaway dice on copies: the real one rolls the battle's dice.
    match battle.dry_run(slot, &action) {
        Err(e) => {
            orders.refused = e.to_string();
            (orders.give, orders.wait, orders.other) = (false, false, None);
        }
        Ok(()) => {
            declare.write(DeclareAction { entity, slot, action });
            state.declared();
            *orders = Orders::default();
        }
    }
}
