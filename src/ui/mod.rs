//! Presentation: the Bevy window with the grid map, the units and egui panels over a battle the ECS layer plays.
//! Only this layer needs a window; everything it shows comes from the combat components and the battle log.
//!
//! The folders are the screens, one plugin each:
//! - `menu/`: the main menu (level, ruleset, who plays each side, seed; the saved battles to continue or watch)
//! - `battle/`: the battle screen (the board, tokens and effects, panels, orders, hotseat and fog, saves and undo)
//! - `editors/`: the character and level editors
//! - `lab/`: the tactics lab (heat map, what-if, the menu's simulations)
//! - `online/`: an online battle joined (the lobby, the battle as a player's sides see it)
//! - `dev_tools/`: the hooks of tests, benchmarks and screenshots (the `dev-tools` feature)
//!
//! and beside them `screens.rs` (the screens as states, the battle's start and end) and `settings.rs`.

mod background;
pub mod battle;
#[cfg(feature = "dev-tools")]
pub mod dev_tools;
pub mod editors;
pub mod lab;
pub mod menu;
pub mod online;
pub mod palette;
pub mod review;
pub mod screens;
pub mod settings;
pub mod sound;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::map::Battlefield;
use crate::scenario::Scenario;

/// When the process started, for the time-to-first-frame measurement.
static LAUNCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Notes the moment of launch (the first thing `main` does).
pub fn mark_launch() {
    LAUNCH.get_or_init(std::time::Instant::now);
}

/// The window's background behind the map and the menu (sRGB): the smoke tests tell the map from it.
pub const BACKGROUND: [u8; 3] = [22, 24, 28];

/// Pixels per grid cell at zoom 1.
pub const CELL: f32 = 32.0;

/// How the player asked the window to run (what a battle is, who plays it and with which dice is its
/// [`crate::battle::BattleRequest`]; the hooks of tests and screenshots are `dev_tools`').
#[derive(Resource, Clone, Debug, Default)]
pub struct PlayOptions {
    /// Seconds between two slots of the battle.
    pub pace: f32,
    /// Open the help with every key at once (screenshots; F1 or ? toggles it).
    pub keys: bool,
    /// Open the heat map at once (frame-time measurements, screenshots; H toggles it).
    pub heat: bool,
    /// Open the what-if panel at once (screenshots; O toggles it).
    pub what_if: bool,
    /// The text size for this run (else the one kept in the settings).
    pub ui_scale: Option<f32>,
}

/// A ruleset's name as the menu writes it ("Shadowrun 4e").
pub fn ruleset_name(r: crate::rules::any_ruleset::any::RulesetId) -> &'static str {
    menu::RULESETS.iter().find(|(id, ..)| *id == r).map_or("", |(_, name, _)| name)
}

/// Whether the game's keys are read: not while a text field has the keyboard (the dice prompt's spaces must not
/// pause the battle, nor its digits do anything else).
pub fn keys_free(egui: Option<Res<bevy_egui::input::EguiWantsInput>>) -> bool {
    egui.is_none_or(|e| !e.wants_any_keyboard_input())
}

/// The part of the window the panels leave to the map, in logical pixels: egui lays the panels out each frame
/// (their size follows the UI scale), and the camera, the pointer and the labels go by what they leave.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct MapArea(pub Rect);

impl Default for MapArea {
    /// The panels' room in a 1280 × 720 window at 100 %, until egui has laid them out.
    fn default() -> Self {
        MapArea(Rect::new(250.0, 24.0, 900.0, 720.0))
    }
}

impl MapArea {
    /// The area in egui's points at a UI scale of `zoom`.
    pub fn points(&self, zoom: f32) -> bevy_egui::egui::Rect {
        let (min, max) = (self.0.min / zoom, self.0.max / zoom);
        bevy_egui::egui::Rect::from_min_max(bevy_egui::egui::pos2(min.x, min.y), bevy_egui::egui::pos2(max.x, max.y))
    }

