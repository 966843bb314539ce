//! A Storyteller character: attributes, abilities, extra actions, gear, and what a battle has done to it.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::damage::Health;
use super::gear::{ArmorRef, Gear, Weapon, WeaponRef};
pub use super::skills::Ability;
use crate::rules::engine::field::Rates;
use crate::rules::engine::outcome::Status;
use crate::rules::mechanics::fighter::Outfit;
use crate::rules::mechanics::rating::{Bounded, Scale};

/// A dot rating, 0–10 (1–5 for ordinary people).
pub type Dots = Bounded<DotScale>;

/// The scale [`Dots`] is rated on.
pub enum DotScale {}

impl Scale for DotScale {
    const NAME: &'static str = "Dots";
    const RANGE: RangeInclusive<u32> = 0..=10;
    const REFUSAL: &'static str = "a rating of {v} dots is out of range: ratings run from 0 to 10";
}

/// The attributes combat uses; any not given is 2, an average person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Attributes {
    pub strength: Dots,
    pub dexterity: Dots,
    pub stamina: Dots,
    pub perception: Dots,
    pub wits: Dots,
}

impl Default for Attributes {
    fn default() -> Self {
        let avg = Dots::new(2);
        Self { strength: avg, dexterity: avg, stamina: avg, perception: avg, wits: avg }
    }
}

/// A character sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[serde(default)]
    pub attributes: Attributes,
    /// Abilities by name; one not listed is 0.
    #[serde(default)]
    pub abilities: BTreeMap<Ability, Dots>,
    /// Extra actions each turn (from powers such as supernatural speed), taken after everyone's first action.
    #[serde(default)]
    pub extra_actions: u32,
    /// Weapons carried; the first is in hand at the start.
    #[serde(default)]
    pub weapons: Vec<WeaponRef>,
    #[serde(default)]
    pub armor: Option<ArmorRef>,
    /// The catalogue its weapons and armor are found in (the one they were read against).
    #[serde(skip)]
    pub gear: Gear,
    /// Meters per action walking (and still acting) and running (the whole action); 7 and 20 + 3 × Dexterity
    /// when not given (our decision: file 001 gives no movement).
    #[serde(default)]
    pub movement: Option<Rates>,
}

/// Its gear: bare hands are a punch (file 001); one piece of armor is worn.
impl Outfit for Sheet {
    type Weapon = Weapon;
    const BARE_HANDS: &'static str = "punch";
    const ONE_ARMOR: Option<&'static str> = Some("a Storyteller character wears one armor");

    fn carried(&self) -> &[WeaponRef] {
        &self.weapons
    }

    fn carried_mut(&mut self) -> &mut Vec<WeaponRef> {
        &mut self.weapons
    }

    fn worn(&self) -> &[ArmorRef] {
        self.armor.as_slice()
    }

    fn wear(&mut self, armor: Vec<ArmorRef>) {
        self.armor = armor.into_iter().next();
    }

    fn gear(&self) -> &Gear {
        &self.gear
    }
}

impl Sheet {
    /// Walking and running rates.
    pub fn rates(&self) -> Rates {
        self.movement.unwrap_or(Rates { walk: 7, run: 20 + 3 * self.attributes.dexterity.0 })
    }

    /// An ability's dots (0 when not listed).
    pub fn ability(&self, a: Ability) -> u32 {
        self.abilities.get(&a).map_or(0, |d| d.0)
    }
}

/// What a battle has done to a character.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Condition {
    pub health: Health,
    pub statuses: Vec<Status>,
    /// Defenses used since this character's last turn began (−1 each to the next).
    pub defenses: u32,
    /// The weapon in hand; `None` means the sheet's first.
    pub drawn: Option<WeaponRef>,
    /// A botch cost this character its next action.
    pub loses_next_action: bool,
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
}
