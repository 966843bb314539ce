//! A ruleset's gear catalogue (`assets/<ruleset>/gear.ron`): weapons and armor by id, and the `WeaponRef` and
//! `ArmorRef` names a scenario uses, which are checked against the catalogue while the scenario is read so that an
//! unknown id gets its line and column. A sheet keeps the catalogue it was read against ([`Gear`]): the rules look
//! gear up there. A file may bring gear of its own ([`GearFile`]): the shipped catalogue [`extended`](Catalogue::extended)
//! with it is in force while that file is read (`with_gear`), so its sheets name and keep it.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::engine::ruleset::WeaponClass;

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

/// A weapon's damage written otherwise than its ruleset's notation: what was written, and the forms it takes.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("damage `{given}` is not of the form {forms}")]
pub struct NotationError {
    pub given: String,
    pub forms: &'static str,
}

impl NotationError {
    pub fn new(given: &str, forms: &'static str) -> Self {
        NotationError { given: given.to_owned(), forms }
    }
}

/// Weapons and armor by id, in file order; each entry shared, so a battle holds its gear without copying it.
#[derive(Debug)]
pub struct Catalogue<W, A> {
    weapons: Vec<(String, Arc<W>)>,
    armor: Vec<(String, Arc<A>)>,
}

/// A catalogue file as written, or the gear a scenario or level brings beside the shipped catalogue (`gear:`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(deserialize = "W: Deserialize<'de>, A: Deserialize<'de>"))]
pub struct GearFile<W, A> {
    #[serde(default = "Vec::new")]
    pub weapons: Vec<(String, W)>,
    #[serde(default = "Vec::new")]
    pub armor: Vec<(String, A)>,
}

impl<W, A> Default for GearFile<W, A> {
    fn default() -> Self {
        GearFile { weapons: Vec::new(), armor: Vec::new() }
    }
}

impl<W, A> GearFile<W, A> {
    /// Nothing of its own.
    pub fn is_empty(&self) -> bool {
        self.weapons.is_empty() && self.armor.is_empty()
    }

    /// This gear and `other`'s together (a level's and the characters' joining it, to read a save's record by):
    /// an id both give is kept once, this gear's (a character whose gear came along into the level, or two copies
    /// of one character, give the same gear twice; each file's sheets keep their own in the battle).
    pub fn and(mut self, other: GearFile<W, A>) -> Self {
        let weapons: Vec<_> =
            other.weapons.into_iter().filter(|(id, _)| !self.weapons.iter().any(|(i, _)| i == id)).collect();
        let armor: Vec<_> =
            other.armor.into_iter().filter(|(id, _)| !self.armor.iter().any(|(i, _)| i == id)).collect();
        self.weapons.extend(weapons);
        self.armor.extend(armor);
        self
    }
}

impl<W, A> Default for Catalogue<W, A> {
    fn default() -> Self {
        Catalogue { weapons: Vec::new(), armor: Vec::new() }
    }
}

impl<W: DeserializeOwned, A: DeserializeOwned> Catalogue<W, A> {
    /// Reads a catalogue; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Self, CatalogueError> {
        let GearFile { weapons, armor } =
            ron::from_str(text).map_err(|e| CatalogueError::Unreadable(format!("{file}:{e}")))?;
        let weapons = weapons.into_iter().map(|(id, w)| (id, Arc::new(w))).collect();
        Ok(Catalogue { weapons, armor: armor.into_iter().map(|(id, a)| (id, Arc::new(a))).collect() })
    }
}

impl<W, A> Catalogue<W, A> {
    /// This catalogue and a file's own gear after it. An id the catalogue has, or that the file gives twice, is
    /// refused (the shipped ids keep their meaning): the error names the id, for its place in the file (an entry is
    /// written `("id", (…))`).
    pub fn extended(&self, own: GearFile<W, A>) -> Result<Catalogue<W, A>, (String, String)> {
        let taken = |id: &str, what: &str, shipped: bool| match shipped {
            true => (id.to_owned(), format!("{what} `{id}` is already in the catalogue: give yours another id")),
            false => (id.to_owned(), format!("{what} `{id}` is given twice")),
        };
        let mut weapons = self.weapons.clone();
        for (id, weapon) in own.weapons {
            if let Some(at) = weapons.iter().position(|(k, _)| *k == id) {
                return Err(taken(&id, "a weapon", at < self.weapons.len()));
            }
            weapons.push((id, Arc::new(weapon)));
        }
        let mut armor = self.armor.clone();
        for (id, piece) in own.armor {
            if let Some(at) = armor.iter().position(|(k, _)| *k == id) {
                return Err(taken(&id, "an armor", at < self.armor.len()));
            }
            armor.push((id, Arc::new(piece)));
        }
        Ok(Catalogue { weapons, armor })
    }

    /// Every weapon, id and entry, in order (the catalogue's first, then a file's own).
    pub fn weapons(&self) -> impl Iterator<Item = (&str, &Arc<W>)> {
        self.weapons.iter().map(|(k, w)| (k.as_str(), w))
    }

