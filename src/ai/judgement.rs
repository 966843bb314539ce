//! The four difficulties. The first three see the same battle and the same odds and roll no dice of their own; they
//! differ in how much they weigh: how many firing positions and targets they price, whether they care for cover,
//! focus fire on the wounded, pick firing modes and called shots, defend when hurt, aim. The expert judges as the
//! hard AI does and then plays the battle out from its best few choices (`expert.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::any_ruleset::any::RulesetId;

/// How well an AI side judges the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// The built-in choice: the nearest enemy it can attack, else straight at it; cover means nothing to it.
    Easy,
    /// Prices a few firing positions and targets by their exact odds (its usual firing mode), minds cover a little,
    /// reloads in time.
    #[default]
    Normal,
    /// Prices many positions and targets for the best odds (flanking cover), fires first at the enemies yet to
    /// act, focuses fire on the wounded, picks the firing mode and called shot, aims when it has no shot, defends
    /// when exposed and hurt.
    Hard,
    /// Plays the battle out from the hard AI's best few actions and a few others, many times, and takes the one
    /// its side wins most often (`expert.rs`); it judges the ground and the odds as the hard AI does.
    Expert,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        })
    }
}

/// The weights of a difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// Firing positions priced with exact odds (the best by their ground).
    pub positions: usize,
    /// Enemies priced from each position (the nearest, or the most wounded first with `focus`).
    pub targets: usize,
    /// Weight of the threat a cell is under (enemies that see it, by their cover).
    pub caution: f32,
    /// Extra weight for taking an enemy out and for hitting the wounded.
    pub focus: f32,
    /// How many ways to attack it prices (firing modes, two shots, called shots), the usual one first.
    pub ways: usize,
    /// Full defense when exposed and hurt; take aim when there is no shot to make.
    pub defend: bool,
    pub aim: bool,
    /// Extra weight, for each slot an enemy still has this turn (two at most), for harm done to it: an enemy
    /// taken out before it acts does no harm this turn, one that has acted already does none until the next.
    pub tempo: f32,
    /// How much nearing the enemy (a cell to shoot from, a meter closer) counts in a free-for-all (1: as in a
    /// firefight of two); the rest waits, out of sight, for the other crews to wear each other down.
    pub patience: f32,
}

/// The normal AI's weights under every ruleset but those of [`Difficulty::judgement`]'s table. Its caution keeps
/// it a step below the hard AI, which has none (under the Storyteller, 400 battles on the street: against a normal
/// AI of caution 0.05 the hard one won 56 % of the decided, against one of 0.1 it won 63 %, and that one still beat
/// the easy AI 66 %).
pub(super) const NORMAL: Judgement = Judgement {
    positions: 4,
    targets: 2,
    caution: 0.1,
    focus: 0.5,
    ways: 1,
    defend: false,
    aim: false,
    tempo: 0.0,
    patience: 1.0,
};

/// The hard AI's weights likewise. Its caution is none: shooting first from the cell with the best odds beats
/// keeping out of sight (measured on the street, 400 battles against a normal AI of caution 0.05 under Shadowrun 4:
/// with a caution of 0.1 or 0.05 it won 63 % of the decided, with none 70 %); the odds of its attacks still mind
/// the target's cover, so it seeks the cell that flanks it. Where surviving counts for more (a level's goal, a
/// free-for-all) it takes the normal AI's caution (`choice.rs`). In a free-for-all a cell to shoot from or nearer
/// the enemy is worth three tenths as much to it (hard against three easy crews on the crossroads, 100 battles a seat:
/// under Eclipse Phase its worst seat won 30 % with all of it, 35 % with three tenths, 34 % with none).
const HARD: Judgement = Judgement {
    positions: 10,
    targets: 4,
    caution: 0.0,
    focus: 1.0,
    ways: usize::MAX,
    defend: true,
    aim: true,
    tempo: 1.0,
    patience: 0.3,
};

impl Difficulty {
    /// The weights of this difficulty under `ruleset` (`None` for easy, which takes the built-in choice). Tuned
    /// with `skirmish sim levels/street.ron --ladder` until hard beats normal and normal beats easy with 95 %
    /// confidence under every ruleset (`tests/lab/ai.rs`).
    pub fn judgement(self, ruleset: RulesetId) -> Option<Judgement> {
        use RulesetId::HomebrewD6;
        match (self, ruleset) {
            (Difficulty::Easy, _) => None,
            // The homebrew's defense tests lose a die for every earlier one in the turn: firing at the enemies yet to
            // act, and pricing more of them, lifts the normal AI above the easy one's nearest-first (from 51 % of the
            // decided to 57 %).
            (Difficulty::Normal, HomebrewD6) => Some(Judgement { targets: 3, tempo: 1.0, ..NORMAL }),
            (Difficulty::Normal, _) => Some(NORMAL),
            // Against that normal AI the homebrew's hard one needs more cells and targets priced, and a little
            // care for cover (62 % of the decided; 55 % with the others' weights).
            (Difficulty::Hard | Difficulty::Expert, HomebrewD6) => {
                Some(Judgement { positions: 20, targets: 8, caution: 0.05, ..HARD })
            }
            (Difficulty::Hard | Difficulty::Expert, _) => Some(HARD),
        }
    }
}
