//! The explained outcome: every test, die face, modifier, damage step and state change as data.
//!
//! A ruleset never returns a bare number: it appends [`Event`]s to a [`Log`]. The log is what the text and JSON
//! output render, what tests assert on, and what the AI reads. Events are shared by all rulesets; the parts that
//! differ (a d100 target test or a dice pool) live in [`Roll`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::field::{Cell, Dm, Pace, meters};
use super::id::CombatantId;

/// One situational modifier, with where it came from: "smartlink +10 (gear)".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// What the modifier is, e.g. "smartlink".
    pub name: String,
    /// Where it came from: "gear", "wounds", "range", "scenario", …
    pub source: String,
    /// Its value, in the ruleset's units (percent for d100, dice for pools).
    pub value: i32,
}

impl Modifier {
    /// A modifier named `name` from `source`.
    pub fn new(name: impl Into<String>, source: impl Into<String>, value: i32) -> Self {
        Self { name: name.into(), source: source.into(), value }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:+} ({})", self.name, self.value, self.source)
    }
}

/// One term of a sum that the log shows, e.g. "2d10 [3, 4]" = 7 or "excellent success" = +5.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// What the term is.
    pub label: String,
    /// The dice behind it, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<u32>,
    /// Its value.
    pub value: i32,
}

impl Term {
    /// A fixed term.
    pub fn fixed(label: impl Into<String>, value: i32) -> Self {
        Self { label: label.into(), faces: Vec::new(), value }
    }

    /// A term made of dice.
    pub fn dice(label: impl Into<String>, faces: Vec<u32>, value: i32) -> Self {
        Self { label: label.into(), faces, value }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label)?;
        if !self.faces.is_empty() {
            let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
            write!(f, " [{}]", faces.join(", "))?;
        }
        write!(f, " {:+}", self.value)
    }
}

/// The dice of one test, in the ruleset's own terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Roll {
    /// A d100 roll-under test (Eclipse Phase).
    Percentile {
        /// The modified target number.
        target: i32,
        /// The d100 face, 0–99.
        roll: u32,
        success: bool,
        /// Doubles: 00, 11, … 99.
        critical: bool,
        /// Margin of success (when `success`) or of failure.
        margin: i32,
    },
    /// A dice pool counting hits (Shadowrun 4, the d6 homebrew).
    Pool {
        /// Dice rolled after modifiers (never below 0).
        dice: u32,
        faces: Vec<u32>,
        hits: u32,
        ones: u32,
        glitch: bool,
        critical_glitch: bool,
    },
    /// A d10 pool against a difficulty (Storyteller).
    D10Pool {
        dice: u32,
        faces: Vec<u32>,
        difficulty: u32,
        /// Successes after 1s cancelled them (damage dice: no cancelling).
        successes: u32,
        botch: bool,
    },
}

impl Roll {
    /// Whether the test succeeded.
    pub fn success(&self) -> bool {
        match self {
            Roll::Percentile { success, .. } => *success,
            Roll::Pool { hits, .. } => *hits > 0,
            Roll::D10Pool { successes, .. } => *successes > 0,
        }
    }
}

/// One test: who rolled what, against what, with which modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRecord {
    /// Who rolled.
    pub who: CombatantId,
    /// What was tested, e.g. "Spray Weapons" or "SOM × 3 (knockdown)".
    pub label: String,
    /// The skill, aptitude or pool before modifiers.
    pub base: i32,
    /// Every modifier applied, by name and source.
    pub modifiers: Vec<Modifier>,
    /// Notes on how modifiers were limited, e.g. the ±60 cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<String>,
    /// The roll and its result.
    pub roll: Roll,
}

/// Whether these statuses put a combatant down and out of the fight (dead, unconscious, incapacitated): it has no
/// eyes on the battle, and the window draws it crossed out.
pub fn down(statuses: &[Status]) -> bool {
    statuses.iter().any(|s| matches!(s, Status::Dead | Status::Unconscious | Status::Incapacitated))
}

/// A condition a combatant gains or loses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Prone,
    Unconscious,
    /// Stunned (incapacitated) for this many more action turns.
    Stunned(u32),
    Incapacitated,
    Dead,
    FullDefense,
    /// The named weapon has malfunctioned and must be cleared.
    WeaponJammed(String),
    /// Moving at a run until its next action.
    Running,
    /// Left the battlefield through an exit: out of the fight, but not a casualty.
    Escaped,
    /// Taken off the map by the GM (a retreat): out of the fight, not a casualty, and no escape.
    Withdrawn,
    /// Waiting off the map until the GM brings it in (a reinforcement): out of the fight until then, not a
    /// casualty, rolls no initiative and has no slot, and no one else knows of it.
    Reserve,
}

