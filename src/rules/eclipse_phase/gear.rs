//! Eclipse Phase weapons and armor: the data types, the damage-dice notation ("2d10+5", "1d10/2"), and the
//! catalogue read from `assets/eclipse_phase/*.ron`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::skills::Skill;
use super::{FiringMode, ModeBonus};
use crate::rules::engine::ruleset::WeaponClass;
use crate::rules::mechanics::catalogue::{self, Kit, Named, NotationError, Shipped};

/// Which armor value stops a weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorType {
    Energy,
    Kinetic,
}

/// A firing mode a weapon supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModeKind {
    SingleShot,
    SemiAuto,
    Burst,
    FullAuto,
}

/// How a weapon's attack spreads (file 003, Area Effect Weapons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AreaEffect {
    /// −2 DV per meter from the center.
    Blast,
    /// The same DV everywhere within the radius, in meters.
    UniformBlast { radius: u32 },
    /// A spray: +1d10 DV at point-blank and short range, −1d10 at long and extreme (our reading of file 003).
    Cone,
}

/// Damage dice: `dice`d10, halved when `halve` (rounded up), plus `bonus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageDice {
    pub dice: u32,
    pub halve: bool,
    pub bonus: i32,
}

impl FromStr for DamageDice {
    type Err = NotationError;
    /// Reads "2d10+5", "3d10", "1d10/2", "1d10/2+1".
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new(s, "2d10, 2d10+5 or 1d10/2");
        let (dice, rest) = s.trim().split_once("d10").ok_or_else(bad)?;
        let dice: u32 = dice.parse().map_err(|_| bad())?;
        let (halve, rest) = match rest.strip_prefix("/2") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let bonus = if rest.is_empty() { 0 } else { rest.trim_start_matches('+').parse().map_err(|_| bad())? };
        Ok(Self { dice, halve, bonus })
    }
}

impl TryFrom<String> for DamageDice {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Self, NotationError> {
        s.parse()
    }
}

impl From<DamageDice> for String {
    fn from(d: DamageDice) -> String {
        d.to_string()
    }
}

impl fmt::Display for DamageDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d10", self.dice)?;
        if self.halve {
            write!(f, "/2")?;
        }
        match self.bonus {
            0 => Ok(()),
            b => write!(f, "{b:+}"),
        }
    }
}

/// A weapon from the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub skill: Skill,
    pub damage: DamageDice,
    pub armor: ArmorType,
    /// Armor penetration, ≤ 0.
    #[serde(default)]
    pub ap: i32,
    /// Firing modes; empty for melee and thrown weapons.
    #[serde(default)]
    pub modes: Vec<ModeKind>,
    /// Magazine size; `None` for melee weapons.
    #[serde(default)]
    pub ammo: Option<u32>,
    /// Upper bounds in meters of short, medium, long and extreme range (file 003's weapon ranges table).
    #[serde(default)]
    pub ranges: Option<[u32; 4]>,
    #[serde(default)]
    pub area: Option<AreaEffect>,
    /// A shock weapon (stunner): a hit forces a DUR + Energy armor test.
    #[serde(default)]
    pub shock: bool,
}

impl Weapon {
    /// A thrown weapon (a grenade, a throwing knife) leaves the hand: it is used up, one throw each.
    pub fn is_thrown(&self) -> bool {
        self.skill == Skill::ThrownWeapons
    }

    /// A blast or uniform blast, fired or thrown at a point rather than at one target's defense.
    pub fn is_blast(&self) -> bool {
        matches!(self.area, Some(AreaEffect::Blast | AreaEffect::UniformBlast { .. }))
    }
}

/// Armor from the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    pub name: String,
    pub energy: u32,
    pub kinetic: u32,
}

impl Armor {
    /// The armor value against one type of damage.
    pub fn value(&self, kind: ArmorType) -> u32 {
        match kind {
            ArmorType::Energy => self.energy,
            ArmorType::Kinetic => self.kinetic,
        }
    }
}

/// Eclipse Phase gear: the catalogue shipped in `assets/eclipse_phase/gear.ron`.
impl Kit for Weapon {
    type Armor = Armor;
    const FILE: &'static str = "assets/eclipse_phase/gear.ron";
    const TEXT: &'static str = include_str!("../../../assets/eclipse_phase/gear.ron");

