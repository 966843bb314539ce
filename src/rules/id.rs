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
        // A reader who may name only some (a player under fog of war) may not number the others either, and is told
        // the same of a combatant it does not see as of one that is not there.
        let unseen = NAMES.with_borrow(|names| {
            let named =
                |n: &Vec<Option<String>>| usize::try_from(v).ok().and_then(|i| n.get(i)).is_some_and(Option::is_some);
            names.as_ref().is_some_and(|n| n.iter().any(Option::is_none) && !named(n))
        });
        if unseen {
            return Err(E::custom(format!("no combatant you see is #{v}")));
        }
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
            let known: Vec<&str> = names.iter().flatten().map(String::as_str).collect();
            match names.iter().position(|n| n.as_deref() == Some(name)) {
                Some(index) => Ok(CombatantId::at(index)),
                None if known.len() < names.len() => Err(E::custom(format!(
                    "no combatant you see is called \"{name}\"; those you see are {}",
                    known.join(", ")
                ))),
                None => Err(E::custom(format!(
                    "no combatant is called \"{name}\"; the combatants are {}",
                    known.join(", ")
                ))),
            }
        })
    }
}

thread_local! {
    /// The roster names read while [`naming`] is in force (`None` for one the reader may not name).
    static NAMES: RefCell<Option<Vec<Option<String>>>> = const { RefCell::new(None) };
}

/// Runs `read` (a deserialization) with combatants named by `names`, in roster order: a name read as a
/// [`CombatantId`] becomes its place in that list; an unknown name is an error that lists the known ones.
pub fn naming<T>(names: Vec<String>, read: impl FnOnce() -> T) -> T {
    naming_only(names.into_iter().map(Some).collect(), read)
}

/// As [`naming`], for a reader who may name only some of the roster (a player under fog of war: the host reads its
/// typed orders so): the others (`None`) are as if they were not there, by name or by number, and an error lists
/// only those it may name.
pub fn naming_only<T>(names: Vec<Option<String>>, read: impl FnOnce() -> T) -> T {
    /// Puts back what was in force before, even if `read` panics.
    struct Restore(Option<Vec<Option<String>>>);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A player under fog of war types orders: those it sees it may name or number; of the others it hears what it
    /// would hear of a combatant that is not there, and the error lists only those it sees.
    #[test]
    fn a_reader_who_may_name_only_some_can_neither_name_nor_number_the_others() {
        let names = vec![Some("Ann".to_owned()), None, Some("Bo".to_owned())];
        let read = |text: &str| naming_only(names.clone(), || ron::from_str::<Vec<CombatantId>>(text));
        assert_eq!(read(r#"["Bo", 0]"#).expect("seen ones"), [CombatantId(2), CombatantId(0)]);
        let by_name = read(r#"["Cy"]"#).expect_err("an unseen name").to_string();
        assert!(by_name.contains("no combatant you see is called \"Cy\"; those you see are Ann, Bo"), "{by_name}");
        let unseen = read("[1]").expect_err("an unseen id").to_string();
        let beyond = read("[7]").expect_err("beyond the roster").to_string();
        assert!(unseen.contains("no combatant you see is #1"), "{unseen}");
        assert!(beyond.contains("no combatant you see is #7"), "the same words beyond the roster: {beyond}");
        // Everyone named: ids read as they are (a file's reader), and the error lists the whole roster.
        let all = |text: &str| naming(vec!["Ann".into(), "Cy".into()], || ron::from_str::<Vec<CombatantId>>(text));
        assert_eq!(all("[1, \"Ann\"]").expect("both"), [CombatantId(1), CombatantId(0)]);
        let missing = all(r#"["Dee"]"#).expect_err("no such").to_string();
        assert!(missing.contains("no combatant is called \"Dee\"; the combatants are Ann, Cy"), "{missing}");
    }
}
