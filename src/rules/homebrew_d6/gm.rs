//! What follows from a GM's correction of the Light and Critical tracks (file 002, as `damage.rs` applies damage): a
//! full Light track knocks out, a full Critical track incapacitates, Critical damage past its track by more than Body
//! kills. A track corrected down takes them off again.

use super::{Fighter, Options};
use crate::rules::engine::outcome::Status;

/// Dead, incapacitated and unconscious, each with whether the tracks say so now.
pub(super) fn track_statuses(options: &Options, fighter: &Fighter) -> Vec<(Status, bool)> {
    let c = &fighter.condition;
    let (light, critical) = (fighter.light_boxes(options), fighter.critical_boxes(options));
    let body = fighter.sheet.attributes.body.0;
    vec![
        (Status::Dead, c.critical > critical + body),
        (Status::Incapacitated, c.critical >= critical),
        (Status::Unconscious, c.light >= light),
    ]
}
