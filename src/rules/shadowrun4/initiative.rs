//! Initiative (file 004; rules.md §2): Reaction + Intuition plus the hits of that many dice, rerolled every
//! combat turn. In each initiative pass everyone with that many passes acts, highest score first, and wound
//! modifiers lower the score at once, so the order is worked out afresh before every action. Ties act
//! simultaneously (a tie-mate taken out by another still acts); a glitch loses ties; a critical glitch goes last
//! and loses a pass if it has more than one. Surprise (optional) is rolled before the first pass.

use super::actions::{Action, perform_action};
use super::policy::default_action;
use super::pool::{PoolSpec, roll_pool};
use super::{Fighter, Options, RulesError};
use crate::rules::dice::Dice;
use crate::rules::outcome::{Event, Log, Modifier};
use crate::rules::ruleset::{Combatant, FighterState, Ruleset, Slot};

/// One combatant's initiative this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    score: i32,
    glitch: bool,
    critical_glitch: bool,
    passes: u32,
}

/// Shadowrun 4 with its options and the state of the current combat turn.
#[derive(Clone, Debug, Default)]
pub struct Shadowrun4 {
    pub options: Options,
    turn: u32,
    pass: u32,
    entries: Vec<Option<Entry>>,
    acted: Vec<usize>,
    /// Tie-mates still to act simultaneously in this pass.
    tied: Vec<usize>,
    /// Surprise test hits by combatant, when surprise was rolled.
    surprise: Vec<u32>,
}

impl Shadowrun4 {
    /// The ruleset with these options.
    pub fn new(options: Options) -> Self {
        Self { options, ..Self::default() }
    }

    /// Whether `defender` is surprised by `attacker`: only in the first pass of the first turn, when the
    /// defender's surprise test scored fewer hits.
    pub fn surprised(&self, attacker: usize, defender: usize) -> bool {
        self.first_pass() && self.surprise.get(defender) < self.surprise.get(attacker)
    }

    /// Whether `attacker` may not act against `defender` yet: its surprise score must exceed the defender's.
    pub fn held_back(&self, attacker: usize, defender: usize) -> bool {
        self.first_pass() && self.surprise.get(attacker) < self.surprise.get(defender)
    }

    fn first_pass(&self) -> bool {
        self.turn == 1 && self.pass == 1 && !self.surprise.is_empty()
    }

    /// The score now: the rolled score lowered by current wound modifiers.
    fn score_now(&self, i: usize, battle: &[Combatant<Fighter>]) -> Option<i32> {
        self.entries.get(i).copied().flatten().map(|e| e.score + battle[i].fighter.condition.wound_modifier())
    }

