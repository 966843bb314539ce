//! The battle loop every ruleset shares: turns, the ruleset's slots, scripted actions or the built-in choice,
//! and the end of the battle, in pure Rust. The ECS layer (`crate::combat`) drives the same ruleset calls in the
//! same order; this loop is the reference it is tested and benchmarked against.

use std::collections::VecDeque;

use crate::map::victory::{Objectives, Won};
use crate::rules::RulesError;
use crate::rules::dice::Dice;
use crate::rules::outcome::{Event, Log};
use crate::rules::ruleset::{Combatant, FighterState, Ruleset, Slot};

/// How the actions of a battle are chosen.
pub enum Script<A> {
    /// Play the scripted actions in order, each in its actor's next slot, and stop when they run out.
    Scripted(VecDeque<A>),
    /// Everyone uses the ruleset's built-in choice until one side is left.
    BuiltIn,
}

/// The sides that still have someone in the fight.
pub fn sides_standing<F: FighterState>(battle: &[Combatant<F>]) -> Vec<&str> {
    let mut sides: Vec<&str> = battle.iter().filter(|c| !c.fighter.is_out()).map(|c| c.side.as_str()).collect();
    sides.dedup();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// Why a battle stopped.
pub enum Stop {
    /// One side is left standing.
    Decided,
    /// A side met a victory condition of the level.
    Won(Won),
    ScriptDone,
    Stuck(String),
    /// The turn limit was reached; the level may name who wins then.
    TurnLimit(u32, Option<String>),
}

/// Plays a battle to its end, to the end of its script, or to the turn limit, appending every event to `log`.
pub fn play<R: Ruleset>(
    ruleset: &mut R,
    battle: &mut [Combatant<R::Fighter>],
    script: Script<R::Action>,
    limits: (u32, &mut Objectives),
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    play_with(ruleset, battle, script, limits, dice, log, &mut |r: &R, slot, b: &[_]| r.default_action(slot, b))
}

/// Who chooses the actions of a battle without a script: the ruleset's built-in choice, or the AI.
pub type Chooser<'a, R> =
    &'a mut dyn FnMut(&R, Slot, &[Combatant<<R as Ruleset>::Fighter>]) -> Option<<R as Ruleset>::Action>;

/// [`play`], with `choose` deciding every slot of a battle without a script.
pub fn play_with<R: Ruleset>(
    ruleset: &mut R,
    battle: &mut [Combatant<R::Fighter>],
    mut script: Script<R::Action>,
    (turn_limit, objectives): (u32, &mut Objectives),
    dice: &mut dyn Dice,
    log: &mut Log,
    choose: Chooser<'_, R>,
) -> Result<(), RulesError> {
    for turn in 1..=turn_limit {
        log.push(Event::TurnStarted { turn });
        ruleset.start_turn(turn, battle, dice, log)?;
        let mut had_slot = Vec::new();
        let turn_state = (turn, &mut had_slot, &*objectives);
        if let Some(stop) = play_turn(ruleset, turn_state, battle, (&mut script, &mut *choose), dice, log)? {
            end(battle, stop, log);
            return Ok(());
        }
        if let Some(won) = objectives.end_of_turn(battle) {
            end(battle, Stop::Won(won), log);
            return Ok(());
        }
        if let Script::Scripted(actions) = &script
            && let Some(next) = actions.front()
            && !had_slot.iter().any(|n| n == ruleset.actor_of(next))
        {
            // The next scripted actor had no slot this whole turn: it is out, and the script cannot go on.
            let why = format!("{} cannot act for the next scripted action", ruleset.actor_of(next));
            end(battle, Stop::Stuck(why), log);
            return Ok(());
        }
    }
    end(battle, Stop::TurnLimit(turn_limit, objectives.at_turn_limit.clone()), log);
    Ok(())
}

/// Plays the slots of one turn, noting who had one; `Some` when the battle stops during it.
fn play_turn<R: Ruleset>(
    ruleset: &mut R,
    (turn, had_slot, objectives): (u32, &mut Vec<String>, &Objectives),
    battle: &mut [Combatant<R::Fighter>],
    (script, choose): (&mut Script<R::Action>, Chooser<'_, R>),
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Option<Stop>, RulesError> {
    let mut pass = 0;
    loop {
        if let Some(won) = objectives.after_action(battle) {
            return Ok(Some(Stop::Won(won)));
        }
        let Some(slot) = ruleset.next_slot(battle) else { break };
        if !ruleset.announces_phases() && slot.phase != pass {
            pass = slot.phase;
            log.push(Event::PassStarted { turn, pass });
        }
        // A tie-mate acting at the same moment still acts, even when the other's action ended the battle.
        if sides_standing(battle).len() <= 1 && !slot.simultaneous {
            return Ok(Some(Stop::Decided));
        }
        let name = battle[slot.actor].fighter.name().to_owned();
        had_slot.push(name.clone());
        if !takes_slot(ruleset, slot, battle, log) {
            continue;
        }
        match script {
            Script::Scripted(actions) => {
                let Some(next) = actions.front() else { return Ok(Some(Stop::ScriptDone)) };
                if ruleset.actor_of(next) == name {
                    ruleset.perform(slot, next, battle, dice, log)?;
                    actions.pop_front();
                }
            }
            Script::BuiltIn => {
                if let Some(action) = choose(ruleset, slot, battle) {
                    ruleset.perform(slot, &action, battle, dice, log)?;
                }
            }
        }
    }
    let decided = sides_standing(battle).len() <= 1;
    let done = matches!(script, Script::Scripted(a) if a.is_empty());
    Ok(decided.then_some(Stop::Decided).or(done.then_some(Stop::ScriptDone)))
}

/// Starts the slot of a combatant still in the fight (its turn's bookkeeping runs whether or not it then acts), and
/// says whether it acts in it: not when it cannot act (stunned), nor when the start cost it the slot (a botch).
pub fn takes_slot<R: Ruleset>(
    ruleset: &mut R,
    slot: Slot,
    battle: &mut [Combatant<R::Fighter>],
    log: &mut Log,
) -> bool {
    if battle[slot.actor].fighter.is_out() && !slot.simultaneous {
        return false;
    }
    let acts = ruleset.start_slot(slot, battle, log);
    acts && (battle[slot.actor].fighter.can_act() || slot.simultaneous)
}

fn end<F: FighterState>(battle: &[Combatant<F>], stop: Stop, log: &mut Log) {
    log.push(battle_ended(battle, stop));
}

/// The event that ends a battle for `stop`.
pub fn battle_ended<F: FighterState>(battle: &[Combatant<F>], stop: Stop) -> Event {
    let standing = sides_standing(battle);
    let (reason, winner) = match stop {
        Stop::Decided => match standing.first() {
            Some(side) => ("every other side is out".to_owned(), Some(side.to_string())),
            None => ("nobody is left standing".to_owned(), None),
        },
        Stop::ScriptDone => ("the scripted actions are done".to_owned(), None),
        Stop::Won(Won { side, reason }) => (reason, Some(side)),
        Stop::Stuck(why) => (why, None),
        Stop::TurnLimit(n, None) => (format!("the turn limit of {n} was reached"), None),
        Stop::TurnLimit(n, Some(side)) => {
            (format!("the turn limit of {n} was reached and {side} held out"), Some(side))
        }
    };
    Event::BattleEnded { reason, winner }
}
