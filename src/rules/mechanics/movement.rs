//! Combatants on the field: where they stand (and so block a route), who is in melee, and a move carried out along
//! its route with its cost checked and logged, running started or stopped, and an exit left through. The geometry
//! itself is `engine/field.rs`'s.

use std::borrow::Cow;

use crate::rules::RulesError;
use crate::rules::engine::field::{Cell, Crowd, Dm, Move, Terrain, adjacent, meters};
use crate::rules::engine::outcome::{Event, Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, FighterState};

/// The cells of all combatants but the one at `except` still on the field: the standing block the way, the fallen
/// only the cell (a mover steps over them but cannot stop there).
pub fn occupied<F: FighterState>(battle: &[Combatant<F>], except: usize) -> Crowd {
    let present = |(i, c): &(usize, &Combatant<F>)| *i != except && !c.fighter.statuses().iter().any(Status::off_map);
    let (fallen, standing): (Vec<_>, Vec<_>) =
        battle.iter().enumerate().filter(present).partition(|(_, c)| c.fighter.is_out());
    Crowd {
        standing: standing.into_iter().map(|(_, c)| c.position).collect(),
        fallen: fallen.into_iter().map(|(_, c)| c.position).collect(),
    }
}

/// Whether combatant `who` is in melee combat on the map: an enemy of its side that can fight stands next to it,
/// no wall between (`besides` is left out: a shooter does not put its own target in melee).
pub fn engaged<F: FighterState>(
    terrain: &dyn Terrain,
    battle: &[Combatant<F>],
    who: usize,
    besides: Option<usize>,
) -> bool {
    let me = &battle[who];
    let touching =
        |c: &Combatant<F>| adjacent(c.position, me.position) && terrain.sight(c.position, me.position).touching;
    battle
        .iter()
        .enumerate()
        .any(|(i, c)| Some(i) != besides && c.side != me.side && can_fight(&c.fighter) && touching(c))
}

/// Whether a neighbour can fight those next to it: in the fight, on its feet and not stunned (Eclipse Phase's
/// "incapacitated for N Action Turns"). A prone or stunned enemy alongside is no melee a shooter is caught in
/// (docs/rules-decisions.md, "In melee").
fn can_fight<F: FighterState>(f: &F) -> bool {
    !f.is_out() && !f.statuses().iter().any(|s| matches!(s, Status::Prone | Status::Stunned(_)))
}

/// Moves the combatant at `actor` as `mv` says, within `allowance` decimeters: checks the route, logs every cell
/// and the cost, and takes the combatant off the field when it reaches an exit for its side. Returns the cells it
/// went through.
pub fn perform_move<F: FighterState>(
    terrain: &dyn Terrain,
    battle: &mut [Combatant<F>],
    actor: usize,
    mv: &Move,
    allowance: Dm,
    log: &mut Log,
) -> Result<Vec<Cell>, RulesError> {
    let me = &battle[actor];
    let (name, me_id) = (me.fighter.name().to_owned(), me.fighter.id());
    let from = me.position;
    let route = terrain
        .route(from, mv.to, &occupied(battle, actor))
        .ok_or_else(|| RulesError::Illegal(Refusal::Unreachable { who: name.clone(), from, to: mv.to }))?;
    if route.cost > allowance {
        return Err(RulesError::Illegal(Refusal::TooFar {
            who: name,
            pace: mv.pace,
            allowance: meters(allowance),
            to: mv.to,
            distance: meters(route.cost),
        }));
    }
    let path = route.cells.clone();
    log.push(Event::Moved { who: me_id, from, to: mv.to, path: route.cells, cost: route.cost, pace: mv.pace });
    let me = &mut battle[actor];
    me.position = mv.to;
    if terrain.exit_for(mv.to, &me.side) {
        me.fighter.set_status(Status::Escaped, true);
        let reason = "it reached an exit and left the battlefield".to_owned();
        log.push(Event::StatusGained { who: me_id, status: Status::Escaped, reason });
    }
    Ok(path)
}

/// Starts a combatant's action: it stops running unless it runs again now.
pub fn settle_pace<F: FighterState>(me: &mut Combatant<F>, running_now: bool, log: &mut Log) {
    let was = me.fighter.statuses().contains(&Status::Running);
    if was && !running_now {
        me.fighter.set_status(Status::Running, false);
        let (who, reason) = (me.fighter.id(), "it stopped running".to_owned());
        log.push(Event::StatusLost { who, status: Status::Running, reason });
    }
    if running_now && !was {
        me.fighter.set_status(Status::Running, true);
        let (who, reason) = (me.fighter.id(), "it moves at a run".to_owned());
        log.push(Event::StatusGained { who, status: Status::Running, reason });
    }
}

/// The battle as an action of combatant `actor` finds it once its pace is settled, for the action's odds: a copy with
/// the run ended when the action does not run on (as `settle_pace` ends it at the action's start), else the battle.
pub fn paced<F: FighterState + Clone>(
    battle: &[Combatant<F>],
    actor: usize,
    running_now: bool,
) -> Cow<'_, [Combatant<F>]> {
    if running_now || !battle[actor].fighter.statuses().contains(&Status::Running) {
        return Cow::Borrowed(battle);
    }
    let mut copy = battle.to_vec();
    settle_pace(&mut copy[actor], false, &mut Log::default());
    Cow::Owned(copy)
}
