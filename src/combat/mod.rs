//! The ECS layer: combatants as entities, the battle as resources, and turn, attack and damage systems that drive
//! any ruleset through messages. Headless: it runs under `MinimalPlugins`, in tests and in the CLI.
//!
//! The battle itself is the engine's ([`crate::rules::any_ruleset::any::AnyBattle`], held in [`Engine`]); each system
//! is an adapter over it. Each `update` plays one slot: `TurnSystems::Begin` asks the engine for the next slot,
//! `Choose` takes the script's action, the built-in choice, the AI's or a player's, `Resolve` (the attack system) has
//! the engine carry it out, `Apply` writes what the engine changed to the combatants' components (the sync system,
//! their only writer) and reports the damage, wounds and statuses (the damage system), and `End` closes the slot and
//! the battle. A GM's change (`gm.rs`) goes to the engine while a slot waits for its player or the AI.

mod attack;
pub mod battle;
pub mod components;
mod damage;
mod defend;
pub mod enter;
pub mod gm;
pub mod headless;
pub mod messages;
mod sync;
pub mod tally;
mod think;
mod turn;
pub mod typed;

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::{CombatantId, Slot};
use crate::rules::engine::table::TableDice;
use crate::rules::mechanics::odds::Defenses;

/// Every step of a slot: they run while a battle is being played.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CombatSystems;

/// The ordered steps of one slot.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    /// Find the next slot; roll a new turn when the last is spent.
    Begin,
    /// Choose the slot's action.
    Choose,
    /// Resolve it by the rules (the attack system).
    Resolve,
    /// Write what the engine changed to the combatants' components (the sync system), report the harm done.
    Apply,
    /// Close the slot, and the battle when it is over.
    End,
}

/// The battle: the one engine that owns it (ruleset, combatants, turn bookkeeping, record). The systems here are
/// adapters over it; the components show what it holds.
#[derive(Resource)]
pub struct Engine(pub AnyBattle);

/// The battle's dice: its own, and the faces players who roll by hand type in.
#[derive(Resource)]
pub struct BattleDice(pub TableDice);

/// The explained log of the whole battle.
#[derive(Resource, Default)]
pub struct BattleLog(pub Log);

/// The combatants in roster order: the indices the ruleset's slots refer to, and the ids its events name.
#[derive(Resource, Default)]
pub struct Roster(pub Vec<Entity>);

impl Roster {
    /// The entity of combatant `id`.
    pub fn entity(&self, id: CombatantId) -> Option<Entity> {
        self.0.get(id.index()).copied()
    }
}

/// Where the slot being played stands: one phase at a time, so that no two can be true at once. (Not a Bevy
/// `SubStates`: a state changes between frames, while a headless battle plays a whole slot in one run of `Update`.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SlotPhase {
    /// No slot is being played: the next `Begin` asks the engine for one.
    #[default]
    Between,
    /// The slot's action is chosen (script, built-in choice) or declared, and resolved in this update.
    Choosing(Entity, Slot),
    /// A player's combatant: the slot waits for the player's `DeclareAction`.
    WaitingForPlayer(Entity, Slot),
    /// An AI side's combatant: the AI thinks about it.
    AiThinking(Entity, Slot),
    /// The slot's action (in `TurnState::held`) waits for dice a player rolls by hand and types in.
    RollingByHand(Entity, Slot),
    /// The slot's action (in `TurnState::held`) waits for its defender's player to choose a defense among
    /// `TurnState::asked` (a `ChooseDefense`).
    DefenderChoosing(Entity, Slot),
    /// The battle is over; with the rules' error when one stopped it.
    Over(Option<String>),
}

/// Where the slot being played stands in the ECS, and what the window shows of the engine's turn.
#[derive(Resource, Debug, Default)]
pub struct TurnState {
    /// The engine's turn.
    pub turn: u32,
    pub phase: SlotPhase,
    /// Slots players delayed to the end of their phase or pass, in the order they come back.
    pub delayed: Vec<(Entity, Slot)>,
    /// The slot being played was delayed once already.
    pub from_delay: bool,
    /// The action waiting for dice rolled by hand (`SlotPhase::RollingByHand`) or for its defender's choice
    /// (`SlotPhase::DefenderChoosing`).
    pub held: Option<AnyAction>,
    /// What the defender of the held action may choose, while it is asked.
    pub asked: Option<Defenses<AnyAction>>,
}

