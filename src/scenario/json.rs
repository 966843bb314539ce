//! The log as JSON lines (`skirmish run --json`): each event as the rules record it, with the combatants it names
//! written by name (events hold ids; a reader of the JSON should not need the roster to follow it).

use serde_json::Value;

use crate::rules::engine::outcome::{Event, Log};

/// The fields of an event that hold combatant ids.
const COMBATANT_FIELDS: [&str; 4] = ["who", "attacker", "defender", "order"];

/// One event as a JSON object on one line, its combatants by name.
pub fn event(log: &Log, event: &Event) -> Result<String, serde_json::Error> {
    let mut value = serde_json::to_value(event)?;
    if let Value::Object(fields) = &mut value {
        for key in COMBATANT_FIELDS {
            if let Some(field) = fields.get_mut(key) {
                name(log, field);
            }
        }
    }
    serde_json::to_string(&value)
}

/// Replaces an id (or each id of a list) by the combatant's name.
fn name(log: &Log, field: &mut Value) {
    match field {
        Value::Number(n) => {
            if let Some(id) = n.as_u64().and_then(|n| u16::try_from(n).ok()) {
                *field = Value::String(log.name(crate::rules::engine::ruleset::CombatantId(id)));
            }
        }
        Value::Array(ids) => ids.iter_mut().for_each(|id| name(log, id)),
        _ => {}
    }
}