    /// The area of a rectangle in egui's points at a UI scale of `zoom`.
    pub fn of_points(rect: bevy_egui::egui::Rect, zoom: f32) -> Self {
        MapArea(Rect::new(rect.min.x * zoom, rect.min.y * zoom, rect.max.x * zoom, rect.max.y * zoom))
    }
}

/// The map the battle is fought on (open ground around the combatants for a scenario without a level).
#[derive(Resource, Clone, Debug)]
pub struct MapView(pub Arc<Battlefield>);

/// The file of the map's picture, drawn under the grid (an imported map's).
#[derive(Resource, Clone, Debug, Default)]
pub struct MapPictureFile(pub Option<std::path::PathBuf>);

/// The battle's name and ruleset, for the title bar.
#[derive(Resource, Clone, Debug, Default)]
pub struct BattleTitle(pub String);

/// The role each combatant of the battle on screen was given by its file (by roster index): its token's glyph.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roles(pub Vec<Option<String>>);

/// The sides of the battle on screen in the order their colours go (the order they first appear in the roster; the
/// lobby's order online).
#[derive(Resource, Clone, Debug, Default)]
pub struct SideOrder(pub Vec<String>);

impl SideOrder {
    /// The sides in the order they first appear.
    pub fn of(sides: impl Iterator<Item = String>) -> Self {
        let mut order: Vec<String> = Vec::new();
        for s in sides {
            if !order.contains(&s) {
                order.push(s);
            }
        }
        SideOrder(order)
    }

    /// A side's place in the order: its colour's and shape's (`palette.rs`).
    pub fn place(&self, side: &str) -> usize {
        self.0.iter().position(|s| s == side).unwrap_or(0)
    }
}

/// The players' names for the sides they command (hotseat), by side; a side without one goes by its own name.
#[derive(Resource, Clone, Debug, Default)]
pub struct PlayerNames(pub std::collections::BTreeMap<String, String>);

impl PlayerNames {
    /// How to call a side: "Ana (Crew)", or the side's name.
    pub fn of(&self, side: &str) -> String {
        match self.0.get(side) {
            Some(name) if !name.is_empty() => format!("{name} ({side})"),
            _ => side.to_owned(),
        }
    }

    /// The player's own name for a side, or the side's name.
    pub fn player(&self, side: &str) -> String {
        self.0.get(side).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| side.to_owned())
    }
}

/// What the ruleset calls the parts of a turn: "phase" (Eclipse Phase's Action Phases, Storyteller's actions) or
/// "pass" (Shadowrun's and the homebrew's initiative passes).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct RoundWord(pub &'static str);

/// The unit whose slot was played last, and that slot's phase or pass.
#[derive(Resource, Default)]
pub struct Acting(pub Option<Entity>, pub u32);

/// The unit the player clicked on (its sheet shows instead of the acting unit's); a click elsewhere clears it.
#[derive(Resource, Default)]
pub struct Selected(pub Option<Entity>);

/// Whose turn the screen is handed over to, if it is being handed over, and which player had it last.
#[derive(Resource, Default, Debug)]
pub struct Handover {
    pub showing: Option<String>,
    pub last: Option<String>,
}

impl Handover {
    /// The screen is covered.
    pub fn covered(&self) -> bool {
        self.showing.is_some()
    }
}

/// Adds the presentation plugins.
pub fn plugin(app: &mut App) {
    app.add_plugins((battle::plugin, editors::plugin, lab::plugin, online::plugin, settings::plugin, review::plugin));
    app.add_plugins(sound::plugin);
    app.init_resource::<MapArea>();
}

/// Where the window opens: the menu (levels from this folder), or a battle at once.
pub enum Opening {
    Menu(PathBuf),
    Battle(Box<screens::Begun>),
    /// A saved battle to watch step by step.
    Watch(Box<screens::NextBattle>, Box<screens::Watching>),
    /// The character editor (levels for the menu after it from this folder), with this character open.
    Characters(PathBuf, Option<PathBuf>),
    /// The level editor (levels for the menu after it from this folder), with this level open.
    Levels(PathBuf, Option<PathBuf>),
    /// An online battle, joined at once (the menu after it from `levels/`).
    Join(online::join::JoinRequest),
}

