//! Storyteller's abilities: the names a sheet rates and a weapon calls for (the sheet rates them, the gear names them).

use serde::{Deserialize, Serialize};

/// The abilities file 001 names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ability {
    Brawl,
    Melee,
    Athletics,
    Firearms,
    Dodge,
}

impl Ability {
    /// Every one, in the order a sheet lists them.
    pub const ALL: [Ability; 5] =
        [Ability::Brawl, Ability::Melee, Ability::Athletics, Ability::Firearms, Ability::Dodge];

    /// The ability's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Brawl => "Brawl",
            Ability::Melee => "Melee",
            Ability::Athletics => "Athletics",
            Ability::Firearms => "Firearms",
            Ability::Dodge => "Dodge",
        }
    }
}
