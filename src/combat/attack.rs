//! The attack system: resolves each declared action by the rules on a snapshot of the battle, appends the
//! explained outcome to the log, records the action, and reports every attack it decided. The combatants are not
//! touched here: the damage system applies the outcome.

use bevy::prelude::*;

use super::messages::{ActionResolved, AttackResolved, DeclareAction, UnitMoved};
use super::snapshot;
use super::{
    BattleDice, BattleLog, BattleRecord, CombatRules, Parts, Recorded, Roster, Rules, SlotView, TurnState, TurnSystems,
};
use crate::rules::outcome::Event;
use crate::rules::ruleset::FighterState;

pub(super) fn plugin<R: CombatRules>(app: &mut App) {
    app.add_systems(Update, resolve_actions::<R>.in_set(TurnSystems::Resolve).in_set(ResolveActions));
}

/// The system that resolves declared actions (the tally prices them just before).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct ResolveActions;

/// Runs the rules for each declared action.
fn resolve_actions<R: CombatRules>(
    mut declared: MessageReader<DeclareAction<R::Action>>,
    mut rules: ResMut<Rules<R>>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<BattleLog>,
    mut record: ResMut<BattleRecord<R::Action>>,
    mut state: ResMut<TurnState>,
    roster: Res<Roster>,
    mut view: ResMut<SlotView<R::Fighter>>,
    parts: Query<Parts<R>>,
    mut writers: (MessageWriter<ActionResolved<R::Fighter>>, MessageWriter<AttackResolved>, MessageWriter<UnitMoved>),
) {
    for DeclareAction { entity, slot, action } in declared.read() {
        let mut battle = view.0.take().unwrap_or_else(|| snapshot::<R>(&parts));
        let from = log.0.events.len();
        if let Err(e) = rules.0.perform(*slot, action, &mut battle, dice.0.as_mut(), &mut log.0) {
            state.error = Some(e.to_string());
            state.ended = true;
            return;
        }
        let actor = battle[slot.actor].fighter.name().to_owned();
        record.0.push(Recorded { turn: state.turn, slot: *slot, actor, action: action.clone() });
        let events = log.0.events[from..].to_vec();
        let entity_of = |name: &str| battle.iter().position(|c| c.fighter.name() == name).map(|i| roster.0[i]);
        for event in &events {
            if let Event::AttackResolved { attacker, defender, hit, reason } = event
                && let (Some(attacker), Some(defender)) = (entity_of(attacker), entity_of(defender))
            {
                writers.1.write(AttackResolved { attacker, defender, hit: *hit, reason: reason.clone() });
            }
            if let Event::Moved { who, from, path, pace, .. } = event
                && let Some(entity) = entity_of(who)
            {
                writers.2.write(UnitMoved { entity, from: *from, path: path.clone(), pace: *pace });
            }
        }
        let fighters = battle.into_iter().enumerate().map(|(i, c)| (roster.0[i], c.position, c.fighter)).collect();
        writers.0.write(ActionResolved { entity: *entity, events, fighters });
    }
}
