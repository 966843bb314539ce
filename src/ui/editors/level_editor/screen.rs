//! The level editor's screen: the level asked for opened, the panels laid out (the top bar, the tools, the sides and
//! victory, the map), undo and redo, and the question before changes not saved are left behind.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::map::map;
use super::sides::sides;
use super::state::{Go, Leave, LevelEditor, OpenLevel, play_level, save};
use super::tools::{status, tools};
use super::victory::victory;
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::character;
use crate::scenario::content::user_folder;
use crate::scenario::{level, level_edit};
use crate::ui::battle::art::image_of;
use crate::ui::battle::board::{board_pixmap, map_picture, smaller};
use crate::ui::editors::history;
use crate::ui::editors::import::{self, Importer};
use crate::ui::editors::leave::{self, Answer};
use crate::ui::ruleset_name;
use crate::ui::screens::Screen;
use crate::ui::settings::Settings;

/// The player's characters (to join squads), and the level the command line or the menu names, if any.
pub(super) fn open_level(mut editor: ResMut<LevelEditor>, open: Option<Res<OpenLevel>>, mut commands: Commands) {
    editor.characters = character::list(user_folder().as_deref());
    let Some(open) = open else { return };
    commands.remove_resource::<OpenLevel>();
    let Some(path) = open.0.clone() else { return };
    match editor.unsaved() {
        true => editor.leaving = Some(Leave::Open(path)),
        false => editor.open(&path),
    }
}

pub(super) fn show_level_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<LevelEditor>,
    mut images: ResMut<Assets<Image>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
    (settings, mut importer): (Res<Settings>, ResMut<Importer>),
) -> Result {
    editor.palette = settings.palette;
    if let Some(path) = importer.take_imported_map() {
        match editor.unsaved() {
            true => editor.leaving = Some(Leave::Open(path)),
            false => editor.open(&path),
        }
    }
    let picture = picture(&mut editor, &mut images);
    let texture = picture.map(|h| contexts.add_image(EguiTextureHandle::Weak(h.id())));
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "level editor".into(), builder);
    let editor = &mut *editor;
    let mut go = None;
    egui::Panel::top("level editor bar").show(&mut root, |ui| go = top_bar(ui, editor));
    egui::Panel::left("level tools").resizable(false).exact_size(320.0).show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            tools(ui, editor);
            ui.separator();
            import::map_panel(ui, &mut importer);
        });
    });
    egui::Panel::right("level sides").resizable(false).exact_size(330.0).show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            status(ui, editor);
            ui.separator();
            sides(ui, editor);
            ui.separator();
            victory(ui, editor);
        });
    });
    egui::CentralPanel::default().show(&mut root, |ui| {
        if let Some(texture) = texture {
            map(ui, editor, texture);
        }
    });
    import::map_report_window(ctx, &mut importer);
    forecast_window(ctx, editor);
    if let Some(asked) = history::keys(ctx) {
        editor.step(asked);
    }
    editor.history.settle(&editor.file, history::busy(ctx));
    if let Some(to) = editor.leaving.clone()
        && let Some(answer) = leave::ask(ctx, &format!("the level \"{}\"", editor.file.name), "leaving it", None)
    {
        editor.leaving = None;
        go = answer_leaving(editor, to, answer);
    }
    if go.is_some() {
        // Leaving the editor: a forecast under way would take every core from what comes next.
        editor.forecast_open = false;
        editor.forecaster.stop();
    }
    match go {
        Some(Go::Menu) => screen.set(Screen::Menu),
        Some(Go::Play(next)) => {
            commands.insert_resource(*next);
            screen.set(Screen::Loading);
        }
        None => {}
    }
    Ok(())
}

/// What an answer to "save the changes first?" does.
fn answer_leaving(editor: &mut LevelEditor, to: Leave, answer: Answer) -> Option<Go> {
    match answer {
        Answer::Stay => None,
        Answer::Discard => editor.leave(to),
        Answer::Save => match save(editor, false) {
            Ok(_) => editor.leave(to),
            Err(e) => {
                editor.said = Some((false, format!("Not saved: {e}")));
                None
            }
        },
    }
}

/// The map drawn as the battle draws it (on its own picture, if it has one), again when the map changed.
fn picture(editor: &mut LevelEditor, images: &mut Assets<Image>) -> Option<Handle<Image>> {
    let f = &editor.file;
    // A hash of what is drawn, each frame: cheaper than keeping count of every edit that could change it.
    let version = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (&f.map, &f.walls, &f.windows, &f.doors, &f.picture).hash(&mut hasher);
        hasher.finish()
    };
    if let Some((handle, drawn)) = &editor.picture
        && *drawn == version
    {
        return Some(handle.clone());
    }
    let grid = level_edit::grid(&editor.file).ok()?;
    let backdrop = backdrop(editor);
    let pixmap = smaller(board_pixmap(&grid, backdrop), 1024);
    let handle = images.add(image_of(&pixmap));
    if let Some((old, _)) = editor.picture.replace((handle.clone(), version)) {
        images.remove(&old);
    }
    Some(handle)
}

