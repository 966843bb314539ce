//! The game master's panel online: the GM (the lobby's *Game master* seat) picks a unit and changes its damage
//! tracks, statuses, initiative, rounds and cell, brings in a reinforcement waiting in reserve (the host's
//! `--reserve`), or takes a unit off the map; each change goes to the host as `FromPlayer::Gm` and is made there as
//! on one screen, in the battle's record and its log.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::{GmDrafts, Online};
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::engine::field::Cell;
use crate::rules::engine::gm::GmChange;
use crate::rules::engine::outcome::Status;

/// The statuses the GM puts on and takes off by hand.
const STATUSES: [(Status, &str); 4] = [
    (Status::Prone, "prone"),
    (Status::Unconscious, "unconscious"),
    (Status::Incapacitated, "incapacitated"),
    (Status::Dead, "dead"),
];

/// Whether this end sits in the game master's seat.
pub(super) fn is_gm(joined: &Joined) -> bool {
    joined.lobby.players.iter().any(|p| p.name == joined.name && p.gm)
}

/// The panel: a unit chosen among those on the board, its tracks (typed, then *Set*), its statuses, *Take off the
/// map*.
pub(super) fn show_gm_panel(
    ui: &mut egui::Ui,
    (online, joined): (&mut Online, &Joined),
    units: &Query<&Unit>,
    out: &mut MessageWriter<FromPlayer>,
) {
    ui.strong("Game master");
    // On the map, or waiting in reserve to be brought in; not those gone.
    let gone = |u: &&Unit| u.statuses.iter().any(|s| s.off_map() && *s != Status::Reserve);
    let mut list: Vec<&Unit> = units.iter().filter(|u| !gone(u)).collect();
    list.sort_by_key(|u| u.id);
    let name = |u: &Unit| joined.log.names.get(u.id.index()).cloned().unwrap_or_else(|| format!("#{}", u.id.index()));
    let chosen = online.gm_unit.and_then(|id| list.iter().find(|u| u.id == id).copied());
    let shown = chosen.map_or_else(|| "choose a unit".to_owned(), name);
    egui::ComboBox::from_id_salt("online gm unit").selected_text(shown).show_ui(ui, |ui| {
        for u in &list {
            let waits = if u.statuses.contains(&Status::Reserve) { ", in reserve" } else { "" };
            ui.selectable_value(&mut online.gm_unit, Some(u.id), format!("{} ({}{waits})", name(u), u.side));
        }
    });
    let Some(unit) = chosen else { return };
    let drafts = &mut online.gm_drafts;
    if drafts.unit != Some(unit.id) {
        *drafts = GmDrafts {
            unit: Some(unit.id),
            tracks: unit.tracks.iter().map(|t| t.1).collect(),
            cell: unit.cell,
            ..default()
        };
    }
    let changes = if unit.statuses.contains(&Status::Reserve) {
        bring_in(ui, unit, drafts)
    } else {
        unit_controls(ui, unit, drafts)
    };
    for change in changes {
        out.write(FromPlayer::Gm(change));
    }
}

/// A unit waiting in reserve: the cell it is brought in on.
fn bring_in(ui: &mut egui::Ui, unit: &Unit, drafts: &mut GmDrafts) -> Vec<GmChange> {
    ui.label("Waits in reserve, off the map.");
    let clicked = cell_line(ui, &mut drafts.cell, "Bring in at");
    clicked.then_some(GmChange::BringIn { who: unit.id, to: drafts.cell }).into_iter().collect()
}

/// A unit on the map: its tracks, statuses, initiative, rounds, cell, and *Take off the map*.
fn unit_controls(ui: &mut egui::Ui, unit: &Unit, drafts: &mut GmDrafts) -> Vec<GmChange> {
    let who = unit.id;
    let mut changes = Vec::new();
    for (i, (track, taken, capacity)) in unit.tracks.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{track}: {taken} of {capacity}"));
            if let Some(draft) = drafts.tracks.get_mut(i) {
                ui.add(egui::DragValue::new(draft).range(0..=capacity * 2));
                if ui.small_button("Set").clicked() && *draft != *taken {
                    changes.push(GmChange::Track { who, track: i as u8, taken: *draft });
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        for (status, word) in STATUSES {
            let mut on = unit.statuses.contains(&status);
            if ui.checkbox(&mut on, word).changed() {
                changes.push(GmChange::Status { who, status, on });
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Initiative this turn");
        ui.add(egui::DragValue::new(&mut drafts.initiative).range(-20..=99));
        if ui.small_button("Set").clicked() {
            changes.push(GmChange::Initiative { who, score: drafts.initiative });
        }
    });
    ui.horizontal(|ui| {
        ui.label("Rounds in the weapon");
        ui.add(egui::DragValue::new(&mut drafts.rounds).range(0..=200));
        if ui.small_button("Set").clicked() {
            changes.push(GmChange::Rounds { who, rounds: drafts.rounds });
        }
    });
    if cell_line(ui, &mut drafts.cell, "Move to") && drafts.cell != unit.cell {
        changes.push(GmChange::Place { who, to: drafts.cell });
    }
    if ui.button("Take off the map").on_hover_text("A retreat: out of the battle, not a casualty").clicked() {
        changes.push(GmChange::TakeOff { who });
    }
    changes
}

/// A cell typed as column and row, and its button: whether it was clicked.
fn cell_line(ui: &mut egui::Ui, cell: &mut Cell, button: &str) -> bool {
    ui.horizontal(|ui| {
        ui.label("column");
        ui.add(egui::DragValue::new(&mut cell.0).range(0..=255));
        ui.label("row");
        ui.add(egui::DragValue::new(&mut cell.1).range(0..=255));
        ui.small_button(button).clicked()
    })
    .inner
}
