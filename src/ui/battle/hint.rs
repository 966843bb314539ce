//! *What would the expert do?* (X, or the orders panel's button): for the player's waiting slot, the expert's choice
//! and its win chance beside the player's orders (`lab::hint`), thought over on the battle as the player knows it
//! (`Fog::known`: under fog, never what the player cannot see) within the battle's think time. Worked out on a thread
//! of its own (one core: the other keeps drawing), or online asked of the host (`ui/online/hint.rs`); shown in a
//! window at the map's corner and on the board (a ring where the expert would go, a line to whom it would attack),
//! with *Take these orders* when orders can say it. Off when the table tells no odds.

use bevy::prelude::*;

use super::fog::Fog;
use super::orders::{ExpertHint, Orders};
use crate::ai::expert::Think;
use crate::combat::{AiMinds, Engine, TurnState};
use crate::lab::hint::{Asked, ExpertSaid};
use crate::rules::engine::field::Cell;
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::told::OddsTold;
use crate::ui::background::Job;

/// The colour of the expert's marks on the board (the panels' `EXPERT_BLUE`).
const EXPERT: Color = Color::srgb_u8(90, 215, 255);

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, BoardSystems, OnBoard, fresh};
    app.init_resource::<HintWork>().add_systems(OnEnter(OnBoard), fresh::<HintWork>).add_systems(
        Update,
        (
            (offer_the_hint.after(super::orders::ClickSystems), ask_on_key.run_if(crate::ui::keys_free))
                .chain()
                .before(HintSystems)
                .in_set(BoardSystems),
            think_over_the_hint.in_set(HintSystems).in_set(BattleScreenSystems),
            mark_the_experts_choice.in_set(BoardSystems),
        ),
    );
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        show_the_hint.after(super::sets::PanelSystems).in_set(BoardSystems),
    );
}

/// Asking the expert and taking its answer in (after the button is offered: `--ask-expert` asks between).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HintSystems;

/// The expert thinking over the slot the player asked about: cancelled when dropped (a new slot, a new battle).
#[derive(Resource, Default)]
pub struct HintWork(Option<(Slot, Job<Result<ExpertSaid, NoOdds>>)>);

/// The button is offered while a player's slot waits and the table tells odds.
fn offer_the_hint(mut orders: ResMut<Orders>, told: Res<super::told::Told>, mut work: ResMut<HintWork>) {
    let Some(slot) = orders.waiting.as_ref().map(|w| w.slot) else {
        // The orders went (online the orders stay as they were given): the hint and its marks go with them.
        work.0 = None;
        orders.expert = ExpertHint::Unoffered;
        return;
    };
    if work.0.as_ref().is_some_and(|(asked, _)| *asked != slot) {
        work.0 = None;
    }
    match (told.0.any(), &orders.expert) {
        (false, _) => orders.expert = ExpertHint::Unoffered,
        (true, ExpertHint::Unoffered) => orders.expert = ExpertHint::Offered,
        _ => {}
    }
}

/// X asks the expert.
fn ask_on_key(keys: Res<ButtonInput<KeyCode>>, mut orders: ResMut<Orders>) {
    if keys.just_pressed(KeyCode::KeyX) && orders.expert != ExpertHint::Unoffered {
        orders.expert = ExpertHint::Asked;
    }
}

/// Starts the expert on the slot when asked, and takes its answer in.
fn think_over_the_hint(
    mut orders: ResMut<Orders>,
    mut work: ResMut<HintWork>,
    (engine, state, fog): (Res<Engine>, Res<TurnState>, Res<Fog>),
    (minds, told): (Option<Res<AiMinds>>, Res<super::told::Told>),
) {
    let Some(slot) = state.awaiting().map(|(_, slot)| slot) else { return };
    if orders.expert == ExpertHint::Asked {
        let think = minds.map_or_else(Think::default, |m| m.minds.think);
        let asked = Asked { battle: fog.known(&engine.0).into_owned(), slot, think, plan: orders.plan.clone() };
        work.0 = start(asked, told.0);
        orders.expert = ExpertHint::Thinking;
    }
    let said = work.0.as_ref().and_then(|(_, job)| job.take());
    if let Some(said) = said {
        // Only while it is awaited: the orders made anew since (a GM's change) asked nothing.
        if orders.expert == ExpertHint::Thinking {
            take_the_answer(&mut orders, said.map(Box::new));
        }
        work.0 = None;
    }
}

