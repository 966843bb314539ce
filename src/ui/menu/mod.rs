//! The main menu, the window's first screen: choose a level (with what it teaches), a ruleset and its options,
//! who plays each side (a player, several for hotseat, or the AI at a difficulty) and optionally a seed, then Play:
//! the battle opens in the same window, and its end comes back here. Beside it, the saved battles, each to continue.
//! Under the levels, the scenarios (`scenarios.rs`): a fixed battle chosen instead of a level.

mod scenarios;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::PlayOptions;
use super::screens::{MenuSystems, NextBattle, NotStarted, Screen, Watching};
use crate::ai::Difficulty;
use crate::battle::{BattleRequest, DiceChoice};
use crate::lab::balance::Balance;
use crate::rules::any::RulesetId;
use crate::scenario::character::{Character, Guest};
use crate::scenario::level::{Level, levels_in};
use crate::scenario::save::Save;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    Human,
    Ai(Difficulty),
    /// Left out of the battle (levels of three or four sides).
    Absent,
}

/// The ruleset options the menu offers (rules.md's **option**s).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RuleOptions {
    /// Eclipse Phase: the later errata's MoS (the roll itself).
    roll_is_mos: bool,
    /// Eclipse Phase: a critical success beats a plain success in an opposed test (a house rule).
    critical_beats_success: bool,
    /// Eclipse Phase: damage equal to Durability already incapacitates.
    reaches_durability: bool,
    /// Shadowrun 4: a surprise test opens the battle.
    surprise: bool,
    /// Storyteller: leave out the armor's Stamina requirement.
    no_stamina_penalty: bool,
    initiative_wounds: bool,
    /// The homebrew: resistance hits only convert Critical to Light.
    convert_only: bool,
    /// The homebrew: only a contact-only attack hits on a tie.
    only_contact_ties: bool,
}

impl RuleOptions {
    /// The chosen ruleset's options in RON, empty for its defaults.
    fn ron(&self, ruleset: RulesetId) -> String {
        let fields: Vec<&str> = match ruleset {
            RulesetId::EclipsePhase => vec![
                (self.roll_is_mos, "mos_rule: RollIsMoS"),
                (self.critical_beats_success, "opposed_criticals: CriticalBeatsSuccess"),
                (self.reaches_durability, "incapacitated_at: ReachesDurability"),
            ],
            RulesetId::Shadowrun4 => vec![(self.surprise, "surprise: (alerted: [])")],
            RulesetId::Storyteller => vec![
                (self.no_stamina_penalty, "armor_stamina_penalty: false"),
                (self.initiative_wounds, "initiative_wound_penalty: true"),
            ],
            RulesetId::HomebrewD6 => vec![
                (self.convert_only, "critical_resistance: ConvertOnly"),
                (self.only_contact_ties, "ties: OnlyContact"),
            ],
        }
        .into_iter()
        .filter_map(|(on, field)| on.then_some(field))
        .collect();
        match fields.is_empty() {
            true => String::new(),
            false => format!("({})", fields.join(", ")),
        }
    }
}

/// The menu's state.
#[derive(Resource)]
struct Menu {
    levels: Vec<(PathBuf, Level)>,
    selected: usize,
    /// The ruleset the battle plays under: the one the player chose (`wanted`), or, on a level that does not play
    /// under it, the first that level plays under (`settle_ruleset`).
    ruleset: RulesetId,
    wanted: RulesetId,
    controls: BTreeMap<String, Control>,
    names: BTreeMap<String, String>,
    fog: bool,
    by_hand: BTreeSet<String>,
    strict: bool,
    seed: String,
    rules: RuleOptions,
    /// How fair each level measured under each ruleset (`skirmish balance --write`), if measured.
    balance: Option<Balance>,
    /// The saved battles, newest first (read when the menu opens).
    saves: Vec<(PathBuf, Result<Save, crate::scenario::ScenarioError>)>,
    /// A saved battle whose review was asked for this frame.
    review: Option<PathBuf>,
    problems: Vec<String>,
    /// The picture of the selected level, and which level and palette it is of.
    miniature: Option<((usize, crate::ui::palette::Palette), Handle<Image>)>,
    /// The sides' colours (the settings').
    palette: crate::ui::palette::Palette,
    /// The player's content folder (looked up once): the levels in it are marked theirs.
    user: Option<PathBuf>,
    /// The game's levels folder.
    folder: PathBuf,
    /// The player's own characters (read when the menu opens), and the side each joins, by file.
    characters: Vec<(PathBuf, Result<Character, crate::scenario::ScenarioError>)>,
    joining: BTreeMap<PathBuf, String>,
    /// The scenarios; one chosen is played instead of the level.
    scenarios: scenarios::Scenarios,
}

impl Menu {
    /// The level chosen, unless a scenario is.
    fn level(&self) -> Option<&(PathBuf, Level)> {
        match self.scenarios.chosen() {
            Some(_) => None,
            None => self.levels.get(self.selected),
        }
    }

