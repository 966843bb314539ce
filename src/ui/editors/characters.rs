//! The character editor, a screen of its own (the menu's *Characters*): the player's characters on the left; the one
//! open in the middle, with its name, role, and its ruleset's attributes, skills, options and gear, each number checked
//! as it changes (a value the rules do not allow is refused beside the field, with the reason, and the sheet keeps the
//! old one); on the right what follows from the sheet as a battle will use it, and the character's own gear
//! (`own_gear.rs`); a character imported from another tool's file (`import.rs`). Changes undo and redo (Ctrl+Z,
//! Ctrl+Y); leaving a character with changes not saved asks first. *Save* writes `characters/<name>.ron` in the content
//! folder, atomically, the file it replaces kept as `.bak`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::mechanics::character::{CharacterError, EditSheet, Group};
use crate::scenario::character::{self, Character};
use crate::ui::ruleset_name;
use crate::ui::screens::Screen;

mod sheet;

use super::history::{self, History};
use super::import::{self, Importer};
use super::leave::{self, Answer};
use super::own_gear::{self, OwnGear};

/// The roles a token can show, as the editor offers them.
const ROLES: [&str; 5] = ["rifleman", "sniper", "heavy", "brawler", "scout"];

/// A red for what is refused or broken.
const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

/// The editor's state, kept while the game runs: a character being made survives a trip to the menu.
#[derive(Resource, Default)]
pub struct Editor {
    /// The player's characters folder; none on a system without a data folder.
    folder: Option<PathBuf>,
    /// The characters there, read when the screen opens.
    list: Vec<(PathBuf, Result<Character, crate::scenario::ScenarioError>)>,
    draft: Option<Draft>,
    /// The ruleset and archetype a new character starts from.
    new_ruleset: Option<RulesetId>,
    new_archetype: String,
    /// The last thing done, or why it could not be: (it went well, what).
    said: Option<(bool, String)>,
    /// Where the player asked to go while the character has changes not saved: asked first.
    leaving: Option<Leave>,
}

/// Why the open character was not saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("no content folder to save to: set SKIRMISH_CONTENT")]
    NoFolder,
    #[error("no character is open")]
    NothingOpen,
    #[error(transparent)]
    Write(#[from] crate::scenario::WriteError),
}

/// Where the player asked to go from a character with changes not saved.
enum Leave {
    Menu,
    /// Another character (from its file, or a new one).
    Open(Option<PathBuf>, Box<Character>),
}

/// The character open in the editor.
struct Draft {
    /// Its file; none until it is first saved.
    path: Option<PathBuf>,
    character: Character,
    /// Each field's refusal, by key, until the field takes a value.
    refused: BTreeMap<&'static str, String>,
    /// The states the character went through (undo, redo), and whether the one now is saved.
    history: History<Character>,
    /// Its own gear as it is being typed; read from the character again after an undo.
    own: Option<OwnGear>,
}

impl Draft {
    fn new(path: Option<PathBuf>, character: Character) -> Draft {
        // A new character is not saved, but unchanged it is no loss either.
        let history = History::new(&character, true);
        Draft { path, character, refused: BTreeMap::new(), history, own: None }
    }
}

impl Editor {
    /// The open character's name, if it has changes not saved.
    pub fn unsaved_name(&self) -> Option<&str> {
        self.draft.as_ref().filter(|d| d.history.unsaved()).map(|d| d.character.name.as_str())
    }

    /// Saves the open character where *Save* would; the file, or why not.
    pub fn save(&mut self) -> Result<PathBuf, SaveError> {
        save_draft(self, false)
    }

    /// Undoes or redoes a step of the open character.
    fn step(&mut self, asked: history::Asked) {
        let Some(draft) = self.draft.as_mut() else { return };
        let state = match asked {
            history::Asked::Undo => draft.history.undo(&draft.character),
            history::Asked::Redo => draft.history.redo(&draft.character),
        };
        if let Some(c) = state {
            (draft.character, draft.refused, draft.own) = (c, BTreeMap::new(), None);
        }
    }
}

