//! The egui panels: the combat log (newest at the bottom; each action one line that opens into its explained
//! outcome, criticals, glitches and wounds in colour), the initiative tracker, the acting unit's sheet, the battle's
//! state and keys, and the battle-end summary.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::dice::TypedRolls;
use super::orders::Orders;
use super::pacing::Pace;
use super::preview::Preview;
use super::replay::ReplayControls;
use super::tools::ToolButtons;
use super::undo::UndoButtons;
use super::units::{Token, readable};
use crate::combat::components::{Armor, Combatant, Initiative, Loadout, Side, StatusList, Tracks, Wounds};
use crate::combat::messages::TurnStarted;
use crate::combat::tally::BattleTally;
use crate::combat::{BattleLog, TurnState};
use crate::rules::fog::Unseen;
use crate::rules::outcome::{Event, Log, Roll, Status};
use crate::rules::ruleset::CombatantId;
use crate::ui::{Acting, Selected};
use crate::ui::{BattleTitle, RoundWord};

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, fresh};
    app.init_resource::<Acting>()
        .init_resource::<RoundWord>()
        .init_resource::<Selected>()
        .add_systems(OnEnter(crate::ui::screens::OnBoard), (fresh::<Acting>, fresh::<Selected>))
        .add_systems(
            Update,
            (follow_actor, select_unit.after(super::preview::track_pointer)).in_set(BattleScreenSystems),
        )
        .init_resource::<PanelsLeave>()
        .add_systems(
            EguiPrimaryContextPass,
            (show_panels, show_end).chain().in_set(BattleScreenSystems).in_set(PanelSystems),
        );
}

/// The panels are laid out (the labels over the map come after them, in the room they leave).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PanelSystems;

/// The room the side and top panels leave, in egui's points (the battle-over panel takes its foot).
#[derive(Resource)]
struct PanelsLeave(egui::Rect);

impl Default for PanelsLeave {
    fn default() -> Self {
        PanelsLeave(crate::ui::MapArea::default().points(1.0))
    }
}

fn select_unit(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<super::preview::Hover>,
    state: Res<TurnState>,
    units: Query<(Entity, &crate::combat::components::GridPos), With<Side>>,
    handover: Res<crate::ui::Handover>,
    fog: Res<super::fog::Fog>,
    mut selected: ResMut<Selected>,
) {
    // While a player gives orders, clicks are orders.
    if state.awaiting().is_some() || !mouse.just_pressed(MouseButton::Left) || handover.covered() {
        return;
    }
    let Some(cell) = hover.0 else { return };
    selected.0 = units.iter().find(|(e, p)| (p.0, p.1) == cell && fog.sees(*e)).map(|(e, _)| e);
}

fn follow_actor(mut started: MessageReader<TurnStarted>, mut acting: ResMut<Acting>) {
    if let Some(m) = started.read().last() {
        *acting = Acting(Some(m.entity), m.slot.phase);
    }
}

/// What the panels call things: the battle's title, the ruleset's word for a part of a turn, who is seen under fog,
/// the players' names.
#[derive(bevy::ecs::system::SystemParam)]
struct Labels<'w> {
    title: Res<'w, BattleTitle>,
    word: Res<'w, RoundWord>,
    fog: Res<'w, super::fog::Fog>,
    names: Res<'w, crate::ui::PlayerNames>,
    map: Res<'w, crate::ui::MapView>,
}

/// What the win chance bar draws: the estimate, and the sides in their order (their colours).
#[derive(bevy::ecs::system::SystemParam)]
struct WinBarView<'w> {
    estimate: Res<'w, super::win_bar::WinEstimate>,
    order: Res<'w, crate::ui::SideOrder>,
}

