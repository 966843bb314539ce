//! The Shadowrun 4 combat turn as the battle engine plays it (file 004, Combat Sequence): surprise at the start,
//! initiative each turn with its passes (`initiative.rs`), each slot's start (`actions.rs`), the actions, the
//! built-in choice (`policy.rs`), movement shared among the passes, and the two condition monitors.

use super::actions::{Action, perform_action};
use super::initiative::Shadowrun4;
use super::policy::default_action;
use super::{Fighter, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Dm, Field, Pace};
use crate::rules::engine::outcome::{Log, Status};
use crate::rules::engine::ruleset::{Combatant, CombatantId, Ruleset, Slot, Track};

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
        self.turn = turn;
        Ok(())
    }

    fn initiative(&self, actor: usize, battle: &[Combatant<Fighter>]) -> Option<i32> {
        self.passes.score_now(actor, battle)
    }

    fn set_initiative(&mut self, actor: usize, score: i32, battle: &[Combatant<Fighter>]) -> Result<(), String> {
        self.passes.set_score_now(actor, score, battle)
    }

    fn next_slot(&mut self, battle: &[Combatant<Fighter>]) -> Option<Slot> {
        self.passes.next(battle)
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

    fn start_slot(&mut self, slot: Slot, battle: &mut [Combatant<Fighter>], log: &mut Log) -> bool {
        super::actions::start_slot(&mut battle[slot.actor.index()].fighter, log)
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        default_action(self, slot.actor.index(), battle)
    }

    fn announces_phases(&self) -> bool {
        false
    }

    fn paces(&self, f: &Fighter) -> (Dm, Dm) {
        let (m, parts) = (f.sheet.movement, f.sheet.initiative_passes);
        (m.per_part(Pace::Walk, parts), m.per_part(Pace::Run, parts))
    }

    fn set_taken(&self, f: &mut Fighter, track: usize, taken: u32) {
        // The Stun monitor holds no more than its boxes (past them, damage overflows into Physical).
        let taken = if track == 1 { taken.min(f.sheet.stun_boxes()) } else { taken };
        crate::rules::mechanics::suppose::Suppose::suppose_taken(f, track, taken);
    }

    fn track_statuses(&self, f: &Fighter) -> Vec<(Status, bool)> {
        super::gm::track_statuses(f)
    }

    fn tracks(&self, f: &Fighter) -> Vec<Track> {
        let (c, s) = (&f.condition, &f.sheet);
        vec![Track::new("Physical", c.physical, s.physical_boxes()), Track::new("Stun", c.stun, s.stun_boxes())]
    }

    fn field(&self) -> &Field {
        &self.field
    }

    fn set_field(&mut self, field: Field) {
        self.field = field;
    }

    fn actor_of(&self, action: &Action) -> CombatantId {
        action.actor
    }
}
