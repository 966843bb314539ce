//! Initiative (file 004; rules.md §2): Reaction + Intuition plus the hits of that many dice, rerolled every
//! combat turn; a critical glitch also loses a pass if it has more than one. The order within passes is
//! [`Passes`](crate::rules::mechanics::passes::Passes). Surprise (optional) is rolled before the first pass.

use super::pool::roll_pool;
use super::{Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::Field;
use crate::rules::engine::outcome::{Log, Modifier};
use crate::rules::engine::ruleset::Roller;
use crate::rules::engine::ruleset::{Combatant, FighterState};
use crate::rules::mechanics::d6_pool::{GlitchRule, PoolSpec};
use crate::rules::mechanics::passes::{InitiativeRoll, PassEntry, Passes, roll_initiative};

/// Shadowrun 4 with its options and the state of the current combat turn.
#[derive(Clone, Debug, Default)]
pub struct Shadowrun4 {
    pub options: Options,
    pub(super) turn: u32,
    pub(super) passes: Passes,
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

    /// Whether `attacker` may not act against `defender` yet: its surprise score must exceed the defender's (file
    /// 004: "must exceed the other character's score"), so a tie lets neither act against the other.
    pub fn held_back(&self, attacker: usize, defender: usize) -> bool {
        self.first_pass() && self.surprise.get(attacker) <= self.surprise.get(defender)
    }

    fn first_pass(&self) -> bool {
        self.turn == 1 && self.passes.pass() == 1 && !self.surprise.is_empty()
    }

    pub(super) fn roll_surprise(
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
            if surprise.alerted.contains(&f.id) {
                modifiers.push(Modifier::new("alerted by a Perception test", "situation", 3));
            }
            // A surprise test is a test like any other: wound modifiers apply (rules.md §2), and armor
            // encumbrance, as a test of Reaction (docs/rules-decisions.md, "Armor encumbrance").
            modifiers.extend(f.wound_modifier());
            modifiers.extend(f.encumbrance()?);
            let label = format!("Reaction {} + Intuition {} (surprise)", a.reaction.0, a.intuition.0);
            let base = (a.reaction.0 + a.intuition.0) as i32;
            let spec = PoolSpec { who: Roller::new(f.id, &f.name), label, base, modifiers };
            self.surprise.push(roll_pool(spec, dice, log)?.hits);
        }
        Ok(())
    }

    pub(super) fn roll_initiative(
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
    let roll = InitiativeRoll {
        who: Roller::new(f.id, &f.name),
        reaction,
        intuition,
        passes,
        glitch_rule: GlitchRule::HalfOrMore,
        wounds,
        // The initiative roll is a Reaction test: armor encumbrance takes dice off it (docs/rules-decisions.md).
        encumbrance: f.encumbrance()?.map_or(0, |m| m.value),
    };
    roll_initiative(roll, dice, log)
}
