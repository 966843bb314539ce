//! Eclipse Phase's skills: the names a sheet rates and a weapon calls for (the sheet rates them, the gear names them).

use serde::{Deserialize, Serialize};

/// The combat skills a battle tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    Fray,
    BeamWeapons,
    Blades,
    Clubs,
    KineticWeapons,
    Seeker,
    SprayWeapons,
    ThrownWeapons,
    UnarmedCombat,
}

impl Skill {
    /// Every one, in the order a sheet lists them.
    pub const ALL: [Skill; 9] = [
        Skill::Fray,
        Skill::BeamWeapons,
        Skill::Blades,
        Skill::Clubs,
        Skill::KineticWeapons,
        Skill::Seeker,
        Skill::SprayWeapons,
        Skill::ThrownWeapons,
        Skill::UnarmedCombat,
    ];

    /// The skill's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Fray => "Fray",
            Skill::BeamWeapons => "Beam Weapons",
            Skill::Blades => "Blades",
            Skill::Clubs => "Clubs",
            Skill::KineticWeapons => "Kinetic Weapons",
            Skill::Seeker => "Seeker",
            Skill::SprayWeapons => "Spray Weapons",
            Skill::ThrownWeapons => "Thrown Weapons",
            Skill::UnarmedCombat => "Unarmed Combat",
        }
    }

    /// Melee skills; the others are ranged.
    pub fn is_melee(self) -> bool {
        matches!(self, Skill::Blades | Skill::Clubs | Skill::UnarmedCombat)
    }
}
