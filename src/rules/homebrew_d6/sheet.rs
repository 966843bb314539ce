//! A homebrew character: attributes (with Edge, which the defense table uses), skills, initiative passes, gear,
//! and what a battle has done to it: the Light and Critical tracks and the defense frequency penalty.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::gear::{ArmorRef, Gear, Weapon, WeaponRef};
pub use super::skills::Skill;
use crate::rules::engine::field::Rates;
use crate::rules::engine::outcome::Status;
use crate::rules::mechanics::fighter::Outfit;
// The same bounded ratings as Shadowrun 4: attributes 1–12, skills 0–12.
pub use crate::rules::shadowrun4::sheet::{Attribute, SkillRating};

/// The attributes; any not given is 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Attributes {
    pub body: Attribute,
    pub agility: Attribute,
    pub reaction: Attribute,
    pub strength: Attribute,
    pub intuition: Attribute,
    pub willpower: Attribute,
    pub edge: Attribute,
}

impl Default for Attributes {
    fn default() -> Self {
        let avg = Attribute::new(3);
        Self { body: avg, agility: avg, reaction: avg, strength: avg, intuition: avg, willpower: avg, edge: avg }
    }
}

/// A character sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[serde(default)]
    pub attributes: Attributes,
    /// Skills by name; one not listed is 0.
    #[serde(default)]
    pub skills: BTreeMap<Skill, SkillRating>,
    /// Initiative passes per turn, 1–4.
    #[serde(default = "one")]
    pub initiative_passes: u32,
    /// Weapons carried; the first is in hand at the start.
    #[serde(default)]
    pub weapons: Vec<WeaponRef>,
    /// Armor worn; AVs of several pieces add up.
    #[serde(default)]
    pub armor: Vec<ArmorRef>,
    /// The catalogue its weapons and armor are found in (the one they were read against).
    #[serde(skip)]
    pub gear: Gear,
    /// Meters per Combat Turn walking and running, shared among the initiative passes; 10/25 (a human) when not
    /// given.
    #[serde(default = "crate::rules::shadowrun4::sheet::human_rates")]
    pub movement: Rates,
}

/// Its gear: bare hands are fists; pieces of armor are worn together.
impl Outfit for Sheet {
    type Weapon = Weapon;
    const BARE_HANDS: &'static str = "fists";
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

fn one() -> u32 {
    1
}

impl Sheet {
    /// A skill's rating (0 when not listed).
    pub fn skill(&self, s: Skill) -> u32 {
        self.skills.get(&s).map_or(0, |r| r.0)
    }
}

/// What a battle has done to a character.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Condition {
    /// Boxes marked on the Light track.
    pub light: u32,
    /// Boxes marked on the Critical track.
    pub critical: u32,
    pub statuses: Vec<Status>,
    /// The cumulative defense frequency penalty (file 002, Defense Frequency).
    pub defense_penalty: u32,
    /// Whether it rolled a defense test since the start of its last turn.
    pub defended_since_turn: bool,
    /// The weapon in hand; `None` means the sheet's first.
    pub drawn: Option<WeaponRef>,
}

impl Condition {
    /// Whether the character has a status.
    pub fn has(&self, status: &Status) -> bool {
        self.statuses.contains(status)
    }

    /// Adds a status once.
    pub fn gain(&mut self, status: Status) {
        if !self.has(&status) {
            self.statuses.push(status);
        }
    }

    /// −1 per 3 boxes on each track, summed.
    pub fn wound_modifier(&self) -> i32 {
        -((self.light / 3 + self.critical / 3) as i32)
    }

    /// At the start of its turn: the penalty drops by 1, or to 0 when it made no defense test since its last turn.
    pub fn start_turn(&mut self) {
        self.defense_penalty = match self.defended_since_turn {
            true => self.defense_penalty.saturating_sub(1),
            false => 0,
        };
        self.defended_since_turn = false;
    }

    /// After a defense test: one more point of penalty for the next.
    pub fn defended(&mut self) {
        self.defense_penalty += 1;
        self.defended_since_turn = true;
    }
}
