//! The ECS layer: combatants as entities, the battle as resources, and turn, attack and damage systems that drive
//! any ruleset through messages. Headless: it runs under `MinimalPlugins`, in tests and in the CLI.
//!
//! Each `update` plays one slot: `TurnSystems::Begin` finds the next slot (rolling a new turn's initiative when
//! the last one is spent), `Choose` asks the script or the built-in choice for the action, `Resolve` (the attack
//! system) runs the rules on a snapshot of the battle, `Apply` (the damage system) writes the outcome to the
//! combatants, and `End` closes the slot and the battle.

mod attack;
pub mod battle;
pub mod components;
mod damage;
pub mod messages;
pub mod tally;
mod think;
mod turn;

use std::collections::VecDeque;
use std::marker::PhantomData;

use bevy::prelude::*;

use crate::map::victory::Objectives;
use crate::rules::dice::Dice;
use crate::rules::outcome::Log;
use crate::rules::ruleset::{Combatant, FighterParts, FighterState, Ruleset, Slot};
use components::{GridPos, RosterIndex, Side, Stats, Wounds};

/// A ruleset the ECS can drive.
pub trait CombatRules:
    Ruleset<Fighter: FighterParts + Clone + Send + Sync + 'static, Action: Clone + Send + Sync + 'static>
    + crate::rules::odds::AttackOdds
    + Clone
    + Send
    + Sync
    + 'static
{
}

impl<R> CombatRules for R where
    R: Ruleset<Fighter: FighterParts + Clone + Send + Sync + 'static, Action: Clone + Send + Sync + 'static>
        + crate::rules::odds::AttackOdds
        + Clone
        + Send
        + Sync
        + 'static
{
}

/// The sheet type of a ruleset.
pub type SheetOf<R> = <<R as Ruleset>::Fighter as FighterParts>::Sheet;
/// The condition type of a ruleset.
pub type ConditionOf<R> = <<R as Ruleset>::Fighter as FighterParts>::Condition;

/// The ordered steps of one slot.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    /// Find the next slot; roll a new turn when the last is spent.
    Begin,
    /// Choose the slot's action.
    Choose,
    /// Resolve it by the rules (the attack system).
    Resolve,
    /// Apply the outcome to the combatants (the damage system).
    Apply,
    /// Close the slot, and the battle when it is over.
    End,
}

/// The ruleset with its options and turn state.
#[derive(Resource)]
pub struct Rules<R: CombatRules>(pub R);

/// The battle's dice.
#[derive(Resource)]
pub struct BattleDice(pub Box<dyn Dice + Send + Sync>);

/// The explained log of the whole battle.
#[derive(Resource, Default)]
pub struct BattleLog(pub Log);

/// The combatants in roster order: the indices the ruleset's slots refer to.
#[derive(Resource, Default)]
pub struct Roster(pub Vec<Entity>);

/// Where the actions come from.
#[derive(Resource)]
pub enum ActionSource<A: Clone + Send + Sync + 'static> {
    /// These actions in order, each in its actor's next slot; the battle stops when they run out.
    Scripted(VecDeque<A>),
    /// The ruleset's built-in choice for everyone.
    BuiltIn,
}

/// One action taken, in order: with the scenario, options and dice, this record determines the battle.
#[derive(Clone, Debug)]
pub struct Recorded<A> {
    pub turn: u32,
    pub slot: Slot,
    pub actor: String,
    pub action: A,
}

/// How the battle is won, and the turns each zone has been held.
#[derive(Resource, Default)]
pub struct BattleObjectives(pub Objectives);

/// Every action taken so far.
#[derive(Resource)]
pub struct BattleRecord<A: Clone + Send + Sync + 'static>(pub Vec<Recorded<A>>);

/// Where the battle stands.
#[derive(Resource, Debug, Default)]
pub struct TurnState {
    pub turn: u32,
    pub turn_limit: u32,
    /// The slot being played, if any.
    pub current: Option<Slot>,
    /// The turn's slots are spent: the next `Begin` starts a new turn.
    pub round_over: bool,
    /// The pass last announced (rulesets whose order changes mid-turn).
    pub pass: u32,
    /// Who had a slot this turn.
    pub had_slot: Vec<String>,
    pub ended: bool,
    /// The rules refused an action; the battle stopped there.
    pub error: Option<String>,
    /// A player's combatant and slot waiting for the player's `DeclareAction`.
    pub awaiting: Option<(Entity, Slot)>,
    /// An AI side's combatant and slot while the AI thinks about it.
    pub thinking: Option<(Entity, Slot)>,
    /// Slots players delayed to the end of their phase or pass, in the order they were delayed.
    pub delayed: Vec<(Entity, Slot)>,
    /// The slot being played was delayed once already.
    pub from_delay: bool,
}

/// The AI that plays the sides no player commands, when a battle without a script has one (else the
/// ruleset's built-in choice plays them). `background`: think on another thread while frames go on (the window).
#[derive(Resource, Clone, Debug, Default)]
pub struct AiMinds {
    pub minds: crate::ai::Minds,
    pub background: bool,
}

/// The sides a player commands (the rest use the built-in choice): their combatants' slots wait for the player.
#[derive(Resource, Clone, Debug, Default)]
pub struct HumanSides(pub Vec<String>);

/// The battle as the rules see it for the slot being played: made from the components when the slot begins, and
/// used by the choice and the resolution of that slot so that each slot copies the combatants once. The components
/// stay the truth: the damage system writes the outcome back to them.
#[derive(Resource)]
pub struct SlotView<F: Clone + Send + Sync + 'static>(pub Option<Vec<Combatant<F>>>);

impl<F: Clone + Send + Sync + 'static> Default for SlotView<F> {
    fn default() -> Self {
        Self(None)
    }
}

/// Runs while the battle is not over.
pub fn battle_running(state: Res<TurnState>) -> bool {
    !state.ended
}

/// Adds the combat messages, sets and systems for ruleset `R`.
pub struct CombatPlugin<R>(PhantomData<R>);

impl<R> Default for CombatPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: CombatRules> Plugin for CombatPlugin<R> {
    fn build(&self, app: &mut App) {
        use TurnSystems::*;
        app.configure_sets(Update, (Begin, Choose, Resolve, Apply, End).chain().run_if(battle_running));
        app.add_plugins((
            messages::plugin,
            turn::plugin::<R>,
            think::plugin::<R>,
            tally::plugin::<R>,
            attack::plugin::<R>,
            damage::plugin::<R>,
        ));
    }
}

/// The combatant parts a snapshot is made from.
pub type Parts<'a, R> =
    (&'a RosterIndex, &'a Name, &'a Side, &'a GridPos, &'a Stats<SheetOf<R>>, &'a Wounds<ConditionOf<R>>);

/// The battle as the rules see it, in roster order.
pub fn snapshot<R: CombatRules>(query: &Query<Parts<'_, R>>) -> Vec<Combatant<R::Fighter>> {
    let mut rows: Vec<_> = query.iter().collect();
    rows.sort_by_key(|(i, ..)| i.0);
    rows.into_iter()
        .map(|(_, name, side, pos, stats, wounds)| Combatant {
            side: side.0.clone(),
            position: (pos.0, pos.1),
            fighter: R::Fighter::assemble(name.as_str().to_owned(), stats.0.clone(), wounds.0.clone()),
        })
        .collect()
}

/// The name of the combatant at roster index `i`.
pub fn name_at<F: FighterState>(battle: &[Combatant<F>], i: usize) -> &str {
    battle.get(i).map_or("", |c| c.fighter.name())
}
