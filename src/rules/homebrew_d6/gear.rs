//! Homebrew weapons and armor (file 002): damage values with a type and a track ("6PC": 6, Piercing, Critical),
//! attack kinds for the defense table, AV listed I/P/E, and the catalogue in `assets/homebrew_d6/gear.ron`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::skills::Skill;
use crate::rules::engine::ruleset::WeaponClass;
use crate::rules::mechanics::catalogue::{self, Kit, Named, NotationError, Shipped};

/// The type of damage (file 002, DV and Damage Type); untyped damage ignores armor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageType {
    Energy,
    Impact,
    Piercing,
    Untyped,
}

/// The health track damage goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Track {
    Light,
    Critical,
}

/// A damage value: "6PC", "4IL", "8EC", "3L" (untyped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageValue {
    pub value: i32,
    pub kind: DamageType,
    pub track: Track,
}

impl FromStr for DamageValue {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new(s, "6PC, 4IL, 8EC or 3L (value, type E/I/P or none, track L/C)");
        let s = s.trim();
        let digits = s.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let value = s[..digits].parse().map_err(|_| bad())?;
        let (kind, track) = match &s[digits..] {
            "EL" => (DamageType::Energy, Track::Light),
            "EC" => (DamageType::Energy, Track::Critical),
            "IL" => (DamageType::Impact, Track::Light),
            "IC" => (DamageType::Impact, Track::Critical),
            "PL" => (DamageType::Piercing, Track::Light),
            "PC" => (DamageType::Piercing, Track::Critical),
            "L" => (DamageType::Untyped, Track::Light),
            "C" => (DamageType::Untyped, Track::Critical),
            _ => return Err(bad()),
        };
        Ok(Self { value, kind, track })
    }
}

impl TryFrom<String> for DamageValue {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Self, NotationError> {
        s.parse()
    }
}

impl From<DamageValue> for String {
    fn from(d: DamageValue) -> String {
        d.to_string()
    }
}

impl fmt::Display for DamageValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            DamageType::Energy => "E",
            DamageType::Impact => "I",
            DamageType::Piercing => "P",
            DamageType::Untyped => "",
        };
        let track = match self.track {
            Track::Light => "L",
            Track::Critical => "C",
        };
        write!(f, "{}{kind}{track}", self.value)
    }
}

/// How an attack reaches its target, which decides the defense tests allowed (file 002's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    Melee,
    /// Thrown by hand, slow enough to see coming.
    Thrown,
    /// Faster than anyone can react to: bullets, bolts, beams.
    Accelerated,
}

/// A weapon from the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub skill: Skill,
    pub kind: AttackKind,
    pub damage: DamageValue,
    /// Added to the defender's AV; a positive AP raises AV at most to double.
    #[serde(default)]
    pub ap: i32,
    /// An attack that only needs contact (file 002): a tie hits.
    #[serde(default)]
    pub contact: bool,
    /// Reach in meters for thrown and accelerated weapons; melee weapons reach 1 m.
    #[serde(default)]
    pub range: Option<u32>,
}

/// Armor, its AV listed I/P/E as file 002 lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    pub name: String,
    /// Impact, Piercing, Energy.
    pub av: (u32, u32, u32),
}

impl Armor {
    /// The AV against one damage type; untyped damage meets none.
    pub fn av(&self, kind: DamageType) -> u32 {
        match kind {
            DamageType::Impact => self.av.0,
            DamageType::Piercing => self.av.1,
            DamageType::Energy => self.av.2,
            DamageType::Untyped => 0,
        }
    }
}

/// homebrew gear: the catalogue shipped in `assets/homebrew_d6/gear.ron`.
impl Kit for Weapon {
    type Armor = Armor;
    const FILE: &'static str = "assets/homebrew_d6/gear.ron";
    const TEXT: &'static str = include_str!("../../../assets/homebrew_d6/gear.ron");

    fn shipped_once() -> &'static Shipped<Weapon> {
        static SHIPPED: Shipped<Weapon> = Shipped::new();
        &SHIPPED
    }

    /// Its kind: by how it attacks, an accelerated weapon of energy damage a beam, one fired with Pistols a pistol.
    fn class(&self) -> WeaponClass {
        use WeaponClass as C;
        match self.kind {
            AttackKind::Melee => C::Melee,
            AttackKind::Thrown => C::Thrown,
            AttackKind::Accelerated if self.damage.kind == DamageType::Energy => C::Beam,
            AttackKind::Accelerated if self.skill == Skill::Pistols => C::Pistol,
            AttackKind::Accelerated => C::Rifle,
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
    fn damage_values_carry_type_and_track() {
        let d: DamageValue = "6PC".parse().unwrap();
        assert_eq!(d, DamageValue { value: 6, kind: DamageType::Piercing, track: Track::Critical });
        assert_eq!("3L".parse::<DamageValue>().unwrap().kind, DamageType::Untyped);
        assert_eq!("12EL".parse::<DamageValue>().unwrap().to_string(), "12EL");
        assert!("6XC".parse::<DamageValue>().is_err() && "PC".parse::<DamageValue>().is_err());
    }

    #[test]
    fn the_catalogue_loads_with_av_listed_i_p_e() {
        let cat = Catalogue::shipped().unwrap();
        let vest = cat.armor("ballistic_vest").unwrap();
        assert_eq!(
            (vest.av(DamageType::Impact), vest.av(DamageType::Piercing), vest.av(DamageType::Energy)),
            (4, 6, 1)
        );
        assert_eq!(vest.av(DamageType::Untyped), 0);
        assert!(cat.weapon("shock_glove").unwrap().contact);
    }
}
