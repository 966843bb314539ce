//! The pure rules core: no bevy here. Dice come in through [`dice::Dice`]; every ruleset turns an action into an
//! explained [`outcome::Log`]. A newcomer finds any rule by walking `src/rules/<ruleset>/`.

pub mod catalogue;
pub mod dice;
pub mod eclipse_phase;
pub mod homebrew_d6;
pub mod outcome;
pub mod passes;
pub mod ruleset;
pub mod shadowrun4;
pub mod storyteller;

use thiserror::Error;

/// Why the rules could not carry out an action.
#[derive(Debug, Error)]
pub enum RulesError {
    /// A die could not be rolled (scripted dice ran out, a typed-in face was off the die).
    #[error(transparent)]
    Dice(#[from] dice::DiceError),
    /// The action is not allowed now, e.g. firing a jammed weapon.
    #[error("{0}")]
    Illegal(String),
    /// The data behind the action is broken, e.g. the shipped catalogue.
    #[error("{0}")]
    Data(String),
}

impl From<String> for RulesError {
    fn from(message: String) -> Self {
        RulesError::Data(message)
    }
}
