//! Helpers for d6 homebrew rules tests.

use skirmish::rules::RulesError;
use skirmish::rules::dice::ScriptedDice;
use skirmish::rules::homebrew_d6::sheet::Sheet;
use skirmish::rules::homebrew_d6::turn::Action;
use skirmish::rules::homebrew_d6::{Fighter, HomebrewD6, Options};
use skirmish::rules::outcome::Log;
use skirmish::rules::ruleset::{Combatant, Ruleset, Slot};

use super::{render, ron_options};

/// A combatant on `side` at `x` meters along the x axis, from the inside of its sheet's RON parentheses.
pub fn at(name: &str, side: &str, x: i32, fields: &str) -> Combatant<Fighter> {
    let sheet: Sheet = ron_options().from_str(&format!("({fields})")).expect("test sheet");
    Combatant { side: side.into(), position: (x, 0), fighter: Fighter::new(name, sheet) }
}

/// Performs `text` as combatant `actor`'s first action of a turn, checking every face was used.
pub fn perform(battle: &mut [Combatant<Fighter>], actor: usize, text: &str, faces: &[u32]) -> Log {
    perform_with(Options::default(), battle, actor, text, faces).expect("legal action")
}

/// Like [`perform`] with options, returning the rules' error.
pub fn perform_with(
    options: Options,
    battle: &mut [Combatant<Fighter>],
    actor: usize,
    text: &str,
    faces: &[u32],
) -> Result<Log, RulesError> {
    let action: Action = ron_options().from_str(text).expect("test action");
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let mut log = Log::default();
    HomebrewD6::new(options).perform(
        Slot { actor, phase: 1, simultaneous: false },
        &action,
        battle,
        &mut dice,
        &mut log,
    )?;
    assert_eq!(dice.remaining(), 0, "every scripted face should be used:\n{}", render(&log));
    Ok(log)
}
