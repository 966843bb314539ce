//! `skirmish balance`: how fair every shipped level is under every ruleset. Each level × ruleset × AI (normal, hard)
//! is played by the same AI on every side (`sim`), and each side's share of the decided battles is set against what
//! a fair fight gives: 40–60 % for two sides, 15–35 % for four, draws under 10 %. With `--lesson` it also plays the
//! hard AI in each seat against the easy one in every other, to show the hard AI uses what the level teaches (it
//! should win more than an even share with 95 % confidence from every seat). The result is a Markdown report
//! (`docs/balance.md`) and the data the menu shows (`assets/balance.ron`). The levels are tuned on seeds from 1; a
//! measurement from another seed (seeds nobody tuned on) is kept beside it (`assets/balance-fresh.ron`) and the
//! report shows both.

use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::sim::{Minds, share, simulate};
use crate::ai::Difficulty;
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::level::{self, Level};
use crate::scenario::{Scenario, ScenarioError, SetupError};

/// Where the kept report lives (beside `levels/`): what the menu shows and `balance --only` lays its levels over.
pub const KEPT: &str = "assets/balance.ron";

/// The seed the levels are tuned from: the kept report's.
pub const TUNED_FROM: u64 = 1;

/// Where a measurement on seeds nobody tuned on (any first seed but [`TUNED_FROM`]) is kept, for the report.
pub const FRESH: &str = "assets/balance-fresh.ron";

/// The tuning's aim for two sides hard against hard, on the seeds it was tuned on (tighter than fair, so that it stays
/// fair on seeds nobody tuned on); four sides aim at 20–30 %.
pub const AIM: (f64, f64) = (0.45, 0.55);

/// Where a measurement from `first_seed` is kept.
pub fn kept_for(first_seed: u64) -> &'static str {
    if first_seed == TUNED_FROM { KEPT } else { FRESH }
}

/// One level under one ruleset, every side played by one AI.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The level's file stem (`street`).
    pub level: String,
    pub ruleset: RulesetId,
    pub ai: Difficulty,
    /// Each side's wins, in the level's order.
    pub sides: Vec<(String, u32)>,
    /// Battles nobody won.
    pub draws: u32,
    /// Turns a battle lasted, on average.
    pub turns: f64,
    /// Battles the rules refused an AI's action in (always 0 for a sound AI).
    pub errors: u32,
}

/// One level under one ruleset, the hard AI in one seat and the easy AI in every other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lesson {
    pub level: String,
    pub ruleset: RulesetId,
    /// The side the hard AI plays.
    pub seat: String,
    /// How many sides fight.
    pub sides: u32,
    /// Battles the hard side won, and those an easy side won.
    pub hard: u32,
    pub easy: u32,
    pub draws: u32,
}

/// A whole measurement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    pub runs: u32,
    pub first_seed: u64,
    pub rows: Vec<Row>,
    /// The hard AI against the easy one from every seat (measured with `--lesson` only).
    #[serde(default)]
    pub lessons: Vec<Lesson>,
}

impl Lesson {
    /// The hard side's share of the decided battles, with its 95 % interval.
    pub fn share(&self) -> (f64, f64, f64) {
        share(self.hard, self.hard + self.easy)
    }

    /// Whether the hard AI beats the easy one from this seat: the low end of its share's 95 % interval above an
    /// even share (a half of two sides, a quarter of four).
    pub fn beaten(&self) -> bool {
        self.share().1 > 1.0 / f64::from(self.sides.max(1))
    }

    /// `71–29`, with ✗ where the hard AI does not clearly win.
    pub fn cell(&self) -> String {
        let mark = if self.beaten() { "" } else { " ✗" };
        format!("{} {}–{}{mark}", self.seat, self.hard, self.easy)
    }
}

impl Row {
    /// Battles some side won.
    pub fn decided(&self) -> u32 {
        self.sides.iter().map(|(_, w)| w).sum()
    }

    /// All battles played.
    pub fn runs(&self) -> u32 {
        self.decided() + self.draws
    }

    /// `side`'s share of the decided battles, with its 95 % interval.
    pub fn share(&self, wins: u32) -> (f64, f64, f64) {
        share(wins, self.decided())
    }

