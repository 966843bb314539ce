//! The ruleset column's top: the rulesets (each with what it is), the one the chosen level or scenario plays under,
//! its options, and how fair the level measured under it.

use bevy_egui::egui;

use super::state::Menu;
use crate::ai::Difficulty;
use crate::rules::any_ruleset::any::RulesetId;

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
pub(super) fn settle_ruleset(menu: &mut Menu) {
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

pub(super) fn choose_ruleset(ui: &mut egui::Ui, menu: &mut Menu) {
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
    // One checkbox a switch, as the ruleset describes its options (rules::engine::options).
    let ruleset = menu.ruleset;
    let options = menu.rules.of(ruleset);
    for (index, switch) in options.shown().into_iter().enumerate() {
        let mut on = switch.on;
        if ui.checkbox(&mut on, switch.label).changed() {
            options.set(index, on);
        }
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