    /// The sides of the level or scenario chosen.
    fn side_names(&self) -> Vec<String> {
        match (self.scenarios.chosen(), self.levels.get(self.selected)) {
            (Some((_, s)), _) => s.sides().into_iter().map(str::to_owned).collect(),
            (None, Some((_, l))) => l.file.sides.iter().map(|s| s.name.clone()).collect(),
            (None, None) => Vec::new(),
        }
    }
}

/// The measured balance kept beside the levels' folder (`assets/balance.ron`): none when there is no such file.
fn balance_beside(folder: &Path) -> Result<Option<Balance>, crate::lab::balance::BalanceError> {
    Balance::read(&folder.parent().unwrap_or(Path::new("")).join(crate::lab::balance::KEPT))
}

/// The menu screen, its levels read from `folder`.
pub fn plugin(folder: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let user = crate::scenario::content::user_folder();
        let (levels, mut problems) = levels_in(&folder, user.as_deref());
        let balance = balance_beside(&folder).unwrap_or_else(|e| {
            problems.push(e.to_string());
            None
        });
        let menu = Menu {
            levels,
            selected: 0,
            ruleset: RulesetId::EclipsePhase,
            wanted: RulesetId::EclipsePhase,
            controls: BTreeMap::new(),
            names: BTreeMap::new(),
            fog: false,
            by_hand: BTreeSet::new(),
            strict: false,
            seed: String::new(),
            rules: RuleOptions::default(),
            balance,
            saves: Vec::new(),
            review: None,
            problems,
            miniature: None,
            palette: default(),
            user,
            folder: folder.clone(),
            characters: Vec::new(),
            joining: BTreeMap::new(),
            scenarios: scenarios::Scenarios::default(),
        };
        app.insert_resource(menu)
            .add_systems(OnEnter(Screen::Menu), refresh_lists)
            .add_systems(EguiPrimaryContextPass, show_menu.run_if(in_state(Screen::Menu)).in_set(MenuSystems));
    }
}

fn show_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<Menu>,
    session: Res<PlayOptions>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<super::screens::QuitGame>,
    mut settings: ResMut<super::settings::Settings>,
    mut images: ResMut<Assets<Image>>,
    (mut batch, mut review): (ResMut<super::lab::batch::Batch>, MessageWriter<super::review::ReviewBattle>),
) -> Result {
    settle_ruleset(&mut menu);
    menu.palette = settings.palette;
    // A weak handle: the menu keeps the picture, and a picture of another level frees it.
    let map = miniature(&mut menu, &mut images).map(|h| contexts.add_image(bevy_egui::EguiTextureHandle::Weak(h.id())));
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "menu".into(), builder);
    let mut chosen: Option<Chosen> = None;
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let gold = egui::Color32::from_rgb(240, 200, 90);
            ui.label(egui::RichText::new("SKIRMISH").size(30.0).strong().color(gold));
            ui.weak("Tactical skirmishes, tabletop rules as written, every roll explained");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Characters…").on_hover_text("Make and edit characters of your own").clicked() {
                    chosen = Some(Chosen::Screen(Screen::Characters));
                }
                if ui.button("Level editor…").on_hover_text("Paint a level of your own").clicked() {
                    chosen = Some(Chosen::Screen(Screen::Levels));
                }
                let join = ui.button("Join online…").on_hover_text("Join a battle someone hosts (skirmish host)");
                if join.clicked() {
                    chosen = Some(Chosen::Screen(Screen::Online));
                }
            });
        });
        ui.separator();
        // Three columns: the saved battles, the level and its map, the battle's settings.
        let height = ui.available_height();
        ui.horizontal_top(|ui| {
            // Shares of the width, so that a larger text size narrows each column alike (rows wrap in them).
            let width = ui.available_width() - 2.0 * ui.spacing().item_spacing.x;
            let (first, second) = (width * 0.24, width * 0.35);
            let last = width - first - second;
            let saved = column(ui, (first, height), "saves", |ui| saves_column(ui, &mut menu, &session));
            let edit = column(ui, (second, height), "level", |ui| level_column(ui, &mut menu, map));
            let set =
                column(ui, (last, height), "battle", |ui| battle_column(ui, &mut menu, (&mut settings, &mut batch)));
            chosen = chosen.take().or(saved).or(set).or(edit);
        });
    });
    match chosen {
        Some(Chosen::Battle(next, watching)) => {
            commands.insert_resource(*next);
            if let Some(watching) = watching {
                commands.insert_resource(watching);
            }
            screen.set(Screen::Loading);
        }
        Some(Chosen::Quit) => {
            exit.write(super::screens::QuitGame);
        }
        Some(Chosen::Screen(to)) => screen.set(to),
        Some(Chosen::Host(request)) => match host_online(*request, host_player(&menu)) {
            Ok((hosting, join)) => {
                commands.insert_resource(hosting);
                commands.insert_resource(join);
                screen.set(Screen::Online);
            }
            Err(why) => menu.problems = vec![why],
        },
        Some(Chosen::Review(path)) => {
            review.write(super::review::ReviewBattle { battle: super::review::ToReview::File(path), open: true });
        }
        Some(Chosen::Edit(path)) => {
            commands.insert_resource(super::editors::level_editor::OpenLevel(Some(path)));
            screen.set(Screen::Levels);
        }
        None => {}
    }
    Ok(())
}

