//! The expert: the hard AI's judgement, tried out. For its slot it takes the hard AI's best two actions, the hard
//! AI's choice were it cautious, its best attack on each of a few enemies, a retreat to the best cover in a walk and a
//! pass, plays the battle on from each many times with the hard AI on every side, and takes the one that did best for
//! its side. A battle played on counts 1 won and 0 lost; one still going two turns after this one is stopped there
//! and counts by the harm each side took ([`worth`]): a few turns show what an action leads to, and the dice after
//! them would drown it (measured: full battles scored won or lost made an expert no better than the hard AI, 19 of 40
//! on the street; [`HORIZON`] says how its length was chosen). Every candidate is played out with the same seeds (the
//! state's: [`playout::seed_of`]), each slot with dice of its own, so two candidates are told apart by what they do
//! more than by the dice they met, and the hard AI's own choice stands unless another does clearly better.
//!
//! It refines by halves: a few battles for each candidate, then the better half played on with more, and so on
//! while its budget lasts. The budget ([`Think`]) is counted in the decisions its battles take, never in wall time:
//! the same state and budget give the same choice on any machine, so a save replays and a battle goes on from it as
//! it would have. [`decisions_per_second`] turns a think time into decisions, by ruleset (a Shadowrun 4 decision
//! prices more ways to attack than a Storyteller one).
//!
//! Under fog of war it thinks about the battle as its side sees it ([`think_seeing`]): the units it does not see
//! have left that battle, and a side that sees no enemy does as the hard AI would.

use rayon::prelude::*;

use super::playout;
use super::{Difficulty, best_on_each_any, cautious_any, choose_any, defend, defended, shortlist_any};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle, RulesetId};
use crate::rules::engine::battle::Decision;
use crate::rules::engine::id::CombatantId;
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::Slot;

/// Decisions the expert's playouts take in a second on 2 cores under `ruleset`, in the build a player runs (`cargo
/// run`, the dev profile; a release build takes about 1.4 times as many): what a second of thinking is worth.
/// Measured on the street with `cargo bench --no-default-features --bench ai -- expert_think` (release), 2026-12-07:
/// at 6,000 a second each a 2-second budget took a median 2.65 s under Eclipse Phase, 4.0 s under Shadowrun 4,
/// 1.44 s under the Storyteller rules and 2.06 s under the homebrew; each rate below is that one scaled to 2 s, over
/// 1.4.
pub fn decisions_per_second(ruleset: RulesetId) -> u64 {
    match ruleset {
        RulesetId::EclipsePhase => 3_200,
        RulesetId::Shadowrun4 => 2_150,
        RulesetId::Storyteller => 6_000,
        RulesetId::HomebrewD6 => 4_150,
    }
}

/// How many of the hard AI's best actions the expert tries.
const SHORTLIST: usize = 2;

/// How many enemies it tries the hard AI's best attack on (each from the cell the hard AI would attack it from).
const TARGETS: usize = 3;

/// How many standard errors better another action must do than the hard AI's own choice to be taken instead.
const MARGIN: f64 = 1.0;

/// Turns past the one under way that a playout goes on for, unless the battle ends first: far enough to see what an
/// action leads to, near enough that the dice after it do not drown it. Measured state by state (the street under the
/// Storyteller rules, seeds 100–109, 133 decisions, think 0.5; each other choice played to the end 300 times against
/// the hard AI's): 1 turn, +0.48 points of win chance a decision; 2, +0.60; 3, +0.50.
const HORIZON: u32 = 2;

/// Battles each candidate is played out in before the first half is let go (fewer in a big battle: [`size_share`]).
const FIRST: u32 = 4;

/// How long the expert thinks over each decision, in milliseconds of the 2-core machine it was measured on
/// (`--think SECONDS`, the menu's *Expert thinks*): counted in decisions played out, so the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Think {
    pub millis: u32,
}

impl Default for Think {
    /// Two seconds a decision.
    fn default() -> Self {
        Think { millis: 2000 }
    }
}

impl Think {
    /// `seconds` of thinking (a tenth at least, a minute at most).
    pub fn seconds(seconds: f32) -> Self {
        Think { millis: (seconds.clamp(0.1, 60.0) * 1000.0).round() as u32 }
    }

