//! A battle's decision review: every decision of a save with each side's win chance ([`super::win_chance`]) before
//! it, after the choice (before any die) and after its dice, so that a choice and the luck that followed it are
//! told apart; and, where the reviewer would have chosen otherwise, what it would have done. The reviewer is the hard
//! AI or the expert ([`Reviewer`]). The hard AI's own choice is what the estimate before a decision plays first (the
//! same seeds), so the chance before a decision is also the chance of the hard AI's choice; the expert's choice, when
//! it is another, is played first from the same seeds: "take cover at (4, 5): 31 %; you ran to (9, 2): 22 %".
//!
//! States met twice (after one decision and before the next, when no die was rolled between) are estimated once;
//! a decision that rolled no die has no luck (its chance after the choice is the one after it).

use std::collections::HashMap;

use serde::Serialize;

use super::sim::Progress;
use super::win_chance::{Chance, MIND, seed_of};
use crate::ai::defended;
use crate::ai::expert::{self, Think};
use crate::battle::StartError;
use crate::battle::save::Save;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::any_ruleset::replay::Replayed;
use crate::rules::engine::battle::Decision;
use crate::rules::engine::dice::{ScriptedDice, SeededDice};
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::{CombatantId, Slot};

/// How many battles each estimate of a review rests on, unless asked otherwise.
pub const RUNS: u32 = 100;

/// The most battles a review of a big battle (more than [`SMALL`] combatants: the war zone) plays out in all, about.
pub const BIG_BUDGET: u32 = 3000;

/// The most combatants of a battle whose review takes [`RUNS`] battles an estimate.
pub const SMALL: usize = 12;

/// The battles each estimate of a review rests on unless asked otherwise: [`RUNS`], and on a big battle (its battles
/// long, its decisions many) as many as keep the review within [`BIG_BUDGET`] battles, two estimates a decision,
/// but never fewer than 10.
pub fn runs_for(combatants: usize, decisions: usize) -> u32 {
    match combatants <= SMALL {
        true => RUNS,
        false => (BIG_BUDGET / (2 * decisions.max(1)) as u32).clamp(10, RUNS),
    }
}

/// Whose choice each decision is held against: the hard AI's (a judgement of odds and ground, at once) or the
/// expert's (which plays the battle out from its best few choices: `ai/expert.rs`), with how long it thinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reviewer {
    #[default]
    Hard,
    Expert(Think),
}

impl std::fmt::Display for Reviewer {
    /// "the hard AI's", "the expert's (2 s a decision)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reviewer::Hard => f.write_str("the hard AI's"),
            Reviewer::Expert(think) => write!(f, "the expert's ({} s a decision)", f64::from(think.millis) / 1000.0),
        }
    }
}

impl Reviewer {
    /// "the hard AI", "the expert".
    pub fn name(self) -> &'static str {
        match self {
            Reviewer::Hard => "the hard AI",
            Reviewer::Expert(_) => "the expert",
        }
    }

    /// Its decision in `slot` of `battle`.
    fn decide(self, battle: &AnyBattle, slot: Slot) -> Decision<AnyAction> {
        let action = match self {
            Reviewer::Hard => crate::ai::choose_any(battle, slot, MIND),
            Reviewer::Expert(think) => expert::choose(battle, slot, think),
        };
        action.map_or(Decision::Pass, Decision::Act)
    }
}

/// A reviewed battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The battle's name and ruleset.
    pub title: String,
    /// Every side, in the roster's order (the window's colours), and those people played.
    pub sides: Vec<String>,
    pub players: Vec<String>,
    /// How many battles each estimate rests on.
    pub runs: u32,
    /// Whose choices the decisions are held against.
    pub by: Reviewer,
    /// The win chance before the first decision.
    pub start: Chance,
    pub decisions: Vec<Reviewed>,
    /// How the battle ended, if it has.
    pub ending: Option<String>,
    pub winner: Option<String>,
}

