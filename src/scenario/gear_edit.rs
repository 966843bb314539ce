//! A character's own gear as the character editor edits it: each weapon and piece of armor an entry of its own text,
//! `("id", (name: …))` as a level writes it, checked alone with its ruleset's types (a mistake is said at its line
//! and column in that entry); the `gear:` block written back from the entries; a catalogue item's text as the start
//! of a new entry.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::ron_options;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::mechanics::catalogue::{Catalogue, CatalogueError, GearFile};
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// A weapon or a piece of armor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Weapon,
    Armor,
}

/// Why gear could not be read into entries, an entry checked or written, or a new one started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GearEditError {
    /// The text does not read (as a `gear:` block, or as an item): at which line and column, and why.
    #[error(transparent)]
    Read(#[from] ron::error::SpannedError),
    /// An item does not write as RON.
    #[error(transparent)]
    Write(#[from] ron::Error),
    #[error("an item needs an id")]
    NoId,
    /// The shipped catalogue a new item starts from does not read.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    #[error("no weapon `{0}`")]
    NoWeapon(String),
    #[error("no armor `{0}`")]
    NoArmor(String),
}

/// One item of a file's own gear, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: Kind,
    pub text: String,
}

/// Runs `$body` with `$w`, `$a` the ruleset's weapon and armor types and `$c` its shipped catalogue.
macro_rules! typed {
    ($ruleset:expr, |$w:ident, $a:ident, $c:ident| $body:expr) => {
        match $ruleset {
            RulesetId::EclipsePhase => typed!(@ ep, $w, $a, $c, $body),
            RulesetId::Shadowrun4 => typed!(@ sr4, $w, $a, $c, $body),
            RulesetId::Storyteller => typed!(@ st, $w, $a, $c, $body),
            RulesetId::HomebrewD6 => typed!(@ hb, $w, $a, $c, $body),
        }
    };
    (@ $m:ident, $w:ident, $a:ident, $c:ident, $body:expr) => {{
        type $w = $m::gear::Weapon;
        type $a = $m::gear::Armor;
        let $c = $m::gear::Catalogue::shipped();
        $body
    }};
}

/// The entries of a `gear:` block (`(Shadowrun4: (weapons: […], armor: […]))`) for `ruleset`; none for no block.
pub fn entries(ruleset: RulesetId, block: Option<&str>) -> Result<Vec<Entry>, GearEditError> {
    let Some(block) = block else { return Ok(Vec::new()) };
    let all: super::gear::FileGear = ron_options().from_str(block)?;
    match ruleset {
        RulesetId::EclipsePhase => entries_of(&all.eclipse_phase),
        RulesetId::Shadowrun4 => entries_of(&all.shadowrun4),
        RulesetId::Storyteller => entries_of(&all.storyteller),
        RulesetId::HomebrewD6 => entries_of(&all.homebrew_d6),
    }
}

/// The entries of one ruleset's gear: weapons, then armor.
fn entries_of<W: Serialize, A: Serialize>(gear: &GearFile<W, A>) -> Result<Vec<Entry>, GearEditError> {
    let weapons = gear.weapons.iter().map(|w| entry(Kind::Weapon, w));
    let armor = gear.armor.iter().map(|a| entry(Kind::Armor, a));
    weapons.chain(armor).collect()
}

/// One item as an entry's text.
pub fn entry<T: Serialize>(kind: Kind, item: &(String, T)) -> Result<Entry, GearEditError> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .indentor("    ".to_owned())
        .depth_limit(1)
        .escape_strings(false);
    let text = ron_options().to_string_pretty(item, config)?;
    Ok(Entry { kind, text })
}

/// An entry checked alone: its id, or what is wrong at which line and column of its text.
pub fn check(ruleset: RulesetId, entry: &Entry) -> Result<String, GearEditError> {
    fn id<T: DeserializeOwned>(text: &str) -> Result<String, GearEditError> {
        let (id, _): (String, T) = ron_options().from_str(text)?;
        match id.trim().is_empty() {
            true => Err(GearEditError::NoId),
            false => Ok(id),
        }
    }
    typed!(ruleset, |W, A, _c| match entry.kind {
        Kind::Weapon => id::<W>(&entry.text),
        Kind::Armor => id::<A>(&entry.text),
    })
}

