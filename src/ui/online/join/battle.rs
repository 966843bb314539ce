//! The online battle's panels: the bar on top, the orders (whose slot, the plan, the odds the host worked out, the
//! buttons) and chat on the left, the log on the right, the end below; and the prompt for a player's own dice.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui;

use super::lobby::{leave_button, show_chat};
use super::state::{Go, Online};
use crate::combat::typed::TypedRolls;
use crate::net::background::Hosting;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::engine::id::CombatantId;
use crate::rules::engine::ruleset::Slot;
use crate::ui::battle::dice::{DiceAnswer, dice_prompt};
use crate::ui::battle::orders::Orders;
use crate::ui::battle::panels::{SideLooks, show_log, show_odds, show_orders as show_panel};
use crate::ui::lab::buttons::LabButtons;
use crate::ui::online::board::{Planning, Shown};
use crate::ui::palette::{Palette, Shape, readable};

/// The battle: the bar on top, the orders and chat on the left, the log on the right, the end below.
pub(super) fn show_battle(
    root: &mut egui::Ui,
    (online, joined): (&mut Online, &mut Joined),
    (units, below, shown, palette): (&Query<&Unit>, impl Fn(egui::Vec2) -> bool, &Shown, Palette),
    (planning, orders, hosting, lab): (&Planning, &mut Orders, Option<&Hosting>, &mut LabButtons),
    out: &mut MessageWriter<FromPlayer>,
) -> Go {
    let mut go = Go::Stay;
    egui::Panel::top("online bar").show(root, |ui| {
        ui.horizontal(|ui| {
            let (title, ruleset) = joined.began.clone().unwrap_or_default();
            ui.label(egui::RichText::new(format!("{title} · {ruleset}")).strong());
            ui.separator();
            match joined.watching {
                true => ui.label(format!("{} watches", joined.name)),
                false => ui.label(format!("{} commands {}", joined.name, joined.yours.join(", "))),
            };
            ui.separator();
            lab.show(ui);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if leave_button(ui, hosting).clicked() {
                    go = Go::Menu;
                }
                if let Some(hosting) = hosting {
                    ui.weak(format!("hosting on port {}", hosting.address.port()));
                }
            });
        });
    });
    egui::Panel::left("online orders").exact_size(260.0).show(root, |ui| {
        show_orders(ui, joined, planning, orders);
        ui.separator();
        if super::gm::is_gm(joined) {
            super::gm::show_gm_panel(ui, (online, joined), units, out);
            ui.separator();
        }
        if let Some(hosting) = hosting {
            super::seats::show_gone_seats(ui, online, joined, hosting);
        }
        show_chat(ui, online, joined, out);
    });
    // Another connection may number the units otherwise (a host taken up from its save).
    if joined.log.events.is_empty() {
        online.sides_seen.clear();
    }
    online.sides_seen.extend(units.iter().map(|u| (u.id, u.side.clone())));
    let looks = side_looks(joined, &online.sides_seen, palette);
    let below = below(root.available_rect_before_wrap().size());
    // Once the battle is over, the whole of it may be read, fog lifted.
    let (log, typed) = match &joined.unveiled {
        Some((whole, _)) if online.unveil => (whole, &joined.unveiled_typed),
        _ => (&shown.log, &joined.typed),
    };
    let typed = TypedRolls::of_marks(typed.clone());
    show_log(
        root,
        (log, &typed),
        (&[], false),
        (&looks, &mut online.whole_log, crate::ui::battle::panels::LogOpen(false)),
        below,
    );
    // The end shows once its last slot is on the board.
    if let Some((winner, reason)) = joined.over.clone().filter(|_| shown.caught_up(joined)) {
        egui::Panel::bottom("online end").show(root, |ui| {
            ui.horizontal(|ui| {
                let title = winner.map_or("No winner".to_owned(), |w| format!("{w} wins"));
                ui.heading(title);
                ui.label(reason);
                if let Some((_, save)) = &joined.unveiled {
                    let hint = "The log of the whole battle, fog lifted: every side's every roll";
                    ui.checkbox(&mut online.unveil, "The whole battle").on_hover_text(hint);
                    let hint = "Watch the battle again step by step, every unit shown (saved in your saves folder)";
                    // No save when the GM rolled behind the screen: it holds every face.
                    if !save.is_empty() && ui.button("Watch it again").on_hover_text(hint).clicked() {
                        go = Go::Replay { save: save.clone(), title: joined.lobby.title.clone() };
                    }
                    let hint = "Check that every die came from the seed the host committed to in the lobby";
                    if !save.is_empty() && ui.button("Verify the dice").on_hover_text(hint).clicked() {
                        online.dice_verdict = Some(joined.verify_dice());
                    }
                }
                if ui.button("Back to the menu").clicked() {
                    go = Go::Menu;
                }
                if let Some(trouble) = &online.replay_trouble {
                    ui.colored_label(egui::Color32::from_rgb(255, 120, 100), trouble);
                }
            });
            if let Some((passed, verdict)) = &online.dice_verdict {
                let colour = if *passed { egui::Color32::LIGHT_GREEN } else { egui::Color32::from_rgb(255, 120, 100) };
                ui.colored_label(
                    colour,
                    format!("{} {verdict}", if *passed { "The dice check:" } else { "The dice do NOT check:" }),
                );
            }
        });
    }
    go
}

