//! Storyteller weapons and armor (file 001's tables): the damage notation ("Strength+3", "Strength", "9"), the
//! Strength requirement, the damage type, and the catalogue in `assets/storyteller/gear.ron`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::damage::DamageType;
use super::skills::Ability;
use crate::rules::engine::ruleset::WeaponClass;
use crate::rules::mechanics::catalogue::{self, Kit, Named, NotationError, Shipped};

/// A weapon's base damage: a number, or Strength plus a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BaseDamage {
    pub strength_based: bool,
    pub value: i32,
}

impl FromStr for BaseDamage {
    type Err = NotationError;
    /// Reads "Strength+3", "Strength", "9".
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new(s, "9, Strength or Strength+3");
        match s.trim().strip_prefix("Strength") {
            Some("") => Ok(Self { strength_based: true, value: 0 }),
            Some(rest) => {
                Ok(Self { strength_based: true, value: rest.trim_start_matches('+').parse().map_err(|_| bad())? })
            }
            None => Ok(Self { strength_based: false, value: s.trim().parse().map_err(|_| bad())? }),
        }
    }
}

impl TryFrom<String> for BaseDamage {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Self, NotationError> {
        s.parse()
    }
}

impl From<BaseDamage> for String {
    fn from(d: BaseDamage) -> String {
        d.to_string()
    }
}

impl fmt::Display for BaseDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.strength_based, self.value) {
            (true, 0) => write!(f, "Strength"),
            (true, v) => write!(f, "Strength{v:+}"),
            (false, v) => write!(f, "{v}"),
        }
    }
}

fn six() -> u32 {
    6
}

/// A weapon from the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    /// Brawl or Melee in melee; Athletics (thrown, bows) or Firearms at range.
    pub ability: Ability,
    pub damage: BaseDamage,
    pub kind: DamageType,
    /// Difficulty of the attack roll (the kick's 7).
    #[serde(default = "six")]
    pub difficulty: u32,
    /// The table's Strength column: the Strength needed to wield it well.
    #[serde(default)]
    pub strength: u32,
    /// A ranged weapon's reach in meters; `None` for melee weapons.
    #[serde(default)]
    pub range: Option<u32>,
}

impl Weapon {
    /// Melee weapons strike an adjacent enemy.
    pub fn is_ranged(&self) -> bool {
        self.range.is_some()
    }
}

/// Armor from the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    pub name: String,
    /// Added to soak.
    pub soak: u32,
    /// The Stamina needed to wear it without a Dexterity penalty.
    pub stamina: u32,
}

/// Storyteller gear: the catalogue shipped in `assets/storyteller/gear.ron`.
impl Kit for Weapon {
    type Armor = Armor;
    const FILE: &'static str = "assets/storyteller/gear.ron";
    const TEXT: &'static str = include_str!("../../../assets/storyteller/gear.ron");

    fn shipped_once() -> &'static Shipped<Weapon> {
        static SHIPPED: Shipped<Weapon> = Shipped::new();
        &SHIPPED
    }

    /// Its kind, by the ability it is used with (a firearm of short range a pistol; a bow, as a thrown weapon).
    fn class(&self) -> WeaponClass {
        use WeaponClass as C;
        match self.ability {
            Ability::Firearms if self.range.is_some_and(|r| r <= 30) => C::Pistol,
            Ability::Firearms => C::Rifle,
            Ability::Athletics => C::Thrown,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_notation_reads_and_prints() {
        assert_eq!("Strength+3".parse::<BaseDamage>().unwrap(), BaseDamage { strength_based: true, value: 3 });
        assert_eq!("Strength".parse::<BaseDamage>().unwrap().to_string(), "Strength");
        assert_eq!("9".parse::<BaseDamage>().unwrap(), BaseDamage { strength_based: false, value: 9 });
        assert!("Str+1".parse::<BaseDamage>().is_err());
    }

    #[test]
    fn the_catalogue_holds_every_row_of_file_001() {
        let cat = Catalogue::shipped().unwrap();
        let kick = cat.weapon("kick").unwrap();
        assert_eq!((kick.damage.to_string(), kick.difficulty, kick.strength), ("Strength+1".into(), 7, 2));
        assert_eq!(cat.weapon("great_axe").unwrap().strength, 4);
        assert_eq!(cat.weapon("rifle").unwrap().damage.value, 9);
        let plate = cat.armor("plate_armor").unwrap();
        assert_eq!((plate.soak, plate.stamina), (5, 4));
        let rows =
            ["punch", "kick", "axe", "great_axe", "dagger", "short_blade", "blade", "great_blade", "mace", "lance"];
        let more = ["polearm", "spear", "fighting_chain", "short_bow", "long_bow", "crossbow", "thrown_spear", "knife"];
        let guns = ["hatchet", "rock", "pistol", "heavy_pistol", "rifle", "assault_rifle", "shotgun"];
        for id in rows.iter().chain(&more).chain(&guns) {
            assert!(cat.weapon(id).is_some(), "{id}");
        }
        for id in ["leather", "ballistic_cloth", "studded_leather", "flak_vest", "chain", "flak_jacket", "breastplate"]
        {
            assert!(cat.armor(id).is_some(), "{id}");
        }
        assert!(cat.armor("military_armor").is_some());
    }
}