/// What a click in the menu asks for.
enum Chosen {
    /// A battle to play (or a saved one to watch).
    Battle(Box<NextBattle>, Option<Watching>),
    /// Another screen (an editor).
    Screen(Screen),
    /// A battle to host online (and play from this window).
    Host(Box<BattleRequest>),
    /// The level editor on a level.
    Edit(PathBuf),
    /// The decision review of a saved battle.
    Review(PathBuf),
    Quit,
}

/// Hosts `request` on port 5757 (another free port if that one is taken), and the window's player joins it by
/// `name`, taking `side` at once if given: the host's thread, and whom the online screen joins.
fn host_online(
    request: BattleRequest,
    (side, name): (Option<String>, String),
) -> Result<(crate::net::background::Hosting, crate::ui::online::join::JoinRequest), String> {
    use crate::net::background::Hosting;
    use crate::ui::online::join::{JoinRequest, PORT};
    let any = |port| std::net::SocketAddr::from(([0, 0, 0, 0], port));
    let hosting = Hosting::start(request.clone(), any(PORT), None).or_else(|_| Hosting::start(request, any(0), None));
    let hosting = hosting.map_err(|e| e.to_string())?;
    let address = format!("127.0.0.1:{}", hosting.address.port());
    Ok((hosting, JoinRequest { address, name, side, ready: false, watch: false }))
}

/// The host's player in the lobby: the first side the menu has a player command (taken at once), by the name the
/// menu gives that player, else the login's.
fn host_player(menu: &Menu) -> (Option<String>, String) {
    let side = menu.side_names().into_iter().find(|s| menu.controls.get(s) == Some(&Control::Human));
    let named = side.as_ref().and_then(|s| menu.names.get(s)).map(|n| n.trim().to_owned()).filter(|n| !n.is_empty());
    (side, named.unwrap_or_else(crate::ui::online::join::default_name))
}

/// A column `size` large, its contents scrolled when they are taller.
fn column<R>(ui: &mut egui::Ui, size: (f32, f32), id: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let layout = egui::Layout::top_down(egui::Align::Min);
    let inner = ui.allocate_ui_with_layout(egui::vec2(size.0, size.1), layout, |ui| {
        ui.set_width(size.0);
        egui::ScrollArea::vertical().id_salt(id).show(ui, add).inner
    });
    inner.inner
}

/// The saved battles, to continue or to watch.
fn saves_column(ui: &mut egui::Ui, menu: &mut Menu, session: &PlayOptions) -> Option<Chosen> {
    ui.strong("Saved battles");
    if menu.saves.is_empty() {
        ui.weak("None yet: a battle is saved after each decision, to continue or to watch again.");
    }
    let chosen = choose_save(ui, menu, session).map(|(next, watching)| Chosen::Battle(Box::new(next), watching));
    chosen.or_else(|| menu.review.take().map(Chosen::Review))
}

/// The levels, and the selected one's map, with *Edit this level*.
fn level_column(ui: &mut egui::Ui, menu: &mut Menu, map: Option<egui::TextureId>) -> Option<Chosen> {
    choose_level(ui, menu);
    if menu.scenarios.choose(ui) {
        menu.controls.clear();
        menu.names.clear();
    }
    menu.scenarios.describe(ui);
    if let Some(id) = map.filter(|_| menu.level().is_some()) {
        show_miniature(ui, menu, id);
    }
    let (path, _) = menu.level()?;
    let hint = "Open it in the level editor (a shipped level is saved as a copy of yours)";
    ui.button("Edit this level").on_hover_text(hint).clicked().then(|| Chosen::Edit(path.clone()))
}

/// The ruleset, who plays each side, the seed, the text size, and *Play*.
fn battle_column(
    ui: &mut egui::Ui,
    menu: &mut Menu,
    (settings, batch): (&mut super::settings::Settings, &mut super::lab::batch::Batch),
) -> Option<Chosen> {
    choose_ruleset(ui, menu);
    ui.separator();
    choose_sides(ui, menu);
    choose_characters(ui, menu);
    ui.horizontal(|ui| {
        ui.label("Seed (empty: random):");
        ui.text_edit_singleline(&mut menu.seed);
    });
    choose_text_size(ui, settings);
    ui.separator();
    let (play, simulate, host, quit) = ui
        .horizontal(|ui| {
            let play = ui.add(egui::Button::new(egui::RichText::new("  Play  ").size(18.0).strong())).clicked();
            let hint = "Play many battles of this level, ruleset and sides between the AIs: who wins how often";
            let simulate = ui.button("Simulate…").on_hover_text(hint).clicked();
            let hint = "Host this battle for players on other machines, and play it from here: the lobby opens, where \
                        each takes a side; the AI (at the difficulties set above) plays the sides no one takes";
            let host = ui.button("Host online…").on_hover_text(hint).clicked();
            (play, simulate, host, ui.button("Quit").clicked())
        })
        .inner;
    for p in &menu.problems {
        ui.colored_label(egui::Color32::from_rgb(255, 120, 100), p);
    }
    if quit {
        return Some(Chosen::Quit);
    }
    if simulate && let Some(request) = chosen(menu) {
        // Every side to an AI: a side a player would command plays the normal AI.
        match request.scenario() {
            Ok(scenario) => batch.open_on(scenario, request.minds()),
            Err(e) => menu.problems = vec![e.to_string()],
        }
    }
    if host && let Some(request) = chosen(menu) {
        return Some(Chosen::Host(Box::new(request)));
    }
    // A battle that does not start comes back to the menu, which says why (`NotStarted`).
    let request = chosen(menu).filter(|_| play)?;
    Some(Chosen::Battle(Box::new(NextBattle(request)), None))
}

