//! Shadowrun 4th edition, 20th anniversary (seed file 004; rules.md §2): d6 pools, hits on 5–6.
//!
//! - `pool.rs`: the dice pool, hits, glitches and critical glitches
//! - `modifiers.rs`: file 004's attack and defense modifiers, range bands, called shots, defense choices
//! - `gear.rs`: weapons, armor, damage notation, the catalogue in `assets/shadowrun4/gear.ron`
//! - `attack.rs`: ranged and melee attacks, recoil, defenses, full defense, grazing hits, glitch effects
//! - `defense.rs`: the defender's choice at the moment it is attacked (dodge, parry, block, full defense)
//! - `damage.rs`: net hits to DV, armor and AP, stun conversion, damage resistance, both monitors, knockdown
//! - `initiative.rs`: initiative score, passes, ties, glitches, surprise; the turn's order as wounds change it
//! - `gm.rs`: what follows from a GM's correction of a monitor
//! - `actions.rs`: Free, Simple and Complex actions; `policy.rs`: the built-in choice
//! - `odds.rs`: the exact odds of an attack

pub mod actions;
pub mod attack;
pub mod character;
pub mod damage;
mod defense;
pub mod gear;
mod gm;
pub mod initiative;
pub mod modifiers;
pub mod odds;
mod options;
mod policy;
pub mod pool;
pub mod sheet;
pub mod skills;
mod turn;

use serde::{Deserialize, Serialize};

pub use super::RulesError;
use super::engine::outcome::{Modifier, Status};
use super::engine::ruleset::CombatantId;
use super::mechanics::fighter::Standing;
pub use initiative::Shadowrun4;
use sheet::{Condition, Sheet};

/// Per-battle options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Roll surprise before the first initiative pass (file 004, Surprise).
    pub surprise: Option<Surprise>,
}

/// A surprise test at the start of the battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Surprise {
    /// Combatants who passed the optional Perception test: +3 on their surprise test.
    pub alerted: Vec<CombatantId>,
}

/// Narrow autofire adds to the DV; wide autofire lowers the defender's pool instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spray {
    Narrow,
    Wide,
}

/// Firing modes with their rounds, recoil and autofire effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FiringMode {
    SingleShot,
    SemiAuto,
    /// 3 rounds, Simple Action: +2 DV or −2 to the defense.
    Burst(Spray),
    /// 6 rounds, Simple Action (file 004's "Long burst (−5 first, −6 second)": two fit a phase): +5 DV or −5.
    LongBurst(Spray),
    /// 10 rounds, Complex Action: +9 DV or −9.
    FullAuto(Spray),
}

impl FiringMode {
    /// Rounds used.
    pub fn rounds(self) -> u32 {
        match self {
            FiringMode::SingleShot | FiringMode::SemiAuto => 1,
            FiringMode::Burst(_) => 3,
            FiringMode::LongBurst(_) => 6,
            FiringMode::FullAuto(_) => 10,
        }
    }

    /// Full auto takes a Complex Action; the rest a Simple Action (file 004's recoil table gives every other mode a
    /// second shot).
    pub fn is_complex(self) -> bool {
        matches!(self, FiringMode::FullAuto(_))
    }

    /// Shots of this mode an Action Phase allows: single shot one (SR4's single-shot mode; our reading of file 004,
    /// whose recoil table gives it no second shot), full auto one (the Complex Action), the others two.
    pub fn shots_per_phase(self) -> u32 {
        match self {
            FiringMode::SingleShot | FiringMode::FullAuto(_) => 1,
            _ => 2,
        }
    }

    /// Uncompensated recoil for the first or a later shot in the Action Phase (file 004, Recoil).
    pub fn recoil(self, earlier_shots: u32) -> i32 {
        let later = earlier_shots > 0;
        match self {
            FiringMode::SingleShot => 0,
            FiringMode::SemiAuto => i32::from(later),
            FiringMode::Burst(_) => 2 + i32::from(later),
            FiringMode::LongBurst(_) => 5 + i32::from(later),
            FiringMode::FullAuto(_) => 9,
        }
    }

    /// The autofire bonus: +2/+5/+9 (DV when narrow, a defense penalty when wide).
    pub fn autofire(self) -> Option<(i32, Spray)> {
        match self {
            FiringMode::Burst(s) => Some((2, s)),
            FiringMode::LongBurst(s) => Some((5, s)),
            FiringMode::FullAuto(s) => Some((9, s)),
            _ => None,
        }
    }

    /// Trace rounds: +1 burst, +2 long burst, +3 full auto.
    pub fn tracer_bonus(self) -> i32 {
        match self {
            FiringMode::Burst(_) => 1,
            FiringMode::LongBurst(_) => 2,
            FiringMode::FullAuto(_) => 3,
            _ => 0,
        }
    }

    /// The weapon mode it needs: long bursts are fired in full-auto mode, single shots from semi-auto weapons too.
    pub fn needs(self) -> &'static [gear::ModeKind] {
        use gear::ModeKind::*;
        match self {
            FiringMode::SingleShot => &[SingleShot, SemiAuto],
            FiringMode::SemiAuto => &[SemiAuto],
            FiringMode::Burst(_) => &[Burst],
            FiringMode::LongBurst(_) | FiringMode::FullAuto(_) => &[FullAuto],
        }
    }
}

