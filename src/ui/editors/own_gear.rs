//! The character editor's own gear: weapons and armor no catalogue has, each item's text edited in place (as a level
//! writes it), a new one started from a catalogue item, each checked as it is typed. The character takes the gear
//! once every item reads and the whole character with it does; until then the reason is shown and the character
//! keeps the gear it had.

use std::path::Path;

use bevy_egui::egui;

use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::character::{self, Character};
use crate::scenario::gear_edit::{self, Entry, GearEditError, Kind};
use crate::scenario::{ScenarioError, WriteError};

const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

/// The items as they are being typed, with what is wrong with each, and with the whole.
pub struct OwnGear {
    entries: Vec<Entry>,
    refused: Vec<Option<GearEditError>>,
    whole: Option<String>,
}

/// Why the character does not take its gear as typed, though each item reads alone.
#[derive(Debug, thiserror::Error)]
enum NotTaken {
    /// The items together do not make a `gear:` block.
    #[error(transparent)]
    Block(#[from] ron::error::SpannedError),
    /// The character with the gear does not write.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The character with the gear does not read again (an item its sheet refuses).
    #[error(transparent)]
    Read(#[from] ScenarioError),
}

impl OwnGear {
    /// The gear `character` has.
    pub fn of(character: &Character) -> OwnGear {
        let written = character.gear.as_ref().map(|g| g.get_ron());
        let (entries, whole) = match gear_edit::entries(character.sheet.ruleset(), written) {
            Ok(entries) => (entries, None),
            Err(e) => (Vec::new(), Some(format!("its gear cannot be shown here: {e}"))),
        };
        OwnGear { refused: vec![None; entries.len()], entries, whole }
    }
}

/// The own gear of `character`, read from `path`, to edit: the character with its gear changed, when a change reads.
pub fn own_gear(ui: &mut egui::Ui, own: &mut OwnGear, character: &Character, path: &Path) -> Option<Character> {
    let ruleset = character.sheet.ruleset();
    ui.strong("Gear of its own");
    ui.weak("Weapons and armor no catalogue has: start one from a catalogue item, then change its numbers");
    let mut edited = entries(ui, own, ruleset);
    ui.horizontal(|ui| {
        for (kind, what) in [(Kind::Weapon, "New weapon like…"), (Kind::Armor, "New armor like…")] {
            edited |= new_like(ui, own, ruleset, kind, what);
        }
    });
    if let Some(why) = &own.whole {
        ui.colored_label(REFUSED, why);
    }
    if !edited || own.refused.iter().any(Option::is_some) {
        return None;
    }
    match with_gear(character, gear_edit::block(ruleset, &own.entries), path) {
        Ok(changed) => {
            own.whole = None;
            Some(changed)
        }
        Err(why) => {
            own.whole = Some(why.to_string());
            None
        }
    }
}

/// Each item's text to change, with its refusal, or to take away; whether one changed.
fn entries(ui: &mut egui::Ui, own: &mut OwnGear, ruleset: RulesetId) -> bool {
    let (mut edited, mut removed) = (false, None);
    for (i, entry) in own.entries.iter_mut().enumerate() {
        let id = gear_edit::check(ruleset, entry).unwrap_or_else(|_| "?".into());
        ui.horizontal(|ui| {
            ui.label(format!("{} `{id}`", if entry.kind == Kind::Weapon { "Weapon" } else { "Armor" }));
            if ui.small_button("remove").on_hover_text("Take it out of the character's gear").clicked() {
                removed = Some(i);
            }
        });
        let rows = entry.text.lines().count().max(2);
        let field = egui::TextEdit::multiline(&mut entry.text).code_editor().desired_rows(rows);
        if ui.add(field.desired_width(f32::INFINITY)).changed() {
            own.refused[i] = gear_edit::check(ruleset, entry).err();
            edited = true;
        }
        if let Some(why) = &own.refused[i] {
            ui.colored_label(REFUSED, format!("line {why}"));
        }
    }
    if let Some(i) = removed {
        own.entries.remove(i);
        own.refused.remove(i);
        edited = true;
    }
    edited
}

/// A new item of `kind` like one of the shipped catalogue's; whether one was added.
fn new_like(ui: &mut egui::Ui, own: &mut OwnGear, ruleset: RulesetId, kind: Kind, what: &str) -> bool {
    let mut chosen = None;
    egui::ComboBox::from_id_salt(("own gear like", what)).selected_text(what).show_ui(ui, |ui| {
        for (id, name) in gear_edit::catalogue(ruleset, kind) {
            if ui.selectable_label(false, name).clicked() {
                chosen = Some(id);
            }
        }
    });
    let Some(id) = chosen else { return false };
    let taken: Vec<String> = own.entries.iter().filter_map(|e| gear_edit::check(ruleset, e).ok()).collect();
    match gear_edit::like(ruleset, kind, &id, &taken) {
        Ok(entry) => {
            own.entries.push(entry);
            own.refused.push(None);
            true
        }
        Err(why) => {
            own.whole = Some(why.to_string());
            false
        }
    }
}

/// `character` with the gear `block`, read again as its file will be (the sheet then names the new gear).
fn with_gear(character: &Character, block: Option<String>, path: &Path) -> Result<Character, NotTaken> {
    let gear = block.map(|b| ron::value::RawValue::from_boxed_ron(b.into())).transpose()?;
    let changed = Character { gear, ..character.clone() };
    let text = changed.to_ron()?;
    Ok(character::parse(&text, path)?)
}
