//! The AI opponent, in pure Rust (no bevy), for every ruleset alike: it asks the rules what it may do and what its
//! attacks' odds are (`rules::mechanics::odds::AttackOdds`, the same code the player's preview reads), weighs the
//! ground it can reach, and takes the best action the rules accept in a dry run. It never rolls a die to decide, so a
//! seeded battle between AIs replays exactly.
//!
//! - `judgement.rs`: the four difficulties; the first three differ in judgement only
//! - `expert.rs`: the fourth, which plays the battle out from each of the hard AI's best actions and a few others
//! - `playout.rs`: one battle played out from a state by a chooser, its dice from the state's seed
//! - `ground.rs`: the cells in reach and what each is worth: threat from every enemy by its cover, the range the
//!   weapon likes, the level's exit or zone
//! - `choice.rs`: the candidate actions (move and attack, move and reload, full defense, aim …), scored and tried
//! - `defense.rs`: its defense when attacked where the rules give a choice, by the odds
//! - `doors.rs`: a way through a closed door when no enemy can be seen or reached
//! - `lab.rs`: the tactics lab's heat map: for every cell in reach, the damage the hard AI's best attack from there
//!   is expected to deal and the damage the enemies are expected to deal there

mod choice;
mod defense;
mod doors;
pub mod expert;
mod ground;
mod judgement;
pub mod lab;
pub mod playout;

use std::collections::BTreeMap;

pub use choice::choose;
pub use defense::{danger, defend, defended};

use crate::rules::any_ruleset::any::{AnyAction, AnyBattle, Kind, Visit};
use crate::rules::engine::battle::Battle;
use crate::rules::engine::ruleset::Slot;
pub use judgement::{Difficulty, Judgement};

/// What the AI needs of a ruleset: the odds and choices of `AttackOdds`, copies for its dry runs, and which
/// ruleset it is (each weighs the battle its own way: `judgement.rs`).
pub trait Playable: Kind {}

impl<R: Kind> Playable for R {}

/// Which difficulty plays each side (`default` for the sides not named), how long an expert thinks, and whether the
/// battle has fog of war (an expert then thinks on the battle as its side sees it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Minds {
    pub sides: BTreeMap<String, Difficulty>,
    pub default: Difficulty,
    pub think: expert::Think,
    pub fog: bool,
}

impl Minds {
    /// Every side at one difficulty.
    pub fn all(default: Difficulty) -> Self {
        Minds { sides: BTreeMap::new(), default, ..Minds::default() }
    }

    /// The difficulty that plays `side`.
    pub fn of(&self, side: &str) -> Difficulty {
        self.sides.get(side).copied().unwrap_or(self.default)
    }

    /// The action of the AI that plays the side of the combatant in `slot` (`None`: it passes).
    pub fn choose(&self, battle: &AnyBattle, slot: Slot) -> Option<AnyAction> {
        let side = battle.view(slot.actor).side;
        match self.of(side) {
            Difficulty::Expert if self.fog => {
                let seen = crate::rules::tools::fog::seen_by(battle, &[side.to_owned()]);
                expert::think_seeing(battle, slot, self.think, &seen).choice
            }
            Difficulty::Expert => expert::choose(battle, slot, self.think),
            difficulty => choose_any(battle, slot, difficulty),
        }
    }
}

/// The AI's entry point for a battle in any ruleset: [`choose`] for the combatant in `slot`.
pub fn choose_any(battle: &AnyBattle, slot: Slot, difficulty: Difficulty) -> Option<AnyAction> {
    battle.visit(Choose { slot, difficulty })
}

/// The hard AI's best `count` actions for `slot` that the rules accept, the best first ([`choice::shortlist`]).
pub fn shortlist_any(battle: &AnyBattle, slot: Slot, count: usize) -> Vec<AnyAction> {
    battle.visit(Shortlist { slot, count })
}

/// The hard AI's best attack on each enemy it prices, the best first ([`choice::best_on_each`]).
pub fn best_on_each_any(battle: &AnyBattle, slot: Slot) -> Vec<AnyAction> {
    battle.visit(BestOnEach(slot))
}

/// The hard AI's choice were it cautious ([`choice::cautious`]).
pub fn cautious_any(battle: &AnyBattle, slot: Slot) -> Option<AnyAction> {
    battle.visit(Cautious(slot))
}

struct Cautious(Slot);

impl Visit for Cautious {
    type Out = Option<AnyAction>;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out {
        choice::cautious(battle.rules(), (self.0, battle.delayed()), battle.combatants()).map(K::wrap)
    }
}

struct BestOnEach(Slot);

impl Visit for BestOnEach {
    type Out = Vec<AnyAction>;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out {
        let found = choice::best_on_each(battle.rules(), (self.0, battle.delayed()), battle.combatants());
        found.into_iter().map(K::wrap).collect()
    }
}

struct Shortlist {
    slot: Slot,
    count: usize,
}

impl Visit for Shortlist {
    type Out = Vec<AnyAction>;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out {
        let found = choice::shortlist(battle.rules(), (self.slot, battle.delayed()), battle.combatants(), self.count);
        found.into_iter().map(K::wrap).collect()
    }
}

/// [`choose`] on the battle inside an [`AnyBattle`].
struct Choose {
    slot: Slot,
    difficulty: Difficulty,
}

impl Visit for Choose {
    type Out = Option<AnyAction>;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out {
        choice::choose_knowing(battle.rules(), (self.slot, battle.delayed()), battle.combatants(), self.difficulty)
            .map(K::wrap)
    }
}
