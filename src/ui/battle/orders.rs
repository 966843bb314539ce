//! The one orders model and the one input handler, for one screen's battle and an online one alike: the player's
//! orders are the rules' [`Plan`], made by the same clicks and keys; only where they go differs (one screen makes the
//! action and tries it: `giving.rs`; online, the host does: `online/board.rs`).
//!
//! When a slot waits for this window's orders: a left click on a cell the unit reaches plans a move there (a walk when
//! a walk gets there, else a run), a click on the unit itself takes the move back; a left click on an enemy plans an
//! attack on it (again: takes it back), Tab picks the next way to attack (firing modes, called shots; Shift+Tab the
//! one before); with a blast weapon in hand (a grenade), Shift+click on a cell no one stands on (or a click on one out
//! of reach) throws it there. Enter (or the panel's button) gives the orders, E ends the slot doing nothing, L delays
//! it to the end of the phase or pass, keys 1–9 (or the buttons) take one of the ruleset's other actions (take cover,
//! full defense, aim, reload …); a right click or Esc clears the orders.

use bevy::prelude::*;

use super::preview::{Hover, Preview};
use crate::combat::components::{Combatant, GridPos, Side, StatusList};
use crate::rules::engine::field::{Move, Pace};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::plan::{Choices, Plan};

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BoardSystems, OnBoard, fresh};
    app.init_resource::<Orders>().add_systems(OnEnter(OnBoard), fresh::<Orders>).add_systems(
        Update,
        (
            take_clicks
                .run_if(crate::ui::keys_free)
                .in_set(ClickSystems)
                .after(super::preview::track_pointer)
                .in_set(BoardSystems),
            mark_the_blast.in_set(BoardSystems),
        ),
    );
}

/// The system that turns clicks and keys into orders.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClickSystems;

/// The orders being given for the slot that waits for this window.
#[derive(Resource, Default, Debug)]
pub struct Orders {
    /// The slot waiting for this window's orders and what it offers; none while no slot waits (or orders for it are
    /// on their way).
    pub waiting: Option<Waiting>,
    /// The orders so far.
    pub plan: Plan,
    /// What the player asked to do with them, not yet done.
    pub give: Option<Give>,
    /// Why the last orders were refused (by the rules, or by the host).
    pub refused: Option<String>,
    /// *What would the expert do?* for this slot (`hint.rs`).
    pub expert: ExpertHint,
}

/// The expert's hint for the waiting slot, as far as it has come.
#[derive(Debug, Default, Clone, PartialEq)]
pub enum ExpertHint {
    /// Not offered (no slot waits, the table tells no odds).
    #[default]
    Unoffered,
    /// Offered: the panel's button.
    Offered,
    /// Asked for (the button, X), not begun.
    Asked,
    Thinking,
    Told(Box<crate::lab::hint::ExpertSaid>),
}

/// A slot waiting for this window's orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub slot: Slot,
    /// What it offers, as its player sees the battle (one screen works it out, a host sends it).
    pub choices: Choices,
    /// The ways to attack the planned target (firing modes, called shots), by name: after the planned move where
    /// this end can work them out.
    pub ways: Vec<String>,
}

impl Waiting {
    /// A slot and its choices, no way to attack worked out yet.
    pub fn new(slot: Slot, choices: Choices) -> Self {
        Waiting { slot, choices, ways: Vec::new() }
    }
}

/// What the player asked to do with the orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Give {
    /// Give them (Enter, or an other action chosen).
    Plan,
    /// End the slot doing nothing (E).
    End,
    /// Delay the slot to the end of its phase or pass (L).
    Delay,
}

impl Orders {
    /// The orders cleared; the slot still waits.
    pub fn clear(&mut self) {
        (self.plan, self.give, self.refused) = (Plan::default(), None, None);
    }

    /// Asks for one of the slot's other actions (a key 1–9, a button), given at once.
    pub fn take_other(&mut self, i: usize) {
        self.plan = Plan { other: Some(i), ..Plan::default() };
        self.give = Some(Give::Plan);
    }
}

/// A ring and a cross on the cell a blast is ordered at.
fn mark_the_blast(orders: Res<Orders>, mut gizmos: Gizmos) {
    let Some((x, y)) = orders.plan.at.filter(|_| orders.waiting.is_some()) else { return };
    let centre = super::board::cell_center(x, y);
    let colour = Color::srgb(1.0, 0.45, 0.2);
    gizmos.circle_2d(centre, crate::ui::CELL * 0.45, colour);
    let d = crate::ui::CELL * 0.3;
    gizmos.line_2d(centre - Vec2::splat(d), centre + Vec2::splat(d), colour);
    gizmos.line_2d(centre + Vec2::new(-d, d), centre + Vec2::new(d, -d), colour);
}

/// A unit on the board, as a click sees it.
type OnCell<'a> = (Entity, &'a Combatant, &'a GridPos, &'a Side, &'a StatusList);

