//! The battle's messages, in the order one slot produces them: `RoundStarted` (when a turn begins), `TurnStarted`
//! → `DeclareAction` (and, where its defender is asked, `ChooseDefense`) → `ActionResolved` with `UnitMoved` and `AttackResolved` → `DamageApplied`, `WoundsTaken`, `StatusChanged` →
//! `TurnEnded`, and `BattleEnded`. Requests are imperative, results past tense; each result carries its part of
//! the explained outcome.

use bevy::prelude::*;

use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::engine::field::{Cell, Pace};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::Slot;

/// A new turn (round) began and initiative was rolled.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct RoundStarted {
    pub turn: u32,
}

/// A combatant's slot began.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStarted {
    pub entity: Entity,
    pub slot: Slot,
}

/// A request: this combatant takes this action in its slot (from a script, the built-in choice, a player or the
/// AI).
#[derive(Message, Clone, Debug)]
pub struct DeclareAction {
    pub entity: Entity,
    pub slot: Slot,
    pub action: AnyAction,
}

/// A request: the defender asked how it defends (`SlotPhase::DefenderChoosing`) takes this option of
/// `TurnState::asked`, or, given none, decides by itself (the rules' own choice).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseDefense {
    pub option: Option<usize>,
}

/// A request: this player's combatant delays its slot to the end of the current phase or pass (after everyone
/// still to act in it). A slot delayed once cannot be delayed again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelaySlot {
    pub entity: Entity,
}

/// The engine carried out an action: the events it produced are this range of the battle's log (`BattleLog`), and
/// the engine holds the combatants as they stand afterwards. A range, not a copy: a slot's events are read where
/// they are.
#[derive(Message, Clone, Debug)]
pub struct ActionResolved {
    pub entity: Entity,
    pub events: std::ops::Range<usize>,
}

/// A combatant moved along a path (every cell after `from`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct UnitMoved {
    pub entity: Entity,
    pub from: Cell,
    pub path: Vec<Cell>,
    pub pace: Pace,
}

/// One attack's opposed test was decided.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct AttackResolved {
    pub attacker: Entity,
    pub defender: Entity,
    pub hit: bool,
    /// Not a hit but contact (Shadowrun 4's tie).
    pub graze: bool,
    pub reason: String,
}

/// Damage was marked on a combatant's track.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DamageApplied {
    pub entity: Entity,
    pub track: String,
    pub amount: i32,
    pub total: i32,
    pub capacity: i32,
}

/// A combatant took wounds (Eclipse Phase).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct WoundsTaken {
    pub entity: Entity,
    pub wounds: u32,
    pub total: u32,
}

/// A combatant gained or lost a status: knocked down, stunned, incapacitated, dead ….
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StatusChanged {
    pub entity: Entity,
    pub status: Status,
    pub gained: bool,
    pub reason: String,
}

/// A combatant's slot ended.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnEnded {
    pub entity: Entity,
}

/// The battle is over.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct BattleEnded {
    pub reason: String,
    pub winner: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RoundStarted>()
        .add_message::<TurnStarted>()
        .add_message::<DeclareAction>()
        .add_message::<ChooseDefense>()
        .add_message::<ActionResolved>()
        .add_message::<UnitMoved>()
        .add_message::<AttackResolved>()
        .add_message::<DamageApplied>()
        .add_message::<WoundsTaken>()
        .add_message::<StatusChanged>()
        .add_message::<TurnEnded>()
        .add_message::<DelaySlot>()
        .add_message::<BattleEnded>();
}
