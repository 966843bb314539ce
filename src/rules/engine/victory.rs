//! How a battle is won: the last side standing (always), holding a zone for some turns, or getting units out
//! through an exit; and who wins when the turn limit is reached.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::field::Cell;
use super::outcome::Status;
use super::ruleset::{Combatant, FighterState};

/// A victory condition as a level gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// The last side with combatants standing wins (every battle has this).
    Eliminate,
    /// `side` wins when, at the end of `turns` turns in a row, one of its combatants stands in `zone` and no enemy does.
    Hold { side: String, zone: String, turns: u32 },
    /// `side` wins when `count` of its combatants have left through `zone`.
    Escape { side: String, zone: String, count: u32 },
}

/// A decided battle: the winner and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Won {
    pub side: String,
    pub reason: String,
}

/// The victory conditions of one battle, with the zones they name and the turns each zone has been held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Objectives {
    pub conditions: Vec<Victory>,
    pub zones: BTreeMap<String, Vec<Cell>>,
    /// Who wins when the turn limit is reached (else nobody).
    pub at_turn_limit: Option<String>,
    held: BTreeMap<String, u32>,
}

impl Objectives {
    /// The last side standing wins; nothing else.
    pub fn eliminate() -> Self {
        Objectives::default()
    }

    /// Conditions over these zones.
    pub fn new(conditions: Vec<Victory>, zones: BTreeMap<String, Vec<Cell>>, at_turn_limit: Option<String>) -> Self {
        Objectives { conditions, zones, at_turn_limit, held: BTreeMap::new() }
    }

    /// After an action: enough combatants of a side have escaped.
    pub fn after_action<F: FighterState>(&self, battle: &[Combatant<F>]) -> Option<Won> {
        self.conditions.iter().find_map(|v| match v {
            Victory::Escape { side, zone, count } => {
                let out = battle
                    .iter()
                    .filter(|c| &c.side == side && c.fighter.statuses().contains(&Status::Escaped))
                    .count() as u32;
                let reason = format!("{out} of its combatants got out through the {zone}");
                (out >= *count).then(|| Won { side: side.clone(), reason })
            }
            _ => None,
        })
    }

    /// At the end of a turn: a zone held long enough. Counts the turns each zone has been held.
    pub fn end_of_turn<F: FighterState>(&mut self, battle: &[Combatant<F>]) -> Option<Won> {
        let mut won = None;
        for v in &self.conditions {
            let Victory::Hold { side, zone, turns } = v else { continue };
            let cells = self.zones.get(zone).map(Vec::as_slice).unwrap_or_default();
            let standing_in = |mine: bool| {
                battle.iter().any(|c| (&c.side == side) == mine && !c.fighter.is_out() && cells.contains(&c.position))
            };
            let held = self.held.entry(zone.clone()).or_default();
            *held = if standing_in(true) && !standing_in(false) { *held + 1 } else { 0 };
            if *held >= *turns && won.is_none() {
                won = Some(Won { side: side.clone(), reason: format!("it held the {zone} for {held} turn(s)") });
            }
        }
        won
    }

    /// Turns each zone has been held so far.
    pub fn held(&self, zone: &str) -> u32 {
        self.held.get(zone).copied().unwrap_or(0)
    }
}
