//! The commands that open the window on a screen of their own: `menu` (also what `skirmish` alone opens),
//! `characters` and `edit`; and what every window command shares: the check for a display to open it on, and the
//! window's exit as the command's outcome.

use std::path::{Path, PathBuf};

use bevy::app::AppExit;
use clap::Args;

use super::CliError;
use super::args::parse_ui_scale;
use super::dev::DevArgs;
use crate::ui::{Opening, PlayOptions};

/// `skirmish menu`.
#[derive(Args, Clone, Debug, Default)]
pub struct MenuArgs {
    /// The text and panels' size for this run, 0.75 to 2 (1.5: 150 %); the menu's choice is kept between runs.
    #[arg(long, value_parser = parse_ui_scale)]
    ui_scale: Option<f32>,
    #[command(flatten)]
    dev: DevArgs,
}

/// `skirmish characters`.
#[derive(Args, Clone, Debug)]
pub struct CharactersArgs {
    /// A character file to open at once (another tool's, a .chum or .json, is imported first).
    file: Option<PathBuf>,
    #[command(flatten)]
    dev: DevArgs,
}

/// `skirmish edit`.
#[derive(Args, Clone, Debug)]
pub struct EditArgs {
    /// A level to open (a shipped one is saved as a copy of yours).
    level: Option<PathBuf>,
    #[command(flatten)]
    dev: DevArgs,
}

/// Where the menu reads the shipped levels from.
const LEVELS: &str = "levels";

/// The main menu, and the battles it chooses, in one window.
pub fn menu(args: MenuArgs) -> Result<(), CliError> {
    no_display("play headless with `skirmish run levels/street.ron --ruleset shadowrun4`")?;
    let options = PlayOptions { ui_scale: args.ui_scale, ..Default::default() };
    closed(args.dev.open(crate::ui::app(Opening::Menu(PathBuf::from(LEVELS)), options), 30))
}

/// The character editor, then the menu, in one window.
pub fn characters(args: CharactersArgs) -> Result<(), CliError> {
    if let Some(file) = args.file.as_ref().filter(|f| !f.is_file()) {
        return Err(CliError::Input(format!("{}: no such character file", file.display())));
    }
    no_display("characters are RON files too: see docs/scenario-format.md")?;
    let opening = Opening::Characters(PathBuf::from(LEVELS), args.file);
    closed(args.dev.open(crate::ui::app(opening, PlayOptions::default()), 30))
}

/// The level editor, then the menu, in one window.
pub fn edit(args: EditArgs) -> Result<(), CliError> {
    if let Some(level) = &args.level {
        crate::scenario::level::load(level)?;
    }
    no_display("levels are RON files too: see docs/levels.md, and `skirmish check` checks them")?;
    let opening = Opening::Levels(PathBuf::from(LEVELS), args.level);
    closed(args.dev.open(crate::ui::app(opening, PlayOptions::default()), 30))
}

/// The window's exit as the command's outcome.
pub fn closed(exit: AppExit) -> Result<(), CliError> {
    match exit {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(CliError::Window(code.get())),
    }
}

/// Bad input unless there is a display to open a window on; `hint` says what to do instead.
pub fn no_display(hint: &str) -> Result<(), CliError> {
    let var = |v: &str| std::env::var(v).ok().filter(|s| !s.is_empty());
    let why = match (var("DISPLAY"), var("WAYLAND_DISPLAY")) {
        (None, None) => "DISPLAY is not set".to_owned(),
        (Some(x), None) if !local_x_server_runs(&x) => format!("no X server answers on DISPLAY {x}"),
        _ => return Ok(()),
    };
    Err(CliError::Input(format!("no display to open a window on ({why}); {hint}, or start under `xvfb-run`")))
}

/// For a local display such as `:1` or `:1.0`, whether its X server's socket is there (winit would otherwise panic
/// when it fails to connect); a remote display (`host:0`) is left to the window to try.
fn local_x_server_runs(display: &str) -> bool {
    let Some(number) = display.strip_prefix(':').map(|d| d.split('.').next().unwrap_or(d)) else { return true };
    Path::new(&format!("/tmp/.X11-unix/X{number}")).exists()
}