/// The panels around the map: the bar on top, the tracker and sheet on the left, the log on the right.
fn show_panels(
    mut contexts: EguiContexts,
    said: Labels,
    state: Res<TurnState>,
    pace: Res<Pace>,
    units: Query<Row>,
    acting: Res<Acting>,
    selected: Res<Selected>,
    (log, typed): (Res<BattleLog>, Res<TypedRolls>),
    preview: Res<Preview>,
    mut orders: ResMut<Orders>,
    mut whole_log: Local<bool>,
    mut undo: UndoButtons,
    mut replay: ReplayControls,
    mut tools: ToolButtons,
    (mut leave, win, settings): (ResMut<PanelsLeave>, WinBarView, Res<crate::ui::settings::Settings>),
    under: Res<super::camera::MapUnderPanels>,
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
    let named = |i: usize, s: &String| format!("{} {}", crate::ui::palette::Shape::of_side(i).mark(), names.of(s));
    let colors: Vec<_> = sides.map(|(i, s)| (s.clone(), named(i, s), readable(settings.palette.side(i)))).collect();
    super::win_bar::show_win_bar(&mut root, &win.estimate, &colors);
    show_tracker(&mut root, &units, (&acting, &selected, &fog), &preview, (&state, &mut orders));
    let hidden: Vec<CombatantId> = units.iter().filter(|r| !fog.sees(r.0)).map(|r| r.8.0).collect();
    let looks = units.iter().filter_map(|r| Some((r.8.0, (readable(r.9?.color), r.9?.shape)))).collect();
    let below = log_below(&map, root.available_rect_before_wrap().size());
    show_log(&mut root, (&log.0, &typed), (&hidden, fog.on), (&looks, &mut whole_log), below);
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
            ui.label(if state.ended() {
                "battle over".to_owned()
            } else if pace.paused {
                "paused".into()
            } else {
                speed
            });
            ui.separator();
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

type Row<'a> = (
    Entity,
    &'a Name,
    &'a Side,
    &'a Initiative,
    &'a StatusList,
    &'a Tracks,
    &'a Loadout,
    &'a Armor,
    &'a Combatant,
    Option<&'a Token>,
    &'a Wounds,
);

/// A row's side colour for text.
fn row_color(row: &Row) -> egui::Color32 {
    row.9.map_or(egui::Color32::GRAY, |t| readable(t.color))
}

fn show_tracker(
    root: &mut egui::Ui,
    units: &Query<Row>,
    (acting, selected, fog): (&Acting, &Selected, &super::fog::Fog),
    preview: &Preview,
    (state, orders): (&TurnState, &mut Orders),
) {
    let mut rows: Vec<Row> = units.iter().filter(|r| fog.sees(r.0)).collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.3.score.unwrap_or(i32::MIN)));
    egui::Panel::left("tracker").exact_size(250.0).show(root, |ui| {
        ui.heading("Initiative");
        egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
            for row in &rows {
                let (entity, name, _, init, statuses, ..) = row;
                let score = init.score.map_or("-".to_owned(), |s| s.to_string());
                let out = statuses.0.contains(&Status::Escaped) || statuses.is_down();
                let held = if state.delayed.iter().any(|(e, _)| e == entity) { "  · delayed" } else { "" };
                let mark = row.9.map_or("", |t| t.shape.mark());
                let text = egui::RichText::new(format!("{score:>4}  {mark} {name}{held}")).color(row_color(row));
                let text = match Some(*entity) == acting.0 {
                    true => text.strong().background_color(egui::Color32::from_white_alpha(28)),
                    false => text,
                };
                ui.label(if out { text.strikethrough().weak() } else { text });
            }
        });
        ui.separator();
        let shown = selected.0.filter(|_| state.awaiting().is_none()).or(acting.0);
        if let Some(row) = rows.iter().find(|r| Some(r.0) == shown) {
            show_sheet(ui, row, state.delayed.iter().any(|(e, _)| *e == row.0));
        }
        ui.separator();
        if state.awaiting().is_some() {
            show_orders(ui, orders, !state.from_delay);
            ui.separator();
        }
        show_preview(ui, preview);
    });
}

