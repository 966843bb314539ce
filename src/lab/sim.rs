//! `skirmish sim`: many seeded AI-against-AI battles of one level, spread over every core (rayon), and what they
//! add up to: each side's win rate with its 95% Wilson interval, the average turns, casualties and escapes.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rayon::prelude::*;

pub use crate::ai::Minds;
use crate::ai::{self, Difficulty};
use crate::battle::run;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::Decision;
use crate::rules::engine::outcome::{Event, Log, Status};
use crate::rules::engine::ruleset::Slot;
use crate::scenario::Scenario;

/// A battle that is never given up.
static NEVER: AtomicBool = AtomicBool::new(false);

/// How one battle ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub seed: u64,
    pub winner: Option<String>,
    pub turns: u32,
    /// Per side: combatants out of the fight, and combatants who left through an exit.
    pub casualties: BTreeMap<String, u32>,
    pub escaped: BTreeMap<String, u32>,
    /// The rules refused an action (the AI should never let that happen).
    pub error: Option<String>,
}

/// Many battles of one level.
#[derive(Clone, Debug)]
pub struct Report {
    pub title: String,
    pub sides: Vec<(String, Difficulty)>,
    pub outcomes: Vec<Outcome>,
    pub threads: usize,
    /// The last battle's log, when asked for (`one_log`).
    pub log: Log,
}

/// How far a batch of battles has come, and a way to stop it: shared by the threads that play it and the window.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicU32,
    pub cancelled: AtomicBool,
}

/// Plays `runs` battles of `scenario` with seeds `first_seed`, `first_seed + 1` …, each side played by its AI.
pub fn simulate(scenario: &Scenario, runs: u32, first_seed: u64, minds: &Minds) -> Report {
    simulate_watched(scenario, runs, first_seed, minds, &Progress::default())
}

/// [`simulate`], each battle counted in `progress` as it ends; once it is cancelled no more are begun, and the
/// report is of the battles played.
pub fn simulate_watched(scenario: &Scenario, runs: u32, first_seed: u64, minds: &Minds, progress: &Progress) -> Report {
    let mut header = Log::default();
    let battle = run::start(scenario, "sim", &mut header);
    let mut report = batch(&battle, &header, runs, first_seed, minds, progress);
    report.title = format!("{} ({})", scenario.name, battle.rules_name());
    report
}

/// [`simulate`] of a battle begun ([`crate::battle::start`], `skirmish sim`): each run from its start as begun, so
/// that the battle is started once, not once to check and once to play.
pub fn simulate_begun(
    scenario: &Scenario,
    setup: &crate::rules::any_ruleset::any::BattleSetup,
    runs: u32,
    first_seed: u64,
    minds: &Minds,
) -> Report {
    let mut report = batch(&setup.battle, &setup.log, runs, first_seed, minds, &Progress::default());
    report.title = format!("{} ({})", scenario.name, setup.battle.rules_name());
    report
}

/// [`simulate`] from a battle as it stands (begun or not): the battles go on from there, each with its seed.
pub fn simulate_from(state: &AnyBattle, runs: u32, first_seed: u64, minds: &Minds) -> Report {
    let mut report = batch(state, &Log::default(), runs, first_seed, minds, &Progress::default());
    report.title = format!("from turn {} ({})", state.turn(), state.rules_name());
    report
}

/// `runs` battles played out from `state`, whose log so far is `header`, on every core.
fn batch(state: &AnyBattle, header: &Log, runs: u32, first_seed: u64, minds: &Minds, progress: &Progress) -> Report {
    let play = |i: u32| {
        if progress.cancelled.load(Ordering::Relaxed) {
            return None;
        }
        let outcome = one_battle(state, header.clone(), None, (first_seed + u64::from(i), &NEVER), minds).0;
        progress.done.fetch_add(1, Ordering::Relaxed);
        Some(outcome)
    };
    let outcomes = (0..runs).into_par_iter().filter_map(play).collect::<Vec<Outcome>>();
    let sides = state.sides().into_iter().map(|s| (s.to_owned(), minds.of(s))).collect();
    Report { title: String::new(), sides, outcomes, threads: rayon::current_num_threads(), log: Log::default() }
}

/// The log of the one battle with `seed`, as `simulate` plays it.
pub fn one_log(scenario: &Scenario, seed: u64, minds: &Minds) -> Log {
    let mut header = Log::default();
    let battle = run::start(scenario, "sim", &mut header);
    one_battle(&battle, header, None, (seed, &NEVER), minds).1
}

