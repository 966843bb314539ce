//! A Storyteller-style d10 pool system (seed file 001; rules.md §3).
//!
//! - `pool.rs`: d10 pools against a difficulty, 1s cancelling, botches; damage dice
//! - `gear.rs`: file 001's weapon and armor tables, in `assets/storyteller/gear.ron`
//! - `damage.rs`: soak, the health track, its penalties, bashing, lethal and aggravated damage
//! - `gm.rs`: what follows from a GM's correction of the health levels
//! - `attack.rs`: attack and defense pools, net successes, raw damage and the damage roll
//! - `defense.rs`: the defender's choice against melee (Brawl or Melee)
//! - `turn.rs`: initiative, one action a turn, extra actions after everyone's first; the actions and the built-in
//!   choice
//! - `odds.rs`: the exact odds of an attack

pub mod attack;
pub mod character;
pub mod damage;
mod defense;
pub mod gear;
mod gm;
pub mod odds;
mod options;
pub mod pool;
pub mod sheet;
pub mod skills;
pub mod turn;

use serde::{Deserialize, Serialize};

pub use super::RulesError;
use super::engine::outcome::{Modifier, Status};
use super::mechanics::fighter::Standing;
use sheet::{Condition, Sheet};
pub use turn::Storyteller;

/// Per-battle options (rules.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Armor whose Stamina requirement exceeds the wearer's Stamina costs the difference in dice on Dexterity
    /// pools.
    pub armor_stamina_penalty: bool,
    /// Initiative less the wound penalty. File 001 states "1d10 + Dexterity + Wits" (the default); this house rule
    /// takes the health track's penalty off it too.
    pub initiative_wound_penalty: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self { armor_stamina_penalty: true, initiative_wound_penalty: false }
    }
}

/// A combatant's Storyteller state.
pub type Fighter = crate::rules::mechanics::fighter::Fighter<Sheet, Condition>;

impl Fighter {
    /// The wound penalty of the health track, as a modifier.
    pub fn wound_modifier(&self) -> Option<Modifier> {
        let h = &self.condition.health;
        let value = h.penalty();
        (value != 0).then(|| Modifier::new(format!("wounds ({})", h.level_name()), "health", value))
    }

    /// The armor's Stamina requirement over the wearer's Stamina, in dice, when the option is on.
    pub fn armor_penalty(&self, opts: &Options) -> Result<Option<Modifier>, RulesError> {
        let Some(armor) = self.sheet.armor.as_ref().filter(|_| opts.armor_stamina_penalty) else { return Ok(None) };
        let armor = self.sheet.gear.armor(&armor.0)?;
        let over = armor.stamina as i32 - self.sheet.attributes.stamina.0 as i32;
        Ok((over > 0).then(|| Modifier::new(format!("{} needs Stamina {}", armor.name, armor.stamina), "armor", -over)))
    }
}

/// What the tactics lab's what-if can suppose of a fighter: lethal health levels and the weapon in hand; its rules
/// give prone and aiming no part in an attack.
impl crate::rules::mechanics::suppose::Suppose for Fighter {
    const PRONE: bool = false;
    const AIM_STEPS: u32 = 0;

    fn suppose_taken(&mut self, track: usize, taken: u32) {
        // The levels it has keep their kind; more are lethal.
        if track == 0 {
            let health = &mut self.condition.health;
            health.boxes.resize((taken as usize).min(damage::LEVELS.len()), damage::DamageType::Lethal);
            health.dead = false;
        }
    }
}

/// What the Storyteller rules read off a condition: only being out keeps a fighter from acting; rounds are not
/// counted.
impl Standing<Sheet> for Condition {
    fn statuses(&self) -> &[Status] {
        &self.statuses
    }

    fn statuses_mut(&mut self) -> &mut Vec<Status> {
        &mut self.statuses
    }

    fn drawn(&self) -> Option<&gear::WeaponRef> {
        self.drawn.as_ref()
    }

    fn drawn_mut(&mut self) -> &mut Option<gear::WeaponRef> {
        &mut self.drawn
    }

    fn can_act(&self) -> bool {
        !self.is_out()
    }

    fn is_out(&self) -> bool {
        self.has(&Status::Dead) || self.has(&Status::Incapacitated) || self.statuses.iter().any(Status::off_map)
    }
}
