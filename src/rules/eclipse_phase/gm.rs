//! What follows from a GM's correction of damage (file 000, step 7, as `damage.rs` applies it): damage past
//! Durability incapacitates (or reaching it, under the `incapacitated_at` option); damage reaching the death rating
//! kills. Unconsciousness comes of a failed SOM test, not of the tracks: a GM sets it as a status.

use super::{Fighter, Options, damage};
use crate::rules::engine::outcome::Status;

/// Dead and incapacitated, each with whether the damage says so now.
pub(super) fn track_statuses(options: &Options, fighter: &Fighter) -> Vec<(Status, bool)> {
    let (damage, sheet) = (fighter.condition.damage, &fighter.sheet);
    vec![
        (Status::Dead, damage >= sheet.death_rating()),
        (Status::Incapacitated, damage::incapacitates(options, damage, sheet.durability)),
    ]
}
