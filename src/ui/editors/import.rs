//! Importing another tool's character (Chummer 4, EPCC, Foundry's World of Darkness) or battle map (Universal VTT)
//! from the window: *Import* in the character editor or *Import a map* in the level editor (a file's path typed), or
//! a file dropped on the window from the menu or an editor. The character or level is made in the content folder as
//! `skirmish import` makes it, opened in its editor, and its import report shown in a window of its own.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::egui;

use crate::scenario::character::Character;
use crate::scenario::{content, import, uvtt};
use crate::ui::screens::Screen;

/// A red for what failed.
const FAILED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

/// The importer's state: the path typed, the last report, why the last import failed, and a character imported for
/// the editor to open.
#[derive(Resource, Default)]
pub struct Importer {
    /// The content folder characters are imported into; the player's ([`content::user_folder`]) when none is set.
    folder: Option<PathBuf>,
    typed: String,
    /// The last import's report, and the name of the character it made.
    report: Option<(String, import::Report)>,
    failed: Option<String>,
    imported: Option<(PathBuf, Character)>,
    /// A map's path typed, its import's report (the level's name, the Markdown) and why it failed, and the level it
    /// made for the level editor to open.
    typed_map: String,
    map_report: Option<(String, String)>,
    map_failed: Option<String>,
    imported_map: Option<PathBuf>,
}

impl Importer {
    /// Imports `file` into the content folder; the character is left for the editor to open.
    pub fn import(&mut self, file: &Path) {
        let Some(folder) = self.folder.clone().or_else(content::user_folder) else {
            self.failed = Some("This system has no data folder: set SKIRMISH_CONTENT to keep characters".into());
            return;
        };
        match import::import(file, None, &folder) {
            Ok((path, imported)) => {
                self.report = Some((imported.character.name.clone(), imported.report));
                self.imported = Some((path, imported.character));
                self.failed = None;
            }
            Err(e) => self.failed = Some(e.to_string()),
        }
    }

    /// Imports the map `file` into the content folder as a level (cells of 1.5 m, a 5-foot grid); the level is left
    /// for the level editor to open.
    pub fn import_map(&mut self, file: &Path) {
        let Some(folder) = self.folder.clone().or_else(content::user_folder) else {
            self.map_failed = Some("This system has no data folder: set SKIRMISH_CONTENT to keep levels".into());
            return;
        };
        match uvtt::import(file, None, uvtt::FIVE_FEET, &folder) {
            Ok((path, imported)) => {
                self.map_report = Some((imported.level.name.clone(), imported.report));
                (self.imported_map, self.map_failed) = (Some(path), None);
            }
            Err(e) => self.map_failed = Some(e.to_string()),
        }
    }

    /// The level last made from a map, once: the level editor opens it.
    pub fn take_imported_map(&mut self) -> Option<PathBuf> {
        self.imported_map.take()
    }

    /// The character last imported, once: the editor opens it.
    pub fn take_imported(&mut self) -> Option<(PathBuf, Character)> {
        self.imported.take()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Importer>().add_systems(Update, import_dropped_files);
}

/// A file dropped on the window from the menu or an editor is imported, and its editor opens on it: a map in the
/// level editor, a character in the character editor.
fn import_dropped_files(
    mut dropped: MessageReader<FileDragAndDrop>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut importer: ResMut<Importer>,
) {
    for drop in dropped.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = drop else { continue };
        if !matches!(screen.get(), Screen::Menu | Screen::Characters | Screen::Levels) {
            continue;
        }
        if uvtt::is_map(path_buf) {
            importer.import_map(path_buf);
            next.set(Screen::Levels);
            continue;
        }
        importer.import(path_buf);
        next.set(Screen::Characters);
    }
}

/// The editor's *Import* box: a file's path and its button, and why the last import failed.
pub(super) fn panel(ui: &mut egui::Ui, importer: &mut Importer) {
    ui.strong("Import a character");
    ui.weak(
        "from Chummer 4 (.chum), the Eclipse Phase Character Creator (.json) or Foundry's World of Darkness 20th \
             (an actor's Export Data, .json); or drop the file on the window",
    );
    // The path on a line of its own and the button under it: a narrow column has no room for both side by side.
    let field = egui::TextEdit::singleline(&mut importer.typed).hint_text("path/to/runner.chum or sheet.json");
    let typed = ui.add(field.desired_width(ui.available_width() - 12.0));
    let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let clicked = ui.add_enabled(!importer.typed.trim().is_empty(), egui::Button::new("Import")).clicked();
    if clicked || entered {
        let file = PathBuf::from(importer.typed.trim());
        importer.import(&file);
    }
    if let Some(why) = &importer.failed {
        ui.colored_label(FAILED, why);
    }
}

/// The level editor's *Import a map* box: a map file's path and its button, and why the last import failed.
pub(super) fn map_panel(ui: &mut egui::Ui, importer: &mut Importer) {
    ui.strong("Import a map");
    ui.weak("a Universal VTT battle map (.dd2vtt, .uvtt, .df2vtt) from Dungeondraft, DungeonFog, Arkenforge…; or drop the file on the window");
    let field = egui::TextEdit::singleline(&mut importer.typed_map).hint_text("path/to/map.dd2vtt");
    let typed = ui.add(field.desired_width(ui.available_width() - 12.0));
    let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let clicked = ui.add_enabled(!importer.typed_map.trim().is_empty(), egui::Button::new("Import the map")).clicked();
    if clicked || entered {
        let file = PathBuf::from(importer.typed_map.trim());
        importer.import_map(&file);
    }
    if let Some(why) = &importer.map_failed {
        ui.colored_label(FAILED, why);
    }
}