/// A character file to open when the editor first shows (`skirmish characters FILE`; another tool's is imported).
#[derive(Resource)]
pub struct Open(pub Option<PathBuf>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>()
        .add_systems(OnEnter(Screen::Characters), list_characters)
        .add_systems(EguiPrimaryContextPass, show_editor.run_if(in_state(Screen::Characters)));
}

/// Reads the characters folder (again: a file may have changed while the game ran), and opens the character the
/// command line names, if it does.
fn list_characters(
    mut editor: ResMut<Editor>,
    mut importer: ResMut<Importer>,
    open: Option<Res<Open>>,
    mut commands: Commands,
) {
    let user = crate::scenario::content::user_folder();
    editor.folder = user.as_ref().map(|u| u.join("characters"));
    editor.list = character::list(user.as_deref());
    let Some(path) = open.and_then(|o| o.0.clone()) else { return };
    commands.remove_resource::<Open>();
    // Another tool's file is imported, as one dropped on the window is: the editor opens on what it made.
    if crate::scenario::import::imports(&path) {
        importer.import(&path);
        return;
    }
    // Only a file in the player's characters folder is saved over; another is saved there as a new file.
    let yours = editor.folder.as_ref().is_some_and(|f| path.starts_with(f));
    match character::load(&path) {
        Ok(c) => open_draft(&mut editor, yours.then_some(path), c),
        Err(e) => editor.said = Some((false, e.to_string())),
    }
}

/// Whether to go where the player asked: saved (if it could be), discarded, or staying.
fn go_on(editor: &mut Editor, answer: Answer) -> bool {
    match answer {
        Answer::Stay => false,
        Answer::Discard => {
            discard_changes(editor);
            true
        }
        Answer::Save => match save_draft(editor, false) {
            Ok(_) => true,
            Err(e) => {
                editor.said = Some((false, format!("Not saved: {e}")));
                false
            }
        },
    }
}

fn show_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    mut importer: ResMut<Importer>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "characters".into(), builder);
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Characters").size(26.0).strong());
            ui.weak("Your own fighters, for any ruleset: they join a side of a level in the menu");
            if ui.button("Back to the menu").clicked() {
                match editor.unsaved_name() {
                    Some(_) => editor.leaving = Some(Leave::Menu),
                    None => screen.set(Screen::Menu),
                }
            }
            undo_buttons(ui, &mut editor);
        });
        ui.separator();
        let height = ui.available_height();
        ui.horizontal_top(|ui| {
            let width = ui.available_width() - 2.0 * ui.spacing().item_spacing.x;
            let (first, second) = (width * 0.24, width * 0.42);
            let editor = &mut *editor;
            column(ui, (first, height), "list", |ui| list_column(ui, editor, &mut importer));
            column(ui, (second, height), "sheet", |ui| sheet::sheet_column(ui, editor));
            column(ui, (width - first - second, height), "derived", |ui| derived_column(ui, editor));
        });
    });
    if let Some((path, c)) = importer.take_imported() {
        editor.list = character::list(crate::scenario::content::user_folder().as_deref());
        open_draft(&mut editor, Some(path), c);
    }
    import::report_window(ctx, &mut importer);
    if let Some(asked) = history::keys(ctx) {
        editor.step(asked);
    }
    if let Some(d) = editor.draft.as_mut() {
        d.history.settle(&d.character, history::busy(ctx));
    }
    leave_if_answered(ctx, &mut editor, &mut screen);
    Ok(())
}