impl Status {
    /// Whether it takes a combatant off the map: gone through an exit, or taken off by the GM. Such a combatant stands
    /// nowhere, blocks no cell and is nobody's neighbour.
    pub fn off_map(&self) -> bool {
        matches!(self, Status::Escaped | Status::Withdrawn | Status::Reserve)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Prone => write!(f, "prone"),
            Status::Unconscious => write!(f, "unconscious"),
            Status::Stunned(turns) => write!(f, "stunned for {turns} action turn(s)"),
            Status::Incapacitated => write!(f, "incapacitated"),
            Status::Dead => write!(f, "dead"),
            Status::FullDefense => write!(f, "on full defense"),
            // The weapon's id is how the rules find it again; the event's reason names it as the catalogue does.
            Status::WeaponJammed(_) => write!(f, "stuck with a malfunctioning weapon"),
            Status::Running => write!(f, "running"),
            Status::Escaped => write!(f, "gone through the exit"),
            Status::Withdrawn => write!(f, "taken off the map"),
            Status::Reserve => write!(f, "waiting in reserve"),
        }
    }
}

/// One thing that happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    BattleStarted {
        name: String,
        ruleset: String,
        dice: String,
    },
    TurnStarted {
        turn: u32,
    },
    /// A sum the rules compute: initiative, damage value, armor, damage taken.
    Calculated {
        who: CombatantId,
        label: String,
        terms: Vec<Term>,
        total: i32,
    },
    PhaseStarted {
        turn: u32,
        phase: u32,
        order: Vec<CombatantId>,
    },
    /// A new initiative pass begins (Shadowrun 4, the d6 homebrew); its order is worked out action by action.
    PassStarted {
        turn: u32,
        pass: u32,
    },
    ActionTaken {
        who: CombatantId,
        action: String,
    },
    /// A combatant moved along `path` (every cell after `from`), costing `cost` decimeters.
    Moved {
        who: CombatantId,
        from: Cell,
        to: Cell,
        path: Vec<Cell>,
        cost: Dm,
        pace: Pace,
    },
    Tested(TestRecord),
    /// A test rolled behind the game master's screen, as players are told it: who, what for and how it went, with
    /// neither the pool nor the faces (`rules/tools/screen.rs`; never in a battle's own log).
    Veiled {
        who: CombatantId,
        label: String,
        outcome: String,
    },
    /// The result of an opposed attack test; an attack at a point (a thrown grenade's impact) has no defender.
    AttackResolved {
        attacker: CombatantId,
        defender: Option<CombatantId>,
        hit: bool,
        /// Not a hit, but contact: Shadowrun 4's tie ("a grazing hit", no damage). What the window says over the
        /// defender; no rule reads it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        graze: bool,
        reason: String,
    },
    /// Damage marked on a track: Eclipse Phase damage against durability, a Shadowrun condition monitor, ….
    DamageTaken {
        who: CombatantId,
        track: String,
        amount: i32,
        total: i32,
        capacity: i32,
    },
    WoundsTaken {
        who: CombatantId,
        wounds: u32,
        total: u32,
        threshold: u32,
    },
    StatusGained {
        who: CombatantId,
        status: Status,
        reason: String,
    },
    StatusLost {
        who: CombatantId,
        status: Status,
        reason: String,
    },
    /// A combatant opened or closed one of the map's doors.
    /// The game master changed something by hand (`engine/gm.rs`): `what` of `who`, from one value to another.
    GmChanged {
        who: CombatantId,
        what: String,
        from: String,
        to: String,
    },
    DoorUsed {
        who: CombatantId,
        door: u16,
        open: bool,
    },
    BattleEnded {
        reason: String,
        winner: Option<String>,
    },
}

