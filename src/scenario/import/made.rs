//! What a file's gear becomes, for every format we import: each weapon and piece of armor is the catalogue's item
//! when the catalogue has one of that name with the file's numbers; otherwise it is made from the file's own numbers
//! as the character's own gear, under an id of its own. The report says which, and why (not in the catalogue, or in
//! it with other numbers: the file's are the player's).

use serde::Serialize;

use super::{ImportError, Report};
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::gear_edit::{self, Entry, Kind};

/// The gear of a file as the character will carry it: the sheet's weapons (the first in hand) and armor by id, the
/// items made as the character's own, and a role for its token from the weapon in hand.
pub(super) struct Made {
    ruleset: RulesetId,
    pub weapons: Vec<String>,
    pub armor: Vec<String>,
    own: Vec<Entry>,
    /// The ids of `own`, so that each new one is fresh.
    own_ids: Vec<String>,
    pub role: Option<&'static str>,
}

/// What the catalogue has under an item's name.
pub(super) enum Found<'a> {
    /// An item of that name with the file's numbers: its id.
    Same(&'a str),
    /// An item of that name with other numbers: its id.
    Differs(&'a str),
    /// No item of that name.
    Missing,
    /// Not a thing a catalogue holds (armor from augmentations): always the character's own.
    Own,
}

/// Finds `name` among a catalogue's `(id, item)`s: the first of that name with the same numbers, else the first of
/// that name.
pub(super) fn find<'a, T: 'a>(
    items: impl Iterator<Item = (&'a str, &'a T)>,
    name_of: impl Fn(&T) -> &str,
    name: &str,
    same_numbers: impl Fn(&T) -> bool,
) -> Found<'a> {
    let named: Vec<(&str, &T)> = items.filter(|(_, item)| same_name(name_of(item), name)).collect();
    match named.iter().find(|(_, item)| same_numbers(item)) {
        Some((id, _)) => Found::Same(id),
        None => named.first().map_or(Found::Missing, |(id, _)| Found::Differs(id)),
    }
}

/// Two names the same but for case, spaces and punctuation ("Ares Predator IV" and "ares predator-iv").
pub(super) fn same_name(a: &str, b: &str) -> bool {
    let key = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    key(a) == key(b)
}

impl Made {
    pub fn new(ruleset: RulesetId) -> Self {
        Made { ruleset, weapons: Vec::new(), armor: Vec::new(), own: Vec::new(), own_ids: Vec::new(), role: None }
    }

    /// Carries a weapon or wears armor (`kind`): the catalogue's when `found` is the same, else `item` made as the
    /// character's own. The report says which, with `summary` (the file's numbers in one line) when it is made.
    pub fn carry<T: Serialize>(
        &mut self,
        kind: Kind,
        piece: Piece<'_, T>,
        report: &mut Report,
        file: &std::path::Path,
    ) -> Result<(), ImportError> {
        let id = self.take(kind, piece, report, file)?;
        match kind {
            Kind::Weapon => self.weapons.push(id),
            Kind::Armor => self.armor.push(id),
        }
        Ok(())
    }

    /// The catalogue's id, or a fresh id for the item made as the character's own; the report's line.
    fn take<T: Serialize>(
        &mut self,
        kind: Kind,
        piece: Piece<'_, T>,
        report: &mut Report,
        file: &std::path::Path,
    ) -> Result<String, ImportError> {
        let Piece { name, found, item, summary } = piece;
        let made = match found {
            Found::Same(id) => {
                report.gear.push(format!("{name}: the catalogue's `{id}`"));
                return Ok(id.to_owned());
            }
            Found::Differs(id) => {
                format!("{name}: in the catalogue as `{id}`, but the file's numbers differ; made from the file")
            }
            Found::Missing => format!("{name}: not in the catalogue; made from the file"),
            Found::Own => format!("{name}: made from the file"),
        };
        report.gear.push(format!("{made}: {summary}"));
        let stem: String =
            name.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
        let stem = format!("own_{}", stem.trim_matches('_'));
        let fresh = (1..).map(|n| if n == 1 { stem.clone() } else { format!("{stem}_{n}") });
        let id = fresh.into_iter().find(|id| !self.own_ids.contains(id)).unwrap_or(stem);
        let entry = gear_edit::entry(kind, &(id.clone(), item)).map_err(|e| ImportError::whole(file, e.to_string()))?;
        self.own.push(entry);
        self.own_ids.push(id.clone());
        Ok(id)
    }

