//! The components of a combatant: its ruleset's sheet (`Stats`) and condition (`Wounds`), and what every ruleset
//! shares: side, grid position, armor worn, weapon in hand, statuses, and its initiative this turn.

use bevy::prelude::*;

use crate::rules::any_ruleset::any::{AnyCondition, AnySheet};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::{CombatantId, Track};

/// The ruleset's sheet: attributes, skills, gear carried.
#[derive(Component, Clone, Debug)]
pub struct Stats(pub AnySheet);

/// The ruleset's condition: damage, wounds or boxes with their penalties, statuses, ammunition, as the engine holds
/// it. The sync system (`sync.rs`) is the only writer of this and every component below that the battle changes.
#[derive(Component, Clone, Debug)]
pub struct Wounds(pub AnyCondition);

/// The side a combatant fights for.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Side(pub String);

/// The grid cell it stands on; one cell is one meter.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPos(pub i32, pub i32);

/// Armor worn, by name as a person reads it (armor does not change during a battle).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Armor(pub Vec<String>);

/// The weapon in hand (catalogue id, and its name as a person reads it) and its rounds left, where the ruleset counts
/// them; kept in step with `Wounds` by the sync system. The firing mode is chosen with each attack.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Loadout {
    pub weapon: String,
    pub name: String,
    /// Its kind, for what the window shows and plays.
    pub class: crate::rules::engine::ruleset::WeaponClass,
    pub rounds: Option<u32>,
}

/// Statuses (prone, stunned, jammed, unconscious, dead …); kept in step with `Wounds` by the sync system.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusList(pub Vec<Status>);

/// What a combatant holds between its actions: an aim it keeps (its next attack gets it), a slot it delayed (it
/// acts after everyone else in its phase or pass). Online, the host sends both with the unit.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    pub aiming: bool,
    pub delayed: bool,
}

impl StatusList {
    /// Down and out of the fight (dead, unconscious, incapacitated), as the window shows it.
    pub fn is_down(&self) -> bool {
        crate::rules::engine::outcome::down(&self.0)
    }
}

/// This turn's initiative: the score as the order uses it now (`Ruleset::initiative`: in Shadowrun 4 and the
/// homebrew the roll less the wounds of the moment) and the last slot it acted in.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Initiative {
    pub score: Option<i32>,
    /// The phase or pass of its current or last slot this turn.
    pub phase: Option<u32>,
}

/// The combatant this entity is, by the id the engine's slots and events name it with.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combatant(pub CombatantId);

/// Its damage tracks as a player reads them (health bars, the sheet panel); kept in step with `Wounds` by the
/// sync system.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracks(pub Vec<Track>);
