//! Helpers for Shadowrun 4 rules tests.

use skirmish::rules::RulesError;
use skirmish::rules::dice::ScriptedDice;
use skirmish::rules::outcome::Log;
use skirmish::rules::ruleset::{Combatant, Ruleset, Slot};
use skirmish::rules::shadowrun4::actions::Action;
use skirmish::rules::shadowrun4::sheet::Sheet;
use skirmish::rules::shadowrun4::{Fighter, Options, Shadowrun4};

use super::{render, ron_options};

/// A sheet from the inside of its RON parentheses.
pub fn sheet(fields: &str) -> Sheet {
    ron_options().from_str(&format!("({fields})")).expect("test sheet")
}

/// A combatant on `side` at `x` meters along the x axis.
pub fn at(name: &str, side: &str, x: i32, fields: &str) -> Combatant<Fighter> {
    Combatant { side: side.into(), position: (x, 0), fighter: Fighter::new(name, sheet(fields)) }
}

/// Performs `text` for combatant `actor` with `faces` under default options, checking every face was used.
pub fn perform(battle: &mut [Combatant<Fighter>], actor: usize, text: &str, faces: &[u32]) -> Log {
    perform_with(&mut Shadowrun4::new(Options::default()), battle, actor, text, faces).expect("legal action")
}

/// Like [`perform`] with a given ruleset state, returning the rules' error.
pub fn perform_with(
    rules: &mut Shadowrun4,
    battle: &mut [Combatant<Fighter>],
    actor: usize,
    text: &str,
    faces: &[u32],
) -> Result<Log, RulesError> {
    let action: Action = ron_options().from_str(text).expect("test action");
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let mut log = Log::default();
    rules.perform(Slot { actor, phase: 1, simultaneous: false }, &action, battle, &mut dice, &mut log)?;
    assert_eq!(dice.remaining(), 0, "every scripted face should be used:\n{}", render(&log));
    Ok(log)
}
