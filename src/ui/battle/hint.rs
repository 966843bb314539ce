//! *What would the expert do?* (X, or the orders panel's button): for the player's waiting slot, the expert's choice
//! (`ai::expert`) thought over on the battle as the player knows it (`Fog::known`: under fog, never what the player
//! cannot see) within the battle's think time, and the win chance of that choice beside the player's orders as they
//! stood when asked, each from the same battles played out by the hard AI (`lab::win_chance`). Worked out on a thread
//! of its own (one core: the other keeps drawing); shown in the orders panel and on the board (a ring where the
//! expert would go, a line to whom it would attack), with *Take these orders* when orders can say it. Off when the
//! table tells no odds; not offered online (the player's window has no battle to think on).

use bevy::prelude::*;

use super::fog::Fog;
use super::orders::{ExpertHint, ExpertSaid, Orders};
use crate::ai::expert::{self, Think};
use crate::combat::{AiMinds, Engine, TurnState};
use crate::lab::review::{described, taken};
use crate::lab::sim::Progress;
use crate::lab::win_chance::Chance;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::Decision;
use crate::rules::engine::field::{Cell, Move};
use crate::rules::engine::outcome::Event;
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::plan::{Plan, seen_others};
use crate::rules::tools::told::OddsTold;
use crate::ui::background::Job;

/// Battles each of the hint's two chances rests on.
const RUNS: u32 = 60;

/// The colour of the expert's marks on the board (the panels' `EXPERT_BLUE`).
const EXPERT: Color = Color::srgb_u8(90, 215, 255);

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, BoardSystems, OnBoard, fresh};
    app.init_resource::<HintWork>().add_systems(OnEnter(OnBoard), fresh::<HintWork>).add_systems(
        Update,
        (
            offer_the_hint.after(super::orders::ClickSystems).before(HintSystems).in_set(BattleScreenSystems),
            (ask_on_key.run_if(crate::ui::keys_free), think_over_the_hint)
                .chain()
                .in_set(HintSystems)
                .in_set(BattleScreenSystems),
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
pub struct HintWork(Option<(Slot, Job<ExpertSaid>)>);

/// The button is offered while a player's slot waits and the table tells odds.
fn offer_the_hint(mut orders: ResMut<Orders>, told: Res<super::told::Told>, mut work: ResMut<HintWork>) {
    let Some(slot) = orders.waiting.as_ref().map(|w| w.slot) else {
        work.0 = None;
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
        work.0 = asked.start(told.0);
        orders.expert = ExpertHint::Thinking;
    }
    let said = work.0.as_ref().and_then(|(_, job)| job.take());
    if let Some(said) = said {
        orders.expert = ExpertHint::Told(Box::new(said));
        work.0 = None;
    }
}

/// What the expert is asked about: the battle as the player knows it, the slot, and the player's orders so far.
pub(super) struct Asked {
    pub(super) battle: AnyBattle,
    pub(super) slot: Slot,
    pub(super) think: Think,
    pub(super) plan: Plan,
}

impl Asked {
    /// The expert's thinking, on a thread of its own with one core.
    fn start(self, told: OddsTold) -> Option<(Slot, Job<ExpertSaid>)> {
        let slot = self.slot;
        let job = Job::spawn("expert's hint", move |progress| match crate::ui::background::one_core() {
            Ok(one_core) => one_core.install(|| self.answer(told, progress)),
            // No thread pool to think on: the expert thinks on this thread.
            Err(_) => self.answer(told, progress),
        });
        job.map(|job| (slot, job))
    }

    /// The expert's choice and the player's orders, each in words with its win chance as the table tells it.
    pub(super) fn answer(&self, told: OddsTold, progress: &Progress) -> ExpertSaid {
        let (battle, actor) = (&self.battle, self.slot.actor);
        let thought = expert::think_over(battle, self.slot, self.think);
        let choice = thought.choice.clone().map_or(Decision::Pass, Decision::Act);
        let others = seen_others(battle, actor, &vec![true; battle.len()]);
        let orders = Decision::Act(self.plan.action(battle, actor, others.clone()));
        let side = battle.view(actor).side.to_owned();
        let chance = |decision: &Decision<AnyAction>| {
            let chance = Chance::of(battle).refined(battle, Some(decision), RUNS, progress);
            told.chance(chance.rate(&side)).unwrap_or_default()
        };
        let events = taken(battle, &choice);
        let said_orders = match &orders {
            Decision::Act(action) if battle.dry_run(self.slot, action).is_err() => None,
            _ if orders == choice => None,
            _ => Some((described(actor, &taken(battle, &orders)), chance(&orders))),
        };
        let agrees = orders == choice;
        ExpertSaid {
            choice: described(actor, &events),
            chance: chance(&choice),
            orders: said_orders,
            agrees,
            runs: RUNS,
            plan: thought.choice.as_ref().and_then(|action| as_orders(battle, self.slot, action, &events, others)),
            from: battle.view(actor).position,
            to: events.iter().find_map(|e| moved(e, actor)).map(|m| m.to),
            at: events.iter().find_map(|e| attacked(e, actor)).map(|target| battle.view(target).position),
        }
    }
}

/// Where and at what pace `actor` moved in `event`, if it did.
fn moved(event: &Event, actor: crate::rules::engine::ruleset::CombatantId) -> Option<Move> {
    match event {
        Event::Moved { who, to, pace, .. } if *who == actor => Some(Move { to: *to, pace: *pace }),
        _ => None,
    }
}

/// Whom `actor` attacked in `event`, if it did.
fn attacked(
    event: &Event,
    actor: crate::rules::engine::ruleset::CombatantId,
) -> Option<crate::rules::engine::ruleset::CombatantId> {
    match event {
        Event::AttackResolved { attacker, defender, .. } if *attacker == actor => *defender,
        _ => None,
    }
}

/// The expert's `action` as orders the player could give (the same move, target and way to attack, or the same
/// other action), when orders can say it: the ones that make exactly that action.
fn as_orders(
    battle: &AnyBattle,
    slot: Slot,
    action: &AnyAction,
    events: &[Event],
    others: Vec<(String, AnyAction)>,
) -> Option<Plan> {
    let actor = slot.actor;
    let movement = events.iter().find_map(|e| moved(e, actor));
    let target = events.iter().find_map(|e| attacked(e, actor));
    let ways = target.map_or(0, |t| battle.attack_choices(actor, t, movement.clone()).len()).max(1);
    let other = (0..others.len()).map(|i| Plan { other: Some(i), ..Plan::default() });
    let attacks = (0..ways).map(|way| Plan { movement: movement.clone(), target, way: Some(way), ..Plan::default() });
    other.chain(attacks).find(|plan| plan.action(battle, actor, others.clone()) == *action)
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
