//! The menu screen laid out: the title bar, the three columns (saved battles, the level, the battle's settings) and
//! the buttons under them, and what a click asks for (a battle, another screen, hosting, a review).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::host::{host_online, host_player};
use super::level::{choose_level, miniature, show_miniature};
use super::preferences::choose_text_size;
use super::request::chosen;
use super::ruleset::{choose_ruleset, settle_ruleset};
use super::saves::choose_save;
use super::sides::{choose_characters, choose_sides};
use super::state::Menu;
use crate::battle::BattleRequest;
use crate::ui::PlayOptions;
use crate::ui::editors::level_editor::OpenLevel;
use crate::ui::lab::batch::Batch;
use crate::ui::review::{ReviewBattle, ToReview};
use crate::ui::screens::{NextBattle, QuitGame, Screen, Watching};
use crate::ui::settings::Settings;

/// The menu screen: the title bar (the editors, *Join online…*), then three columns: the saved battles, the level
/// and its map, the battle's settings; and what a click in them asks for done.
pub(super) fn show_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<Menu>,
    session: Res<PlayOptions>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<QuitGame>,
    mut settings: ResMut<Settings>,
    mut images: ResMut<Assets<Image>>,
    (mut batch, mut review): (ResMut<Batch>, MessageWriter<ReviewBattle>),
) -> Result {
    settle_ruleset(&mut menu);
    menu.palette = settings.palette;
    // A weak handle: the menu keeps the picture, and a picture of another level frees it.
    let map = miniature(&mut menu, &mut images).map(|h| contexts.add_image(EguiTextureHandle::Weak(h.id())));
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
            exit.write(QuitGame);
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
            review.write(ReviewBattle { battle: ToReview::File(path), open: true });
        }
        Some(Chosen::Edit(path)) => {
            commands.insert_resource(OpenLevel(Some(path)));
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
fn battle_column(ui: &mut egui::Ui, menu: &mut Menu, (settings, batch): (&mut Settings, &mut Batch)) -> Option<Chosen> {
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
            Ok(scenario) => batch.open_on(scenario, request.minds(), menu.level().map(|(_, l)| l.clone())),
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