/// The selected level's picture, drawn again when another level is selected.
fn miniature(menu: &mut Menu, images: &mut Assets<Image>) -> Option<Handle<Image>> {
    if let Some((at, image)) = &menu.miniature
        && *at == (menu.selected, menu.palette)
    {
        return Some(image.clone());
    }
    let (_, level) = menu.levels.get(menu.selected)?;
    let mut pixmap = super::battle::board::board_pixmap(level.grid());
    for (n, side) in level.file.sides.iter().enumerate() {
        let color = menu.palette.side(n).with_alpha(0.55);
        super::battle::board::tint(&mut pixmap, side.spawn.iter().flat_map(|a| a.cells()), color);
    }
    super::battle::board::tint_zones(&mut pixmap, &level.field);
    // Small: the menu shows it in a column, and a 64 × 64 level drawn whole weighs 9 MB.
    let pixmap = super::battle::board::smaller(pixmap, 512);
    let image = images.add(super::battle::art::image_of(&pixmap));
    menu.miniature = Some(((menu.selected, menu.palette), image.clone()));
    Some(image)
}

/// The selected level's map as wide as the column, its sides' spawns in their colours.
fn show_miniature(ui: &mut egui::Ui, menu: &Menu, id: egui::TextureId) {
    let Some((_, level)) = menu.levels.get(menu.selected) else { return };
    let grid = level.grid();
    let aspect = grid.height as f32 / grid.width as f32;
    let width = ui.available_width().min(380.0 / aspect);
    ui.add_space(6.0);
    ui.add(egui::Image::new((id, egui::vec2(width, width * aspect))).corner_radius(4.0));
    ui.horizontal_wrapped(|ui| {
        for (n, side) in level.file.sides.iter().enumerate() {
            let name = format!("{} {}", super::palette::Shape::of_side(n).mark(), side.name);
            super::battle::labels::swatch(ui, super::battle::units::egui_color(menu.palette.side(n)), &name);
        }
    });
}

/// The tour's choice (`tour.rs`): level `index` under the menu's ruleset, every side played by the normal AI, seed 1,
/// at a quick pace; set as the next battle. Returns the level's name.
#[cfg(feature = "dev-tools")]
pub(super) fn all_ai_battle(world: &mut World, index: usize) -> Result<String, String> {
    let menu = world.resource::<Menu>();
    let (path, level) = menu.levels.get(index).ok_or("no such level")?;
    let request = BattleRequest::new(path, Some(menu.ruleset), Difficulty::Normal).with_dice(DiceChoice::Seed(1));
    let name = level.file.name.clone();
    world.resource_mut::<PlayOptions>().pace = 0.02;
    world.insert_resource(NextBattle(request));
    Ok(name)
}

/// How many saved battles the menu lists.
const SAVES_SHOWN: usize = 6;

/// The saves folder's battles, newest first, and the player's characters; and why the last battle asked for did not start, if it did not.
fn refresh_lists(mut menu: ResMut<Menu>, not_started: Option<Res<NotStarted>>, mut commands: Commands) {
    menu.saves = crate::scenario::save::list(&crate::scenario::save::folder());
    // The editors may have made or changed a character or a level: both are read again, the selection kept.
    menu.characters = crate::scenario::character::list(menu.user.as_deref());
    let selected = menu.levels.get(menu.selected).map(|(p, _)| p.clone());
    let (levels, problems) = levels_in(&menu.folder, menu.user.as_deref());
    menu.selected = selected.and_then(|p| levels.iter().position(|(q, _)| *q == p)).unwrap_or(0);
    (menu.levels, menu.miniature) = (levels, None);
    menu.problems = problems;
    let shipped = menu.folder.parent().unwrap_or(Path::new("")).join("scenarios");
    let user = menu.user.clone();
    menu.scenarios.read(&shipped, user.as_deref());
    // Back at the menu, a replay is over.
    commands.remove_resource::<Watching>();
    if let Some(problem) = not_started {
        menu.problems = vec![problem.0.clone()];
        commands.remove_resource::<NotStarted>();
    }
}

