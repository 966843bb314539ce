//! The expert AI against the hard AI, seat by seat (issue 68's table, `scripts/expert_table`): on a level under a
//! ruleset, the hard AI on every side (the seats' own balance), then the expert in each seat in turn with the hard AI
//! on all the others, the same seeds each time (on a two-side level, the ladder's two ways round). Each battle's
//! winner is kept, so the table's file says what every seed gave and a test can play any of them again.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::sim::{Minds, Report, share, simulate};
use crate::ai::Difficulty;
use crate::ai::expert::Think;
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::Scenario;

/// One level under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The level's file name without `.ron`.
    pub level: String,
    pub ruleset: RulesetId,
    pub sides: Vec<String>,
    pub first_seed: u64,
    /// Battles a seat.
    pub runs: u32,
    /// The expert's budget a decision.
    pub think_ms: u32,
    /// Each battle's winner with the hard AI on every side, seed by seat: the winning side's place in `sides` as a
    /// digit of base 36 (`0`, `1`, … `9`, `a`, …), `-` for nobody, `!` for a battle the rules refused an action in.
    pub balance: String,
    /// The same with the expert in each seat in turn, a string a seat, in the order of `sides`.
    pub seats: Vec<String>,
}

/// The mark of a win by the side in `seat` (none past the 36th).
fn seat_mark(seat: usize) -> Option<char> {
    char::from_digit(u32::try_from(seat).ok()?, 36)
}

/// Battles of `winners` won by the side in `seat`.
fn won(winners: &str, seat: usize) -> u32 {
    seat_mark(seat).map_or(0, |mark| winners.chars().filter(|&c| c == mark).count() as u32)
}

/// The winners of a batch, a character a battle (see [`Cell::balance`]).
fn winners(report: &Report, sides: &[String]) -> String {
    let mark = |o: &super::sim::Outcome| match (&o.error, &o.winner) {
        (Some(_), _) => '!',
        (None, None) => '-',
        (None, Some(w)) => sides.iter().position(|s| s == w).and_then(seat_mark).unwrap_or('?'),
    };
    report.outcomes.iter().map(mark).collect()
}

impl Cell {
    /// Plays the cell: `runs` battles from `first_seed` with the hard AI on every side, then as many with the expert
    /// (thinking `think` a decision) in each seat in turn.
    pub fn play(level: &str, scenario: &Scenario, runs: (u32, u64), think: Think) -> Cell {
        let mut cell = Cell::begin(level, scenario, runs, think);
        while cell.play_on(scenario, u32::MAX) {}
        cell
    }

    /// The cell with no battle played yet.
    pub fn begin(level: &str, scenario: &Scenario, (runs, first_seed): (u32, u64), think: Think) -> Cell {
        let sides: Vec<String> = scenario.sides().iter().map(|s| s.to_string()).collect();
        Cell {
            level: level.to_string(),
            ruleset: scenario.ruleset_id(),
            first_seed,
            runs,
            think_ms: think.millis,
            balance: String::new(),
            seats: vec![String::new(); sides.len()],
            sides,
        }
    }

    /// Plays up to `most` more of the cell's battles, in the order [`Cell::play`] plays them, and says whether any
    /// were left to play. A battle's seed is its place in its string, so a cell played a few battles at a time (a
    /// war-zone cell takes longer than a working session: its file keeps it as it goes) ends as one played at once.
    pub fn play_on(&mut self, scenario: &Scenario, most: u32) -> bool {
        let runs = self.runs as usize;
        let think = Think { millis: self.think_ms };
        let minds = |seat: Option<usize>| match seat {
            None => Minds::all(Difficulty::Hard),
            Some(seat) => Minds {
                sides: [(self.sides[seat].clone(), Difficulty::Expert)].into(),
                default: Difficulty::Hard,
                think,
                ..Minds::default()
            },
        };
        let Some((string, played)) = self.strings().map(String::len).enumerate().find(|&(_, len)| len < runs) else {
            return false;
        };
        let seat = string.checked_sub(1);
        let count = u32::try_from(runs - played).unwrap_or(u32::MAX).min(most.max(1));
        let report = simulate(scenario, count, self.first_seed + played as u64, &minds(seat));
        let more = winners(&report, &self.sides);
        match seat {
            None => self.balance.push_str(&more),
            Some(seat) => self.seats[seat].push_str(&more),
        }
        true
    }