    /// The range of a fair share for this many sides: 40–60 % for two, 15–35 % for four (a third more or less than
    /// an even share for three).
    pub fn fair_range(&self) -> (f64, f64) {
        match self.sides.len() {
            2 => (0.40, 0.60),
            4 => (0.15, 0.35),
            n => {
                let even = 1.0 / n.max(1) as f64;
                (even * 0.75, even * 1.25)
            }
        }
    }

    /// Whether every side's share, as the report shows it (whole percents), is within the tuning's [`AIM`]: 45–55 %
    /// for two sides, 20–30 % for four (an even share ± a fifth of it for three).
    pub fn aimed(&self) -> bool {
        let (lo, hi) = match self.sides.len() {
            2 => AIM,
            n => {
                let even = 1.0 / n.max(1) as f64;
                (even * 0.8, even * 1.2)
            }
        };
        let shown = |w: u32| (self.share(w).0 * 100.0).round();
        self.sides.iter().all(|(_, w)| ((lo * 100.0).round()..=(hi * 100.0).round()).contains(&shown(*w)))
    }

    /// Whether the fight is fair: every side's share of the decided battles in the fair range, draws under 10 %.
    pub fn fair(&self) -> bool {
        let (lo, hi) = self.fair_range();
        let shares_fair = self.sides.iter().all(|(_, w)| (lo..=hi).contains(&self.share(*w).0));
        shares_fair && f64::from(self.draws) < 0.10 * f64::from(self.runs().max(1))
    }
}

/// Why a balance cannot be measured, kept or read.
#[derive(Debug, thiserror::Error)]
pub enum BalanceError {
    /// A level that does not play under a ruleset it says it plays under.
    #[error("{stem}: {why}")]
    Level { stem: String, why: SetupError },
    /// A level that does not read.
    #[error(transparent)]
    File(#[from] ScenarioError),
    /// A folder or the kept report that cannot be read.
    #[error("{}: {source}", path.display())]
    Unreadable { path: std::path::PathBuf, source: std::io::Error },
    /// The kept report does not read (`FILE:LINE:COLUMN: …`).
    #[error("{file}:{source}")]
    Syntax { file: String, source: Box<ron::error::SpannedError> },
    /// The report cannot be written as RON.
    #[error(transparent)]
    Ron(Box<ron::Error>),
    #[error(
        "the kept report has {} battles from seed {}, this one {} from seed {}: measure every level anew",
        kept.0, kept.1, now.0, now.1
    )]
    OtherRuns { kept: (u32, u64), now: (u32, u64) },
}

/// Plays every level of `levels` under every ruleset with each AI of `ais`, `runs` battles each from `first_seed`.
/// `progress` hears of each row as it is done.
pub fn measure(
    levels: &[(String, Level)],
    ais: &[Difficulty],
    (runs, first_seed): (u32, u64),
    progress: &mut dyn FnMut(&Row),
) -> Result<Balance, BalanceError> {
    let mut rows = Vec::new();
    for (stem, level) in levels {
        // A level of its own archetypes is measured under the rulesets it plays under.
        for ruleset in level.rulesets() {
            let scenario = level.scenario(ruleset).map_err(|why| BalanceError::Level { stem: stem.clone(), why })?;
            for &ai in ais {
                let minds = Minds { default: ai, ..Minds::default() };
                let report = simulate(&scenario, runs, first_seed, &minds);
                let sides = scenario.sides().iter().map(|s| (s.to_string(), report.wins(s))).collect();
                let n = report.outcomes.len().max(1) as f64;
                let row = Row {
                    level: stem.clone(),
                    ruleset,
                    ai,
                    sides,
                    draws: report.outcomes.iter().filter(|o| o.winner.is_none()).count() as u32,
                    turns: report.outcomes.iter().map(|o| f64::from(o.turns)).sum::<f64>() / n,
                    errors: report.outcomes.iter().filter(|o| o.error.is_some()).count() as u32,
                };
                progress(&row);
                rows.push(row);
            }
        }
    }
    Ok(Balance { runs, first_seed, rows, lessons: Vec::new() })
}

/// Plays every level of `levels` under every ruleset with the hard AI in each seat in turn and the easy AI in every
/// other, `runs` battles a seat from `first_seed`. `progress` hears of each seat as it is done.
pub fn lessons(
    levels: &[(String, Level)],
    runs: (u32, u64),
    progress: &mut dyn FnMut(&Lesson),
) -> Result<Vec<Lesson>, BalanceError> {
    let mut out = Vec::new();
    for (stem, level) in levels {
        // A level of its own archetypes is measured under the rulesets it plays under.
        for ruleset in level.rulesets() {
            let scenario = level.scenario(ruleset).map_err(|why| BalanceError::Level { stem: stem.clone(), why })?;
            for seat in scenario.sides() {
                let lesson = lesson(stem, ruleset, &scenario, seat, runs);
                progress(&lesson);
                out.push(lesson);
            }
        }
    }
    Ok(out)
}

