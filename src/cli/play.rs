//! `skirmish play`: the game window on a level or scenario (or a save, taken up or watched), the sides named by
//! `--human` commanded by players (two or more: hotseat), the others by the AI.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{AiArgs, RulesetArgs, parse_character, parse_name, parse_ui_scale};
use super::dev::DevArgs;
use super::window::{closed, no_display};
use crate::battle::no_typing;
use crate::battle::save::Save;
use crate::battle::{BattleRequest, DiceChoice};
use crate::scenario::character::Guest;
use crate::ui::PlayOptions;

/// `skirmish play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// The level or scenario file (RON).
    #[arg(default_value = "levels/street.ron")]
    file: PathBuf,
    #[command(flatten)]
    rules: RulesetArgs,
    /// Seed the dice (default: the file's own dice or seed, else random, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Command this side yourself (repeat for hotseat); the AI plays the others.
    #[arg(long)]
    human: Vec<String>,
    #[command(flatten)]
    ais: AiArgs,
    /// A player's name for a side, e.g. `--name Crew=Ana` (hotseat: the hand-over screen calls them by it).
    #[arg(long = "name", value_parser = parse_name)]
    names: Vec<(String, String)>,
    /// Fog of war: each player sees only what the units of the side whose turn it is can see.
    #[arg(long)]
    fog: bool,
    /// Roll this side's dice yourself and type the faces in (a side you command; repeatable); the AI's dice
    /// stay seeded.
    #[arg(long, conflicts_with = "replay")]
    by_hand: Vec<String>,
    /// A character of your own joins a side of the level, e.g. `--character Crew=gran.ron` (its ruleset is the
    /// battle's; repeatable).
    #[arg(long = "character", value_parser = parse_character)]
    characters: Vec<(String, PathBuf)>,
    /// Strict play: no undo.
    #[arg(long)]
    strict: bool,
    /// Watch a saved battle step by step from its start (forward, back, play, a slider over every step).
    #[arg(long, conflicts_with = "load")]
    replay: Option<PathBuf>,
    /// Take up a saved battle where it stopped (its level, ruleset, sides and dice are the save's); it is saved
    /// on to the same file.
    #[arg(long, conflicts_with_all = ["ruleset", "seed", "human", "ai", "sides", "names", "fog", "by_hand", "strict", "absent", "options", "characters"])]
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
        if let Some(path) = &self.load {
            return Ok(Save::read(path)?.taken_up(path));
        }
        let request = self.rules.request(&self.file, self.ais.ai).with_minds(self.ais.minds());
        let characters = self.characters.iter().map(|(side, file)| Guest::new(side, file)).collect();
        Ok(BattleRequest {
            dice: self.seed.map_or(DiceChoice::Auto, DiceChoice::Seed),
            humans: self.human.clone(),
            names: self.names.iter().cloned().collect(),
            fog: self.fog,
            by_hand: self.by_hand.clone(),
            strict: self.strict,
            characters,
            ..request
        })
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
    // A bad file, side or save is said before a missing display.
    crate::battle::start(&request, no_typing)?;
    let headless = match &args.load {
        Some(save) => format!("play it on headless with `skirmish run --load {}`", save.display()),
        None => format!("play headless with `skirmish run {} --ruleset shadowrun4`", args.file.display()),
    };
    no_display(&headless)?;
    closed(args.dev.open(crate::ui::app(crate::ui::Opening::battle(request), args.window()), 90))
}