/// The saved battles, each with *Continue*, *Watch* and *Review* (asked for through `menu.review`); the one chosen, set up to be taken up again or watched.
fn choose_save(ui: &mut egui::Ui, menu: &mut Menu, session: &PlayOptions) -> Option<(NextBattle, Option<Watching>)> {
    let (mut chosen, mut review) = (None, None);
    let short =
        |r: RulesetId| RULESETS.iter().find(|(id, _, _)| *id == r).map_or(format!("{r:?}"), |(_, n, _)| n.to_string());
    for (path, save) in menu.saves.iter().take(SAVES_SHOWN) {
        ui.horizontal(|ui| match save {
            Ok(save) => {
                if ui.button("Continue").clicked() {
                    chosen = Some((path.clone(), false));
                }
                if ui.button("Watch").on_hover_text("step through it from the start").clicked() {
                    chosen = Some((path.clone(), true));
                }
                let which = "which decisions mattered: the win chance before each, after the choice and after the dice";
                if ui.button("Review").on_hover_text(which).clicked() {
                    review = Some(path.clone());
                }
                let (what, when) = crate::scenario::save::summary(save, short);
                ui.vertical(|ui| {
                    ui.label(what);
                    ui.weak(when);
                });
            }
            Err(e) => {
                ui.weak(format!("cannot be read: {e}"));
            }
        });
    }
    menu.review = review;
    let (path, watch) = chosen?;
    let next = match watch {
        true => NextBattle::watched(&path, session.pace).map(|(next, watching)| (next, Some(watching))),
        false => NextBattle::saved(&path).map(|next| (next, None)),
    };
    match next {
        Ok(next) => Some(next),
        Err(e) => {
            menu.problems = vec![e.to_string()];
            None
        }
    }
}

fn choose_level(ui: &mut egui::Ui, menu: &mut Menu) {
    ui.strong("Level");
    let (mut picked, mut chose_level) = (menu.selected, false);
    for (i, (path, level)) in menu.levels.iter().enumerate() {
        let g = level.grid();
        let yours = menu.user.as_ref().is_some_and(|user| path.starts_with(user));
        let mark = if yours { "  · yours" } else { "" };
        let units = level.units_under(menu.ruleset).len();
        let text = format!("{}  ({}×{}, {units} units){mark}", level.file.name, g.width, g.height);
        let on = i == menu.selected && menu.scenarios.chosen().is_none();
        if ui.selectable_label(on, text).clicked() {
            picked = i;
            chose_level = true;
        }
        if on && !level.file.tactic.is_empty() {
            ui.weak(format!("    {}", level.file.tactic));
        }
    }
    if chose_level && menu.scenarios.chosen().is_some() {
        menu.scenarios.unchoose();
        menu.controls.clear();
        menu.names.clear();
    }
    if picked != menu.selected {
        menu.selected = picked;
        menu.controls.clear();
        menu.names.clear();
    }
}

/// The rulesets as the menu offers them: a short name, and one line on what each is and the seed file it is from.
pub const RULESETS: [(RulesetId, &str, &str); 4] = [
    (
        RulesetId::EclipsePhase,
        "Eclipse Phase 1e",
        "Transhuman science fiction: d100 roll-under tests, wounds and durability (seed files 000 and 003)",
    ),
    (
        RulesetId::Shadowrun4,
        "Shadowrun 4e",
        "Cyberpunk and magic: d6 pools counting hits, two condition monitors, initiative passes (seed file 004)",
    ),
    (
        RulesetId::Storyteller,
        "Storyteller d10",
        "d10 pools against a difficulty, one action a turn, soak and a health track (seed file 001)",
    ),
    (
        RulesetId::HomebrewD6,
        "d6 homebrew",
        "d6 pools, Energy/Impact/Piercing armor, Light and Critical damage tracks (seed file 002)",
    ),
];

/// The ruleset the chosen level plays under: the player's choice where the level plays under it, else the first it
/// plays under (a level of its own archetypes may not play under every ruleset). The player's choice is kept: back on
/// a level that plays under it, it is the one chosen again.
fn settle_ruleset(menu: &mut Menu) {
    // A scenario plays under its own (the player's choice is kept for the levels).
    if let Some((_, s)) = menu.scenarios.chosen() {
        menu.ruleset = s.ruleset_id();
        return;
    }
    let level = menu.levels.get(menu.selected).map(|(_, l)| l);
    let plays = |id: RulesetId| level.is_none_or(|l| l.unplayable_under(id).is_none());
    let settled = match plays(menu.wanted) {
        true => Some(menu.wanted),
        false => RULESETS.iter().map(|(id, ..)| *id).find(|id| plays(*id)),
    };
    if let Some(id) = settled.filter(|id| *id != menu.ruleset) {
        menu.ruleset = id;
    }
}

