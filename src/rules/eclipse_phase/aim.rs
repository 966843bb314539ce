//! The Complex Action aim (file 003, Aimed Shots): "You can also sacrifice an entire Complex Action to fix your aim
//! on a target. In this case, as long as the target remains in your sights until your next Action Phase, you receive
//! a +30 modifier to hit." So the aim is good in the aimer's next Action Phase only, and is lost when the target
//! leaves its sights on the way (a wall or heavy cover hides it). Our decision where the seed is silent: the aimer
//! moving is judged the same way, from each cell it passes.

use super::sheet::Aim;
use super::{Fighter, RulesError};
use crate::rules::engine::field::{Cell, Field};
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, index, name_of};

/// Fixes `actor`'s aim on combatant `target`, who must be in its sights now.
pub(super) fn take_aim(
    field: &Field,
    actor: usize,
    target: CombatantId,
    battle: &mut [Combatant<Fighter>],
    log: &mut Log,
) -> Result<(), RulesError> {
    let t = index(battle, target)?;
    let them = battle[t].fighter.name.clone();
    if !in_sights(field, battle[actor].position, battle[t].position) {
        let me = &battle[actor].fighter.name;
        return Err(RulesError::Illegal(Refusal::OutOfSight { who: me.clone(), target: them }));
    }
    let me = &mut battle[actor].fighter;
    me.condition.aim = Some(Aim { target, held: false });
    let action = format!("takes aim at {them} (Complex Action; +30 to a shot at it next Action Phase)");
    log.push(Event::ActionTaken { who: me.id, action });
    Ok(())
}

/// At the start of the aimer's Action Phase: an aim taken last phase is held for this one; one held since then and not
/// used has lapsed.
pub(super) fn start_phase(battle: &mut [Combatant<Fighter>], actor: usize, log: &mut Log) {
    let Some(aim) = battle[actor].fighter.condition.aim.as_mut() else { return };
    if !aim.held {
        aim.held = true;
        return;
    }
    let target = aim.target;
    let action = format!("lets its aim at {} lapse: a new Action Phase has begun", name_of(battle, target));
    let me = &mut battle[actor].fighter;
    me.condition.aim = None;
    log.push(Event::ActionTaken { who: me.id, action });
}

/// After combatant `mover` went along `path`: every aim at it, and its own aim, is lost if any cell of the way was out
/// of the aimer's sights.
pub(super) fn check_sights(
    field: &Field,
    battle: &mut [Combatant<Fighter>],
    mover: usize,
    path: &[Cell],
    log: &mut Log,
) {
    let id = battle[mover].fighter.id;
    for aimer in 0..battle.len() {
        let Some(aim) = battle[aimer].fighter.condition.aim.clone() else { continue };
        let lost = match (aimer == mover, aim.target == id) {
            (true, _) => index(battle, aim.target)
                .map_or(true, |t| path.iter().any(|&c| !in_sights(field, c, battle[t].position))),
            (false, true) => path.iter().any(|&c| !in_sights(field, battle[aimer].position, c)),
            (false, false) => false,
        };
        if lost {
            let action = format!("loses its aim: {} left its sights", name_of(battle, aim.target));
            let me = &mut battle[aimer].fighter;
            me.condition.aim = None;
            log.push(Event::ActionTaken { who: me.id, action });
        }
    }
}

/// Whether a target on `to` is in the sights of an aimer on `from`: no wall between, not hidden.
fn in_sights(field: &Field, from: Cell, to: Cell) -> bool {
    let sight = field.sight(from, to);
    !sight.blocked && !sight.hidden
}
