//! The three difficulties. They see the same battle and the same odds and roll no dice of their own; they differ
//! in how much they weigh: how many firing positions and targets they price, whether they care for cover, focus
//! fire on the wounded, pick firing modes and called shots, defend when hurt, aim.

use std::fmt;

use serde::{Deserialize, Serialize};

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
    /// Prices many positions and targets, minds cover and the range it likes, focuses fire on the wounded,
    /// picks the firing mode and called shot, aims when it has no shot, defends when exposed and hurt.
    Hard,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
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
}

impl Difficulty {
    /// The weights of this difficulty (`None` for easy, which takes the built-in choice).
    pub fn judgement(self) -> Option<Judgement> {
        match self {
            Difficulty::Easy => None,
            Difficulty::Normal => Some(Judgement {
                positions: 4,
                targets: 2,
                caution: 0.05,
                focus: 0.5,
                ways: 1,
                defend: false,
                aim: false,
            }),
            Difficulty::Hard => Some(Judgement {
                positions: 10,
                targets: 4,
                caution: 0.1,
                focus: 1.0,
                ways: usize::MAX,
                defend: true,
                aim: true,
            }),
        }
    }
}