/// One seat's lesson: level `stem`'s `scenario` under `ruleset`, the hard AI in `seat` and the easy AI in every other,
/// `runs` battles from `first_seed`.
pub fn lesson(
    stem: &str,
    ruleset: RulesetId,
    scenario: &Scenario,
    seat: &str,
    (runs, first_seed): (u32, u64),
) -> Lesson {
    let sides = scenario.sides();
    let minds =
        Minds { sides: [(seat.to_string(), Difficulty::Hard)].into(), default: Difficulty::Easy, ..Minds::default() };
    let report = simulate(scenario, runs, first_seed, &minds);
    let hard = report.wins(seat);
    let decided = sides.iter().map(|s| report.wins(s)).sum::<u32>();
    Lesson {
        level: stem.to_owned(),
        ruleset,
        seat: seat.to_string(),
        sides: sides.len() as u32,
        hard,
        easy: decided - hard,
        draws: report.outcomes.len() as u32 - decided,
    }
}

/// The shipped levels of `folder`, by file stem, sorted.
pub fn levels_of(folder: &Path) -> Result<Vec<(String, Level)>, BalanceError> {
    std::fs::metadata(folder).map_err(|source| BalanceError::Unreadable { path: folder.to_owned(), source })?;
    level::files_in(folder)
        .iter()
        .map(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            Ok(level::load(p).map(|l| (stem, l))?)
        })
        .collect()
}

/// A ruleset's column heading.
pub fn heading(ruleset: RulesetId) -> &'static str {
    match ruleset {
        RulesetId::EclipsePhase => "Eclipse Phase",
        RulesetId::Shadowrun4 => "Shadowrun 4",
        RulesetId::Storyteller => "Storyteller",
        RulesetId::HomebrewD6 => "homebrew",
    }
}

impl Row {
    /// The table cell: each side's share of the decided battles, the draws, and a mark when it is not fair.
    pub fn cell(&self) -> String {
        let shares: Vec<String> = self.sides.iter().map(|(_, w)| format!("{:.0}", self.share(*w).0 * 100.0)).collect();
        let draws = match self.draws {
            0 => String::new(),
            1 => " (1 draw)".to_owned(),
            d => format!(" ({d} draws)"),
        };
        let mark = if self.fair() { "" } else { " ✗" };
        format!("{}{draws}{mark}", shares.join("–"))
    }

    /// One line for the menu: "fair: Crew 54 % · Gang 46 % of the decided, 3 draws in 100 (hard AI on every side)".
    pub fn summary(&self) -> String {
        let shares: Vec<String> =
            self.sides.iter().map(|(s, w)| format!("{s} {:.0} %", self.share(*w).0 * 100.0)).collect();
        let fair = if self.fair() { "fair" } else { "not fair" };
        let ai = format!("{:?}", self.ai).to_lowercase();
        format!(
            "{fair}: {} of the decided, {} draws in {} ({ai} AI on every side)",
            shares.join(" · "),
            self.draws,
            self.runs()
        )
    }
}

impl Balance {
    /// The measured row for a level (by file stem), ruleset and AI.
    pub fn row(&self, level: &str, ruleset: RulesetId, ai: Difficulty) -> Option<&Row> {
        self.rows.iter().find(|r| r.level == level && r.ruleset == ruleset && r.ai == ai)
    }

    /// The report: a table per AI (each side's share of the decided battles, ✗ where unfair), then every row with
    /// its intervals, draws and turns.
    pub fn markdown(&self) -> String {
        self.markdown_with(None)
    }

    /// The seeds measured, as the report names them.
    fn seeds(&self) -> String {
        format!("seeds {}–{}", self.first_seed, self.first_seed + u64::from(self.runs).saturating_sub(1))
    }