/// The player's orders for the waiting unit, and the buttons that give them.
fn show_orders(ui: &mut egui::Ui, orders: &mut Orders, may_delay: bool) {
    ui.strong("Your orders");
    ui.label(match &orders.movement {
        Some(m) => format!("Move: {} to {:?} (click the unit to take it back)", m.pace, m.to),
        None => "Move: click a cell in reach".into(),
    });
    ui.label(match (orders.target, orders.at) {
        (Some(cell), _) => format!("Attack: the enemy at {cell:?} (click again to take it back)"),
        (None, Some(cell)) => format!("Attack: a blast at {cell:?} (click again to take it back)"),
        (None, None) => "Attack: click an enemy".into(),
    });
    let mut way = orders.attack;
    if !orders.attacks.is_empty() {
        ui.weak("How (Tab for the next):");
    }
    for (i, name) in orders.attacks.iter().enumerate() {
        if ui.radio(way.unwrap_or(0) == i, plain(name.clone())).clicked() {
            way = Some(i);
        }
    }
    orders.attack = way;
    ui.horizontal_wrapped(|ui| {
        orders.give |= ui.button("Give orders (Enter)").clicked();
        orders.wait |= ui.button("End slot (E)").clicked();
        if may_delay {
            orders.delay |=
                ui.button("Delay (L)").on_hover_text("Act after everyone else in this phase or pass").clicked();
        }
        if ui.button("Clear (Esc)").clicked() {
            let (others, attacks) = (std::mem::take(&mut orders.others), std::mem::take(&mut orders.attacks));
            *orders = Orders { others, attacks, ..Orders::default() };
        }
    });
    ui.label("Or instead:");
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for (i, name) in orders.others.iter().enumerate() {
            if ui.button(format!("{} {name}", i + 1)).clicked() {
                chosen = Some(i);
            }
        }
    });
    orders.other = orders.other.or(chosen);
    if !orders.refused.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(255, 120, 100), plain(orders.refused.clone()));
    }
}

/// What the pointer asks: the route's cost, or over an enemy the sight and the odds of a plain attack.
fn show_preview(ui: &mut egui::Ui, preview: &Preview) {
    if !preview.route_note.is_empty() {
        ui.label(format!("To the pointer: {}", preview.route_note));
    }
    if !preview.sight_note.is_empty() {
        ui.label(plain(preview.sight_note.clone()));
    }
    if let Some(odds) = &preview.odds {
        show_odds(ui, odds);
    }
}

/// An attack's exact odds: what they are of, each chance the rules give it, each distribution's mean.
pub(in crate::ui) fn show_odds(ui: &mut egui::Ui, odds: &crate::rules::odds::Odds) {
    ui.strong(plain(odds.title.clone()));
    for (name, p) in odds.chances.iter().filter(|(_, p)| *p > 0.0) {
        ui.label(format!("{name}: {:.1}%", p * 100.0));
    }
    for (name, d) in &odds.dists {
        ui.label(format!("{name}: mean {:.1}", d.mean()));
    }
}

fn show_sheet(ui: &mut egui::Ui, row: &Row, delayed: bool) {
    let (_, name, side, init, statuses, tracks, loadout, armor, _, token, wounds) = row;
    ui.heading(egui::RichText::new(name.as_str()).color(row_color(row)));
    let role = token.map_or("", |t| t.role.label());
    ui.label(format!("Side: {} · {role}", side.0));
    let rounds = loadout.rounds.map_or(String::new(), |r| format!(" ({r} rounds)"));
    ui.label(format!("Weapon: {}{rounds}", loadout.name));
    ui.label(format!("Armor: {}", if armor.0.is_empty() { "none".to_owned() } else { armor.0.join(", ") }));
    if let Some(score) = init.score {
        ui.label(format!("Initiative: {score}"));
    }
    for t in &tracks.0 {
        match t.capacity {
            0 => ui.label(format!("{}: {}", t.name, t.taken)),
            c => {
                ui.add(egui::ProgressBar::new(t.taken as f32 / c as f32).text(format!("{} {} of {c}", t.name, t.taken)))
            }
        };
    }
    let list = super::units::states_of(statuses, loadout, (wounds.0.aiming(), delayed));
    ui.label(format!("Status: {}", if list.is_empty() { "ready".to_owned() } else { list.join(", ") }));
}

