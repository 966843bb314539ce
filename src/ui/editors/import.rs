//! Importing another tool's character from the window: *Import* in the character editor (a file's path typed), or a
//! file dropped on the window from the menu or the editor. The character is made in the content folder as
//! `skirmish import` makes it, opened in the editor, and its import report shown in a window of its own.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::egui;

use crate::scenario::character::Character;
use crate::scenario::{content, import};
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
    /// The last import's report: its title and its Markdown.
    report: Option<(String, String)>,
    failed: Option<String>,
    imported: Option<(PathBuf, Character)>,
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
                let title = format!("Imported {}", imported.character.name);
                self.report = Some((title, imported.report.markdown()));
                self.imported = Some((path, imported.character));
                self.failed = None;
            }
            Err(e) => self.failed = Some(e.to_string()),
        }
    }

    /// The character last imported, once: the editor opens it.
    pub fn take_imported(&mut self) -> Option<(PathBuf, Character)> {
        self.imported.take()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Importer>().add_systems(Update, import_dropped_files);
}

/// A file dropped on the window from the menu or the character editor is imported, and the editor opens on it.
fn import_dropped_files(
    mut dropped: MessageReader<FileDragAndDrop>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut importer: ResMut<Importer>,
) {
    for drop in dropped.read() {
        let FileDragAndDrop::DroppedFile { path_buf, .. } = drop else { continue };
        if !matches!(screen.get(), Screen::Menu | Screen::Characters) {
            continue;
        }
        importer.import(path_buf);
        next.set(Screen::Characters);
    }
}

/// The editor's *Import* box: a file's path and its button, and why the last import failed.
pub(super) fn panel(ui: &mut egui::Ui, importer: &mut Importer) {
    ui.strong("Import a character");
    ui.weak("from Chummer 4 (.chum), or drop the file on the window");
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(&mut importer.typed).hint_text("path/to/runner.chum");
        let typed = ui.add(field);
        let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let clicked = ui.add_enabled(!importer.typed.trim().is_empty(), egui::Button::new("Import")).clicked();
        if clicked || entered {
            let file = PathBuf::from(importer.typed.trim());
            importer.import(&file);
        }
    });
    if let Some(why) = &importer.failed {
        ui.colored_label(FAILED, why);
    }
}

/// The last import's report, in a window of its own until closed.
pub(super) fn report_window(ctx: &egui::Context, importer: &mut Importer) {
    let Some((title, markdown)) = &importer.report else { return };
    let mut open = true;
    let window = egui::Window::new(title.as_str()).id("import report".into()).open(&mut open);
    window.default_width(620.0).default_height(480.0).show(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| markdown_lines(ui, markdown));
    });
    if !open {
        importer.report = None;
    }
}

/// The report's Markdown as the window shows it: headings strong, list items and table rows as lines.
fn markdown_lines(ui: &mut egui::Ui, markdown: &str) {
    for line in markdown.lines() {
        if let Some(heading) = line.strip_prefix("# ") {
            ui.heading(heading);
        } else if let Some(section) = line.strip_prefix("## ") {
            ui.add_space(6.0);
            ui.strong(section);
        } else if let Some(item) = line.strip_prefix("- ") {
            ui.label(format!("• {item}"));
        } else if line.starts_with("|---") || line.starts_with("| value") {
            continue;
        } else if let Some(row) = line.strip_prefix("| ") {
            let cells: Vec<&str> = row.trim_end_matches(" |").split(" | ").collect();
            ui.label(cells.join("   "));
        } else if !line.trim().is_empty() {
            ui.label(line);
        }
    }
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
        let (title, report) = importer.report.clone().expect("its report shown");
        assert_eq!(title, "Imported Razorback");
        assert!(report.contains("## Left out"), "{report}");
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
