//! The panels around the map laid out: the bar on top (title, turn, whose slot, pace, the tools, undo or a replay's
//! controls), the win chance, the tracker on the left, the log on the right; and the room they leave the map.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::log::{log_below, show_log};
use super::tracker::{Row, show_tracker};
use crate::combat::typed::TypedRolls;
use crate::combat::{BattleLog, TurnState};
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::CombatantId;
use crate::ui::battle::camera::MapUnderPanels;
use crate::ui::battle::fog::Fog;
use crate::ui::battle::orders::Orders;
use crate::ui::battle::pacing::Pace;
use crate::ui::battle::preview::Preview;
use crate::ui::battle::replay::ReplayControls;
use crate::ui::battle::tools::ToolButtons;
use crate::ui::battle::undo::UndoButtons;
use crate::ui::battle::win_bar::{WinEstimate, show_win_bar};
use crate::ui::palette::{Shape, readable};
use crate::ui::settings::Settings;
use crate::ui::{Acting, BACKGROUND, BattleTitle, MapArea, MapView, PlayerNames, RoundWord, Selected, SideOrder};

/// The room the side and top panels leave, in egui's points (the battle-over panel takes its foot).
#[derive(Resource)]
pub(in crate::ui) struct PanelsLeave(pub(in crate::ui) egui::Rect);

impl Default for PanelsLeave {
    fn default() -> Self {
        PanelsLeave(MapArea::default().points(1.0))
    }
}

/// What the panels call things: the battle's title, the ruleset's word for a part of a turn, who is seen under fog,
/// the players' names.
#[derive(SystemParam)]
pub(super) struct Labels<'w> {
    title: Res<'w, BattleTitle>,
    word: Res<'w, RoundWord>,
    fog: Res<'w, Fog>,
    names: Res<'w, PlayerNames>,
    map: Res<'w, MapView>,
}

/// The log as this window tells it: rolls behind the GM's screen veiled (`rules/tools/screen.rs`) when sides are
/// rolled so and no GM sits at this screen (the players' screen at the table never has one); worked out as the log
/// grows, not every frame.
#[derive(SystemParam)]
pub(super) struct Veiling<'w, 's> {
    next: Option<Res<'w, crate::ui::screens::NextBattle>>,
    engine: Option<Res<'w, crate::combat::Engine>>,
    humans: Option<Res<'w, crate::combat::HumanSides>>,
    veiled: Local<'s, (Log, Vec<bool>)>,
    open: Res<'w, super::log::LogOpen>,
}

impl Veiling<'_, '_> {
    /// `log`, or its veiled copy (`table`: this is the players' screen at the table).
    fn log<'a>(&'a mut self, log: &'a Log, table: bool) -> &'a Log {
        let (Some(next), Some(engine)) = (&self.next, &self.engine) else { return log };
        let request = &next.0;
        // The players' screen at the table is veiled though a GM runs the battle: the GM sits at the other window.
        if (request.gm && !table) || request.behind_screen.is_empty() {
            return log;
        }
        let own = self.humans.as_ref().map_or(&[][..], |h| &h.0[..]);
        let behind = crate::rules::tools::screen::behind(&engine.0, &request.behind_screen, own);
        let (veiled, was) = &mut *self.veiled;
        // A battle rebuilt (undo, a reinforcement) or another battle: told anew from its start.
        if *was != behind || veiled.events.len() > log.events.len() || veiled.names != log.names {
            (*veiled, *was) = (Log { events: Vec::new(), names: log.names.clone() }, behind.clone());
        }
        let from = veiled.events.len();
        veiled.events.extend(crate::rules::tools::screen::veil_all(&log.events[from..], &behind));
        veiled
    }
}

/// What the win chance bar draws: the estimate, and the sides in their order (their colours).
#[derive(SystemParam)]
pub(super) struct WinBarView<'w> {
    estimate: Res<'w, WinEstimate>,
    order: Res<'w, SideOrder>,
    told: Res<'w, crate::ui::battle::told::Told>,
}

/// The panels around the map: the bar on top, the tracker and sheet on the left, the log on the right.
/// Whose players are asked how their units defend, and which sides are players' (the sheet's toggle).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Asking<'w> {
    policy: Option<ResMut<'w, crate::combat::DefensePolicy>>,
    humans: Option<Res<'w, crate::combat::HumanSides>>,
}