/// The expert's answer shown; where there is none, why is said where the orders' refusals are, and the button is
/// offered again.
pub(in crate::ui) fn take_the_answer(orders: &mut Orders, said: Result<Box<ExpertSaid>, NoOdds>) {
    match said {
        Ok(said) => orders.expert = ExpertHint::Told(said),
        Err(why) => {
            orders.refused = Some(format!("The expert: {why}"));
            orders.expert = ExpertHint::Offered;
        }
    }
}

/// The expert's thinking, on a thread of its own with one core.
fn start(asked: Asked, told: OddsTold) -> Option<(Slot, Job<Result<ExpertSaid, NoOdds>>)> {
    let slot = asked.slot;
    let job = Job::spawn("expert's hint", move |progress| asked.answer_on_one_core(told, progress));
    job.map(|job| (slot, job))
}

/// The expert's choice on the board while it is shown: a ring where it would end its move, a line to whom it would
/// attack.
fn mark_the_experts_choice(orders: Res<Orders>, mut gizmos: Gizmos) {
    let ExpertHint::Told(said) = &orders.expert else { return };
    let centre = |(x, y): Cell| super::board::cell_center(x, y);
    let stand = said.to.unwrap_or(said.from);
    if said.to.is_some() {
        gizmos.line_2d(centre(said.from), centre(stand), EXPERT.with_alpha(0.5));
        gizmos.circle_2d(centre(stand), crate::ui::CELL * 0.42, EXPERT);
        gizmos.circle_2d(centre(stand), crate::ui::CELL * 0.36, EXPERT);
    }
    if let Some(at) = said.at {
        gizmos.line_2d(centre(stand), centre(at), EXPERT);
        gizmos.rect_2d(Isometry2d::from_translation(centre(at)), Vec2::splat(crate::ui::CELL * 0.9), EXPERT);
    }
}

/// The expert's answer in a window at the map's lower right corner: its choice and win chance, the player's orders
/// and theirs, *Take these orders*, *Ask again*; closed, the panel's button is back.
fn show_the_hint(
    mut contexts: bevy_egui::EguiContexts,
    mut orders: ResMut<Orders>,
    leave: Res<super::panels::PanelsLeave>,
) -> Result {
    use bevy_egui::egui;
    let ExpertHint::Told(said) = &orders.expert else { return Ok(()) };
    let said = said.clone();
    let ctx = contexts.ctx_mut()?;
    let (mut open, mut asked) = (true, None);
    let title = egui::RichText::new("What the expert would do").color(super::panels::EXPERT_BLUE);
    let corner = leave.0.right_bottom() - egui::vec2(10.0, 10.0);
    let window = egui::Window::new(title).id(egui::Id::new("expert's hint")).open(&mut open).collapsible(false);
    window.pivot(egui::Align2::RIGHT_BOTTOM).fixed_pos(corner).min_width(420.0).show(ctx, |ui| {
        ui.label(egui::RichText::new(format!("{} — win chance {}", said.choice, said.chance)).strong());
        match (&said.orders, said.agrees) {
            (_, true) => _ = ui.label("Your orders are its choice."),
            (Some((yours, chance)), false) => _ = ui.label(format!("Your orders: {yours} — {chance}")),
            (None, false) => _ = ui.weak("Your orders so far are not ones the rules take."),
        }
        ui.weak(format!("Each chance from {} battles played out from here by the hard AI.", said.runs));
        ui.horizontal(|ui| {
            if let Some(plan) = said.plan.as_ref().filter(|_| !said.agrees)
                && ui.button("Take these orders").on_hover_text("Your orders become the expert's").clicked()
            {
                asked = Some(Some(plan.clone()));
            }
            if ui.button("Ask again (X)").on_hover_text("Ask about your orders as they stand now").clicked() {
                asked = Some(None);
            }
        });
    });
    match (open, asked) {
        (false, _) => orders.expert = ExpertHint::Offered,
        (_, Some(Some(plan))) => orders.plan = plan,
        (_, Some(None)) => orders.expert = ExpertHint::Asked,
        _ => {}
    }
    Ok(())
}
