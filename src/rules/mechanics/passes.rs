//! Initiative passes, shared by Shadowrun 4 and the d6 homebrew (rules.md §2 and §4): in each pass everyone with
//! that many passes acts, highest current score first. Wound modifiers lower the score at once, so the order is
//! worked out afresh before every action. Ties act simultaneously (a tie-mate taken out by another still acts); a
//! glitch loses ties; a critical glitch goes last. Also the Action Phase both rulesets share: one Free Action, then
//! two Simple Actions or one Complex Action.

use super::d6_pool::{GlitchRule, PoolSpec, roll_pool_with};
use super::movement::{perform_move, settle_pace};
use crate::rules::RulesError;
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Field, Move, Pace, Rates};
use crate::rules::engine::gm::NO_INITIATIVE;
use crate::rules::engine::outcome::{Event, Log, Modifier, Status, Term};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::Roller;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, Slot};

/// Who rolls initiative and with what: Reaction + Intuition dice, and the passes the sheet gives.
pub struct InitiativeRoll<'a> {
    pub who: Roller<'a>,
    pub reaction: u32,
    pub intuition: u32,
    pub passes: u32,
    pub glitch_rule: GlitchRule,
    /// The wound modifier now (≤ 0).
    pub wounds: i32,
    /// Dice off the roll for armor too heavy to wear (≤ 0; Shadowrun 4's armor encumbrance): the roll is a test of
    /// Reaction, the score keeps Reaction + Intuition whole.
    pub encumbrance: i32,
}

/// Reaction + Intuition plus the hits of that many dice; a critical glitch loses a pass if there are more than one.
/// File 004: "Wound penalties are immediately applied to Initiative": the wound modifier takes dice off the roll and
/// points off the score (the score kept is without it: the order applies the wounds of the moment).
pub fn roll_initiative(roll: InitiativeRoll<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<PassEntry, RulesError> {
    let base = roll.reaction + roll.intuition;
    let label = format!("Reaction {} + Intuition {} (initiative)", roll.reaction, roll.intuition);
    let wounds = (roll.wounds != 0).then(|| Modifier::new("wounds", "condition monitors", roll.wounds));
    let armor = (roll.encumbrance != 0).then(|| Modifier::new("armor encumbrance", "armor", roll.encumbrance));
    let modifiers: Vec<Modifier> = wounds.into_iter().chain(armor).collect();
    let spec = PoolSpec { who: roll.who, label, base: base as i32, modifiers };
    let pool = roll_pool_with(spec, roll.glitch_rule, dice, log)?;
    let score = (base + pool.hits) as i32;
    let mut terms = vec![Term::fixed("Reaction + Intuition", base as i32), Term::fixed("hits", pool.hits as i32)];
    if roll.wounds != 0 {
        terms.push(Term::fixed("wounds", roll.wounds));
    }
    let total = score + roll.wounds;
    log.push(Event::Calculated { who: roll.who.id, label: "initiative score".into(), terms, total });
    let mut passes = roll.passes.max(1);
    if pool.critical_glitch && passes > 1 {
        passes -= 1;
    }
    Ok(PassEntry { score, glitch: pool.glitch, critical_glitch: pool.critical_glitch, passes, tie_break: base })
}

/// One combatant's Action Phase, as a scenario scripts it: `S` and `C` are the ruleset's Simple and Complex Actions.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseAction<S, C> {
    pub actor: CombatantId,
    #[serde(default)]
    pub free: Option<FreeAction>,
    /// Up to two, and none with a Complex Action.
    #[serde(default = "Vec::new")]
    pub simple: Vec<S>,
    #[serde(default = "Option::default")]
    pub complex: Option<C>,
    /// A move before the actions: walking takes no action, running is the phase's Free Action (SR4's "Run").
    #[serde(default)]
    pub movement: Option<Move>,
}

/// Free Actions.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FreeAction {
    DropProne,
}

impl<S, C> PhaseAction<S, C> {
    /// An empty Action Phase for `actor` (no Free, Simple or Complex Action, no move), to fill in.
    pub fn empty(actor: CombatantId) -> Self {
        PhaseAction { actor, free: None, simple: Vec::new(), complex: None, movement: None }
    }

    /// An Action Phase of one Complex Action (a wait, say).
    pub fn only(actor: CombatantId, complex: C) -> Self {
        PhaseAction { complex: Some(complex), ..PhaseAction::empty(actor) }
    }

    /// At most two Simple Actions, and none beside a Complex Action.
    pub fn check_economy(&self) -> Result<(), RulesError> {
        match (self.simple.len(), &self.complex) {
            (3.., _) => Err(RulesError::Illegal(Refusal::ThreeSimpleActions)),
            (1.., Some(_)) => Err(RulesError::Illegal(Refusal::SimpleAndComplex)),
            _ if self.free.is_some() && self.movement.as_ref().is_some_and(|m| m.pace == Pace::Run) => {
                Err(RulesError::Illegal(Refusal::RunAndFreeAction))
            }
            _ => Ok(()),
        }
    }
}

/// Moves the actor as its phase says, its movement rate shared among its initiative passes; `true` when it left
/// the battlefield through an exit. Running lasts until the actor's next phase.
pub fn phase_move<F: FighterState>(
    field: &Field,
    battle: &mut [Combatant<F>],
    actor: usize,
    movement: Option<&Move>,
    (rates, passes): (Rates, u32),
    log: &mut Log,
) -> Result<bool, RulesError> {
    settle_pace(&mut battle[actor], movement.is_some_and(|m| m.pace == Pace::Run), log);
    let Some(mv) = movement else { return Ok(false) };
    perform_move(&**field, battle, actor, mv, rates.per_part(mv.pace, passes), log)?;
    Ok(battle[actor].fighter.statuses().contains(&Status::Escaped))
}