pub(super) fn show_panels(
    mut contexts: EguiContexts,
    said: Labels,
    state: Res<TurnState>,
    pace: Res<Pace>,
    units: Query<Row>,
    acting: Res<Acting>,
    mut selected: ResMut<Selected>,
    (log, typed): (Res<BattleLog>, Res<TypedRolls>),
    preview: Res<Preview>,
    mut orders: ResMut<Orders>,
    mut whole_log: Local<bool>,
    mut undo: UndoButtons,
    mut replay: ReplayControls,
    mut tools: ToolButtons,
    (mut leave, win, settings): (ResMut<PanelsLeave>, WinBarView, Res<Settings>),
    (under, mut veiling, mut asking): (Res<MapUnderPanels>, Veiling, Asking),
) -> Result {
    let Labels { title, word, fog, names, map } = said;
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    let mut root = egui::Ui::new(ctx.clone(), "viewport".into(), builder);
    fill_panels(&mut root, *under);
    // Whose turn it is, when a player's unit waits.
    let player = state.awaiting().and_then(|(e, _)| units.get(e).ok()).map(|r| names.of(&r.2.0));
    show_top_bar(&mut root, (&title, &word, acting.1), (&state, player), &pace, (&mut undo, &mut replay, &mut tools));
    let sides = win.order.0.iter().enumerate();
    let named = |i: usize, s: &String| format!("{} {}", Shape::of_side(i).mark(), names.of(s));
    let colors: Vec<_> = sides.map(|(i, s)| (s.clone(), named(i, s), readable(settings.palette.side(i)))).collect();
    show_win_bar(&mut root, &win.estimate, &colors, win.told.0);
    let told = win.told.0;
    let asking = asking.policy.as_deref_mut().zip(asking.humans.as_deref());
    let seen = (&*acting, &mut *selected, &*fog);
    show_tracker(&mut root, &units, seen, (&preview, told), (&state, &mut orders, &log.0.names), asking);
    let hidden: Vec<CombatantId> = units.iter().filter(|r| !fog.sees(r.0)).map(|r| r.8.0).collect();
    let looks = units.iter().filter_map(|r| Some((r.8.0, (readable(r.9?.color), r.9?.shape)))).collect();
    let below = log_below(&map, root.available_rect_before_wrap().size());
    let open = *veiling.open;
    let told = veiling.log(&log.0, replay.at_the_table());
    show_log(&mut root, (told, &typed), (&hidden, fog.on), (&looks, &mut whole_log, open), below);
    leave.0 = root.available_rect_before_wrap();
    Ok(())
}

fn show_top_bar(
    root: &mut egui::Ui,
    (title, word, phase): (&BattleTitle, &RoundWord, u32),
    (state, player): (&TurnState, Option<String>),
    pace: &Pace,
    (undo, replay, tools): (&mut UndoButtons, &mut ReplayControls, &mut ToolButtons),
) {
    egui::Panel::top("top").show(root, |ui| {
        ui.horizontal(|ui| {
            ui.strong(&title.0);
            ui.separator();
            ui.label(match phase {
                0 => format!("Turn {}", state.turn),
                phase => format!("Turn {} · {} {phase}", state.turn, word.0),
            });
            ui.separator();
            let speed = format!("{:.2} s a slot", pace.timer.duration().as_secs_f32());
            if let Some(player) = player {
                ui.strong(format!("{player} to play"));
                ui.separator();
            }
            // A replay and the table's screen play no slot of their own: no pace to tell.
            if state.ended() || !replay.on() {
                ui.label(match (state.ended(), pace.paused) {
                    (true, _) => "battle over".to_owned(),
                    (false, true) => "paused".into(),
                    (false, false) => speed,
                });
                ui.separator();
            }
            tools.show(ui);
            ui.separator();
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // A replay's controls take the hint's room (its battle plays no slot of its own).
                if replay.on() {
                    replay.show(ui);
                    return;
                }
                undo.show(ui);
                // The keys' hint gives way first when the bar is short of room (a large text size).
                let hint = "Space pause · N step · [ ] pace · arrows/WASD pan · wheel or +/− zoom · F1 every key";
                ui.add(egui::Label::new(egui::RichText::new(hint).weak()).truncate());
            });
        });
    });
}

/// The panels' fill, the window's background colour: painted only where the map reaches under them; otherwise the
/// background shows through them as it is (the same colour, without painting every pixel again).
pub(in crate::ui) fn fill_panels(root: &mut egui::Ui, under: MapUnderPanels) {
    let [r, g, b] = BACKGROUND;
    let fill = if under.0 { egui::Color32::from_rgb(r, g, b) } else { egui::Color32::TRANSPARENT };
    root.style_mut().visuals.panel_fill = fill;
}
