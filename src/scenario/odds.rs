//! The odds of one attack in a scenario or level, in its starting state: the first scripted action, or a plain
//! attack between two named combatants. What `skirmish odds` prints.

use super::{Build, Scenario, build};
use crate::combat::battle::BattleSetup;
use crate::combat::{ActionSource, CombatRules};
use crate::rules::dice::SeededDice;
use crate::rules::odds::{AttackOdds, Odds};
use crate::rules::ruleset::FighterState;

/// The attack to price: by the attacker's and target's names, or the scenario's first scripted action.
pub fn odds(scenario: &Scenario, pair: Option<(&str, &str)>) -> Result<Odds, String> {
    // The battle is set up as for playing it (the map's field included); no die is rolled.
    build(scenario, Box::new(SeededDice::new(0)), "odds", OddsOf(pair))
}

/// Prices the attack in a battle's setup.
struct OddsOf<'a>(Option<(&'a str, &'a str)>);

impl Build for OddsOf<'_> {
    type Out = Result<Odds, String>;

    fn build<R: CombatRules + AttackOdds + Clone>(self, setup: BattleSetup<R>) -> Self::Out {
        let (rules, battle) = (&setup.rules, &setup.combatants);
        let index = |name: &str| {
            battle.iter().position(|c| c.fighter.name() == name).ok_or_else(|| {
                let names: Vec<&str> = battle.iter().map(|c| c.fighter.name()).collect();
                format!("no combatant is called {name}; there are {}", names.join(", "))
            })
        };
        let (actor, action) = match (self.0, &setup.source) {
            (Some((attacker, target)), _) => {
                let (actor, _) = (index(attacker)?, index(target)?);
                (actor, rules.plain_attack_of(battle, actor, target))
            }
            (None, ActionSource::Scripted(script)) if !script.is_empty() => {
                (index(rules.actor_of(&script[0]))?, script[0].clone())
            }
            (None, _) => return Err("give --attacker and --target, or script an attack in the file".into()),
        };
        rules.odds_of(battle, actor, &action).map_err(|e| e.to_string())
    }
}
