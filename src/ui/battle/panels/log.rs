//! The combat log: newest at the bottom, each action one line (its side's shape and colour, hit or miss, a critical
//! or glitch, dice typed in) that opens into its explained outcome; under fog, nothing of a unit the viewer does not
//! see; beside the map or below it, whichever leaves the map larger.

use std::collections::HashMap;

use bevy_egui::egui;

use crate::combat::typed::TypedRolls;
use crate::rules::engine::outcome::{Event, Log, Roll};
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::tools::fog::Unseen;
use crate::ui::MapView;
use crate::ui::palette::{Shape, plain};

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
                // A GM's change is a line of its own, not a detail of the action before it.
                | Event::GmChanged { .. }
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

/// The log's width on the right, or its height below the map.
const LOG_WIDTH: f32 = 380.0;
const LOG_HEIGHT: f32 = 240.0;

/// Whether the log goes below the map rather than beside it: where that leaves the map larger cells (a wide map
/// in a wide window), in the `room` the top bar and the tracker leave.
pub(in crate::ui) fn log_below(map: &MapView, room: egui::Vec2) -> bool {
    let (w, h) = (map.0.grid().width as f32 + 1.0, map.0.grid().height as f32 + 1.0);
    let cell = |x: f32, y: f32| (x / w).min(y / h);
    cell(room.x, room.y - LOG_HEIGHT) > cell(room.x - LOG_WIDTH, room.y)
}

/// How each combatant's side looks in the log: its colour (lightened for the dark panel) and its shape.
pub type SideLooks = HashMap<CombatantId, (egui::Color32, Shape)>;

/// An entry's opening line: the side's shape, then what the actor did in its side's colour, then the outcome (a
/// hit bright, a miss dim), a critical or glitch in red, dice typed in marked so.
fn head_line(
    ui: &egui::Ui,
    (log, entry): (&Log, &Entry),
    look: Option<(egui::Color32, Shape)>,
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

/// Every entry of the log shown open (the dev tools' `--log-open`); else each opens on a click.
#[derive(bevy::prelude::Resource, Default, Debug, Clone, Copy)]
pub struct LogOpen(pub bool);

pub(in crate::ui) fn show_log(
    root: &mut egui::Ui,
    (log, typed): (&Log, &TypedRolls),
    (hidden, fog): (&[CombatantId], bool),
    (looks, all, open): (&SideLooks, &mut bool, LogOpen),
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
                egui::CollapsingHeader::new(title).id_salt(i).default_open(open.0).show(ui, |ui| {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::ruleset::CombatantId;

    #[test]
    fn a_gm_change_is_a_line_of_its_own_not_a_detail_of_what_came_before() {
        let gm = |to: &str| Event::GmChanged {
            who: CombatantId::at(1),
            what: "Stun".into(),
            from: "6".into(),
            to: to.into(),
        };
        let events = [Event::TurnStarted { turn: 1 }, gm("4"), gm("3")];
        let heads: Vec<&Event> = entries(&events).iter().map(|e| e.head).collect();
        assert_eq!(heads, [&events[0], &events[1], &events[2]]);
    }
}
