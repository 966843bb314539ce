//! A scenario's battle started and played by the rules alone (no ECS): the engine at its start, whatever its
//! ruleset, its first event logged and its combatants named ([`start`]); that engine with its dice, ready for the ECS
//! ([`setup`]); and a battle played to its end with the built-in choice ([`run`]), the pure loop the ECS layer is
//! tested against.

use std::sync::Arc;

use crate::rules::RulesError;
use crate::rules::any_ruleset::any::{AnyBattle, BattleSetup, Kind};
use crate::rules::eclipse_phase::{self as ep, EclipsePhase};
use crate::rules::engine::battle::{ActionSource, Battle, Start};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::Field;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::Combatant;
use crate::rules::engine::victory::Objectives;
use crate::rules::homebrew_d6::{self as hb, HomebrewD6};
use crate::rules::shadowrun4::{self as sr4, Shadowrun4};
use crate::rules::storyteller::{self as st, Storyteller};
use crate::scenario::{CombatantSpec, RulesetSetup, Scenario};

/// Plays a scenario with `dice` (scripted, or the built-in choice for everyone), appending to `log`. On an error
/// the log holds what happened until then.
pub fn run(scenario: &Scenario, dice: &mut dyn Dice, dice_label: &str, log: &mut Log) -> Result<(), RulesError> {
    let mut battle = start(scenario, dice_label, log);
    battle.play_out(dice, log, &mut crate::rules::any_ruleset::any::built_in)
}

/// A scenario's battle with its dice and its log so far, ready for the ECS (headless or the window's).
pub fn setup(scenario: &Scenario, dice: Box<dyn Dice + Send + Sync>, dice_label: &str) -> BattleSetup {
    let mut log = Log::default();
    let battle = start(scenario, dice_label, &mut log);
    BattleSetup { battle, dice, log, typed: Default::default() }
}

/// The battle engine for a scenario's start, whatever its ruleset; its first event (`BattleStarted`) goes to `log`.
pub fn start(scenario: &Scenario, dice_label: &str, log: &mut Log) -> AnyBattle {
    let header = Header::of(scenario, dice_label);
    match &scenario.ruleset {
        RulesetSetup::EclipsePhase(setup) => {
            let battle = battle_of(&setup.combatants, |name, sheet, condition| ep::Fighter {
                id: Default::default(),
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            header.start(EclipsePhase::new(setup.options), battle, &setup.actions, log)
        }
        RulesetSetup::Shadowrun4(setup) => {
            let battle = battle_of(&setup.combatants, |name, sheet, condition| sr4::Fighter {
                id: Default::default(),
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            header.start(Shadowrun4::new(setup.options.clone()), battle, &setup.actions, log)
        }
        RulesetSetup::Storyteller(setup) => {
            let battle = battle_of(&setup.combatants, |name, sheet, condition| st::Fighter {
                id: Default::default(),
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            header.start(Storyteller::new(setup.options), battle, &setup.actions, log)
        }
        RulesetSetup::HomebrewD6(setup) => {
            let battle = battle_of(&setup.combatants, |name, sheet, condition| hb::Fighter {
                id: Default::default(),
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            header.start(HomebrewD6::new(setup.options), battle, &setup.actions, log)
        }
    }
}

/// The combatants at the start of the battle, each on its side and cell.
fn battle_of<S: Clone, C: Clone, F>(
    specs: &[CombatantSpec<S, C>],
    fighter: impl Fn(String, S, C) -> F,
) -> Vec<Combatant<F>> {
    let place = |c: &CombatantSpec<S, C>| Combatant {
        side: c.side.clone(),
        position: c.position,
        fighter: fighter(c.name.clone(), c.sheet.clone(), c.condition.clone()),
    };
    specs.iter().map(place).collect()
}

/// What every battle of a scenario starts from, whatever its ruleset.
struct Header<'a> {
    name: &'a str,
    dice: &'a str,
    turn_limit: u32,
    field: Field,
    objectives: Objectives,
}

impl<'a> Header<'a> {
    fn of(scenario: &'a Scenario, dice: &'a str) -> Self {
        let field = match &scenario.field {
            Some(map) => Field(map.clone()),
            None => Field::default(),
        };
        let (name, turn_limit, objectives) = (&scenario.name, scenario.turn_limit, scenario.objectives.clone());
        Header { name, dice, turn_limit, field, objectives }
    }

    /// The battle engine for this scenario's start, its first event (`BattleStarted`) written to `log` and its
    /// combatants' names given to it (how its events read).
    fn start<K: Kind>(
        &self,
        mut rules: K,
        combatants: Vec<Combatant<K::Fighter>>,
        actions: &[K::Action],
        log: &mut Log,
    ) -> AnyBattle {
        rules.set_field(self.field.clone());
        let (name, ruleset, dice) = (self.name.to_owned(), rules.name().to_owned(), self.dice.to_owned());
        log.push(Event::BattleStarted { name, ruleset, dice });
        log.names = crate::rules::engine::ruleset::names(&combatants);
        let orders = ActionSource::scripted_or_free(actions.iter().cloned());
        let (turn_limit, objectives) = (self.turn_limit, self.objectives.clone());
        K::hold(Battle::new(Start { rules, combatants, orders, turn_limit, objectives }))
    }
}