/// Asks what to do with the changes before leaving the character, and leaves once answered (at once if an undo
/// took the changes away meanwhile).
fn leave_if_answered(ctx: &egui::Context, editor: &mut Editor, screen: &mut NextState<Screen>) {
    let Some(to) = &editor.leaving else { return };
    if let Some(what) = editor.unsaved_name().map(str::to_owned) {
        let then = if matches!(to, Leave::Menu) { "going back to the menu" } else { "opening another" };
        let Some(answer) = leave::ask(ctx, &format!("the character {what}"), then, None) else { return };
        if !go_on(editor, answer) {
            editor.leaving = None;
            return;
        }
    }
    match editor.leaving.take() {
        Some(Leave::Menu) => screen.set(Screen::Menu),
        Some(Leave::Open(path, c)) => {
            editor.draft = Some(Draft::new(path, *c));
            editor.said = None;
        }
        None => {}
    }
}

/// *Undo* and *Redo* of the open character, with their keys.
fn undo_buttons(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(d) = &editor.draft else { return };
    let (can_undo, can_redo) = (d.history.can_undo(), d.history.can_redo());
    if ui.add_enabled(can_undo, egui::Button::new("Undo")).on_hover_text("Ctrl+Z").clicked() {
        editor.step(history::Asked::Undo);
    }
    if ui.add_enabled(can_redo, egui::Button::new("Redo")).on_hover_text("Ctrl+Y or Ctrl+Shift+Z").clicked() {
        editor.step(history::Asked::Redo);
    }
}

/// A column `size` large, scrolled when its contents are taller.
fn column(ui: &mut egui::Ui, size: (f32, f32), id: &str, add: impl FnOnce(&mut egui::Ui)) {
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(egui::vec2(size.0, size.1), layout, |ui| {
        ui.set_width(size.0);
        egui::ScrollArea::vertical().id_salt(id).show(ui, add);
    });
}

/// The characters to open, a new one from an archetype, and one imported from another tool's file.
fn list_column(ui: &mut egui::Ui, editor: &mut Editor, importer: &mut Importer) {
    ui.strong("Your characters");
    match &editor.folder {
        Some(folder) => ui.weak(format!("in {}", folder.display())),
        None => ui.colored_label(REFUSED, "This system has no data folder: set SKIRMISH_CONTENT to keep characters"),
    };
    if editor.list.is_empty() {
        ui.weak("None yet: make one below.");
    }
    let mut open = None;
    for (path, read) in &editor.list {
        match read {
            Ok(c) => {
                let on = editor.draft.as_ref().is_some_and(|d| d.path.as_ref() == Some(path));
                let label = format!("{} · {}", c.name, ruleset_name(c.sheet.ruleset()));
                if ui.selectable_label(on, label).clicked() && !on {
                    open = Some((path.clone(), c.clone()));
                }
            }
            Err(e) => {
                ui.colored_label(REFUSED, e.to_string());
            }
        }
    }
    if let Some((path, c)) = open {
        open_draft(editor, Some(path), c);
    }
    ui.separator();
    new_character(ui, editor);
    ui.separator();
    import::panel(ui, importer);
}

/// A new character: a ruleset and an archetype of its roster to start from.
fn new_character(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.strong("New character");
    let ruleset = editor.new_ruleset.get_or_insert(RulesetId::Shadowrun4);
    egui::ComboBox::from_id_salt("new ruleset").selected_text(ruleset_name(*ruleset)).show_ui(ui, |ui| {
        for r in RulesetId::ALL {
            ui.selectable_value(ruleset, r, ruleset_name(r));
        }
    });
    let ruleset = *ruleset;
    let archetypes = crate::scenario::roster::archetypes().unwrap_or_default();
    if !archetypes.contains(&editor.new_archetype) {
        editor.new_archetype = archetypes.first().cloned().unwrap_or_default();
    }
    ui.horizontal(|ui| {
        ui.label("starting as a");
        egui::ComboBox::from_id_salt("new archetype").selected_text(editor.new_archetype.as_str()).show_ui(ui, |ui| {
            for a in &archetypes {
                ui.selectable_value(&mut editor.new_archetype, a.clone(), a.as_str());
            }
        });
    });
    if ui.button("Create").clicked() {
        match Character::from_archetype("New character", ruleset, &editor.new_archetype) {
            Ok(c) => open_draft(editor, None, c),
            Err(e) => editor.said = Some((false, e.to_string())),
        }
    }
}

