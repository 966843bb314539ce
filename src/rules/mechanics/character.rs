//! What a character editor may change on a sheet of any ruleset, and what follows from it. Each ruleset says, in its
//! own `character.rs`, which numbers and options its sheet has (with the sheet's own range checks: a value out of
//! range is refused with the reason a file would get) and which values follow from them (condition monitors,
//! initiative, defense and soak pools), computed with the rules' own functions, so the editor shows what a battle
//! will use.

use thiserror::Error;

use crate::rules::mechanics::catalogue::{ArmorRef, CatalogueError, Named, WeaponRef};
use crate::rules::mechanics::fighter::Outfit;
use crate::rules::{RatingError, RulesError};

/// Where a number sits on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Attributes or aptitudes.
    Attributes,
    /// Skills or abilities.
    Skills,
    /// Everything else: initiative passes, durability, movement…
    Other,
}

/// A number of a sheet: its key (what `set_number` takes), its label, its value and the range the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    pub key: &'static str,
    pub label: &'static str,
    pub value: i64,
    pub group: Group,
    /// The values the sheet takes, shown beside the field ("1–12").
    pub range: (i64, i64),
    /// What the number is, in a few words, for a tooltip.
    pub about: &'static str,
}

/// An on/off option of a sheet (a smartlink, ambidexterity, a synthmorph).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    pub key: &'static str,
    pub label: &'static str,
    pub on: bool,
    pub about: &'static str,
}

/// A value that follows from the sheet: its label, its value, and how it is worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    pub label: String,
    pub value: i64,
    pub how: String,
}

impl Derived {
    pub fn new(label: impl Into<String>, value: i64, how: impl Into<String>) -> Self {
        Derived { label: label.into(), value, how: how.into() }
    }
}

/// A choice of gear: its catalogue id and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub id: String,
    pub name: String,
}

/// A sheet the character editor can change, of any ruleset (its gear half, [`EditGear`], is every sheet's alike).
pub trait EditSheet: EditGear {
    /// The numbers, attributes first, then skills, then the rest.
    fn numbers(&self) -> Vec<Number>;
    /// Sets a number; a value the rules do not allow is refused with the reason, and the sheet is left as it was.
    fn set_number(&mut self, key: &str, value: i64) -> Result<(), CharacterError>;
    /// The on/off options.
    fn flags(&self) -> Vec<Flag>;
    fn set_flag(&mut self, key: &str, on: bool) -> Result<(), CharacterError>;
    /// The values that follow from the sheet, as a battle will use them; an error when its gear cannot be found.
    fn derived(&self) -> Result<Vec<Derived>, CharacterError>;
}

/// The gear a character editor may change on a sheet: one implementation, for every ruleset's sheet (its
/// [`Outfit`]).
pub trait EditGear {
    /// The weapons carried, by id; the first is in hand at the start.
    fn weapons(&self) -> Vec<String>;
    /// The armor worn, by id.
    fn armor(&self) -> Vec<String>;
    /// Whether several pieces of armor may be worn at once (Shadowrun 4, the homebrew) or only one.
    fn layers_armor(&self) -> bool;
    /// Replaces the weapons; an id the sheet's catalogue does not have is refused.
    fn set_weapons(&mut self, ids: Vec<String>) -> Result<(), CharacterError>;
    /// Replaces the armor; an id the sheet's catalogue does not have, or a second piece where only one is worn, is
    /// refused.
    fn set_armor(&mut self, ids: Vec<String>) -> Result<(), CharacterError>;
    /// The weapons and armor the sheet's catalogue has (the shipped one and its file's own).
    fn weapon_choices(&self) -> Vec<Choice>;
    fn armor_choices(&self) -> Vec<Choice>;
}

impl<S: Outfit> EditGear for S {
    fn weapons(&self) -> Vec<String> {
        self.carried().iter().map(|w| w.0.clone()).collect()
    }

    fn armor(&self) -> Vec<String> {
        self.worn().iter().map(|a| a.0.clone()).collect()
    }

    fn layers_armor(&self) -> bool {
        S::ONE_ARMOR.is_none()
    }

    fn set_weapons(&mut self, ids: Vec<String>) -> Result<(), CharacterError> {
        for id in &ids {
            self.gear().weapon(id)?;
        }
        *self.carried_mut() = ids.into_iter().map(WeaponRef::new).collect();
        Ok(())
    }

    fn set_armor(&mut self, ids: Vec<String>) -> Result<(), CharacterError> {
        if let Some(refusal) = S::ONE_ARMOR.filter(|_| ids.len() > 1) {
            return Err(CharacterError::OneArmor(refusal));
        }
        for id in &ids {
            self.gear().armor(id)?;
        }
        self.wear(ids.into_iter().map(ArmorRef::new).collect());
        Ok(())
    }

    fn weapon_choices(&self) -> Vec<Choice> {
        choices(self.gear().0.weapons())
    }

    fn armor_choices(&self) -> Vec<Choice> {
        choices(self.gear().0.armors())
    }
}

