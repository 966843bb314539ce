//! The files' errors: a scenario's, one line naming the file, line and column, and what was expected; a battle
//! that cannot be set up as asked; a battle file that does not make a battle; a player's file not written.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::mechanics::character::CharacterError;

/// A scenario that could not be read or does not make sense.
#[derive(Debug, Error)]
pub enum ScenarioError {
    #[error("{path}: cannot read the file: {message}")]
    Io { path: PathBuf, message: String },
    #[error("{path}:{line}:{column}: {message}")]
    Syntax { path: PathBuf, line: usize, column: usize, message: String },
    #[error("{path}:{line}:{column}: {message}")]
    Invalid { path: PathBuf, line: usize, column: usize, message: String },
}

impl ScenarioError {
    pub(crate) fn io(path: &Path, e: std::io::Error) -> Self {
        ScenarioError::Io { path: path.to_owned(), message: e.to_string() }
    }

    pub(crate) fn syntax(path: &Path, e: ron::error::SpannedError) -> Self {
        let pos = e.span.start;
        let mut message = e.code.to_string();
        if matches!(e.code, ron::Error::NoSuchStructField { .. }) {
            message.push_str(" (a field of another ruleset, or a typo?)");
        }
        ScenarioError::Syntax { path: path.to_owned(), line: pos.line, column: pos.col, message }
    }

    /// An inconsistency at a known line and column.
    pub(crate) fn at(path: &Path, line: usize, column: usize, message: String) -> Self {
        ScenarioError::Invalid { path: path.to_owned(), line, column, message }
    }

    /// An inconsistency found after parsing, located at the first place `needle` stands in the text (the name or
    /// field it is about), else at the start of the file.
    pub(crate) fn invalid(path: &Path, text: &str, needle: Option<&str>, message: String) -> Self {
        let (line, column) = needle.and_then(|n| locate(text, n)).unwrap_or((1, 1));
        ScenarioError::Invalid { path: path.to_owned(), line, column, message }
    }
}

/// Line and column (1-based, in characters) of the first occurrence of `needle` outside `//` comments.
fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(i, line)| {
        let code = line.split("//").next().unwrap_or_default();
        code.find(needle).map(|at| (i + 1, code[..at].chars().count() + 1))
    })
}

/// Why a battle cannot be set up as asked: from a level under a ruleset, with sides left out, options given or
/// characters joining. No file or place: what reads the file names it.
#[derive(Debug, Error)]
pub enum SetupError {
    #[error("no side is called {side}; the sides are {sides}")]
    NoSide { side: String, sides: String },
    #[error("{0} cannot stay out: a battle needs two sides")]
    TwoSides(String),
    #[error("{0} cannot stay out: the level's victory names it")]
    InVictory(String),
    #[error("{0} cannot stay out of a scripted battle: its script was written for all sides")]
    Scripted(String),
    /// Options that do not read as the ruleset's.
    #[error("--options `{text}`: {source}")]
    OptionsUnread { text: String, source: Box<ron::error::SpannedError> },
    /// Options that do not fit the battle (the scenario check's reason).
    #[error("--options `{text}`: {why}")]
    OptionsUnfit { text: String, why: String },
    /// A unit of the level's own archetype that has no sheet for the ruleset.
    #[error("the level's archetype `{archetype}` has no sheet for this ruleset ({unit})")]
    NoSheet { archetype: String, unit: String },
    #[error("no archetype {0}")]
    NoArchetype(String),
    #[error("no archetype `{archetype}` in the {ruleset:?} roster")]
    NotInRoster { archetype: String, ruleset: RulesetId },
    #[error("the spawn zone of {side} has no free cell left for {name}")]
    NoSpawnCell { side: String, name: String },
    #[error("{name} is a {ruleset:?} character; this battle is fought under another ruleset")]
    OtherRuleset { name: String, ruleset: RulesetId },
    /// The battle set up does not make sense (the scenario check's reason).
    #[error("{0}")]
    Unsound(String),
    #[error(transparent)]
    Roster(#[from] RosterError),
}

impl SetupError {
    /// No side called `side` among `sides`.
    pub(crate) fn no_side(side: &str, sides: &[&str]) -> Self {
        SetupError::NoSide { side: side.to_owned(), sides: sides.join(", ") }
    }
}

/// A shipped roster that does not read: its file, and where and why.
#[derive(Clone, Debug, Error)]
#[error("{file}:{source}")]
pub struct RosterError {
    pub file: String,
    pub source: Box<ron::error::SpannedError>,
}

/// Why a battle file (a scenario, a level under a ruleset, a character) does not make a battle, or does not pass
/// `skirmish check`: one line naming the file.
#[derive(Debug, Error)]
pub enum FileError {
    /// It does not read (the file, line and column).
    #[error(transparent)]
    Read(#[from] ScenarioError),
    #[error("{}: a scenario names its own ruleset; --ruleset is for levels", .0.display())]
    RulesetOfScenario(PathBuf),
    #[error("{}: characters join the sides of a level, and this is a scenario", .0.display())]
    NotALevel(PathBuf),
    /// The level does not play under `ruleset`.
    #[error("{}: under {ruleset:?}: {why}", path.display())]
    Under { path: PathBuf, ruleset: RulesetId, why: SetupError },
    /// The level does not play under `ruleset`, and `plays` are the rulesets it plays under.
    #[error("{}: under {ruleset:?}: {why}; it plays under {plays}", path.display())]
    UnderOnly { path: PathBuf, ruleset: RulesetId, why: SetupError, plays: String },
    #[error("{}: it plays under no ruleset: {}", path.display(), why.as_ref().map(ToString::to_string).unwrap_or_default())]
    NoRuleset { path: PathBuf, why: Option<SetupError> },
    /// The sides left out, the options or a side named do not fit the battle.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A character that is not fit to play.
    #[error(transparent)]
    Character(#[from] CharacterError),
    /// Another tool's character file that does not import.
    #[error(transparent)]
    Import(#[from] super::import::ImportError),
}

/// Why a player's file (a character, a level, a save, a report) was not written.
#[derive(Debug, Error)]
pub enum WriteError {
    #[error("{}: cannot keep a backup: {source}", path.display())]
    Backup { path: PathBuf, source: std::io::Error },
    #[error("{}: cannot make the folder: {source}", folder.display())]
    Folder { folder: PathBuf, source: std::io::Error },
    #[error("{}: cannot write: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    /// The text cannot be made (RON).
    #[error(transparent)]
    Ron(Box<ron::Error>),
    /// A save's text cannot be made.
    #[error("the save cannot be written: {0}")]
    Save(Box<ron::Error>),
    /// A character not fit to save.
    #[error(transparent)]
    Character(#[from] CharacterError),
}

impl From<ron::Error> for WriteError {
    fn from(e: ron::Error) -> Self {
        WriteError::Ron(Box::new(e))
    }
}
