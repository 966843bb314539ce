//! The left panel: the initiative tracker, the sheet of the acting (or selected) unit, the player's orders and what
//! the pointer asks; and which unit is acting or selected.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::combat::components::{Armor, Combatant, GridPos, Holding, Initiative, Loadout, Side, StatusList, Tracks};
use crate::combat::messages::TurnStarted;
use crate::combat::{DefensePolicy, HumanSides, TurnState};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::odds::Odds;
use crate::rules::tools::told::OddsTold;
use crate::ui::battle::fog::Fog;
use crate::ui::battle::labels::health_bars;
use crate::ui::battle::orders::Orders;
use crate::ui::battle::preview::{Hover, Preview};
use crate::ui::battle::units::{Token, states_of};
use crate::ui::palette::plain;
use crate::ui::palette::readable;
use crate::ui::{Acting, Handover, Selected};

pub(super) fn select_unit(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    state: Res<TurnState>,
    units: Query<(Entity, &GridPos), With<Side>>,
    handover: Res<Handover>,
    fog: Res<Fog>,
    mut selected: ResMut<Selected>,
) {
    // While a player gives orders, clicks are orders.
    if state.awaiting().is_some() || !mouse.just_pressed(MouseButton::Left) || handover.covered() {
        return;
    }
    let Some(cell) = hover.0 else { return };
    selected.0 = units.iter().find(|(e, p)| (p.0, p.1) == cell && fog.sees(*e)).map(|(e, _)| e);
}

pub(super) fn follow_actor(mut started: MessageReader<TurnStarted>, mut acting: ResMut<Acting>) {
    if let Some(m) = started.read().last() {
        *acting = Acting(Some(m.entity), m.slot.phase);
    }
}

pub(super) type Row<'a> = (
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
    &'a Holding,
);

/// A row's side colour for text.
fn row_color(row: &Row) -> egui::Color32 {
    row.9.map_or(egui::Color32::GRAY, |t| readable(t.color))
}

pub(super) fn show_tracker(
    root: &mut egui::Ui,
    units: &Query<Row>,
    (acting, selected, fog): (&Acting, &mut Selected, &Fog),
    (preview, told): (&Preview, OddsTold),
    (state, orders, names): (&TurnState, &mut Orders, &[String]),
    asking: Option<(&mut DefensePolicy, &HumanSides)>,
) {
    // A reinforcement waiting in reserve is not on the battlefield yet (the GM panel lists it).
    let mut rows: Vec<Row> = units.iter().filter(|r| fog.sees(r.0) && !r.4.0.contains(&Status::Reserve)).collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.3.score.unwrap_or(i32::MIN)));
    egui::Panel::left("tracker").exact_size(250.0).show(root, |ui| {
        ui.heading("Initiative");
        egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
            for row in &rows {
                let (entity, name, _, init, statuses, ..) = row;
                let score = init.score.map_or("-".to_owned(), |s| s.to_string());
                let out = statuses.0.iter().any(Status::off_map) || statuses.is_down();
                let held = if row.10.delayed { "  · delayed" } else { "" };
                let mark = row.9.map_or("", |t| t.shape.mark());
                let text = egui::RichText::new(format!("{score:>4}  {mark} {name}{held}")).color(row_color(row));
                let text = match Some(*entity) == acting.0 {
                    true => text.strong().background_color(egui::Color32::from_white_alpha(28)),
                    false => text,
                };
                let text = if out { text.strikethrough().weak() } else { text };
                // A row picks its unit like a click on the board (the GM panel shows it), but not amid orders.
                let clicked = ui.add(egui::Label::new(text).sense(egui::Sense::click())).clicked();
                if clicked && state.awaiting().is_none() {
                    selected.0 = Some(*entity);
                }
            }
        });
        ui.separator();
        // The sheet, the orders and the preview scroll: a unit with many ways to attack (Shadowrun's firing modes)
        // would push the orders' buttons off a 720-point window.
        egui::ScrollArea::vertical().id_salt("tracker's sheet and orders").show(ui, |ui| {
            let shown = selected.0.filter(|_| state.awaiting().is_none()).or(acting.0);
            if let Some(row) = rows.iter().find(|r| Some(r.0) == shown) {
                show_sheet(ui, row);
                if let Some((policy, _)) = asking.filter(|(_, humans)| humans.0.contains(&row.2.0)) {
                    ask_how_it_defends(ui, row.8.0, policy);
                }
            }
            ui.separator();
            if orders.waiting.is_some() {
                super::orders::show_orders(ui, orders, names);
                ui.separator();
            }
            show_preview(ui, preview, told);
        });
    });
}