    /// The decisions its playouts may take under `ruleset` in a battle of up to [`UNITS`] units.
    pub fn decisions(self, ruleset: RulesetId) -> u64 {
        u64::from(self.millis) * decisions_per_second(ruleset) / 1000
    }
}

/// Units in a battle up to which a decision costs what [`decisions_per_second`] says and the first round plays
/// [`FIRST`] battles a candidate. A battle of more is fought on a bigger map, where each decision prices more enemies
/// from more cells in reach and a playout takes more decisions, even after units fall: measured on slots of hard
/// battles at 2 s (release, 2026-12-07), the levels of 7 to 12 units took a median 0.7–1.5 s a decision (the
/// crossroads' 12 as the street's 8), the war zone's 24 a median 2.0–4.3 s and up to 5.3 s, most of it the first
/// round alone.
const UNITS: u64 = 12;

/// The share of its budget and of its first round the expert gives a decision in `battle`, as a fraction: all of
/// them up to [`UNITS`] units, less as the units past them (a half at twice as many: the war zone's decisions then
/// took a median 0.9–2.0 s at 2 s, `benches/ai.rs`). The square of that share (a quarter on the war zone) kept its
/// time well under the budget, but left it one battle a candidate before the first halving and too little after it to
/// tell any from the hard AI's own choice: on the war zone it was no better than the hard AI (79–81 under Eclipse
/// Phase over two seed ranges at 0.5 s). A half at 0.5 s still leaves too few (44–36); at the default 2 s it wins
/// (106–54 over the same two ranges), so the docs' table plays the war zone at 2 s.
fn size_share(battle: &AnyBattle) -> (u64, u64) {
    (UNITS, (battle.len() as u64).max(UNITS))
}

/// One candidate, as far as it was played out: what each of its battles was worth to the expert's side ([`worth`]:
/// a battle won 1), the `i`th played with the `i`th seed, the same for every candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed {
    pub decision: Decision<AnyAction>,
    pub worths: Vec<f64>,
}

impl Weighed {
    /// The battles it was played out in.
    pub fn battles(&self) -> u32 {
        self.worths.len() as u32
    }

    /// What its battles were worth on average (0 before any).
    pub fn rate(&self) -> f64 {
        mean(&self.worths)
    }
}

/// What the expert made of one slot: its choice (`None`: it passes), every candidate as far as it was played out,
/// and the decisions its playouts took.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub choice: Option<AnyAction>,
    pub weighed: Vec<Weighed>,
    pub decisions: u64,
}

/// The expert's action for `slot` (`None`: it passes).
pub fn choose(battle: &AnyBattle, slot: Slot, think: Think) -> Option<AnyAction> {
    think_over(battle, slot, think).choice
}

/// The expert's thought over `slot` of the battle as its side sees it: `seen[i]` says whether combatant `i` is seen.
pub fn think_seeing(battle: &AnyBattle, slot: Slot, think: Think, seen: &[bool]) -> Thought {
    think_over(&crate::rules::tools::fog::as_seen(battle, seen), slot, think)
}

/// The expert's thought over `slot` of `battle`.
pub fn think_over(battle: &AnyBattle, slot: Slot, think: Think) -> Thought {
    let candidates = candidates(battle, slot);
    let hard = || Thought { choice: choose_any(battle, slot, Difficulty::Hard), weighed: Vec::new(), decisions: 0 };
    // One thing to do, or no enemy to do it to: nothing to weigh.
    if candidates.len() < 2 || !has_enemy(battle, slot.actor) {
        return hard();
    }
    let mut weighed: Vec<Weighed> =
        candidates.into_iter().map(|decision| Weighed { decision, worths: Vec::new() }).collect();
    let (part, whole) = size_share(battle);
    let first = (u64::from(FIRST) * part / whole).max(1) as u32;
    let decisions = weigh(battle, slot, &mut weighed, (think.decisions(battle.ruleset()) * part / whole, first));
    let best = best_of(&weighed, &(0..weighed.len()).collect::<Vec<_>>());
    // The hard AI's own choice (the first) stands unless another did clearly better: among near equals the
    // playouts' noise would pick at random, and the hard AI's judgement is better than a coin.
    let best = if clearly_better(&weighed[best], &weighed[0]) { best } else { 0 };
    let choice = match &weighed[best].decision {
        Decision::Act(action) => Some(action.clone()),
        _ => None,
    };
    Thought { choice, weighed, decisions }
}

