//! The odds of one attack in a scenario or level, in its starting state: the first scripted action, or a plain
//! attack between two named combatants. What `skirmish odds` prints, as a table or (`--json`) as one JSON object.

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::battle::run;
use crate::rules::RulesError;
use crate::rules::mechanics::odds::{Chance, Dist, Measure, Odds};
use crate::scenario::Scenario;

/// Why there are no odds to give.
#[derive(Debug, thiserror::Error)]
pub enum OddsError {
    #[error("no combatant is called {name}; there are {names}")]
    NoCombatant { name: String, names: String },
    #[error("the scripted action is not of this battle's ruleset")]
    OtherRuleset,
    #[error("give --attacker and --target, or script an attack in the file")]
    NoAttack,
    /// The rules cannot price the attack.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// The attack to price: by the attacker's and target's names, or the scenario's first scripted action.
pub fn odds(scenario: &Scenario, pair: Option<(&str, &str)>) -> Result<Odds, OddsError> {
    // The battle is set up as for playing it (the map's field included); no die is rolled.
    let battle = run::start(scenario, "odds", &mut crate::rules::engine::outcome::Log::default());
    let id = |name: &str| {
        battle.id_of(name).ok_or_else(|| {
            let names: Vec<&str> = battle.views().iter().map(|v| v.name()).collect();
            OddsError::NoCombatant { name: name.to_owned(), names: names.join(", ") }
        })
    };
    let (actor, action) = match (pair, battle.first_scripted()) {
        (Some((attacker, target)), _) => {
            let actor = id(attacker)?;
            (actor, battle.plain_attack_of(actor, id(target)?))
        }
        (None, Some(first)) => {
            let actor = battle.actor_of(&first).ok_or(OddsError::OtherRuleset)?;
            (actor, first)
        }
        (None, None) => return Err(OddsError::NoAttack),
    };
    Ok(battle.odds_of(actor, &action)?)
}

/// The odds as one JSON object: `title`, `inputs`, `chances` (name → probability) and `dists` (name → {value →
/// probability}), in the table's order and at full precision (serde_json writes the shortest text that reads back
/// as the same f64).
pub fn json(odds: &Odds) -> Result<String, serde_json::Error> {
    serde_json::to_string(&OddsJson(odds))
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
struct Chances<'a>(&'a [(Chance, f64)]);

impl Serialize for Chances<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(chance, p)| (chance.to_string(), p)))
    }
}

/// The distributions as one object, name → distribution, in the table's order.
struct Dists<'a>(&'a [(Measure, Dist)]);

impl Serialize for Dists<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(measure, dist)| (measure.to_string(), DistJson(dist))))
    }
}

/// A distribution as an object from each value (a JSON key is text: "3") to its probability, smallest first.
struct DistJson<'a>(&'a Dist);

impl Serialize for DistJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter())
    }
}
