//! The table's choices of the homebrew's rules (rules.md §4, options), as the menu offers them.

use super::{CriticalResistance, Options, Ties};
use crate::rules::engine::options::{Switch, TableOptions};

impl TableOptions for Options {
    fn switches() -> Vec<Switch<Self>> {
        vec![
            Switch {
                label: "Resistance hits only turn Critical damage into Light",
                get: |o| o.critical_resistance == CriticalResistance::ConvertOnly,
                set: |o, on| {
                    o.critical_resistance =
                        if on { CriticalResistance::ConvertOnly } else { CriticalResistance::ReduceThenConvert }
                },
            },
            Switch {
                label: "Only a contact-only attack hits on a tie",
                get: |o| o.ties == Ties::OnlyContact,
                set: |o, on| o.ties = if on { Ties::OnlyContact } else { Ties::AllHit },
            },
        ]
    }
}
