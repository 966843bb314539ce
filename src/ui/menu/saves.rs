//! The saved battles the menu lists, each to continue, to watch step by step, or to review.

use bevy_egui::egui;

use super::ruleset::RULESETS;
use super::state::Menu;
use crate::battle::save::summary;
use crate::rules::any_ruleset::any::RulesetId;
use crate::ui::PlayOptions;
use crate::ui::screens::{NextBattle, Watching};

/// How many saved battles the menu lists.
const SAVES_SHOWN: usize = 6;

/// The saved battles, each with *Continue*, *Watch* and *Review* (asked for through `menu.review`); the one chosen, set up to be taken up again or watched.
pub(super) fn choose_save(
    ui: &mut egui::Ui,
    menu: &mut Menu,
    session: &PlayOptions,
) -> Option<(NextBattle, Option<Watching>)> {
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
                let (what, when) = summary(save, short);
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