    /// Whether every battle of the cell has been played.
    pub fn complete(&self) -> bool {
        self.seats.len() == self.sides.len() && self.strings().all(|w| w.len() == self.runs as usize)
    }

    /// The winners' strings in the order they are played: the hard AI's, then each of the expert's seats.
    fn strings(&self) -> impl Iterator<Item = &String> {
        [&self.balance].into_iter().chain(&self.seats)
    }

    /// Battles played of all the cell has to play (the hard AI's and each of the expert's seats).
    pub fn progress(&self) -> (usize, usize) {
        let played = self.strings().map(String::len).sum();
        (played, self.runs as usize * (1 + self.sides.len()))
    }

    /// The expert's wins over all its seats, and on a two-side level the hard AI's against it (on a level of more
    /// sides: the hard AI's wins in the same seats when it played every side).
    pub fn totals(&self) -> (u32, u32) {
        let expert = self.seats.iter().enumerate().map(|(seat, w)| won(w, seat)).sum();
        let hard = match self.sides.len() {
            2 => self.seats.iter().enumerate().map(|(seat, w)| won(w, 1 - seat)).sum(),
            n => (0..n).map(|seat| won(&self.balance, seat)).sum(),
        };
        (expert, hard)
    }

    /// Battles the expert turned, seed by seed against the hard AI in its seat: lost with the hard AI there and won
    /// with the expert, and the other way round (the seeds whose winner did not change tell nothing of the two).
    pub fn turned(&self) -> (u32, u32) {
        let mark = |seat: usize| seat_mark(seat).unwrap_or('?');
        let pairs = self.seats.iter().enumerate().flat_map(|(seat, w)| {
            self.balance.chars().zip(w.chars()).map(move |(hard, expert)| (hard == mark(seat), expert == mark(seat)))
        });
        pairs.fold((0, 0), |(won, lost), pair| match pair {
            (false, true) => (won + 1, lost),
            (true, false) => (won, lost + 1),
            _ => (won, lost),
        })
    }

    /// Battles nobody won (or the rules refused an action in) with the expert seated.
    pub fn undecided(&self) -> u32 {
        self.seats.iter().flat_map(|w| w.chars()).filter(|c| !c.is_ascii_alphanumeric()).count() as u32
    }

    /// Seed by seed on a two-side level, over the expert's two seats: the battles it won and those decided (each seed's
    /// two battles share their dice, so they are one sample, not two: [`by_seeds`]).
    pub fn by_seed(&self) -> Vec<(u32, u32)> {
        let of = |i: usize| {
            self.seat_marks(i).fold((0, 0), |(won, decided), (mine, mark)| match mark {
                Some(c) if c.is_ascii_alphanumeric() => (won + u32::from(Some(c) == mine), decided + 1),
                _ => (won, decided),
            })
        };
        (0..self.seeds_played()).map(of).collect()
    }

    /// Seed by seed, the battles the expert won over its seats less those the hard AI's side won in the same seats
    /// with the hard AI on every side (each seed's one battle of the hard AI's has at most one winner).
    pub fn seat_gains(&self) -> Vec<f64> {
        let of = |i: usize| {
            let expert = self.seat_marks(i).filter(|(mine, mark)| mine.is_some() && mine == mark).count();
            let hard = self.balance.as_bytes().get(i).is_some_and(|c| c.is_ascii_alphanumeric());
            expert as f64 - f64::from(u8::from(hard))
        };
        (0..self.seeds_played()).map(of).collect()
    }

