//! Shadowrun 4's dice pools (file 004; rules.md §2): the shared d6 pool ([`crate::rules::mechanics::d6_pool`]) under
//! Shadowrun's glitch rule, ones at least half the dice, rounded up.

use crate::rules::engine::dice::{Dice, DiceError};
use crate::rules::engine::outcome::Log;
use crate::rules::mechanics::d6_pool::{GlitchRule, Pool, PoolSpec, roll_pool_with};

/// Rolls a pool under Shadowrun 4's glitch rule and logs it.
pub fn roll_pool(spec: PoolSpec<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<Pool, DiceError> {
    roll_pool_with(spec, GlitchRule::HalfOrMore, dice, log)
}
