//! The battle-over panel at the foot of the map: who won and why, each side's count of units out, damage dealt and
//! hits against the odds, the review's biggest swings, and what comes next (again, new dice, the replay, the menu).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::screen::{PanelsLeave, fill_panels};
use crate::battle::DiceChoice;
use crate::combat::BattleLog;
use crate::combat::components::{Side, StatusList};
use crate::combat::tally::BattleTally;
use crate::lab::review::points;
use crate::rules::engine::outcome::Event;
use crate::ui::battle::camera::MapUnderPanels;
use crate::ui::battle::replay::WatchBattle;
use crate::ui::battle::units::Token;
use crate::ui::palette::readable;
use crate::ui::review::Reviews;
use crate::ui::screens::{Autosave, NextBattle, QuitGame, Screen};
use crate::ui::{MapArea, PlayerNames};

pub(super) fn show_end(
    mut contexts: EguiContexts,
    log: Res<BattleLog>,
    units: Query<(&Side, &StatusList, Option<&Token>)>,
    tally: Option<Res<BattleTally>>,
    names: Res<PlayerNames>,
    mut after: AfterBattle,
    (leave, under): (Res<PanelsLeave>, Res<MapUnderPanels>),
    mut area: ResMut<MapArea>,
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
    area.set_if_neq(MapArea::of_points(root.available_rect_before_wrap(), ctx.zoom_factor()));
    Ok(())
}

/// Each side's count of units out, damage dealt, hits against the odds.
fn end_table(
    ui: &mut egui::Ui,
    units: &Query<(&Side, &StatusList, Option<&Token>)>,
    tally: Option<&BattleTally>,
    names: &PlayerNames,
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
#[derive(SystemParam)]
pub(super) struct AfterBattle<'w> {
    screen: Res<'w, State<Screen>>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_battle: Option<ResMut<'w, NextBattle>>,
    autosave: Option<Res<'w, Autosave>>,
    watch: MessageWriter<'w, WatchBattle>,
    exit: MessageWriter<'w, QuitGame>,
    reviews: ResMut<'w, Reviews>,
}

impl AfterBattle<'_> {
    fn offer(&mut self, ui: &mut egui::Ui) {
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
                next.0 = next.0.clone().with_dice(DiceChoice::Seed(rand::random()));
                self.next_screen.set(Screen::Loading);
            }
            if let Some(autosave) = &self.autosave
                && ui.button("Watch the replay").on_hover_text("Step through this battle from its start").clicked()
            {
                self.watch.write(WatchBattle(autosave.path.clone()));
            }
            let review = "Each decision with the win chance before it, after the choice and after the dice";
            if ui.button("Review").on_hover_text(review).clicked() {
                self.reviews.open = true;
            }
            if ui.button("Back to the menu").clicked() {
                self.next_screen.set(Screen::Menu);
            }
            if ui.button("Quit").clicked() {
                self.exit.write(QuitGame);
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
                    let said = format!("{} for {}, #{} {}", points(swing), d.side, d.number, d.actor);
                    let more = if is_choice { d.against_the_ai(self.reviews.by()) } else { d.the_dice() };
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