/// The last map import's report, in a window of its own until closed.
pub(super) fn map_report_window(ctx: &egui::Context, importer: &mut Importer) {
    let Some((name, report)) = &importer.map_report else { return };
    let mut open = true;
    let window = egui::Window::new(format!("Imported the map {name}")).id("map import report".into()).open(&mut open);
    let window = window.pivot(egui::Align2::CENTER_CENTER).default_pos(ctx.content_rect().center());
    window.default_width(620.0).default_height(420.0).show(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            for line in report.lines().filter(|l| !l.trim().is_empty()) {
                match line.strip_prefix("## ").or_else(|| line.strip_prefix("# ")) {
                    Some(heading) => _ = ui.strong(heading),
                    None => _ = ui.label(line.replace('`', "").replacen("- ", "• ", 1)),
                }
            }
        });
    });
    if !open {
        importer.map_report = None;
    }
}

/// The last import's report, in a window of its own until closed.
pub(super) fn report_window(ctx: &egui::Context, importer: &mut Importer) {
    let Some((name, report)) = &importer.report else { return };
    let mut open = true;
    let title = format!("Imported {name}");
    let window = egui::Window::new(title).id("import report".into()).open(&mut open);
    // Over the sheet, in the middle, where it hides neither the list it was imported from nor our rules' numbers.
    let window = window.pivot(egui::Align2::CENTER_CENTER).default_pos(ctx.content_rect().center());
    window.default_width(620.0).default_height(480.0).show(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| report_parts(ui, report));
    });
    if !open {
        importer.report = None;
    }
}

/// The report's parts: where it came from, each list under its heading, and our rules' numbers as a grid.
fn report_parts(ui: &mut egui::Ui, report: &import::Report) {
    ui.label(format!("From {}", report.source.display()));
    ui.weak(report.format.replace('`', ""));
    let sections = [("Taken", &report.taken), ("Gear", &report.gear), ("Left out", &report.left_out)];
    for (title, lines) in sections.into_iter().filter(|(_, lines)| !lines.is_empty()) {
        ui.add_space(6.0);
        ui.strong(title);
        for line in lines {
            // The Markdown's code marks (`BOD`) read as noise in a label.
            ui.label(format!("• {}", line.replace('`', "")));
        }
    }
    if report.derived.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.strong("Worked out by our rules");
    egui::Grid::new("import derived").striped(true).show(ui, |ui| {
        for (label, value, how) in &report.derived {
            ui.label(label);
            ui.monospace(value.to_string());
            ui.weak(how);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    #[test]
    fn a_chummer_file_dropped_on_the_menu_is_imported_and_the_editor_opens_on_it() {
        let content = tempfile::tempdir().expect("a folder");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin)).init_state::<Screen>().add_message::<FileDragAndDrop>();
        app.insert_resource(Importer { folder: Some(content.path().to_owned()), ..default() });
        app.add_systems(Update, import_dropped_files);
        let path_buf = PathBuf::from("tests/import/razorback.chum");
        app.world_mut().write_message(FileDragAndDrop::DroppedFile { window: Entity::PLACEHOLDER, path_buf });
        app.update();
        app.update();
        assert_eq!(app.world().resource::<State<Screen>>().get(), &Screen::Characters, "the editor opens");
        let mut importer = app.world_mut().resource_mut::<Importer>();
        assert_eq!(importer.failed, None);
        let (path, character) = importer.take_imported().expect("a character to open");
        assert_eq!((path, character.name.as_str()), (content.path().join("characters/razorback.ron"), "Razorback"));
        let (name, report) = importer.report.clone().expect("its report shown");
        assert_eq!(name, "Razorback");
        assert!(report.left_out.iter().any(|l| l.starts_with("Lined Coat: not worn")), "{report:?}");
    }

    #[test]
    fn a_character_with_a_bow_imports_without_it_and_its_report_says_the_bow_is_left_out() {
        let content = tempfile::tempdir().expect("a folder");
        let mut importer = Importer { folder: Some(content.path().to_owned()), ..default() };
        importer.import(Path::new("tests/import/thorn.chum"));
        assert_eq!(importer.failed, None, "a bow refuses no character");
        let (_, character) = importer.take_imported().expect("a character to open");
        assert_eq!(character.name, "Thorn");
        let (_, report) = importer.report.clone().expect("its report shown");
        let bow = report.left_out.iter().find(|l| l.starts_with("Recurve bow: left out, "));
        assert!(bow.is_some_and(|l| l.contains("Archery")), "{report:?}");
    }

    #[test]
    fn a_file_that_does_not_import_says_why_and_opens_nothing() {
        let content = tempfile::tempdir().expect("a folder");
        let mut importer = Importer { folder: Some(content.path().to_owned()), ..default() };
        importer.import(Path::new("tests/import/chrome_sr5.chum5"));
        assert!(
            importer.failed.as_ref().is_some_and(|f| f.contains("a Shadowrun 5 character")),
            "{:?}",
            importer.failed
        );
        assert!(importer.take_imported().is_none() && importer.report.is_none());
        assert!(!content.path().join("characters").exists(), "nothing written");
    }
}