impl Event {
    /// The combatants the event names (who acted, rolled, moved, attacked or was attacked, took damage, changed):
    /// what fog of war must hide of an unseen one.
    pub fn named(&self) -> Vec<CombatantId> {
        match self {
            Event::Calculated { who, .. }
            | Event::ActionTaken { who, .. }
            | Event::Moved { who, .. }
            | Event::DamageTaken { who, .. }
            | Event::WoundsTaken { who, .. }
            | Event::StatusGained { who, .. }
            | Event::StatusLost { who, .. }
            | Event::DoorUsed { who, .. }
            | Event::GmChanged { who, .. } => vec![*who],
            Event::Tested(t) => vec![t.who],
            Event::Veiled { who, .. } => vec![*who],
            Event::AttackResolved { attacker, defender, .. } => std::iter::once(*attacker).chain(*defender).collect(),
            Event::PhaseStarted { order, .. } => order.clone(),
            Event::BattleStarted { .. } | Event::TurnStarted { .. } | Event::PassStarted { .. } => Vec::new(),
            Event::BattleEnded { .. } => Vec::new(),
        }
    }

    /// The faces of the dice the event shows, in the order they were rolled: every die a battle rolls shows in its
    /// log, once, in order (the window marks the faces a player typed in by it).
    pub fn faces(&self) -> Vec<u32> {
        match self {
            Event::Tested(TestRecord { roll: Roll::Percentile { roll, .. }, .. }) => vec![*roll],
            Event::Tested(TestRecord { roll: Roll::Pool { faces, .. } | Roll::D10Pool { faces, .. }, .. }) => {
                faces.clone()
            }
            Event::Calculated { terms, .. } => terms.iter().flat_map(|t| t.faces.iter().copied()).collect(),
            _ => Vec::new(),
        }
    }

    /// The combatants the event is about (an attack names two).
    pub fn combatants(&self) -> [Option<CombatantId>; 2] {
        match self {
            Event::Calculated { who, .. }
            | Event::ActionTaken { who, .. }
            | Event::Moved { who, .. }
            | Event::Tested(TestRecord { who, .. })
            | Event::DamageTaken { who, .. }
            | Event::WoundsTaken { who, .. }
            | Event::StatusGained { who, .. }
            | Event::StatusLost { who, .. }
            | Event::DoorUsed { who, .. }
            | Event::Veiled { who, .. }
            | Event::GmChanged { who, .. } => [Some(*who), None],
            Event::AttackResolved { attacker, defender, .. } => [Some(*attacker), *defender],
            Event::BattleStarted { .. }
            | Event::TurnStarted { .. }
            | Event::PhaseStarted { .. }
            | Event::PassStarted { .. }
            | Event::BattleEnded { .. } => [None, None],
        }
    }
}

/// The ordered list of events a ruleset appends to, with the names of the battle's combatants to show them by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    /// The events, oldest first.
    pub events: Vec<Event>,
    /// Each combatant's name, by id: how the events read.
    pub names: Vec<String>,
}

impl Log {
    /// Appends one event.
    pub fn push(&mut self, event: Event) {
        self.events.push(event);
    }

    /// The tests in the log, in order: handy for tests and the AI.
    pub fn tests(&self) -> impl Iterator<Item = &TestRecord> {
        self.events.iter().filter_map(|e| match e {
            Event::Tested(t) => Some(t),
            _ => None,
        })
    }

    /// An event as a person reads it, the combatants by name.
    pub fn show<'a>(&'a self, event: &'a Event) -> Shown<'a> {
        Shown { event, names: &self.names }
    }

    /// Every event as a person reads it, one line each.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.events.iter().map(|e| self.show(e).to_string())
    }

    /// The name of combatant `id`, or its id when the log does not know it.
    pub fn name(&self, id: CombatantId) -> String {
        name_of(&self.names, id).to_string()
    }

    /// The calculation with this label that came last, if any.
    pub fn last_calc(&self, wanted: &str) -> Option<i32> {
        self.events.iter().rev().find_map(|e| match e {
            Event::Calculated { label, total, .. } if label == wanted => Some(*total),
            _ => None,
        })
    }
}

/// An event as a person reads it: the combatants by name.
pub struct Shown<'a> {
    pub event: &'a Event,
    pub names: &'a [String],
}

/// A combatant as a log line names it: by name, or by id when the name is not known.
#[derive(Clone, Copy)]
enum Who<'a> {
    Named(&'a str),
    Id(CombatantId),
}

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Named(name) => f.write_str(name),
            Who::Id(id) => write!(f, "{id}"),
        }
    }
}

fn name_of(names: &[String], id: CombatantId) -> Who<'_> {
    names.get(id.index()).map_or(Who::Id(id), |n| Who::Named(n))
}

fn write_terms(f: &mut fmt::Formatter<'_>, terms: &[Term]) -> fmt::Result {
    let parts: Vec<String> = terms.iter().map(Term::to_string).collect();
    write!(f, "{}", parts.join(", "))
}

