//! The battle engine: the one owner of a battle. It holds the ruleset with its options, the combatants, the victory
//! conditions and the turn bookkeeping; it says what comes next (a slot, or the end and why), takes the action for that
//! slot and writes the explained events to the log. Everything that plays a battle drives it: `skirmish sim`, the soak
//! and the balance report (through [`crate::rules::any_ruleset::any::AnyBattle::play_out`]), and the ECS systems slot
//! by slot for `skirmish run`, the window's players and the host.
//!
//! The order of a turn, whatever the ruleset: a new turn starts (initiative, timed statuses) when the last one's
//! slots are spent; each slot is announced (a new initiative pass where the ruleset works its order out as it goes),
//! started (its bookkeeping runs whether or not the combatant then acts) and played; a slot a player delayed comes
//! back when everyone else in its phase or pass has acted. The battle ends when one side is left (a tie-mate acting
//! at the same moment still acts), a side meets the level's victory, a script is spent or cannot go on, or the turn
//! limit is reached.
//!
//! The battle's inputs are the decisions for its slots (act, pass, delay) and the faces of its dice; it keeps both
//! ([`Battle::record`], [`Battle::faces`]), and [`crate::rules::any_ruleset::any::AnyBattle::replay`] plays them again
//! onto the same start to the identical state: the ground for saves, undo and replays. An action the rules refuse
//! changes nothing; a roll that cannot be made (faces a player is still to type in) leaves nothing of its try, so the
//! step can be taken again.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::dice::{Dice, Recording};
use super::gm::GmChange;
use super::outcome::{Event, Log, Status};
use super::ruleset::{Combatant, CombatantId, FighterState, Ruleset, Slot, name_of};
use super::victory::{Objectives, Won};
use crate::rules::RulesError;
use crate::rules::engine::refusal::Refusal;

/// Where a battle's actions come from, as far as its end is concerned.
#[derive(Clone, Debug)]
pub enum ActionSource<A> {
    /// These actions in order, each in its actor's next slot: the battle ends when they run out, or when the next
    /// one's actor had no slot in a whole turn.
    Script(VecDeque<A>),
    /// Chosen slot by slot (the ruleset's built-in choice, the AI, players): the battle ends by the rules.
    Free,
}

impl<A> ActionSource<A> {
    /// A script of `actions`, or free orders when there are none.
    pub fn scripted_or_free(actions: impl IntoIterator<Item = A>) -> Self {
        let actions: VecDeque<A> = actions.into_iter().collect();
        if actions.is_empty() { ActionSource::Free } else { ActionSource::Script(actions) }
    }

    fn spent(&self) -> bool {
        matches!(self, ActionSource::Script(actions) if actions.is_empty())
    }
}

/// Why a battle stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// One side is left standing (or nobody).
    Decided,
    /// A side met a victory condition of the level.
    Won(Won),
    /// The scripted actions are done.
    ScriptDone,
    /// The script cannot go on: why.
    Stuck(String),
    /// The turn limit was reached; the level may name who wins then.
    TurnLimit(u32, Option<String>),
}

/// What comes next in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// This combatant's slot: it may act (`act`), do nothing (`pass`), or, a player, wait (`delay`).
    Slot(Slot),
    /// The battle is over; [`Battle::ending`] says why and who won.
    Over,
}

/// How a battle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub reason: String,
    pub winner: Option<String>,
}

/// What the driver of a battle (a script, the AI, a player) decided for a slot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Decision<A> {
    /// The combatant acts.
    Act(A),
    /// The slot ends without an action.
    Pass,
    /// A player sets the slot aside until everyone else in its phase or pass has acted.
    Delay,
    /// The game master changes the battle by hand (`gm.rs`): while the recorded slot waits (`in_slot`: the slot
    /// goes on), or between two slots (before the next one is begun).
    Gm { change: GmChange, in_slot: bool },
}

/// One decision taken, in order: with the battle's start and the faces of its dice, the record determines the
/// battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded<A> {
    pub turn: u32,
    pub slot: Slot,
    pub actor: CombatantId,
    pub decision: Decision<A>,
    /// How many faces the battle had rolled once the decision was carried out.
    pub dice: usize,
}

impl<A> Recorded<A> {
    /// The action taken, if the decision was to act.
    pub fn action(&self) -> Option<&A> {
        match &self.decision {
            Decision::Act(action) => Some(action),
            Decision::Pass | Decision::Delay | Decision::Gm { .. } => None,
        }
    }
}

