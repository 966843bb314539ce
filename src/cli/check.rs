//! `skirmish check`: level, scenario and character files checked, a line each saying what is wrong with its line
//! and column; levels under every ruleset they play under.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::scenario;
use crate::stdout::say;

/// `skirmish check`.
#[derive(Args, Clone, Debug)]
pub struct CheckArgs {
    /// The files (RON, or a character another tool made: .chum, .json), or folders: every `.ron` file in them and their
    /// folders.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Checks each file, printing one line per file; exit 2 if any is bad (when the reader has gone, the files are still
/// checked for the exit code).
pub fn check(args: CheckArgs) -> Result<(), CliError> {
    let files = scenario::content::ron_files(&args.files);
    if files.is_empty() {
        let given: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
        say(format!("error: no .ron file in {}\n", given.join(", ")));
        return Err(CliError::Reported { what: "no file to check", code: 2 });
    }
    let mut bad = 0;
    for path in &files {
        let line = match scenario::files::check_one(path) {
            Ok(summary) => format!("ok: {}: {summary}\n", path.display()),
            Err(e) => {
                bad += 1;
                format!("error: {e}\n")
            }
        };
        say(line);
    }
    match bad {
        0 => Ok(()),
        _ => Err(CliError::Reported { what: "some files are wrong", code: 2 }),
    }
}
