//! The pure rules core: no bevy here. Dice come in through [`engine::dice::Dice`]; every ruleset turns an action into an
//! explained [`engine::outcome::Log`]. A newcomer finds any rule by walking `src/rules/<ruleset>/`.

pub mod any_ruleset;
pub mod eclipse_phase;
pub mod engine;
pub mod homebrew_d6;
pub mod mechanics;
pub mod options;
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