/// A log entry: the line that opens it and the lines inside, each with its place in the log.
struct Entry<'a> {
    head: &'a Event,
    details: Vec<(usize, &'a Event)>,
}

/// Events grouped by action: everything after an action (or a turn's start) until the next belongs to it.
fn entries(events: &[Event]) -> Vec<Entry<'_>> {
    let mut out: Vec<Entry> = Vec::new();
    for (at, e) in events.iter().enumerate() {
        let opens = matches!(
            e,
            Event::ActionTaken { .. }
                | Event::TurnStarted { .. }
                | Event::BattleEnded { .. }
                | Event::BattleStarted { .. }
                | Event::Moved { .. }
                | Event::PhaseStarted { .. }
                | Event::PassStarted { .. }
        );
        match out.last_mut() {
            Some(entry) if !opens => entry.details.push((at, e)),
            _ => out.push(Entry { head: e, details: Vec::new() }),
        }
    }
    out
}

/// The log under fog of war: nothing that names a combatant the viewer does not see. An action of one, or at one
/// (its head line names its target), goes whole, as does a turn order naming them all; of the rest (a turn's
/// initiative rolls, a blast's bystanders) only the lines naming them.
fn unseen_left_out<'a>(entries: Vec<Entry<'a>>, hidden: &[CombatantId], log: &Log) -> Vec<Entry<'a>> {
    let unseen = Unseen { ids: hidden.to_vec(), names: hidden.iter().map(|w| log.name(*w)).collect() };
    entries
        .into_iter()
        .filter(|e| !matches!(e.head, Event::PhaseStarted { .. }) && !unseen.named_in(e.head))
        .filter(|e| !e.details.iter().any(|(_, d)| unseen.attacked_in(d)))
        .map(|mut e| {
            e.details.retain(|(_, d)| !unseen.named_in(d));
            e
        })
        .collect()
}

/// Who an entry's opening event is about.
fn actor(e: &Event) -> Option<CombatantId> {
    match e {
        Event::ActionTaken { who, .. } | Event::Moved { who, .. } => Some(*who),
        _ => None,
    }
}

/// How an event stands out: criticals and glitches red, wounds and damage orange, statuses yellow.
fn color(e: &Event) -> Option<egui::Color32> {
    match e {
        Event::Tested(t) => match &t.roll {
            Roll::Percentile { critical: true, .. }
            | Roll::Pool { glitch: true, .. }
            | Roll::D10Pool { botch: true, .. } => Some(egui::Color32::from_rgb(255, 110, 100)),
            _ => None,
        },
        Event::DamageTaken { .. } | Event::WoundsTaken { .. } => Some(egui::Color32::from_rgb(255, 170, 80)),
        Event::StatusGained { .. } => Some(egui::Color32::from_rgb(250, 220, 90)),
        Event::AttackResolved { hit: true, .. } => Some(egui::Color32::from_rgb(255, 140, 120)),
        _ => None,
    }
}

/// A roll that stands out, in a word: Eclipse Phase's critical, Shadowrun's glitch, the Storyteller's botch.
fn flag(e: &Event) -> Option<&'static str> {
    let Event::Tested(t) = e else { return None };
    match &t.roll {
        Roll::Percentile { critical: true, .. } => Some("critical"),
        Roll::Pool { glitch: true, .. } => Some("glitch"),
        Roll::D10Pool { botch: true, .. } => Some("botch"),
        _ => None,
    }
}

/// The log's text in the glyphs egui's default fonts have.
fn plain(text: String) -> String {
    text.replace('→', "->").replace(['−', '–', '—'], "-").replace('÷', "/").replace('×', "x")
}

fn line(ui: &mut egui::Ui, log: &Log, e: &Event) {
    let text = egui::RichText::new(plain(log.show(e).to_string()));
    ui.label(match color(e) {
        Some(c) => text.color(c),
        None => text,
    });
}

