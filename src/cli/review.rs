//! `skirmish review SAVE`: a saved battle's decision review (`lab/review.rs`): the win chance before each decision,
//! after the choice and after its dice, the hard AI's choice where it differs, and the biggest swings of choice and
//! of luck, as Markdown or JSON.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::battle::save::Save;
use crate::lab::review;
use crate::lab::sim::Progress;
use crate::stdout::say;

/// `skirmish review`.
#[derive(Args, Clone, Debug)]
pub struct ReviewArgs {
    /// The saved battle (RON): an autosave, a save you named, an online host's autosave.
    save: PathBuf,
    /// How many battles each win chance rests on (played out by the hard AI on every side); more is steadier and
    /// slower. By default 100, and fewer on a battle of more than 12 combatants (the war zone: about 3,000 battles
    /// in all).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    runs: Option<u32>,
    /// Print one JSON object instead of Markdown: every estimate as each side's chance (0–1).
    #[arg(long)]
    json: bool,
}

/// The review on standard output; a save that does not read or replay is exit 2.
pub fn review(args: ReviewArgs) -> Result<(), CliError> {
    let save = Save::read(&args.save)?;
    let reviewed = review::review(&save, args.runs, &Progress::default())?;
    match args.json {
        true => say(format!("{}\n", reviewed.to_json())),
        false => say(reviewed.to_string()),
    };
    Ok(())
}