/// One decision and the win chance around it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// Its place in the record, from 1.
    pub number: usize,
    pub turn: u32,
    pub actor: String,
    pub side: String,
    /// A person's decision (the side was a player's).
    pub by_player: bool,
    /// What was done, as the log says it.
    pub chosen: String,
    /// What the reviewer would have done instead, when it would have done something else.
    pub instead: Option<String>,
    pub before: Chance,
    /// The chance of the reviewer's choice (the hard AI's: the one before).
    pub best: Chance,
    pub after_choice: Chance,
    pub after_dice: Chance,
}

impl Reviewed {
    /// What the choice did to its own side's chance, against the reviewer's choice (0 when they are the same).
    pub fn choice(&self) -> f64 {
        self.after_choice.rate(&self.side) - self.best.rate(&self.side)
    }

    /// What the dice did to its own side's chance after the choice.
    pub fn luck(&self) -> f64 {
        self.after_dice.rate(&self.side) - self.after_choice.rate(&self.side)
    }
}

/// A decision as replayed: the battle before and after it, and what it wrote to the log.
struct Step {
    before: AnyBattle,
    slot: Slot,
    decision: Decision<AnyAction>,
    after: AnyBattle,
    events: Vec<Event>,
}

/// Reviews the battle of `save` with `runs` battles played out for each estimate (else [`runs_for`] the battle),
/// each decision held against `by`'s; `progress` counts the battles and can stop the review (what is cut short is
/// estimated from the battles played). A save that does not replay is one error naming its file and the decision
/// where it stops fitting.
pub fn review(save: &Save, runs: Option<u32>, by: Reviewer, progress: &Progress) -> Result<Review, StartError> {
    let request = &save.battle;
    let scenario = request.scenario().map_err(|why| StartError::File { why: Box::new(why), note: String::new() })?;
    let start = crate::battle::run::start(&scenario, &request.dice_label, &mut Log::default());
    let steps = replayed(start.clone(), save)?;
    let runs = runs.unwrap_or_else(|| runs_for(start.len(), steps.len()));
    let mut estimates = Estimates { runs, progress, known: HashMap::new() };
    let first = steps.first().map_or(&start, |s| &s.before);
    let opening = estimates.of(first);
    let decisions =
        steps.iter().enumerate().map(|(i, step)| reviewed((i + 1, step), by, &request.humans, &mut estimates));
    let decisions: Vec<Reviewed> = decisions.collect();
    // The battle's end is found by the slot search after the last decision (it rolls no die when a side is out).
    let mut last = steps.last().map_or(&start, |s| &s.after).clone();
    _ = last.next(&mut ScriptedDice::new(Vec::new()), &mut Log::default());
    let ending = last.ending();
    Ok(Review {
        title: format!("{} ({})", scenario.name, start.rules_name()),
        sides: start.sides().into_iter().map(str::to_owned).collect(),
        players: request.humans.clone(),
        runs,
        by,
        start: opening,
        decisions,
        ending: ending.map(|e| e.reason.clone()),
        winner: ending.and_then(|e| e.winner.clone()),
    })
}

/// The save's decisions replayed onto `start` with its faces, each with the battle before and after it.
fn replayed(mut start: AnyBattle, save: &Save) -> Result<Vec<Step>, StartError> {
    let mut steps: Vec<Step> = Vec::new();
    let mut watch = |now: &AnyBattle, step: Replayed<'_>| match step {
        Replayed::Before(slot, decision, _) => steps.push(Step {
            before: now.clone(),
            slot,
            decision: decision.clone(),
            after: now.clone(),
            events: Vec::new(),
        }),
        Replayed::After(_, _, events) => {
            if let Some(last) = steps.last_mut() {
                (last.after, last.events) = (now.clone(), events.to_vec());
            }
        }
    };
    let mut dice = ScriptedDice::new(save.faces.iter().copied());
    let replay = start.replay_watched(&save.record, &mut dice, &mut Log::default(), &mut watch);
    replay.map_err(|e| StartError::Replay { file: save.battle.file.display().to_string(), why: e.to_string() })?;
    Ok(steps)
}

/// Estimates made so far, by state.
struct Estimates<'a> {
    runs: u32,
    progress: &'a Progress,
    known: HashMap<u64, Chance>,
}