fn choose_ruleset(ui: &mut egui::Ui, menu: &mut Menu) {
    ui.strong("Ruleset");
    if let Some((_, s)) = menu.scenarios.chosen() {
        let name = RULESETS.iter().find(|(id, ..)| *id == s.ruleset_id()).map_or("", |(_, n, _)| *n);
        ui.label(format!("{name}: the scenario's own, with the options it sets"));
        return;
    }
    let level = menu.levels.get(menu.selected).map(|(_, l)| l);
    let why_not = |id: RulesetId| level.and_then(|l| l.unplayable_under(id)).map(|e| e.to_string());
    ui.horizontal_wrapped(|ui| {
        for (id, name, what) in RULESETS {
            let why = why_not(id);
            let radio = ui.add_enabled_ui(why.is_none(), |ui| ui.radio_value(&mut menu.ruleset, id, name)).inner;
            if radio.clicked() {
                menu.wanted = id;
            }
            radio.on_hover_text(what).on_disabled_hover_text(why.unwrap_or_default());
        }
    });
    if let Some((_, _, what)) = RULESETS.iter().find(|(id, _, _)| *id == menu.ruleset) {
        ui.label(*what);
    }
    let o = &mut menu.rules;
    let boxes: Vec<(&mut bool, &str)> = match menu.ruleset {
        RulesetId::EclipsePhase => vec![
            (&mut o.roll_is_mos, "Margin of success is the roll itself (later errata)"),
            (&mut o.critical_beats_success, "A critical beats a plain success in an opposed test (house rule)"),
            (&mut o.reaches_durability, "Damage equal to Durability incapacitates (file 000: only above it)"),
        ],
        RulesetId::Shadowrun4 => vec![(&mut o.surprise, "Open with a surprise test")],
        RulesetId::Storyteller => {
            vec![
                (&mut o.no_stamina_penalty, "No penalty for armor above the wearer's Stamina"),
                (&mut o.initiative_wounds, "Wound penalty on initiative (house rule)"),
            ]
        }
        RulesetId::HomebrewD6 => vec![
            (&mut o.convert_only, "Resistance hits only turn Critical damage into Light"),
            (&mut o.only_contact_ties, "Only a contact-only attack hits on a tie"),
        ],
    };
    for (on, text) in boxes {
        ui.checkbox(on, text);
    }
    show_balance(ui, menu);
}

/// How fair the chosen level measured under the chosen ruleset, the same AI on every side.
fn show_balance(ui: &mut egui::Ui, menu: &Menu) {
    let stem = menu.level().and_then(|(p, _)| p.file_stem()).and_then(|s| s.to_str());
    let (Some(stem), Some(balance)) = (stem, &menu.balance) else {
        ui.weak("Balance: not measured (`skirmish balance --write`)");
        return;
    };
    // The hard AI's numbers on the line, the normal AI's when the pointer rests on it.
    let Some(row) = balance.row(stem, menu.ruleset, Difficulty::Hard) else {
        ui.weak("Balance: not measured under this ruleset");
        return;
    };
    let colour = if row.fair() { egui::Color32::GRAY } else { egui::Color32::from_rgb(230, 170, 90) };
    let line = ui.colored_label(colour, format!("Balance {}", row.summary()));
    if let Some(normal) = balance.row(stem, menu.ruleset, Difficulty::Normal) {
        line.on_hover_text(format!("Balance {}", normal.summary()));
    }
}

fn choose_sides(ui: &mut egui::Ui, menu: &mut Menu) {
    ui.strong("Sides: who plays each (several humans: hotseat; \"Out\" leaves a side out of a 3- or 4-side level)");
    let sides = menu.side_names();
    let sides_count = sides.len();
    for (i, side) in sides.into_iter().enumerate() {
        // A solo skirmish unless told otherwise: the player commands the first side.
        let usual = if i == 0 { Control::Human } else { Control::Ai(Difficulty::Normal) };
        let mut control = menu.controls.get(&side).copied().unwrap_or(usual);
        let name = menu.names.entry(side.clone()).or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{side:<14}"));
            ui.radio_value(&mut control, Control::Human, "Human");
            for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
                ui.radio_value(&mut control, Control::Ai(d), format!("AI {d}"));
            }
            // Two sides always fight; a level of three or four may be played by fewer.
            let present = menu.controls.values().filter(|c| **c != Control::Absent).count();
            if sides_count > 2 && (present > 2 || control == Control::Absent) {
                ui.radio_value(&mut control, Control::Absent, "Out");
            }
        });
        if control == Control::Human {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(90.0);
                ui.label("Player's name:");
                ui.add(egui::TextEdit::singleline(name).hint_text(side.as_str()).desired_width(160.0));
                let mut own = menu.by_hand.contains(&side);
                let hint = "The window asks for each roll of this side's (what it is for, how many dice) and you \
                            type the faces in; the AI's dice stay seeded";
                if ui.checkbox(&mut own, "I roll my own dice").on_hover_text(hint).changed() {
                    match own {
                        true => menu.by_hand.insert(side.clone()),
                        false => menu.by_hand.remove(&side),
                    };
                }
            });
        }
        menu.controls.insert(side, control);
    }
    ui.checkbox(&mut menu.fog, "Fog of war: each player sees only what their side's units see");
    ui.checkbox(&mut menu.strict, "Strict: no undo");
}

