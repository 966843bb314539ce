//! The level editor's victory conditions: the zones to hold or escape through, who wins at the turn limit, the limit.

use bevy_egui::egui;

use super::state::LevelEditor;
use crate::rules::engine::victory::Victory;

/// The victory conditions beside the last side standing, who wins at the turn limit, and the limit.
pub(super) fn victory(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    ui.strong("Victory");
    ui.weak("The last side standing always wins.");
    let mut changed = false;
    let mut remove = None;
    for (i, v) in editor.file.victory.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(match v {
                Victory::Eliminate => "the last side standing".to_owned(),
                Victory::Hold { side, zone, turns } => format!("{side} holds \"{zone}\" for {turns} turns"),
                Victory::Escape { side, zone, count } => format!("{count} of {side} escape through \"{zone}\""),
            });
            if ui.small_button("remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        editor.file.victory.remove(i);
        changed = true;
    }
    changed |= add_victory(ui, editor);
    let sides: Vec<String> = editor.file.sides.iter().map(|s| s.name.clone()).collect();
    ui.horizontal(|ui| {
        ui.label("At the turn limit:");
        let shown = editor.file.at_turn_limit.clone().map_or("nobody wins".to_owned(), |s| format!("{s} wins"));
        egui::ComboBox::from_id_salt("at limit").selected_text(shown).show_ui(ui, |ui| {
            changed |= ui.selectable_value(&mut editor.file.at_turn_limit, None, "nobody wins").changed();
            for s in &sides {
                changed |=
                    ui.selectable_value(&mut editor.file.at_turn_limit, Some(s.clone()), format!("{s} wins")).changed();
            }
        });
    });
    ui.horizontal(|ui| {
        ui.label("Turn limit:");
        changed |= ui.add(egui::DragValue::new(&mut editor.file.turn_limit).range(1..=99)).changed();
    });
    if changed {
        editor.touched();
    }
}

/// A new condition: a side holds a zone for some turns, or some of a side escape through it.
fn add_victory(ui: &mut egui::Ui, editor: &mut LevelEditor) -> bool {
    let zones: Vec<String> = editor.file.zones.keys().cloned().collect();
    if zones.is_empty() {
        ui.weak("Make a zone (on the left) to hold or to escape through.");
        return false;
    }
    let sides: Vec<String> = editor.file.sides.iter().map(|s| s.name.clone()).collect();
    let (hold, side, zone, n) = &mut editor.adding;
    *side = (*side).min(sides.len().saturating_sub(1));
    if !zones.contains(zone) {
        *zone = zones[0].clone();
    }
    // Two short rows: one long row would widen the panel past its edge.
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("victory side").width(90.0).selected_text(sides[*side].as_str()).show_ui(
            ui,
            |ui| {
                for (i, s) in sides.iter().enumerate() {
                    ui.selectable_value(side, i, s.as_str());
                }
            },
        );
        ui.radio_value(hold, true, "holds");
        ui.radio_value(hold, false, "escapes through");
    });
    let add = ui
        .horizontal(|ui| {
            egui::ComboBox::from_id_salt("victory zone").width(90.0).selected_text(zone.as_str()).show_ui(ui, |ui| {
                for z in &zones {
                    ui.selectable_value(zone, z.clone(), z.as_str());
                }
            });
            ui.add(egui::DragValue::new(n).range(1..=20).suffix(if *hold { " turns" } else { " units" }));
            ui.button("Add").clicked()
        })
        .inner;
    if !add {
        return false;
    }
    let (side, zone) = (sides[*side].clone(), zone.clone());
    editor.file.victory.push(match hold {
        true => Victory::Hold { side, zone, turns: *n },
        false => Victory::Escape { side, zone, count: *n },
    });
    true
}