impl Estimates<'_> {
    /// The win chance from `battle` (estimated once per state).
    fn of(&mut self, battle: &AnyBattle) -> Chance {
        let (runs, progress) = (self.runs, self.progress);
        let made = || Chance::of(battle).refined(battle, None, runs, progress);
        self.known.entry(seed_of(battle)).or_insert_with(made).clone()
    }

    /// The win chance from `battle` with `decision` taken first (the seeds of `battle`'s own estimate).
    fn with(&self, battle: &AnyBattle, decision: &Decision<AnyAction>) -> Chance {
        Chance::of(battle).refined(battle, Some(decision), self.runs, self.progress)
    }
}

/// Decision `number` reviewed, against `by`'s choice.
fn reviewed(
    (number, step): (usize, &Step),
    by: Reviewer,
    players: &[String],
    estimates: &mut Estimates<'_>,
) -> Reviewed {
    let actor = step.before.view(step.slot.actor);
    let (side, name) = (actor.side.to_owned(), actor.name().to_owned());
    let before = estimates.of(&step.before);
    let after_dice = estimates.of(&step.after);
    // The estimate before a decision plays the hard AI's choice first, with the defense an AI defender would choose
    // against it (`sim::one_battle`): its chance is the one before.
    let actor = step.slot.actor;
    let hard = defended(&step.before, actor, Reviewer::Hard.decide(&step.before, step.slot));
    let ai = match by {
        Reviewer::Hard => hard.clone(),
        Reviewer::Expert(_) => defended(&step.before, actor, by.decide(&step.before, step.slot)),
    };
    let ai = as_recorded(&step.before, actor, ai, &step.decision);
    let rolled = step.after.faces().len() > step.before.faces().len();
    let chance_of = |decision: &Decision<AnyAction>| match (*decision == hard, *decision == step.decision, rolled) {
        (true, ..) => before.clone(),
        (false, true, false) => after_dice.clone(),
        _ => estimates.with(&step.before, decision),
    };
    let best = chance_of(&ai);
    let after_choice = if ai == step.decision { best.clone() } else { chance_of(&step.decision) };
    let instead = (ai != step.decision).then(|| described(step.slot.actor, &taken(&step.before, &ai)));
    Reviewed {
        number,
        turn: step.before.turn(),
        actor: name,
        by_player: players.contains(&side),
        side,
        chosen: described(step.slot.actor, &step.events),
        instead,
        before,
        best,
        after_choice,
        after_dice,
    }
}

/// The recorded decision where `ai` is the same attack with another defense: the defense is the defender's choice,
/// not the actor's, so the actor chose as the AI would (a review said "the hard AI instead" and repeated the choice
/// word for word where the defender had gone on full defense).
fn as_recorded(
    battle: &AnyBattle,
    actor: CombatantId,
    ai: Decision<AnyAction>,
    recorded: &Decision<AnyAction>,
) -> Decision<AnyAction> {
    let Decision::Act(action) = &ai else { return ai };
    let options = battle.defenses(actor, action).into_iter().flat_map(|d| d.options);
    let same_attack = options.map(|o| Decision::Act(o.action)).any(|d| d == *recorded);
    if same_attack { recorded.clone() } else { ai }
}

/// The events of `decision` taken in the slot `battle` waits on (its dice seeded by the state), or none if the
/// rules refuse it.
pub fn taken(battle: &AnyBattle, decision: &Decision<AnyAction>) -> Vec<Event> {
    let (mut copy, mut log) = (battle.clone(), Log::default());
    let mut dice = SeededDice::new(seed_of(battle));
    let done = match decision {
        Decision::Act(action) => copy.act(action, &mut dice, &mut log).is_ok(),
        Decision::Pass => {
            copy.pass(&mut log);
            true
        }
        Decision::Delay => copy.delay(&mut log),
        Decision::Gm { change, .. } => copy.gm(change, &mut log).is_ok(),
    };
    if done { log.events } else { Vec::new() }
}

