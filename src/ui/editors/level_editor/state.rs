//! The level editor's state: the level being made and its history, its check, the brush, where the player asked to
//! go; what opening, saving, undoing and leaving do to it, and the battle *Play this level* starts.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::ai::Difficulty;
use crate::battle::BattleRequest;
use crate::map::grid::Ground;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::field::Cell;
use crate::scenario::ScenarioError;
use crate::scenario::character::Character;
use crate::scenario::content::{new_file, user_folder};
use crate::scenario::level::{self, Level, LevelFile};
use crate::scenario::level_edit;
use crate::ui::editors::history::{self, History};
use crate::ui::palette::Palette;
use crate::ui::screens::NextBattle;

/// What a press on the map does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Brush {
    Ground(Ground),
    /// Drags out a spawn area of side n.
    Spawn(usize),
    /// Drags out an area of the named zone.
    Zone(String),
}

/// Where the player asked to go from a level with changes not saved.
#[derive(Clone, Debug)]
pub(super) enum Leave {
    Menu,
    New,
    /// Another level, opened from the menu's *Edit this level*.
    Open(PathBuf),
}

/// A level to open when the editor first shows (`skirmish edit FILE`).
#[derive(Resource)]
pub struct OpenLevel(pub Option<PathBuf>);

/// The editor's state, kept while the game runs (a level being made survives a battle played on it).
#[derive(Resource)]
pub struct LevelEditor {
    pub(super) file: LevelFile,
    /// Where it is saved, in the player's levels folder; none until then (a shipped level is saved as a copy).
    pub(super) path: Option<PathBuf>,
    /// The file it was opened from, for *Discard changes*.
    pub(super) origin: Option<PathBuf>,
    /// The states the level went through (undo, redo), and whether the one now is saved.
    pub(super) history: History<LevelFile>,
    /// Where the player asked to go while the level has changes not saved: asked first.
    pub(super) leaving: Option<Leave>,
    /// The check of the level as it is now: the level and what it is, or why it does not play.
    pub(super) checked: Result<(Level, String), String>,
    pub(super) brush: Brush,
    pub(super) new_zone: String,
    /// Where a dragged area began.
    pub(super) drag: Option<Cell>,
    /// The drawn map and the version of the map it shows (its rows and lines between cells).
    pub(super) picture: Option<(Handle<Image>, u64)>,
    /// The map's own picture (an imported map's), read once: its file and its pixels.
    pub(super) backdrop: Option<(PathBuf, Option<tiny_skia::Pixmap>)>,
    pub(super) ruleset: RulesetId,
    pub(super) characters: Vec<(PathBuf, Result<Character, ScenarioError>)>,
    /// A victory condition being put together: hold (else escape), side, zone, turns or count.
    pub(super) adding: (bool, usize, String, u32),
    pub(super) said: Option<(bool, String)>,
    /// The sides' colours (the settings').
    pub(super) palette: Palette,
    /// *How will this fight go?* for the level as it is, under the ruleset chosen, and whether its window is open.
    pub(super) forecaster: crate::ui::lab::forecast::Forecaster,
    pub(super) forecast_open: bool,
}

impl Default for LevelEditor {
    fn default() -> Self {
        let file = level_edit::blank(24, 14);
        let checked = check(&file, None);
        LevelEditor {
            history: History::new(&file, true),
            file,
            path: None,
            origin: None,
            leaving: None,
            checked,
            brush: Brush::Ground(Ground::Wall),
            new_zone: "exit".into(),
            drag: None,
            picture: None,
            backdrop: None,
            ruleset: RulesetId::Shadowrun4,
            characters: Vec::new(),
            adding: (true, 0, String::new(), 2),
            said: None,
            palette: default(),
            forecaster: default(),
            forecast_open: false,
        }
    }
}

/// The level checked as if it were the file `at` (its picture is looked for beside it).
fn check(file: &LevelFile, at: Option<&Path>) -> Result<(Level, String), String> {
    level_edit::check(file, at.unwrap_or(Path::new("level"))).map_err(|e| e.to_string())
}

/// The player's levels folder, where the editor saves.
fn levels_folder() -> Option<PathBuf> {
    user_folder().map(|u| u.join("levels"))
}

impl LevelEditor {
    /// Opens another level, from `origin` if it was read from a file; only the player's own file is saved over.
    pub(super) fn set(&mut self, file: LevelFile, origin: Option<PathBuf>) {
        let yours = origin.clone().filter(|p| levels_folder().is_some_and(|f| p.starts_with(f)));
        (self.checked, self.history) = (check(&file, origin.as_deref()), History::new(&file, true));
        self.file = file;
        (self.path, self.origin) = (yours, origin);
        self.brush = Brush::Ground(Ground::Wall);
    }

    /// Opens the level file at `path`, or says why it cannot.
    pub(super) fn open(&mut self, path: &Path) {
        match level::load(path) {
            Ok(l) => self.set(l.file, Some(path.to_owned())),
            Err(e) => self.said = Some((false, e.to_string())),
        }
    }

    /// After a change: checked again, and a step of the history once the gesture is over.
    pub(in crate::ui::editors) fn touched(&mut self) {
        self.history.touched();
        self.checked = check(&self.file, self.origin.as_deref());
    }

    /// Whether the level has changes not saved.
    pub fn unsaved(&self) -> bool {
        self.history.unsaved()
    }

    /// The level's name, if it has changes not saved.
    pub fn unsaved_name(&self) -> Option<&str> {
        self.unsaved().then_some(self.file.name.as_str())
    }

