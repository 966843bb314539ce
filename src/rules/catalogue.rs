//! A ruleset's gear catalogue (`assets/<ruleset>/gear.ron`): weapons and armor by id, and the `WeaponRef` and
//! `ArmorRef` names a scenario uses, which are checked against the catalogue while the scenario is read so that an
//! unknown id gets its line and column.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

/// Why gear could not be found: the catalogue file is broken, or an id is not in it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// The catalogue does not read: its file, line and column and what is wrong.
    #[error("{0}")]
    Unreadable(String),
    #[error("unknown weapon `{id}`; the catalogue has: {known}")]
    UnknownWeapon { id: String, known: String },
    #[error("unknown armor `{id}`; the catalogue has: {known}")]
    UnknownArmor { id: String, known: String },
}

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
    pub fn parse(text: &str, file: &str) -> Result<Self, CatalogueError> {
        ron::from_str(text).map_err(|e| CatalogueError::Unreadable(format!("{file}:{e}")))
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

    /// A weapon by id, or the error that names every one there is.
    pub fn find_weapon(&self, id: &str) -> Result<&W, CatalogueError> {
        let unknown = || CatalogueError::UnknownWeapon { id: id.to_owned(), known: self.weapon_ids() };
        self.weapon(id).ok_or_else(unknown)
    }

    /// A piece of armor by id, or the error that names every one there is.
    pub fn find_armor(&self, id: &str) -> Result<&A, CatalogueError> {
        let unknown = || CatalogueError::UnknownArmor { id: id.to_owned(), known: self.armor_ids() };
        self.armor(id).ok_or_else(unknown)
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
            pub fn get() -> Result<&'static Catalogue, $crate::rules::catalogue::CatalogueError> {
                static CATALOGUE: std::sync::OnceLock<Result<Catalogue, $crate::rules::catalogue::CatalogueError>> =
                    std::sync::OnceLock::new();
                CATALOGUE.get_or_init(|| Catalogue::parse($text, $file)).as_ref().map_err(Clone::clone)
            }
        }

        /// A weapon named by catalogue id, checked while the scenario is read.
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct WeaponRef(pub String);

        impl TryFrom<String> for WeaponRef {
            type Error = $crate::rules::catalogue::CatalogueError;
            fn try_from(id: String) -> Result<Self, Self::Error> {
                Catalogue::get()?.find_weapon(&id)?;
                Ok(WeaponRef(id))
            }
        }

        impl From<WeaponRef> for String {
            fn from(w: WeaponRef) -> String {
                w.0
            }
        }

        impl WeaponRef {
            /// The catalogue entry.
            pub fn weapon(&self) -> Result<&'static $weapon, $crate::rules::catalogue::CatalogueError> {
                Catalogue::get()?.find_weapon(&self.0)
            }
        }

        /// A piece of armor named by catalogue id, checked while the scenario is read.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct ArmorRef(pub String);

        impl TryFrom<String> for ArmorRef {
            type Error = $crate::rules::catalogue::CatalogueError;
            fn try_from(id: String) -> Result<Self, Self::Error> {
                Catalogue::get()?.find_armor(&id)?;
                Ok(ArmorRef(id))
            }
        }

        impl From<ArmorRef> for String {
            fn from(a: ArmorRef) -> String {
                a.0
            }
        }

        impl ArmorRef {
            /// The catalogue entry.
            pub fn armor(&self) -> Result<&'static $armor, $crate::rules::catalogue::CatalogueError> {
                Catalogue::get()?.find_armor(&self.0)
            }
        }
    };
}

pub(crate) use ruleset_catalogue;