/// What the pointer asks: the route's cost, or over an enemy the sight and the odds of a plain attack.
fn show_preview(ui: &mut egui::Ui, preview: &Preview, told: OddsTold) {
    if !preview.route_note.is_empty() {
        ui.label(format!("To the pointer: {}", preview.route_note));
    }
    if !preview.sight_note.is_empty() {
        ui.label(plain(preview.sight_note.clone()));
    }
    if let Some(odds) = &preview.odds {
        show_odds(ui, odds, told);
    }
}

/// An attack's odds as the table tells them: what they are of, each chance the rules give it (exact, or its rough
/// band), each distribution's mean (exact odds only); nothing when no odds are told.
pub(in crate::ui) fn show_odds(ui: &mut egui::Ui, odds: &Odds, told: OddsTold) {
    if !told.any() {
        return;
    }
    ui.strong(plain(odds.title.clone()));
    for (name, p) in odds.chances.iter().filter(|(_, p)| *p > 0.0) {
        match told {
            OddsTold::Exact => ui.label(format!("{name}: {:.1}%", p * 100.0)),
            _ => ui.label(format!("{name}: {}", told.chance(*p).unwrap_or_default())),
        };
    }
    if told == OddsTold::Exact {
        for (name, d) in &odds.dists {
            ui.label(format!("{name}: mean {:.1}", d.mean()));
        }
    }
}

/// A player's unit's policy when attacked where the rules give a choice: its player is asked, or it decides by
/// itself (the menu's *Ask how they defend* sets it for a whole side).
fn ask_how_it_defends(ui: &mut egui::Ui, who: CombatantId, policy: &mut DefensePolicy) {
    let mut asks = policy.asks(who);
    let hint = "When attacked where the rules give a choice (a full defense, which defense test, a dodge or a \
                parry): ask its player, each choice with its odds; unticked, it decides by itself";
    if ui.checkbox(&mut asks, "Ask how it defends").on_hover_text(hint).changed() {
        match asks {
            true => policy.0.insert(who),
            false => policy.0.remove(&who),
        };
    }
}

fn show_sheet(ui: &mut egui::Ui, row: &Row) {
    let (_, name, side, init, statuses, tracks, loadout, armor, _, token, holding) = row;
    ui.heading(egui::RichText::new(name.as_str()).color(row_color(row)));
    let role = token.map_or("", |t| t.role.label());
    ui.label(format!("Side: {} · {role}", side.0));
    let rounds = loadout.rounds.map_or(String::new(), |r| format!(" ({r} rounds)"));
    ui.label(format!("Weapon: {}{rounds}", loadout.name));
    ui.label(format!("Armor: {}", if armor.0.is_empty() { "none".to_owned() } else { armor.0.join(", ") }));
    if let Some(score) = init.score {
        ui.label(format!("Initiative: {score}"));
    }
    // The share of each track left, as the hover card shows it: a bar filled with damage, empty at full health, drew
    // only its rounded end under the text.
    let width = ui.available_width();
    health_bars(ui, tracks, width);
    let list = states_of(statuses, loadout, (holding.aiming, holding.delayed));
    ui.label(format!("Status: {}", if list.is_empty() { "ready".to_owned() } else { list.join(", ") }));
}