/// Clicks and keys make the plan for the waiting slot, or ask for it to be given.
fn take_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    (hover, preview): (Res<Hover>, Res<Preview>),
    units: Query<OnCell>,
    fog: Res<super::fog::Fog>,
    handover: Option<Res<crate::ui::Handover>>,
    mut orders: ResMut<Orders>,
) {
    if handover.is_some_and(|h| h.covered()) {
        return;
    }
    let Some(waiting) = orders.waiting.clone() else { return };
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        orders.clear();
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    take_keys(&keys, shift, &waiting, &mut orders);
    let Some(cell) = hover.0.filter(|_| mouse.just_pressed(MouseButton::Left)) else { return };
    let actor = waiting.slot.actor;
    let side = units.iter().find(|u| u.1.0 == actor).map(|u| u.3.0.clone());
    let standing =
        |u: &OnCell| (u.2.0, u.2.1) == cell && fog.sees(u.0) && !u.4.is_down() && !u.4.0.iter().any(Status::off_map);
    match units.iter().find(standing) {
        Some(u) if u.1.0 == actor => orders.plan.movement = None,
        Some(u) if Some(&u.3.0) != side.as_ref() => {
            let again = orders.plan.target == Some(u.1.0);
            let plan = &mut orders.plan;
            (plan.target, plan.way, plan.at) = (if again { None } else { Some(u.1.0) }, None, None);
        }
        Some(_) => {}
        None if waiting.choices.blast && (shift || !preview.reachable.contains_key(&cell)) => {
            // A blast at the ground: a second click takes it back.
            let plan = &mut orders.plan;
            plan.at = Some(cell).filter(|c| plan.at != Some(*c));
            (plan.target, plan.way) = (None, None);
        }
        None => {
            if let Some(&walking) = preview.reachable.get(&cell) {
                orders.plan.movement = Some(Move { to: cell, pace: if walking { Pace::Walk } else { Pace::Run } });
            }
        }
    }
}

