//! An Eclipse Phase character: aptitudes, skills, INIT, Speed, Durability and its derived thresholds, and the
//! condition a battle changes (damage, wounds, statuses, ammunition).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::gear::{ArmorRef, Gear, Weapon, WeaponRef};
pub use super::skills::Skill;
use crate::rules::engine::field::Rates;
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::fighter::Outfit;
use crate::rules::mechanics::rating::{Bounded, Scale};

/// A percentile rating (aptitude, skill or INIT), 0–99.
pub type Rating = Bounded<PercentileScale>;

/// The scale [`Rating`] is rated on.
pub enum PercentileScale {}

impl Scale for PercentileScale {
    const NAME: &'static str = "Rating";
    const RANGE: RangeInclusive<u32> = 0..=99;
    const REFUSAL: &'static str = "a rating of {v} is out of range: aptitudes, skills and INIT run from 0 to 99";
}

/// The seven aptitudes. Any not given is 15, an unmodified human average.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Aptitudes {
    pub cog: Rating,
    pub coo: Rating,
    pub int: Rating,
    pub r#ref: Rating,
    pub sav: Rating,
    pub som: Rating,
    pub wil: Rating,
}

impl Default for Aptitudes {
    fn default() -> Self {
        let avg = Rating::new(15);
        Self { cog: avg, coo: avg, int: avg, r#ref: avg, sav: avg, som: avg, wil: avg }
    }
}

/// What a character without the skill rolls.
impl Skill {
    /// The linked aptitude a character without the skill defaults to.
    fn linked(self, a: &Aptitudes) -> Rating {
        match self {
            Skill::Fray => a.r#ref,
            Skill::Blades | Skill::Clubs | Skill::UnarmedCombat => a.som,
            _ => a.coo,
        }
    }
}

/// Biomorphs die at DUR × 1.5, synthmorphs at DUR × 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MorphKind {
    #[default]
    Biomorph,
    Synthmorph,
}

/// A character sheet as a scenario or roster gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[serde(default)]
    pub aptitudes: Aptitudes,
    /// Skills by name; a skill not listed defaults to its linked aptitude.
    #[serde(default)]
    pub skills: BTreeMap<Skill, Rating>,
    /// INIT, to which the initiative roll's d100 is added (the seed's 63 + 23 = 86).
    pub init: Rating,
    /// Action Phases per turn, 1–4.
    #[serde(default = "one")]
    pub speed: u32,
    /// DUR.
    pub durability: u32,
    /// Wound threshold; ⌈DUR ÷ 5⌉ when not given.
    #[serde(default)]
    pub wound_threshold: Option<u32>,
    /// Death rating; DUR × 1.5 (biomorph, rounded down) or DUR × 2 (synthmorph) when not given.
    #[serde(default)]
    pub death_rating: Option<u32>,
    #[serde(default)]
    pub morph: MorphKind,
    /// A smartlink (implant and linked weapons): +10 to ranged attacks with a weapon that fires (not a throw).
    #[serde(default)]
    pub smartlink: bool,
    /// Weapons carried, by catalogue name. The first is in hand at the start unless `drawn` says otherwise.
    #[serde(default)]
    pub weapons: Vec<WeaponRef>,
    #[serde(default)]
    pub armor: Option<ArmorRef>,
    /// The catalogue its weapons and armor are found in (the one they were read against).
    #[serde(skip)]
    pub gear: Gear,
    /// Meters per Action Turn walking and running; 4/20 (a human-shaped morph) when not given.
    #[serde(default = "human_rates")]
    pub movement: Rates,
}

/// Its gear: bare hands are unarmed combat (file 003); one piece of armor is worn.
impl Outfit for Sheet {
    type Weapon = Weapon;
    const BARE_HANDS: &'static str = "unarmed";
    const ONE_ARMOR: Option<&'static str> = Some("an Eclipse Phase character wears one armor");

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

/// Eclipse Phase's usual movement rate 4/20 (our decision: the seeds give none).
fn human_rates() -> Rates {
    Rates { walk: 4, run: 20 }
}

fn one() -> u32 {
    1
}

impl Sheet {
    /// A skill's rating, defaulting to the linked aptitude.
    pub fn skill(&self, skill: Skill) -> u32 {
        self.skills.get(&skill).copied().unwrap_or_else(|| skill.linked(&self.aptitudes)).0
    }

    /// WT = ⌈DUR ÷ 5⌉ unless the sheet gives one (rules.md §1).
    pub fn wound_threshold(&self) -> u32 {
        self.wound_threshold.unwrap_or(self.durability.div_ceil(5)).max(1)
    }

    /// The damage total at which the character dies.
    pub fn death_rating(&self) -> u32 {
        self.death_rating.unwrap_or(match self.morph {
            MorphKind::Biomorph => self.durability * 3 / 2,
            MorphKind::Synthmorph => self.durability * 2,
        })
    }
}

/// What a battle has done to a character so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Condition {
    /// Damage taken so far.
    pub damage: u32,
    /// Wounds taken so far; each is −10 to all tests.
    pub wounds: u32,
    pub statuses: Vec<Status>,
    /// The weapon in hand; `None` at the start means the first weapon of the sheet.
    pub drawn: Option<WeaponRef>,
    /// Rounds left per weapon; a weapon not listed is fully loaded.
    pub ammo: BTreeMap<String, u32>,
    /// A Complex Action aim fixed on a target (+30 to a shot at it in the next Action Phase).
    pub aim: Option<Aim>,
}

/// A Complex Action aim (file 003, Aimed Shots): "as long as the target remains in your sights until your next
/// Action Phase, you receive a +30 modifier to hit".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Aim {
    /// The combatant aimed at.
    pub target: CombatantId,
    /// The aimer's next Action Phase has begun: the aim is good for this phase only.
    #[serde(default)]
    pub held: bool,
}

impl Condition {
    /// Whether the character has this status (stun of any length counts as one).
    pub fn has(&self, status: &Status) -> bool {
        self.statuses.iter().any(|s| same_kind(s, status))
    }

    /// Adds a status unless an equal one is there already.
    pub fn gain(&mut self, status: Status) {
        self.statuses.retain(|s| !same_kind(s, &status));
        self.statuses.push(status);
    }

    /// Removes a status (any stun length).
    pub fn lose(&mut self, status: &Status) {
        self.statuses.retain(|s| !same_kind(s, status));
    }

    /// Action Turns of stun left, if stunned.
    pub fn stun_left(&self) -> Option<u32> {
        self.statuses.iter().find_map(|s| match s {
            Status::Stunned(n) => Some(*n),
            _ => None,
        })
    }
}

fn same_kind(a: &Status, b: &Status) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
        && match (a, b) {
            (Status::WeaponJammed(x), Status::WeaponJammed(y)) => x == y,
            _ => true,
        }
}