    /// Every piece of armor, id and entry, in order.
    pub fn armors(&self) -> impl Iterator<Item = (&str, &Arc<A>)> {
        self.armor.iter().map(|(k, a)| (k.as_str(), a))
    }

    /// A weapon by id.
    pub fn weapon(&self, id: &str) -> Option<&Arc<W>> {
        self.weapons.iter().find(|(k, _)| k == id).map(|(_, w)| w)
    }

    /// A piece of armor by id.
    pub fn armor(&self, id: &str) -> Option<&Arc<A>> {
        self.armor.iter().find(|(k, _)| k == id).map(|(_, a)| a)
    }

    /// A weapon by id, or the error that names every one there is.
    pub fn find_weapon(&self, id: &str) -> Result<Arc<W>, CatalogueError> {
        let unknown = || CatalogueError::UnknownWeapon { id: id.to_owned(), known: self.weapon_ids() };
        self.weapon(id).cloned().ok_or_else(unknown)
    }

    /// A piece of armor by id, or the error that names every one there is.
    pub fn find_armor(&self, id: &str) -> Result<Arc<A>, CatalogueError> {
        let unknown = || CatalogueError::UnknownArmor { id: id.to_owned(), known: self.armor_ids() };
        self.armor(id).cloned().ok_or_else(unknown)
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

/// The gear a character sheet is read against, kept with the sheet: the battle finds a fighter's weapons and armor
/// here, never in a global. A sheet read from a file gets the catalogue its ids were checked against.
pub struct Gear<W, A>(pub Arc<Catalogue<W, A>>);

impl<W, A> Clone for Gear<W, A> {
    fn clone(&self) -> Self {
        Gear(Arc::clone(&self.0))
    }
}

/// Two sheets have the same gear when they share one catalogue.
impl<W, A> PartialEq for Gear<W, A> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A short line: a catalogue in full would drown a sheet's other fields.
impl<W, A> fmt::Debug for Gear<W, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gear({} weapons, {} armor)", self.0.weapons.len(), self.0.armor.len())
    }
}

impl<W, A> Gear<W, A> {
    /// A weapon by id, or the error that names every one there is.
    pub fn weapon(&self, id: &str) -> Result<Arc<W>, CatalogueError> {
        self.0.find_weapon(id)
    }

    /// A piece of armor by id, or the error that names every one there is.
    pub fn armor(&self, id: &str) -> Result<Arc<A>, CatalogueError> {
        self.0.find_armor(id)
    }
}

/// A catalogue entry as a person reads it ("Assault rifle", "Armor jacket").
pub trait Named {
    fn name(&self) -> &str;
}

/// A ruleset's gear, named by its weapon entry (each ruleset's weapon type is its own): the armor beside it, the
/// catalogue shipped in `assets/`, and the kind of weapon an entry is.
pub trait Kit: Named + DeserializeOwned + Send + Sync + 'static {
    /// The ruleset's armor entry.
    type Armor: Named + DeserializeOwned + Send + Sync + 'static;
    /// The shipped catalogue's file, as its errors name it.
    const FILE: &'static str;
    /// The shipped catalogue's text, built into the program.
    const TEXT: &'static str;
    /// Where the shipped catalogue is kept once read: a static of the ruleset's own (a static in generic code would
    /// be one for all four rulesets).
    fn shipped_once() -> &'static Shipped<Self>;
    /// What kind of weapon it is, as the window shows and sounds it.
    fn class(&self) -> WeaponClass;
}

/// A ruleset's shipped catalogue once read, or why it does not read.
pub type Shipped<W> = OnceLock<Result<Arc<Catalogue<W, <W as Kit>::Armor>>, CatalogueError>>;

impl<W: Kit> Catalogue<W, W::Armor> {
    /// The catalogue shipped in `assets/`, read once.
    pub fn shipped() -> Result<&'static Arc<Self>, CatalogueError> {
        W::shipped_once().get_or_init(|| Self::parse(W::TEXT, W::FILE).map(Arc::new)).as_ref().map_err(Clone::clone)
    }

    /// The catalogue ids are read against now: a file's own (`with_gear`), else the shipped one.
    pub fn in_force() -> Result<Arc<Self>, CatalogueError> {
        match own_in_force::<W>() {
            Some(catalogue) => Ok(catalogue),
            None => Self::shipped().cloned(),
        }
    }
}

thread_local! {
    /// The catalogue a file being read names its gear from, when it brings its own (`with_gear`): at most one a
    /// ruleset, found by the ruleset's weapon type.
    static IN_FORCE: RefCell<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>> = const { RefCell::new(Vec::new()) };
}