/// A line whose faces a player typed in, marked so.
fn typed_line(ui: &mut egui::Ui, log: &Log, e: &Event) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("[typed in]").color(egui::Color32::from_rgb(130, 200, 255)))
            .on_hover_text("A player rolled these dice by hand and typed the faces in");
        line(ui, log, e);
    });
}

/// The panels' fill, the window's background colour: painted only where the map reaches under them; otherwise the
/// background shows through them as it is (the same colour, without painting every pixel again).
pub(in crate::ui) fn fill_panels(root: &mut egui::Ui, under: super::camera::MapUnderPanels) {
    let [r, g, b] = crate::ui::BACKGROUND;
    let fill = if under.0 { egui::Color32::from_rgb(r, g, b) } else { egui::Color32::TRANSPARENT };
    root.style_mut().visuals.panel_fill = fill;
}

/// The log's width on the right, or its height below the map.
const LOG_WIDTH: f32 = 380.0;
const LOG_HEIGHT: f32 = 240.0;

/// Whether the log goes below the map rather than beside it: where that leaves the map larger cells (a wide map
/// in a wide window), in the `room` the top bar and the tracker leave.
pub(in crate::ui) fn log_below(map: &crate::ui::MapView, room: egui::Vec2) -> bool {
    let (w, h) = (map.0.grid().width as f32 + 1.0, map.0.grid().height as f32 + 1.0);
    let cell = |x: f32, y: f32| (x / w).min(y / h);
    cell(room.x, room.y - LOG_HEIGHT) > cell(room.x - LOG_WIDTH, room.y)
}

/// How each combatant's side looks in the log: its colour (lightened for the dark panel) and its shape.
pub type SideLooks = std::collections::HashMap<CombatantId, (egui::Color32, crate::ui::palette::Shape)>;

/// An entry's opening line: the side's shape, then what the actor did in its side's colour, then the outcome (a
/// hit bright, a miss dim), a critical or glitch in red, dice typed in marked so.
fn head_line(
    ui: &egui::Ui,
    (log, entry): (&Log, &Entry),
    look: Option<(egui::Color32, crate::ui::palette::Shape)>,
    typed_in: bool,
) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let mut job = egui::text::LayoutJob::default();
    job.wrap.max_width = ui.available_width() - ui.spacing().indent - 8.0;
    // The shape first: colour is never the only cue to whose the line is.
    if let Some((color, shape)) = look {
        job.append(&format!("{} ", shape.mark()), 0.0, egui::TextFormat::simple(font.clone(), color));
    }
    let mut add = |text: String, color: egui::Color32| {
        job.append(&plain(text), 0.0, egui::TextFormat::simple(font.clone(), color));
    };
    add(log.show(entry.head).to_string(), look.map_or(ui.visuals().text_color(), |l| l.0));
    let hit = entry.details.iter().find_map(|(_, e)| match e {
        Event::AttackResolved { hit, graze, .. } => Some((*hit, *graze)),
        _ => None,
    });
    match hit {
        Some((true, _)) => add(": hit".into(), egui::Color32::WHITE),
        Some((false, true)) => add(": graze".into(), egui::Color32::LIGHT_GRAY),
        Some((false, false)) => add(": miss".into(), egui::Color32::GRAY),
        None => {}
    }
    // A turn's start rolls everyone's initiative: only an action's own roll is flagged.
    if let Some(word) = actor(entry.head).and_then(|_| entry.details.iter().find_map(|(_, e)| flag(e))) {
        add(format!(" · {word}"), egui::Color32::from_rgb(255, 110, 100));
    }
    if typed_in {
        add(" [dice typed in]".into(), egui::Color32::from_rgb(130, 200, 255));
    }
    job
}

/// Entries laid out each frame: the newest; older ones on request (a long battle's whole log costs frames).
const RECENT: usize = 120;

