//! The pure rules core: no bevy here. Dice come in through [`dice::Dice`]; every ruleset turns an action into an
//! explained [`outcome::Log`]. A newcomer finds any rule by walking `src/rules/<ruleset>/`.

pub mod any;
pub mod approach;
pub mod catalogue;
pub mod character;
pub mod d6_pool;
pub mod dice;
pub mod eclipse_phase;
pub mod engine;
pub mod field;
pub mod fighter;
pub mod fog;
pub mod homebrew_d6;
pub mod id;
pub mod memo;
pub mod movement;
pub mod odds;
pub mod outcome;
pub mod passes;
pub mod plan;
pub mod refusal;
pub mod ruleset;
pub mod shadowrun4;
pub mod storyteller;
pub mod suppose;
pub mod table;
pub mod victory;
pub mod what_if;

use thiserror::Error;

/// Defines a sheet rating: a `u32` newtype checked against its range while the scenario is read, so that a bad
/// value gets its line and column and the message `$message` (which may use `{v}`, the value given).
macro_rules! bounded_rating {
    ($(#[$doc:meta])* $name:ident, $range:expr, $message:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "i64", into = "i64")]
        pub struct $name(pub u32);

        impl TryFrom<i64> for $name {
            type Error = $crate::rules::RatingError;
            fn try_from(v: i64) -> Result<Self, $crate::rules::RatingError> {
                match u32::try_from(v) {
                    Ok(r) if ($range).contains(&r) => Ok($name(r)),
                    _ => Err($crate::rules::RatingError(format!($message, v = v))),
                }
            }
        }

        impl From<$name> for i64 {
            fn from(r: $name) -> i64 {
                i64::from(r.0)
            }
        }
    };
}

pub(crate) use bounded_rating;

/// A sheet rating out of its range, with the sheet's own reason (the message its [`bounded_rating`] gives).
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
