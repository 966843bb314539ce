//! Combatant ids: how actions, events and the action record name a combatant in its battle (names are for display;
//! ECS messages name entities). Files name combatants by name: [`naming`] reads those names as ids.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A combatant's id in its battle: its place in the roster, fixed when the battle starts
/// ([`super::ruleset::number`]). Events name combatants by id; names are for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CombatantId(pub u16);

impl CombatantId {
    /// The id of the combatant at `index` in the roster.
    pub fn at(index: usize) -> Self {
        CombatantId(u16::try_from(index).unwrap_or(u16::MAX))
    }

    /// Its place in the roster.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CombatantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl Serialize for CombatantId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.0)
    }
}

/// An id is read as its number, or — in a file that names its combatants, while [`naming`] is in force — as a
/// combatant's name (scripts and options say `target: "Stoya"`, not `target: 1`). A binary format (what travels
/// online) holds the number alone: it cannot say which of the two it holds.
impl<'de> Deserialize<'de> for CombatantId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.is_human_readable() {
            true => deserializer.deserialize_any(IdVisitor),
            false => u16::deserialize(deserializer).map(CombatantId),
        }
    }
}

struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = CombatantId;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a combatant's name or id")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CombatantId, E> {
        u16::try_from(v).map(CombatantId).map_err(|_| E::custom(format!("combatant id {v} is out of range")))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CombatantId, E> {
        u64::try_from(v).map_err(|_| E::custom(format!("combatant id {v} is negative"))).and_then(|v| self.visit_u64(v))
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<CombatantId, E> {
        NAMES.with_borrow(|names| {
            let Some(names) = names else {
                return Err(E::custom(format!("\"{name}\": combatants are given by id here, not by name")));
            };
            match names.iter().position(|n| n == name) {
                Some(index) => Ok(CombatantId::at(index)),
                None => Err(E::custom(format!(
                    "no combatant is called \"{name}\"; the combatants are {}",
                    names.join(", ")
                ))),
            }
        })
    }
}

thread_local! {
    /// The roster names read while [`naming`] is in force.
    static NAMES: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Runs `read` (a deserialization) with combatants named by `names`, in roster order: a name read as a
/// [`CombatantId`] becomes its place in that list; an unknown name is an error that lists the known ones.
pub fn naming<T>(names: Vec<String>, read: impl FnOnce() -> T) -> T {
    /// Puts back what was in force before, even if `read` panics.
    struct Restore(Option<Vec<String>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            NAMES.set(self.0.take());
        }
    }
    let _restore = Restore(NAMES.replace(Some(names)));
    read()
}

/// A combatant as a test names it: its id for the log, its name for the dice it asks for ("Ines: initiative").
#[derive(Clone, Copy, Debug)]
pub struct Roller<'a> {
    pub id: CombatantId,
    pub name: &'a str,
}

impl<'a> Roller<'a> {
    pub fn new(id: CombatantId, name: &'a str) -> Self {
        Roller { id, name }
    }
}
