//! `skirmish table`: the players' screen for a battle a game master runs on this machine, to put on the table's TV:
//! a second window that follows the battle's save as the GM's window writes it after every decision, and shows what
//! the players' sides see (their fog, the log as they are told it, the odds as the table tells them), with no GM
//! panel and no orders of its own.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::parse_ui_scale;
use super::dev::DevArgs;
use super::window::{closed, no_display};
use crate::ui::PlayOptions;

/// `skirmish table`.
#[derive(Args, Clone, Debug)]
pub struct TableArgs {
    /// The battle's save (the GM's window saves after every decision, in the saves folder); the newest save there
    /// when not given.
    save: Option<PathBuf>,
    /// The text and panels' size, 0.75 to 2 (a TV across the room: 1.5 or more).
    #[arg(long, value_parser = parse_ui_scale)]
    ui_scale: Option<f32>,
    #[command(flatten)]
    dev: DevArgs,
}

/// Opens the players' screen on the battle, or says in one line why it cannot.
pub fn table(args: TableArgs) -> Result<(), CliError> {
    if let Some(exit) = args.dev.bare() {
        return closed(exit);
    }
    let save = match args.save {
        Some(save) => save,
        None => newest_save()?,
    };
    no_display(&format!("watch it headless with `skirmish run --load {}`", save.display()))?;
    let opening = crate::ui::Opening::table(&save)?;
    let options = PlayOptions { ui_scale: args.ui_scale, ..PlayOptions::default() };
    closed(args.dev.open(crate::ui::app(opening, options), 90))
}

/// The newest battle in the saves folder: the one the GM's window is playing.
fn newest_save() -> Result<PathBuf, CliError> {
    let folder = crate::battle::save::folder();
    let newest = crate::battle::save::list(&folder).into_iter().find(|(_, save)| save.is_ok());
    newest.map(|(path, _)| path).ok_or_else(|| {
        CliError::Input(format!("no battle saved in {}: start one in the GM's window first", folder.display()))
    })
}
