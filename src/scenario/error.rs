//! Scenario errors: one line naming the file, line and column, and what was expected.

use std::path::{Path, PathBuf};

use thiserror::Error;

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
