//! Who plays each side (a player, several for hotseat, the AI at a difficulty, or no one), fog, strict, and the
//! player's own characters, each to stay home or join a side.

use std::path::PathBuf;

use bevy_egui::egui;

use super::state::{Control, Menu};
use crate::ai::Difficulty;

pub(super) fn choose_sides(ui: &mut egui::Ui, menu: &mut Menu) {
    ui.strong("Sides: who plays each (several humans: hotseat; \"Out\" leaves a side out of a 3- or 4-side level)");
    let sides = menu.side_names();
    let sides_count = sides.len();
    for (i, side) in sides.into_iter().enumerate() {
        // A solo skirmish unless told otherwise: the player commands the first side.
        let usual = if i == 0 { Control::Human } else { Control::Ai(Difficulty::Normal) };
        let mut control = menu.controls.get(&side).copied().unwrap_or(usual);
        let name = menu.names.entry(side.clone()).or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{side:<14}"));
            ui.radio_value(&mut control, Control::Human, "Human");
            for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard, Difficulty::Expert] {
                ui.radio_value(&mut control, Control::Ai(d), format!("AI {d}"));
            }
            // Two sides always fight; a level of three or four may be played by fewer.
            let present = menu.controls.values().filter(|c| **c != Control::Absent).count();
            if sides_count > 2 && (present > 2 || control == Control::Absent) {
                ui.radio_value(&mut control, Control::Absent, "Out");
            }
        });
        if control == Control::Human {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(90.0);
                ui.label("Player's name:");
                ui.add(egui::TextEdit::singleline(name).hint_text(side.as_str()).desired_width(160.0));
                let mut own = menu.by_hand.contains(&side);
                let hint = "The window asks for each roll of this side's (what it is for, how many dice) and you \
                            type the faces in; the AI's dice stay seeded";
                if ui.checkbox(&mut own, "I roll my own dice").on_hover_text(hint).changed() {
                    match own {
                        true => menu.by_hand.insert(side.clone()),
                        false => menu.by_hand.remove(&side),
                    };
                }
                let mut asked = menu.asked.contains(&side);
                let hint = "When one of this side's units is attacked and the rules give it a choice (a full defense, \
                            which defense test, a dodge or a parry), the battle waits for you to choose, each choice \
                            shown with its odds; unticked, it decides by itself";
                if ui.checkbox(&mut asked, "Ask how they defend").on_hover_text(hint).changed() {
                    match asked {
                        true => menu.asked.insert(side.clone()),
                        false => menu.asked.remove(&side),
                    };
                }
            });
        }
        menu.controls.insert(side, control);
    }
    if menu.controls.values().any(|c| *c == Control::Ai(Difficulty::Expert)) {
        ui.horizontal(|ui| {
            ui.label("The expert thinks");
            let hint = "Over each decision it plays the battle out from its best few choices, as many times as this \
                        long allows on 2 cores (counted in battles, so a save goes on the same on any machine)";
            ui.add(egui::Slider::new(&mut menu.think, 0.2..=10.0).suffix(" s").logarithmic(true)).on_hover_text(hint);
        });
    }
    ui.checkbox(&mut menu.fog, "Fog of war: each player sees only what their side's units see");
    ui.checkbox(&mut menu.strict, "Strict: no undo");
    let hint = "The GM sees every unit, and corrects wounds, statuses, places and ammunition or takes a unit off the \
                map from the GM panel; each change goes in the battle's log and record";
    ui.checkbox(&mut menu.gm, "A game master runs this battle (the GM panel)").on_hover_text(hint);
    let hint = "The players are told how each of the AI's rolls went, not its pool or faces; a GM at this screen \
                sees them all";
    ui.checkbox(&mut menu.behind_screen, "The AI's sides roll behind the GM's screen").on_hover_text(hint);
    ui.horizontal(|ui| {
        use crate::rules::tools::told::OddsTold;
        ui.label("Odds the players are told:");
        let hint = "Rough: \"unlikely / even / likely / near certain\" instead of numbers; none: no odds, heat map, \
                    what-if or win chance";
        for (told, word) in [(OddsTold::Exact, "exact"), (OddsTold::Rough, "rough"), (OddsTold::None, "none")] {
            ui.radio_value(&mut menu.odds, told, word).on_hover_text(hint);
        }
    });
}

/// The player's own characters of the chosen ruleset, each to stay home or join a side.
pub(super) fn choose_characters(ui: &mut egui::Ui, menu: &mut Menu) {
    let Some((_, level)) = menu.level() else { return };
    // A side left out takes no one along.
    let out = |s: &String| menu.controls.get(s) == Some(&Control::Absent);
    let sides: Vec<String> = level.file.sides.iter().map(|s| s.name.clone()).filter(|s| !out(s)).collect();
    let ruleset = menu.ruleset;
    let mine: Vec<(PathBuf, String)> = menu
        .characters
        .iter()
        .filter_map(|(p, c)| {
            c.as_ref().ok().filter(|c| c.sheet.ruleset() == ruleset).map(|c| (p.clone(), c.name.clone()))
        })
        .collect();
    let others = menu.characters.iter().filter(|(_, c)| c.is_ok()).count() - mine.len();
    if mine.is_empty() && others == 0 {
        return;
    }
    ui.strong("Your characters");
    for (path, name) in mine {
        let mut side = menu.joining.get(&path).filter(|s| sides.contains(s)).cloned();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{name:<14}"));
            ui.radio_value(&mut side, None, "Stays home");
            for s in &sides {
                ui.radio_value(&mut side, Some(s.clone()), format!("joins {s}"));
            }
        });
        match side {
            Some(s) => menu.joining.insert(path, s),
            None => menu.joining.remove(&path),
        };
    }
    if others > 0 {
        ui.weak(format!("{others} more of other rulesets (choose their ruleset to take them along)"));
    }
}
