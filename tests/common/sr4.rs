//! Helpers for Shadowrun 4 rules tests.

use skirmish::rules::RulesError;
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::ruleset::Combatant;
use skirmish::rules::shadowrun4::{Fighter, Options, Shadowrun4};

use super::{perform_rules, sheet_of};

/// A combatant on `side` at `x` meters along the x axis, from the inside of its sheet's RON parentheses.
pub fn at(name: &str, side: &str, x: i32, fields: &str) -> Combatant<Fighter> {
    Combatant { side: side.into(), position: (x, 0), fighter: Fighter::new(name, sheet_of(fields)) }
}

/// Performs `text` for combatant `actor` under default options, checking every face was used.
pub fn perform(battle: &mut [Combatant<Fighter>], actor: usize, text: &str, faces: &[u32]) -> Log {
    perform_rules(&mut Shadowrun4::new(Options::default()), battle, actor, text, faces).expect("legal action")
}

/// Like [`perform`] with a given ruleset state, returning the rules' error.
pub fn perform_with(
    rules: &mut Shadowrun4,
    battle: &mut [Combatant<Fighter>],
    actor: usize,
    text: &str,
    faces: &[u32],
) -> Result<Log, RulesError> {
    perform_rules(rules, battle, actor, text, faces)
}