/// The file's own catalogue in force for the ruleset whose weapons are `W`, if any.
fn own_in_force<W: Kit>() -> Option<Arc<Catalogue<W, W::Armor>>> {
    let found = IN_FORCE.with_borrow(|all| all.iter().find(|(t, _)| *t == TypeId::of::<W>()).map(|(_, c)| c.clone()));
    found.and_then(|c| c.downcast().ok())
}

/// Puts `catalogue` in force for its ruleset (none: the shipped one), giving back what was in force before.
fn put_in_force<W: Kit>(catalogue: Option<Arc<Catalogue<W, W::Armor>>>) -> Option<Arc<Catalogue<W, W::Armor>>> {
    let before = own_in_force::<W>();
    IN_FORCE.with_borrow_mut(|all| {
        all.retain(|(t, _)| *t != TypeId::of::<W>());
        if let Some(c) = catalogue {
            all.push((TypeId::of::<W>(), c));
        }
    });
    before
}

/// Runs `read` with `own` (a file's own catalogue, if it brings one) in force for its ruleset: the ids it reads are
/// checked against it and the sheets it reads keep it. What was in force before is put back, even if `read` panics.
pub fn with_gear<W: Kit, T>(own: Option<Arc<Catalogue<W, W::Armor>>>, read: impl FnOnce() -> T) -> T {
    let Some(catalogue) = own else { return read() };
    struct Restore<W: Kit>(Option<Arc<Catalogue<W, W::Armor>>>);
    impl<W: Kit> Drop for Restore<W> {
        fn drop(&mut self) {
            put_in_force::<W>(self.0.take());
        }
    }
    let _restore = Restore::<W>(put_in_force(Some(catalogue)));
    read()
}

/// A sheet's gear, unless it says otherwise: the catalogue in force (an empty one if the shipped one does not read,
/// so that every lookup then fails with the reason — reading any id already has).
impl<W: Kit> Default for Gear<W, W::Armor> {
    fn default() -> Self {
        Gear(Catalogue::in_force().unwrap_or_default())
    }
}

/// Which half of a catalogue an id names: its weapons or its armor.
pub trait Shelf {
    /// The id's name as `Debug` writes it.
    const REF: &'static str;
    /// Whether the catalogue has `id` on this shelf, or the error that names every one it has.
    fn find<W: Kit>(catalogue: &Catalogue<W, W::Armor>, id: &str) -> Result<(), CatalogueError>;
}

/// The weapons' half of a catalogue.
pub enum Weapons {}

/// The armor's half of a catalogue.
pub enum Armors {}

impl Shelf for Weapons {
    const REF: &'static str = "WeaponRef";
    fn find<W: Kit>(catalogue: &Catalogue<W, W::Armor>, id: &str) -> Result<(), CatalogueError> {
        catalogue.find_weapon(id).map(|_| ())
    }
}

impl Shelf for Armors {
    const REF: &'static str = "ArmorRef";
    fn find<W: Kit>(catalogue: &Catalogue<W, W::Armor>, id: &str) -> Result<(), CatalogueError> {
        catalogue.find_armor(id).map(|_| ())
    }
}

/// A piece of gear named by catalogue id (of the ruleset whose weapons are `W`, on shelf `S`), checked against the
/// catalogue in force while a scenario is read, so that an unknown id gets its line and column.
#[derive(Serialize, Deserialize)]
#[serde(try_from = "String", into = "String", bound = "W: Kit, S: Shelf")]
pub struct GearRef<W, S>(pub String, PhantomData<fn() -> (W, S)>);

/// A weapon named by catalogue id.
pub type WeaponRef<W> = GearRef<W, Weapons>;

/// A piece of armor named by catalogue id.
pub type ArmorRef<W> = GearRef<W, Armors>;

impl<W, S> GearRef<W, S> {
    /// The id, unchecked (bare hands, a weapon the sheet already carries).
    pub fn new(id: impl Into<String>) -> Self {
        GearRef(id.into(), PhantomData)
    }
}

impl<W: Kit, S: Shelf> TryFrom<String> for GearRef<W, S> {
    type Error = CatalogueError;
    fn try_from(id: String) -> Result<Self, Self::Error> {
        let catalogue = Catalogue::<W, W::Armor>::in_force()?;
        S::find(&catalogue, &id)?;
        Ok(GearRef::new(id))
    }
}

impl<W, S> From<GearRef<W, S>> for String {
    fn from(r: GearRef<W, S>) -> String {
        r.0
    }
}

// By hand, not derived: a derive would ask the entry types themselves to be `Clone`, `Eq`, `Ord` …
impl<W, S> Clone for GearRef<W, S> {
    fn clone(&self) -> Self {
        GearRef::new(self.0.clone())
    }
}

impl<W, S: Shelf> fmt::Debug for GearRef<W, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple(S::REF).field(&self.0).finish()
    }
}

impl<W, S> PartialEq for GearRef<W, S> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<W, S> Eq for GearRef<W, S> {}

impl<W, S> PartialOrd for GearRef<W, S> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<W, S> Ord for GearRef<W, S> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}
