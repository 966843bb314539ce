//! How will this fight go? (`skirmish forecast`): a few hundred battles of the group's own fight (its level, ruleset,
//! characters and options), the hard AI on every side, give each side's chance to win and the casualties it should
//! expect; then the one change of make-up that brings the party's chance nearest the difficulty the GM asks for: one
//! unit left out (any side's), or one archetype more on a side (on its next free spawn cell), each played as many
//! times. Encounter calculators built on ratings guess; this plays the actual rules.

use std::fmt;

use super::sim::{self, SideSum};
use crate::ai::{Difficulty, Minds};
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::character::Character;
use crate::scenario::level::Level;
use crate::scenario::reserve::{Recruit, unique};
use crate::scenario::{Scenario, roster};

/// One change of the fight's make-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// This unit stays home.
    Without(String),
    /// One more of this archetype on this side.
    With { side: String, archetype: String, name: String },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Without(name) => write!(f, "without {name}"),
            Change::With { side, archetype, name } => write!(f, "with one more {archetype} for {side} ({name})"),
        }
    }
}

/// What the battles of one make-up came to.
#[derive(Clone, Debug)]
pub struct Played {
    pub sums: Vec<SideSum>,
    /// Battles with no winner.
    pub undecided: usize,
    pub battles: usize,
    /// Battles in which the rules refused an AI's action.
    pub errors: usize,
}

impl Played {
    /// `side`'s chance to win.
    pub fn rate(&self, side: &str) -> f64 {
        self.sums.iter().find(|s| s.side == side).map_or(0.0, |s| s.rate)
    }
}

/// The forecast: the fight as it stands, and the change that brings the party's chance nearest the target.
#[derive(Clone, Debug)]
pub struct Forecast {
    pub title: String,
    pub party: String,
    /// The party's chance the GM asked for (0–1).
    pub target: f64,
    /// Units on each side, as the fight stands.
    pub units: Vec<(String, usize)>,
    pub now: Played,
    /// The best change and its battles; none when no change comes nearer the target than the fight as it is.
    pub suggestion: Option<(Change, Played)>,
}

/// Plays `scenario` (`runs` battles from seed `first`, the hard AI on every side).
fn play(scenario: &Scenario, (runs, first): (u32, u64)) -> Played {
    let minds = Minds::all(Difficulty::Hard);
    let report = sim::simulate(scenario, runs, first, &minds);
    let (undecided, _) = report.undecided_and_turns();
    let errors = report.outcomes.iter().filter(|o| o.error.is_some()).count();
    Played { sums: report.sides_summed(), undecided, battles: report.outcomes.len(), errors }
}

/// Each change worth trying, with the fight it makes: every unit left out in turn (held in reserve, never brought
/// in: it rolls nothing and counts for nothing), and every archetype added to every side that has a free spawn cell.
fn changes(scenario: &Scenario, level: Option<&Level>) -> Vec<(Change, Scenario)> {
    let mut all = Vec::new();
    let names = scenario.names();
    for (i, name) in names.iter().enumerate() {
        let mut without = scenario.clone();
        without.hold_in_reserve(i);
        all.push((Change::Without(name.clone()), without));
    }
    let Some(level) = level else { return all };
    let ruleset: RulesetId = scenario.ruleset_id();
    for side in scenario.sides() {
        let Some(cell) = level.free_spawn_cell(side, &scenario.positions()) else { continue };
        for archetype in roster::archetypes().unwrap_or_default() {
            let recruit = Recruit::Archetype(archetype.clone());
            let name = unique(&names, &format!("{side} {archetype}"), side, &recruit);
            let Ok(character) = Character::from_archetype(&name, ruleset, &archetype) else { continue };
            let mut with = scenario.clone();
            if with.add_character(&character, side, cell).is_ok() {
                let change = Change::With { side: side.to_owned(), archetype: archetype.clone(), name };
                all.push((change, with));
            }
        }
    }
    all
}

/// The forecast of `scenario` (on `level`, whose spawn zones take an added unit) for `party` at `target`: `runs`
/// battles of the fight as it is and of each change, seeds from `first`. `tried` is told each change as it is played
/// (a long forecast says how far it has come), and asked after each whether to go on (`false`: the changes left are
/// not played, the window that asked has gone).
pub fn forecast(
    scenario: &Scenario,
    level: Option<&Level>,
    (party, target): (&str, f64),
    (runs, first): (u32, u64),
    tried: &mut dyn FnMut(&Change, &Played) -> bool,
) -> Forecast {
    let now = play(scenario, (runs, first));
    let mut best: Option<(Change, Played)> = None;
    let off = |p: &Played| (p.rate(party) - target).abs();
    for (change, fight) in changes(scenario, level) {
        let played = play(&fight, (runs, first));
        let go_on = tried(&change, &played);
        if off(&played) < best.as_ref().map_or(off(&now), |(_, b)| off(b)) {
            best = Some((change, played));
        }
        if !go_on {
            break;
        }
    }
    let units = scenario.side_sizes();
    Forecast { title: scenario.name.clone(), party: party.to_owned(), target, units, now, suggestion: best }
}

impl fmt::Display for Forecast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |p: f64| format!("{:.0} %", p * 100.0);
        writeln!(f, "{}: {} battles, the hard AI on every side", self.title, self.now.battles)?;
        for s in &self.now.sums {
            let units = self.units.iter().find(|(side, _)| *side == s.side).map_or(0, |(_, n)| *n);
            writeln!(
                f,
                "  {} wins {} (95 %: {}–{}), loses {:.1} of its {units} units on average",
                s.side,
                pct(s.rate),
                pct(s.interval.0),
                pct(s.interval.1),
                s.casualties
            )?;
        }
        if self.now.undecided > 0 {
            writeln!(f, "  no winner in {} battles", self.now.undecided)?;
        }
        let asked = format!("to bring {}'s chance to {}", self.party, pct(self.target));
        match &self.suggestion {
            Some((change, played)) => {
                let s = played.sums.iter().find(|s| s.side == self.party);
                let (rate, lo, hi) = s.map_or((0.0, 0.0, 0.0), |s| (s.rate, s.interval.0, s.interval.1));
                write!(f, "{asked}: {change}, {} wins {} (95 %: {}–{})", self.party, pct(rate), pct(lo), pct(hi))
            }
            None => write!(f, "{asked}: no single change comes nearer than the fight as it is"),
        }
    }
}
