//! A Shadowrun 4 character: attributes, skills, initiative passes, gear, the two condition monitors and what a
//! battle has done to it.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::gear::{ArmorRef, Gear, Weapon, WeaponRef};
use super::modifiers::Defense;
pub use super::skills::Skill;
use crate::rules::engine::field::Rates;
use crate::rules::engine::outcome::Status;
use crate::rules::mechanics::fighter::Outfit;
use crate::rules::mechanics::rating::{Bounded, Scale};

/// An attribute, 1–12 (natural maximum 6, augmented up to about 10; we allow some headroom).
pub type Attribute = Bounded<AttributeScale>;

/// The scale [`Attribute`] is rated on.
pub enum AttributeScale {}

impl Scale for AttributeScale {
    const NAME: &'static str = "Attribute";
    const RANGE: RangeInclusive<u32> = 1..=12;
    const REFUSAL: &'static str = "an attribute of {v} is out of range: attributes run from 1 to 12";
}

/// A skill rating, 0–12.
pub type SkillRating = Bounded<SkillScale>;

/// The scale [`SkillRating`] is rated on.
pub enum SkillScale {}

impl Scale for SkillScale {
    const NAME: &'static str = "SkillRating";
    const RANGE: RangeInclusive<u32> = 0..=12;
    const REFUSAL: &'static str = "a skill rating of {v} is out of range: skills run from 0 to 12";
}

/// The attributes; any not given is 3, an average human.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Attributes {
    pub body: Attribute,
    pub agility: Attribute,
    pub reaction: Attribute,
    pub strength: Attribute,
    pub charisma: Attribute,
    pub intuition: Attribute,
    pub logic: Attribute,
    pub willpower: Attribute,
}

impl Default for Attributes {
    fn default() -> Self {
        let avg = Attribute::new(3);
        Self {
            body: avg,
            agility: avg,
            reaction: avg,
            strength: avg,
            charisma: avg,
            intuition: avg,
            logic: avg,
            willpower: avg,
        }
    }
}

/// A character sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[serde(default)]
    pub attributes: Attributes,
    /// Skills by name; an unlisted skill defaults to its attribute alone at −1.
    #[serde(default)]
    pub skills: BTreeMap<Skill, SkillRating>,
    /// Initiative passes per combat turn, 1–4 (more only with augmentation).
    #[serde(default = "one")]
    pub initiative_passes: u32,
    /// No off-hand penalty.
    #[serde(default)]
    pub ambidextrous: bool,
    /// A smartlink: +2 with smartgun weapons (not with a laser sight as well).
    #[serde(default)]
    pub smartlink: bool,
    /// Gyro stabilization rating: reduces recoil, then the running modifier.
    #[serde(default)]
    pub gyro: u32,
    /// Weapons carried; the first is ready at the start.
    #[serde(default)]
    pub weapons: Vec<WeaponRef>,
    /// Armor worn; ratings of several pieces add up.
    #[serde(default)]
    pub armor: Vec<ArmorRef>,
    /// The catalogue its weapons and armor are found in (the one they were read against).
    #[serde(skip)]
    pub gear: Gear,
    /// Meters per Combat Turn walking and running, shared among the initiative passes; 10/25 (a human) when not
    /// given.
    #[serde(default = "human_rates")]
    pub movement: Rates,
}

/// Its gear: bare hands are unarmed combat; pieces of armor are worn together.
impl Outfit for Sheet {
    type Weapon = Weapon;
    const BARE_HANDS: &'static str = "unarmed";
    const ONE_ARMOR: Option<&'static str> = None;

    fn carried(&self) -> &[WeaponRef] {
        &self.weapons
    }

    fn carried_mut(&mut self) -> &mut Vec<WeaponRef> {
        &mut self.weapons
    }

    fn worn(&self) -> &[ArmorRef] {
        &self.armor
    }

    fn wear(&mut self, armor: Vec<ArmorRef>) {
        self.armor = armor;
    }

    fn gear(&self) -> &Gear {
        &self.gear
    }
}

/// A human's movement rates, 10/25 (SR4A's; the seed gives none). The homebrew borrows them.
pub(crate) fn human_rates() -> Rates {
    Rates { walk: 10, run: 25 }
}

fn one() -> u32 {
    1
}

impl Sheet {
    /// A skill's rating, or `None` for a skill the character must default on.
    pub fn skill(&self, skill: Skill) -> Option<u32> {
        self.skills.get(&skill).map(|r| r.0)
    }

    /// Physical condition monitor: 8 + ⌈Body ÷ 2⌉.
    pub fn physical_boxes(&self) -> u32 {
        8 + self.attributes.body.0.div_ceil(2)
    }

    /// Stun condition monitor: 8 + ⌈Willpower ÷ 2⌉.
    pub fn stun_boxes(&self) -> u32 {
        8 + self.attributes.willpower.0.div_ceil(2)
    }
}

/// What a battle has done to a character.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Condition {
    /// Boxes filled on the Physical monitor.
    pub physical: u32,
    /// Boxes filled on the Stun monitor.
    pub stun: u32,
    pub statuses: Vec<Status>,
    /// Defense tests since this character's last action (−1 each to the next).
    pub defenses: u32,
    /// The weapon in hand; `None` means the sheet's first.
    pub drawn: Option<WeaponRef>,
    /// Rounds left per weapon; a weapon not listed is full.
    pub ammo: BTreeMap<String, u32>,
    /// Dice from Take Aim actions, for the next attack.
    pub aim: u32,
    /// Shots fired with the weapon in hand this Action Phase (for recoil).
    pub shots_this_phase: u32,
    /// Targets attacked this Action Phase (−2 per additional one).
    pub targets_this_phase: Vec<crate::rules::engine::ruleset::CombatantId>,
    /// A shot fired in single-shot mode this Action Phase: nothing else fires in it.
    pub single_shot_this_phase: bool,
    /// A full defense in force until the end of this character's next Action Phase.
    pub full_defense: Option<Defense>,
    /// The full defense was an interrupt: the next Action Phase is spent on it.
    pub full_defense_owed: bool,
}

impl Condition {
    /// Whether the character has a status (any jam counts as one).
    pub fn has(&self, status: &Status) -> bool {
        self.statuses.contains(status)
    }

    /// Adds a status once.
    pub fn gain(&mut self, status: Status) {
        if !self.has(&status) {
            self.statuses.push(status);
        }
    }

    /// Removes a status.
    pub fn lose(&mut self, status: &Status) {
        self.statuses.retain(|s| s != status);
    }

    /// Wound modifier: −1 per full 3 boxes on each monitor, summed (rules.md §2).
    pub fn wound_modifier(&self) -> i32 {
        -((self.physical / 3 + self.stun / 3) as i32)
    }
}
