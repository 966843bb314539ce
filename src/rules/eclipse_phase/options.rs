//! The table's choices of Eclipse Phase's rules (rules.md §1, options), as the menu offers them.

use super::{IncapacitatedAt, MosRule, OpposedCriticals, Options};
use crate::rules::engine::options::{Switch, TableOptions};

impl TableOptions for Options {
    fn switches() -> Vec<Switch<Self>> {
        vec![
            Switch {
                label: "Margin of success is the roll itself (later errata)",
                get: |o| o.mos_rule == MosRule::RollIsMoS,
                set: |o, on| o.mos_rule = if on { MosRule::RollIsMoS } else { MosRule::TargetMinusRoll },
            },
            Switch {
                label: "A critical beats a plain success in an opposed test (house rule)",
                get: |o| o.opposed_criticals == OpposedCriticals::CriticalBeatsSuccess,
                set: |o, on| {
                    o.opposed_criticals =
                        if on { OpposedCriticals::CriticalBeatsSuccess } else { OpposedCriticals::HigherRollWins }
                },
            },
            Switch {
                label: "Damage equal to Durability incapacitates (file 000: only above it)",
                get: |o| o.incapacitated_at == IncapacitatedAt::ReachesDurability,
                set: |o, on| {
                    o.incapacitated_at =
                        if on { IncapacitatedAt::ReachesDurability } else { IncapacitatedAt::ExceedsDurability }
                },
            },
        ]
    }
}
