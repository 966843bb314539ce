//! Eclipse Phase, 1st edition (seed files 000 and 003; rules.md §1): d100 roll-under tests.
//!
//! - `test.rs`: the d100 test, criticals, margins, the opposed test
//! - `modifiers.rs`: file 003's combat modifiers table and range bands
//! - `gear.rs`: weapons, armor, damage dice, the catalogue in `assets/eclipse_phase/gear.ron`
//! - `gm.rs`: what follows from a GM's correction of damage
//! - `attack.rs`: one attack, Fray defense, malfunctions; blast and uniform blast
//! - `defense.rs`: the defender's choice against melee (a dodge with Fray or a parry)
//! - `damage.rs`: damage value, armor and AP, wounds, SOM × 3 tests, durability, shock
//! - `initiative.rs`: INIT + d100, ties, action phases from Speed
//! - `actions.rs`: Quick and Complex actions and what makes them illegal
//! - `aim.rs`: the Complex Action aim, held until the next Action Phase while the target stays in sight
//! - `area.rs`: blasts on the map: the point of impact, range and cover, everyone caught
//! - `turn.rs`: the Action Turn and the [`Ruleset`](crate::rules::engine::ruleset::Ruleset) implementation
//! - `odds.rs`: the exact odds of a shot
//! - `policy.rs`: the built-in choice of action

pub mod actions;
mod aim;
mod area;
pub mod attack;
pub mod character;
pub mod damage;
mod defense;
pub mod gear;
mod gm;
pub mod initiative;
mod memo;
pub mod modifiers;
pub mod odds;
mod options;
mod policy;
pub mod sheet;
pub mod skills;
pub mod test;
mod turn;

use serde::{Deserialize, Serialize};

pub use super::RulesError;
use super::engine::outcome::{Modifier, Status};
use super::mechanics::fighter::Standing;
use gear::Weapon;
pub use initiative::EclipsePhase;
use sheet::{Condition, Sheet};
pub use test::MosRule;

/// Per-battle options (rules.md §1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub mos_rule: MosRule,
    /// Who wins when both sides of an opposed test succeed and one rolled a critical.
    pub opposed_criticals: OpposedCriticals,
    /// When accumulated damage incapacitates.
    pub incapacitated_at: IncapacitatedAt,
}

/// Who wins an opposed test both sides succeed at when one rolled a critical (rules.md §1, option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpposedCriticals {
    /// File 000, step 5 as written: the higher roll wins; a critical only makes a hit armor-defeating (or, the
    /// defender's, malfunctions the attacker's weapon).
    #[default]
    HigherRollWins,
    /// A table's house rule: a critical success beats a plain success.
    CriticalBeatsSuccess,
}

/// When accumulated damage incapacitates (rules.md §1, option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IncapacitatedAt {
    /// File 000, step 7 as written: "If the accumulated damage exceeds the defender's Durability".
    #[default]
    ExceedsDurability,
    /// A table's reading: damage equal to Durability already incapacitates.
    ReachesDurability,
}

/// What burst or full-auto fire buys: a bonus to hit or extra damage dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModeBonus {
    ToHit,
    Damage,
}

/// The firing mode of an attack (rules.md §1): single shot, semi-auto (two shots a Complex Action), burst (two
/// bursts; +10 to hit or +1d10 DV), full auto (one; +30 to hit or +3d10 DV).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FiringMode {
    SingleShot,
    SemiAuto,
    Burst(ModeBonus),
    FullAuto(ModeBonus),
}

impl FiringMode {
    /// Shots a Complex Action allows.
    pub fn shots_per_action(self) -> usize {
        match self {
            FiringMode::SemiAuto | FiringMode::Burst(_) => 2,
            FiringMode::SingleShot | FiringMode::FullAuto(_) => 1,
        }
    }

    /// Rounds one shot uses: a burst is 3, full auto 10.
    pub fn rounds(self) -> u32 {
        match self {
            FiringMode::Burst(_) => 3,
            FiringMode::FullAuto(_) => 10,
            _ => 1,
        }
    }