pub(in crate::ui) fn show_log(
    root: &mut egui::Ui,
    (log, typed): (&Log, &TypedRolls),
    (hidden, fog): (&[CombatantId], bool),
    (looks, all): (&SideLooks, &mut bool),
    below: bool,
) {
    let panel = match below {
        true => egui::Panel::bottom("log").exact_size(LOG_HEIGHT),
        false => egui::Panel::right("log").exact_size(LOG_WIDTH),
    };
    panel.show(root, |ui| {
        ui.heading("Combat log");
        let mut entries = entries(&log.events);
        if fog {
            entries = unseen_left_out(entries, hidden, log);
        }
        let skip = if *all { 0 } else { entries.len().saturating_sub(RECENT) };
        if skip > 0 && ui.button(format!("Show the {skip} earlier entries")).clicked() {
            *all = true;
        }
        egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
            for (i, entry) in entries.iter().enumerate().skip(skip) {
                if entry.details.is_empty() {
                    line(ui, log, entry.head);
                    continue;
                }
                let typed_in = entry.details.iter().any(|(at, _)| typed.typed(*at));
                let look = actor(entry.head).and_then(|w| looks.get(&w).copied());
                let job = head_line(ui, (log, entry), look, typed_in);
                // Laid out here, wrapped to the panel: a collapsing header would run a long line past its edge.
                let title = ui.painter().layout_job(job);
                egui::CollapsingHeader::new(title).id_salt(i).show(ui, |ui| {
                    for &(at, e) in &entry.details {
                        match typed.typed(at) {
                            true => typed_line(ui, log, e),
                            false => line(ui, log, e),
                        }
                    }
                });
            }
        });
    });
}

fn show_end(
    mut contexts: EguiContexts,
    log: Res<BattleLog>,
    units: Query<(&Side, &StatusList, Option<&Token>)>,
    tally: Option<Res<BattleTally>>,
    names: Res<crate::ui::PlayerNames>,
    mut after: AfterBattle,
    (leave, under): (Res<PanelsLeave>, Res<super::camera::MapUnderPanels>),
    mut area: ResMut<crate::ui::MapArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(leave.0);
    let mut root = egui::Ui::new(ctx.clone(), "map area".into(), builder);
    // The battle-over panel in the others' colour (and see-through like them where the map is not under it).
    fill_panels(&mut root, *under);
    if let Some(Event::BattleEnded { reason, winner }) = log.0.events.last() {
        // At the foot of the map, which the camera fits above it: the final positions stay in view.
        egui::Panel::bottom("battle over").show(&mut root, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let title = winner.as_ref().map_or("No winner".to_owned(), |w| format!("{} wins", names.of(w)));
                let color = winner.as_ref().and_then(|w| units.iter().find(|u| u.0.0 == *w)).and_then(|u| u.2);
                ui.heading(egui::RichText::new(title).color(color.map_or(egui::Color32::WHITE, |t| readable(t.color))));
                ui.label(reason);
            });
            end_table(ui, &units, tally.as_deref(), &names);
            ui.weak("Expected: the exact odds of each attack, as the pointer shows them, summed.");
            after.offer(ui);
            ui.add_space(2.0);
        });
    }
    area.set_if_neq(crate::ui::MapArea::of_points(root.available_rect_before_wrap(), ctx.zoom_factor()));
    Ok(())
}

/// Each side's count of units out, damage dealt, hits against the odds.
fn end_table(
    ui: &mut egui::Ui,
    units: &Query<(&Side, &StatusList, Option<&Token>)>,
    tally: Option<&BattleTally>,
    names: &crate::ui::PlayerNames,
) {
    let mut sides: Vec<(String, usize, usize, (egui::Color32, &str))> = Vec::new();
    for (side, statuses, token) in units {
        let out = statuses.is_down();
        match sides.iter_mut().find(|(s, ..)| *s == side.0) {
            Some(row) => (row.1, row.2) = (row.1 + 1, row.2 + usize::from(out)),
            None => {
                let look = token.map_or((egui::Color32::WHITE, ""), |t| (readable(t.color), t.shape.mark()));
                sides.push((side.0.clone(), 1, usize::from(out), look));
            }
        }
    }
    egui::Grid::new("sides").striped(true).show(ui, |ui| {
        for head in ["side", "out of the fight", "damage dealt", "hits", "expected", "luck"] {
            ui.strong(head);
        }
        ui.end_row();
        for (side, count, out, (color, mark)) in &sides {
            let row = tally.and_then(|t| t.sides.get(side)).cloned().unwrap_or_default();
            ui.label(egui::RichText::new(format!("{mark} {}", names.of(side))).color(*color));
            ui.label(format!("{out} of {count}"));
            ui.label(row.damage_dealt.to_string());
            ui.label(format!("{} of {} attacks", row.hits, row.attacks));
            ui.label(format!("{:.1}", row.expected_hits));
            ui.label(luck(row.luck()));
            ui.end_row();
        }
    });
}

