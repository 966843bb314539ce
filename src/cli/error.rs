//! The command line's one error type, and the one place an outcome becomes an exit code: 0 done, 1 the command ran
//! and found something wrong (a rule refused an action, a soak finding, a file not written), 2 bad input (a file, an
//! argument, no display to open a window on).

use std::process::ExitCode;

use crate::battle::StartError;
use crate::lab::balance::BalanceError;
use crate::lab::ladder::LadderError;
use crate::lab::odds::OddsError;
use crate::scenario::{FileError, ScenarioError, WriteError};

/// Why a command did not end well.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input: said on standard error, exit 2.
    #[error("{0}")]
    Input(String),
    /// The command ran and something went wrong: said on standard error, exit 1.
    #[error("{0}")]
    Failed(String),
    /// Already said where the command's output goes (the report's findings, each file checked): exit `code` alone.
    #[error("{what}")]
    Reported { what: &'static str, code: u8 },
    /// The window closed with this exit code.
    #[error("the window closed with exit code {0}")]
    Window(u8),
}

impl CliError {
    /// The process's exit code for it.
    fn code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failed(_) => 1,
            CliError::Reported { code, .. } => *code,
            CliError::Window(code) => *code,
        }
    }

    /// Whether it is yet to be said (a report or a window has said its own).
    fn unsaid(&self) -> bool {
        matches!(self, CliError::Input(_) | CliError::Failed(_))
    }
}

/// Errors of what the command was given (a file, an option, a save): said as they are, exit 2.
macro_rules! input_errors {
    ($($error:ty),+) => {
        $(impl From<$error> for CliError {
            fn from(e: $error) -> Self {
                CliError::Input(e.to_string())
            }
        })+
    };
}

input_errors!(StartError, ScenarioError, FileError, OddsError, LadderError, BalanceError);

/// A file the command ran to write and could not: exit 1.
impl From<WriteError> for CliError {
    fn from(e: WriteError) -> Self {
        CliError::Failed(e.to_string())
    }
}

/// A command's outcome as the process's exit code, its error said first.
pub fn exit_code(outcome: Result<(), CliError>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if e.unsaid() {
                eprintln!("error: {e}");
            }
            ExitCode::from(e.code())
        }
    }
}
