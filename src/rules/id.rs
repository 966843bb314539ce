//! Combatant ids: how events and the action record name a combatant in its battle (names are for display; actions
//! still name combatants by name, as scripts do; ECS messages by entity).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A combatant's id in its battle: its place in the roster, fixed when the battle starts
/// ([`super::ruleset::number`]). Events name combatants by id; names are for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CombatantId(pub u16);

impl CombatantId {
    /// The id of the combatant at `index` in the roster.
    pub fn at(index: usize) -> Self {
        CombatantId(u16::try_from(index).unwrap_or(u16::MAX))
    }

    /// Its place in the roster.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A combatant as a test names it: its id for the log, its name for the dice it asks for ("Ines: initiative").
#[derive(Clone, Copy, Debug)]
pub struct Roller<'a> {
    pub id: CombatantId,
    pub name: &'a str,
}

impl<'a> Roller<'a> {
    pub fn new(id: CombatantId, name: &'a str) -> Self {
        Roller { id, name }
    }
}