/// Why a sheet refuses a change, or a character is not fit to play: the reason a file would get.
#[derive(Debug, Error)]
pub enum CharacterError {
    /// A rating out of its range (attributes, skills), in the sheet's own words.
    #[error(transparent)]
    Rating(#[from] RatingError),
    /// A count out of its range (initiative passes, speed).
    #[error("{what} of {value} is out of range: it runs from {low} to {high}")]
    Count { what: &'static str, value: i64, low: i64, high: i64 },
    /// A key the sheet does not have; `sheet` is "a Shadowrun 4", "an Eclipse Phase"…
    #[error("{sheet} sheet has no `{key}`")]
    NoSuchKey { sheet: &'static str, key: String },
    /// A second piece of armor where only one is worn.
    #[error("{0}")]
    OneArmor(&'static str),
    /// Gear the sheet's catalogue does not have.
    #[error(transparent)]
    Gear(#[from] CatalogueError),
    /// The values that follow from the sheet cannot be worked out (its gear cannot be found).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A character with a blank name.
    #[error("a character needs a name")]
    Nameless,
}

impl CharacterError {
    /// The refusal of a key that `sheet` ("a Shadowrun 4") does not have.
    pub fn no_such_key(sheet: &'static str, key: &str) -> Self {
        CharacterError::NoSuchKey { sheet, key: key.to_owned() }
    }
}

/// A rating of `T` (a bounded rating) from `value`, or the reason it is out of range.
pub fn rating<T: TryFrom<i64, Error = RatingError>>(value: i64) -> Result<T, CharacterError> {
    Ok(T::try_from(value)?)
}

/// A count in `range` (initiative passes, speed), or the reason it is not.
pub fn count(value: i64, range: (i64, i64), what: &'static str) -> Result<u32, CharacterError> {
    match (range.0..=range.1).contains(&value) {
        true => Ok(value as u32),
        false => Err(CharacterError::Count { what, value, low: range.0, high: range.1 }),
    }
}

/// The choices of a catalogue, by id, named.
fn choices<'a, T: Named + 'a>(items: impl Iterator<Item = (&'a str, &'a std::sync::Arc<T>)>) -> Vec<Choice> {
    items.map(|(id, item)| Choice { id: id.to_owned(), name: item.name().to_owned() }).collect()
}

/// A dice pool as the editor shows it: its base and modifiers added up (never below 0, as the pools roll), and how.
pub fn pool(label: &str, base: i32, modifiers: &[crate::rules::engine::outcome::Modifier]) -> (i64, String) {
    let total = base + modifiers.iter().map(|m| m.value).sum::<i32>();
    // Signs as the window writes them: "+ 1", "− 1" (a minus, not a hyphen).
    let sign = |v: i32| if v < 0 { '−' } else { '+' };
    let how = modifiers
        .iter()
        .fold(label.to_owned(), |how, m| format!("{how} {} {} {}", sign(m.value), m.value.unsigned_abs(), m.name));
    (total.max(0).into(), how)
}

/// A sheet's ratings of one kind (attributes, aptitudes): key, label, and where each is on the sheet.
pub type Table<A, R> = [(&'static str, &'static str, fn(&mut A) -> &mut R)];

/// The numbers of a table of ratings, read off a copy of `of`.
pub fn rated<A: Copy, R: Copy + Into<i64>>(
    table: &Table<A, R>,
    mut of: A,
    range: (i64, i64),
    about: &'static str,
) -> Vec<Number> {
    let number = |(key, label, field): &(&'static str, &'static str, fn(&mut A) -> &mut R)| Number {
        key,
        label,
        value: (*field(&mut of)).into(),
        group: Group::Attributes,
        range,
        about,
    };
    table.iter().map(number).collect()
}

/// Sets the rating `key` of a table on `of`, or the reason the value is refused; `None` when the table has none.
pub fn set_rated<A, R: TryFrom<i64, Error = RatingError>>(
    table: &Table<A, R>,
    of: &mut A,
    key: &str,
    value: i64,
) -> Option<Result<(), CharacterError>> {
    let (_, _, field) = table.iter().find(|(k, ..)| *k == key)?;
    Some(R::try_from(value).map(|r| *field(of) = r).map_err(CharacterError::from))
}

/// Sets a skill's rating, or the reason it is refused; 0 takes the skill off the sheet.
pub fn set_skill<S: Ord, R: TryFrom<i64, Error = RatingError>>(
    skills: &mut std::collections::BTreeMap<S, R>,
    skill: S,
    value: i64,
) -> Result<(), CharacterError> {
    let r = R::try_from(value)?;
    match value {
        0 => skills.remove(&skill),
        _ => skills.insert(skill, r),
    };
    Ok(())
}

/// A sheet's other counts (passes, Speed, movement): key, label, value, range and what it is.
pub fn others<const N: usize>(
    list: [(&'static str, &'static str, u32, (i64, i64), &'static str); N],
) -> impl Iterator<Item = Number> {
    list.into_iter().map(|(key, label, value, range, about)| Number {
        key,
        label,
        value: value.into(),
        group: Group::Other,
        range,
        about,
    })
}