impl TurnState {
    /// A player's combatant and slot waiting for the player's orders.
    pub fn awaiting(&self) -> Option<(Entity, Slot)> {
        match self.phase {
            SlotPhase::WaitingForPlayer(e, s) => Some((e, s)),
            _ => None,
        }
    }

    /// An AI side's combatant and slot while the AI thinks about it.
    pub fn thinking(&self) -> Option<(Entity, Slot)> {
        match self.phase {
            SlotPhase::AiThinking(e, s) => Some((e, s)),
            _ => None,
        }
    }

    /// The slot being played, in whatever phase.
    pub fn current(&self) -> Option<Slot> {
        match self.phase {
            SlotPhase::Choosing(_, s)
            | SlotPhase::WaitingForPlayer(_, s)
            | SlotPhase::AiThinking(_, s)
            | SlotPhase::RollingByHand(_, s)
            | SlotPhase::DefenderChoosing(_, s) => Some(s),
            SlotPhase::Between | SlotPhase::Over(_) => None,
        }
    }

    pub fn ended(&self) -> bool {
        matches!(self.phase, SlotPhase::Over(_))
    }

    /// The rules' error that stopped the battle, if one did.
    pub fn error(&self) -> Option<&str> {
        match &self.phase {
            SlotPhase::Over(error) => error.as_deref(),
            _ => None,
        }
    }

    /// The waiting slot's orders were declared (a player's, the AI's): it is resolved in this update.
    pub fn declared(&mut self) {
        if let SlotPhase::WaitingForPlayer(e, s) | SlotPhase::AiThinking(e, s) = self.phase {
            self.phase = SlotPhase::Choosing(e, s);
        }
    }

    /// The battle stops: over, or stopped by the rules' error.
    pub fn stop(&mut self, error: Option<String>) {
        self.phase = SlotPhase::Over(error);
    }
}

/// The AI that plays the sides no player commands, when a battle without a script has one (else the
/// ruleset's built-in choice plays them). `background`: think on another thread while frames go on (the window).
#[derive(Resource, Clone, Debug, Default)]
pub struct AiMinds {
    pub minds: crate::ai::Minds,
    pub background: bool,
}

/// The combatants whose players are asked how they defend when attacked, where the rules give a choice; the others
/// decide by themselves (the rules' own choice, or the AI's by the odds on an AI's side).
#[derive(Resource, Clone, Debug, Default)]
pub struct DefensePolicy(pub BTreeSet<CombatantId>);

impl DefensePolicy {
    /// Whether `who`'s player is asked.
    pub fn asks(&self, who: CombatantId) -> bool {
        self.0.contains(&who)
    }
}

/// The sides a player commands (the rest use the built-in choice): their combatants' slots wait for the player.
#[derive(Resource, Clone, Debug, Default)]
pub struct HumanSides(pub Vec<String>);

/// Runs while the battle is not over.
pub fn battle_running(state: Res<TurnState>) -> bool {
    !state.ended()
}

/// Adds the combat messages, sets and systems (for a battle in any ruleset).
pub fn plugin(app: &mut App) {
    use TurnSystems::*;
    // A window's App has no battle between two (the menu, the battle-over screen): the systems wait for one.
    let running = resource_exists::<TurnState>.and_then(battle_running);
    // One condition on the parent set, evaluated once an update (on the chained sets it would run for each).
    app.configure_sets(Update, (Begin, Choose, Resolve, Apply, End).chain().in_set(CombatSystems));
    app.configure_sets(Update, CombatSystems.run_if(running));
    app.add_plugins((messages::plugin, turn::plugin, think::plugin, tally::plugin, attack::plugin, damage::plugin));
    app.add_plugins((sync::plugin, typed::plugin, gm::plugin));
}
