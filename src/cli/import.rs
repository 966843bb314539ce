//! `skirmish import FILE [--name NAME]`: a character another tool made (Chummer 4's `.chum`, an EPCC save, a Foundry
//! World of Darkness actor) made one of ours in the content folder's `characters/`, or a Universal VTT battle map
//! (`.dd2vtt`, `.uvtt`, `.df2vtt`) made a level in its `levels/`, with its import report printed and kept beside it.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::scenario::{content, import, uvtt};
use crate::stdout::say;

/// `skirmish import`.
#[derive(Args, Clone, Debug)]
pub struct ImportArgs {
    /// The file: a Chummer 4 character (.chum), an Eclipse Phase Character Creator save (.json), a Foundry World of
    /// Darkness 20th actor (Export Data, .json), or a Universal VTT map (.dd2vtt, .uvtt, .df2vtt).
    file: PathBuf,
    /// A map's meters a cell (a 5-foot grid, as the map tools draw, is 1.5).
    #[arg(long, default_value_t = uvtt::FIVE_FEET)]
    cell_m: f64,
    /// The character's name (else the file's: a Chummer runner's alias, else its name; EPCC's charName; the actor's).
    #[arg(long)]
    name: Option<String>,
    /// Read the file and print the report, but write nothing.
    #[arg(long)]
    dry_run: bool,
}

/// Imports the file; a bad file is one message naming the file and the element (exit 2), nothing written.
pub fn import(args: ImportArgs) -> Result<(), CliError> {
    if uvtt::is_map(&args.file) {
        return import_map(&args);
    }
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

/// Imports a map as a level.
fn import_map(args: &ImportArgs) -> Result<(), CliError> {
    let name = args.name.as_deref();
    let input = |e: uvtt::MapError| CliError::Input(e.to_string());
    if args.dry_run {
        say(uvtt::convert(&args.file, name, args.cell_m).map_err(input)?.report);
        return Ok(());
    }
    let content = content::user_folder()
        .ok_or_else(|| CliError::Failed("this system has no folder for your levels (set SKIRMISH_CONTENT)".into()))?;
    let (path, imported) = uvtt::import(&args.file, name, args.cell_m, &content).map_err(input)?;
    say(imported.report);
    say(format!(
        "\n{} imported to {} (its picture and report beside it); place its sides in the level editor \
         (`skirmish edit {}`), or play it: `skirmish play {}`.\n",
        imported.level.name,
        path.display(),
        path.display(),
        path.display()
    ));
    Ok(())
}

/// `skirmish export-map`.
#[derive(Args, Clone, Debug)]
pub struct ExportMapArgs {
    /// The level.
    level: PathBuf,
    /// The map file to write (.dd2vtt).
    out: PathBuf,
}

/// Writes the level's map as a Universal VTT file, and says what the format could not carry.
pub fn export_map(args: ExportMapArgs) -> Result<(), CliError> {
    let level = crate::scenario::level::load(&args.level).map_err(|e| CliError::Input(e.to_string()))?;
    let (json, left_out) = uvtt::export(level.field.grid());
    content::write_atomically(&args.out, &json).map_err(|e| CliError::Failed(e.to_string()))?;
    say(format!(
        "{} written ({} × {} cells).\n",
        args.out.display(),
        level.field.grid().width,
        level.field.grid().height
    ));
    for line in &left_out {
        say(format!("not in the format: {line}\n"));
    }
    Ok(())
}
