//! Behind the game master's screen: the sides whose dice the GM rolls hidden (the battle's request,
//! `--behind-screen`, the menu). Players are told how those rolls went, not the rolls: a test of such a side's
//! combatant becomes "Gang heavy 4 rolls Agility + Automatics behind the screen: succeeds" (no pool, no ratings, no
//! target, no faces), an attack by or at one says whether it hit but not with how many hits, and a sum it rolls
//! (damage, initiative, hits resisted) keeps its terms' values, outcomes, but loses their faces. The battle's own log and
//! its save keep every face (a replay, an undo and the GM's view need them); the window's log (one screen without a
//! GM at it, and the table screen), an online host's telling and a replay shown to players go through [`veil`].

use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::outcome::{Event, Roll, TestRecord};

/// Which combatants of `battle` (in roster order) roll behind the screen for a viewer commanding `own`: those of the
/// sides `hidden` names that the viewer does not command.
pub fn behind(battle: &AnyBattle, hidden: &[String], own: &[String]) -> Vec<bool> {
    let veiled = |side: &str| hidden.iter().any(|s| s == side) && !own.iter().any(|s| s == side);
    battle.views().iter().map(|v| veiled(v.side)).collect()
}

/// `event` as a viewer is told it when the combatants `behind` marks roll behind the screen.
pub fn veil(event: &Event, behind: &[bool]) -> Event {
    let hidden = |who: crate::rules::engine::id::CombatantId| behind.get(who.index()) == Some(&true);
    match event {
        Event::Tested(t) if hidden(t.who) => Event::Veiled { who: t.who, label: unpooled(t), outcome: outcome(t) },
        // An opposed test's reason counts both sides' hits: the outcome alone.
        Event::AttackResolved { attacker, defender, hit, graze, .. }
            if hidden(*attacker) || defender.is_some_and(hidden) =>
        {
            let reason = "rolled behind the screen".to_owned();
            Event::AttackResolved { attacker: *attacker, defender: *defender, hit: *hit, graze: *graze, reason }
        }
        Event::Calculated { who, label, terms, total } if hidden(*who) => {
            let terms = terms.iter().map(|t| crate::rules::engine::outcome::Term { faces: Vec::new(), ..t.clone() });
            Event::Calculated { who: *who, label: label.clone(), terms: terms.collect(), total: *total }
        }
        other => other.clone(),
    }
}

/// `events` as [`veil`] tells each (nothing is veiled where nobody rolls behind the screen).
pub fn veil_all(events: &[Event], behind: &[bool]) -> Vec<Event> {
    events.iter().map(|e| veil(e, behind)).collect()
}

/// What a test was of, without the ratings a pool is made of ("Agility 4 + Blades 5" → "Agility + Blades"): they
/// would tell the pool. A percentile test's label has no pool in it (its numbers are the rules' own: "SOM × 3").
fn unpooled(t: &TestRecord) -> String {
    match t.roll {
        Roll::Percentile { .. } => t.label.clone(),
        Roll::Pool { .. } | Roll::D10Pool { .. } => {
            let words = t.label.split_whitespace().filter(|w| w.parse::<i64>().is_err());
            words.collect::<Vec<_>>().join(" ")
        }
    }
}

/// How a test went, in the words players are told: success or failure, and what the rules make of the dice beyond
/// it (a critical, a glitch, a botch), never how many.
fn outcome(t: &TestRecord) -> String {
    let went = if t.roll.success() { "succeeds" } else { "fails" };
    let beyond = match &t.roll {
        Roll::Percentile { critical: true, .. } => ", a critical",
        Roll::Pool { critical_glitch: true, .. } => ", a critical glitch",
        Roll::Pool { glitch: true, .. } => ", a glitch",
        Roll::D10Pool { botch: true, .. } => ", a botch",
        _ => "",
    };
    format!("{went}{beyond}")
}
