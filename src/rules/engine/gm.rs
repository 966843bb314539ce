//! The game master's hand: a change the GM makes to a battle (a wound corrected, a status put on or taken off, a
//! combatant moved, its ammunition, one taken off the map, a reinforcement brought in) is a decision in the battle's record like a slot's action.
//! It saves, replays and undoes as any, and the log says it to everyone allowed to see that unit ("GM: Gang heavy 4's
//! Physical 3 → 5"). It leaves the turn's order alone: the slot being played is still the one being played (a GM who
//! knocks out the combatant whose slot it is ends that slot, as the rules end the slot of one who cannot act).
//!
//! What follows from a corrected damage track (a full monitor knocks out, a healed one no longer does) is each
//! ruleset's own: `Ruleset::track_statuses`, in `rules/<ruleset>/gm.rs`.

use serde::{Deserialize, Serialize};

use super::field::Cell;
use super::outcome::{Event, Log, Status};
use super::refusal::Refusal;
use super::ruleset::{Combatant, CombatantId, FighterState, Ruleset};
use crate::rules::RulesError;

/// Why a GM cannot set a combatant's initiative: it has none this turn.
pub const NO_INITIATIVE: &str = "it rolled no initiative this turn (out of the fight, in reserve, or before the first)";

/// The most a GM may set an initiative to, either way: past any roll of the four rulesets.
pub const MOST_INITIATIVE: i32 = 999;

/// The most a GM may set a damage track to: past any track's end (overflow counted) in the four rulesets.
pub const MOST_TAKEN: u32 = 99;

/// A change the GM makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GmChange {
    /// Damage track `track` (its place in the ruleset's tracks, from 0) set to `taken`.
    Track { who: CombatantId, track: u8, taken: u32 },
    /// A status put on (`on`) or taken off: prone, stunned, unconscious, incapacitated, dead.
    Status { who: CombatantId, status: Status, on: bool },
    /// Moved to a cell (an open one, on the map, with nobody standing in it).
    Place { who: CombatantId, to: Cell },
    /// The rounds in the weapon in hand, where the ruleset counts them.
    Rounds { who: CombatantId, rounds: u32 },
    /// Taken off the map: out of the battle, as one gone through an exit, but not through one (no side escapes by
    /// it).
    TakeOff { who: CombatantId },
    /// The combatant's initiative this turn, as the order uses it now: the rest of the turn's order follows it.
    Initiative { who: CombatantId, score: i32 },
    /// A combatant waiting in reserve brought onto the map at a cell (an open one, nobody standing in it): a
    /// reinforcement. It rolls initiative with everyone at the next turn's start, and acts from then on.
    BringIn { who: CombatantId, to: Cell },
}

impl GmChange {
    /// The combatant it changes.
    pub fn who(&self) -> CombatantId {
        match self {
            GmChange::Track { who, .. }
            | GmChange::Status { who, .. }
            | GmChange::Place { who, .. }
            | GmChange::Rounds { who, .. }
            | GmChange::TakeOff { who }
            | GmChange::Initiative { who, .. }
            | GmChange::BringIn { who, .. } => *who,
        }
    }
}

/// The statuses a GM puts on and takes off by hand (the others are a slot's doing: full defense, running, a jam).
pub fn settable(status: &Status) -> bool {
    matches!(status, Status::Prone | Status::Stunned(_) | Status::Unconscious | Status::Incapacitated | Status::Dead)
}

/// Carries out `change` on `battle` (the rules' copy: kept only when this succeeds), its events to `log`.
pub fn apply<R: Ruleset>(
    rules: &mut R,
    change: &GmChange,
    battle: &mut [Combatant<R::Fighter>],
    log: &mut Log,
) -> Result<(), RulesError> {
    let who = change.who();
    let index = super::ruleset::index(battle, who)?;
    let name = battle[index].fighter.name().to_owned();
    let refuse = |why: &str| RulesError::Illegal(Refusal::Gm { who: name.clone(), why: why.into() });
    let in_reserve = battle[index].fighter.statuses().contains(&Status::Reserve);
    if let GmChange::BringIn { to, .. } = change {
        return bring_in(rules, battle, index, *to, log).map_err(|why| refuse(&why));
    }
    if battle[index].fighter.statuses().iter().any(Status::off_map) {
        return Err(refuse(if in_reserve { "it waits in reserve: bring it in first" } else { "it is off the map" }));
    }
    match change {
        GmChange::Track { track, taken, .. } => {
            let tracks = rules.tracks(&battle[index].fighter);
            let Some(was) = tracks.get(usize::from(*track)) else { return Err(refuse("no such damage track")) };
            if *taken > MOST_TAKEN {
                return Err(refuse(&format!("more than {MOST_TAKEN} is past any track's end")));
            }
            let (name, before) = (was.name.to_string(), was.taken);
            let held = rules.track_statuses(&battle[index].fighter);
            rules.set_taken(&mut battle[index].fighter, usize::from(*track), *taken);
            let now = rules.tracks(&battle[index].fighter).get(usize::from(*track)).map_or(*taken, |t| t.taken);
            log.push(changed(who, &name, before.to_string(), now.to_string()));
            follow_the_tracks(rules, &mut battle[index].fighter, &held, log);
        }
        GmChange::Status { status, on, .. } => {
            if !settable(status) {
                return Err(refuse(&format!("\"{status}\" is a slot's doing, not the GM's")));
            }
            let had = battle[index].fighter.statuses().iter().any(|s| same_kind(s, status));
            let old: Vec<Status> =
                battle[index].fighter.statuses().iter().filter(|s| same_kind(s, status)).cloned().collect();
            old.into_iter().for_each(|s| battle[index].fighter.set_status(s, false));
            battle[index].fighter.set_status(status.clone(), *on);
            let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
            log.push(changed(who, &status_word(status), yes_no(had), yes_no(*on)));
        }
        GmChange::Place { to, .. } => {
            let from = battle[index].position;
            place(rules, battle, index, *to).map_err(|why| refuse(&why))?;
            log.push(changed(who, "place", format!("{from:?}"), format!("{to:?}")));
        }
        GmChange::Rounds { rounds, .. } => {
            let fighter = &mut battle[index].fighter;
            let before = fighter.rounds_in_hand();
            let Some(before) = before.filter(|_| fighter.set_rounds_in_hand(*rounds)) else {
                let full = fighter.full_in_hand();
                return Err(refuse(&match full {
                    Some(full) => format!("its weapon in hand holds {full} rounds at most"),
                    None => "its weapon in hand has no rounds counted".to_owned(),
                }));
            };
            let weapon = battle[index].fighter.weapon_name();
            log.push(changed(who, &format!("rounds in its {weapon}"), before.to_string(), rounds.to_string()));
        }
        // Brought in above (the one change made to a combatant off the map).
        GmChange::BringIn { .. } => {}
        GmChange::Initiative { score, .. } => {
            if score.abs() > MOST_INITIATIVE {
                return Err(refuse(&format!("an initiative past ±{MOST_INITIATIVE} is past any roll")));
            }
            let before = rules.initiative(index, battle).ok_or_else(|| refuse(NO_INITIATIVE))?;
            rules.set_initiative(index, *score, battle).map_err(|why| refuse(&why))?;
            log.push(changed(who, "initiative", before.to_string(), score.to_string()));
        }
        GmChange::TakeOff { .. } => {
            let from = battle[index].position;
            battle[index].fighter.set_status(Status::Withdrawn, true);
            log.push(changed(who, "place", format!("{from:?}"), "off the map".into()));
        }
    }
    Ok(())
}

