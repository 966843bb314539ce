//! `skirmish run`: a scenario or a level played headless through the ECS layer, its log printed (text or JSON), and
//! the battle saved where it stopped; or a save taken up and played on. Dice may be seeded, given, or typed in at
//! the terminal.

use std::io::BufRead;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, Part};
use crate::battle::save::Save;
use crate::battle::{BattleRequest, DiceChoice};
use crate::combat::headless;
use crate::rules::engine::dice::{Dice, DieRequest, TypedInDice};
use crate::rules::engine::outcome::Log;
use crate::scenario;
use crate::stdout::say;

/// `skirmish run`.
#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// The scenario or level file (RON).
    #[arg(required_unless_present = "load")]
    scenario: Option<PathBuf>,
    /// Take up a saved battle where it stopped, and play it on (its file, ruleset, sides and dice are the save's).
    #[arg(long, conflicts_with_all = ["scenario", "battle", "dice", "typed"])]
    load: Option<PathBuf>,
    /// Save the battle to this file when it stops (at its end, or after `--stop-after` decisions).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Stop once the battle has taken this many decisions, a loaded save's among them (with `--save`: a battle to
    /// take up later with `--load`).
    #[arg(long)]
    stop_after: Option<usize>,
    /// The battle's make-up (a scenario with a script plays its script; every side no script plays is the AI's).
    #[command(flatten)]
    battle: BattleArgs,
    /// Use these die faces in order, e.g. 23,27,8 (d100 faces 0–99, d10 faces 1–10, 0 reads as 10).
    #[arg(long, value_delimiter = ',', conflicts_with = "seed")]
    dice: Option<Vec<u32>>,
    /// Roll physical dice: each die is asked for on the terminal and its face typed in.
    #[arg(long, conflicts_with_all = ["seed", "dice"])]
    typed: bool,
    /// Print one JSON object per event instead of text.
    #[arg(long)]
    json: bool,
}

impl RunArgs {
    /// The battle asked for: the save taken up, or a new battle on the file with the dice asked for.
    fn request(&self) -> Result<BattleRequest, CliError> {
        if let Some(path) = &self.load {
            return Ok(Save::read(path)?.taken_up(path));
        }
        self.battle.refuse(&Part::without_players(WITHOUT_PLAYERS))?;
        let request = self.battle.request(&self.scenario.clone().unwrap_or_default());
        Ok(match (self.typed, &self.dice) {
            (true, _) => request.with_dice(DiceChoice::Typed),
            (false, Some(faces)) => request.with_dice(DiceChoice::Faces(faces.clone())),
            (false, None) => request,
        })
    }
}

/// Why `run` has no use for players' parts of a battle.
const WITHOUT_PLAYERS: &str = "`run` plays every side by the AI, headless (`--typed` types every die in); players are the window's (`skirmish play`)";

/// Plays to the end (or `--stop-after` decisions), prints the log and saves the battle where it stopped; bad input
/// is exit 2, a battle the rules stopped exit 1.
pub fn run(args: RunArgs) -> Result<(), CliError> {
    let started = crate::battle::start(&args.request()?, typed_dice)?;
    if let Some(warning) = &started.warning {
        eprintln!("warning: {warning}");
    }
    let request = started.request.clone();
    let (log, result, battle) = headless::play_started(started, args.stop_after.unwrap_or(usize::MAX));
    print_log(&log, args.json);
    let saved = match (&args.save, &battle) {
        (Some(path), Some(battle)) => Save::of(&request, battle).write(path),
        _ => Ok(()),
    };
    result.map_err(|e| CliError::Failed(e.to_string()))?;
    Ok(saved?)
}

/// Dice typed in on the terminal.
pub fn typed_dice() -> Box<dyn Dice + Send + Sync> {
    Box::new(TypedInDice::new(ask_for_face))
}

/// Asks on the terminal for one die's face until a face on that die is typed; `None` at the end of input.
fn ask_for_face(request: &DieRequest) -> Option<u32> {
    let range = if request.sides == 100 { "00–99".to_owned() } else { format!("1–{}", request.sides) };
    loop {
        eprint!("d{} for {} ({range}): ", request.sides, request.purpose);
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match crate::rules::engine::table::read_faces(&line, 1, request).as_deref() {
            Ok([face]) => return Some(*face),
            Ok(_) => eprintln!("  one face is wanted"),
            Err(why) => eprintln!("  {why}"),
        }
    }
}

/// Prints the log; stops quietly when the reader goes away (`skirmish run … | head`).
pub fn print_log(log: &Log, json: bool) {
    for event in &log.events {
        let written = match json {
            true => match scenario::json::event(log, event) {
                Ok(line) => say(format_args!("{line}\n")),
                Err(e) => {
                    eprintln!("error: {e}");
                    return;
                }
            },
            false => say(format_args!("{}\n", log.show(event))),
        };
        if !written {
            return;
        }
    }
}
