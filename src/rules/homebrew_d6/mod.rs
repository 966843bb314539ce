//! The d6 homebrew with Energy/Impact/Piercing armor and Light/Critical tracks (seed file 002; rules.md §4). The
//! seed is the whole source; rules.md and docs/rules-decisions.md record our decisions where it is silent.
//!
//! - `gear.rs`: damage values with type and track, attack kinds, AV listed I/P/E, the catalogue
//! - `gm.rs`: what follows from a GM's correction of the Light and Critical tracks
//! - `pool.rs`: the shared d6 pool under the homebrew's glitch rule
//! - `attack.rs`: step 1: the attack pool, the defense table, the defense frequency penalty, glitches
//! - `defense.rs`: the defender's choice of defense test
//! - `damage.rs`: steps 2–6: modified DV and AV, the Body resistance test, the Light and Critical tracks
//! - `turn.rs`: initiative and actions as Shadowrun 4 (shared passes), the actions and the built-in choice
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
use super::mechanics::passes::PassFighter;
use sheet::{Condition, Sheet};
pub use turn::HomebrewD6;

/// What the damage resistance hits do to Critical damage (rules.md §4, option `critical_resistance`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CriticalResistance {
    /// Steps 5 and 6 as written: the hits reduce the damage, then as many boxes as hits are Light instead.
    #[default]
    ReduceThenConvert,
    /// The hits only turn Critical boxes into Light ones (Light damage is still reduced by them).
    ConvertOnly,
}

/// Which ties hit (rules.md §4, option `ties`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ties {
    /// File 002, step 1 as written: "If you roll as many or more hits as the target, the attack hits".
    #[default]
    AllHit,
    /// The reading of file 002's "If an attack only requires contact, you need only tie": only a contact-only weapon
    /// hits on a tie.
    OnlyContact,
}

/// Per-battle options (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub critical_resistance: CriticalResistance,
    pub ties: Ties,
    /// Light track: this + ⌈Willpower ÷ 2⌉ boxes.
    pub light_base: u32,
    /// Critical track: this + ⌈Body ÷ 2⌉ boxes.
    pub critical_base: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            critical_resistance: CriticalResistance::default(),
            ties: Ties::default(),
            light_base: 8,
            critical_base: 8,
        }
    }
}

/// A combatant's homebrew state.
pub type Fighter = crate::rules::mechanics::fighter::Fighter<Sheet, Condition>;

impl Fighter {
    /// Light track size.
    pub fn light_boxes(&self, opts: &Options) -> u32 {
        opts.light_base + self.sheet.attributes.willpower.0.div_ceil(2)
    }

    /// Critical track size.
    pub fn critical_boxes(&self, opts: &Options) -> u32 {
        opts.critical_base + self.sheet.attributes.body.0.div_ceil(2)
    }

    /// The wound modifier, named, if any.
    pub fn wound_modifier(&self) -> Option<Modifier> {
        let value = self.condition.wound_modifier();
        (value != 0).then(|| Modifier::new("wounds", "Light and Critical tracks", value))
    }
}

impl PassFighter for Fighter {
    fn wound_modifier(&self) -> i32 {
        self.condition.wound_modifier()
    }
}

/// What the tactics lab's what-if can suppose of a fighter: the Light and Critical tracks, the weapon in hand and a
/// prone target (it defends 2 dice down); there is no aiming.
impl crate::rules::mechanics::suppose::Suppose for Fighter {
    const PRONE: bool = true;
    const AIM_STEPS: u32 = 0;

    fn suppose_taken(&mut self, track: usize, taken: u32) {
        match track {
            0 => self.condition.light = taken,
            1 => self.condition.critical = taken,
            _ => {}
        }
    }
}

/// What the homebrew reads off a condition: only being out keeps a fighter from acting; rounds are not counted.
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
        [Status::Dead, Status::Incapacitated, Status::Unconscious].iter().any(|s| self.has(s))
            || self.statuses.iter().any(Status::off_map)
    }
}