/// Sets combatant `actor`'s initiative to `score` where a turn's order is a queue of slots by phase (Eclipse Phase,
/// the Storyteller): the slots still to come are ordered again, phase by phase, by initiative (ties as they stood).
pub fn reorder_phases(
    queue: &mut std::collections::VecDeque<super::ruleset::Slot>,
    scores: &mut [Option<i32>],
    actor: usize,
    score: i32,
) -> Result<(), String> {
    let Some(own) = scores.get_mut(actor).filter(|s| s.is_some()) else { return Err(NO_INITIATIVE.to_owned()) };
    *own = Some(score);
    let of = |slot: &super::ruleset::Slot| scores.get(slot.actor.index()).copied().flatten().unwrap_or(i32::MIN);
    queue.make_contiguous().sort_by_key(|slot| (slot.phase, std::cmp::Reverse(of(slot))));
    Ok(())
}

/// "GM: Gang heavy 4's Physical 3 → 5".
fn changed(who: CombatantId, what: &str, from: String, to: String) -> Event {
    Event::GmChanged { who, what: what.to_owned(), from, to }
}

/// Two statuses of one kind (stunned for 1 turn and for 3 are one kind: a GM sets how long).
fn same_kind(a: &Status, b: &Status) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The status as the log names it in a GM's change ("prone", "stunned").
fn status_word(status: &Status) -> String {
    match status {
        Status::Stunned(_) => "stunned".into(),
        other => other.to_string(),
    }
}

/// Puts on and takes off what the ruleset says follows from the fighter's tracks, where that changed with the
/// correction (`held`: what followed before it), each in the log: a status the GM set by hand stays unless the
/// tracks now say otherwise than they did.
fn follow_the_tracks<R: Ruleset>(rules: &R, fighter: &mut R::Fighter, held: &[(Status, bool)], log: &mut Log) {
    let who = fighter.id();
    let reason = "it follows from the GM's correction".to_owned();
    for (status, holds) in rules.track_statuses(fighter) {
        let flipped = held.iter().any(|(s, before)| *s == status && *before != holds);
        let has = fighter.statuses().contains(&status);
        if flipped && holds != has {
            fighter.set_status(status.clone(), holds);
            log.push(match holds {
                true => Event::StatusGained { who, status, reason: reason.clone() },
                false => Event::StatusLost { who, status, reason: reason.clone() },
            });
        }
    }
}

/// Brings combatant `index`, waiting in reserve, onto the map at `to`, or why not.
fn bring_in<R: Ruleset>(
    rules: &R,
    battle: &mut [Combatant<R::Fighter>],
    index: usize,
    to: Cell,
    log: &mut Log,
) -> Result<(), String> {
    if !battle[index].fighter.statuses().contains(&Status::Reserve) {
        return Err("only a combatant waiting in reserve is brought in".into());
    }
    place(rules, battle, index, to)?;
    battle[index].fighter.set_status(Status::Reserve, false);
    let who = battle[index].fighter.id();
    log.push(changed(who, "place", "off the map (reserve)".into(), format!("{to:?}")));
    Ok(())
}

/// Moves combatant `index` to `to`, or why not: the cell must be on the map, open ground, and free of anyone
/// standing there.
fn place<R: Ruleset>(rules: &R, battle: &mut [Combatant<R::Fighter>], index: usize, to: Cell) -> Result<(), String> {
    let field = rules.field();
    if !field.contains(to) || !field.passable(to) {
        return Err(format!("{to:?} is not open ground on the map"));
    }
    let there = |(i, c): (usize, &Combatant<R::Fighter>)| {
        i != index && c.position == to && !c.fighter.statuses().iter().any(Status::off_map)
    };
    if battle.iter().enumerate().any(there) {
        return Err(format!("someone stands at {to:?}"));
    }
    battle[index].position = to;
    Ok(())
}