/// A fighter whose initiative score its wounds lower.
pub trait PassFighter: FighterState {
    /// The current wound modifier (≤ 0).
    fn wound_modifier(&self) -> i32;
}

/// One combatant's initiative this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassEntry {
    /// The rolled score, before wounds taken since.
    pub score: i32,
    pub glitch: bool,
    pub critical_glitch: bool,
    /// Passes this turn.
    pub passes: u32,
    /// Breaks ties that are not simultaneous (Reaction + Intuition).
    pub tie_break: u32,
}

/// Where the turn stands: the current pass, who acted in it, and tie-mates still to act.
#[derive(Clone, Debug, Default)]
pub struct Passes {
    pass: u32,
    entries: Vec<Option<PassEntry>>,
    acted: Vec<usize>,
    tied: Vec<usize>,
}

impl Passes {
    /// Starts a turn with everyone's initiative (`None` for combatants out of the fight).
    pub fn start(&mut self, entries: Vec<Option<PassEntry>>) {
        *self = Self { pass: 1, entries, acted: Vec::new(), tied: Vec::new() };
    }

    /// The current pass (1 at the start of a turn).
    pub fn pass(&self) -> u32 {
        self.pass
    }

    /// The next slot, or `None` when the turn is over.
    pub fn next<F: PassFighter>(&mut self, battle: &[Combatant<F>]) -> Option<Slot> {
        while self.pass <= self.max_passes() {
            if let Some(actor) = self.tied.first().copied() {
                self.tied.remove(0);
                self.acted.push(actor);
                return Some(Slot { actor: CombatantId::at(actor), phase: self.pass, simultaneous: true });
            }
            if let Some(actor) = self.pick(battle) {
                self.tied = self.tie_mates(actor, battle);
                self.acted.push(actor);
                return Some(Slot {
                    actor: CombatantId::at(actor),
                    phase: self.pass,
                    simultaneous: !self.tied.is_empty(),
                });
            }
            self.pass += 1;
            self.acted.clear();
        }
        None
    }

    fn entry(&self, i: usize) -> Option<PassEntry> {
        self.entries.get(i).copied().flatten()
    }

    /// Combatant `i`'s score now: the rolled one less the wounds of the moment.
    pub fn score_now<F: PassFighter>(&self, i: usize, battle: &[Combatant<F>]) -> Option<i32> {
        self.entry(i).map(|e| e.score + battle[i].fighter.wound_modifier())
    }

    /// Sets combatant `i`'s score as [`Passes::score_now`] gives it (its wound modifier counted) to `score`: the
    /// picks from here on follow it. Why not, when it has no entry this turn.
    pub fn set_score_now<F: PassFighter>(
        &mut self,
        i: usize,
        score: i32,
        battle: &[Combatant<F>],
    ) -> Result<(), String> {
        let wounds = battle[i].fighter.wound_modifier();
        let Some(entry) = self.entries.get_mut(i).and_then(Option::as_mut) else {
            return Err(NO_INITIATIVE.to_owned());
        };
        entry.score = score - wounds;
        Ok(())
    }

    /// Waiting for this pass: enough passes, not acted yet, still in the fight.
    fn waiting<F: PassFighter>(&self, i: usize, battle: &[Combatant<F>]) -> bool {
        self.entry(i).is_some_and(|e| e.passes >= self.pass) && !self.acted.contains(&i) && !battle[i].fighter.is_out()
    }

    fn pick<F: PassFighter>(&self, battle: &[Combatant<F>]) -> Option<usize> {
        (0..battle.len()).filter(|&i| self.waiting(i, battle)).max_by_key(|&i| self.rank(i, battle))
    }

    /// Critical glitches last, then the current score, then no glitch, then the tie-break, then listed order.
    fn rank<F: PassFighter>(
        &self,
        i: usize,
        battle: &[Combatant<F>],
    ) -> (bool, i32, bool, u32, std::cmp::Reverse<usize>) {
        let e = self.entry(i).unwrap_or(PassEntry {
            score: 0,
            glitch: false,
            critical_glitch: false,
            passes: 0,
            tie_break: 0,
        });
        let score = self.score_now(i, battle).unwrap_or(0);
        (!e.critical_glitch, score, !e.glitch, e.tie_break, std::cmp::Reverse(i))
    }

    /// Everyone else waiting in this pass who ties with `i`, neither side having glitched.
    fn tie_mates<F: PassFighter>(&self, i: usize, battle: &[Combatant<F>]) -> Vec<usize> {
        let clean = |j: usize| self.entry(j).is_some_and(|e| !e.glitch && !e.critical_glitch);
        if !clean(i) {
            return Vec::new();
        }
        let score = self.score_now(i, battle);
        let mut mates: Vec<usize> = (0..battle.len())
            .filter(|&j| j != i && self.waiting(j, battle) && clean(j) && self.score_now(j, battle) == score)
            .collect();
        mates.sort_by_key(|&j| std::cmp::Reverse(self.rank(j, battle)));
        mates
    }

    fn max_passes(&self) -> u32 {
        self.entries.iter().flatten().map(|e| e.passes).max().unwrap_or(0)
    }
}
