//! Shadowrun 4's skills: the names a sheet rates and a weapon calls for (the sheet rates them, the gear names them).

use serde::{Deserialize, Serialize};

/// The combat skills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    Pistols,
    Automatics,
    Longarms,
    HeavyWeapons,
    ThrowingWeapons,
    Blades,
    Clubs,
    UnarmedCombat,
    Dodge,
    Gymnastics,
    /// Sprinting.
    Running,
}

impl Skill {
    /// Every one, in the order a sheet lists them.
    pub const ALL: [Skill; 11] = [
        Skill::Pistols,
        Skill::Automatics,
        Skill::Longarms,
        Skill::HeavyWeapons,
        Skill::ThrowingWeapons,
        Skill::Blades,
        Skill::Clubs,
        Skill::UnarmedCombat,
        Skill::Dodge,
        Skill::Gymnastics,
        Skill::Running,
    ];

    /// The skill's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Pistols => "Pistols",
            Skill::Automatics => "Automatics",
            Skill::Longarms => "Longarms",
            Skill::HeavyWeapons => "Heavy Weapons",
            Skill::ThrowingWeapons => "Throwing Weapons",
            Skill::Blades => "Blades",
            Skill::Clubs => "Clubs",
            Skill::UnarmedCombat => "Unarmed Combat",
            Skill::Dodge => "Dodge",
            Skill::Gymnastics => "Gymnastics",
            Skill::Running => "Running",
        }
    }

    /// Melee combat skills: parrying uses them.
    pub fn is_melee(self) -> bool {
        matches!(self, Skill::Blades | Skill::Clubs | Skill::UnarmedCombat)
    }
}