    /// Seed `i` of each seat: the mark a win of the seat's side would have, and the mark its battle has (the marks
    /// are ASCII).
    fn seat_marks(&self, i: usize) -> impl Iterator<Item = (Option<char>, Option<char>)> + '_ {
        self.seats.iter().enumerate().map(move |(seat, w)| (seat_mark(seat), w.as_bytes().get(i).map(|&b| b as char)))
    }

    /// The seeds of the longest of its strings (they are all `runs` long, unless a file was edited by hand).
    fn seeds_played(&self) -> usize {
        self.strings().map(String::len).max().unwrap_or(0)
    }

    /// Each side's wins with the hard AI on every side.
    pub fn balance(&self) -> Vec<(String, u32)> {
        self.sides.iter().enumerate().map(|(seat, s)| (s.clone(), won(&self.balance, seat))).collect()
    }

    /// The seeds played: `1000–1039`.
    pub fn seeds(&self) -> String {
        let last = self.first_seed.saturating_add(u64::from(self.runs.max(1)) - 1);
        format!("{}–{last}", self.first_seed)
    }

    /// `street × Storyteller`.
    pub fn name(&self) -> String {
        format!("{} × {}", self.level, super::balance::heading(self.ruleset))
    }
}

/// The two-side levels of several runs (seed ranges) side by side: each run's expert–hard, then over them all the
/// expert's share of the decided with its 95 % intervals seed by seed ([`by_seeds`]: ✗ where it does not start above
/// a half) and battle by battle, the seeds turned and the seats' own balance; then all of them. A cell missing from a
/// run is left blank there.
pub fn ranges_table(runs: &[Vec<Cell>]) -> String {
    let heads = seed_heads(runs);
    let mut out = format!(
        "| level × ruleset | seeds {} | expert's share of the decided | 95 %, seed by seed | 95 %, battle by battle \
         | turned won–lost | hard against hard |\n",
        heads.join(" | seeds ")
    );
    let _ = writeln!(out, "|---|{}---|---|---|---|---|", "---|".repeat(runs.len()));
    let mut all = Totals::default();
    for (level, ruleset) in cells_of(runs, |c| c.sides.len() == 2) {
        let found = in_each(runs, (level, ruleset));
        let row = Totals::of(found.iter().flatten().copied());
        let Some(first) = found.iter().flatten().next() else { continue };
        let each: Vec<String> = found.iter().map(|c| c.map_or_else(String::new, |c| Totals::of([c]).count())).collect();
        let balance: Vec<String> = first.sides.iter().zip(&row.balance).map(|(s, w)| format!("{s} {w}")).collect();
        let (name, each, share, balance) = (first.name(), each.join(" | "), row.marked(), balance.join(" · "));
        let _ = writeln!(out, "| {name} | {each} | {share} | {} | {balance} |", row.turned_count());
        all = all.plus(&row);
    }
    let each: Vec<String> = runs.iter().map(|r| Totals::of(r.iter().filter(|c| c.sides.len() == 2)).count()).collect();
    let _ = writeln!(out, "| all | {} | {} | {} | |", each.join(" | "), all.overall(), all.turned_count());
    out
}

/// Each run's seeds, `1000–1039`, for the tables' headings; and its think time, `1000–1039 at 2 s`, where the runs
/// were not all played at one (the same seeds at another think time are another run).
fn seed_heads(runs: &[Vec<Cell>]) -> Vec<String> {
    let thinks: Vec<u32> = runs.iter().filter_map(|r| r.first()).map(|c| c.think_ms).collect();
    let one_think = thinks.windows(2).all(|w| w[0] == w[1]);
    let head = |c: &Cell| match one_think {
        true => c.seeds(),
        false => format!("{} at {} s", c.seeds(), f64::from(c.think_ms) / 1000.0),
    };
    runs.iter().map(|r| r.first().map_or_else(String::new, head)).collect()
}

/// The cell of `level` under `ruleset` in each run, if it has one.
fn in_each<'a>(runs: &'a [Vec<Cell>], (level, ruleset): (&str, RulesetId)) -> Vec<Option<&'a Cell>> {
    runs.iter().map(|r| r.iter().find(|c| (c.level.as_str(), c.ruleset) == (level, ruleset))).collect()
}