/// Each combatant's colour and shape in the log, by its side's place among the lobby's sides, as one screen has them
/// by the sides' order (known of the units this player sees or saw).
fn side_looks(joined: &Joined, sides: &HashMap<CombatantId, String>, palette: Palette) -> SideLooks {
    let place = |side: &str| joined.lobby.sides.iter().position(|s| s == side).unwrap_or(0);
    sides.iter().map(|(id, side)| (*id, (readable(palette.side(place(side))), Shape::of_side(place(side))))).collect()
}

/// The orders panel: whose slot, the orders (one screen's panel), the odds the host worked out, what it refused.
fn show_orders(ui: &mut egui::Ui, joined: &Joined, planning: &Planning, orders: &mut Orders) {
    ui.heading(if joined.watching { "Watching" } else { "Orders" });
    let Some((_, slot)) = planning.waiting(joined).filter(|_| orders.waiting.is_some()) else {
        match (joined.over.is_some() && !planning.behind, joined.watching) {
            (true, _) => ui.label("The battle is over."),
            (false, true) => ui.weak("You see what every side sees: a unit only when each side in the fight sees it."),
            (false, false) if planning.sent && !planning.behind => ui.weak("Orders sent: the host plays them…"),
            (false, false) => ui.weak("Waiting for the other sides…"),
        };
        return;
    };
    ui.weak(
        "Click a cell to move there, an enemy to attack it; Enter gives the orders, E ends the slot, L delays it; H the \
         heat map, O what if; F1 every key.",
    );
    ui.add_space(4.0);
    show_panel(ui, orders, &joined.log.names);
    show_priced(ui, joined, planning, slot);
}

/// The odds of the attack in view (the enemy under the pointer, else the plan's target), as the host worked them out
/// from what this player's sides see; or that they are on their way.
fn show_priced(ui: &mut egui::Ui, joined: &Joined, planning: &Planning, slot: Slot) {
    let Some(plan) = &planning.priced else { return };
    ui.add_space(4.0);
    match &joined.odds {
        Some((s, p, Ok(odds))) if *s == slot && p == plan => show_odds(ui, odds, joined.told),
        Some((s, p, Err(why))) if *s == slot && p == plan => {
            ui.weak(format!("No odds: {why}"));
        }
        _ => {
            ui.weak("Working out the odds…");
        }
    }
}

/// The prompt for this player's own dice while the host waits for them (as one screen's, with the time left); the
/// faces, or *Roll for me*, go to the host.
pub(super) fn ask_for_dice(
    ctx: &egui::Context,
    online: &mut Online,
    joined: &Joined,
    out: &mut MessageWriter<FromPlayer>,
) {
    let Some((wanted, until, roll)) = &joined.dice else { return };
    let sent = (joined.dice_asks, joined.refused.len());
    if online.dice_sent.is_some_and(|(asks, refusals)| asks == sent.0 && refusals == sent.1) {
        return;
    }
    if let Some((_, refusals)) = online.dice_sent.filter(|(asks, _)| *asks == sent.0)
        && let Some(why) = joined.refused.get(refusals)
    {
        online.dice_line.refused = Some(why.clone());
    }
    let left = until.saturating_duration_since(std::time::Instant::now()).as_secs();
    let note = format!("{left} s before the host rolls them for you");
    let title = format!("Your dice, {}", joined.name);
    let answer = dice_prompt(ctx, &title, wanted, &mut online.dice_line, (true, Some(&note)));
    let message = match answer {
        Some(DiceAnswer::Typed(line)) => FromPlayer::Faces { roll: *roll, line },
        Some(DiceAnswer::ForMe) => FromPlayer::RollForMe { roll: *roll },
        None => return,
    };
    out.write(message);
    online.dice_line = Default::default();
    online.dice_sent = Some(sent);
}

/// The defense question while the host waits for this player's answer (as one screen's, with the time left); the
/// choice, or *Decide by itself*, goes to the host.
pub(super) fn ask_for_defense(
    ctx: &egui::Context,
    online: &mut Online,
    joined: &Joined,
    out: &mut MessageWriter<FromPlayer>,
) {
    let Some((question, until, ask)) = &joined.defense else { return };
    if online.defense_sent == Some(*ask) {
        return;
    }
    let left = until.saturating_duration_since(std::time::Instant::now()).as_secs();
    let note = format!("{left} s before it decides by itself");
    let title = format!("{}: how does your unit defend?", joined.name);
    let Some(answer) = crate::ui::battle::defense::defense_prompt(ctx, &title, question, (Some(&note), false)) else {
        return;
    };
    out.write(FromPlayer::Defend { ask: *ask, option: answer.option });
    online.defense_sent = Some(*ask);
}