/// What the expert tries: the hard AI's best few, an attack from where it stands on other enemies (the nearest
/// first), a retreat to cover, a pass; each once, and each the rules accept.
fn candidates(battle: &AnyBattle, slot: Slot) -> Vec<Decision<AnyAction>> {
    let actor = slot.actor;
    let mut found = shortlist_any(battle, slot, SHORTLIST);
    let accepted = |a: &AnyAction| battle.dry_run(slot, a).is_ok();
    let cautious = cautious_any(battle, slot);
    for attack in cautious.into_iter().chain(best_on_each_any(battle, slot).into_iter().take(TARGETS)) {
        if !found.contains(&attack) {
            found.push(attack);
        }
    }
    let cover = battle.cover_spot(actor, battle.paces(actor).0).map(|to| battle.intended(actor, Some(to), None));
    if let Some(retreat) = cover.filter(|a| accepted(a) && !found.contains(a)) {
        found.push(retreat);
    }
    found.into_iter().map(Decision::Act).chain([Decision::Pass]).collect()
}

/// Whether an enemy of `actor` is still on the field.
pub fn has_enemy(battle: &AnyBattle, actor: CombatantId) -> bool {
    let side = battle.view(actor).side;
    let on_field = |v: &crate::rules::any_ruleset::any::View<'_>| {
        !v.fighter.is_out() && !v.fighter.statuses().iter().any(|s| s.off_map())
    };
    battle.views().iter().any(|v| v.side != side && on_field(v))
}

/// Plays the candidates out by halves within `budget` decisions, `first` battles each before the first halving; the
/// decisions taken.
fn weigh(battle: &AnyBattle, slot: Slot, weighed: &mut [Weighed], (budget, first): (u64, u32)) -> u64 {
    let side = battle.view(slot.actor).side.to_owned();
    let seed = playout::seed_of(battle);
    // Each played as the game plays it against an AI defender, as every later attack of the playouts is: Shadowrun
    // 4's full defense is the defender's, recorded in the attacker's action (the choice stays the bare action: in
    // the game the defender chooses).
    let as_played: Vec<Decision<AnyAction>> =
        weighed.iter().map(|w| defended(battle, slot.actor, w.decision.clone())).collect();
    let mut alive: Vec<usize> = (0..weighed.len()).collect();
    let (mut spent, mut played, mut each) = (0u64, 0u64, first);
    loop {
        let jobs: Vec<(usize, u32)> =
            alive.iter().flat_map(|&c| (weighed[c].battles()..each).map(move |i| (c, i))).collect();
        let results: Vec<(usize, f64, u64)> = jobs
            .par_iter()
            .map(|&(c, i)| {
                let (worth, decisions) =
                    play_out(battle, (slot, &as_played[c]), seed.wrapping_add(u64::from(i)), &side);
                (c, worth, decisions)
            })
            .collect();
        if played == 0 {
            alive = distinct(&alive, &results);
        }
        // The results come in the order of the jobs: each candidate's battles by their seeds.
        for (c, worth, decisions) in results {
            weighed[c].worths.push(worth);
            (spent, played) = (spent + decisions, played + 1);
        }
        let left = budget.saturating_sub(spent);
        let cost = spent / played.max(1) + 1;
        // The better half goes on, with what is left shared over the halvings still to come.
        let half = alive.len().div_ceil(2);
        let rounds = u64::from(usize::BITS - (half.max(2) - 1).leading_zeros());
        let more = left / rounds / cost / half as u64;
        if alive.len() < 2 || more == 0 {
            return spent;
        }
        alive = halve(weighed, &alive);
        each = weighed[alive[0]].battles() + more.min(u64::from(u32::MAX / 2)) as u32;
    }
}

/// The candidates of `alive` whose first battles did not go exactly as an earlier one's: the same attack from the
/// next cell often changes nothing, and the budget goes to the choices that differ.
fn distinct(alive: &[usize], results: &[(usize, f64, u64)]) -> Vec<usize> {
    let went = |c: usize| results.iter().filter(|r| r.0 == c).map(|r| (r.1.to_bits(), r.2)).collect::<Vec<_>>();
    let mut seen: Vec<Vec<(u64, u64)>> = Vec::new();
    let mut kept = Vec::new();
    for &c in alive {
        let how = went(c);
        if !seen.contains(&how) {
            seen.push(how);
            kept.push(c);
        }
    }
    kept
}

