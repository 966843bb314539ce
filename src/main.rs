//! The `skirmish` command: parses the command line and runs a headless command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use skirmish::rules::dice::{Dice, ScriptedDice, SeededDice};
use skirmish::rules::outcome::Log;
use skirmish::scenario::{self, Scenario};

#[derive(Parser)]
#[command(
    name = "skirmish",
    version,
    about = "Tactical skirmishes with tabletop-RPG combat rules, every roll explained"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a scenario headless and print its log.
    Run {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// Seed the dice (default: the scenario's dice or seed, else a random seed, which is printed).
        #[arg(long, conflicts_with = "dice")]
        seed: Option<u64>,
        /// Use these die faces in order, e.g. 23,27,8 (d100 faces 0–99, d10 faces 1–10, 0 reads as 10).
        #[arg(long, value_delimiter = ',')]
        dice: Option<Vec<u32>>,
        /// Print one JSON object per event instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let Command::Run { scenario, seed, dice, json } = Cli::parse().command;
    let loaded = match scenario::load(&scenario) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut dice, label) = choose_dice(&loaded, seed, dice);
    let mut log = Log::default();
    let result = scenario::run(&loaded, dice.as_mut(), &label, &mut log);
    print_log(&log, json);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The command line's dice first, then the scenario's, then a random seed.
fn choose_dice(scenario: &Scenario, seed: Option<u64>, faces: Option<Vec<u32>>) -> (Box<dyn Dice>, String) {
    if let Some(faces) = faces.or_else(|| if seed.is_none() { scenario.dice.clone() } else { None }) {
        let label = format!("{} scripted faces", faces.len());
        return (Box::new(ScriptedDice::new(faces)), label);
    }
    match seed.or(scenario.seed) {
        Some(seed) => (Box::new(SeededDice::new(seed)), format!("seed {seed}")),
        None => {
            let seed = rand::random::<u64>();
            (Box::new(SeededDice::new(seed)), format!("random seed {seed}; replay with --seed {seed}"))
        }
    }
}

fn print_log(log: &Log, json: bool) {
    for event in &log.events {
        if json {
            match serde_json::to_string(event) {
                Ok(line) => println!("{line}"),
                Err(e) => eprintln!("error: cannot write an event as JSON: {e}"),
            }
        } else {
            println!("{event}");
        }
    }
}
