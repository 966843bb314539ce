//! The built-in choice's use of the map, shared by every ruleset until the AI issue brings a real opponent: a side
//! with a goal (an exit to escape by, a zone to hold) heads there; otherwise pick the nearest enemy it can attack
//! from where it stands, else walk (or run) toward the nearest one along the cheapest route to a cell it could
//! attack from.

use super::movement::occupied;
use crate::rules::engine::field::{Cell, Dm, Field, Move, Pace, adjacent};
use crate::rules::engine::ruleset::{Combatant, FighterState};

/// How far a weapon reaches, for the built-in choice.
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    /// Melee: the target must be next to the attacker.
    pub melee: bool,
    /// Ranged: the farthest it shoots, in meters.
    pub max_m: u32,
    /// Ranged: how close it likes to get before it stops to shoot.
    pub close_m: u32,
}

impl Reach {
    /// A melee weapon.
    pub const MELEE: Reach = Reach { melee: true, max_m: 1, close_m: 1 };

    /// A ranged weapon that shoots up to `max_m` and likes `close_m`.
    pub fn ranged(close_m: u32, max_m: u32) -> Self {
        Reach { melee: false, max_m, close_m: close_m.min(max_m) }
    }
}

/// Whether an attacker on `from` can attack a target on `to` within `max_m` meters (seen, in the line of fire).
pub fn can_attack(field: &Field, from: Cell, to: Cell, melee: bool, max_m: u32) -> bool {
    // Too far is known without the sight (its meters are the field's): the AI asks of every cell it may reach.
    if !melee && field.meters(from, to) > max_m {
        return false;
    }
    out_of_reach(field, from, to, melee, max_m).is_none()
}

/// Why an attacker on `from` cannot attack a target on `to`, if it cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutOfReach {
    /// A melee weapon strikes the next cell only.
    NotNext,
    Wall,
    Hidden,
    /// Farther than the weapon's farthest range.
    TooFar {
        meters: u32,
        max_m: u32,
    },
}

/// Why an attacker on `from` cannot attack a target on `to` with a weapon reaching `max_m` meters (or a melee one):
/// none when it can.
pub fn out_of_reach(field: &Field, from: Cell, to: Cell, melee: bool, max_m: u32) -> Option<OutOfReach> {
    if melee {
        return match adjacent(from, to) {
            false => Some(OutOfReach::NotNext),
            true => (!field.sight(from, to).touching).then_some(OutOfReach::Wall),
        };
    }
    let sight = field.sight(from, to);
    match () {
        _ if sight.blocked => Some(OutOfReach::Wall),
        _ if sight.hidden => Some(OutOfReach::Hidden),
        _ if sight.meters > max_m => Some(OutOfReach::TooFar { meters: sight.meters, max_m }),
        _ => None,
    }
}

/// Which enemies the actor may act against (Shadowrun's surprise holds some back).
pub type Allowed<'a> = &'a dyn Fn(usize) -> bool;

/// Every enemy is fair game.
pub fn anyone(_: usize) -> bool {
    true
}

/// The enemies still standing that the actor may act against, nearest first.
pub fn enemies<F: FighterState>(battle: &[Combatant<F>], actor: usize, allowed: Allowed<'_>) -> Vec<usize> {
    let me = &battle[actor];
    let foe = |&i: &usize| battle[i].side != me.side && !battle[i].fighter.is_out() && allowed(i);
    let mut out: Vec<usize> = (0..battle.len()).filter(foe).collect();
    out.sort_by_key(|&i| (me.distance_to(&battle[i]), i));
    out
}

/// The nearest enemy the actor can attack from where it stands.
pub fn target_in_reach<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    reach: Reach,
    allowed: Allowed<'_>,
) -> Option<usize> {
    target_from(field, battle, actor, battle[actor].position, reach, allowed)
}

/// The nearest enemy the actor could attack from `from`.
fn target_from<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    from: Cell,
    reach: Reach,
    allowed: Allowed<'_>,
) -> Option<usize> {
    enemies(battle, actor, allowed)
        .into_iter()
        .find(|&i| can_attack(field, from, battle[i].position, reach.melee, reach.max_m))
}

/// A move toward the nearest enemy: walking when that reaches a cell to attack from, else running as far as the
/// run allows. The second value says whether the actor can attack that enemy once there.
pub fn approach<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    reach: Reach,
    (walk, run): (Dm, Dm),
    allowed: Allowed<'_>,
) -> Option<(Move, Option<usize>)> {
    for target in enemies(battle, actor, allowed) {
        let at = battle[target].position;
        let good = |cell: Cell| can_attack(field, cell, at, reach.melee, reach.close_m);
        let Some(mv) = toward(field, battle, actor, &good, (walk, run)) else { continue };
        let arrives = can_attack(field, mv.to, at, reach.melee, reach.max_m).then_some(target);
        return Some((mv, arrives));
    }
    None
}