/// What the battle-over screen offers: the same battle again (same dice), a new one on the same level, the menu,
/// or quitting.
#[derive(bevy::ecs::system::SystemParam)]
struct AfterBattle<'w> {
    screen: Res<'w, State<crate::ui::screens::Screen>>,
    next_screen: ResMut<'w, NextState<crate::ui::screens::Screen>>,
    next_battle: Option<ResMut<'w, crate::ui::screens::NextBattle>>,
    autosave: Option<Res<'w, crate::ui::screens::Autosave>>,
    watch: MessageWriter<'w, super::replay::WatchBattle>,
    exit: MessageWriter<'w, crate::ui::screens::QuitGame>,
    reviews: ResMut<'w, crate::ui::review::Reviews>,
}

impl AfterBattle<'_> {
    fn offer(&mut self, ui: &mut egui::Ui) {
        use crate::ui::screens::Screen;
        if *self.screen.get() != Screen::Over {
            return;
        }
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Play again").on_hover_text("The same battle: same sides, same dice").clicked() {
                self.next_screen.set(Screen::Loading);
            }
            if let Some(next) = self.next_battle.as_mut()
                && ui.button("New seed").on_hover_text("The same level and sides, new dice").clicked()
            {
                next.0 = next.0.clone().with_dice(crate::battle::DiceChoice::Seed(rand::random()));
                self.next_screen.set(Screen::Loading);
            }
            if let Some(autosave) = &self.autosave
                && ui.button("Watch the replay").on_hover_text("Step through this battle from its start").clicked()
            {
                self.watch.write(super::replay::WatchBattle(autosave.path.clone()));
            }
            let review = "Each decision with the win chance before it, after the choice and after the dice";
            if ui.button("Review").on_hover_text(review).clicked() {
                self.reviews.open = true;
            }
            if ui.button("Back to the menu").clicked() {
                self.next_screen.set(Screen::Menu);
            }
            if ui.button("Quit").clicked() {
                self.exit.write(crate::ui::screens::QuitGame);
            }
        });
        self.name_swings(ui);
    }

    /// The three biggest swings of choice and of luck, once the review worked out when the battle ended is done.
    fn name_swings(&self, ui: &mut egui::Ui) {
        let Some((choice, luck)) = self.reviews.swings() else {
            if self.reviews.working() {
                ui.weak("Reviewing the decisions: which ones mattered, by choice and by luck…");
            }
            return;
        };
        for (title, top, is_choice) in [("Choice", choice, true), ("Luck", luck, false)] {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("{title}:"));
                if top.is_empty() {
                    ui.weak("no decision moved the win chance");
                }
                for d in top {
                    let swing = if is_choice { d.choice() } else { d.luck() };
                    let said =
                        format!("{} for {}, #{} {}", crate::lab::review::points(swing), d.side, d.number, d.actor);
                    let more = if is_choice { d.against_the_ai() } else { d.the_dice() };
                    ui.label(said).on_hover_text(more);
                    ui.separator();
                }
            });
        }
    }
}

/// Hits above or below the odds, in words.
fn luck(delta: f64) -> String {
    match delta {
        d if d >= 0.5 => format!("lucky, +{d:.1} hits"),
        d if d <= -0.5 => format!("unlucky, {d:.1} hits"),
        d => format!("as expected ({d:+.1})"),
    }
}
