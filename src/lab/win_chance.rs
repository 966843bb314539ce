//! Who is winning: each side's chance to win from a battle as it stands, estimated by playing it out many times from
//! there with the hard AI on every side ([`crate::lab::sim`]'s battles, the same code `skirmish sim` plays). The
//! seeds are fixed by the state ([`seed_of`]: the decisions taken and the faces rolled), so the same state gives the
//! same estimate, wherever and however often it is asked; an estimate grows batch by batch ([`Chance::refined`]),
//! the next battles taking the next seeds, so a refined estimate equals one made at once.
//!
//! A decision can be priced before its dice ([`Chance::refined`] with a `first` decision): the battles then begin
//! with that decision in the slot waiting, its dice rolled from each battle's own seed. Against the state before it
//! (the same seeds, the hard AI's own choice first) this tells a choice from the dice that followed it.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use rayon::prelude::*;

use super::sim::{self, Progress};
use crate::ai::{Difficulty, Minds};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::Decision;

/// The difficulty that plays every side of an estimate.
pub const MIND: Difficulty = Difficulty::Hard;

/// Each side's wins in the battles played out from one state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chance {
    /// The seed of the first battle; battle `i` has `seed + i`.
    pub seed: u64,
    /// How many battles were played out.
    pub runs: u32,
    /// Battles won, by side (every side of the battle, those that won none too).
    pub wins: BTreeMap<String, u32>,
    /// Battles nobody won, or that the rules stopped (an AI's refused action).
    pub undecided: u32,
}

/// One side's chance: the share of battles it won, and its 95 % Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Chance {
    /// No battle played yet from `battle`, whose seeds are [`seed_of`] it.
    pub fn of(battle: &AnyBattle) -> Self {
        let wins = battle.sides().into_iter().map(|s| (s.to_owned(), 0)).collect();
        Chance { seed: seed_of(battle), runs: 0, wins, undecided: 0 }
    }

    /// `runs` battles played out from `battle` with the hard AI on every side (every core at work): the estimate.
    pub fn estimate(battle: &AnyBattle, runs: u32) -> Self {
        Chance::of(battle).refined(battle, None, runs, &Progress::default())
    }

    /// This estimate with `more` battles played out from `battle` (the state it is of), beginning with `first` in
    /// the slot waiting when it is given; battles not over when `progress` is cancelled are not counted (each is given
    /// up at its next slot).
    pub fn refined(
        mut self,
        battle: &AnyBattle,
        first: Option<&Decision<AnyAction>>,
        more: u32,
        progress: &Progress,
    ) -> Self {
        let from = self.runs;
        let play = |i: u32| {
            if progress.cancelled.load(Ordering::Relaxed) {
                return None;
            }
            let seed = self.seed.wrapping_add(u64::from(i));
            let winner = sim::play_from_unless(battle, first, seed, &Minds::all(MIND), &progress.cancelled)?.winner;
            progress.done.fetch_add(1, Ordering::Relaxed);
            Some(winner)
        };
        let winners: Vec<Option<String>> = (from..from + more).into_par_iter().filter_map(play).collect();
        for winner in winners {
            self.runs += 1;
            match winner.and_then(|w| self.wins.get_mut(&w)) {
                Some(wins) => *wins += 1,
                None => self.undecided += 1,
            }
        }
        self
    }

    /// `side`'s chance (none when it is not a side of the battle).
    pub fn share(&self, side: &str) -> Option<Share> {
        let (rate, low, high) = sim::share(*self.wins.get(side)?, self.runs);
        Some(Share { rate, low, high })
    }

    /// `side`'s chance as a share of the battles (0 for a side not in it, or before any battle).
    pub fn rate(&self, side: &str) -> f64 {
        self.share(side).map_or(0.0, |s| s.rate)
    }
}

/// The first seed of every estimate from `battle` (a hash of its decisions and faces: the same state, the same
/// seeds).
pub use crate::ai::playout::seed_of;

#[cfg(test)]
mod tests {
    use super::*;

    fn street(ruleset: crate::rules::any_ruleset::any::RulesetId) -> AnyBattle {
        let level = crate::scenario::level::load(std::path::Path::new("levels/street.ron")).expect("the street");
        let scenario = level.scenario(ruleset).expect("plays");
        crate::battle::run::start(&scenario, "test", &mut Default::default())
    }

    #[test]
    fn an_estimate_refined_batch_by_batch_is_the_estimate_made_at_once() {
        let battle = street(crate::rules::any_ruleset::any::RulesetId::Shadowrun4);
        let at_once = Chance::estimate(&battle, 12);
        let progress = Progress::default();
        let in_steps = Chance::of(&battle).refined(&battle, None, 5, &progress).refined(&battle, None, 7, &progress);
        assert_eq!(in_steps, at_once);
        assert_eq!(progress.done.load(Ordering::Relaxed), 12);
        let total: u32 = at_once.wins.values().sum::<u32>() + at_once.undecided;
        assert_eq!((at_once.runs, total), (12, 12));
    }

    #[test]
    fn a_cancelled_estimate_plays_no_more_battles() {
        let battle = street(crate::rules::any_ruleset::any::RulesetId::Storyteller);
        let stopped = Progress::default();
        stopped.cancelled.store(true, Ordering::Relaxed);
        assert_eq!(Chance::of(&battle).refined(&battle, None, 10, &stopped), Chance::of(&battle));
    }
}
