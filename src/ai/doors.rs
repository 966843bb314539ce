//! Doors, for every difficulty alike: a combatant that can neither see nor reach any enemy, on a map with a closed
//! door it can reach, walks to the nearest such door and opens it (sides that start in rooms apart on an imported
//! map would otherwise wait out the battle). Every other choice is the judgement's (`choice.rs`).

use super::Playable;
use crate::rules::engine::field::{Cell, Move, Pace};
use crate::rules::engine::ruleset::{Combatant, FighterState, Slot};
use crate::rules::mechanics::movement::occupied;

/// How far a door is looked for (decimeters): across the largest map there is.
const SEARCH: u32 = 160 * 50 * 2;

/// The way through a door for the combatant in `slot`: open a closed one beside it, or walk toward the nearest;
/// none when it sees or can reach an enemy, its side has a goal of the level's to go for, or no closed door is in
/// reach.
pub fn through_a_door<R: Playable>(rules: &R, slot: Slot, battle: &[Combatant<R::Fighter>]) -> Option<R::Action> {
    let field = rules.field();
    let actor = slot.actor.index();
    let me = &battle[actor];
    if field.doors() == 0 || field.goal(&me.side).is_some() {
        return None;
    }
    let enemies: Vec<Cell> = battle
        .iter()
        .filter(|c| {
            c.side != me.side
                && !c.fighter.is_out()
                && !c.fighter.statuses().iter().any(crate::rules::engine::outcome::Status::off_map)
        })
        .map(|c| c.position)
        .collect();
    if enemies.is_empty() || enemies.iter().any(|e| !field.sight(me.position, *e).blocked) {
        return None;
    }
    let crowd = occupied(battle, actor);
    // Beside an enemy with nothing between: a wall or a closed door between two cells side by side keeps them apart.
    let beside_enemy =
        |c: Cell| enemies.iter().any(|e| crate::rules::engine::field::adjacent(c, *e) && field.sight(c, *e).touching);
    if field.route_to(me.position, &beside_enemy, &crowd, SEARCH).is_some() {
        return None;
    }
    let mut others = rules.other_actions(battle, actor).into_iter();
    if let Some((_, open)) = others.find(|(name, _)| name.starts_with("Open door")) {
        return Some(open);
    }
    let closed: Vec<Cell> = (0..field.doors())
        .filter_map(|n| field.door(n).filter(|d| !d.open))
        .flat_map(|d| d.between.into_iter().flat_map(|(a, b)| [a, b]))
        .collect();
    let route = field.route_to(me.position, &|c| closed.contains(&c), &crowd, SEARCH)?;
    let (walk, _) = rules.paces(&me.fighter);
    let step = |a: Cell, b: Cell| field.step_cost(a, b).unwrap_or(SEARCH);
    let to = route.truncated(me.position, walk, step).cells.last().copied()?;
    let (_, wait) = rules.other_actions(battle, actor).into_iter().last()?;
    Some(rules.with_movement(wait, Some(Move { to, pace: Pace::Walk })))
}