/// Opens a character; if the one open has changes not saved, once the player said what becomes of them.
fn open_draft(editor: &mut Editor, path: Option<PathBuf>, character: Character) {
    editor.leaving = Some(Leave::Open(path, Box::new(character)));
}

/// *Save*, *Save as a copy*, *Discard changes*, and what the last of them did.
fn save_buttons(ui: &mut egui::Ui, editor: &mut Editor) {
    let (save, copy, discard) = ui
        .horizontal(|ui| {
            let save = ui.add(egui::Button::new(egui::RichText::new("  Save  ").strong())).clicked();
            (save, ui.button("Save as a copy").clicked(), ui.button("Discard changes").clicked())
        })
        .inner;
    if save || copy {
        editor.said = Some(match save_draft(editor, copy) {
            Ok(path) => (true, format!("Saved to {}", path.display())),
            Err(e) => (false, e.to_string()),
        });
    }
    if discard {
        discard_changes(editor);
    }
    if let Some((good, what)) = &editor.said {
        let colour = if *good { egui::Color32::from_rgb(140, 210, 140) } else { REFUSED };
        ui.colored_label(colour, what);
    }
    if editor.unsaved_name().is_some() {
        ui.weak("Changed since it was saved.");
    }
}

/// The open character's changes discarded: back to its file as saved, or nothing open for one never saved.
fn discard_changes(editor: &mut Editor) {
    let Some(draft) = editor.draft.take() else { return };
    let saved = draft.path.as_ref().and_then(|p| character::load(p).ok().map(|c| (p.clone(), c)));
    editor.draft = saved.map(|(path, c)| Draft::new(Some(path), c));
    editor.said = Some((true, format!("The changes to {} are discarded", draft.character.name)));
}

/// Saves the open character (to a new file for a copy or a character never saved) and lists the folder again.
fn save_draft(editor: &mut Editor, copy: bool) -> Result<PathBuf, SaveError> {
    let folder = editor.folder.clone().ok_or(SaveError::NoFolder)?;
    let draft = editor.draft.as_mut().ok_or(SaveError::NothingOpen)?;
    let path = match (&draft.path, copy) {
        (Some(p), false) => p.clone(),
        _ => crate::scenario::content::new_file(&folder, &draft.character.name, "ron"),
    };
    draft.character.save(&path)?;
    draft.path = Some(path.clone());
    draft.history.saved(&draft.character);
    editor.list = character::list(folder.parent());
    Ok(path)
}

/// What follows from the open sheet, as a battle will use it; under it, the character's own gear.
fn derived_column(ui: &mut egui::Ui, editor: &mut Editor) {
    derived(ui, editor);
    let Some(draft) = editor.draft.as_mut() else { return };
    ui.separator();
    let path = draft.path.clone().unwrap_or_else(|| PathBuf::from("new character.ron"));
    let own = draft.own.get_or_insert_with(|| OwnGear::of(&draft.character));
    if let Some(c) = own_gear::own_gear(ui, own, &draft.character, &path) {
        draft.character = c;
        draft.history.touched();
    }
}

/// The values that follow from the open sheet.
fn derived(ui: &mut egui::Ui, editor: &Editor) {
    let Some(draft) = &editor.draft else { return };
    ui.strong("What follows from the sheet");
    ui.weak("worked out as the battle will, by the rules' own functions");
    match draft.character.sheet.edit().derived() {
        Ok(values) => {
            for d in values {
                ui.horizontal_top(|ui| {
                    let value = egui::RichText::new(d.value.to_string()).strong().size(20.0);
                    ui.add_sized([44.0, 24.0], egui::Label::new(value));
                    ui.vertical(|ui| {
                        ui.strong(&d.label);
                        ui.label(egui::RichText::new(&d.how).size(12.0).weak());
                    });
                });
            }
        }
        Err(e) => {
            ui.colored_label(REFUSED, e.to_string());
        }
    }
}