/// How the one battle with `seed` played out from `state` ends (the turns counted from there): the battle of
/// [`simulate_from`] with that seed. `first` is taken in the slot waiting before the AIs play on.
pub fn play_from(state: &AnyBattle, first: Option<&Decision<AnyAction>>, seed: u64, minds: &Minds) -> Outcome {
    one_battle(state, Log::default(), first, (seed, &NEVER), minds).0
}

/// [`play_from`], given up (none) as soon as `stop` is set: the AIs then think no more, every slot left passes.
pub fn play_from_unless(
    state: &AnyBattle,
    first: Option<&Decision<AnyAction>>,
    seed: u64,
    minds: &Minds,
    stop: &AtomicBool,
) -> Option<Outcome> {
    let outcome = one_battle(state, Log::default(), first, (seed, stop), minds).0;
    (!stop.load(Ordering::Relaxed)).then_some(outcome)
}

/// One seeded battle between the AIs, from `start` and its log so far, `first` taken first when it is given; once
/// `stop` is set the AIs think no more (what is left passes).
fn one_battle(
    start: &AnyBattle,
    mut log: Log,
    first: Option<&Decision<AnyAction>>,
    (seed, stop): (u64, &AtomicBool),
    minds: &Minds,
) -> (Outcome, Log) {
    let mut choose = |b: &AnyBattle, slot: Slot| match stop.load(Ordering::Relaxed) {
        true => None,
        // Every side is the AI's: each defender chooses its defense by the odds, as in the game.
        false => minds.choose(b, slot).map(|a| ai::defend(b, slot.actor, a)),
    };
    let (battle, result) = ai::playout::play_out_from(start, &mut log, first, seed, &mut choose);
    (Outcome::of(seed, &battle, &log, result.err().map(|e| e.to_string())), log)
}

impl Outcome {
    fn of(seed: u64, battle: &AnyBattle, log: &Log, error: Option<String>) -> Self {
        let winner = battle.ending().map(|e| e.winner.clone());
        let turns = log.events.iter().filter(|e| matches!(e, Event::TurnStarted { .. })).count() as u32;
        let (mut casualties, mut escaped) = (BTreeMap::new(), BTreeMap::new());
        for c in battle.views() {
            // A reinforcement never brought in neither left nor fell.
            if c.fighter.statuses().contains(&Status::Reserve) {
                continue;
            }
            let left = c.fighter.statuses().iter().any(Status::off_map);
            *escaped.entry(c.side.to_owned()).or_insert(0) += u32::from(left);
            *casualties.entry(c.side.to_owned()).or_insert(0) += u32::from(c.fighter.is_out() && !left);
        }
        Outcome { seed, winner: winner.flatten(), turns, casualties, escaped, error }
    }
}

/// `wins` of `n` as a share, with its 95 % Wilson interval (a share of none is 0).
pub fn share(wins: u32, n: u32) -> (f64, f64, f64) {
    let (lo, hi) = wilson(wins, n);
    (f64::from(wins) / f64::from(n.max(1)), lo, hi)
}

/// The 95% Wilson score interval of `wins` in `n` (it stays inside 0–1 and behaves at 0 and `n` wins).
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96_f64, f64::from(n), f64::from(wins) / f64::from(n));
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Report {
    /// Battles `side` won.
    pub fn wins(&self, side: &str) -> u32 {
        self.outcomes.iter().filter(|o| o.winner.as_deref() == Some(side)).count() as u32
    }

    fn mean(&self, f: impl Fn(&Outcome) -> u32) -> f64 {
        self.outcomes.iter().map(|o| f64::from(f(o))).sum::<f64>() / self.outcomes.len().max(1) as f64
    }

    /// What the battles add up to for each side: the numbers the report prints, the CSV writes and the window shows.
    pub fn sides_summed(&self) -> Vec<SideSum> {
        let n = self.outcomes.len() as u32;
        let sum = |(side, mind): &(String, Difficulty)| {
            let wins = self.wins(side);
            let (rate, lo, hi) = share(wins, n);
            SideSum {
                side: side.clone(),
                mind: *mind,
                wins,
                rate,
                interval: (lo, hi),
                casualties: self.mean(|o| o.casualties.get(side).copied().unwrap_or(0)),
                escaped: self.mean(|o| o.escaped.get(side).copied().unwrap_or(0)),
            }
        };
        self.sides.iter().map(sum).collect()
    }

    /// Battles nobody won, and the average number of turns.
    pub fn undecided_and_turns(&self) -> (usize, f64) {
        (self.outcomes.iter().filter(|o| o.winner.is_none()).count(), self.mean(|o| o.turns))
    }

    /// The report as CSV, a row a side: `level,side,ai,battles,wins,win_rate,ci95_low,ci95_high,mean_casualties,
    /// mean_escaped,no_winner,mean_turns`.
    pub fn to_csv(&self) -> Result<String, CsvError> {
        let mut out = csv::Writer::from_writer(Vec::new());
        let header = ["level", "side", "ai", "battles", "wins", "win_rate", "ci95_low", "ci95_high"];
        let more = ["mean_casualties", "mean_escaped", "no_winner", "mean_turns"];
        out.write_record(header.iter().chain(&more))?;
        let (undecided, turns) = self.undecided_and_turns();
        for s in self.sides_summed() {
            let four = |v: f64| format!("{v:.4}");
            let row = [
                self.title.clone(),
                s.side,
                s.mind.to_string(),
                self.outcomes.len().to_string(),
                s.wins.to_string(),
                four(s.rate),
                four(s.interval.0),
                four(s.interval.1),
                four(s.casualties),
                four(s.escaped),
                undecided.to_string(),
                four(turns),
            ];
            out.write_record(&row)?;
        }
        let bytes = out.into_inner().map_err(|e| e.into_error())?;
        Ok(String::from_utf8(bytes)?)
    }
}

