//! A ruleset's gear catalogue (`assets/<ruleset>/gear.ron`): weapons and armor by id, and the `WeaponRef` and
//! `ArmorRef` names a scenario uses, which are checked against the catalogue while the scenario is read so that an
//! unknown id gets its line and column.

use serde::Deserialize;
use serde::de::DeserializeOwned;

/// Weapons and armor by id, in file order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(deserialize = "W: Deserialize<'de>, A: Deserialize<'de>"))]
pub struct Catalogue<W, A> {
    weapons: Vec<(String, W)>,
    armor: Vec<(String, A)>,
}

impl<W: DeserializeOwned, A: DeserializeOwned> Catalogue<W, A> {
    /// Reads a catalogue; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, String> {
        ron::from_str(text).map_err(|e| format!("{file}:{e}"))
    }
}

impl<W, A> Catalogue<W, A> {
    /// A weapon by id.
    pub fn weapon(&self, id: &str) -> Option<&W> {
        self.weapons.iter().find(|(k, _)| k == id).map(|(_, w)| w)
    }

    /// A piece of armor by id.
    pub fn armor(&self, id: &str) -> Option<&A> {
        self.armor.iter().find(|(k, _)| k == id).map(|(_, a)| a)
    }

    /// Every weapon id, for messages.
    pub fn weapon_ids(&self) -> String {
        self.weapons.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// Every armor id, for messages.
    pub fn armor_ids(&self) -> String {
        self.armor.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// Defines `Catalogue::get()` for a ruleset's catalogue (read once from the RON text) and its `WeaponRef` and
/// `ArmorRef` newtypes.
macro_rules! ruleset_catalogue {
    ($text:expr, $file:literal, $weapon:ty, $armor:ty) => {
        /// This ruleset's catalogue.
        pub type Catalogue = $crate::rules::catalogue::Catalogue<$weapon, $armor>;

        impl $crate::rules::catalogue::Catalogue<$weapon, $armor> {
            /// The shipped catalogue, read once.
            pub fn get() -> Result<&'static Catalogue, String> {
                static CATALOGUE: std::sync::OnceLock<Result<Catalogue, String>> = std::sync::OnceLock::new();
                CATALOGUE.get_or_init(|| Catalogue::parse($text, $file)).as_ref().map_err(Clone::clone)
            }
        }

        /// A weapon named by catalogue id, checked while the scenario is read.
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct WeaponRef(pub String);

        impl TryFrom<String> for WeaponRef {
            type Error = String;
            fn try_from(id: String) -> Result<Self, String> {
                let cat = Catalogue::get()?;
                match cat.weapon(&id) {
                    Some(_) => Ok(WeaponRef(id)),
                    None => Err(format!("unknown weapon `{id}`; the catalogue has: {}", cat.weapon_ids())),
                }
            }
        }

        impl From<WeaponRef> for String {
            fn from(w: WeaponRef) -> String {
                w.0
            }
        }

        impl WeaponRef {
            /// The catalogue entry.
            pub fn weapon(&self) -> Result<&'static $weapon, String> {
                Catalogue::get()?.weapon(&self.0).ok_or_else(|| format!("unknown weapon `{}`", self.0))
            }
        }

        /// A piece of armor named by catalogue id, checked while the scenario is read.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct ArmorRef(pub String);

        impl TryFrom<String> for ArmorRef {
            type Error = String;
            fn try_from(id: String) -> Result<Self, String> {
                let cat = Catalogue::get()?;
                match cat.armor(&id) {
                    Some(_) => Ok(ArmorRef(id)),
                    None => Err(format!("unknown armor `{id}`; the catalogue has: {}", cat.armor_ids())),
                }
            }
        }

        impl From<ArmorRef> for String {
            fn from(a: ArmorRef) -> String {
                a.0
            }
        }

        impl ArmorRef {
            /// The catalogue entry.
            pub fn armor(&self) -> Result<&'static $armor, String> {
                Catalogue::get()?.armor(&self.0).ok_or_else(|| format!("unknown armor `{}`", self.0))
            }
        }
    };
}

pub(crate) use ruleset_catalogue;