    /// The character's `gear:` block of the items made as its own; none when all are the catalogue's.
    pub fn gear_block(&self, file: &std::path::Path) -> Result<Option<Box<ron::value::RawValue>>, ImportError> {
        let block = gear_edit::block(self.ruleset, &self.own);
        block
            .map(|b| ron::value::RawValue::from_boxed_ron(b.into_boxed_str()))
            .transpose()
            .map_err(|e| ImportError::whole(file, format!("the gear made from the file is not sound: {e}")))
    }
}

/// Firing modes as the tools write them: "SA/BF/FA"; none for a weapon without modes.
pub(super) fn modes_text<M: std::fmt::Debug>(modes: &[M]) -> Option<String> {
    const CODES: [(&str, &str); 4] = [("SingleShot", "SS"), ("SemiAuto", "SA"), ("Burst", "BF"), ("FullAuto", "FA")];
    let code = |m: &M| {
        let name = format!("{m:?}");
        CODES.iter().find(|(n, _)| *n == name).map_or(name, |(_, c)| (*c).to_owned())
    };
    (!modes.is_empty()).then(|| modes.iter().map(code).collect::<Vec<_>>().join("/"))
}

/// A weapon's rounds and ranges as the report says them: "40 rounds", "ranges 50/150/350/550 m".
pub(super) fn rounds_and_ranges(ammo: Option<u32>, ranges: Option<[u32; 4]>) -> impl Iterator<Item = String> {
    let rounds = ammo.map(|a| format!("{a} rounds"));
    rounds.into_iter().chain(ranges.map(|[s, m, l, x]| format!("ranges {s}/{m}/{l}/{x} m")))
}

/// One weapon or piece of armor of a file: its name, what the catalogue has of that name, the item as the file
/// gives it, and its numbers in one line for the report.
pub(super) struct Piece<'a, T> {
    pub name: &'a str,
    pub found: Found<'a>,
    pub item: &'a T,
    pub summary: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_of_the_catalogues_name_is_the_same_with_its_numbers_and_differs_without() {
        let items = [("a", ("Knife", 1)), ("b", ("Knife", 2)), ("c", ("Club", 2))];
        let all = || items.iter().map(|(id, item)| (*id, item));
        let found = |name: &str, n: i32| match find(all(), |i| i.0, name, |i| i.1 == n) {
            Found::Same(id) => format!("same {id}"),
            Found::Differs(id) => format!("differs {id}"),
            Found::Missing | Found::Own => "missing".to_owned(),
        };
        assert_eq!(found("knife", 2), "same b");
        assert_eq!(found("KNIFE", 3), "differs a");
        assert_eq!(found("Axe", 1), "missing");
    }

    #[test]
    fn items_made_of_one_name_get_ids_of_their_own_and_the_catalogues_are_taken_as_they_are() {
        let (mut made, mut report, file) = (Made::new(RulesetId::Storyteller), Report::default(), Path::new("x"));
        let armor = crate::rules::storyteller::gear::Armor { name: "Coat".into(), soak: 1, stamina: 1 };
        let piece = |found| Piece { name: "Coat", found, item: &armor, summary: "soak 1".into() };
        made.carry(Kind::Armor, piece(Found::Missing), &mut report, file).expect("made");
        made.carry(Kind::Armor, piece(Found::Differs("leather")), &mut report, file).expect("made");
        made.carry(Kind::Armor, piece(Found::Same("leather")), &mut report, file).expect("taken");
        assert_eq!(made.armor, ["own_coat", "own_coat_2", "leather"]);
        assert_eq!(
            report.gear[1],
            "Coat: in the catalogue as `leather`, but the file's numbers differ; made from the file: soak 1"
        );
        assert!(made.gear_block(file).expect("sound").is_some());
    }

    use std::path::Path;
}