/// Why a report's CSV could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    #[error(transparent)]
    Csv(#[from] csv::Error),
    #[error(transparent)]
    Flush(#[from] std::io::Error),
    #[error(transparent)]
    Text(#[from] std::string::FromUtf8Error),
}

/// One side's sum over the battles.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSum {
    pub side: String,
    pub mind: Difficulty,
    pub wins: u32,
    pub rate: f64,
    /// The 95 % Wilson interval of the win rate.
    pub interval: (f64, f64),
    pub casualties: f64,
    pub escaped: f64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.outcomes.len() as u32;
        let seeds = match (self.outcomes.first(), self.outcomes.last()) {
            (Some(a), Some(b)) => format!("seeds {}–{}", a.seed, b.seed),
            _ => "no battles".into(),
        };
        writeln!(f, "{}: {n} battles ({seeds}) on {} threads", self.title, self.threads)?;
        writeln!(
            f,
            "  {:<16} {:<7} {:>5} {:>9}  {:<15} {:>10} {:>8}",
            "side", "AI", "wins", "win rate", "95% interval", "casualties", "escaped"
        )?;
        for SideSum { side, mind, wins, rate, interval: (lo, hi), casualties, escaped } in self.sides_summed() {
            let interval = format!("{:.1}%–{:.1}%", lo * 100.0, hi * 100.0);
            writeln!(
                f,
                "  {side:<16} {mind:<7} {wins:>5} {:>8.1}%  {interval:<15} {casualties:>10.2} {escaped:>8.2}",
                rate * 100.0
            )?;
        }
        let (undecided, mean_turns) = self.undecided_and_turns();
        let turns: Vec<u32> = self.outcomes.iter().map(|o| o.turns).collect();
        let (lo, hi) = (turns.iter().min().unwrap_or(&0), turns.iter().max().unwrap_or(&0));
        writeln!(f, "  no winner: {undecided}; turns: {mean_turns:.2} on average ({lo}–{hi})")?;
        let errors: Vec<&Outcome> = self.outcomes.iter().filter(|o| o.error.is_some()).collect();
        writeln!(f, "  actions the rules refused: {}", errors.len())?;
        for o in errors.iter().take(5) {
            writeln!(f, "    seed {}: {}", o.seed, o.error.as_deref().unwrap_or_default())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watched_batch_counts_its_battles_and_a_cancelled_one_begins_no_more() {
        let level = crate::scenario::level::load(std::path::Path::new("levels/street.ron")).expect("the street");
        let scenario = level.scenario(crate::rules::any_ruleset::any::RulesetId::Storyteller).expect("plays");
        let minds = Minds::all(Difficulty::Easy);
        let progress = Progress::default();
        let report = simulate_watched(&scenario, 6, 1, &minds, &progress);
        assert_eq!((report.outcomes.len(), progress.done.load(Ordering::Relaxed)), (6, 6));
        assert_eq!(report.outcomes, simulate(&scenario, 6, 1, &minds).outcomes, "the same battles as sim plays");
        let setup = run::setup(&scenario, Box::new(crate::rules::engine::dice::SeededDice::new(0)), "seed 0");
        let begun = simulate_begun(&scenario, &setup, 6, 1, &minds);
        assert_eq!(begun.outcomes, report.outcomes, "a battle begun plays the same battles");
        let stopped = Progress::default();
        stopped.cancelled.store(true, Ordering::Relaxed);
        assert!(simulate_watched(&scenario, 6, 1, &minds, &stopped).outcomes.is_empty());
    }
}
