//! The level editor's sides: names and squads of archetypes, a side added or taken away, the player's characters
//! joining one.

use bevy_egui::egui;

use super::state::{Brush, LevelEditor};
use super::tools::side_colour;
use crate::map::grid::Ground;
use crate::scenario::character::Character;
use crate::scenario::level::SideSpec;
use crate::scenario::level_edit;
use crate::scenario::roster::archetypes;
use crate::ui::ruleset_name;

/// The sides: names and squads (archetypes, and the player's characters).
pub(super) fn sides(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    let archetypes = archetypes().unwrap_or_default();
    let mut changed = false;
    let count = editor.file.sides.len();
    let (mut remove_side, mut remove_unit) = (None, None);
    let palette = editor.palette;
    for n in 0..count {
        let own: Vec<String> = editor.file.archetypes.keys().cloned().collect();
        let side = &mut editor.file.sides[n];
        egui::CollapsingHeader::new(
            egui::RichText::new(format!("Side {}: {}", n + 1, side.name)).color(side_colour(palette, n)),
        )
        .id_salt(("side", n))
        .default_open(true)
        .show(ui, |ui| {
            changed |= ui.text_edit_singleline(&mut side.name).changed();
            changed |= squad(ui, side, n, archetypes.iter().chain(&own), &mut remove_unit);
            if count > 2 && ui.small_button("Remove this side").clicked() {
                remove_side = Some(n);
            }
        });
        changed |= join_character(ui, editor, n);
    }
    // Through the model: a character's archetype goes with its last unit.
    if let Some((n, i)) = remove_unit {
        level_edit::remove_unit(&mut editor.file, n, i);
        changed = true;
    }
    if let Some(n) = remove_side {
        editor.file.sides.remove(n);
        editor.brush = Brush::Ground(Ground::Wall);
        changed = true;
    }
    if count < 4 && ui.button("Add a side").clicked() {
        let name = format!("Side {}", count + 1);
        let squad = vec![level_edit::unit("rifleman"), level_edit::unit("rifleman")];
        editor.file.sides.push(SideSpec { name, spawn: Vec::new(), squad });
        changed = true;
    }
    if changed {
        editor.touched();
    }
}

/// One side's squad: each unit's archetype and name, to change or take out, and one more to add.
fn squad<'a>(
    ui: &mut egui::Ui,
    side: &mut SideSpec,
    n: usize,
    kinds: impl Iterator<Item = &'a String> + Clone,
    remove: &mut Option<(usize, usize)>,
) -> bool {
    let mut changed = false;
    for (i, unit) in side.squad.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt(("unit", n, i)).width(90.0).selected_text(unit.archetype.as_str()).show_ui(
                ui,
                |ui| {
                    for k in kinds.clone() {
                        changed |= ui.selectable_value(&mut unit.archetype, k.clone(), k.as_str()).changed();
                    }
                },
            );
            let mut name = unit.name.clone().unwrap_or_default();
            let edit = ui.add(egui::TextEdit::singleline(&mut name).hint_text("its name").desired_width(110.0));
            if edit.changed() {
                unit.name = Some(name).filter(|n| !n.trim().is_empty());
                changed = true;
            }
            if ui.small_button("remove").clicked() {
                *remove = Some((n, i));
            }
        });
    }
    egui::ComboBox::from_id_salt(("add unit", n)).selected_text("Add a unit…").show_ui(ui, |ui| {
        for k in kinds {
            if ui.selectable_label(false, k.as_str()).clicked() {
                side.squad.push(level_edit::unit(k));
                changed = true;
            }
        }
    });
    changed
}

/// One of the player's characters joins side `n`'s squad.
fn join_character(ui: &mut egui::Ui, editor: &mut LevelEditor, n: usize) -> bool {
    let mine: Vec<&Character> = editor.characters.iter().filter_map(|(_, c)| c.as_ref().ok()).collect();
    if mine.is_empty() {
        return false;
    }
    let mut chosen = None;
    egui::ComboBox::from_id_salt(("add character", n)).selected_text("Add your character…").show_ui(ui, |ui| {
        for c in &mine {
            let label = format!("{} ({})", c.name, ruleset_name(c.sheet.ruleset()));
            if ui.selectable_label(false, label).clicked() {
                chosen = Some((*c).clone());
            }
        }
    });
    let Some(c) = chosen else { return false };
    match level_edit::add_character(&mut editor.file, n, &c) {
        Ok(()) => {
            editor.said = Some((
                true,
                format!("{} joins: the level now plays under {} only", c.name, ruleset_name(c.sheet.ruleset())),
            ));
            true
        }
        Err(e) => {
            editor.said = Some((false, e.to_string()));
            false
        }
    }
}
