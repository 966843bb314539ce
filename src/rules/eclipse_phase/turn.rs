//! The Eclipse Phase turn (rules.md §1): each Action Turn (3 s) timed statuses advance and initiative is rolled
//! anew; then each Action Phase lets its combatants act in initiative order.

use super::actions::{Action, quick_actions};
use super::initiative::{EclipsePhase, schedule_turn};
use super::policy::default_action;
use super::{Fighter, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Dm, Field, Pace};
use crate::rules::engine::outcome::{Event, Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, Ruleset, Slot, Track};
use crate::rules::mechanics::fighter::Standing;

impl Ruleset for EclipsePhase {
    type Fighter = Fighter;
    type Action = Action;

    fn name(&self) -> &'static str {
        "Eclipse Phase 1e"
    }

    fn start_turn(
        &mut self,
        turn: u32,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        for c in battle.iter_mut() {
            count_down_stun(&mut c.fighter, log);
        }
        let (slots, scores) = schedule_turn(turn, battle, dice, log)?;
        (self.queue, self.scores) = (slots.into(), scores);
        Ok(())
    }

    fn initiative(&self, actor: usize, _battle: &[Combatant<Fighter>]) -> Option<i32> {
        self.scores.get(actor).copied().flatten()
    }

    fn set_initiative(&mut self, actor: usize, score: i32, _battle: &[Combatant<Fighter>]) -> Result<(), String> {
        crate::rules::engine::gm::reorder_phases(&mut self.queue, &mut self.scores, actor, score)
    }

    fn next_slot(&mut self, _battle: &[Combatant<Fighter>]) -> Option<Slot> {
        self.queue.pop_front()
    }

    fn perform(
        &mut self,
        slot: Slot,
        action: &Action,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let me = &mut battle[slot.actor.index()].fighter;
        if !me.condition.can_act() {
            return Err(RulesError::Illegal(Refusal::CannotAct { who: me.name.clone() }));
        }
        quick_actions(&mut self.field, slot.actor.index(), &action.quick, battle, log)?;
        if battle[slot.actor.index()].fighter.condition.has(&Status::Escaped) {
            return Ok(());
        }
        match &action.complex {
            Some(complex) => self.complex_action(slot.actor.index(), complex, &action.quick, battle, dice, log),
            None => Ok(()),
        }
    }

    /// A new Action Phase for the actor: full defense ends (it lasts "until the start of your next Action Phase",
    /// rules.md §1), and a Complex Action aim is held for this phase or lapses (file 003).
    fn start_slot(&mut self, slot: Slot, battle: &mut [Combatant<Fighter>], log: &mut Log) -> bool {
        let me = &mut battle[slot.actor.index()].fighter;
        if me.condition.has(&Status::FullDefense) {
            me.condition.lose(&Status::FullDefense);
            let reason = "a new Action Phase".to_owned();
            log.push(Event::StatusLost { who: me.id, status: Status::FullDefense, reason });
        }
        super::aim::start_phase(battle, slot.actor.index(), log);
        true
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        default_action(&self.field, slot.actor.index(), battle)
    }

    fn paces(&self, f: &Fighter) -> (Dm, Dm) {
        let (m, parts) = (f.sheet.movement, f.sheet.speed);
        (m.per_part(Pace::Walk, parts), m.per_part(Pace::Run, parts))
    }

    fn set_taken(&self, f: &mut Fighter, track: usize, taken: u32) {
        crate::rules::mechanics::suppose::Suppose::suppose_taken(f, track, taken);
    }

    fn track_statuses(&self, f: &Fighter) -> Vec<(Status, bool)> {
        super::gm::track_statuses(&self.options, f)
    }

    fn tracks(&self, f: &Fighter) -> Vec<Track> {
        let c = &f.condition;
        vec![Track::new("damage", c.damage, f.sheet.durability), Track::new("wounds", c.wounds, 0)]
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

/// A stun of N Action Turns: the victim misses the next N whole turns, then recovers.
fn count_down_stun(f: &mut Fighter, log: &mut Log) {
    let Some(i) = f.condition.statuses.iter().position(|s| matches!(s, Status::Stunned(_))) else {
        return;
    };
    match f.condition.statuses[i] {
        Status::Stunned(0) => {
            f.condition.statuses.remove(i);
            log.push(Event::StatusLost { who: f.id, status: Status::Stunned(0), reason: "the stun wore off".into() });
        }
        Status::Stunned(n) => f.condition.statuses[i] = Status::Stunned(n - 1),
        _ => {}
    }
}