/// Everything a battle starts from.
pub struct Start<R: Ruleset> {
    /// The ruleset with its options and the ground (`set_field`) already given.
    pub rules: R,
    pub combatants: Vec<Combatant<R::Fighter>>,
    pub orders: ActionSource<R::Action>,
    pub turn_limit: u32,
    pub objectives: Objectives,
}

/// A battle in ruleset `R`.
#[derive(Clone, Debug)]
pub struct Battle<R: Ruleset> {
    rules: R,
    combatants: Vec<Combatant<R::Fighter>>,
    orders: ActionSource<R::Action>,
    turn_limit: u32,
    objectives: Objectives,
    turn: u32,
    /// The turn's slots are spent: the next slot starts a new turn.
    round_over: bool,
    /// The pass last announced (rulesets whose order is worked out as the turn goes).
    pass: u32,
    /// Who had a slot this turn, by roster index.
    had_slot: Vec<usize>,
    /// Slots set aside until the end of their phase or pass, in the order they were delayed.
    delayed: Vec<Slot>,
    /// The slot being played was delayed once already (it cannot be delayed again).
    from_delay: bool,
    current: Option<Slot>,
    ending: Option<Ending>,
    record: Vec<Recorded<R::Action>>,
    /// Every face rolled, in order.
    faces: Vec<u32>,
    /// The combatants the last `next` or `act` changed ([`Battle::changed`]).
    changed: Vec<CombatantId>,
}