/// The player's own characters of the chosen ruleset, each to stay home or join a side.
fn choose_characters(ui: &mut egui::Ui, menu: &mut Menu) {
    let Some((_, level)) = menu.level() else { return };
    // A side left out takes no one along.
    let out = |s: &String| menu.controls.get(s) == Some(&Control::Absent);
    let sides: Vec<String> = level.file.sides.iter().map(|s| s.name.clone()).filter(|s| !out(s)).collect();
    let ruleset = menu.ruleset;
    let mine: Vec<(PathBuf, String)> = menu
        .characters
        .iter()
        .filter_map(|(p, c)| {
            c.as_ref().ok().filter(|c| c.sheet.ruleset() == ruleset).map(|c| (p.clone(), c.name.clone()))
        })
        .collect();
    let others = menu.characters.iter().filter(|(_, c)| c.is_ok()).count() - mine.len();
    if mine.is_empty() && others == 0 {
        return;
    }
    ui.strong("Your characters");
    for (path, name) in mine {
        let mut side = menu.joining.get(&path).filter(|s| sides.contains(s)).cloned();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{name:<14}"));
            ui.radio_value(&mut side, None, "Stays home");
            for s in &sides {
                ui.radio_value(&mut side, Some(s.clone()), format!("joins {s}"));
            }
        });
        match side {
            Some(s) => menu.joining.insert(path, s),
            None => menu.joining.remove(&path),
        };
    }
    if others > 0 {
        ui.weak(format!("{others} more of other rulesets (choose their ruleset to take them along)"));
    }
}

