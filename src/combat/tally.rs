//! What each side did, for the battle-end screen: attacks, hits against the hits the exact odds expected (luck),
//! damage dealt. Opt-in (the window inserts `BattleTally`): pricing every attack costs a little, which headless
//! battles and benchmarks do not need.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::components::{Combatant, Side};
use super::messages::{ActionResolved, DeclareAction};
use super::{Engine, TurnSystems};
use crate::rules::outcome::Event;
use crate::rules::ruleset::CombatantId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            expect_hits.in_set(TurnSystems::Resolve).before(super::attack::ResolveSystems),
            count_hits.in_set(TurnSystems::Apply),
        )
            .run_if(resource_exists::<BattleTally>),
    );
}

/// One side's attacks and their luck.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideTally {
    /// Attacks made (each shot of a burst's action, each Simple Action's attack).
    pub attacks: u32,
    /// Hits the exact odds expected: each action's chance to hit (its first attack's) for each of its attacks.
    pub expected_hits: f64,
    pub hits: u32,
    /// Damage marked on enemies' tracks, in the ruleset's units (damage points, boxes, health levels).
    pub damage_dealt: i64,
}

impl SideTally {
    /// Hits above (or below) what the odds expected.
    pub fn luck(&self) -> f64 {
        f64::from(self.hits) - self.expected_hits
    }
}

/// Every side's tally, by side name.
#[derive(Resource, Clone, Debug, Default)]
pub struct BattleTally {
    pub sides: BTreeMap<String, SideTally>,
    /// Actions priced and not yet counted: only their hits count, so that hits and expected hits match.
    priced: Vec<Entity>,
}

/// Before an action is resolved: the chance its attacks hit, from the exact odds.
fn expect_hits(mut declared: MessageReader<DeclareAction>, engine: Res<Engine>, mut tally: ResMut<BattleTally>) {
    for DeclareAction { entity, slot, action } in declared.read() {
        let attacks = engine.0.attacks_in(action) as u32;
        // Priced from where its move ends, as the AI and the player's preview price it.
        let Ok(odds) = engine.0.odds_of(slot.actor, action) else { continue };
        tally.priced.push(*entity);
        let side = tally.sides.entry(engine.0.view(slot.actor).side.to_owned()).or_default();
        side.attacks += attacks;
        side.expected_hits += odds.chance(crate::rules::odds::Chance::Hit) * f64::from(attacks);
    }
}

/// After it is resolved: the hits it made and the damage it dealt to the other sides.
fn count_hits(
    mut resolved: MessageReader<ActionResolved>,
    units: Query<(&Combatant, &Side)>,
    roster: Res<super::Roster>,
    log: Res<super::BattleLog>,
    mut tally: ResMut<BattleTally>,
) {
    for message in resolved.read() {
        let Ok((me, side)) = units.get(message.entity) else { continue };
        let side_of = |who: &CombatantId| roster.entity(*who).and_then(|e| units.get(e).ok()).map(|(_, s)| s.0.clone());
        let priced = tally.priced.iter().position(|e| *e == message.entity).map(|i| tally.priced.remove(i));
        let row = tally.sides.entry(side.0.clone()).or_default();
        for event in log.0.events.get(message.events.clone()).unwrap_or_default() {
            match event {
                Event::AttackResolved { attacker, hit: true, .. } if priced.is_some() && *attacker == me.0 => {
                    row.hits += 1;
                }
                Event::DamageTaken { who, amount, .. } if side_of(who).is_some_and(|s| s != side.0) => {
                    row.damage_dealt += i64::from(*amount);
                }
                _ => {}
            }
        }
    }
}