impl Opening {
    /// A battle begun (a new one, or a save taken up where it stopped and saved on to the same file), with the tally
    /// of its decisions so far.
    pub fn started(started: crate::battle::Started, tally: crate::combat::tally::BattleTally) -> Self {
        Opening::Battle(Box::new(screens::Begun(Box::new((started, tally)))))
    }

    /// A saved battle to watch step by step from its start, at `pace` seconds a step.
    pub fn watch(path: &std::path::Path, pace: f32) -> Result<Self, crate::scenario::ScenarioError> {
        let (next, watching) = screens::NextBattle::watched(path, pace)?;
        Ok(Opening::Watch(Box::new(next), Box::new(watching)))
    }

    /// The players' screen at the table (`skirmish table`): the battle saved on `path`, followed as it is played.
    pub fn table(path: &std::path::Path) -> Result<Self, crate::scenario::ScenarioError> {
        let (next, watching) = screens::NextBattle::at_table(path)?;
        Ok(Opening::Watch(Box::new(next), Box::new(watching)))
    }
}

/// The window's app, one App for every screen (menu, battle, battle over), opening on `opening`; `run` it.
pub fn app(opening: Opening, options: PlayOptions) -> App {
    // Hidden until its first frames are drawn: the window never shows the black of a surface not yet drawn on.
    let resolution = WindowResolution::new(1280, 720);
    let window = Window { title: "Skirmish".into(), resolution, visible: false, ..default() };
    let mut app = App::new();
    app.add_plugins((
        // The close button asks to quit (`QuitGame`): an editor with changes not saved asks first.
        DefaultPlugins.set(WindowPlugin { primary_window: Some(window), close_when_requested: false, ..default() }),
        EguiPlugin::default(),
    ));
    let (screen, levels) = match opening {
        Opening::Menu(folder) => (screens::Screen::Menu, folder),
        Opening::Battle(begun) => {
            app.insert_resource(screens::NextBattle(begun.0.0.request.clone())).insert_resource(*begun);
            (screens::Screen::Loading, PathBuf::from("levels"))
        }
        Opening::Watch(next, watching) => {
            app.insert_resource(*next).insert_resource(*watching);
            (screens::Screen::Loading, PathBuf::from("levels"))
        }
        Opening::Characters(folder, open) => {
            app.insert_resource(editors::characters::Open(open));
            (screens::Screen::Characters, folder)
        }
        Opening::Levels(folder, open) => {
            app.insert_resource(editors::level_editor::OpenLevel(open));
            (screens::Screen::Levels, folder)
        }
        Opening::Join(request) => {
            app.insert_resource(request);
            (screens::Screen::Online, PathBuf::from("levels"))
        }
    };
    let mut settings = settings::Settings::load();
    settings.text_size = options.ui_scale.unwrap_or(settings.text_size);
    app.insert_state(screen).insert_resource(options).insert_resource(settings);
    let [r, g, b] = BACKGROUND;
    app.insert_resource(ClearColor(Color::srgb_u8(r, g, b)));
    app.add_plugins((crate::combat::plugin, screens::plugin, menu::plugin(levels), plugin));
    app.add_systems(Update, show_the_window_once_drawn);
    app
}

/// The window shows once three frames are drawn (bevy's own recipe: by then the GPU has something to present).
fn show_the_window_once_drawn(
    mut window: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    frames: Res<bevy::diagnostic::FrameCount>,
) {
    if frames.0 >= 3
        && let Ok(mut window) = window.single_mut()
        && !window.visible
    {
        window.visible = true;
    }
}

/// Open ground around a scenario's combatants, with a margin.
pub(crate) fn open_map(scenario: &Scenario) -> Battlefield {
    let cells = scenario.positions();
    let (w, h) = cells.iter().fold((1, 1), |(w, h), (x, y)| (w.max(x + 3), h.max(y + 3)));
    Battlefield::new(crate::map::grid::Grid::open(w.max(8), h.max(6)))
}
