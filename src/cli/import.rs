//! `skirmish import FILE [--name NAME]`: a character another tool made (Chummer 4's `.chum`, an EPCC save, a Foundry
//! World of Darkness actor) made one of ours in the content folder's `characters/`, with its import report printed
//! and kept beside it.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::scenario::{content, import};
use crate::stdout::say;

/// `skirmish import`.
#[derive(Args, Clone, Debug)]
pub struct ImportArgs {
    /// The file: a Chummer 4 character (.chum), an Eclipse Phase Character Creator save (.json) or a Foundry World of
    /// Darkness 20th actor (Export Data, .json).
    file: PathBuf,
    /// The character's name (else the file's: a Chummer runner's alias, else its name; EPCC's charName; the actor's).
    #[arg(long)]
    name: Option<String>,
    /// Read the file and print the report, but write nothing.
    #[arg(long)]
    dry_run: bool,
}

/// Imports the file; a bad file is one message naming the file and the element (exit 2), nothing written.
pub fn import(args: ImportArgs) -> Result<(), CliError> {
    let name = args.name.as_deref();
    if args.dry_run {
        let imported = import::read(&args.file, name).map_err(|e| CliError::Input(e.to_string()))?;
        say(imported.report.markdown());
        return Ok(());
    }
    let content = content::user_folder().ok_or_else(|| {
        CliError::Failed("this system has no folder for your characters (set SKIRMISH_CONTENT)".into())
    })?;
    let (path, imported) = import::import(&args.file, name, &content).map_err(|e| CliError::Input(e.to_string()))?;
    say(imported.report.markdown());
    say(format!(
        "\n{} imported to {} (its report beside it); play it with `--character SIDE={}` or from the menu.\n",
        imported.character.name,
        path.display(),
        path.display()
    ));
    Ok(())
}
