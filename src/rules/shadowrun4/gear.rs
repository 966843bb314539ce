//! Shadowrun 4 weapons and armor: the data types, the damage notation ("5P", "6S", "STR/2+1P"), and the catalogue
//! read from `assets/shadowrun4/gear.ron`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::skills::Skill;
use crate::rules::engine::ruleset::WeaponClass;
use crate::rules::mechanics::catalogue::{self, Kit, Named, NotationError, Shipped};

/// Which condition monitor a weapon's damage goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageKind {
    Physical,
    Stun,
}

/// A weapon's damage value: fixed, or Strength ÷ 2 (rounded up) plus a bonus for melee weapons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageValue {
    pub strength_based: bool,
    pub value: i32,
    pub kind: DamageKind,
}

impl FromStr for DamageValue {
    type Err = NotationError;
    /// Reads "5P", "6S", "STR/2+1P", "STR/2S".
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let bad = || NotationError::new(s, "5P, 6S or STR/2+1P");
        let s = s.trim();
        let (rest, kind) = match s.chars().last() {
            Some('P') => (&s[..s.len() - 1], DamageKind::Physical),
            Some('S') => (&s[..s.len() - 1], DamageKind::Stun),
            _ => return Err(bad()),
        };
        let (strength_based, number) = match rest.strip_prefix("STR/2") {
            Some(bonus) => (true, bonus.trim_start_matches('+')),
            None => (false, rest),
        };
        let value = match number {
            "" if strength_based => 0,
            n => n.parse().map_err(|_| bad())?,
        };
        Ok(Self { strength_based, value, kind })
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
            DamageKind::Physical => "P",
            DamageKind::Stun => "S",
        };
        match (self.strength_based, self.value) {
            (true, 0) => write!(f, "STR/2{kind}"),
            (true, v) => write!(f, "STR/2{v:+}{kind}"),
            (false, v) => write!(f, "{v}{kind}"),
        }
    }
}

/// Which armor rating stops a weapon: Ballistic for firearms, Impact for melee, thrown and electricity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorKind {
    Ballistic,
    Impact,
}

/// Firing modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModeKind {
    SingleShot,
    SemiAuto,
    Burst,
    FullAuto,
}

/// A weapon from the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub skill: Skill,
    pub damage: DamageValue,
    pub armor: ArmorKind,
    /// Armor penetration, added to the armor rating (usually ≤ 0).
    #[serde(default)]
    pub ap: i32,
    /// "AP −half": the armor rating is halved (rounded down) before AP (tasers, stun batons).
    #[serde(default)]
    pub halves_armor: bool,
    #[serde(default)]
    pub modes: Vec<ModeKind>,
    /// Recoil compensation.
    #[serde(default)]
    pub recoil_compensation: u32,
    /// Heavy weapons suffer double uncompensated recoil.
    #[serde(default)]
    pub heavy: bool,
    #[serde(default)]
    pub smartgun: bool,
    #[serde(default)]
    pub laser_sight: bool,
    #[serde(default)]
    pub shotgun: bool,
    #[serde(default)]
    pub ammo: Option<u32>,
    /// Upper bounds in meters of short, medium, long and extreme range.
    #[serde(default)]
    pub ranges: Option<[u32; 4]>,
    /// Melee reach.
    #[serde(default)]
    pub reach: u32,
}

impl Weapon {
    /// Melee weapons are used within reach and can parry.
    pub fn is_melee(&self) -> bool {
        self.skill.is_melee()
    }
}

/// A piece of armor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    pub name: String,
    pub ballistic: u32,
    pub impact: u32,
    /// An accessory (helmet, shield): its ratings add to the best piece worn.
    #[serde(default)]
    pub accessory: bool,
}

impl Armor {
    /// The rating against one kind of attack.
    pub fn rating(&self, kind: ArmorKind) -> u32 {
        match kind {
            ArmorKind::Ballistic => self.ballistic,
            ArmorKind::Impact => self.impact,
        }
    }
}

/// Shadowrun 4 gear: the catalogue shipped in `assets/shadowrun4/gear.ron`.
impl Kit for Weapon {
    type Armor = Armor;
    const FILE: &'static str = "assets/shadowrun4/gear.ron";
    const TEXT: &'static str = include_str!("../../../assets/shadowrun4/gear.ron");

    fn shipped_once() -> &'static Shipped<Weapon> {
        static SHIPPED: Shipped<Weapon> = Shipped::new();
        &SHIPPED
    }

    /// Its kind, by the skill it is fired or swung with.
    fn class(&self) -> WeaponClass {
        use WeaponClass as C;
        match self.skill {
            Skill::Pistols => C::Pistol,
            Skill::Automatics => C::Automatic,
            Skill::Longarms => C::Rifle,
            Skill::HeavyWeapons => C::Heavy,
            Skill::ThrowingWeapons => C::Thrown,
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
        let knife: DamageValue = "STR/2+1P".parse().unwrap();
        assert_eq!(knife, DamageValue { strength_based: true, value: 1, kind: DamageKind::Physical });
        assert_eq!("6S".parse::<DamageValue>().unwrap().kind, DamageKind::Stun);
        assert_eq!("STR/2S".parse::<DamageValue>().unwrap().to_string(), "STR/2S");
        assert_eq!(knife.to_string(), "STR/2+1P");
        assert!("5X".parse::<DamageValue>().is_err());
    }

    #[test]
    fn the_shipped_catalogue_loads() {
        let cat = Catalogue::shipped().unwrap();
        let predator = cat.weapon("ares_predator_iv").unwrap();
        assert_eq!((predator.damage.to_string(), predator.ap), ("5P".to_owned(), -1));
        assert!(cat.weapon("defiance_ex_shocker").unwrap().halves_armor);
        assert_eq!(cat.armor("armor_jacket").unwrap().ballistic, 8);
    }
}