/// What the built-in choice does this slot: where it moves, if anywhere, and whom it may attack afterwards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub movement: Option<Move>,
    pub target: Option<usize>,
}

/// The built-in choice on the map. A side that must escape runs for its exit and shoots on the way; a side that
/// must hold a zone goes there and then only fights from it; everyone else attacks from where it stands, or
/// approaches the nearest enemy. `None` when there is nothing to do.
pub fn plan<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    reach: Reach,
    rates: (Dm, Dm),
    allowed: Allowed<'_>,
) -> Option<Plan> {
    let here = battle[actor].position;
    if let Some(goal) = field.goal(&battle[actor].side) {
        if !goal.cells.contains(&here) {
            let mv = toward(field, battle, actor, &|c| goal.cells.contains(&c), rates)?;
            let target = target_from(field, battle, actor, mv.to, reach, allowed);
            return Some(Plan { movement: Some(mv), target });
        }
        if !goal.rush {
            let target = target_in_reach(field, battle, actor, reach, allowed);
            return Some(Plan { movement: None, target });
        }
    }
    if let Some(t) = target_in_reach(field, battle, actor, reach, allowed) {
        return Some(Plan { movement: None, target: Some(t) });
    }
    let (mv, target) = approach(field, battle, actor, reach, rates, allowed)?;
    Some(Plan { movement: Some(mv), target })
}

/// A walk toward the nearest cell where `done` holds if a walk gets there, else a run as far as it goes.
fn toward<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    done: &dyn Fn(Cell) -> bool,
    (walk, run): (Dm, Dm),
) -> Option<Move> {
    let from = battle[actor].position;
    // Ten times the run is far enough to find the way around any level's walls, and bounds the search.
    let budget = run.max(walk).saturating_mul(10).max(600);
    let route = field.route_to(from, done, &occupied(battle, actor), budget)?;
    let pace = if route.cost <= walk { Pace::Walk } else { Pace::Run };
    let allowance = if pace == Pace::Walk { walk } else { run };
    let step = |a: Cell, b: Cell| field.step_cost(a, b).unwrap_or(Dm::MAX / 2);
    let &to = route.truncated(from, allowance, step).cells.last()?;
    Some(Move { to, pace })
}

/// How well a cell hides from an enemy on `from`: 3 out of sight, 2 heavy cover, 1 partial, ½ light, 0 none.
fn shelter(field: &Field, from: Cell, at: Cell) -> f32 {
    let s = field.sight(from, at);
    match (s.blocked || s.hidden, s.cover) {
        (true, _) => 3.0,
        (false, crate::rules::engine::field::CoverLevel::Heavy) => 2.0,
        (false, crate::rules::engine::field::CoverLevel::Partial) => 1.0,
        (false, crate::rules::engine::field::CoverLevel::Light) => 0.5,
        (false, crate::rules::engine::field::CoverLevel::None) => 0.0,
    }
}

/// "Take cover": the cell within a walk that is best sheltered from the enemies standing (its worst exposure to any
/// of them), the nearest of the best; `None` when no cell is better than where the actor stands.
pub fn cover_spot<F: FighterState>(field: &Field, battle: &[Combatant<F>], actor: usize, walk: Dm) -> Option<Move> {
    let me = &battle[actor];
    let foes: Vec<Cell> = enemies(battle, actor, &anyone).into_iter().map(|i| battle[i].position).collect();
    let worst = |at: Cell| foes.iter().map(|&f| shelter(field, f, at)).fold(f32::INFINITY, f32::min);
    let taken = occupied(battle, actor);
    let r = (walk / field.cell_dm().max(1)) as i32;
    let mut best = (worst(me.position), 0, me.position);
    for dx in -r..=r {
        for dy in -r..=r {
            let cell = (me.position.0 + dx, me.position.1 + dy);
            let Some(route) = field.route(me.position, cell, &taken).filter(|r| r.cost <= walk && !r.cells.is_empty())
            else {
                continue;
            };
            let score = worst(cell);
            if score > best.0 || (score == best.0 && route.cost < best.1 && best.2 != me.position) {
                best = (score, route.cost, cell);
            }
        }
    }
    (best.2 != me.position).then_some(Move { to: best.2, pace: Pace::Walk })
}