impl std::fmt::Display for FiringMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (name, spray) = match self {
            FiringMode::SingleShot => ("single shot", None),
            FiringMode::SemiAuto => ("semi-auto", None),
            FiringMode::Burst(s) => ("burst", Some(s)),
            FiringMode::LongBurst(s) => ("long burst", Some(s)),
            FiringMode::FullAuto(s) => ("full auto", Some(s)),
        };
        match spray {
            Some(Spray::Wide) => write!(f, "wide {name}"),
            _ => f.write_str(name),
        }
    }
}

/// A combatant's Shadowrun 4 state.
pub type Fighter = crate::rules::mechanics::fighter::Fighter<Sheet, Condition>;

impl Fighter {
    /// The armor rating of one kind that protects: the best piece worn, plus accessories (helmet, shield). Our
    /// decision from SR4A: file 004's "add them together" is about encumbrance only.
    pub fn armor_rating(&self, kind: gear::ArmorKind) -> Result<u32, RulesError> {
        let (mut best, mut accessories) = (0, 0);
        for piece in &self.sheet.armor {
            let a = self.sheet.gear.armor(&piece.0)?;
            match a.accessory {
                true => accessories += a.rating(kind),
                false => best = best.max(a.rating(kind)),
            }
        }
        Ok(best + accessories)
    }

    /// Every piece's rating of one kind added together: what armor encumbrance weighs (file 004, "If multiple pieces
    /// of armor, add them together").
    pub fn armor_worn_total(&self, kind: gear::ArmorKind) -> Result<u32, RulesError> {
        let mut total = 0;
        for piece in &self.sheet.armor {
            total += self.sheet.gear.armor(&piece.0)?.rating(kind);
        }
        Ok(total)
    }

    /// Wound modifier as a named modifier, if any.
    pub fn wound_modifier(&self) -> Option<Modifier> {
        let value = self.condition.wound_modifier();
        (value != 0).then(|| Modifier::new("wounds", "condition monitors", value))
    }

    /// Armor encumbrance (file 004): −1 to Agility and Reaction tests for every 2 points by which the higher
    /// summed armor rating exceeds Body × 2, an odd point counting as 2 ("penalty if any armor ratings exceed
    /// Body × 2": any excess costs a die; docs/rules-decisions.md, "Armor encumbrance").
    pub fn encumbrance(&self) -> Result<Option<Modifier>, RulesError> {
        let ballistic = self.armor_worn_total(gear::ArmorKind::Ballistic)?;
        let worst = ballistic.max(self.armor_worn_total(gear::ArmorKind::Impact)?);
        let excess = worst.saturating_sub(self.sheet.attributes.body.0 * 2);
        let value = -(excess.div_ceil(2) as i32);
        Ok((value != 0).then(|| Modifier::new("armor encumbrance", "armor", value)))
    }

    /// Rounds left in a weapon.
    pub fn rounds_left(&self, id: &str, weapon: &gear::Weapon) -> Option<u32> {
        weapon.ammo.map(|full| self.condition.ammo.get(id).copied().unwrap_or(full))
    }
}

impl crate::rules::mechanics::passes::PassFighter for Fighter {
    fn wound_modifier(&self) -> i32 {
        self.condition.wound_modifier()
    }
}

/// What the tactics lab's what-if can suppose of a fighter: the Physical and Stun monitors, a prone target, the
/// weapon in hand; aim is +1 die for each Take Aim (the panel offers three).
impl crate::rules::mechanics::suppose::Suppose for Fighter {
    const PRONE: bool = true;
    const AIM_STEPS: u32 = 3;

    fn suppose_taken(&mut self, track: usize, taken: u32) {
        match track {
            0 => self.condition.physical = taken,
            1 => self.condition.stun = taken,
            _ => {}
        }
    }

    fn suppose_aim(&mut self, target: super::engine::ruleset::CombatantId, steps: u32) {
        // Its aim is at whatever it attacks next.
        let _ = target;
        self.condition.aim = steps;
    }

    fn aimed(&self, _target: super::engine::ruleset::CombatantId) -> u32 {
        self.condition.aim
    }
}

/// What Shadowrun 4 reads off a condition: only being out keeps a fighter from acting; rounds are counted.
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

    /// Out of the fight: dead or unconscious.
    fn is_out(&self) -> bool {
        self.has(&Status::Dead) || self.has(&Status::Unconscious) || self.statuses.iter().any(Status::off_map)
    }

    fn rounds_in_hand(fighter: &Fighter) -> Option<u32> {
        let weapon = fighter.drawn_weapon().ok()?;
        fighter.rounds_left(fighter.drawn_id(), &weapon)
    }

    fn ammo_mut(condition: &mut Self) -> Option<&mut std::collections::BTreeMap<String, u32>> {
        Some(&mut condition.ammo)
    }

    fn full_in_hand(fighter: &Fighter) -> Option<u32> {
        fighter.drawn_weapon().ok()?.ammo
    }
}
