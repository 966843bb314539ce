//! The level editor's left panel (the level's name and words, its size, the brushes) and whether the level plays.

use bevy_egui::egui;

use super::state::{Brush, LevelEditor};
use crate::scenario::level::LevelFile;
use crate::scenario::level_edit;
use crate::ui::battle::board::{LEGEND, look};
use crate::ui::palette::{Palette, egui_color};

/// What does not play, or failed, is said in red; what plays or was done, in green.
const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);
const GOOD: egui::Color32 = egui::Color32::from_rgb(140, 210, 140);
/// Name, words, size, and the brush.
pub(super) fn tools(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    let mut changed = false;
    let f = &mut editor.file;
    ui.label("Name");
    changed |= ui.text_edit_singleline(&mut f.name).changed();
    ui.label("Description");
    changed |= ui.add(egui::TextEdit::multiline(&mut f.description).desired_rows(2)).changed();
    ui.label("What it teaches");
    changed |= ui.add(egui::TextEdit::multiline(&mut f.tactic).desired_rows(2)).changed();
    changed |= size(ui, f);
    ui.separator();
    brushes(ui, editor);
    if changed {
        editor.touched();
    }
}

/// The map's size, changed with *Resize*.
fn size(ui: &mut egui::Ui, file: &mut LevelFile) -> bool {
    let Ok(grid) = level_edit::grid(file) else { return false };
    let id = egui::Id::new("level size");
    let mut wanted: (i32, i32) = ui.data_mut(|d| *d.get_temp_mut_or(id, (grid.width, grid.height)));
    let resize = ui
        .horizontal(|ui| {
            ui.label("Size");
            ui.add(egui::DragValue::new(&mut wanted.0).range(8..=level_edit::LARGEST).suffix(" across"));
            ui.add(egui::DragValue::new(&mut wanted.1).range(6..=level_edit::LARGEST).suffix(" down"));
            ui.button("Resize").clicked()
        })
        .inner;
    ui.data_mut(|d| d.insert_temp(id, wanted));
    if resize && wanted != (grid.width, grid.height) {
        level_edit::resize(file, wanted.0, wanted.1);
        return true;
    }
    false
}

/// The brushes: each kind of ground, each side's spawn, each zone.
fn brushes(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    ui.strong("Paint");
    for (ground, words) in LEGEND {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, egui_color(look(ground).0));
            ui.radio_value(&mut editor.brush, Brush::Ground(ground), words);
        });
    }
    ui.strong("Areas (drag on the map; right-click one to take it away)");
    for (n, side) in editor.file.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, side_colour(editor.palette, n));
            ui.radio_value(&mut editor.brush, Brush::Spawn(n), format!("where {} starts", side.name));
        });
    }
    for zone in editor.file.zones.keys() {
        ui.radio_value(&mut editor.brush, Brush::Zone(zone.clone()), format!("zone \"{zone}\""));
    }
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut editor.new_zone).desired_width(110.0));
        let name = editor.new_zone.trim().to_owned();
        if ui.add_enabled(!name.is_empty(), egui::Button::new("New zone")).clicked() {
            editor.brush = Brush::Zone(name);
        }
    });
    ui.weak("A zone is kept once it has an area; a victory condition names it.");
}

/// Side `n`'s colour in `palette`.
pub(super) fn side_colour(palette: Palette, n: usize) -> egui::Color32 {
    egui_color(palette.side(n))
}

/// Whether the level plays, and what was last done.
pub(super) fn status(ui: &mut egui::Ui, editor: &LevelEditor) {
    match &editor.checked {
        Ok((_, summary)) => ui.colored_label(GOOD, format!("✔ Plays: {summary}")),
        Err(why) => ui.colored_label(REFUSED, format!("Does not play yet: {why}")),
    };
    let file = editor.path.as_ref().map_or("not saved yet".to_owned(), |p| p.display().to_string());
    ui.weak(if editor.unsaved() { format!("{file} (changed)") } else { file });
    if let Some((good, what)) = &editor.said {
        ui.colored_label(if *good { GOOD } else { REFUSED }, what);
    }
}
