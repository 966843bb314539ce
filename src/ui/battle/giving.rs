//! Where one screen's orders go: the slot a player's unit waits in is offered as an online host offers it
//! ([`Choices`], as the player sees the battle: under fog, what its side sees), and the orders given become the
//! ruleset's action, which the rules try on a copy of the battle first: an illegal one is explained in the panel
//! instead of ending the battle.

use bevy::prelude::*;

use super::fog::Fog;
use super::orders::{ClickSystems, Give, Orders, Waiting};
use crate::combat::gm::GmChangeMade;
use crate::combat::messages::{DeclareAction, DelaySlot};
use crate::combat::{Engine, TurnState};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::tools::plan::{Choices, seen_others};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(giving_plugin);
}

/// Turning orders into the action the slot waits for, without the clicks (headless tests give the orders).
pub fn giving_plugin(app: &mut App) {
    use crate::ui::screens::BattleScreenSystems;
    app.init_resource::<Orders>().init_resource::<Fog>().add_systems(
        Update,
        (
            offer_the_slot.before(ClickSystems).after(crate::combat::TurnSystems::Choose),
            give_orders.after(ClickSystems).before(crate::combat::TurnSystems::Resolve),
        )
            .in_set(BattleScreenSystems),
    );
}

/// What the player sees of the battle, in roster order: under fog its side's sight, else everyone.
fn seen(battle: &AnyBattle, fog: &Fog) -> Vec<bool> {
    match fog.on {
        true => fog.mask.clone(),
        false => vec![true; battle.len()],
    }
}

/// The waiting slot's choices, worked out once a slot and view (taking cover searches the cells a walk reaches), and
/// again after a game master's change (the unit may stand elsewhere, be prone or have fewer rounds: the orders so
/// far are dropped); and the ways to attack the planned target after the planned move.
fn offer_the_slot(
    state: Res<TurnState>,
    engine: Res<Engine>,
    fog: Res<Fog>,
    mut orders: ResMut<Orders>,
    mut view: Local<u64>,
    mut by_gm: MessageReader<GmChangeMade>,
) {
    let battle = &engine.0;
    let changed_by_gm = by_gm.read().count() > 0;
    let Some((_, slot)) = state.awaiting() else {
        if orders.waiting.is_some() {
            *orders = Orders::default();
        }
        return;
    };
    if changed_by_gm {
        *orders = Orders::default();
    }
    if orders.waiting.as_ref().is_none_or(|w| w.slot != slot) || *view != fog.changes {
        let ways = orders.waiting.take().map(|w| w.ways).unwrap_or_default();
        let choices = Choices::of(battle, slot, &seen(battle, &fog));
        orders.waiting = Some(Waiting { ways, ..Waiting::new(slot, choices) });
        *view = fog.changes;
    }
    let plan = &orders.plan;
    let target = plan.target.filter(|t| t.index() < battle.len());
    let ways = target.map(|t| battle.attack_choices(slot.actor, t, plan.movement.clone())).unwrap_or_default();
    let names: Vec<String> = ways.into_iter().map(|(name, _)| name).collect();
    if let Some(waiting) = orders.waiting.as_mut().filter(|w| w.ways != names) {
        waiting.ways = names;
    }
}

/// Turns the orders given into the ruleset's action, tries it on a copy of the battle, and declares it when the
/// rules accept it (a delay: when the slot may still be delayed).
fn give_orders(
    mut orders: ResMut<Orders>,
    mut state: ResMut<TurnState>,
    engine: Res<Engine>,
    fog: Res<Fog>,
    mut declare: MessageWriter<DeclareAction>,
    mut delays: MessageWriter<DelaySlot>,
) {
    let (Some((entity, slot)), Some(give)) = (state.awaiting(), orders.give.take()) else { return };
    let battle = &engine.0;
    let plan = match give {
        Give::Delay if state.from_delay => return,
        Give::Delay => {
            delays.write(DelaySlot { entity });
            *orders = Orders::default();
            return;
        }
        Give::End => Default::default(),
        Give::Plan => orders.plan.clone(),
    };
    let action = plan.action(battle, slot.actor, seen_others(battle, slot.actor, &seen(battle, &fog)));
    // A dry run with throwaway dice on copies: the real one rolls the battle's dice.
    match battle.dry_run(slot, &action) {
        Err(e) => orders.refused = Some(e.to_string()),
        Ok(()) => {
            declare.write(DeclareAction { entity, slot, action });
            state.declared();
            *orders = Orders::default();
        }
    }
}
