//! Doors on the map (an imported map's, docs/maps.md): opening or closing one is an action of the combatant
//! standing beside it. The seeds have no doors; in each ruleset it is the smallest action that is not free (a
//! Shadowrun 4 or d6 homebrew Simple Action, an Eclipse Phase Quick Action, a Storyteller action), our decision
//! recorded in docs/rules-decisions.md. A closed door blocks movement and sight; an open one neither.

use serde::{Deserialize, Serialize};

use crate::rules::RulesError;
use crate::rules::engine::field::Field;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, FighterState};

/// Open or close door `door` (its number on the map).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UseDoor {
    pub door: u16,
    pub open: bool,
}

/// Combatant `actor` opens or closes a door beside it: the ground with the door so, and the event in the log.
pub fn use_door<F: FighterState>(
    field: &Field,
    battle: &[Combatant<F>],
    actor: usize,
    act: UseDoor,
    log: &mut Log,
) -> Result<Field, RulesError> {
    let me = &battle[actor];
    let door = field.door(act.door).ok_or(RulesError::Illegal(Refusal::NoSuchDoor { door: act.door }))?;
    if !door.beside(me.position) {
        let who = me.fighter.name().to_owned();
        return Err(RulesError::Illegal(Refusal::NotBesideDoor { who, door: act.door }));
    }
    if door.open == act.open {
        return Err(RulesError::Illegal(Refusal::DoorAlready { door: act.door, open: act.open }));
    }
    let changed =
        field.with_door(act.door, act.open).ok_or(RulesError::Illegal(Refusal::NoSuchDoor { door: act.door }))?;
    log.push(Event::DoorUsed { who: me.fighter.id(), door: act.door, open: act.open });
    Ok(changed)
}

/// The doors combatant `actor` stands beside, each with what it would do to it (open a closed one, close an open
/// one): the orders' "Open door 2", the AI's choices.
pub fn doors_beside<F: FighterState>(field: &Field, battle: &[Combatant<F>], actor: usize) -> Vec<(String, UseDoor)> {
    let at = battle[actor].position;
    (0..field.doors())
        .filter_map(|n| field.door(n).filter(|d| d.beside(at)).map(|d| (n, d.open)))
        .map(|(door, open)| {
            let name = format!("{} door {}", if open { "Close" } else { "Open" }, door + 1);
            (name, UseDoor { door, open: !open })
        })
        .collect()
}
