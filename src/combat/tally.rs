//! What each side did, for the battle-end screen: attacks, hits against the hits the exact odds expected (luck),
//! damage dealt; a battle taken up again (a save, an undo) is tallied from its first decision, replayed. Opt-in (the window inserts `BattleTally`): pricing every attack costs a little, which headless
//! battles and benchmarks do not need.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::components::Combatant;
use super::messages::{ActionResolved, DeclareAction};
use super::{Engine, TurnSystems};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::any_ruleset::replay::Replayed;
use crate::rules::engine::battle::Decision;
use crate::rules::engine::dice::ScriptedDice;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::{CombatantId, Slot};

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
    /// While a battle is replayed: whether the decision being replayed was priced.
    replay_priced: bool,
}

impl BattleTally {
    /// Prices an action about to be taken in `slot` of `battle`: its attacks, and the hits its first attack's exact
    /// odds expect of them (from where its move ends, as the AI and the player's preview price it). Whether it was
    /// priced (an action without an attack is not).
    fn expect(&mut self, battle: &AnyBattle, slot: Slot, action: &AnyAction) -> bool {
        let attacks = battle.attacks_in(action) as u32;
        let Ok(odds) = battle.odds_of(slot.actor, action) else { return false };
        let side = self.sides.entry(battle.view(slot.actor).side.to_owned()).or_default();
        side.attacks += attacks;
        side.expected_hits += odds.chance(crate::rules::mechanics::odds::Chance::Hit) * f64::from(attacks);
        true
    }

    /// Counts what `actor`'s action did (`events`, once taken): its hits, if it was priced (so that hits and
    /// expected hits match), and the damage it dealt to the other sides.
    fn count(&mut self, battle: &AnyBattle, actor: CombatantId, priced: bool, events: &[Event]) {
        let side_of = |who: CombatantId| (who.index() < battle.len()).then(|| battle.view(who).side);
        let Some(side) = side_of(actor) else { return };
        let row = self.sides.entry(side.to_owned()).or_default();
        for event in events {
            match event {
                Event::AttackResolved { attacker, hit: true, .. } if priced && *attacker == actor => row.hits += 1,
                Event::DamageTaken { who, amount, .. } if side_of(*who).is_some_and(|s| s != side) => {
                    row.damage_dealt += i64::from(*amount);
                }
                _ => {}
            }
        }
    }

    /// The tally of `battle` taken up again (an undo), as if it had been played on screen: each of its decisions
    /// replayed on `start` (the same battle before its first decision) with its faces, priced before it is taken and
    /// counted after. A save taken up is tallied as it is replayed ([`BattleTally::watch`]).
    pub fn replayed(mut start: AnyBattle, battle: &AnyBattle) -> Self {
        let mut dice = ScriptedDice::new(battle.faces().iter().copied());
        let mut tally = BattleTally::default();
        // A record that stops fitting (a changed file) tallies what it replayed up to there.
        _ = start.replay_watched(&battle.record(), &mut dice, &mut Log::default(), &mut |now, step| {
            tally.watch(now, step);
        });
        tally
    }

    /// Tallies one step of a battle being replayed: a decision priced before it is taken again, counted after.
    pub fn watch(&mut self, now: &AnyBattle, step: Replayed<'_>) {
        match step {
            Replayed::Before(slot, Decision::Act(action), _) => self.replay_priced = self.expect(now, slot, action),
            Replayed::After(slot, Decision::Act(_), events) => {
                let priced = self.replay_priced;
                self.count(now, slot.actor, priced, events);
            }
            Replayed::Before(..) | Replayed::After(..) => {}
        }
    }
}

/// Before an action is resolved: the chance its attacks hit, from the exact odds.
fn expect_hits(mut declared: MessageReader<DeclareAction>, engine: Res<Engine>, mut tally: ResMut<BattleTally>) {
    for DeclareAction { entity, slot, action } in declared.read() {
        if tally.expect(&engine.0, *slot, action) {
            tally.priced.push(*entity);
        }
    }
}

/// After it is resolved: the hits it made and the damage it dealt to the other sides.
fn count_hits(
    mut resolved: MessageReader<ActionResolved>,
    units: Query<&Combatant>,
    (engine, log): (Res<Engine>, Res<super::BattleLog>),
    mut tally: ResMut<BattleTally>,
) {
    for message in resolved.read() {
        let Ok(me) = units.get(message.entity) else { continue };
        let priced = tally.priced.iter().position(|e| *e == message.entity).map(|i| tally.priced.remove(i));
        let events = log.0.events.get(message.events.clone()).unwrap_or_default();
        tally.count(&engine.0, me.0, priced.is_some(), events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::any_ruleset::any::RulesetId;
    use crate::rules::engine::dice::SeededDice;

    #[test]
    fn a_battle_taken_up_again_is_tallied_as_if_it_had_been_played_on_screen() {
        let level = crate::scenario::level::load("levels/street.ron".as_ref()).expect("a shipped level");
        for ruleset in RulesetId::ALL {
            let scenario = level.scenario(ruleset).expect("plays");
            let mut app = crate::combat::headless::ecs_app(&scenario, Box::new(SeededDice::new(7)), "seed 7");
            app.insert_resource(BattleTally::default());
            crate::combat::battle::prepare(&mut app).expect("prepared");
            crate::combat::battle::play_to_end(&mut app).expect("played");
            let live = app.world().resource::<BattleTally>().sides.clone();
            assert!(live.values().any(|s| s.attacks > 0 && s.hits > 0 && s.damage_dealt > 0), "{ruleset:?}: {live:?}");
            let battle = &app.world().resource::<Engine>().0;
            let start = crate::battle::run::start(&scenario, "seed 7", &mut Log::default());
            assert_eq!(BattleTally::replayed(start, battle).sides, live, "{ruleset:?}");
            // Its save taken up: tallied on the way as the start replays it, once.
            let request = crate::battle::BattleRequest {
                dice: crate::battle::DiceChoice::Seed(7),
                dice_label: "seed 7".into(),
                ..crate::battle::BattleRequest::new("levels/street.ron".as_ref(), Some(ruleset), Default::default())
            };
            let saved = crate::battle::save::Save::of(&request, battle).taken_up("".as_ref());
            let mut watched = BattleTally::default();
            let started = crate::battle::start_watched(&saved, crate::battle::no_typing, &mut |now, step| {
                watched.watch(now, step);
            });
            assert!(started.is_ok_and(|s| s.before.is_some()), "{ruleset:?}: the save is taken up");
            assert_eq!(watched.sides, live, "{ruleset:?}");
        }
    }
}
