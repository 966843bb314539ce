//! What players are told of the odds, per table (the battle's request, the menu, `--odds`): the exact chances, a
//! rough band ("unlikely", "even", "likely", "near certain") for those who should feel the odds but not count them,
//! or nothing. Every place a window shows a chance (an attack's odds in the orders panel, the heat map, a what-if,
//! the win chance bar, the review) asks here, so that one setting holds everywhere. The bands are the exact odds
//! binned: below a third unlikely, below two thirds even, below nine in ten likely, else near certain.

use serde::{Deserialize, Serialize};

use crate::rules::mechanics::odds::Odds;

/// How much of the odds the players are told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum OddsTold {
    /// Every chance as a number ("62 %").
    #[default]
    Exact,
    /// Every chance as a band ("likely").
    Rough,
    /// No chance at all: the heat map, the what-if, the win chance and the review's numbers are off.
    None,
}

/// A rough band of chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Unlikely,
    Even,
    Likely,
    NearCertain,
}

/// Where each band begins (the one below ends there).
pub const EVEN_FROM: f64 = 1.0 / 3.0;
pub const LIKELY_FROM: f64 = 2.0 / 3.0;
pub const NEAR_CERTAIN_FROM: f64 = 0.9;

impl Band {
    /// The band chance `p` (0–1) falls in.
    pub fn of(p: f64) -> Band {
        match p {
            p if p >= NEAR_CERTAIN_FROM => Band::NearCertain,
            p if p >= LIKELY_FROM => Band::Likely,
            p if p >= EVEN_FROM => Band::Even,
            _ => Band::Unlikely,
        }
    }

    /// As players read it.
    pub fn word(self) -> &'static str {
        match self {
            Band::Unlikely => "unlikely",
            Band::Even => "even",
            Band::Likely => "likely",
            Band::NearCertain => "near certain",
        }
    }

    /// The middle of the band: where a picture drawn from the odds (the heat map) puts a chance told roughly.
    pub fn middle(self) -> f64 {
        match self {
            Band::Unlikely => EVEN_FROM / 2.0,
            Band::Even => (EVEN_FROM + LIKELY_FROM) / 2.0,
            Band::Likely => (LIKELY_FROM + NEAR_CERTAIN_FROM) / 2.0,
            Band::NearCertain => (NEAR_CERTAIN_FROM + 1.0) / 2.0,
        }
    }
}

impl OddsTold {
    /// Chance `p` (0–1) as players are told it: "62 %", "likely", or nothing.
    pub fn chance(self, p: f64) -> Option<String> {
        match self {
            OddsTold::Exact => Some(format!("{:.0} %", p * 100.0)),
            OddsTold::Rough => Some(Band::of(p).word().to_owned()),
            OddsTold::None => None,
        }
    }

    /// Chance `p` as a picture drawn from the odds takes it: itself, its band's middle, or nothing.
    pub fn drawn(self, p: f64) -> Option<f64> {
        match self {
            OddsTold::Exact => Some(p),
            OddsTold::Rough => Some(Band::of(p).middle()),
            OddsTold::None => None,
        }
    }

    /// Whether they are the exact odds (a request says nothing of it then).
    pub fn is_exact(&self) -> bool {
        *self == OddsTold::Exact
    }

    /// An attack's odds as they may be sent to a player (an online host's answer): exact; or each chance at its band's
    /// middle, with neither the inputs (a target number tells the exact odds) nor the distributions.
    pub fn roughly(self, odds: Odds) -> Odds {
        match self {
            OddsTold::Exact => odds,
            _ => Odds {
                chances: odds.chances.into_iter().map(|(c, p)| (c, Band::of(p).middle())).collect(),
                inputs: Vec::new(),
                dists: Vec::new(),
                ..odds
            },
        }
    }

    /// Whether the players are told any odds (the odds tools are on).
    pub fn any(self) -> bool {
        self != OddsTold::None
    }

    /// How the menu and the help say it.
    pub fn label(self) -> &'static str {
        match self {
            OddsTold::Exact => "exact",
            OddsTold::Rough => "rough (unlikely / even / likely / near certain)",
            OddsTold::None => "none",
        }
    }
}
