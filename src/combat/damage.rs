//! The damage system: shows a resolved action's outcome on the combatants' components (their condition, weapon in
//! hand and statuses, and cell after a move), as the engine now holds them, and reports the damage, wounds and
//! status changes it carried.

use bevy::prelude::*;

use super::components::{GridPos, Initiative, Loadout, RosterIndex, StatusList, Tracks, Wounds};
use super::messages::{ActionResolved, DamageApplied, StatusChanged, WoundsTaken};
use super::{BattleLog, Engine, Roster, TurnSystems};
use crate::rules::any::AnyBattle;
use crate::rules::outcome::Event;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_outcomes.in_set(TurnSystems::Apply));
}

/// What an action did to the combatants, told to the other systems: damage, wounds, statuses.
#[derive(bevy::ecs::system::SystemParam)]
struct HarmNews<'w> {
    damage_applied: MessageWriter<'w, DamageApplied>,
    wounds_taken: MessageWriter<'w, WoundsTaken>,
    status_changed: MessageWriter<'w, StatusChanged>,
}

/// Writes the new condition of each combatant the action touched (its actor and those its events name: the
/// ruleset's contract), and reports what changed.
fn apply_outcomes(
    mut resolved: MessageReader<ActionResolved>,
    engine: Res<Engine>,
    log: Res<BattleLog>,
    roster: Res<Roster>,
    mut combatants: Query<(&RosterIndex, &mut GridPos, &mut Wounds, &mut Loadout, &mut StatusList, &mut Tracks)>,
    mut initiatives: Query<&mut Initiative>,
    mut said: HarmNews,
) {
    let battle = &engine.0;
    for message in resolved.read() {
        let events = log.0.events.get(message.events.clone()).unwrap_or_default();
        let mut touched = vec![false; roster.0.len()];
        for id in events.iter().flat_map(Event::combatants).flatten() {
            if let Some(t) = touched.get_mut(id.index()) {
                *t = true;
            }
        }
        if let Ok((actor, ..)) = combatants.get(message.entity)
            && let Some(t) = touched.get_mut(actor.0)
        {
            *t = true;
        }
        for (i, entity) in roster.0.iter().enumerate().filter(|(i, _)| touched[*i]) {
            let Ok((_, mut pos, wounds, loadout, statuses, tracks)) = combatants.get_mut(*entity) else {
                continue;
            };
            let cell = battle.view(i).position;
            if (pos.0, pos.1) != cell {
                *pos = GridPos(cell.0, cell.1);
            }
            write_fighter(battle, i, (wounds, loadout, statuses, tracks));
            // A wound can lower the initiative the order uses (Shadowrun 4, the homebrew).
            if let (Ok(mut initiative), Some(score)) = (initiatives.get_mut(*entity), battle.initiative(i))
                && initiative.score != Some(score)
            {
                initiative.score = Some(score);
            }
        }
        for event in events {
            report(event, &roster, &mut said);
        }
    }
}

/// What a combatant's condition shows: the condition itself, the weapon in hand, the statuses, the tracks.
pub(super) type Shown<'a> = (Mut<'a, Wounds>, Mut<'a, Loadout>, Mut<'a, StatusList>, Mut<'a, Tracks>);

/// Writes combatant `i`'s condition, as the engine holds it, and what shows of it, to its components.
pub(super) fn write_fighter(battle: &AnyBattle, i: usize, shown: Shown<'_>) {
    let (mut wounds, mut loadout, mut statuses, mut tracks) = shown;
    // Most combatants are untouched by an action: writing only what changed keeps change detection true.
    if battle.condition_is(i, &wounds.0) {
        return;
    }
    battle.copy_condition(i, &mut wounds.0);
    tracks.0 = battle.tracks(i);
    let fighter = battle.view(i).fighter;
    if loadout.weapon != fighter.weapon_in_hand() || loadout.rounds != fighter.rounds_in_hand() {
        let (weapon, name, rounds) =
            (fighter.weapon_in_hand().to_owned(), fighter.weapon_name(), fighter.rounds_in_hand());
        *loadout = Loadout { weapon, name, rounds };
    }
    if statuses.0 != fighter.statuses() {
        statuses.0 = fighter.statuses().to_vec();
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
