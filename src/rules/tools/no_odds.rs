//! Why an attack has no odds, a what-if set-up no price, or the expert no hint: one answer for the window's own rules
//! and for an online host, which sends it to the player who asked (`net::protocol`), so it travels as data, not as
//! words.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::RulesError;
use crate::rules::engine::field::Cell;

/// Why there are no odds to show. The words are the ones a player reads in the panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Error)]
pub enum NoOdds {
    /// The table tells its players no odds (the host's setting).
    #[error("this table tells no odds")]
    NotTold,
    /// The attacker or the target is no one in the fight (out of it, or never in it).
    #[error("no such unit in the fight")]
    NoSuchUnit,
    /// The attacker or the target is not in the asker's sight: an online host answers so whether the unit is there
    /// or not, so that the answer tells nothing of the unseen.
    #[error("no such unit in sight")]
    Unseen,
    #[error("the two are on one side")]
    OneSide,
    /// The cell to shoot from is off the map (or farther than any map is wide).
    #[error("({}, {}) is not on the map", .0.0, .0.1)]
    OffMap(Cell),
    /// The orders move, wait or take another action: there is no attack to price.
    #[error("those orders attack no one")]
    AttacksNoOne,
    /// The orders are not among those the slot offers the asker.
    #[error(transparent)]
    Orders(#[from] PlanError),
    /// The rules refuse the attack, in their words. The reason comes as a [`RulesError`] (dice, catalogue, a
    /// refusal with its gear and fighters) or as the what-if's reach check, neither of which can travel to a player;
    /// the words are what the player reads of it.
    #[error("{0}")]
    Refused(String),
    /// An online host was asked before its battle began.
    #[error("the battle has not begun")]
    NotBegun,
    /// An online host was asked about a slot that is not the asker's to order now, in the host's words (the same
    /// check refuses orders and delays, in words, as `FromHost::Refused`).
    #[error("{0}")]
    NotYourSlot(String),
    /// The expert's hint, asked where the asker sees no enemy standing: it plays out only what the asker knows, and a
    /// battle with no enemy in it is no battle to play out.
    #[error("no enemy in sight: nothing to play out")]
    NoEnemySeen,
}

/// The rules' refusal, in its words (see [`NoOdds::Refused`]).
impl From<RulesError> for NoOdds {
    fn from(e: RulesError) -> Self {
        NoOdds::Refused(e.to_string())
    }
}

/// Why orders do not keep to what their slot offers (sent to an online player within [`NoOdds`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PlanError {
    #[error("there is no other action {number}: the slot has {count}")]
    NoOther { number: usize, count: usize },
    #[error("the unit does not reach {0:?}")]
    Unreached(Cell),
    #[error("a walk does not get to {0:?}: run")]
    Run(Cell),
    #[error("there is no enemy you see to attack there")]
    NoEnemy,
    #[error("there is no way {number} to attack: there are {ways}")]
    NoWay { number: usize, ways: usize },
    #[error("the weapon in hand throws no blast at {0:?}")]
    NoBlast(Cell),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a player reads, and that tests and the window compare.
    #[test]
    fn each_reason_reads_as_the_panel_says_it() {
        assert_eq!(NoOdds::OffMap((-1, 4)).to_string(), "(-1, 4) is not on the map");
        assert_eq!(NoOdds::Orders(PlanError::NoEnemy).to_string(), "there is no enemy you see to attack there");
        let travelled: NoOdds =
            ron::from_str(&ron::to_string(&NoOdds::OffMap((2, 3))).expect("writes")).expect("reads");
        assert_eq!(travelled, NoOdds::OffMap((2, 3)));
    }
}