    /// The catalogue's name for the mode.
    pub fn kind(self) -> gear::ModeKind {
        match self {
            FiringMode::SingleShot => gear::ModeKind::SingleShot,
            FiringMode::SemiAuto => gear::ModeKind::SemiAuto,
            FiringMode::Burst(_) => gear::ModeKind::Burst,
            FiringMode::FullAuto(_) => gear::ModeKind::FullAuto,
        }
    }
}

impl std::fmt::Display for FiringMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FiringMode::SingleShot => "single shot",
            FiringMode::SemiAuto => "semi-auto",
            FiringMode::Burst(ModeBonus::ToHit) => "burst fire, +10 to hit",
            FiringMode::Burst(ModeBonus::Damage) => "burst fire, +1d10 DV",
            FiringMode::FullAuto(ModeBonus::ToHit) => "full auto, +30 to hit",
            FiringMode::FullAuto(ModeBonus::Damage) => "full auto, +3d10 DV",
        })
    }
}

/// −10 per wound to all tests.
pub fn wound_modifier(wounds: u32) -> Option<Modifier> {
    (wounds > 0).then(|| Modifier::new(format!("{wounds} wound(s)"), "wounds", -10 * wounds as i32))
}

/// A combatant's Eclipse Phase state: its sheet and what the battle has done to it.
pub type Fighter = crate::rules::mechanics::fighter::Fighter<Sheet, Condition>;

impl Fighter {
    /// Rounds left in a weapon; for a thrown weapon, how many of it are left (each one the sheet lists, less those
    /// thrown).
    pub fn rounds_left(&self, id: &str, weapon: &Weapon) -> Option<u32> {
        let full = match weapon.is_thrown() {
            true => Some(self.sheet.weapons.iter().filter(|w| w.0 == id).count() as u32),
            false => weapon.ammo,
        };
        full.map(|full| self.condition.ammo.get(id).copied().unwrap_or(full))
    }
}

/// What the tactics lab's what-if can suppose of a fighter: damage and wounds, a prone target, the weapon in hand;
/// aim is the Complex Action's +30 at one target (file 003).
impl crate::rules::mechanics::suppose::Suppose for Fighter {
    const PRONE: bool = true;
    const AIM_STEPS: u32 = 1;

    fn suppose_taken(&mut self, track: usize, taken: u32) {
        match track {
            0 => self.condition.damage = taken,
            1 => self.condition.wounds = taken,
            _ => {}
        }
    }

    fn suppose_aim(&mut self, target: super::engine::ruleset::CombatantId, steps: u32) {
        self.condition.aim = (steps > 0).then_some(sheet::Aim { target, held: false });
    }

    fn aimed(&self, target: super::engine::ruleset::CombatantId) -> u32 {
        u32::from(self.condition.aim.as_ref().is_some_and(|a| a.target == target))
    }
}

/// What Eclipse Phase reads off a condition: stun keeps a fighter from acting (file 000); rounds are counted, a
/// thrown weapon's by how many of it are left.
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

    /// Able to act this phase.
    fn can_act(&self) -> bool {
        !self.is_out() && !self.has(&Status::Stunned(0))
    }

    /// Out of the fight for good: dead, incapacitated or unconscious.
    fn is_out(&self) -> bool {
        self.has(&Status::Dead)
            || self.has(&Status::Incapacitated)
            || self.has(&Status::Unconscious)
            || self.statuses.iter().any(Status::off_map)
    }

    fn rounds_in_hand(fighter: &Fighter) -> Option<u32> {
        let weapon = fighter.drawn_weapon().ok()?;
        fighter.rounds_left(fighter.drawn_id(), &weapon)
    }

    fn ammo_mut(condition: &mut Self) -> Option<&mut std::collections::BTreeMap<String, u32>> {
        Some(&mut condition.ammo)
    }

    fn full_in_hand(fighter: &Fighter) -> Option<u32> {
        let weapon = fighter.drawn_weapon().ok()?;
        match weapon.is_thrown() {
            true => Some(fighter.sheet.weapons.iter().filter(|w| w.0 == fighter.drawn_id()).count() as u32),
            false => weapon.ammo,
        }
    }
}