/// The map's own picture, read the first time it is asked for (a large one takes a moment to decode).
fn backdrop(editor: &mut LevelEditor) -> Option<&tiny_skia::Pixmap> {
    let file = editor
        .file
        .picture
        .as_ref()
        .zip(editor.origin.as_ref())
        .map(|(name, origin)| origin.parent().unwrap_or(std::path::Path::new(".")).join(name))?;
    if editor.backdrop.as_ref().is_none_or(|(read, _)| *read != file) {
        editor.backdrop = Some((file.clone(), map_picture(Some(&file))));
    }
    editor.backdrop.as_ref().and_then(|(_, pixmap)| pixmap.as_ref())
}

/// *How will this fight go?* for the level as it was when *Forecast…* was pressed (a change to the level is
/// forecast by pressing it again); closing the window stops a forecast under way.
fn forecast_window(ctx: &egui::Context, editor: &mut LevelEditor) {
    editor.forecaster.collect();
    if !editor.forecast_open {
        return;
    }
    let mut open = true;
    let title = format!("How will this fight go? {} ({})", editor.file.name, ruleset_name(editor.ruleset));
    egui::Window::new(title).id("level forecast".into()).open(&mut open).default_width(460.0).show(ctx, |ui| {
        editor.forecaster.show(ui);
    });
    if editor.forecaster.busy() {
        ctx.request_repaint();
    }
    if !open {
        editor.forecaster.stop();
        editor.forecast_open = false;
    }
}

/// New, open, save, play, forecast, back.
fn top_bar(ui: &mut egui::Ui, editor: &mut LevelEditor) -> Option<Go> {
    let mut go = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Level editor").size(22.0).strong());
        if ui.button("New").clicked() {
            match editor.unsaved() {
                true => editor.leaving = Some(Leave::New),
                false => editor.set(level_edit::blank(24, 14), None),
            }
        }
        undo_buttons(ui, editor);
        if ui.button("Save").clicked() {
            editor.said =
                Some(save(editor, false).map_or_else(|e| (false, e), |p| (true, format!("Saved to {}", p.display()))));
        }
        if ui.button("Save as a copy").clicked() {
            editor.said =
                Some(save(editor, true).map_or_else(|e| (false, e), |p| (true, format!("Saved to {}", p.display()))));
        }
        if editor.unsaved() && ui.button("Discard changes").clicked() {
            // Back to the file it came from (a shipped level, the player's own), or a new level's start.
            let from = editor.path.clone().or_else(|| editor.origin.clone());
            let back = from.as_ref().and_then(|p| level::load(p).ok()).map(|l| l.file);
            editor.set(back.unwrap_or_else(|| level_edit::blank(24, 14)), from);
        }
        ui.separator();
        let playable: Vec<RulesetId> = editor.checked.as_ref().map(|(l, _)| l.rulesets()).unwrap_or_default();
        if !playable.contains(&editor.ruleset)
            && let Some(first) = playable.first()
        {
            editor.ruleset = *first;
        }
        egui::ComboBox::from_id_salt("play ruleset").selected_text(ruleset_name(editor.ruleset)).show_ui(ui, |ui| {
            for r in playable {
                ui.selectable_value(&mut editor.ruleset, r, ruleset_name(r));
            }
        });
        let can_play = editor.checked.is_ok();
        let play = ui.add_enabled(can_play, egui::Button::new(egui::RichText::new("Play this level").strong()));
        if play.on_disabled_hover_text("The level does not play yet: see why on the right").clicked() {
            match play_level(editor) {
                Ok(next) => go = Some(Go::Play(Box::new(next))),
                Err(e) => editor.said = Some((false, e)),
            }
        }
        let hint = "How will this fight go? The hard AI on every side, a few hundred battles: each side's chance, \
                    and the one change that brings a party's chance to the one you want";
        let forecast = ui.add_enabled(can_play, egui::Button::new("Forecast…")).on_hover_text(hint);
        if forecast.clicked()
            && let Ok((level, _)) = &editor.checked
        {
            match level.scenario(editor.ruleset) {
                Ok(scenario) => {
                    editor.forecaster.set(scenario, Some(level.clone()), (200, 1));
                    editor.forecast_open = true;
                }
                Err(e) => editor.said = Some((false, e.to_string())),
            }
        }
        ui.separator();
        if ui.button("Back to the menu").clicked() {
            match editor.unsaved() {
                true => editor.leaving = Some(Leave::Menu),
                false => go = Some(Go::Menu),
            }
        }
    });
    go
}

/// *Undo* and *Redo*, with their keys.
fn undo_buttons(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    let undo = ui.add_enabled(editor.history.can_undo(), egui::Button::new("Undo"));
    if undo.on_hover_text("Ctrl+Z").clicked() {
        editor.step(history::Asked::Undo);
    }
    let redo = ui.add_enabled(editor.history.can_redo(), egui::Button::new("Redo"));
    if redo.on_hover_text("Ctrl+Y or Ctrl+Shift+Z").clicked() {
        editor.step(history::Asked::Redo);
    }
}