    fn roll_surprise(
        &mut self,
        battle: &[Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let Some(surprise) = &self.options.surprise else { return Ok(()) };
        self.surprise.clear();
        for c in battle {
            let f = &c.fighter;
            let a = &f.sheet.attributes;
            let mut modifiers = Vec::new();
            if surprise.alerted.contains(&f.name) {
                modifiers.push(Modifier::new("alerted by a Perception test", "situation", 3));
            }
            let label = format!("Reaction {} + Intuition {} (surprise)", a.reaction.0, a.intuition.0);
            let base = (a.reaction.0 + a.intuition.0) as i32;
            let spec = PoolSpec { who: &f.name, label, base, modifiers };
            self.surprise.push(roll_pool(spec, dice, log)?.hits);
        }
        Ok(())
    }

    fn roll_initiative(
        &mut self,
        battle: &[Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        self.entries.clear();
        for c in battle {
            let entry = match c.fighter.is_out() {
                true => None,
                false => Some(roll_one(&c.fighter, dice, log)?),
            };
            self.entries.push(entry);
        }
        Ok(())
    }

    /// Who acts next in this pass, by current score; `None` when the pass is over.
    fn pick(&self, battle: &[Combatant<Fighter>]) -> Option<usize> {
        let waiting = (0..battle.len()).filter(|&i| {
            let e = self.entries.get(i).copied().flatten();
            e.is_some_and(|e| e.passes >= self.pass) && !self.acted.contains(&i) && !battle[i].fighter.is_out()
        });
        waiting.max_by_key(|&i| self.rank(i, battle))
    }

    /// Order within a pass: critical glitches last, then score, then no glitch, then Reaction + Intuition.
    fn rank(&self, i: usize, battle: &[Combatant<Fighter>]) -> (bool, i32, bool, u32, std::cmp::Reverse<usize>) {
        let e = self.entries[i].unwrap_or(Entry { score: 0, glitch: false, critical_glitch: false, passes: 0 });
        let a = &battle[i].fighter.sheet.attributes;
        let score = self.score_now(i, battle).unwrap_or(0);
        (!e.critical_glitch, score, !e.glitch, a.reaction.0 + a.intuition.0, std::cmp::Reverse(i))
    }

    /// Everyone else in this pass who ties with `i` and may act with it (no glitch on either side).
    fn tie_mates(&self, i: usize, battle: &[Combatant<Fighter>]) -> Vec<usize> {
        let clean = |j: usize| self.entries[j].is_some_and(|e| !e.glitch);
        if !clean(i) {
            return Vec::new();
        }
        let score = self.score_now(i, battle);
        let mut mates: Vec<usize> = (0..battle.len())
            .filter(|&j| j != i && !self.acted.contains(&j) && !battle[j].fighter.is_out())
            .filter(|&j| self.entries[j].is_some_and(|e| e.passes >= self.pass) && clean(j))
            .filter(|&j| self.score_now(j, battle) == score)
            .collect();
        mates.sort_by_key(|&j| std::cmp::Reverse(self.rank(j, battle)));
        mates
    }

    fn max_passes(&self) -> u32 {
        self.entries.iter().flatten().map(|e| e.passes).max().unwrap_or(0)
    }
}

/// Reaction + Intuition + hits on that many dice.
fn roll_one(f: &Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<Entry, RulesError> {
    let a = &f.sheet.attributes;
    let base = (a.reaction.0 + a.intuition.0) as i32;
    let label = format!("Reaction {} + Intuition {} (initiative)", a.reaction.0, a.intuition.0);
    let pool = roll_pool(PoolSpec { who: &f.name, label, base, modifiers: Vec::new() }, dice, log)?;
    let mut passes = f.sheet.initiative_passes.max(1);
    if pool.critical_glitch && passes > 1 {
        passes -= 1;
    }
    let terms = vec![
        crate::rules::outcome::Term::fixed("Reaction + Intuition", base),
        crate::rules::outcome::Term::fixed("hits", pool.hits as i32),
    ];
    let score = base + pool.hits as i32;
    log.push(Event::Calculated { who: f.name.clone(), label: "initiative score".into(), terms, total: score });
    Ok(Entry { score, glitch: pool.glitch, critical_glitch: pool.critical_glitch, passes })
}

impl Ruleset for Shadowrun4 {
    type Fighter = Fighter;
    type Action = Action;

    fn name(&self) -> &'static str {
        "Shadowrun 4e (20th anniversary)"
    }

    fn start_turn(
        &mut self,
        turn: u32,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        if turn == 1 {
            self.roll_surprise(battle, dice, log)?;
        }
        self.roll_initiative(battle, dice, log)?;
        (self.turn, self.pass) = (turn, 1);
        self.acted.clear();
        self.tied.clear();
        Ok(())
    }

    fn next_slot(&mut self, battle: &[Combatant<Fighter>]) -> Option<Slot> {
        while self.pass <= self.max_passes() {
            if let Some(actor) = self.tied.first().copied() {
                self.tied.remove(0);
                self.acted.push(actor);
                return Some(Slot { actor, phase: self.pass, simultaneous: true });
            }
            if let Some(actor) = self.pick(battle) {
                self.tied = self.tie_mates(actor, battle);
                self.acted.push(actor);
                return Some(Slot { actor, phase: self.pass, simultaneous: !self.tied.is_empty() });
            }
            self.pass += 1;
            self.acted.clear();
        }
        None
    }

    fn perform(
        &mut self,
        slot: Slot,
        action: &Action,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        perform_action(self, slot, action, battle, dice, log)
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        default_action(self, slot.actor, battle)
    }

    fn actor_of<'a>(&self, action: &'a Action) -> &'a str {
        &action.actor
    }
}