/// A decision in the log's words: its actor's moves and actions ("runs to (9, 2); attacks with …").
pub fn described(actor: CombatantId, events: &[Event]) -> String {
    let parts: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::ActionTaken { who, action } if *who == actor => Some(action.clone()),
            Event::Moved { who, to, pace, .. } if *who == actor => Some(format!("{pace} to {to:?}")),
            _ => None,
        })
        .collect();
    // The same words twice in a row (two shots of one action) are said once, counted.
    let mut said: Vec<(String, usize)> = Vec::new();
    for part in parts {
        match said.last_mut() {
            Some((last, n)) if *last == part => *n += 1,
            _ => said.push((part, 1)),
        }
    }
    let said: Vec<String> = said.into_iter().map(|(p, n)| if n > 1 { format!("{p} (×{n})") } else { p }).collect();
    if said.is_empty() { "does nothing".to_owned() } else { said.join("; ") }
}

/// The three decisions that moved their own side's chance most by `swing` (choice or luck), biggest first;
/// decisions that moved nothing are left out.
pub fn biggest(review: &Review, swing: impl Fn(&Reviewed) -> f64) -> Vec<&Reviewed> {
    let mut moved: Vec<&Reviewed> = review.decisions.iter().filter(|d| swing(d).abs() > 1e-9).collect();
    moved.sort_by(|a, b| swing(b).abs().total_cmp(&swing(a).abs()).then(a.number.cmp(&b.number)));
    moved.truncate(3);
    moved
}

/// The review as JSON (what `skirmish review --json` prints).
#[derive(Serialize)]
struct Json<'a> {
    title: &'a str,
    sides: &'a [String],
    players: &'a [String],
    battles_per_estimate: u32,
    /// "hard AI" or "expert": whose choice `instead` is.
    reviewer: &'a str,
    start: BTreeRates,
    winner: Option<&'a str>,
    ending: Option<&'a str>,
    decisions: Vec<JsonDecision<'a>>,
}

/// Each side's win chance, by side.
type BTreeRates = std::collections::BTreeMap<String, f64>;

#[derive(Serialize)]
struct JsonDecision<'a> {
    number: usize,
    turn: u32,
    actor: &'a str,
    side: &'a str,
    by_player: bool,
    chosen: &'a str,
    instead: Option<&'a str>,
    before: BTreeRates,
    /// The chance of the reviewer's choice.
    best: BTreeRates,
    after_choice: BTreeRates,
    after_dice: BTreeRates,
    choice: f64,
    luck: f64,
}

/// One decision as JSON.
fn json_decision(d: &Reviewed) -> JsonDecision<'_> {
    JsonDecision {
        number: d.number,
        turn: d.turn,
        actor: &d.actor,
        side: &d.side,
        by_player: d.by_player,
        chosen: &d.chosen,
        instead: d.instead.as_deref(),
        before: rates(&d.before),
        best: rates(&d.best),
        after_choice: rates(&d.after_choice),
        after_dice: rates(&d.after_dice),
        choice: d.choice(),
        luck: d.luck(),
    }
}

fn rates(chance: &Chance) -> BTreeRates {
    chance.wins.keys().map(|side| (side.clone(), chance.rate(side))).collect()
}

impl Review {
    /// How the battle ended, in a sentence: "Crew won: the last side standing."
    pub fn ending_said(&self) -> String {
        match (&self.winner, &self.ending) {
            (Some(w), Some(why)) => format!("{w} won: {why}."),
            (None, Some(why)) => format!("Nobody won: {why}."),
            _ => "The battle is not over.".to_owned(),
        }
    }

    /// The review as pretty JSON: each estimate as every side's chance (0–1), each decision's swings for its side.
    pub fn to_json(&self) -> String {
        let json = Json {
            title: &self.title,
            sides: &self.sides,
            players: &self.players,
            battles_per_estimate: self.runs,
            reviewer: self.by.name().trim_start_matches("the "),
            start: rates(&self.start),
            winner: self.winner.as_deref(),
            ending: self.ending.as_deref(),
            decisions: self.decisions.iter().map(json_decision).collect(),
        };
        serde_json::to_string_pretty(&json).unwrap_or_default()
    }
}

/// A share as a whole percentage ("31 %").
pub fn percent(rate: f64) -> String {
    format!("{:.0} %", rate * 100.0)
}

