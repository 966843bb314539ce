//! Physical dice: a player who rolls their own (the menu's "I roll my own dice", `play --by-hand SIDE`) is asked for
//! each roll of their side's, whose it is and what for ("Crew rifleman 1: Reaction 4 + Intuition 3 (initiative)")
//! above how many dice ("Roll 7 d6"), and types the faces in one line; they are checked (on the die, the right count)
//! before the battle goes on, and the log marks them as typed in. The AI's dice stay seeded; *Roll for me* has the
//! battle's own dice roll one (not offered where the battle has no others: a battle of dice all typed in).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::combat::{BattleDice, Engine};
use crate::ui::PlayerNames;
use crate::ui::screens::{BattleScreenSystems, InBattle, fresh};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DiceLine>()
        .add_systems(OnEnter(InBattle), fresh::<DiceLine>)
        .add_systems(EguiPrimaryContextPass, ask_for_dice.in_set(BattleScreenSystems));
}

/// The line of faces being typed, why the last one was refused, and the roll it is for (said once in the terminal).
#[derive(Resource, Default, Debug)]
pub(in crate::ui) struct DiceLine {
    pub text: String,
    pub refused: Option<String>,
    pub for_roll: Option<crate::rules::engine::dice::Wanted>,
}

/// The prompt for dice rolled by hand, while a step of the battle waits for them.
fn ask_for_dice(
    mut contexts: EguiContexts,
    mut dice: ResMut<BattleDice>,
    engine: Res<Engine>,
    names: Res<PlayerNames>,
    mut line: ResMut<DiceLine>,
    autosave: Option<Res<crate::ui::screens::Autosave>>,
) -> Result {
    let Some(wanted) = dice.0.wanted().cloned() else { return Ok(()) };
    if line.for_roll.as_ref() != Some(&wanted) {
        let (count, sides, purpose) = (wanted.count, wanted.request.sides, &wanted.request.purpose);
        crate::stdout::say(format_args!("dice to roll by hand: {count} d{sides} for {purpose}\n"));
        line.for_roll = Some(wanted.clone());
    }
    let ctx = contexts.ctx_mut()?;
    let side = engine.0.view(wanted.who).side.to_owned();
    let own_dice = autosave.is_none_or(|a| a.request.dice != crate::battle::DiceChoice::Typed);
    let title = format!("Your dice, {}", names.player(&side));
    let answer = dice_prompt(ctx, &title, &wanted, &mut line, (own_dice, None));
    let given = match answer {
        Some(DiceAnswer::Typed(text)) => dice.0.type_in(&text).map(drop).map_err(|e| e.to_string()),
        Some(DiceAnswer::ForMe) => dice.0.roll_for_me().map(drop).map_err(|e| e.to_string()),
        None => return Ok(()),
    };
    match given {
        Ok(()) => *line = DiceLine::default(),
        // In the glyphs egui's default fonts have (the battle's own dice may have run out: a scenario's scripted
        // faces; typed in they must be then).
        Err(why) => line.refused = Some(why.replace('–', "-")),
    }
    Ok(())
}

/// What a player did at the dice prompt: typed the faces (read and found on the dice), or asked to have them rolled.
pub(in crate::ui) enum DiceAnswer {
    Typed(String),
    ForMe,
}

/// The prompt for dice rolled by hand, on one screen or online: what the roll is for, how many dice of which kind,
/// the line to type the faces on (checked here: on the die, the right count), *Roll for me* where the battle has
/// dice of its own, and a `note` (online: the time left).
pub(in crate::ui) fn dice_prompt(
    ctx: &egui::Context,
    title: &str,
    wanted: &crate::rules::engine::dice::Wanted,
    line: &mut DiceLine,
    (own_dice, note): (bool, Option<&str>),
) -> Option<DiceAnswer> {
    let (sides, count) = (wanted.request.sides, wanted.count);
    let (mut enter, mut for_me) = (false, false);
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&wanted.request.purpose).strong().size(16.0));
            ui.label(egui::RichText::new(format!("Roll {count} d{sides}")).size(22.0));
            ui.label(face_hint(sides, count));
            let field = ui.add(
                egui::TextEdit::singleline(&mut line.text)
                    .hint_text(example(sides, count))
                    .desired_width(260.0)
                    .font(egui::TextStyle::Heading),
            );
            if !field.has_focus() && !field.lost_focus() {
                field.request_focus();
            }
            enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if enter {
                // Enter leaves a one-line field; a refused line is mended in place.
                field.request_focus();
            }
            if let Some(refused) = &line.refused {
                ui.colored_label(egui::Color32::from_rgb(255, 120, 110), refused);
            }
            ui.horizontal(|ui| {
                enter |= ui.button("Enter these dice").clicked();
                if own_dice {
                    for_me = ui.button("Roll for me").on_hover_text("The battle's own dice roll these").clicked();
                }
            });
            if let Some(note) = note {
                ui.weak(note);
            }
        });
    if for_me {
        return Some(DiceAnswer::ForMe);
    }
    if !enter {
        return None;
    }
    match crate::rules::engine::table::read_faces(&line.text, count, &wanted.request) {
        Ok(_) => Some(DiceAnswer::Typed(line.text.clone())),
        Err(why) => {
            line.refused = Some(why.to_string().replace('–', "-"));
            None
        }
    }
}

/// How the faces are typed.
fn face_hint(sides: u32, count: u32) -> String {
    let read = match sides {
        100 => "a d100 reads 00-99".to_owned(),
        10 => "a d10 reads 1-10, or 0 for 10".to_owned(),
        n => format!("a d{n} reads 1-{n}"),
    };
    match count {
        1 => format!("Type the face ({read}), then Enter."),
        _ => format!("Type the {count} faces in one line, apart or as digits ({read}), then Enter."),
    }
}

/// An example line for the field.
fn example(sides: u32, count: u32) -> String {
    let faces = [6, 3, 5, 1, 4, 2, 6, 2, 5, 3];
    match sides {
        100 => "42".to_owned(),
        _ => faces.iter().take(count as usize).map(u32::to_string).collect::<Vec<_>>().join(" "),
    }
}
