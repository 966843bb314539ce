//! What follows from a GM's correction of a condition monitor (file 004, Apply Damage, as `damage.rs` applies it):
//! a full Physical or Stun monitor knocks out; Physical damage past the monitor by more than Body kills. A monitor
//! corrected down takes them off again.

use super::Fighter;
use crate::rules::engine::outcome::Status;

/// Dead and unconscious, each with whether the monitors say so now.
pub(super) fn track_statuses(fighter: &Fighter) -> Vec<(Status, bool)> {
    let (c, s) = (&fighter.condition, &fighter.sheet);
    let body = s.attributes.body.0;
    let dead = c.physical > s.physical_boxes() + body;
    let out = c.physical >= s.physical_boxes() || c.stun >= s.stun_boxes();
    vec![(Status::Dead, dead), (Status::Unconscious, out)]
}
