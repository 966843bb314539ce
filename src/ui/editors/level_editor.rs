//! The level editor, a screen of its own (`skirmish edit [LEVEL]`, or the menu's *Level editor…*): the map drawn as
//! the battle draws it, painted with each kind of ground; sides with their spawn areas (dragged out on the map) and
//! squads of archetypes or the player's own characters; zones; the victory conditions and turn limit. The level is
//! checked as `skirmish check` checks a file after every change, the reason shown at once; *Save* writes it to the
//! content folder's `levels/` (atomically, the file it replaces kept as `.bak`; a shipped level is saved as a copy
//! of the player's), and *Play this level* starts a battle on it.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::BattleRequest;
use crate::map::grid::{Grid, Ground};
use crate::rules::any::RulesetId;
use crate::rules::field::Cell;
use crate::rules::victory::Victory;
use crate::scenario::character::{self, Character};
use crate::scenario::level::{self, Area, Level, LevelFile};
use crate::scenario::level_edit;
use crate::ui::ruleset_name;
use crate::ui::screens::{NextBattle, Screen};

use super::history::{self, History};
use super::leave::{self, Answer};

const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);
const GOOD: egui::Color32 = egui::Color32::from_rgb(140, 210, 140);
const ZONE: egui::Color32 = egui::Color32::from_rgba_premultiplied(120, 100, 20, 90);

/// What a press on the map does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Brush {
    Ground(Ground),
    /// Drags out a spawn area of side n.
    Spawn(usize),
    /// Drags out an area of the named zone.
    Zone(String),
}

/// Where the player asked to go from a level with changes not saved.
#[derive(Clone, Debug)]
enum Leave {
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
    file: LevelFile,
    /// Where it is saved, in the player's levels folder; none until then (a shipped level is saved as a copy).
    path: Option<PathBuf>,
    /// The file it was opened from, for *Discard changes*.
    origin: Option<PathBuf>,
    /// The states the level went through (undo, redo), and whether the one now is saved.
    history: History<LevelFile>,
    /// Where the player asked to go while the level has changes not saved: asked first.
    leaving: Option<Leave>,
    /// The check of the level as it is now: the level and what it is, or why it does not play.
    checked: Result<(Level, String), String>,
    brush: Brush,
    new_zone: String,
    /// Where a dragged area began.
    drag: Option<Cell>,
    /// The drawn map and the version of the map it shows.
    picture: Option<(Handle<Image>, Vec<String>)>,
    ruleset: RulesetId,
    characters: Vec<(PathBuf, Result<Character, crate::scenario::ScenarioError>)>,
    /// A victory condition being put together: hold (else escape), side, zone, turns or count.
    adding: (bool, usize, String, u32),
    said: Option<(bool, String)>,
    /// The sides' colours (the settings').
    palette: crate::ui::palette::Palette,
}

impl Default for LevelEditor {
    fn default() -> Self {
        let file = level_edit::blank(24, 14);
        let checked = check(&file);
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
            ruleset: RulesetId::Shadowrun4,
            characters: Vec::new(),
            adding: (true, 0, String::new(), 2),
            said: None,
            palette: default(),
        }
    }
}

fn check(file: &LevelFile) -> Result<(Level, String), String> {
    level_edit::check(file, std::path::Path::new("level")).map_err(|e| e.to_string())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LevelEditor>()
        .add_systems(OnEnter(Screen::Levels), open_level)
        .add_systems(EguiPrimaryContextPass, show_level_editor.run_if(in_state(Screen::Levels)));
}

/// The player's characters (to join squads), and the level the command line or the menu names, if any.
fn open_level(mut editor: ResMut<LevelEditor>, open: Option<Res<OpenLevel>>, mut commands: Commands) {
    editor.characters = character::list(crate::scenario::content::user_folder().as_deref());
    let Some(open) = open else { return };
    commands.remove_resource::<OpenLevel>();
    let Some(path) = open.0.clone() else { return };
    match editor.unsaved() {
        true => editor.leaving = Some(Leave::Open(path)),
        false => editor.open(&path),
    }
}

/// The player's levels folder, where the editor saves.
fn levels_folder() -> Option<PathBuf> {
    crate::scenario::content::user_folder().map(|u| u.join("levels"))
}

impl LevelEditor {
    /// Opens another level, from `origin` if it was read from a file; only the player's own file is saved over.
    fn set(&mut self, file: LevelFile, origin: Option<PathBuf>) {
        let yours = origin.clone().filter(|p| levels_folder().is_some_and(|f| p.starts_with(f)));
        (self.checked, self.history) = (check(&file), History::new(&file, true));
        self.file = file;
        (self.path, self.origin) = (yours, origin);
        self.brush = Brush::Ground(Ground::Wall);
    }