/// Each level × ruleset of the cells of `runs` that are `wanted`, once, in the order first found.
fn cells_of(runs: &[Vec<Cell>], wanted: impl Fn(&&Cell) -> bool) -> Vec<(&str, RulesetId)> {
    let mut order: Vec<(&str, RulesetId)> = Vec::new();
    for c in runs.iter().flatten().filter(wanted) {
        if !order.contains(&(c.level.as_str(), c.ruleset)) {
            order.push((c.level.as_str(), c.ruleset));
        }
    }
    order
}

/// The expert's share of the decided with its 95 % interval, seed by seed: `seeds` holds each seed's wins and decided
/// battles over the expert's seats. The mirrored seats play each seed's dice twice, and where the expert does as the
/// hard AI would, the two battles end one won and one lost whatever the dice: they are one sample, and counting them
/// as two independent battles (the Wilson interval) makes the interval too wide for what changed and blind to the
/// pairing. The share is a ratio of sums over seeds; its interval is the normal one with the ratio's variance over
/// the seeds (the delta method), so a seed where nothing changed adds nothing to the difference and little to the
/// doubt. Where every seed came out alike the seeds cannot say how far they spread: the battles' Wilson interval
/// stands in.
pub fn by_seeds(seeds: &[(u32, u32)]) -> (f64, f64, f64) {
    let (won, decided) = seeds.iter().fold((0.0, 0.0), |(w, d), &(a, b)| (w + f64::from(a), d + f64::from(b)));
    let n = seeds.len() as f64;
    if decided == 0.0 || n < 2.0 {
        return (if decided == 0.0 { 0.0 } else { won / decided }, 0.0, 1.0);
    }
    let p = won / decided;
    let spread: f64 = seeds.iter().map(|&(a, b)| (f64::from(a) - p * f64::from(b)).powi(2)).sum();
    if spread == 0.0 {
        return share(won as u32, decided as u32);
    }
    let half = 1.96 * (spread / (decided * decided) * n / (n - 1.0)).sqrt();
    (p, (p - half).max(0.0), (p + half).min(1.0))
}

/// The mean of `xs` with its 95 % interval (the normal one: the samples' spread over the root of their number).
pub fn mean_interval(xs: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n.max(1.0);
    if n < 2.0 {
        return (mean, f64::NEG_INFINITY, f64::INFINITY);
    }
    let spread = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (spread / n).sqrt();
    (mean, mean - half, mean + half)
}

/// Sums of two-side cells: the expert's wins and the hard AI's, the seeds turned, each seat's wins hard against hard,
/// and each seed's wins and decided battles ([`by_seeds`]).
#[derive(Default)]
struct Totals {
    wins: (u32, u32),
    turned: (u32, u32),
    balance: Vec<u32>,
    seeds: Vec<(u32, u32)>,
}

impl Totals {
    /// The sums of `cells`.
    fn of<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> Totals {
        cells.into_iter().fold(Totals::default(), |t, c| {
            let balance = c.balance().iter().map(|(_, w)| *w).collect();
            t.plus(&Totals { wins: c.totals(), turned: c.turned(), balance, seeds: c.by_seed() })
        })
    }

    fn plus(self, o: &Totals) -> Totals {
        let add = |a: (u32, u32), b: (u32, u32)| (a.0 + b.0, a.1 + b.1);
        let mut balance = self.balance;
        balance.resize(balance.len().max(o.balance.len()), 0);
        balance.iter_mut().zip(&o.balance).for_each(|(a, b)| *a += b);
        let seeds = [self.seeds, o.seeds.clone()].concat();
        Totals { wins: add(self.wins, o.wins), turned: add(self.turned, o.turned), balance, seeds }
    }

    /// `49–31`: the expert's wins and the hard AI's.
    fn count(&self) -> String {
        format!("{}–{}", self.wins.0, self.wins.1)
    }

    /// `14–5`: the seeds turned to wins and to losses.
    fn turned_count(&self) -> String {
        format!("{}–{}", self.turned.0, self.turned.1)
    }

