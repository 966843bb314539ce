//! The odds of one attack in a scenario or level, in its starting state: the first scripted action, or a plain
//! attack between two named combatants. What `skirmish odds` prints, as a table or (`--json`) as one JSON object.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{Build, Scenario, build};
use crate::combat::CombatRules;
use crate::combat::battle::BattleSetup;
use crate::rules::dice::SeededDice;
use crate::rules::odds::{AttackOdds, Dist, Odds};
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
        let (rules, battle) = (setup.battle.rules(), setup.battle.combatants());
        let index = |name: &str| {
            battle.iter().position(|c| c.fighter.name() == name).ok_or_else(|| {
                let names: Vec<&str> = battle.iter().map(|c| c.fighter.name()).collect();
                format!("no combatant is called {name}; there are {}", names.join(", "))
            })
        };
        let (actor, action) = match (self.0, setup.battle.first_scripted()) {
            (Some((attacker, target)), _) => {
                let (actor, _) = (index(attacker)?, index(target)?);
                (actor, rules.plain_attack_of(battle, actor, target))
            }
            (None, Some(first)) => (index(rules.actor_of(first))?, first.clone()),
            (None, None) => return Err("give --attacker and --target, or script an attack in the file".into()),
        };
        rules.odds_of(battle, actor, &action).map_err(|e| e.to_string())
    }
}

/// The odds as one JSON object: `title`, `inputs`, `chances` (name → probability) and `dists` (name → {value →
/// probability}), in the table's order and at full precision (serde_json writes the shortest text that reads back
/// as the same f64).
pub fn json(odds: &Odds) -> Result<String, String> {
    serde_json::to_string(&OddsJson(odds)).map_err(|e| e.to_string())
}

/// [`Odds`] in the JSON shape: objects keyed by name rather than the pairs the table keeps.
struct OddsJson<'a>(&'a Odds);

impl Serialize for OddsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let odds = self.0;
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("title", &odds.title)?;
        map.serialize_entry("inputs", &odds.inputs)?;
        map.serialize_entry("chances", &Chances(&odds.chances))?;
        map.serialize_entry("dists", &Dists(&odds.dists))?;
        map.end()
    }
}

/// The chances as one object, name → probability, in the table's order (serde_json keeps the order written).
struct Chances<'a>(&'a [(String, f64)]);

impl Serialize for Chances<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, p)| (name, p)))
    }
}

/// The distributions as one object, name → distribution, in the table's order.
struct Dists<'a>(&'a [(String, Dist)]);

impl Serialize for Dists<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, dist)| (name, DistJson(dist))))
    }
}

/// A distribution as an object from each value (a JSON key is text: "3") to its probability, smallest first.
struct DistJson<'a>(&'a Dist);

impl Serialize for DistJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter())
    }
}
