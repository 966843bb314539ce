//! The damage system: reports the damage, wounds and status changes a resolved action carried, as messages for the
//! window and the tally (the combatants' components are written by the sync system, `sync.rs`).

use bevy::prelude::*;

use super::messages::{ActionResolved, DamageApplied, StatusChanged, WoundsTaken};
use super::sync::sync_combatants;
use super::{BattleLog, Roster, TurnSystems};
use crate::rules::engine::outcome::Event;

pub(super) fn plugin(app: &mut App) {
    // After the sync: a reader of these messages finds the components already showing what they report.
    app.add_systems(Update, report_harm.after(sync_combatants).in_set(TurnSystems::Apply));
}

/// What an action did to the combatants, told to the other systems: damage, wounds, statuses.
#[derive(bevy::ecs::system::SystemParam)]
struct HarmNews<'w> {
    damage_applied: MessageWriter<'w, DamageApplied>,
    wounds_taken: MessageWriter<'w, WoundsTaken>,
    status_changed: MessageWriter<'w, StatusChanged>,
}

/// Reports each resolved action's damage, wounds and status changes (the components are the sync system's).
fn report_harm(
    mut resolved: MessageReader<ActionResolved>,
    log: Res<BattleLog>,
    roster: Res<Roster>,
    mut said: HarmNews,
) {
    for message in resolved.read() {
        for event in log.0.events.get(message.events.clone()).unwrap_or_default() {
            report(event, &roster, &mut said);
        }
    }
}

/// The damage, wound and status message for one event, if it is one of those.
fn report(event: &Event, roster: &Roster, said: &mut HarmNews) {
    match event {
        Event::DamageTaken { who, track, amount, total, capacity } => {
            if let Some(entity) = roster.entity(*who) {
                let (track, amount, total, capacity) = (track.clone(), *amount, *total, *capacity);
                said.damage_applied.write(DamageApplied { entity, track, amount, total, capacity });
            }
        }
        Event::WoundsTaken { who, wounds, total, .. } => {
            if let Some(entity) = roster.entity(*who) {
                said.wounds_taken.write(WoundsTaken { entity, wounds: *wounds, total: *total });
            }
        }
        Event::StatusGained { who, status, reason } | Event::StatusLost { who, status, reason } => {
            if let Some(entity) = roster.entity(*who) {
                let gained = matches!(event, Event::StatusGained { .. });
                said.status_changed.write(StatusChanged {
                    entity,
                    status: status.clone(),
                    gained,
                    reason: reason.clone(),
                });
            }
        }
        _ => {}
    }
}
