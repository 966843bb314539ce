//! Combatant ids: how actions, events and the action record name a combatant in its battle (names are for display;
//! ECS messages name entities). Files name combatants by name: [`naming`] reads those names as ids. An online player
//! numbers the combatants its own way ([`Numbering`]), so that its numbers tell nothing of those it does not see.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A combatant's id in its battle: its place in the roster, fixed when the battle starts
/// ([`super::ruleset::number`]); to an online player, its own number for it ([`Numbering`]). Events name combatants
/// by id; names are for display.
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
        // While a value is renumbered (`Numbering`), each id is written as the other numbering has it.
        let id = RENUMBER.with_borrow(|table| match table {
            Some(table) => table.get(self.index()).copied().unwrap_or(UNKNOWN),
            None => self.0,
        });
        serializer.serialize_u16(id)
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
            names.as_ref().is_some_and(|(n, some)| *some && !named(n))
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
            let Some((names, some)) = names else {
                return Err(E::custom(format!("\"{name}\": combatants are given by id here, not by name")));
            };
            let known: Vec<&str> = names.iter().flatten().map(String::as_str).collect();
            match names.iter().position(|n| n.as_deref() == Some(name)) {
                Some(index) => Ok(CombatantId::at(index)),
                None if *some => Err(E::custom(format!(
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
    /// Whether the reader may name only some (numbering none of the others either).
    static NAMES: RefCell<Option<(Vec<Option<String>>, bool)>> = const { RefCell::new(None) };
    /// While a value is renumbered: each id's number in the other numbering, by its own.
    static RENUMBER: RefCell<Option<Vec<u16>>> = const { RefCell::new(None) };
}

/// The number an id that the other numbering does not know is given: none that names anyone (a roster is far
/// shorter), so that what names it is refused as naming no one.
const UNKNOWN: u16 = u16::MAX;

/// How one viewer (an online player) numbers the combatants it knows of: from 0, in the order it came to know them.
/// Its numbers say nothing of the combatants it never saw: not how many there are, nor where they stand in the
/// roster (roster places 2 and 9 would tell that there are others between). Everything the host sends it is
/// renumbered so ([`Numbering::theirs`]), and everything it sends back the other way ([`Numbering::ours`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Numbering {
    /// By the viewer's number, the roster's id.
    roster: Vec<CombatantId>,
}

impl Numbering {
    /// Numbers each combatant `seen` marks (in roster order) that it did not yet know of; those, by roster id.
    pub fn learn(&mut self, seen: &[bool]) -> Vec<CombatantId> {
        let new: Vec<CombatantId> =
            (0..seen.len()).filter(|&i| seen[i]).map(CombatantId::at).filter(|id| !self.knows(*id)).collect();
        self.roster.extend(&new);
        new
    }

    /// How many it knows of.
    pub fn len(&self) -> usize {
        self.roster.len()
    }

    pub fn is_empty(&self) -> bool {
        self.roster.is_empty()
    }

    /// Whether it knows of the roster's `id`.
    pub fn knows(&self, id: CombatantId) -> bool {
        self.roster.contains(&id)
    }

    /// The roster's id of the viewer's `theirs`, if it numbered one so.
    pub fn roster_id(&self, theirs: CombatantId) -> Option<CombatantId> {
        self.roster.get(theirs.index()).copied()
    }

    /// The viewer's number of the roster's `id`, if it knows of it.
    pub fn their_id(&self, id: CombatantId) -> Option<CombatantId> {
        self.roster.iter().position(|r| *r == id).map(CombatantId::at)
    }

    /// The names of those it knows of (`names` by roster place), by its numbers.
    pub fn names(&self, names: &[String]) -> Vec<String> {
        self.roster.iter().map(|id| names.get(id.index()).cloned().unwrap_or_default()).collect()
    }

    /// `value` with every roster id in it as the viewer numbers it (one it does not know of: a number that names no
    /// one); through its RON text.
    pub fn theirs<T: Serialize + serde::de::DeserializeOwned>(&self, value: &T) -> Result<T, NumberingError> {
        Ok(ron::from_str(&self.text(value)?)?)
    }

    /// `value`, as the viewer numbers them, with every id in it as the roster numbers it (one it never numbered: an
    /// id that names no one).
    pub fn ours<T: Serialize + serde::de::DeserializeOwned>(&self, value: &T) -> Result<T, NumberingError> {
        let table: Vec<u16> = self.roster.iter().map(|id| id.0).collect();
        let text = renumbered(table, || ron::to_string(value))?;
        Ok(ron::from_str(&text)?)
    }

    /// `value` as RON text, every roster id in it as the viewer numbers it.
    pub fn text<T: Serialize + ?Sized>(&self, value: &T) -> Result<String, NumberingError> {
        let size = self.roster.iter().map(|id| id.index() + 1).max().unwrap_or(0);
        let mut table = vec![UNKNOWN; size];
        for (theirs, id) in self.roster.iter().enumerate() {
            table[id.index()] = CombatantId::at(theirs).0;
        }
        Ok(renumbered(table, || ron::to_string(value))?)
    }
}

/// Why a value could not be renumbered: it goes through its RON text, written with one numbering and read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberingError {
    /// The value does not write as RON.
    #[error(transparent)]
    Write(#[from] ron::Error),
    /// Its renumbered text does not read back as its type. An id the other numbering does not know is no reason: it
    /// is written as a number that names no one.
    #[error(transparent)]
    Read(#[from] ron::error::SpannedError),
}

/// The numbering whose numbers are the places of `roster` (each roster id once).
impl From<Vec<CombatantId>> for Numbering {
    fn from(roster: Vec<CombatantId>) -> Self {
        Numbering { roster }
    }
}

/// Runs `write` (a serialization) with each id written as `table` numbers it.
fn renumbered<T>(table: Vec<u16>, write: impl FnOnce() -> T) -> T {
    /// Puts back what was in force before, even if `write` panics.
    struct Restore(Option<Vec<u16>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            RENUMBER.set(self.0.take());
        }
    }
    let _restore = Restore(RENUMBER.replace(Some(table)));
    write()
}

/// Runs `read` (a deserialization) with combatants named by `names`, in roster order: a name read as a
/// [`CombatantId`] becomes its place in that list; an unknown name is an error that lists the known ones.
pub fn naming<T>(names: Vec<String>, read: impl FnOnce() -> T) -> T {
    naming_in((names.into_iter().map(Some).collect(), false), read)
}

/// As [`naming`], for a reader who may name only some of the roster (a player under fog of war: the host reads its
/// typed orders so, by the player's numbers): the others (`None`, and any number past the list) are as if they were
/// not there, by name or by number, and an error lists only those it may name.
pub fn naming_only<T>(names: Vec<Option<String>>, read: impl FnOnce() -> T) -> T {
    naming_in((names, true), read)
}

/// Runs `read` with `names` in force, and whether they are only some.
fn naming_in<T>(names: (Vec<Option<String>>, bool), read: impl FnOnce() -> T) -> T {
    /// Puts back what was in force before, even if `read` panics.
    struct Restore(Option<(Vec<Option<String>>, bool)>);
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

    /// A player who saw roster places 4, then 1 and 6, numbers them 0, 1 and 2: what it is told and what it says
    /// are renumbered both ways, and an id of the other's it does not know names no one.
    #[test]
    fn a_viewer_numbers_those_it_knows_of_in_the_order_it_came_to_know_them() {
        let mut numbering = Numbering::default();
        let seen = |places: &[usize]| (0..8).map(|i| places.contains(&i)).collect::<Vec<bool>>();
        assert_eq!(numbering.learn(&seen(&[4])), [CombatantId(4)]);
        assert_eq!(numbering.learn(&seen(&[1, 4, 6])), [CombatantId(1), CombatantId(6)]);
        let ids = |v: &[u16]| v.iter().map(|&i| CombatantId(i)).collect::<Vec<_>>();
        assert_eq!(numbering.theirs(&ids(&[6, 4, 1])), Ok(ids(&[2, 0, 1])));
        assert_eq!(numbering.ours(&ids(&[2, 0, 1])), Ok(ids(&[6, 4, 1])));
        assert_eq!(numbering.theirs(&ids(&[3])), Ok(ids(&[UNKNOWN])), "a unit it never saw");
        assert_eq!(numbering.ours(&ids(&[3])), Ok(ids(&[UNKNOWN])), "a number it never had");
        assert_eq!(numbering.text(&(CombatantId(6), "six")), Ok("(2,\"six\")".to_owned()));
        let names: Vec<String> = (0..8).map(|i| format!("U{i}")).collect();
        assert_eq!(numbering.names(&names), ["U4", "U1", "U6"]);
        assert_eq!(
            (numbering.their_id(CombatantId(1)), numbering.roster_id(CombatantId(2))),
            (Some(CombatantId(1)), Some(CombatantId(6)))
        );
        // Ids outside a renumbering are written as they are.
        assert_eq!(ron::to_string(&CombatantId(6)).ok(), Some("6".to_owned()));
    }

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
        // Beyond those it may name, even when it sees all of them (a player's own numbers).
        let mine = naming_only(vec![Some("Ann".to_owned())], || ron::from_str::<CombatantId>("1"));
        assert!(mine.expect_err("past its numbers").to_string().contains("no combatant you see is #1"));
        // Everyone named: ids read as they are (a file's reader), and the error lists the whole roster.
        let all = |text: &str| naming(vec!["Ann".into(), "Cy".into()], || ron::from_str::<Vec<CombatantId>>(text));
        assert_eq!(all("[1, \"Ann\"]").expect("both"), [CombatantId(1), CombatantId(0)]);
        let missing = all(r#"["Dee"]"#).expect_err("no such").to_string();
        assert!(missing.contains("no combatant is called \"Dee\"; the combatants are Ann, Cy"), "{missing}");
    }
}
