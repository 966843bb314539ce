//! The pure rules core: no bevy here. Dice come in through [`engine::dice::Dice`]; every ruleset turns an action into
//! an explained [`engine::outcome::Log`]. A newcomer finds the engine in `engine/` and any rule by walking
//! `src/rules/<ruleset>/`. The folders are layers: each imports only those before it here.
//!
//! - `engine/`: the battle engine and the words every ruleset is written in: the battle, what a ruleset gives it,
//!   events and the log, refusals, combatant ids, victory, dice, the field, a ruleset's options
//! - `mechanics/`: what several rulesets share: the fighter, sheets' ratings and the character editor's view, the gear
//!   catalogue, movement and the built-in approach, initiative passes, the d6 pool, exact odds, suppositions
//! - `eclipse_phase/`, `shadowrun4/`, `storyteller/`, `homebrew_d6/`: the four rulesets, every rule of each
//! - `any_ruleset/`: the four as one: a battle, an action and options in any ruleset, a record replayed
//! - `tools/`: the player's tools: fog of war, a window's orders, the tactics lab's what-if, why there are no odds
//!
//! Here: why the rules could not carry out an action ([`RulesError`]) and a rating out of range ([`RatingError`]).

pub mod any_ruleset;
pub mod eclipse_phase;
pub mod engine;
pub mod homebrew_d6;
pub mod mechanics;
pub mod shadowrun4;
pub mod storyteller;
pub mod tools;

use thiserror::Error;

/// A sheet rating out of its range, with the sheet's own reason (its [`mechanics::rating::Scale`]'s refusal).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RatingError(pub String);

/// Why the rules could not carry out an action.
#[derive(Debug, Error)]
pub enum RulesError {
    /// A die could not be rolled (scripted dice ran out, a typed-in face was off the die).
    #[error(transparent)]
    Dice(#[from] engine::dice::DiceError),
    /// The action is not allowed now, e.g. firing a jammed weapon: why, typed.
    #[error(transparent)]
    Illegal(#[from] engine::refusal::Refusal),
    /// A battle's record does not fit the battle it is replayed on (another start, or a record cut short).
    #[error("the record does not fit this battle: {0}")]
    Unfaithful(String),
    /// The gear behind the action cannot be found: the catalogue is broken, or an id is not in it.
    #[error(transparent)]
    Catalogue(#[from] mechanics::catalogue::CatalogueError),
}
