//! The editors' screens: `characters.rs`, the character editor (characters of one's own, saved in the content folder);
//! `level_editor/`, the level editor (a map painted, sides, squads, zones and victory, checked as it is edited, then
//! played); `import.rs`, another tool's character imported from the window. Both undo and redo (`history.rs`) and ask
//! before changes not saved are left behind (`leave.rs`): here, before the game quits from any screen.

pub mod characters;
mod history;
mod import;
mod leave;
pub mod level_editor;
mod own_gear;

use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::ui::screens::QuitGame;
use leave::Answer;

/// The game was asked to quit while an editor has changes not saved: the question is on screen, with why the last
/// save failed if it did.
#[derive(Resource, Default)]
struct AskingToQuit(Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((characters::plugin, level_editor::plugin, import::plugin))
        .add_systems(Update, quit_unless_unsaved)
        .add_systems(EguiPrimaryContextPass, ask_before_quitting.run_if(resource_exists::<AskingToQuit>));
}

/// What the editors have not saved, in words ("the level \"Docks\" and the character Gran").
fn unsaved(characters: &characters::Editor, levels: &level_editor::LevelEditor) -> Option<String> {
    let level = levels.unsaved_name().map(|n| format!("the level \"{n}\""));
    let character = characters.unsaved_name().map(|n| format!("the character {n}"));
    let both: Vec<String> = level.into_iter().chain(character).collect();
    (!both.is_empty()).then(|| both.join(" and "))
}

/// Quits when asked to, unless an editor has changes not saved: then it asks first.
fn quit_unless_unsaved(
    mut asked: MessageReader<QuitGame>,
    mut closing: MessageReader<WindowCloseRequested>,
    characters: Res<characters::Editor>,
    levels: Res<level_editor::LevelEditor>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) {
    let quit = asked.read().count() + closing.read().count() > 0;
    if !quit {
        return;
    }
    match unsaved(&characters, &levels) {
        Some(_) => commands.insert_resource(AskingToQuit::default()),
        None => {
            exit.write(AppExit::Success);
        }
    }
}

/// The question before quitting: save everything and quit, quit without saving, or stay.
fn ask_before_quitting(
    mut contexts: EguiContexts,
    mut characters: ResMut<characters::Editor>,
    mut levels: ResMut<level_editor::LevelEditor>,
    mut asking: ResMut<AskingToQuit>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) -> Result {
    let Some(what) = unsaved(&characters, &levels) else {
        commands.remove_resource::<AskingToQuit>();
        return Ok(());
    };
    let Some(answer) = leave::ask(contexts.ctx_mut()?, &what, "quitting", asking.0.as_deref()) else { return Ok(()) };
    let saved = match answer {
        Answer::Stay => {
            commands.remove_resource::<AskingToQuit>();
            return Ok(());
        }
        Answer::Discard => Ok(()),
        Answer::Save => save_all(&mut characters, &mut levels),
    };
    match saved {
        Ok(()) => {
            exit.write(AppExit::Success);
        }
        // Still asking, with why.
        Err(e) => asking.0 = Some(e.to_string()),
    }
    Ok(())
}

/// Why what the editors had not saved is still not saved.
#[derive(Debug, thiserror::Error)]
enum NotSaved {
    #[error(transparent)]
    Character(#[from] characters::SaveError),
    /// The level editor's reason, in its words.
    #[error("{0}")]
    Level(String),
}

/// Saves what each editor has not saved.
fn save_all(characters: &mut characters::Editor, levels: &mut level_editor::LevelEditor) -> Result<(), NotSaved> {
    if characters.unsaved_name().is_some() {
        characters.save()?;
    }
    if levels.unsaved() {
        levels.save().map_err(NotSaved::Level)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<QuitGame>()
            .add_message::<WindowCloseRequested>()
            .init_resource::<characters::Editor>()
            .init_resource::<level_editor::LevelEditor>()
            .add_systems(Update, quit_unless_unsaved);
        app
    }

    #[test]
    fn quitting_with_nothing_unsaved_quits_at_once() {
        let mut app = app();
        app.world_mut().write_message(QuitGame);
        app.update();
        assert_eq!(app.should_exit(), Some(AppExit::Success));
    }

    #[test]
    fn quitting_or_closing_the_window_with_a_level_not_saved_asks_first() {
        let mut app = app();
        app.world_mut().resource_mut::<level_editor::LevelEditor>().touched();
        app.world_mut().write_message(WindowCloseRequested { window: Entity::PLACEHOLDER });
        app.update();
        assert_eq!(app.should_exit(), None, "not quit");
        assert!(app.world().contains_resource::<AskingToQuit>(), "asked");
        let (characters, levels) = (app.world().resource::<characters::Editor>(), app.world().resource());
        assert_eq!(unsaved(characters, levels).as_deref(), Some("the level \"My level\""));
    }
}
