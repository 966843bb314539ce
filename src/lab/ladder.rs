//! `skirmish sim LEVEL --ladder`: the AI ladder of a two-side level under each ruleset. Each pairing of two
//! difficulties (hard–easy, normal–easy, hard–normal) plays its battles once with the stronger AI in the first
//! seat and once in the second, the same seeds each way round (a level's seats are seldom even); the stronger one
//! should win more than half the decided battles with 95 % confidence.

use std::fmt::Write as _;

use super::sim::{Minds, share, simulate};
use crate::ai::Difficulty;
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::{FileError, Scenario};

/// The pairings of the ladder, the stronger AI first.
pub const PAIRINGS: [(Difficulty, Difficulty); 3] = [
    (Difficulty::Hard, Difficulty::Easy),
    (Difficulty::Normal, Difficulty::Easy),
    (Difficulty::Hard, Difficulty::Normal),
];

/// One pairing under one ruleset, both ways round.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub ruleset: RulesetId,
    /// The AI that should win, and the one it plays.
    pub upper: Difficulty,
    pub lower: Difficulty,
    /// Wins of the upper AI in the first seat and in the second; the lower AI's likewise.
    pub upper_wins: [u32; 2],
    pub lower_wins: [u32; 2],
    /// Battles nobody won.
    pub draws: u32,
    /// Battles the rules refused an AI's action in (always 0 for a sound AI).
    pub errors: u32,
}

impl Rung {
    /// The upper AI's share of the decided battles, with its 95 % interval.
    pub fn share(&self) -> (f64, f64, f64) {
        let (upper, lower) = self.totals();
        share(upper, upper + lower)
    }

    /// The upper AI's wins and the lower one's, both seats.
    pub fn totals(&self) -> (u32, u32) {
        (self.upper_wins.iter().sum(), self.lower_wins.iter().sum())
    }

    /// Whether the upper AI clearly wins: the low end of its share's 95 % interval above a half.
    pub fn holds(&self) -> bool {
        self.share().1 > 0.5
    }

    /// `135–64 (68 %, from 61 %)`, with ✗ where the upper AI does not clearly win.
    pub fn cell(&self) -> String {
        let (share, lo, _) = self.share();
        let mark = if self.holds() { "" } else { " ✗" };
        let (upper, lower) = self.totals();
        format!("{upper}–{lower} ({:.0} %, from {:.0} %){mark}", share * 100.0, lo * 100.0)
    }
}

/// Why the ladder cannot be climbed.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    #[error("the ladder needs a level of two sides; this one has {0}")]
    TwoSides(usize),
    #[error(transparent)]
    File(#[from] FileError),
}

/// Plays the ladder of a two-side level under each of `rulesets`: `scenario_of` gives the battle under a ruleset,
/// `runs` battles each way round from `first_seed`; `progress` hears of each rung as it is done.
pub fn climb(
    rulesets: &[RulesetId],
    scenario_of: &dyn Fn(RulesetId) -> Result<Scenario, FileError>,
    runs: (u32, u64),
    progress: &mut dyn FnMut(&Rung),
) -> Result<Vec<Rung>, LadderError> {
    let mut out = Vec::new();
    for &ruleset in rulesets {
        let scenario = scenario_of(ruleset)?;
        for pairing in PAIRINGS {
            let rung = rung(&scenario, ruleset, pairing, runs)?;
            progress(&rung);
            out.push(rung);
        }
    }
    Ok(out)
}

/// One rung of the ladder: the `(upper, lower)` pairing on a two-side `scenario` under `ruleset`, `runs` battles each
/// way round from `first_seed`.
pub fn rung(
    scenario: &Scenario,
    ruleset: RulesetId,
    (upper, lower): (Difficulty, Difficulty),
    (runs, first_seed): (u32, u64),
) -> Result<Rung, LadderError> {
    let sides = scenario.sides();
    let [first, second] = sides[..] else {
        return Err(LadderError::TwoSides(sides.len()));
    };
    let seated = |a: Difficulty, b: Difficulty| Minds {
        sides: [(first.to_string(), a), (second.to_string(), b)].into(),
        default: Difficulty::Normal,
        ..Minds::default()
    };
    let ahead = simulate(scenario, runs, first_seed, &seated(upper, lower));
    let behind = simulate(scenario, runs, first_seed, &seated(lower, upper));
    let outcomes = ahead.outcomes.iter().chain(&behind.outcomes);
    Ok(Rung {
        ruleset,
        upper,
        lower,
        upper_wins: [ahead.wins(first), behind.wins(second)],
        lower_wins: [ahead.wins(second), behind.wins(first)],
        draws: outcomes.clone().filter(|o| o.winner.is_none()).count() as u32,
        errors: outcomes.filter(|o| o.error.is_some()).count() as u32,
    })
}

/// The ladder as a Markdown table: a row a ruleset, a column a pairing (the stronger AI's wins first).
pub fn markdown(level: &str, rungs: &[Rung], (runs, first_seed): (u32, u64)) -> String {
    let mut out = String::new();
    let last = first_seed + u64::from(runs).saturating_sub(1);
    let _ = writeln!(
        out,
        "The AI ladder on {level}: {runs} battles each way round (seeds {first_seed}–{last}); a cell gives the first \
         named AI's wins against the second's, its share of the decided battles and where that share's 95 % interval \
         starts (✗ where it does not start above a half).\n"
    );
    let headings: Vec<String> = PAIRINGS.iter().map(|(u, l)| format!("{u} vs {l}")).collect();
    let _ = writeln!(out, "| ruleset | {} |", headings.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(headings.len()));
    let mut rulesets: Vec<RulesetId> = rungs.iter().map(|r| r.ruleset).collect();
    rulesets.dedup();
    for ruleset in rulesets {
        let cells: Vec<String> = PAIRINGS
            .iter()
            .map(|&(u, l)| {
                let rung = rungs.iter().find(|r| r.ruleset == ruleset && (r.upper, r.lower) == (u, l));
                rung.map_or("—".into(), Rung::cell)
            })
            .collect();
        let _ = writeln!(out, "| {} | {} |", super::balance::heading(ruleset), cells.join(" | "));
    }
    let held = rungs.iter().filter(|r| r.holds()).count();
    let _ = writeln!(out, "\nThe ladder holds in {held} of {} pairings.", rungs.len());
    out
}
