//! The table's choices of Shadowrun 4's rules, as the menu offers them.

use super::{Options, Surprise};
use crate::rules::engine::options::{Switch, TableOptions};

impl TableOptions for Options {
    fn switches() -> Vec<Switch<Self>> {
        // File 004, Surprise: a test before the first initiative pass; no one counts as alerted from the menu.
        vec![Switch {
            label: "Open with a surprise test",
            get: |o| o.surprise.is_some(),
            set: |o, on| o.surprise = on.then(Surprise::default),
        }]
    }
}