    /// The report of this measurement (the tuning range), with a measurement on seeds nobody tuned on beside it.
    pub fn markdown_with(&self, fresh: Option<&Balance>) -> String {
        let mut out = String::new();
        let seeds = self.seeds();
        let _ = writeln!(out, "# Balance\n");
        let _ = writeln!(
            out,
            "Made by `skirmish balance --runs {}{} --write` ({seeds}): every shipped level under every ruleset, the \
             same AI on every side. A cell is each side's share of the decided battles, in the level's side order; \
             a fair fight gives each of two sides 40–60 %, each of four 15–35 %, with draws (counted in brackets) under 10 % (✗ marks \
             the rest).\n",
            self.runs,
            if self.lessons.is_empty() { "" } else { " --lesson" }
        );
        self.tables(&mut out, "##");
        if let Some(aimed) = self.off_aim() {
            let _ = writeln!(out, "{aimed}\n");
        }
        if let Some(fresh) = fresh {
            let _ = writeln!(out, "## On seeds nobody tuned on ({})\n", fresh.seeds());
            let _ = writeln!(
                out,
                "Made by `skirmish balance --runs {}{} --seed {} --write`: the same levels on seeds the tuning never \
                 saw, where every cell should still be fair.\n",
                fresh.runs,
                if fresh.lessons.is_empty() { "" } else { " --lesson" },
                fresh.first_seed
            );
            fresh.tables(&mut out, "###");
        }
        let _ = writeln!(out, "## Every measurement ({seeds})\n");
        let _ =
            writeln!(out, "| level | ruleset | AI | side | wins | share of decided | 95 % interval | draws | turns |");
        let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
        for r in &self.rows {
            for (side, wins) in &r.sides {
                let (share, lo, hi) = r.share(*wins);
                let _ = writeln!(
                    out,
                    "| {} | {} | {:?} | {side} | {wins} | {:.1} % | {:.1}–{:.1} % | {} | {:.1} |",
                    r.level,
                    heading(r.ruleset),
                    r.ai,
                    share * 100.0,
                    lo * 100.0,
                    hi * 100.0,
                    r.draws,
                    r.turns
                );
            }
        }
        out
    }

    /// Each AI's table, then the lessons', under headings of `level` (`##`).
    fn tables(&self, out: &mut String, level: &str) {
        let mut ais: Vec<Difficulty> = Vec::new();
        for r in &self.rows {
            if !ais.contains(&r.ai) {
                ais.push(r.ai);
            }
        }
        for ai in ais {
            self.table(out, ai, level);
        }
        if !self.lessons.is_empty() {
            self.lesson_table(out, level);
        }
    }

    /// The hard-against-hard cells outside the tuning's [`AIM`] (fair, but nearer an edge than tuned for), said in a
    /// sentence; `None` without hard rows or on seeds the levels were not tuned on.
    fn off_aim(&self) -> Option<String> {
        let hard: Vec<&Row> = self.rows.iter().filter(|r| r.ai == Difficulty::Hard).collect();
        // The aim is the tuning range's: elsewhere fair is what counts.
        if hard.is_empty() || self.first_seed != TUNED_FROM {
            return None;
        }
        let off: Vec<String> =
            hard.iter().filter(|r| !r.aimed()).map(|r| format!("{} {}", r.level, heading(r.ruleset))).collect();
        Some(match off.is_empty() {
            true => format!(
                "Every hard-against-hard cell is within the tuning's aim: {:.0}–{:.0} % for two sides, 20–30 % for four.",
                AIM.0 * 100.0,
                AIM.1 * 100.0
            ),
            false => format!(
                "Hard against hard outside the tuning's aim ({:.0}–{:.0} % for two sides, 20–30 % for four): {}.",
                AIM.0 * 100.0,
                AIM.1 * 100.0,
                off.join(", ")
            ),
        })
    }

    fn table(&self, out: &mut String, ai: Difficulty, level: &str) {
        let _ = writeln!(out, "{level} {ai:?} AI against {ai:?} AI\n");
        let headings: Vec<&str> = RulesetId::ALL.iter().map(|&r| heading(r)).collect();
        let _ = writeln!(out, "| level | {} |", headings.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(headings.len()));
        let mut levels: Vec<&str> = Vec::new();
        for r in self.rows.iter().filter(|r| r.ai == ai) {
            if !levels.contains(&r.level.as_str()) {
                levels.push(&r.level);
            }
        }
        for level in levels {
            let cells: Vec<String> =
                RulesetId::ALL.iter().map(|&rs| self.row(level, rs, ai).map_or("—".into(), Row::cell)).collect();
            let sides = self.rows.iter().find(|r| r.level == level).map(|r| {
                let names: Vec<&str> = r.sides.iter().map(|(s, _)| s.as_str()).collect();
                names.join("–")
            });
            let _ = writeln!(out, "| {level} ({}) | {} |", sides.unwrap_or_default(), cells.join(" | "));
        }
        let _ = writeln!(out);
    }

