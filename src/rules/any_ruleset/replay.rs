//! A battle's record played again onto its start, each decision taken again in its slot (a save taken up, a replay
//! watched step by step, a decision review, what a player was told under fog), and a battle played out to its end.

use super::any::{AnyAction, AnyBattle};
use crate::rules::RulesError;
use crate::rules::engine::battle::{Decision, Next, Recorded};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::Slot;

/// One step of a replay as [`AnyBattle::replay_watched`] tells it: a slot's decision before it is taken again, and
/// after, with the events it made.
pub enum Replayed<'a> {
    /// A slot's start, before its decision: the events its start made (a new turn, its initiative).
    Before(Slot, &'a Decision<AnyAction>, &'a [Event]),
    After(Slot, &'a Decision<AnyAction>, &'a [Event]),
}

impl AnyBattle {
    /// Plays `record` (another battle's, from the same start) onto this battle, not yet begun, with `dice` (that
    /// battle's faces): each recorded slot must come up in its turn, its decision is taken again, and the dice rolled
    /// by then must be as many as the record says. Refused where the record does not fit (a record of another
    /// ruleset's actions among it).
    pub fn replay(
        &mut self,
        record: &[Recorded<AnyAction>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        self.replay_watched(record, dice, log, &mut |_, _| {})
    }

    /// [`AnyBattle::replay`], `watch` told of each decision before it is taken again (the battle as it stands) and
    /// after (the events it made): the battle-over tally prices each decision of a battle taken up as it is replayed.
    pub fn replay_watched(
        &mut self,
        record: &[Recorded<AnyAction>],
        dice: &mut dyn Dice,
        log: &mut Log,
        watch: &mut dyn FnMut(&AnyBattle, Replayed<'_>),
    ) -> Result<(), RulesError> {
        if self.turn() > 0 {
            return Err(RulesError::Unfaithful("a record replays onto a battle not yet begun".into()));
        }
        for r in record {
            let unfaithful =
                |why: String| RulesError::Unfaithful(format!("turn {}, slot of {}: {why}", r.turn, r.actor));
            // A GM's change between two slots comes before the next slot is begun.
            if let Decision::Gm { change, in_slot: false } = &r.decision {
                if self.current().is_some() {
                    return Err(unfaithful("a slot was begun before the GM's change".into()));
                }
                let from = log.events.len();
                self.gm(change, log).map_err(|e| unfaithful(e.to_string()))?;
                watch(self, Replayed::After(r.slot, &r.decision, &log.events[from..]));
                continue;
            }
            let started = log.events.len();
            let slot = match self.next(dice, log)? {
                Next::Slot(slot) if slot == r.slot => slot,
                Next::Slot(slot) => return Err(unfaithful(format!("the slot of {} came instead", slot.actor))),
                Next::Over => return Err(unfaithful("the battle was over".into())),
            };
            watch(self, Replayed::Before(slot, &r.decision, &log.events[started..]));
            let from = log.events.len();
            match &r.decision {
                Decision::Act(action) => self.act(action, dice, log).map_err(|e| unfaithful(e.to_string()))?,
                Decision::Pass => self.pass(log),
                Decision::Delay if self.delay(log) => {}
                Decision::Delay => return Err(unfaithful("it cannot be delayed".into())),
                Decision::Gm { change, .. } => self.gm(change, log).map_err(|e| unfaithful(e.to_string()))?,
            }
            watch(self, Replayed::After(slot, &r.decision, &log.events[from..]));
            if (self.turn(), self.faces().len()) != (r.turn, r.dice) {
                let why = format!("turn {} with {} dice rolled, not {} dice", self.turn(), self.faces().len(), r.dice);
                return Err(unfaithful(why));
            }
        }
        Ok(())
    }

    /// Plays the battle to its end, each slot's action from the script or from `choose`.
    pub fn play_out(
        &mut self,
        dice: &mut dyn Dice,
        log: &mut Log,
        choose: &mut dyn FnMut(&AnyBattle, Slot) -> Option<AnyAction>,
    ) -> Result<(), RulesError> {
        while let Next::Slot(slot) = self.next(dice, log)? {
            let action = if self.is_scripted() { self.scripted_action() } else { choose(self, slot) };
            match action {
                Some(action) => self.act(&action, dice, log)?,
                None => self.pass(log),
            }
        }
        Ok(())
    }
}