    fn shipped_once() -> &'static Shipped<Weapon> {
        static SHIPPED: Shipped<Weapon> = Shipped::new();
        &SHIPPED
    }

    /// Its kind, by the skill it is fired or swung with (a kinetic weapon with bursts: automatic).
    fn class(&self) -> WeaponClass {
        use WeaponClass as C;
        let automatic = self.modes.iter().any(|m| matches!(m, ModeKind::Burst | ModeKind::FullAuto));
        match self.skill {
            Skill::BeamWeapons => C::Beam,
            Skill::KineticWeapons if automatic => C::Automatic,
            Skill::KineticWeapons => C::Rifle,
            Skill::SprayWeapons | Skill::Seeker => C::Heavy,
            Skill::ThrownWeapons => C::Thrown,
            _ => C::Melee,
        }
    }
}

impl Named for Weapon {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for Armor {
    fn name(&self) -> &str {
        &self.name
    }
}

/// This ruleset's catalogue.
pub type Catalogue = catalogue::Catalogue<Weapon, Armor>;

/// The gear a sheet of this ruleset is read against.
pub type Gear = catalogue::Gear<Weapon, Armor>;

/// Gear a scenario or level of this ruleset brings beside the shipped catalogue.
pub type GearFile = catalogue::GearFile<Weapon, Armor>;

/// A weapon named by catalogue id, checked while the scenario is read.
pub type WeaponRef = catalogue::WeaponRef<Weapon>;

/// A piece of armor named by catalogue id, checked while the scenario is read.
pub type ArmorRef = catalogue::ArmorRef<Weapon>;

/// Burst for damage where the weapon has it, else semi-auto, else its first mode.
pub(super) fn preferred_mode(weapon: &Weapon) -> FiringMode {
    let has = |k| weapon.modes.contains(&k);
    if has(ModeKind::Burst) {
        FiringMode::Burst(ModeBonus::Damage)
    } else if has(ModeKind::SemiAuto) {
        FiringMode::SemiAuto
    } else if has(ModeKind::FullAuto) {
        FiringMode::FullAuto(ModeBonus::Damage)
    } else {
        FiringMode::SingleShot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_notation_reads_and_prints() {
        let d: DamageDice = "2d10+5".parse().unwrap();
        assert_eq!(d, DamageDice { dice: 2, halve: false, bonus: 5 });
        assert_eq!("1d10/2".parse::<DamageDice>().unwrap(), DamageDice { dice: 1, halve: true, bonus: 0 });
        assert_eq!(d.to_string(), "2d10+5");
        assert!("2d6+1".parse::<DamageDice>().is_err());
    }

    #[test]
    fn the_shipped_catalogue_loads_with_the_seed_values() {
        let cat = Catalogue::shipped().unwrap();
        let shredder = cat.weapon("shredder").unwrap();
        assert_eq!((shredder.damage.to_string(), shredder.ap), ("2d10+5".to_owned(), -10));
        assert_eq!(shredder.area, Some(AreaEffect::Cone));
        assert!(cat.weapon("stunner").unwrap().shock);
        assert_eq!(cat.armor("light_body_armor").unwrap().kinetic, 10);
        assert_eq!(cat.armor("armor_vest").unwrap().energy, 6);
    }

    #[test]
    fn an_unknown_id_is_a_typed_error_naming_what_there_is() {
        use crate::rules::mechanics::catalogue::CatalogueError;
        let Err(CatalogueError::UnknownWeapon { id, known }) = WeaponRef::try_from("laser_sword".to_owned()) else {
            panic!("an unknown weapon");
        };
        assert_eq!(id, "laser_sword");
        assert!(known.contains("medium_pistol") && known.contains("shredder"), "{known}");
        let err = ArmorRef::try_from("chainmail".to_owned()).expect_err("an unknown armor");
        assert!(matches!(&err, CatalogueError::UnknownArmor { id, .. } if id == "chainmail"));
        assert!(err.to_string().starts_with("unknown armor `chainmail`; the catalogue has: "), "{err}");
    }
}
