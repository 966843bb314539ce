//! The orders panel, one screen's and online's alike: whose slot it is, the orders so far, the ways to attack the
//! planned target (Tab), the buttons that give them, end or delay the slot, the slot's other actions, and why the
//! last orders were refused.

use bevy_egui::egui;

use crate::rules::engine::ruleset::CombatantId;
use crate::rules::tools::plan::Plan;
use crate::ui::battle::orders::{ExpertHint, Give, Orders};
use crate::ui::palette::plain;

/// The colour of the waiting unit's name: the gold of its marks on the board.
const SLOT_GOLD: egui::Color32 = egui::Color32::from_rgb(255, 210, 64);
/// The colour of the expert's hint: its marks on the board, its window's title.
pub(in crate::ui) const EXPERT_BLUE: egui::Color32 = egui::Color32::from_rgb(90, 215, 255);
/// The colour of a refusal.
const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

/// The panel for the waiting slot (nothing when none waits); `names` are the combatants' names by id.
pub(in crate::ui) fn show_orders(ui: &mut egui::Ui, orders: &mut Orders, names: &[String]) {
    let Some(waiting) = orders.waiting.clone() else { return };
    let name = |id: CombatantId| names.get(id.index()).cloned().unwrap_or_default();
    let who = egui::RichText::new(format!("{}'s orders", name(waiting.slot.actor)));
    ui.label(who.strong().color(SLOT_GOLD));
    ui.label(plan_text(&orders.plan, &name));
    ask_the_expert(ui, orders);
    if !waiting.ways.is_empty() && orders.plan.target.is_some() {
        ui.weak("How (Tab for the next):");
        for (i, way) in waiting.ways.iter().enumerate() {
            if ui.radio(orders.plan.way.unwrap_or(0) == i, plain(way.clone())).clicked() {
                orders.plan.way = Some(i);
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Give orders (Enter)").clicked() {
            orders.give = Some(Give::Plan);
        }
        if ui.button("End slot (E)").clicked() {
            orders.give = Some(Give::End);
        }
        let hint = "Act after everyone else in this phase or pass";
        if waiting.choices.may_delay && ui.button("Delay (L)").on_hover_text(hint).clicked() {
            orders.give = Some(Give::Delay);
        }
        if ui.button("Clear (Esc)").clicked() {
            orders.clear();
        }
    });
    if !waiting.choices.others.is_empty() {
        ui.label("Or instead:");
    }
    ui.horizontal_wrapped(|ui| {
        for (i, other) in waiting.choices.others.iter().enumerate() {
            if ui.button(format!("{} {other}", i + 1)).clicked() {
                orders.take_other(i);
            }
        }
    });
    if let Some(why) = &orders.refused {
        ui.colored_label(REFUSED, plain(why.clone()));
    }
}

/// *What would the expert do?*: the button, or the expert thinking, or where its answer is (its window, `hint.rs`).
fn ask_the_expert(ui: &mut egui::Ui, orders: &mut Orders) {
    match &orders.expert {
        ExpertHint::Unoffered => {}
        ExpertHint::Offered => {
            let hint = "The expert AI plays the battle out from its best choices and says which does best, with its \
                        win chance beside your orders'";
            if ui.button("What would the expert do? (X)").on_hover_text(hint).clicked() {
                orders.expert = ExpertHint::Asked;
            }
        }
        ExpertHint::Asked | ExpertHint::Thinking => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.weak("The expert thinks, then plays its choice and your orders out…");
            });
        }
        ExpertHint::Told(_) => {
            _ = ui.label(egui::RichText::new("The expert's choice: in blue on the map").color(EXPERT_BLUE));
        }
    }
}
/// What the orders say, in words, with how to take each part back.
fn plan_text(plan: &Plan, name: &dyn Fn(CombatantId) -> String) -> String {
    let movement = match &plan.movement {
        Some(m) => format!("Move: {} to {:?} (click the unit to take it back)", m.pace, m.to),
        None => "Move: click a cell in reach".into(),
    };
    let attack = match (plan.target, plan.at) {
        (Some(t), _) => format!("Attack: {} (click again to take it back)", name(t)),
        (None, Some(cell)) => format!("Attack: a blast at {cell:?} (click again to take it back)"),
        (None, None) => "Attack: click an enemy".into(),
    };
    format!("{movement}\n{attack}")
}