/// The better half of `alive` by their rate (ties to the earlier: the hard AI's order), the hard AI's own choice (the
/// first) kept whatever its rate: every other is measured against it in the end, on as many battles as it was played.
fn halve(weighed: &[Weighed], alive: &[usize]) -> Vec<usize> {
    let mut ranked: Vec<usize> = alive.iter().copied().filter(|&c| c != 0).collect();
    ranked.sort_by(|&a, &b| weighed[b].rate().total_cmp(&weighed[a].rate()).then(a.cmp(&b)));
    ranked.truncate((alive.len().div_ceil(2) - 1).max(1));
    ranked.extend(alive.first().filter(|&&c| c == 0));
    ranked.sort();
    ranked
}

/// The best of `alive`: the most battles played (those that came through every halving), then the best rate, then
/// the earlier.
fn best_of(weighed: &[Weighed], alive: &[usize]) -> usize {
    let key = |&c: &usize| (weighed[c].battles(), weighed[c].rate());
    alive.iter().copied().fold(alive[0], |best, c| {
        let (a, b) = (key(&c), key(&best));
        if a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) { c } else { best }
    })
}

/// Whether `one` did better than `other` by more than the noise of their battles: [`MARGIN`] standard errors of
/// the difference battle by battle, on the seeds both were played with (the same dice make most of the noise
/// cancel out).
fn clearly_better(one: &Weighed, other: &Weighed) -> bool {
    let differences: Vec<f64> = one.worths.iter().zip(&other.worths).map(|(a, b)| a - b).collect();
    let n = differences.len() as f64;
    let average = mean(&differences);
    let variance = differences.iter().map(|d| (d - average).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    n >= 2.0 && average > (variance / n).sqrt() * MARGIN
}

/// The average of `values` (0 of none).
fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// One battle played out from `battle` with `first` in the slot waiting, the hard AI on every side, to its end or
/// [`HORIZON`] turns past this one, each slot rolling its own dice ([`playout::play_until`]): what it was worth to
/// `side` (1 won, 0 lost; cut short, by the harm each side took: [`worth`]), and the decisions it took. A
/// candidate's `i`th battle is this with the state's seed ([`playout::seed_of`]) plus `i`, the candidate as an AI
/// defender meets it ([`defended`]).
pub fn play_out(battle: &AnyBattle, first: (Slot, &Decision<AnyAction>), seed: u64, side: &str) -> (f64, u64) {
    let mut hard = |b: &AnyBattle, slot: Slot| choose_any(b, slot, Difficulty::Hard).map(|a| defend(b, slot.actor, a));
    let end = playout::play_until(battle, first, (seed, battle.turn() + HORIZON), &mut hard);
    (worth(&end, side), end.decided().saturating_sub(battle.decided()) as u64)
}

/// What `battle` is worth to `side`, from 0 to 1: 1 won, 0 lost, ½ no one; going on, ½ plus half of how much more
/// harm the enemies took than `side` (each unit's harm the share of its fullest track, 1 out of the fight).
fn worth(battle: &AnyBattle, side: &str) -> f64 {
    if let Some(ending) = battle.ending() {
        return match ending.winner.as_deref() {
            Some(winner) if winner == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    let (mut ours, mut theirs) = ((0.0, 0u32), (0.0, 0u32));
    for view in battle.views() {
        if view.fighter.statuses().contains(&Status::Reserve) {
            continue;
        }
        let harm = match view.fighter.is_out() || view.fighter.statuses().iter().any(Status::off_map) {
            true => 1.0,
            false => battle
                .tracks(view.id())
                .iter()
                .map(|t| f64::from(t.taken.min(t.capacity)) / f64::from(t.capacity.max(1)))
                .fold(0.0, f64::max),
        };
        let tally = if view.side == side { &mut ours } else { &mut theirs };
        (tally.0, tally.1) = (tally.0 + harm, tally.1 + 1);
    }
    let share = |(harm, n): (f64, u32)| harm / f64::from(n.max(1));
    0.5 + 0.5 * (share(theirs) - share(ours))
}