/// The keys: Enter gives the orders, E ends the slot, L delays it (when it may be), Tab (Shift+Tab) picks the next
/// (the last) way to attack, 1–9 one of the other actions.
fn take_keys(keys: &ButtonInput<KeyCode>, shift: bool, waiting: &Waiting, orders: &mut Orders) {
    if keys.just_pressed(KeyCode::Enter) {
        orders.give = Some(Give::Plan);
    }
    if keys.just_pressed(KeyCode::KeyE) {
        orders.give = Some(Give::End);
    }
    if keys.just_pressed(KeyCode::KeyL) && waiting.choices.may_delay {
        orders.give = Some(Give::Delay);
    }
    let n = waiting.ways.len();
    if keys.just_pressed(KeyCode::Tab) && n > 0 {
        orders.plan.way = Some((orders.plan.way.unwrap_or(0) + if shift { n - 1 } else { 1 }) % n);
    }
    if let Some(i) = digit_pressed(keys).filter(|i| *i < waiting.choices.others.len()) {
        orders.take_other(i);
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

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::rules::engine::ruleset::CombatantId;

    /// A board with the acting unit of side A at (1, 1), an enemy of side B at (5, 1) and a friend at (1, 2); the
    /// cells (2, 1) (a walk) and (3, 1) (a run) in reach; a slot waiting with two ways to attack and two other actions.
    fn board(blast: bool, may_delay: bool) -> World {
        let mut world = World::new();
        for (id, side, cell) in [(0, "A", (1, 1)), (1, "B", (5, 1)), (2, "A", (1, 2))] {
            let unit = (Combatant(CombatantId::at(id)), GridPos(cell.0, cell.1), Side(side.into()));
            world.spawn((unit, StatusList(Vec::new())));
        }
        let slot = Slot { actor: CombatantId::at(0), phase: 1, simultaneous: false };
        let others = vec!["Full defense".to_owned(), "Aim".to_owned()];
        let choices = Choices { others, may_delay, blast, ..Choices::default() };
        let ways = vec!["single shot".to_owned(), "called shot".to_owned()];
        world.insert_resource(Orders { waiting: Some(Waiting { ways, ..Waiting::new(slot, choices) }), ..default() });
        let preview = Preview::of_reach([((2, 1), true), ((3, 1), false)].into(), Vec::new());
        world.insert_resource(preview);
        world.init_resource::<super::super::fog::Fog>();
        world.init_resource::<ButtonInput<MouseButton>>();
        world.init_resource::<ButtonInput<KeyCode>>();
        world.insert_resource(Hover(None));
        world
    }

    /// One frame: the keys held, the key or button just pressed, the pointer on `cell`.
    fn frame(world: &mut World, held: &[KeyCode], key: Option<KeyCode>, click: Option<(i32, i32)>) -> Plan {
        let mut keys = ButtonInput::<KeyCode>::default();
        held.iter().for_each(|k| keys.press(*k));
        key.into_iter().for_each(|k| keys.press(k));
        let mut mouse = ButtonInput::<MouseButton>::default();
        if click.is_some() {
            mouse.press(MouseButton::Left);
        }
        world.insert_resource(keys);
        world.insert_resource(mouse);
        world.insert_resource(Hover(click));
        world.run_system_once(take_clicks).expect("runs");
        world.resource::<Orders>().plan.clone()
    }

    #[test]
    fn clicks_plan_a_move_and_an_attack_and_take_them_back() {
        let mut world = board(false, true);
        let walk = Some(Move { to: (2, 1), pace: Pace::Walk });
        assert_eq!(frame(&mut world, &[], None, Some((2, 1))).movement, walk);
        assert_eq!(frame(&mut world, &[], None, Some((3, 1))).movement, Some(Move { to: (3, 1), pace: Pace::Run }));
        // Out of reach, with no blast weapon in hand: nothing.
        assert_eq!(frame(&mut world, &[], None, Some((9, 9))).movement, Some(Move { to: (3, 1), pace: Pace::Run }));
        let plan = frame(&mut world, &[], None, Some((5, 1)));
        assert_eq!(plan.target, Some(CombatantId::at(1)), "the enemy is the target, the move stays");
        assert!(plan.movement.is_some());
        assert_eq!(frame(&mut world, &[], None, Some((1, 2))).target, Some(CombatantId::at(1)), "a friend: nothing");
        assert_eq!(frame(&mut world, &[], None, Some((1, 1))).movement, None, "the unit itself: the move back");
        assert_eq!(frame(&mut world, &[], None, Some((5, 1))).target, None, "the enemy again: the attack back");
        frame(&mut world, &[], None, Some((5, 1)));
        assert_eq!(frame(&mut world, &[], Some(KeyCode::Escape), None), Plan::default(), "Esc clears");
    }

    #[test]
    fn tab_goes_through_the_ways_to_attack_and_shift_tab_back() {
        let mut world = board(false, true);
        frame(&mut world, &[], None, Some((5, 1)));
        assert_eq!(frame(&mut world, &[], Some(KeyCode::Tab), None).way, Some(1));
        assert_eq!(frame(&mut world, &[], Some(KeyCode::Tab), None).way, Some(0), "round again");
        assert_eq!(frame(&mut world, &[KeyCode::ShiftLeft], Some(KeyCode::Tab), None).way, Some(1), "and back");
    }

    #[test]
    fn with_a_blast_weapon_shift_click_or_a_click_out_of_reach_throws_it_at_the_cell() {
        let mut world = board(true, true);
        assert_eq!(frame(&mut world, &[KeyCode::ShiftLeft], None, Some((2, 1))).at, Some((2, 1)));
        assert_eq!(frame(&mut world, &[KeyCode::ShiftLeft], None, Some((2, 1))).at, None, "again: taken back");
        let plan = frame(&mut world, &[], None, Some((2, 1)));
        assert_eq!((plan.at, plan.movement.map(|m| m.to)), (None, Some((2, 1))), "a plain click in reach moves");
        assert_eq!(frame(&mut world, &[], None, Some((7, 4))).at, Some((7, 4)), "out of reach: thrown there");
        let plan = frame(&mut world, &[], None, Some((5, 1)));
        assert_eq!((plan.at, plan.target), (None, Some(CombatantId::at(1))), "an enemy: attacked, not the ground");
    }

    #[test]
    fn keys_give_end_or_delay_the_slot_and_take_another_action() {
        let mut world = board(false, false);
        frame(&mut world, &[], Some(KeyCode::KeyL), None);
        assert_eq!(world.resource::<Orders>().give, None, "a slot that may not be delayed is not");
        frame(&mut world, &[], Some(KeyCode::KeyE), None);
        assert_eq!(world.resource::<Orders>().give, Some(Give::End));
        frame(&mut world, &[], Some(KeyCode::Enter), None);
        assert_eq!(world.resource::<Orders>().give, Some(Give::Plan));
        let plan = frame(&mut world, &[], Some(KeyCode::Digit2), None);
        assert_eq!((plan.other, world.resource::<Orders>().give), (Some(1), Some(Give::Plan)));
        frame(&mut world, &[], Some(KeyCode::Digit3), None);
        assert_eq!(world.resource::<Orders>().plan.other, Some(1), "no third action: the key does nothing");
        let mut world = board(false, true);
        frame(&mut world, &[], Some(KeyCode::KeyL), None);
        assert_eq!(world.resource::<Orders>().give, Some(Give::Delay));
    }

    #[test]
    fn no_slot_waiting_no_orders() {
        let mut world = board(false, true);
        world.resource_mut::<Orders>().waiting = None;
        assert_eq!(frame(&mut world, &[], None, Some((5, 1))), Plan::default());
        frame(&mut world, &[], Some(KeyCode::Enter), None);
        assert_eq!(world.resource::<Orders>().give, None);
    }
}