/// The text size of every panel, the autosaves kept, the side colours and the camera, kept for the next run.
fn choose_text_size(ui: &mut egui::Ui, settings: &mut super::settings::Settings) {
    let before = *settings;
    ui.horizontal(|ui| {
        ui.label("Text size:");
        for size in super::settings::TEXT_SIZES {
            let on = (settings.text_size - size).abs() < 1e-3;
            if ui.radio(on, format!("{:.0} %", size * 100.0)).clicked() && !on {
                settings.text_size = size;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Autosaves kept per level:");
        let most = super::settings::MOST_AUTOSAVES;
        let kept = ui.add(egui::DragValue::new(&mut settings.autosaves_kept).range(1..=most));
        kept.on_hover_text("A new battle's first save removes the oldest autosaves of its level beyond these");
    });
    ui.horizontal(|ui| {
        ui.label("Side colours:");
        for palette in super::palette::Palette::ALL {
            ui.radio_value(&mut settings.palette, palette, palette.label());
        }
    })
    .response
    .on_hover_text("Each side has its own shape too (circle, square, diamond, hexagon), on its tokens and in the log");
    let motion = ui.checkbox(&mut settings.motion, "Motion: units walk, shots fly");
    motion.on_hover_text("Off: units glide straight to their cells and changes show at once");
    let follow = ui.checkbox(&mut settings.camera_follows, "Camera follows the acting unit");
    follow.on_hover_text("When the unit whose turn it is stands off screen, the view glides to it");
    ui.horizontal(|ui| {
        ui.label("Sound:");
        ui.add_enabled(!settings.muted, egui::Slider::new(&mut settings.volume, 0.0..=1.0).show_value(false));
        ui.checkbox(&mut settings.muted, "mute");
    });
    if *settings != before
        && let Err(e) = settings.save()
    {
        eprintln!("the settings are not kept for the next run: {e}");
    }
}

/// The battle the menu's choice asks for, if a level or a scenario is chosen.
fn chosen(menu: &Menu) -> Option<BattleRequest> {
    let scenario = menu.scenarios.chosen();
    let (path, level_sides) = match (scenario, menu.levels.get(menu.selected)) {
        (Some((path, _)), _) => (path, Vec::new()),
        (None, Some((path, level))) => (path.as_path(), level.file.sides.iter().map(|s| s.name.as_str()).collect()),
        (None, None) => return None,
    };
    let seed = menu.seed.trim().parse().ok();
    let humans = menu.controls.iter().filter(|(_, c)| **c == Control::Human).map(|(s, _)| s.clone()).collect();
    let sides = menu
        .controls
        .iter()
        .filter_map(|(s, c)| match c {
            Control::Ai(d) => Some((s.clone(), *d)),
            Control::Human | Control::Absent => None,
        })
        .collect();
    let absent: Vec<String> =
        menu.controls.iter().filter(|(_, c)| **c == Control::Absent).map(|(s, _)| s.clone()).collect();
    let ruleset = menu.ruleset;
    let names = menu.names.iter().filter(|(_, n)| !n.trim().is_empty()).map(|(s, n)| (s.clone(), n.clone())).collect();
    let (fog, strict, options) = (menu.fog, menu.strict, menu.rules.ron(ruleset));
    // Only a side a player commands rolls by hand.
    let by_hand = menu.by_hand.iter().filter(|s| menu.controls.get(*s) == Some(&Control::Human)).cloned().collect();
    // Characters of the chosen ruleset join the sides chosen for them, if the level has those sides (a scenario
    // has its own fighters: none join it).
    let characters = menu
        .characters
        .iter()
        .filter(|(_, c)| c.as_ref().is_ok_and(|c| c.sheet.ruleset() == ruleset))
        .filter_map(|(path, _)| menu.joining.get(path).map(|side| Guest::new(side, path)))
        .filter(|g| level_sides.contains(&g.side.as_str()) && !absent.contains(&g.side))
        .collect();
    let dice = seed.map_or(DiceChoice::Auto, DiceChoice::Seed);
    // A scenario names its own ruleset and options.
    let options = Some(options).filter(|o| !o.is_empty() && scenario.is_none());
    let ruleset = Some(ruleset).filter(|_| scenario.is_none());
    let request = BattleRequest::new(path, ruleset, Difficulty::Normal).with_dice(dice);
    Some(BattleRequest { humans, sides, names, fog, by_hand, strict, absent, options, characters, ..request })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb};

    #[test]
    fn the_menus_options_are_one_ron_value_the_ruleset_reads() {
        let all = RuleOptions {
            roll_is_mos: true,
            critical_beats_success: true,
            reaches_durability: true,
            convert_only: true,
            only_contact_ties: true,
            ..RuleOptions::default()
        };
        let read = crate::scenario::ron_options();
        let eclipse: ep::Options = read.from_str(&all.ron(RulesetId::EclipsePhase)).expect("Eclipse Phase options");
        assert_eq!(eclipse.opposed_criticals, ep::OpposedCriticals::CriticalBeatsSuccess);
        assert_eq!(eclipse.incapacitated_at, ep::IncapacitatedAt::ReachesDurability);
        let homebrew: hb::Options = read.from_str(&all.ron(RulesetId::HomebrewD6)).expect("homebrew options");
        assert_eq!(
            (homebrew.ties, homebrew.critical_resistance),
            (hb::Ties::OnlyContact, hb::CriticalResistance::ConvertOnly)
        );
        assert_eq!(RuleOptions::default().ron(RulesetId::EclipsePhase), "", "the defaults say nothing");
    }

    /// The menu on the shipped levels, the street chosen, the Crew a player's and the Gang the hard AI's.
    fn on_the_street() -> Menu {
        let (levels, _) = levels_in(Path::new("levels"), None);
        let selected = levels.iter().position(|(p, _)| p.ends_with("street.ron")).expect("the street");
        let controls =
            BTreeMap::from([("Crew".to_owned(), Control::Human), ("Gang".to_owned(), Control::Ai(Difficulty::Hard))]);
        Menu {
            levels,
            selected,
            ruleset: RulesetId::Shadowrun4,
            wanted: RulesetId::Shadowrun4,
            controls,
            names: BTreeMap::new(),
            fog: false,
            by_hand: BTreeSet::new(),
            strict: false,
            seed: "3".into(),
            rules: RuleOptions::default(),
            balance: None,
            saves: Vec::new(),
            review: None,
            problems: Vec::new(),
            miniature: None,
            palette: default(),
            user: None,
            folder: PathBuf::from("levels"),
            characters: Vec::new(),
            joining: BTreeMap::new(),
            scenarios: scenarios::Scenarios::default(),
        }
    }

    #[test]
    fn only_a_side_a_player_commands_rolls_its_own_dice_and_the_battle_and_its_save_say_which() {
        let menu = Menu { by_hand: BTreeSet::from(["Crew".to_owned(), "Gang".to_owned()]), ..on_the_street() };
        let request = chosen(&menu).expect("a choice");
        assert_eq!(request.by_hand, ["Crew"], "the AI's dice stay seeded");
        let started = crate::battle::start(&request, crate::battle::no_typing).expect("a battle");
        assert_eq!(
            (started.request.by_hand.as_slice(), started.request.dice),
            (&["Crew".to_owned()][..], DiceChoice::Seed(3))
        );
    }

    #[test]
    fn a_scenario_chosen_instead_of_the_level_plays_under_its_own_ruleset_and_the_players_choice_stays() {
        let mut menu = Menu { wanted: RulesetId::EclipsePhase, ruleset: RulesetId::EclipsePhase, ..on_the_street() };
        menu.scenarios.read(Path::new("scenarios"), None);
        menu.scenarios.choose_file("storyteller_tavern.ron");
        let (_, tavern) = menu.scenarios.chosen().expect("the tavern is listed");
        let first = tavern.sides()[0].to_owned();
        menu.controls = BTreeMap::from([(first.clone(), Control::Human)]);
        settle_ruleset(&mut menu);
        assert_eq!((menu.ruleset, menu.wanted), (RulesetId::Storyteller, RulesetId::EclipsePhase));
        assert!(menu.level().is_none(), "no level chosen beside it");
        let request = chosen(&menu).expect("a choice");
        assert!(request.file.ends_with("scenarios/storyteller_tavern.ron"), "{}", request.file.display());
        assert_eq!((request.ruleset, request.humans.clone()), (None, vec![first]));
        let started = crate::battle::start(&request, crate::battle::no_typing).expect("the tavern starts");
        assert_eq!(started.scenario.ruleset_id(), RulesetId::Storyteller);
        menu.scenarios.unchoose();
        settle_ruleset(&mut menu);
        assert_eq!(menu.ruleset, RulesetId::EclipsePhase, "back on the street, the player's choice again");
    }
}