impl<R: Ruleset> Battle<R>
where
    R: Clone,
    R::Fighter: Clone,
    R::Action: Clone + PartialEq,
{
    /// A battle about to begin, each combatant given its id (its place in the roster): its first turn starts with
    /// the first [`Battle::next`].
    pub fn new(start: Start<R>) -> Self {
        let Start { rules, mut combatants, orders, turn_limit, objectives } = start;
        super::ruleset::number(&mut combatants);
        Battle {
            rules,
            combatants,
            orders,
            turn_limit,
            objectives,
            turn: 0,
            round_over: true,
            pass: 0,
            had_slot: Vec::new(),
            delayed: Vec::new(),
            from_delay: false,
            current: None,
            ending: None,
            record: Vec::new(),
            faces: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// The ruleset with its options.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The combatants, in roster order (the indices slots refer to).
    pub fn combatants(&self) -> &[Combatant<R::Fighter>] {
        &self.combatants
    }

    /// The turn being played (0 before the first).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The slot being played, if one is waiting for its action.
    pub fn current(&self) -> Option<Slot> {
        self.current
    }

    /// The slots set aside, in the order they come back.
    pub fn delayed(&self) -> &[Slot] {
        &self.delayed
    }

    /// Whether the slot being played was delayed once already.
    pub fn was_delayed(&self) -> bool {
        self.from_delay
    }

    /// How the battle ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The victory conditions, with the turns each zone has been held.
    pub fn objectives(&self) -> &Objectives {
        &self.objectives
    }

    /// Every decision taken so far.
    pub fn record(&self) -> &[Recorded<R::Action>] {
        &self.record
    }

    /// Every face the battle's dice showed so far, in order.
    pub fn faces(&self) -> &[u32] {
        &self.faces
    }

    /// A copy in which the combatants `gone` have left the field, as through an exit: they stand nowhere, block no
    /// cell, are nobody's neighbour in melee and threaten no one. Under fog of war, what a player is shown is worked
    /// out on such a copy ([`crate::rules::tools::fog::as_seen`]).
    pub fn without(&self, gone: &[CombatantId]) -> Self {
        let mut copy = self.clone();
        for id in gone {
            if let Some(c) = copy.combatants.get_mut(id.index()) {
                c.fighter.set_status(Status::Escaped, true);
            }
        }
        copy
    }

    /// The combatants the last [`Battle::next`] or [`Battle::act`] changed: everyone at a new
    /// turn's start, else those whose slots the search started (a slot's start touches its own combatant alone); an
    /// action's actor and every combatant its events name (each ruleset writes an event for every combatant its
    /// action changes: `tests/rules/invariants.rs` holds them to it). None after a pass or a delay.
    pub fn changed(&self) -> &[CombatantId] {
        &self.changed
    }

    /// The next slot to play, starting a new turn when the last one's are spent, or the end of the battle (its
    /// `BattleEnded` event written to the log). The slot being played comes back until it is acted on. A roll that
    /// cannot be made at a turn's start takes the battle back to the end of the turn before (what led there, slots
    /// that passed, stays), so the next `next` goes on from there.
    pub fn next(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Next, RulesError> {
        if self.ending.is_some() {
            return Ok(Next::Over);
        }
        if let Some(slot) = self.current {
            return Ok(Next::Slot(slot));
        }
        self.changed.clear();
        let mut dice = Recording::new(dice);
        let found = self.find_slot(&mut dice, log)?;
        self.faces.append(&mut dice.faces);
        match found {
            Ok(slot) => {
                self.current = Some(slot);
                Ok(Next::Slot(slot))
            }
            Err(stop) => {
                self.end(stop, log);
                Ok(Next::Over)
            }
        }
    }

    /// The slot search: escapes first (checked once after each action), then delayed slots, then the ruleset's
    /// next slot; at the end of a turn, its checks and the next turn.
    fn find_slot(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Result<Slot, Stop>, RulesError> {
        if let Some(won) = self.objectives.after_action(&self.combatants) {
            return Ok(Err(Stop::Won(won)));
        }
        loop {
            if self.round_over
                && let Some(stop) = self.turn_over(dice, log)?
            {
                return Ok(Err(stop));
            }
            if let Some(slot) = self.take_delayed() {
                if self.sides_standing().len() <= 1 {
                    return Ok(Err(Stop::Decided));
                }
                if self.combatants[slot.actor.index()].fighter.can_act() {
                    return Ok(Ok(slot));
                }
                continue;
            }
            self.from_delay = false;
            let Some(slot) = self.rules.next_slot(&self.combatants) else {
                self.round_over = true;
                continue;
            };
            if !self.rules.announces_phases() && slot.phase != self.pass {
                self.pass = slot.phase;
                log.push(Event::PassStarted { turn: self.turn, pass: slot.phase });
            }
            // A tie-mate acting at the same moment still acts, even when the other's action ended the battle.
            if self.sides_standing().len() <= 1 && !slot.simultaneous {
                return Ok(Err(Stop::Decided));
            }
            self.had_slot.push(slot.actor.index());
            if !self.takes_slot(slot, log) {
                continue;
            }
            if self.orders.spent() {
                return Ok(Err(Stop::ScriptDone));
            }
            return Ok(Ok(slot));
        }
    }

    /// The turn's end, and the next turn's start (its initiative rolled), or why the battle stops. A roll that
    /// cannot be made (faces still to be typed in) takes the battle and the log back to before the turn's end (its
    /// checks, a held zone's count): the next `next` takes it up again from there.
    fn turn_over(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Option<Stop>, RulesError> {
        let (before, events) = (self.without_record(), log.events.len());
        if let Some(stop) = self.end_of_turn() {
            return Ok(Some(stop));
        }
        if self.turn >= self.turn_limit {
            return Ok(Some(Stop::TurnLimit(self.turn_limit, self.objectives.at_turn_limit.clone())));
        }
        if let Err(e) = self.start_turn(dice, log) {
            let (record, faces) = (std::mem::take(&mut self.record), std::mem::take(&mut self.faces));
            *self = Battle { record, faces, ..before };
            log.events.truncate(events);
            return Err(e);
        }
        Ok(None)
    }

    /// A copy of the battle without its record and faces (what a turn's start may have to go back to).
    fn without_record(&mut self) -> Self {
        let (record, faces) = (std::mem::take(&mut self.record), std::mem::take(&mut self.faces));
        let copy = self.clone();
        (self.record, self.faces) = (record, faces);
        copy
    }

    fn start_turn(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
        self.turn += 1;
        log.push(Event::TurnStarted { turn: self.turn });
        self.rules.start_turn(self.turn, &mut self.combatants, dice, log)?;
        self.changed = (0..self.combatants.len()).map(CombatantId::at).collect();
        (self.round_over, self.pass) = (false, 0);
        self.had_slot.clear();
        Ok(())
    }

    /// Starts the slot of a combatant still in the fight (its turn's bookkeeping runs whether or not it then acts),
    /// and says whether it acts in it: not when it cannot act (stunned), nor when the start cost it the slot (a
    /// botch).
    fn takes_slot(&mut self, slot: Slot, log: &mut Log) -> bool {
        if self.combatants[slot.actor.index()].fighter.is_out() && !slot.simultaneous {
            return false;
        }
        if !self.changed.contains(&slot.actor) {
            self.changed.push(slot.actor);
        }
        let acts = self.rules.start_slot(slot, &mut self.combatants, log);
        acts && (self.combatants[slot.actor.index()].fighter.can_act() || slot.simultaneous)
    }

    /// A delayed slot comes back when everyone else in its phase or pass has acted: when the ruleset's next slot
    /// (asked of a copy, so the real order is not used up) is of a later phase, or the turn is over.
    fn take_delayed(&mut self) -> Option<Slot> {
        let held = *self.delayed.first()?;
        let next = self.rules.clone().next_slot(&self.combatants);
        if next.is_some_and(|n| n.phase == held.phase) {
            return None;
        }
        self.delayed.remove(0);
        self.from_delay = true;
        Some(held)
    }

    /// At the end of a turn: one side left, the script spent, a zone held long enough, or the next scripted actor
    /// out of the battle.
    fn end_of_turn(&mut self) -> Option<Stop> {
        if self.turn == 0 {
            return None;
        }
        if self.sides_standing().len() <= 1 {
            return Some(Stop::Decided);
        }
        if self.orders.spent() {
            return Some(Stop::ScriptDone);
        }
        if let Some(won) = self.objectives.end_of_turn(&self.combatants) {
            return Some(Stop::Won(won));
        }
        let ActionSource::Script(actions) = &self.orders else { return None };
        let who = self.rules.actor_of(actions.front()?);
        let had = self.had_slot.iter().any(|&i| self.combatants[i].fighter.id() == who);
        let name = super::ruleset::name_of(&self.combatants, who);
        (!had).then(|| Stop::Stuck(format!("{name} cannot act for the next scripted action")))
    }

    /// The script's next action when it is for the combatant whose slot this is, else none: the slot passes. Acting
    /// on it takes it off the script.
    pub fn scripted_action(&self) -> Option<&R::Action> {
        let slot = self.current?;
        let ActionSource::Script(actions) = &self.orders else { return None };
        let next = actions.front()?;
        (self.rules.actor_of(next) == self.combatants[slot.actor.index()].fighter.id()).then_some(next)
    }

    /// The script's next action, if the battle has a script.
    pub fn first_scripted(&self) -> Option<&R::Action> {
        match &self.orders {
            ActionSource::Script(actions) => actions.front(),
            ActionSource::Free => None,
        }
    }

    /// Whether the battle's actions come from a script.
    pub fn is_scripted(&self) -> bool {
        matches!(self.orders, ActionSource::Script(_))
    }

    /// Carries out `action` in the slot being played; its explained events go to the log. An error (the rules
    /// refuse the action, scripted dice run out) leaves the battle as it was, the slot still waiting: the rules work
    /// on copies, kept only when the action is done.
    pub fn act(&mut self, action: &R::Action, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
        let slot = self.current.ok_or(RulesError::Illegal(Refusal::NoSlot))?;
        let (actor, id) = (self.rules.actor_of(action), self.combatants[slot.actor.index()].fighter.id());
        if actor != id {
            let (actor, slot) = (name_of(&self.combatants, actor), name_of(&self.combatants, id));
            return Err(RulesError::Illegal(Refusal::NotTheirSlot { actor, slot }));
        }
        let (mut rules, mut combatants) = (self.rules.clone(), self.combatants.clone());
        let (mut dice, mut events) = (Recording::new(dice), Log::default());
        rules.perform(slot, action, &mut combatants, &mut dice, &mut events)?;
        (self.rules, self.combatants) = (rules, combatants);
        self.changed = touched(slot.actor, &events.events);
        self.faces.append(&mut dice.faces);
        log.events.append(&mut events.events);
        if let ActionSource::Script(script) = &mut self.orders
            && script.front() == Some(action)
        {
            script.pop_front();
        }
        self.decided(slot, Decision::Act(action.clone()));
        Ok(())
    }

    /// The slot being played ends without an action, said in the log (a player ended it, or its combatant had
    /// nothing it could do: a unit that stands still should not leave the reader guessing why).
    pub fn pass(&mut self, log: &mut Log) {
        if let Some(slot) = self.current {
            let who = self.combatants[slot.actor.index()].fighter.id();
            log.push(Event::ActionTaken { who, action: "passes: takes no action this time".into() });
            self.changed.clear();
            self.decided(slot, Decision::Pass);
        }
    }

    /// A player's delay: the slot being played is set aside until the end of its phase or pass, with the reason in
    /// the log. A slot delayed once cannot be delayed again: refused (false).
    pub fn delay(&mut self, log: &mut Log) -> bool {
        let Some(slot) = self.current.filter(|_| !self.from_delay) else { return false };
        let who = self.combatants[slot.actor.index()].fighter.id();
        let round = if self.rules.announces_phases() { "phase" } else { "initiative pass" };
        let action = format!("delays its action until everyone else in this {round} has acted");
        log.push(Event::ActionTaken { who, action });
        self.delayed.push(slot);
        self.changed.clear();
        self.decided(slot, Decision::Delay);
        true
    }

    /// The game master's change (`gm.rs`), made while the slot being played waits or between two slots: on the
    /// record, its events in the log. A slot waiting goes on, unless its combatant can no longer act (knocked out,
    /// taken off the map): then it ends as a slot of one who cannot act. Refused (nothing changed) when the change
    /// cannot be made, or the battle is over.
    pub fn gm(&mut self, change: &GmChange, log: &mut Log) -> Result<(), RulesError> {
        if self.ending.is_some() {
            return Err(RulesError::Illegal(Refusal::Gm { who: "anyone".into(), why: "the battle is over".into() }));
        }
        // Between two slots, the record names the last slot played (none yet: the first combatant's).
        let slot = self.current.or(self.record.last().map(|r| r.slot)).unwrap_or(Slot {
            actor: CombatantId::at(0),
            phase: 0,
            simultaneous: false,
        });
        let in_slot = self.current.is_some();
        // On copies: a refused change changes nothing.
        let (mut rules, mut combatants) = (self.rules.clone(), self.combatants.clone());
        let mut events = Log::default();
        super::gm::apply(&mut rules, change, &mut combatants, &mut events)?;
        (self.rules, self.combatants) = (rules, combatants);
        self.changed = touched(change.who(), &events.events);
        log.events.append(&mut events.events);
        let actor = self.combatants[slot.actor.index()].fighter.id();
        self.record.push(Recorded {
            turn: self.turn,
            slot,
            actor,
            decision: Decision::Gm { change: change.clone(), in_slot },
            dice: self.faces.len(),
        });
        let actor = &self.combatants[slot.actor.index()].fighter;
        let gone = actor.statuses().iter().any(Status::off_map);
        if in_slot && (gone || (!actor.can_act() && !slot.simultaneous)) {
            self.current = None;
        }
        Ok(())
    }

    /// The slot's decision is carried out: it goes on the record, and the slot is over.
    fn decided(&mut self, slot: Slot, decision: Decision<R::Action>) {
        let actor = self.combatants[slot.actor.index()].fighter.id();
        self.record.push(Recorded { turn: self.turn, slot, actor, decision, dice: self.faces.len() });
        self.current = None;
    }

    /// The sides that still have someone in the fight.
    fn sides_standing(&self) -> Vec<&str> {
        sides_standing(&self.combatants)
    }

    fn end(&mut self, stop: Stop, log: &mut Log) {
        let event = battle_ended(&self.combatants, stop);
        if let Event::BattleEnded { reason, winner } = &event {
            self.ending = Some(Ending { reason: reason.clone(), winner: winner.clone() });
        }
        self.current = None;
        log.push(event);
    }
}

/// The combatants an action changed: its actor and every combatant its events name.
fn touched(actor: CombatantId, events: &[Event]) -> Vec<CombatantId> {
    let mut touched = vec![actor];
    for id in events.iter().flat_map(Event::combatants).flatten() {
        if !touched.contains(&id) {
            touched.push(id);
        }
    }
    touched
}

/// The sides that still have someone in the fight, sorted.
pub fn sides_standing<F: FighterState>(battle: &[Combatant<F>]) -> Vec<&str> {
    let mut sides: Vec<&str> = battle.iter().filter(|c| !c.fighter.is_out()).map(|c| c.side.as_str()).collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// The event that ends a battle for `stop`.
fn battle_ended<F: FighterState>(battle: &[Combatant<F>], stop: Stop) -> Event {
    let standing = sides_standing(battle);
    let (reason, winner) = match stop {
        Stop::Decided => match standing.first() {
            Some(side) => ("every other side is out".to_owned(), Some(side.to_string())),
            None => ("nobody is left standing".to_owned(), None),
        },
        Stop::ScriptDone => ("the scripted actions are done".to_owned(), None),
        Stop::Won(Won { side, reason }) => (reason, Some(side)),
        Stop::Stuck(why) => (why, None),
        Stop::TurnLimit(n, None) => (format!("the turn limit of {n} was reached"), None),
        Stop::TurnLimit(n, Some(side)) => {
            (format!("the turn limit of {n} was reached and {side} held out"), Some(side))
        }
    };
    Event::BattleEnded { reason, winner }
}
