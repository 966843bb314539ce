//! Initiative (file 004; rules.md §2): Reaction + Intuition plus the hits of that many dice, rerolled every
//! combat turn; a critical glitch also loses a pass if it has more than one. The order within passes is
//! [`Passes`](crate::rules::passes::Passes). Surprise (optional) is rolled before the first pass.

use super::actions::{Action, perform_action};
use super::policy::default_action;
use super::pool::roll_pool;
use super::{Fighter, Options, RulesError};
use crate::rules::d6_pool::{GlitchRule, PoolSpec};
use crate::rules::dice::Dice;
use crate::rules::field::{Dm, Field, Pace};
use crate::rules::outcome::{Log, Modifier};
use crate::rules::passes::{InitiativeRoll, PassEntry, Passes, roll_initiative};
use crate::rules::ruleset::{Combatant, FighterState, Ruleset, Slot, Track};

/// Shadowrun 4 with its options and the state of the current combat turn.
#[derive(Clone, Debug, Default)]
pub struct Shadowrun4 {
    pub options: Options,
    turn: u32,
    passes: Passes,
    /// Surprise test hits by combatant, when surprise was rolled.
    surprise: Vec<u32>,
    /// The ground fought on.
    pub field: Field,
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
        self.turn == 1 && self.passes.pass() == 1 && !self.surprise.is_empty()
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
            // A surprise test is a test like any other: wound modifiers apply (rules.md §2).
            modifiers.extend(f.wound_modifier());
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
        let mut entries = Vec::new();
        for c in battle {
            entries.push(match c.fighter.is_out() {
                true => None,
                false => Some(roll_one(&c.fighter, dice, log)?),
            });
        }
        self.passes.start(entries);
        Ok(())
    }
}

/// Reaction + Intuition + hits on that many dice, under Shadowrun 4's glitch rule.
fn roll_one(f: &Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<PassEntry, RulesError> {
    let a = &f.sheet.attributes;
    let (reaction, intuition, passes) = (a.reaction.0, a.intuition.0, f.sheet.initiative_passes);
    let wounds = f.condition.wound_modifier();
    let roll =
        InitiativeRoll { who: &f.name, reaction, intuition, passes, glitch_rule: GlitchRule::HalfOrMore, wounds };
    roll_initiative(roll, dice, log)
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
        self.turn = turn;
        Ok(())
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
        super::actions::start_slot(&mut battle[slot.actor].fighter, log)
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        default_action(self, slot.actor, battle)
    }

    fn announces_phases(&self) -> bool {
        false
    }

    fn paces(&self, f: &Fighter) -> (Dm, Dm) {
        let (m, parts) = (f.sheet.movement, f.sheet.initiative_passes);
        (m.per_part(Pace::Walk, parts), m.per_part(Pace::Run, parts))
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

    fn actor_of<'a>(&self, action: &'a Action) -> &'a str {
        &action.actor
    }
}
