//! The table's choices of the Storyteller's rules (rules.md §3, options), as the menu offers them.

use super::Options;
use crate::rules::engine::options::{Switch, TableOptions};

impl TableOptions for Options {
    fn switches() -> Vec<Switch<Self>> {
        vec![
            // On by default (the penalty as written): the switch leaves it out.
            Switch {
                label: "No penalty for armor above the wearer's Stamina",
                get: |o| !o.armor_stamina_penalty,
                set: |o, on| o.armor_stamina_penalty = !on,
            },
            Switch {
                label: "Wound penalty on initiative (house rule)",
                get: |o| o.initiative_wound_penalty,
                set: |o, on| o.initiative_wound_penalty = on,
            },
        ]
    }
}
