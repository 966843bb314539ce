//! What follows from a GM's correction of the health levels (file 001, as `damage.rs` marks them): the last level
//! marked incapacitates. A GM's correction adds lethal levels and takes off the mildest first (as the what-if
//! supposes them); death, past Incapacitated, is a status the GM sets.

use super::Fighter;
use crate::rules::engine::outcome::Status;

/// Incapacitated, with whether the health levels say so now (death, past the track's end, is the GM's to set).
pub(super) fn track_statuses(fighter: &Fighter) -> Vec<(Status, bool)> {
    vec![(Status::Incapacitated, fighter.condition.health.incapacitated())]
}