    /// A cell's share and its two intervals: `61.3 % | 55.2–67.4 | 50–71`, seed by seed ([`by_seeds`]; marked ✗
    /// where it does not start above a half) and battle by battle (Wilson's).
    fn marked(&self) -> String {
        let (p, lo, hi) = by_seeds(&self.seeds);
        let (_, wlo, whi) = share(self.wins.0, self.wins.0 + self.wins.1);
        let mark = if lo <= 0.5 { " ✗" } else { "" };
        let pc = |x: f64| x * 100.0;
        format!("{:.1} % | {:.1}–{:.1}{mark} | {:.0}–{:.0}", pc(p), pc(lo), pc(hi), pc(wlo), pc(whi))
    }

    /// The share over all and its two intervals to a tenth: `65.2 % | 63.9–66.5 | 62.6–67.8`.
    fn overall(&self) -> String {
        let (p, lo, hi) = by_seeds(&self.seeds);
        let (_, wlo, whi) = share(self.wins.0, self.wins.0 + self.wins.1);
        let pc = |x: f64| x * 100.0;
        format!("{:.1} % | {:.1}–{:.1} | {:.1}–{:.1}", pc(p), pc(lo), pc(hi), pc(wlo), pc(whi))
    }
}

/// The levels of more sides of several runs (seed ranges) side by side as a Markdown table: each run's wins of the
/// expert's seat (each seat in turn) and of the hard AI's in the same seats on the same seeds, then over them all
/// those two as shares of the battles, and the difference seed by seed in points ([`Cell::seat_gains`]: each seed's
/// battles share their dice, so the difference is surer than the two shares; ✗ where its interval does not start
/// above nought).
pub fn seats_table(runs: &[Vec<Cell>]) -> String {
    // Only the runs that played such a level have a column (a range for a few two-side cells has none here).
    let runs: Vec<Vec<Cell>> = runs.iter().filter(|r| r.iter().any(|c| c.sides.len() > 2)).cloned().collect();
    let runs = runs.as_slice();
    let heads = seed_heads(runs);
    let mut out = format!(
        "| level × ruleset | seeds {} | battles | the expert's seat won (95 %) | the hard AI's seat won (95 %) \
         | the difference, seed by seed (95 %) |\n",
        heads.join(" | seeds ")
    );
    let _ = writeln!(out, "|---|{}---|---|---|---|", "---|".repeat(runs.len()));
    for (level, ruleset) in cells_of(runs, |c| c.sides.len() > 2) {
        let found = in_each(runs, (level, ruleset));
        let Some(first) = found.iter().flatten().next() else { continue };
        let each: Vec<String> = found.iter().map(|c| c.map_or_else(String::new, |c| won_lost(c.totals()))).collect();
        let (n, (expert, hard)) = found.iter().flatten().fold((0, (0, 0)), |(n, (e, h)), c| {
            let (a, b) = c.totals();
            (n + c.runs * c.sides.len() as u32, (e + a, h + b))
        });
        let said = |wins: u32| {
            let (p, lo, hi) = share(wins, n);
            format!("{wins} ({:.1} %, {:.0}–{:.0})", p * 100.0, lo * 100.0, hi * 100.0)
        };
        let gains: Vec<f64> = found.iter().flatten().flat_map(|c| in_points(c)).collect();
        let (name, each) = (first.name(), each.join(" | "));
        let _ = writeln!(out, "| {name} | {each} | {n} | {} | {} | {} |", said(expert), said(hard), difference(&gains));
    }
    out
}

/// `57–40`.
fn won_lost((a, b): (u32, u32)) -> String {
    format!("{a}–{b}")
}

/// A cell's seed by seed differences ([`Cell::seat_gains`]) as points of a seat's share.
fn in_points(c: &Cell) -> Vec<f64> {
    let seats = c.sides.len() as f64;
    c.seat_gains().iter().map(|g| g / seats * 100.0).collect()
}

/// `+10.6 points (+3.9 to +17.4)`, marked ✗ where the interval does not start above nought.
fn difference(gains: &[f64]) -> String {
    let (gain, lo, hi) = mean_interval(gains);
    let mark = if lo <= 0.0 { " ✗" } else { "" };
    format!("{gain:+.1} points ({lo:+.1} to {hi:+.1}){mark}")
}
