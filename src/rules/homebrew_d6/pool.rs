//! The homebrew's dice pools (file 002; rules.md §4): the shared d6 pool ([`crate::rules::mechanics::d6_pool`]) under
//! the homebrew's glitch rule, ones more than half the dice.

use super::RulesError;
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::Log;
use crate::rules::mechanics::d6_pool::{GlitchRule, Pool, PoolSpec, roll_pool_with};

/// Rolls a pool under the homebrew's glitch rule and logs it.
pub(super) fn roll(spec: PoolSpec<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<Pool, RulesError> {
    Ok(roll_pool_with(spec, GlitchRule::MoreThanHalf, dice, log)?)
}