    /// The hard AI against the easy one, a cell per ruleset listing each seat.
    fn lesson_table(&self, out: &mut String, level: &str) {
        let per_seat = self.lessons.first().map_or(0, |l| l.hard + l.easy + l.draws);
        let _ = writeln!(out, "{level} Hard AI against easy AI\n");
        let _ = writeln!(
            out,
            "Made with `--lesson`: the hard AI plays one side and the easy AI every other, {per_seat} battles a seat \
             (seeds from {}). A cell gives, for each seat the hard AI took, its wins against the easy sides' wins; \
             the hard AI should win more than an even share with 95 % confidence from every seat (✗ marks the \
             rest).\n",
            self.first_seed
        );
        let headings: Vec<&str> = RulesetId::ALL.iter().map(|&r| heading(r)).collect();
        let _ = writeln!(out, "| level | {} |", headings.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(headings.len()));
        let mut levels: Vec<&str> = self.lessons.iter().map(|l| l.level.as_str()).collect();
        levels.dedup();
        for level in levels {
            let cells: Vec<String> = RulesetId::ALL
                .iter()
                .map(|&rs| {
                    let seats: Vec<String> =
                        self.lessons.iter().filter(|l| l.level == level && l.ruleset == rs).map(Lesson::cell).collect();
                    seats.join(", ")
                })
                .collect();
            let _ = writeln!(out, "| {level} | {} |", cells.join(" | "));
        }
        let beaten = self.lessons.iter().filter(|l| l.beaten()).count();
        let _ = writeln!(out, "\nThe hard AI clearly wins from {beaten} of {} seats.\n", self.lessons.len());
    }

    /// This measurement of some levels laid over an earlier one of all: the earlier rows and lessons of every level
    /// measured now are replaced (its lessons dropped when none were measured now), the rest kept, in level order.
    /// Refused when the two were not made with the same runs and seeds.
    pub fn over(self, earlier: Balance) -> Result<Balance, BalanceError> {
        let (kept, now) = ((earlier.runs, earlier.first_seed), (self.runs, self.first_seed));
        if kept != now {
            return Err(BalanceError::OtherRuns { kept, now });
        }
        let now: Vec<&str> = self.rows.iter().map(|r| r.level.as_str()).collect();
        let mut rows: Vec<Row> = earlier.rows.into_iter().filter(|r| !now.contains(&r.level.as_str())).collect();
        let mut lessons: Vec<Lesson> =
            earlier.lessons.into_iter().filter(|l| !now.contains(&l.level.as_str())).collect();
        rows.extend(self.rows);
        lessons.extend(self.lessons);
        // Stable sorts: each level's rows stay in the order they were measured in.
        rows.sort_by(|a, b| a.level.cmp(&b.level));
        lessons.sort_by(|a, b| a.level.cmp(&b.level));
        Ok(Balance { runs: self.runs, first_seed: self.first_seed, rows, lessons })
    }

    /// The data file the menu reads.
    pub fn ron(&self) -> Result<String, BalanceError> {
        let config = ron::ser::PrettyConfig::default().depth_limit(3);
        let body = ron::ser::to_string_pretty(self, config).map_err(|e| BalanceError::Ron(Box::new(e)))?;
        Ok(format!("// Made by `skirmish balance --write`: what `docs/balance.md` shows, for the menu.\n{body}\n"))
    }

    /// Reads the data file at `path`: `None` when there is none, an error naming it when it cannot be read.
    pub fn read(path: &Path) -> Result<Option<Self>, BalanceError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Self::parse(&text, &path.display().to_string()).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(BalanceError::Unreadable { path: path.to_owned(), source }),
        }
    }

    /// Reads the data file's text; `file` names it in errors (`FILE:LINE:COLUMN: …`).
    pub fn parse(text: &str, file: &str) -> Result<Self, BalanceError> {
        ron::from_str(text).map_err(|e| BalanceError::Syntax { file: file.to_owned(), source: Box::new(e) })
    }
}