fn write_test(f: &mut fmt::Formatter<'_>, t: &TestRecord, who: Who<'_>) -> fmt::Result {
    match &t.roll {
        Roll::Percentile { .. } => write!(f, "{who} tests {} {}", t.label, t.base)?,
        Roll::Pool { .. } | Roll::D10Pool { .. } => write!(f, "{who} rolls {}", t.label)?,
    }
    for m in &t.modifiers {
        write!(f, ", {m}")?;
    }
    if let Some(cap) = &t.cap {
        write!(f, " ({cap})")?;
    }
    match &t.roll {
        Roll::Percentile { target, roll, success, critical, margin } => {
            let result = if *success { "success" } else { "failure" };
            let crit = if *critical { "critical " } else { "" };
            let m = if *success { "MoS" } else { "MoF" };
            write!(f, ": target {target}, rolled {roll:02} → {crit}{result}, {m} {margin}")
        }
        Roll::Pool { dice, faces, hits, glitch, critical_glitch, .. } => {
            let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
            let trouble = match (critical_glitch, glitch) {
                (true, _) => ", CRITICAL GLITCH",
                (false, true) => ", glitch",
                _ => "",
            };
            write!(f, ": {dice} dice [{}] → {hits} hit(s){trouble}", faces.join(", "))
        }
        Roll::D10Pool { dice, faces, difficulty, successes, botch } => {
            let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
            let botch = if *botch { ", BOTCH" } else { "" };
            write!(
                f,
                ": {dice} dice at difficulty {difficulty} [{}] → {successes} success(es){botch}",
                faces.join(", ")
            )
        }
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |id: &CombatantId| name_of(self.names, *id);
        match self.event {
            Event::BattleStarted { name, ruleset, dice } => write!(f, "== {name} ({ruleset}; dice: {dice}) =="),
            Event::TurnStarted { turn } => write!(f, "-- Turn {turn} --"),
            Event::Calculated { who, label, terms, total } => {
                write!(f, "{}: {label} = ", name(who))?;
                write_terms(f, terms)?;
                write!(f, " = {total}")
            }
            Event::PhaseStarted { turn, phase, order } => {
                let order: Vec<String> = order.iter().map(|id| name(id).to_string()).collect();
                write!(f, "Turn {turn}, action phase {phase}: {}", order.join(", "))
            }
            Event::PassStarted { turn, pass } => write!(f, "Turn {turn}, initiative pass {pass}"),
            Event::ActionTaken { who, action } => write!(f, "{}: {action}", name(who)),
            Event::Moved { who, from, to, path, cost, pace } => {
                let steps = path.len();
                write!(f, "{} {pace} from {from:?} to {to:?}: {steps} step(s), {}", name(who), meters(*cost))
            }
            Event::Tested(t) => write_test(f, t, name(&t.who)),
            Event::Veiled { who, label, outcome } => {
                write!(f, "{} rolls {label} behind the screen: {outcome}", name(who))
            }
            Event::AttackResolved { attacker, defender, hit, reason, .. } => {
                let verdict = if *hit { "hits" } else { "misses" };
                match defender {
                    Some(defender) => write!(f, "{} {verdict} {}: {reason}", name(attacker), name(defender)),
                    None => write!(f, "{} {verdict} the area: {reason}", name(attacker)),
                }
            }
            Event::DamageTaken { who, track, amount, total, capacity } => {
                write!(f, "{} takes {amount} {track} (now {total} of {capacity})", name(who))
            }
            Event::WoundsTaken { who, wounds, total, threshold } => {
                write!(f, "{} suffers {wounds} wound(s) (wound threshold {threshold}; {total} in all)", name(who))
            }
            Event::StatusGained { who, status, reason } => write!(f, "{} is {status}: {reason}", name(who)),
            Event::StatusLost { who, status, reason } => write!(f, "{} is no longer {status}: {reason}", name(who)),
            Event::DoorUsed { who, door, open } => {
                // Numbered from 1 for a player (from 0 in the level's list).
                write!(f, "{} {} door {}", name(who), if *open { "opens" } else { "closes" }, door + 1)
            }
            Event::GmChanged { who, what, from, to } => write!(f, "GM: {}'s {what} {from} → {to}", name(who)),
            Event::BattleEnded { reason, winner } => match winner {
                Some(w) => write!(f, "== Battle over: {reason}. {w} wins. =="),
                None => write!(f, "== Battle over: {reason}. =="),
            },
        }
    }
}
