//! Characters players already have, brought in from other tools' files: Chummer 4's `.chum` (Shadowrun 4,
//! `chummer.rs`), the Eclipse Phase Character Creator's JSON saves (`epcc.rs`) and Foundry VTT's World of Darkness
//! 20th actors (JSON, for our Storyteller rules: `foundry.rs`). Each reader makes one of our characters from the
//! file, with its own gear where the catalogue lacks a weapon or armor, and an import report of what was taken, from
//! where, and what was left out and why.
//! A weapon or armor our rules cannot play as the file gives it is left out and said (`unplayable.rs`): the character
//! imports whatever it carries. The character is checked as a character file is before anything is written; a file
//! that is no character of its tool gives one message naming the file and the element, and nothing is written.

mod chummer;
mod chummer_gear;
mod chummer_weapon;
mod epcc;
mod epcc_gear;
mod fields;
mod foundry;
mod foundry_gear;
mod made;
mod report;
mod text;
mod unplayable;
mod xml;

use std::path::{Path, PathBuf};

use thiserror::Error;

pub use report::Report;

use super::character::{self, Character};
use super::content;

/// A character read from another tool's file, with its report.
#[derive(Debug)]
pub struct Imported {
    pub character: Character,
    pub report: Report,
}

/// Why a file was not imported: the file, where in it (line and column, the element), and what is wrong.
#[derive(Debug, Error)]
#[error("{}{}: {message}", file.display(), at.as_ref().map(|a| format!(":{a}")).unwrap_or_default())]
pub struct ImportError {
    pub file: PathBuf,
    /// `LINE:COLUMN: <element>`, when the fault is at a place in the file.
    pub at: Option<String>,
    pub message: String,
}

impl ImportError {
    fn whole(file: &Path, message: impl Into<String>) -> Self {
        ImportError { file: file.to_owned(), at: None, message: message.into() }
    }
}

/// The extensions of the files we import.
const EXTENSIONS: [&str; 3] = ["chum", "chum5", "json"];

/// Whether `file` is another tool's character by its name (`skirmish check` reads it as an import).
pub fn imports(file: &Path) -> bool {
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
    EXTENSIONS.contains(&extension.as_str())
}

/// Reads `file` (any format we import) as a character named `name` (else as the file names it): nothing written.
pub fn read(file: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
    let bytes = std::fs::read(file).map_err(|e| ImportError::whole(file, format!("cannot read the file: {e}")))?;
    from_bytes(&bytes, file, name)
}

/// [`read`] of a file's bytes; `file` names it in messages and tells its format by its extension.
pub fn from_bytes(bytes: &[u8], file: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
    let text = text::decode(bytes).map_err(|m| ImportError::whole(file, m.to_string()))?;
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
    let imported = match extension.as_str() {
        "chum5" => return Err(ImportError::whole(file, chummer::SR5)),
        "chum" | "xml" => chummer::read(&text, file, name)?,
        _ if text.trim_start().starts_with('<') => chummer::read(&text, file, name)?,
        _ if text.trim_start().starts_with('{') || extension == "json" => json(&text, file, name)?,
        _ => return Err(ImportError::whole(file, format!("not a file we import: {FORMATS}"))),
    };
    Ok(imported)
}

/// The formats we import, as a message says them.
pub const FORMATS: &str = "a Chummer 4 character (.chum), an Eclipse Phase Character Creator save (.json) or a \
                           Foundry World of Darkness 20th actor (.json, Export Data)";

/// A JSON file: an EPCC save or a Foundry actor, told apart by what it holds.
fn json(text: &str, file: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
    let value = fields::parse(text, file, "an EPCC save or a Foundry actor")?;
    let root = fields::Field::root(file, &value);
    if epcc::is_epcc(&value) {
        epcc::read(root, name)
    } else if foundry::is_actor(&value) {
        foundry::read(root, name)
    } else {
        Err(ImportError::whole(file, format!("a JSON file of another tool: not {FORMATS}")))
    }
}

/// Imports `file` into the content folder `content` (`characters/`): the character, checked as a character file is,
/// and its report beside it (`<name>.import.md`). Returns where the character was written.
pub fn import(file: &Path, name: Option<&str>, content: &Path) -> Result<(PathBuf, Imported), ImportError> {
    let imported = read(file, name)?;
    let folder = content.join("characters");
    let written = |e: &dyn std::fmt::Display| ImportError::whole(file, format!("cannot write the character: {e}"));
    std::fs::create_dir_all(&folder).map_err(|e| written(&e))?;
    let path = content::new_file(&folder, &imported.character.name, "ron");
    imported.character.save(&path).map_err(|e| written(&e))?;
    let report = path.with_extension("import.md");
    content::write_atomically(&report, &imported.report.markdown()).map_err(|e| written(&e))?;
    Ok((path, imported))
}

/// The character made from a reader's parts, checked as a file of ours is when read: its RON text written and read
/// back with its own gear in force, so what is imported is exactly what will load.
fn checked(character: Character, file: &Path) -> Result<Character, ImportError> {
    let text =
        character.to_ron().map_err(|e| ImportError::whole(file, format!("the character cannot be made: {e}")))?;
    character::parse(&text, file).map_err(|e| ImportError::whole(file, format!("the character made is not sound: {e}")))
}
