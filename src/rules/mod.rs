//! The pure rules core: no bevy here. Dice come in through [`dice::Dice`]; every ruleset turns an action into an
//! explained [`outcome::Log`]. A newcomer finds any rule by walking `src/rules/<ruleset>/`.

pub mod any;
pub mod approach;
pub mod catalogue;
pub mod character;
pub mod d6_pool;
pub mod dice;
pub mod dyn_battle;
pub mod eclipse_phase;
pub mod engine;
pub mod field;
pub mod fighter;
pub mod fog;
pub mod homebrew_d6;
pub mod id;
pub mod memo;
pub mod movement;
pub mod no_odds;
pub mod odds;
pub mod options;
pub mod outcome;
pub mod passes;
pub mod plan;
pub mod rating;
pub mod refusal;
pub mod replay;
pub mod ruleset;
pub mod shadowrun4;
pub mod storyteller;
pub mod suppose;
pub mod table;
pub mod victory;
pub mod what_if;

use thiserror::Error;

/// A sheet rating out of its range, with the sheet's own reason (its [`rating::Scale`]'s refusal).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RatingError(pub String);

/// Why the rules could not carry out an action.
#[derive(Debug, Error)]
pub enum RulesError {
    /// A die could not be rolled (scripted dice ran out, a typed-in face was off the die).
    #[error(transparent)]
    Dice(#[from] dice::DiceError),
    /// The action is not allowed now, e.g. firing a jammed weapon: why, typed.
    #[error(transparent)]
    Illegal(#[from] refusal::Refusal),
    /// A battle's record does not fit the battle it is replayed on (another start, or a record cut short).
    #[error("the record does not fit this battle: {0}")]
    Unfaithful(String),
    /// The gear behind the action cannot be found: the catalogue is broken, or an id is not in it.
    #[error(transparent)]
    Catalogue(#[from] catalogue::CatalogueError),
}
