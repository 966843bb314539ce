//! `skirmish play`: the game window on a level or scenario (or a save, taken up or watched), the sides named by
//! `--human` commanded by players (two or more: hotseat), the others by the AI.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, parse_ui_scale, shell_word};
use super::dev::DevArgs;
use super::window::{closed, no_display};
use crate::battle::BattleRequest;
use crate::battle::no_typing;
use crate::battle::save::Save;
use crate::combat::tally::BattleTally;
use crate::ui::PlayOptions;

/// `skirmish play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// The level or scenario file (RON).
    #[arg(default_value = "levels/street.ron")]
    file: PathBuf,
    #[command(flatten)]
    battle: BattleArgs,
    /// Watch a saved battle step by step from its start (forward, back, play, a slider over every step).
    #[arg(long, conflicts_with_all = ["load", "battle"])]
    replay: Option<PathBuf>,
    /// Take up a saved battle where it stopped (its level, ruleset, sides and dice are the save's); it is saved
    /// on to the same file.
    #[arg(long, conflicts_with = "battle")]
    load: Option<PathBuf>,
    /// Seconds between two slots of the battle.
    #[arg(long, default_value_t = 0.6)]
    pace: f32,
    /// The text and panels' size for this run, 0.75 to 2 (1.5: 150 %); the menu's choice is kept between runs.
    #[arg(long, value_parser = parse_ui_scale)]
    ui_scale: Option<f32>,
    /// Open the help with every key and mouse action at once (F1 or ? shows and hides it).
    #[arg(long)]
    keys: bool,
    /// Open the tactics lab's heat map at once (H shows, cycles and hides it).
    #[arg(long)]
    heat: bool,
    /// Open the tactics lab's what-if panel at once (O shows and hides it).
    #[arg(long)]
    what_if: bool,
    #[command(flatten)]
    dev: DevArgs,
}

impl PlayArgs {
    /// The battle asked for: the save taken up, or a new battle on the file.
    fn request(&self) -> Result<BattleRequest, CliError> {
        match &self.load {
            Some(path) => Ok(Save::read(path)?.taken_up(path)),
            None => Ok(self.battle.request(&self.file)),
        }
    }

    /// How the window runs: its pace and text, the panels open at once.
    fn window(&self) -> PlayOptions {
        let (pace, keys, heat, what_if, ui_scale) = (self.pace, self.keys, self.heat, self.what_if, self.ui_scale);
        PlayOptions { pace, keys, heat, what_if, ui_scale }
    }
}

/// Opens the game window on the battle asked for, or says in one line why it cannot.
pub fn play(args: PlayArgs) -> Result<(), CliError> {
    if let Some(exit) = args.dev.bare() {
        return closed(exit);
    }
    if let Some(save) = &args.replay {
        no_display(&format!("watch it headless with `skirmish run --load {}`", save.display()))?;
        let opening = crate::ui::Opening::watch(save, args.pace)?;
        return closed(args.dev.open(crate::ui::app(opening, args.window()), 90));
    }
    let request = args.request()?;
    // A bad file, side or save is said before a missing display; the battle begun is the window's (a save taken up
    // is replayed once, its tally priced on the way).
    let mut tally = BattleTally::default();
    let started = crate::battle::start_watched(&request, no_typing, &mut |now, step| tally.watch(now, step))?;
    let headless = match &args.load {
        Some(save) => format!("play it on headless with `skirmish run --load {}`", save.display()),
        None => {
            let command = [shell_word(&args.file.display().to_string()), args.battle.as_run()].join(" ");
            format!("play it headless with `skirmish run {}`", command.trim_end())
        }
    };
    no_display(&headless)?;
    closed(args.dev.open(crate::ui::app(crate::ui::Opening::started(started, tally), args.window()), 90))
}
