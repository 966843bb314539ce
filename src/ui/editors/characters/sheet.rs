//! The character editor's middle column: the open character's name, role, attributes, skills, options and gear,
//! each number checked as it changes (a value the rules do not allow is refused beside the field, with the reason,
//! and the sheet keeps the old one).

use super::*;

/// The open character's sheet, to change.
pub(super) fn sheet_column(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(draft) = editor.draft.as_mut() else {
        ui.weak("Open a character, or create one, to edit it here.");
        return;
    };
    // Whether something changed this frame: a step of the history once the gesture is over.
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label("Name:");
        changed |= ui.text_edit_singleline(&mut draft.character.name).changed();
    });
    ui.horizontal(|ui| {
        ui.label("Role (its token's mark):");
        let role = draft.character.role.clone().unwrap_or_else(|| "none".into());
        egui::ComboBox::from_id_salt("role").selected_text(role).show_ui(ui, |ui| {
            for r in ROLES.iter().map(|r| Some((*r).to_owned())).chain([None]) {
                let text = r.clone().unwrap_or_else(|| "none".into());
                changed |= ui.selectable_value(&mut draft.character.role, r, text).changed();
            }
        });
    });
    ui.label(format!("Ruleset: {}", ruleset_name(draft.character.sheet.ruleset())));
    let sheet = draft.character.sheet.edit_mut();
    // Attributes and skills side by side, the rest under them.
    ui.horizontal_top(|ui| {
        for (group, title) in [(Group::Attributes, "Attributes"), (Group::Skills, "Skills")] {
            ui.vertical(|ui| {
                ui.strong(title);
                numbers(ui, sheet, group, &mut draft.refused, &mut changed);
            });
        }
    });
    ui.strong("More");
    numbers(ui, sheet, Group::Other, &mut draft.refused, &mut changed);
    refusals(ui, &draft.refused);
    flags(ui, sheet, &mut changed);
    gear(ui, sheet, &mut draft.refused, &mut changed);
    if changed {
        draft.history.touched();
    }
    ui.separator();
    save_buttons(ui, editor);
}

/// One group's numbers: label, value, the range the rules allow, and a refusal if the last value was refused.
fn numbers(
    ui: &mut egui::Ui,
    sheet: &mut dyn EditSheet,
    group: Group,
    refused: &mut BTreeMap<&'static str, String>,
    changed: &mut bool,
) {
    egui::Grid::new(("numbers", group as u8)).num_columns(3).striped(true).show(ui, |ui| {
        for n in sheet.numbers().into_iter().filter(|n| n.group == group) {
            ui.label(n.label).on_hover_text(n.about);
            let mut value = n.value;
            // No range on the field: a value typed in is checked by the sheet, and a refusal says why.
            // Taken when typed in whole (not "1" on the way to "13").
            let field = ui.add(egui::DragValue::new(&mut value).speed(0.05).update_while_editing(false));
            if field.changed() && value != n.value {
                match sheet.set_number(n.key, value) {
                    Ok(()) => {
                        refused.remove(n.key);
                        *changed = true;
                    }
                    Err(why) => {
                        refused.insert(n.key, format!("{}: {why}", n.label));
                    }
                }
            }
            // The range turns red on a refusal; the reason goes under the sheet's numbers (a long line here would
            // shift the columns under the pointer).
            let range = format!("{}–{}", n.range.0, n.range.1);
            match refused.contains_key(n.key) {
                true => ui.colored_label(REFUSED, range),
                false => ui.weak(range),
            };
            ui.end_row();
        }
    });
}

/// The reasons the last values typed in were refused.
fn refusals(ui: &mut egui::Ui, refused: &BTreeMap<&'static str, String>) {
    for why in refused.values() {
        ui.colored_label(REFUSED, why);
    }
}

/// The on/off options of the ruleset.
fn flags(ui: &mut egui::Ui, sheet: &mut dyn EditSheet, changed: &mut bool) {
    for f in sheet.flags() {
        let mut on = f.on;
        if ui.checkbox(&mut on, f.label).on_hover_text(f.about).changed() && sheet.set_flag(f.key, on).is_ok() {
            *changed = true;
        }
    }
}

/// Weapons (the first in hand at the start) and armor, from the catalogue and the file's own.
fn gear(
    ui: &mut egui::Ui,
    sheet: &mut dyn EditSheet,
    refused: &mut BTreeMap<&'static str, String>,
    changed: &mut bool,
) {
    let names: BTreeMap<String, String> = sheet.weapon_choices().into_iter().map(|c| (c.id, c.name)).collect();
    ui.strong("Weapons");
    let mut weapons = sheet.weapons();
    let mut edited = false;
    for i in 0..weapons.len() {
        ui.horizontal(|ui| {
            let name = names.get(&weapons[i]).cloned().unwrap_or_else(|| weapons[i].clone());
            ui.label(if i == 0 { format!("{name} (in hand at the start)") } else { name });
            if i > 0 && ui.small_button("up").on_hover_text("Earlier: the first is in hand at the start").clicked() {
                weapons.swap(i, i - 1);
                edited = true;
            }
            if ui.small_button("remove").on_hover_text("Leave it behind").clicked() {
                weapons.remove(i);
                edited = true;
            }
        });
        if edited {
            break;
        }
    }
    egui::ComboBox::from_id_salt("add weapon").selected_text("Add a weapon…").show_ui(ui, |ui| {
        for (id, name) in &names {
            if ui.selectable_label(false, name).clicked() {
                weapons.push(id.clone());
                edited = true;
            }
        }
    });
    if edited {
        take(sheet.set_weapons(weapons), "weapons", refused, changed);
    }
    armor(ui, sheet, refused, changed);
}

/// The armor worn: several pieces where the ruleset layers them, else one.
fn armor(
    ui: &mut egui::Ui,
    sheet: &mut dyn EditSheet,
    refused: &mut BTreeMap<&'static str, String>,
    changed: &mut bool,
) {
    let names: BTreeMap<String, String> = sheet.armor_choices().into_iter().map(|c| (c.id, c.name)).collect();
    ui.strong(if sheet.layers_armor() { "Armor (pieces worn together)" } else { "Armor (one)" });
    let mut worn = sheet.armor();
    let mut edited = false;
    for i in 0..worn.len() {
        ui.horizontal(|ui| {
            ui.label(names.get(&worn[i]).cloned().unwrap_or_else(|| worn[i].clone()));
            if ui.small_button("remove").on_hover_text("Take it off").clicked() {
                worn.remove(i);
                edited = true;
            }
        });
        if edited {
            break;
        }
    }
    let add = if sheet.layers_armor() || worn.is_empty() { "Wear…" } else { "Wear instead…" };
    egui::ComboBox::from_id_salt("add armor").selected_text(add).show_ui(ui, |ui| {
        for (id, name) in &names {
            if ui.selectable_label(false, name).clicked() {
                if !sheet.layers_armor() {
                    worn.clear();
                }
                worn.push(id.clone());
                edited = true;
            }
        }
    });
    if edited {
        take(sheet.set_armor(worn), "armor", refused, changed);
    }
}

/// A change taken, or its refusal kept under `key`.
fn take(
    done: Result<(), CharacterError>,
    key: &'static str,
    refused: &mut BTreeMap<&'static str, String>,
    changed: &mut bool,
) {
    match done {
        Ok(()) => {
            refused.remove(key);
            *changed = true;
        }
        Err(why) => {
            refused.insert(key, why.to_string());
        }
    }
}