    /// Opens the level file at `path`, or says why it cannot.
    fn open(&mut self, path: &std::path::Path) {
        match level::load(path) {
            Ok(l) => self.set(l.file, Some(path.to_owned())),
            Err(e) => self.said = Some((false, e.to_string())),
        }
    }

    /// After a change: checked again, and a step of the history once the gesture is over.
    pub(super) fn touched(&mut self) {
        self.history.touched();
        self.checked = check(&self.file);
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
    fn step(&mut self, asked: history::Asked) {
        let state = match asked {
            history::Asked::Undo => self.history.undo(&self.file),
            history::Asked::Redo => self.history.redo(&self.file),
        };
        if let Some(file) = state {
            (self.checked, self.file, self.drag) = (check(&file), file, None);
            tidy_brush(self);
        }
    }

    /// Goes where the player asked to, the changes saved or discarded as answered.
    fn leave(&mut self, to: Leave) -> Option<Go> {
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

fn show_level_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<LevelEditor>,
    mut images: ResMut<Assets<Image>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
    settings: Res<crate::ui::settings::Settings>,
) -> Result {
    editor.palette = settings.palette;
    let picture = picture(&mut editor, &mut images);
    let texture = picture.map(|h| contexts.add_image(bevy_egui::EguiTextureHandle::Weak(h.id())));
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "level editor".into(), builder);
    let editor = &mut *editor;
    let mut go = None;
    egui::Panel::top("level editor bar").show(&mut root, |ui| go = top_bar(ui, editor));
    egui::Panel::left("level tools").resizable(false).exact_size(320.0).show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| tools(ui, editor));
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

/// Where the top bar sends the player.
enum Go {
    Menu,
    Play(Box<NextBattle>),
}

/// The map drawn as the battle draws it, again when the map changed.
fn picture(editor: &mut LevelEditor, images: &mut Assets<Image>) -> Option<Handle<Image>> {
    if let Some((handle, map)) = &editor.picture
        && *map == editor.file.map
    {
        return Some(handle.clone());
    }
    let grid = level_edit::grid(&editor.file).ok()?;
    let pixmap = crate::ui::battle::board::smaller(crate::ui::battle::board::board_pixmap(&grid), 1024);
    let handle = images.add(crate::ui::battle::art::image_of(&pixmap));
    if let Some((old, _)) = editor.picture.replace((handle.clone(), editor.file.map.clone())) {
        images.remove(&old);
    }
    Some(handle)
}

/// New, open, save, play, back.
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

/// Saves the level in the player's levels folder: over its own file, else (a new level, a shipped one, a copy) to
/// a new file named after it.
fn save(editor: &mut LevelEditor, copy: bool) -> Result<PathBuf, String> {
    let folder = levels_folder().ok_or("no content folder to save to: set SKIRMISH_CONTENT")?;
    let path = match (&editor.path, copy) {
        (Some(p), false) => p.clone(),
        _ => crate::scenario::content::new_file(&folder, &editor.file.name, "ron"),
    };
    level_edit::save(&editor.file, &path).map_err(|e| e.to_string())?;
    (editor.path, editor.origin) = (Some(path.clone()), Some(path.clone()));
    editor.history.saved(&editor.file);
    Ok(path)
}

/// A battle on the level (saved first: a battle's save names its file), the first side played by the player and
/// the others by the normal AI.
fn play_level(editor: &mut LevelEditor) -> Result<NextBattle, String> {
    if editor.unsaved() || editor.path.is_none() {
        save(editor, false)?;
    }
    let path = editor.path.clone().ok_or("the level is not saved")?;
    let (level, _) = editor.checked.as_ref().map_err(Clone::clone)?;
    // A level that plays under no ruleset is said here, in the editor, not after the loading screen.
    level.scenario(editor.ruleset).map_err(|e| e.to_string())?;
    let humans = level.file.sides.first().map(|s| s.name.clone()).into_iter().collect();
    let request = BattleRequest::new(&path, Some(editor.ruleset), crate::ai::Difficulty::Normal);
    Ok(NextBattle(BattleRequest { humans, ..request }))
}

/// Name, words, size, and the brush.
fn tools(ui: &mut egui::Ui, editor: &mut LevelEditor) {
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
    for (ground, words) in crate::ui::battle::board::LEGEND {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(
                rect,
                2.0,
                crate::ui::battle::units::egui_color(crate::ui::battle::board::look(ground).0),
            );
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

fn side_colour(palette: crate::ui::palette::Palette, n: usize) -> egui::Color32 {
    crate::ui::battle::units::egui_color(palette.side(n))
}

/// Whether the level plays, and what was last done.
fn status(ui: &mut egui::Ui, editor: &LevelEditor) {
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

/// The sides: names and squads (archetypes, and the player's characters).
fn sides(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    let archetypes = crate::scenario::roster::archetypes().unwrap_or_default();
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
        editor.file.sides.push(level::SideSpec { name, spawn: Vec::new(), squad });
        changed = true;
    }
    if changed {
        editor.touched();
    }
}

/// One side's squad: each unit's archetype and name, to change or take out, and one more to add.
fn squad<'a>(
    ui: &mut egui::Ui,
    side: &mut level::SideSpec,
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

/// The victory conditions beside the last side standing, who wins at the turn limit, and the limit.
fn victory(ui: &mut egui::Ui, editor: &mut LevelEditor) {
    ui.strong("Victory");
    ui.weak("The last side standing always wins.");
    let mut changed = false;
    let mut remove = None;
    for (i, v) in editor.file.victory.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(match v {
                Victory::Eliminate => "the last side standing".to_owned(),
                Victory::Hold { side, zone, turns } => format!("{side} holds \"{zone}\" for {turns} turns"),
                Victory::Escape { side, zone, count } => format!("{count} of {side} escape through \"{zone}\""),
            });
            if ui.small_button("remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        editor.file.victory.remove(i);
        changed = true;
    }
    changed |= add_victory(ui, editor);
    let sides: Vec<String> = editor.file.sides.iter().map(|s| s.name.clone()).collect();
    ui.horizontal(|ui| {
        ui.label("At the turn limit:");
        let shown = editor.file.at_turn_limit.clone().map_or("nobody wins".to_owned(), |s| format!("{s} wins"));
        egui::ComboBox::from_id_salt("at limit").selected_text(shown).show_ui(ui, |ui| {
            changed |= ui.selectable_value(&mut editor.file.at_turn_limit, None, "nobody wins").changed();
            for s in &sides {
                changed |=
                    ui.selectable_value(&mut editor.file.at_turn_limit, Some(s.clone()), format!("{s} wins")).changed();
            }
        });
    });
    ui.horizontal(|ui| {
        ui.label("Turn limit:");
        changed |= ui.add(egui::DragValue::new(&mut editor.file.turn_limit).range(1..=99)).changed();
    });
    if changed {
        editor.touched();
    }
}

/// A new condition: a side holds a zone for some turns, or some of a side escape through it.
fn add_victory(ui: &mut egui::Ui, editor: &mut LevelEditor) -> bool {
    let zones: Vec<String> = editor.file.zones.keys().cloned().collect();
    if zones.is_empty() {
        ui.weak("Make a zone (on the left) to hold or to escape through.");
        return false;
    }
    let sides: Vec<String> = editor.file.sides.iter().map(|s| s.name.clone()).collect();
    let (hold, side, zone, n) = &mut editor.adding;
    *side = (*side).min(sides.len().saturating_sub(1));
    if !zones.contains(zone) {
        *zone = zones[0].clone();
    }
    // Two short rows: one long row would widen the panel past its edge.
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("victory side").width(90.0).selected_text(sides[*side].as_str()).show_ui(
            ui,
            |ui| {
                for (i, s) in sides.iter().enumerate() {
                    ui.selectable_value(side, i, s.as_str());
                }
            },
        );
        ui.radio_value(hold, true, "holds");
        ui.radio_value(hold, false, "escapes through");
    });
    let add = ui
        .horizontal(|ui| {
            egui::ComboBox::from_id_salt("victory zone").width(90.0).selected_text(zone.as_str()).show_ui(ui, |ui| {
                for z in &zones {
                    ui.selectable_value(zone, z.clone(), z.as_str());
                }
            });
            ui.add(egui::DragValue::new(n).range(1..=20).suffix(if *hold { " turns" } else { " units" }));
            ui.button("Add").clicked()
        })
        .inner;
    if !add {
        return false;
    }
    let (side, zone) = (sides[*side].clone(), zone.clone());
    editor.file.victory.push(match hold {
        true => Victory::Hold { side, zone, turns: *n },
        false => Victory::Escape { side, zone, count: *n },
    });
    true
}

/// The map: painted with the brush, areas dragged out on it, each side's spawn and every zone shown over it, and
/// each unit where it will start when the level plays.
fn map(ui: &mut egui::Ui, editor: &mut LevelEditor, texture: egui::TextureId) {
    let Ok(grid) = level_edit::grid(&editor.file) else { return };
    // The room between the panels, whatever their contents ask for.
    let room = ui.available_rect_before_wrap().intersect(ui.clip_rect()).size();
    let cell = (room.x / grid.width as f32).min(room.y / grid.height as f32).floor().max(2.0);
    let size = egui::vec2(cell * grid.width as f32, cell * grid.height as f32);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(texture, rect, uv, egui::Color32::WHITE);
    let to_rect = |a: Area| {
        let (x0, x1) = (a.0.0.min(a.1.0) as f32, a.0.0.max(a.1.0) as f32 + 1.0);
        let (y0, y1) = (a.0.1.min(a.1.1) as f32, a.0.1.max(a.1.1) as f32 + 1.0);
        egui::Rect::from_min_max(rect.min + egui::vec2(x0, y0) * cell, rect.min + egui::vec2(x1, y1) * cell)
    };
    overlays(&painter, editor, &to_rect, cell);
    let at = |p: egui::Pos2| -> Option<Cell> {
        let local = (p - rect.min) / cell;
        let c = (local.x.floor() as i32, local.y.floor() as i32);
        grid.contains(c).then_some(c)
    };
    let pointer = response.interact_pointer_pos().or(response.hover_pos()).and_then(at);
    if let (Some(start), Some(end)) = (editor.drag, pointer) {
        painter.rect_stroke(
            to_rect(Area(start, end)),
            0.0,
            egui::Stroke::new(2.0, egui::Color32::WHITE),
            egui::StrokeKind::Inside,
        );
    }
    use_brush(editor, &response, pointer, &grid);
}

/// Spawn areas in their side's colour, zones in gold with their names, and the units where they start.
fn overlays(painter: &egui::Painter, editor: &LevelEditor, to_rect: &impl Fn(Area) -> egui::Rect, cell: f32) {
    for (n, side) in editor.file.sides.iter().enumerate() {
        let colour = side_colour(editor.palette, n).gamma_multiply(0.35);
        for a in &side.spawn {
            painter.rect_filled(to_rect(*a), 0.0, colour);
            painter.rect_stroke(
                to_rect(*a),
                0.0,
                egui::Stroke::new(1.5, side_colour(editor.palette, n)),
                egui::StrokeKind::Inside,
            );
        }
    }
    for (name, areas) in &editor.file.zones {
        for a in areas {
            painter.rect_filled(to_rect(*a), 0.0, ZONE);
            painter.rect_stroke(
                to_rect(*a),
                0.0,
                egui::Stroke::new(1.5, egui::Color32::GOLD),
                egui::StrokeKind::Inside,
            );
            let font = egui::FontId::proportional((cell * 0.6).clamp(10.0, 16.0));
            painter.text(to_rect(*a).left_top(), egui::Align2::LEFT_TOP, name, font, egui::Color32::GOLD);
        }
    }
    let Ok((level, _)) = &editor.checked else { return };
    for unit in &level.units {
        let n = editor.file.sides.iter().position(|s| s.name == unit.side).unwrap_or(0);
        let centre = to_rect(Area(unit.cell, unit.cell)).center();
        painter.circle(
            centre,
            cell * 0.35,
            side_colour(editor.palette, n),
            egui::Stroke::new(1.0, egui::Color32::BLACK),
        );
    }
}

/// What the pointer does with the brush: paints ground while pressed, drags out an area and adds it when let go,
/// takes an area away on a right click.
fn use_brush(editor: &mut LevelEditor, response: &egui::Response, pointer: Option<Cell>, grid: &Grid) {
    let Some(cell) = pointer else { return };
    let primary = response.is_pointer_button_down_on() && !response.secondary_clicked();
    match editor.brush.clone() {
        Brush::Ground(ground) => {
            // A quick click may press and let go within one frame: it paints too.
            if (primary || response.clicked()) && grid.at(cell) != ground {
                level_edit::paint(&mut editor.file, cell, ground);
                editor.touched();
            }
        }
        Brush::Spawn(_) | Brush::Zone(_) => {
            if response.secondary_clicked() {
                let erased = areas(editor).is_some_and(|areas| level_edit::erase(areas, cell));
                // Also a zone the brush made empty just now (a new zone's brush makes it to look in).
                tidy_zones(editor);
                if erased {
                    editor.touched();
                }
                return;
            }
            if response.drag_started() || (response.clicked() && editor.drag.is_none()) {
                editor.drag = Some(cell);
            }
            if (response.drag_stopped() || response.clicked())
                && let Some(start) = editor.drag.take()
            {
                if let Some(areas) = areas(editor) {
                    areas.push(Area(start, cell));
                }
                editor.touched();
            }
        }
    }
}

/// The areas the brush adds to: a side's spawn, or a zone (made when its first area is).
fn areas(editor: &mut LevelEditor) -> Option<&mut Vec<Area>> {
    match &editor.brush {
        Brush::Spawn(n) => editor.file.sides.get_mut(*n).map(|s| &mut s.spawn),
        Brush::Zone(name) => Some(editor.file.zones.entry(name.clone()).or_default()),
        Brush::Ground(_) => None,
    }
}

/// A zone without areas is gone (the file would name an empty zone).
fn tidy_zones(editor: &mut LevelEditor) {
    editor.file.zones.retain(|_, areas| !areas.is_empty());
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