/// A swing in percentage points, signed ("+12", "−7").
pub fn points(swing: f64) -> String {
    let p = (swing * 100.0).round();
    if p < 0.0 { format!("−{}", -p) } else { format!("+{p}") }
}

impl Reviewed {
    /// "Turn 2, Crew rifleman 1 (Crew, player)".
    pub fn who(&self) -> String {
        let by = if self.by_player { ", player" } else { "" };
        format!("turn {}, {} ({}{by})", self.turn, self.actor, self.side)
    }

    /// The choice against the reviewer's (`by`: "the hard AI"), with their chances for the decision's side: "the
    /// hard AI: takes cover at (4, 5): 31 %; chosen: runs to (9, 2): 22 %".
    pub fn against_the_ai(&self, by: &str) -> String {
        let side = &self.side;
        let chosen = format!("{}: {}", self.chosen, percent(self.after_choice.rate(side)));
        match &self.instead {
            Some(ai) => format!("{by}: {ai}: {}; chosen: {chosen}", percent(self.best.rate(side))),
            None => format!("{chosen} ({by}'s choice too)"),
        }
    }
}

impl Reviewed {
    /// What the dice made of the choice for the decision's side: "fires …: 15 % before the dice, 80 % after".
    pub fn the_dice(&self) -> String {
        let (before, after) = (self.after_choice.rate(&self.side), self.after_dice.rate(&self.side));
        format!("{}: {} before the dice, {} after", self.chosen, percent(before), percent(after))
    }
}

impl std::fmt::Display for Review {
    /// The review in Markdown: the outcome, the three biggest swings of choice and of luck, every decision.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "# Review: {}\n", self.title)?;
        let ending = self.ending_said();
        let start: Vec<String> = self.sides.iter().map(|s| format!("{s} {}", percent(self.start.rate(s)))).collect();
        writeln!(f, "{ending} {} decisions; at the start: {}.", self.decisions.len(), start.join(", "))?;
        writeln!(f, "Each win chance rests on {} battles played out by the hard AI on every side.", self.runs)?;
        writeln!(f, "Each choice is held against {}.\n", self.by)?;
        for (title, swing) in [("choice", Reviewed::choice as fn(&Reviewed) -> f64), ("luck", Reviewed::luck)] {
            writeln!(f, "## The biggest swings of {title}\n")?;
            let top = biggest(self, swing);
            if top.is_empty() {
                writeln!(f, "None.")?;
            }
            for d in top {
                let told = if title == "luck" { d.the_dice() } else { d.against_the_ai(self.by.name()) };
                writeln!(f, "- {} points for {}: #{} {}: {told}", points(swing(d)), d.side, d.number, d.who())?;
            }
            writeln!(f)?;
        }
        writeln!(f, "## Every decision\n")?;
        writeln!(f, "Each chance is the deciding side's.\n")?;
        let by = self.by.name();
        writeln!(f, "| # | turn | who | decision | before | after the choice | after the dice | {by} instead |")?;
        writeln!(f, "|---|---|---|---|---|---|---|---|")?;
        for d in &self.decisions {
            let s = &d.side;
            let who = if d.by_player { format!("{} (player)", d.actor) } else { d.actor.clone() };
            let instead = d.instead.as_deref().unwrap_or("");
            let cells = [d.before.rate(s), d.after_choice.rate(s), d.after_dice.rate(s)].map(percent);
            let [before, choice, dice] = cells;
            let chosen = d.chosen.replace('|', "\\|");
            writeln!(f, "| {} | {} | {who} | {chosen} | {before} | {choice} | {dice} | {instead} |", d.number, d.turn)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_battles_review_rests_on_fewer_battles_an_estimate_and_never_on_fewer_than_ten() {
        assert_eq!(runs_for(8, 40), RUNS);
        assert_eq!(runs_for(SMALL, 400), RUNS);
        assert_eq!(runs_for(24, 30), 50);
        assert_eq!(runs_for(24, 150), 10);
        assert_eq!(runs_for(24, 900), 10);
        assert_eq!(runs_for(24, 0), RUNS);
    }
}