/// The `gear:` block of `entries` under `ruleset`; none for no entries.
pub fn block(ruleset: RulesetId, entries: &[Entry]) -> Option<String> {
    if entries.is_empty() {
        return None;
    }
    let list = |kind: Kind| -> String {
        let texts: Vec<String> = entries.iter().filter(|e| e.kind == kind).map(|e| indent(&e.text)).collect();
        texts.join(",\n        ")
    };
    let (weapons, armor) = (list(Kind::Weapon), list(Kind::Armor));
    Some(format!(
        "({ruleset:?}: (\n    weapons: [\n        {weapons}\n    ],\n    armor: [\n        {armor}\n    ],\n))"
    ))
}

/// An entry's lines after the first indented to sit inside the block.
fn indent(text: &str) -> String {
    text.trim().replace('\n', "\n        ")
}

/// A new entry like the shipped catalogue's item `id`, under a new id (`taken` are the ids already in use).
pub fn like(ruleset: RulesetId, kind: Kind, id: &str, taken: &[String]) -> Result<Entry, GearEditError> {
    let new_id = (1..).map(|n| format!("my_{id}{}", if n == 1 { String::new() } else { n.to_string() }));
    let new_id = new_id.into_iter().find(|i| !taken.contains(i)).unwrap_or_default();
    typed!(ruleset, |W, A, c| {
        let c: &Catalogue<W, A> = c?;
        let missing = || id.to_owned();
        match kind {
            Kind::Weapon => {
                let w = c.weapons().find(|(i, _)| *i == id).ok_or_else(|| GearEditError::NoWeapon(missing()))?;
                entry(kind, &(new_id, (**w.1).clone()))
            }
            Kind::Armor => {
                let a = c.armors().find(|(i, _)| *i == id).ok_or_else(|| GearEditError::NoArmor(missing()))?;
                entry(kind, &(new_id, (**a.1).clone()))
            }
        }
    })
}

/// The shipped catalogue's items of `kind` under `ruleset`: id and name.
pub fn catalogue(ruleset: RulesetId, kind: Kind) -> Vec<(String, String)> {
    typed!(ruleset, |W, A, c| {
        let Ok(c): Result<&Catalogue<W, A>, _> = c.map(|c| &**c) else { return Vec::new() };
        match kind {
            Kind::Weapon => c.weapons().map(|(i, w)| (i.to_owned(), w.name.clone())).collect(),
            Kind::Armor => c.armors().map(|(i, a)| (i.to_owned(), a.name.clone())).collect(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_characters_own_gear_read_as_entries_writes_back_the_same_gear() {
        let text = std::fs::read_to_string("tests/characters/gran.ron").expect("Gran");
        let gran = super::super::character::parse(&text, "gran.ron".as_ref()).expect("Gran reads");
        let written = gran.gear.as_ref().map(|g| g.get_ron().to_owned());
        let entries = entries(RulesetId::Shadowrun4, written.as_deref()).expect("entries");
        assert_eq!(entries.len(), 1);
        assert_eq!(check(RulesetId::Shadowrun4, &entries[0]).as_deref(), Ok("grandmas_shotgun"));
        let again = block(RulesetId::Shadowrun4, &entries).expect("a block");
        assert_eq!(super::entries(RulesetId::Shadowrun4, Some(&again)), Ok(entries));
    }

    #[test]
    fn a_new_item_starts_like_a_catalogues_and_a_mistake_is_said_at_its_place() {
        for ruleset in RulesetId::ALL {
            for kind in [Kind::Weapon, Kind::Armor] {
                let (id, _) = catalogue(ruleset, kind).into_iter().next().expect("a catalogue item");
                let new = like(ruleset, kind, &id, &[format!("my_{id}")]).expect("like it");
                assert_eq!(check(ruleset, &new), Ok(format!("my_{id}2")), "{ruleset:?} {kind:?}: a new id");
            }
        }
        let broken = Entry { kind: Kind::Weapon, text: "(\"x\", (\n    name: \"X\",\n    skil: Blades,\n))".into() };
        let said = check(RulesetId::Shadowrun4, &broken).expect_err("a misspelt field").to_string();
        assert!(said.starts_with("3:"), "{said}");
        let none = like(RulesetId::Shadowrun4, Kind::Armor, "paper_hat", &[]).map_err(|e| e.to_string());
        assert_eq!(none, Err("no armor `paper_hat`".to_owned()));
    }
}
