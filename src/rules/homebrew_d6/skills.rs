//! The d6 homebrew's skills: the names a sheet rates and a weapon calls for (the sheet rates them, the gear names them).

use serde::{Deserialize, Serialize};

/// Combat and defense skills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    Blades,
    Clubs,
    UnarmedCombat,
    ThrownWeapons,
    Pistols,
    Longarms,
    Dodge,
    Gymnastics,
    Parry,
}

impl Skill {
    /// Every one, in the order a sheet lists them.
    pub const ALL: [Skill; 9] = [
        Skill::Blades,
        Skill::Clubs,
        Skill::UnarmedCombat,
        Skill::ThrownWeapons,
        Skill::Pistols,
        Skill::Longarms,
        Skill::Dodge,
        Skill::Gymnastics,
        Skill::Parry,
    ];

    /// The skill's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Blades => "Blades",
            Skill::Clubs => "Clubs",
            Skill::UnarmedCombat => "Unarmed Combat",
            Skill::ThrownWeapons => "Thrown Weapons",
            Skill::Pistols => "Pistols",
            Skill::Longarms => "Longarms",
            Skill::Dodge => "Dodge",
            Skill::Gymnastics => "Gymnastics",
            Skill::Parry => "Parry",
        }
    }
}