    /// Saves the level where *Save* would; the file, or why not.
    pub fn save(&mut self) -> Result<PathBuf, String> {
        save(self, false)
    }

    /// Undoes or redoes a step: the level as it was, checked again.
    pub(super) fn step(&mut self, asked: history::Asked) {
        let state = match asked {
            history::Asked::Undo => self.history.undo(&self.file),
            history::Asked::Redo => self.history.redo(&self.file),
        };
        if let Some(file) = state {
            (self.checked, self.file, self.drag) = (check(&file, self.origin.as_deref()), file, None);
            tidy_brush(self);
        }
    }

    /// Goes where the player asked to, the changes saved or discarded as answered.
    pub(super) fn leave(&mut self, to: Leave) -> Option<Go> {
        match to {
            Leave::Menu => Some(Go::Menu),
            Leave::New => {
                self.set(level_edit::blank(24, 14), None);
                None
            }
            Leave::Open(path) => {
                self.open(&path);
                None
            }
        }
    }
}

/// A brush for a side that an undo took away paints walls instead.
fn tidy_brush(editor: &mut LevelEditor) {
    if let Brush::Spawn(n) = editor.brush
        && n >= editor.file.sides.len()
    {
        editor.brush = Brush::Ground(Ground::Wall);
    }
}

/// Where the top bar sends the player.
pub(super) enum Go {
    Menu,
    Play(Box<NextBattle>),
}

/// Saves the level in the player's levels folder: over its own file, else (a new level, a shipped one, a copy) to
/// a new file named after it.
pub(super) fn save(editor: &mut LevelEditor, copy: bool) -> Result<PathBuf, String> {
    let folder = levels_folder().ok_or("no content folder to save to: set SKIRMISH_CONTENT")?;
    let path = match (&editor.path, copy) {
        (Some(p), false) => p.clone(),
        _ => new_file(&folder, &editor.file.name, "ron"),
    };
    bring_the_picture(editor, &path)?;
    level_edit::save(&editor.file, &path).map_err(|e| e.to_string())?;
    (editor.path, editor.origin) = (Some(path.clone()), Some(path.clone()));
    editor.history.saved(&editor.file);
    Ok(path)
}

/// A level with a picture saved into another folder takes a copy of its picture along, named after it.
fn bring_the_picture(editor: &mut LevelEditor, path: &Path) -> Result<(), String> {
    let (Some(name), Some(origin)) = (&editor.file.picture, &editor.origin) else { return Ok(()) };
    let (from, to) = (origin.parent().unwrap_or(Path::new(".")), path.parent().unwrap_or(Path::new(".")));
    if from == to {
        return Ok(());
    }
    let extension = Path::new(name).extension().and_then(|e| e.to_str()).unwrap_or("png");
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("map");
    let copy = format!("{stem}.{extension}");
    std::fs::copy(from.join(name), to.join(&copy)).map_err(|e| format!("the map's picture {name}: {e}"))?;
    editor.file.picture = Some(copy);
    Ok(())
}

/// A battle on the level (saved first: a battle's save names its file), the first side played by the player and
/// the others by the normal AI.
pub(super) fn play_level(editor: &mut LevelEditor) -> Result<NextBattle, String> {
    if editor.unsaved() || editor.path.is_none() {
        save(editor, false)?;
    }
    let path = editor.path.clone().ok_or("the level is not saved")?;
    let (level, _) = editor.checked.as_ref().map_err(Clone::clone)?;
    // A level that plays under no ruleset is said here, in the editor, not after the loading screen.
    level.scenario(editor.ruleset).map_err(|e| e.to_string())?;
    let humans = level.file.sides.first().map(|s| s.name.clone()).into_iter().collect();
    let request = BattleRequest::new(&path, Some(editor.ruleset), Difficulty::Normal);
    Ok(NextBattle(BattleRequest { humans, ..request }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stroke_of_paint_is_undone_whole_and_redone_and_the_check_follows_each_step() {
        let mut editor = LevelEditor::default();
        let before = editor.file.clone();
        // A stroke of wall down the first side's spawn column, over three frames, the button let go on the last.
        for (cell, busy) in [((1, 3), true), ((1, 4), true), ((1, 5), false)] {
            level_edit::paint(&mut editor.file, cell, Ground::Wall);
            editor.touched();
            editor.history.settle(&editor.file, busy);
        }
        let painted = editor.file.map.clone();
        assert!(
            editor.checked.as_ref().is_err_and(|e| e.contains("spawn zone")),
            "{:?}",
            editor.checked.as_ref().err()
        );
        assert!(editor.unsaved());
        editor.step(history::Asked::Undo);
        assert_eq!(editor.file.map, before.map, "the whole stroke at once");
        assert!(editor.checked.is_ok(), "checked again");
        assert!(!editor.unsaved(), "back where it was opened: nothing to save");
        editor.step(history::Asked::Redo);
        assert_eq!(editor.file.map, painted);
        assert!(editor.checked.is_err());
    }

    #[test]
    fn an_undo_that_takes_a_side_away_leaves_no_brush_on_it() {
        let mut editor = LevelEditor::default();
        let squad = vec![level_edit::unit("rifleman")];
        editor.file.sides.push(level::SideSpec { name: "Third".into(), spawn: Vec::new(), squad });
        editor.touched();
        editor.history.settle(&editor.file, false);
        editor.brush = Brush::Spawn(2);
        editor.step(history::Asked::Undo);
        assert_eq!((editor.file.sides.len(), editor.brush.clone()), (2, Brush::Ground(Ground::Wall)));
    }
}
