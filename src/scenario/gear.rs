//! Gear a file brings of its own beside the shipped catalogues: a scenario's (`gear:` in its ruleset's setup) and a
//! level's (`gear: (Shadowrun4: (…))`, by ruleset). It is read before the rest of the file, with each ruleset's types
//! and checks, and the shipped catalogue extended with it is put in force while the file is read
//! (`rules::mechanics::catalogue`'s `with_gear`), so the file's ids check against it and its sheets keep it. A save is
//! read with its battle's file's gear in force, for the weapons its actions name.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::ron_options;
use crate::rules::mechanics::catalogue::with_gear;
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// A file's own gear, for each ruleset it brings gear for (a scenario: its one ruleset; a level: any of the four).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileGear {
    #[serde(default, rename = "EclipsePhase")]
    pub(super) eclipse_phase: ep::gear::GearFile,
    #[serde(default, rename = "Shadowrun4")]
    pub(super) shadowrun4: sr4::gear::GearFile,
    #[serde(default, rename = "Storyteller")]
    pub(super) storyteller: st::gear::GearFile,
    #[serde(default, rename = "HomebrewD6")]
    pub(super) homebrew_d6: hb::gear::GearFile,
}

/// A scenario's own gear, read past everything else with its ruleset's types.
pub fn scenario_gear(text: &str) -> Result<FileGear, ron::error::SpannedError> {
    #[derive(Deserialize)]
    struct File {
        ruleset: Rules,
    }
    #[derive(Deserialize)]
    enum Rules {
        EclipsePhase(Own<ep::gear::GearFile>),
        Shadowrun4(Own<sr4::gear::GearFile>),
        Storyteller(Own<st::gear::GearFile>),
        HomebrewD6(Own<hb::gear::GearFile>),
    }
    #[derive(Deserialize)]
    struct Own<G> {
        #[serde(default)]
        gear: G,
    }
    let file: File = ron_options().from_str(text)?;
    Ok(match file.ruleset {
        Rules::EclipsePhase(own) => FileGear { eclipse_phase: own.gear, ..FileGear::default() },
        Rules::Shadowrun4(own) => FileGear { shadowrun4: own.gear, ..FileGear::default() },
        Rules::Storyteller(own) => FileGear { storyteller: own.gear, ..FileGear::default() },
        Rules::HomebrewD6(own) => FileGear { homebrew_d6: own.gear, ..FileGear::default() },
    })
}

/// A level's own gear, by ruleset, read past everything else.
pub fn level_gear(text: &str) -> Result<FileGear, ron::error::SpannedError> {
    #[derive(Deserialize)]
    struct File {
        #[serde(default)]
        gear: FileGear,
    }
    Ok(ron_options().from_str::<File>(text)?.gear)
}

/// A ruleset's shipped catalogue extended with `own`; none when `own` is empty. An id the catalogue has, or one
/// given twice, is refused: the id and why.
fn extended<W, A>(
    shipped: Result<
        &'static Arc<crate::rules::mechanics::catalogue::Catalogue<W, A>>,
        crate::rules::mechanics::catalogue::CatalogueError,
    >,
    own: crate::rules::mechanics::catalogue::GearFile<W, A>,
) -> Result<Option<Arc<crate::rules::mechanics::catalogue::Catalogue<W, A>>>, (String, String)> {
    if own.is_empty() {
        return Ok(None);
    }
    let shipped = shipped.map_err(|e| (String::new(), e.to_string()))?;
    Ok(Some(Arc::new(shipped.extended(own)?)))
}

/// Reads a file with its own gear `own` in force (`read` reads the whole text): a refused id is said at its entry in
/// the file, a syntax error at its place, both naming `path`.
pub fn read_with<T>(
    own: FileGear,
    text: &str,
    path: &std::path::Path,
    read: impl FnOnce() -> Result<T, ron::error::SpannedError>,
) -> Result<T, super::ScenarioError> {
    use super::ScenarioError;
    own.with(read)
        .map_err(|(id, message)| ScenarioError::invalid(path, text, Some(&format!("(\"{id}\"")), message))?
        .map_err(|e| ScenarioError::syntax(path, e))
}

impl FileGear {
    /// This gear and `other`'s together, by ruleset (a level's and the characters' joining it).
    pub fn and(self, other: FileGear) -> FileGear {
        FileGear {
            eclipse_phase: self.eclipse_phase.and(other.eclipse_phase),
            shadowrun4: self.shadowrun4.and(other.shadowrun4),
            storyteller: self.storyteller.and(other.storyteller),
            homebrew_d6: self.homebrew_d6.and(other.homebrew_d6),
        }
    }

    /// Runs `read` with each ruleset's catalogue extended by this gear in force. An id a catalogue has already, or
    /// given twice, is refused before `read` runs: the id and why.
    pub fn with<T>(self, read: impl FnOnce() -> T) -> Result<T, (String, String)> {
        let FileGear { eclipse_phase, shadowrun4, storyteller, homebrew_d6 } = self;
        let ep = extended(ep::gear::Catalogue::shipped(), eclipse_phase)?;
        let sr4 = extended(sr4::gear::Catalogue::shipped(), shadowrun4)?;
        let st = extended(st::gear::Catalogue::shipped(), storyteller)?;
        let hb = extended(hb::gear::Catalogue::shipped(), homebrew_d6)?;
        let read = move || with_gear(hb, read);
        let read = move || with_gear(st, read);
        let read = move || with_gear(sr4, read);
        Ok(with_gear(ep, read))
    }
}

/// A file's own gear as it was written (not `Some(…)`: the file leaves `Some` out), for a character or a level
/// written back.
pub(super) fn as_written<S: serde::Serializer>(
    gear: &Option<Box<ron::value::RawValue>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match gear {
        Some(raw) => raw.serialize(s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gear_that_two_files_both_give_is_read_once() {
        let text = r#"(gear: (Shadowrun4: (weapons: [("grandmas_shotgun", (name: "Grandma's shotgun", skill: Longarms,
            damage: "7P", armor: Ballistic, modes: [SingleShot], ammo: 2, ranges: (10, 20, 50, 100)))])))"#;
        let (level, guest) = (level_gear(text).expect("a level's"), level_gear(text).expect("a character's"));
        let found = level.and(guest).with(|| sr4::gear::Catalogue::in_force().map(|c| c.weapon_ids()));
        let ids = found.expect("not refused as given twice").expect("a catalogue");
        assert_eq!(ids.matches("grandmas_shotgun").count(), 1, "{ids}");
    }
}
