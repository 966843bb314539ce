//! The defender's question on one screen: when a combatant whose player is asked (the menu's "Ask how they
//! defend", `--ask-defense SIDE`) is attacked where its ruleset gives a choice (a full defense in Shadowrun 4, which
//! defense test in the homebrew, a dodge or a parry in melee), the battle waits while its player picks one, each
//! shown with the attack's odds against it as the table tells odds; keys 1–9 pick too. *Decide by itself* takes
//! the rules' own choice; *Don't ask again* gives that combatant back to it for the rest of the battle.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::told::Told;
use crate::combat::messages::ChooseDefense;
use crate::combat::{DefensePolicy, Engine, SlotPhase, TurnState};
use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::mechanics::odds::Defenses;
use crate::rules::tools::defense::{DefenseQuestion, question};
use crate::ui::PlayerNames;
use crate::ui::screens::{BattleScreenSystems, InBattle, fresh};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Asked>()
        .add_systems(OnEnter(InBattle), fresh::<Asked>)
        .add_systems(EguiPrimaryContextPass, ask_the_defender.in_set(BattleScreenSystems));
}

/// The question being asked, worked out once (its odds) for the choice it is about.
#[derive(Resource, Default)]
struct Asked(Option<(Defenses<AnyAction>, DefenseQuestion)>);

/// What the player answered: an option (none: decide by itself), and whether to stop asking for this combatant.
pub(in crate::ui) struct Answer {
    pub option: Option<usize>,
    pub stop_asking: bool,
}

/// Shows the question while the battle waits for a defender's player, and passes the answer on.
fn ask_the_defender(
    mut contexts: EguiContexts,
    (state, engine, told, names): (Res<TurnState>, Res<Engine>, Res<Told>, Res<PlayerNames>),
    mut asked: ResMut<Asked>,
    mut policy: ResMut<DefensePolicy>,
    mut choose: MessageWriter<ChooseDefense>,
) -> Result {
    let (SlotPhase::DefenderChoosing(_, slot), Some(defenses)) = (&state.phase, &state.asked) else {
        asked.0 = None;
        return Ok(());
    };
    if asked.0.as_ref().is_none_or(|(d, _)| d != defenses) {
        asked.0 = Some((defenses.clone(), question(&engine.0, slot.actor, defenses, told.0)));
    }
    let Some((_, q)) = &asked.0 else { return Ok(()) };
    let side = engine.0.view(q.defender).side;
    let title = format!("{}: how does {} defend?", names.player(side), engine.0.view(q.defender).name());
    let Some(answer) = defense_prompt(contexts.ctx_mut()?, &title, q, (None, true)) else { return Ok(()) };
    if answer.stop_asking {
        policy.0.remove(&q.defender);
    }
    choose.write(ChooseDefense { option: answer.option });
    Ok(())
}

/// The question, on one screen or online: the attack, each defense with its odds (the best marked), *Decide by
/// itself*, *Don't ask again* where the asking is this window's to stop (one screen; online the host's lobby
/// chose), and a `note` (online: the time left). The answer, once given.
pub(in crate::ui) fn defense_prompt(
    ctx: &egui::Context,
    title: &str,
    q: &DefenseQuestion,
    (note, may_stop): (Option<&str>, bool),
) -> Option<Answer> {
    let best = q.options.iter().enumerate().filter_map(|(i, o)| Some((i, o.hit?))).min_by(|a, b| a.1.total_cmp(&b.1));
    let mut picked = ctx.input(|i| {
        (0..q.options.len().min(9))
            .find(|n| i.key_pressed(egui::Key::from_name(&(n + 1).to_string()).unwrap_or(egui::Key::Escape)))
    });
    let (mut itself, mut stop) = (false, false);
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&q.title).strong().size(16.0));
            ui.add_space(4.0);
            for (i, option) in q.options.iter().enumerate() {
                ui.horizontal(|ui| {
                    let text = format!("{}  {}", i + 1, option.name);
                    let text = egui::RichText::new(text).size(15.0);
                    let text =
                        if option.costs_action { text.color(egui::Color32::from_rgb(240, 200, 120)) } else { text };
                    if ui.button(text).clicked() {
                        picked = Some(i);
                    }
                    if let Some(odds) = &option.odds {
                        ui.label(odds);
                    }
                    if best.is_some_and(|(b, _)| b == i) {
                        ui.weak("least likely to be hit");
                    }
                });
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                itself = ui
                    .button("Decide by itself")
                    .on_hover_text("The rules' own choice: the largest free pool")
                    .clicked();
                if may_stop {
                    let hint = "It decides by itself for the rest of the battle";
                    stop = ui.button("Don't ask again").on_hover_text(hint).clicked();
                }
            });
            if let Some(note) = note {
                ui.weak(note);
            }
        });
    match (picked, itself || stop) {
        (Some(i), _) => Some(Answer { option: Some(i), stop_asking: false }),
        (None, true) => Some(Answer { option: None, stop_asking: stop }),
        (None, false) => None,
    }
}
