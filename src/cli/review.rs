//! `skirmish review SAVE`: a saved battle's decision review (`lab/review.rs`): the win chance before each decision,
//! after the choice and after its dice, the hard AI's (or with `--by expert` the expert's) choice where it differs,
//! and the biggest swings of choice and of luck, as Markdown or JSON.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::ai::expert::Think;
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
    /// Whose choice each decision is held against: the hard AI's (at once) or the expert's (it plays the battle
    /// out from its best few choices: `--think` seconds a decision, two cores).
    #[arg(long, value_enum, default_value_t = By::Hard)]
    by: By,
    /// How long the expert thinks over each decision, in seconds (0.1 to 60).
    #[arg(long, default_value_t = 2.0, value_parser = super::args::parse_think)]
    think: f32,
    /// Print one JSON object instead of Markdown: every estimate as each side's chance (0–1).
    #[arg(long)]
    json: bool,
}

/// `--by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum By {
    Hard,
    Expert,
}

/// The review on standard output; a save that does not read or replay is exit 2.
pub fn review(args: ReviewArgs) -> Result<(), CliError> {
    let save = Save::read(&args.save)?;
    let by = match args.by {
        By::Hard => review::Reviewer::Hard,
        By::Expert => review::Reviewer::Expert(Think::seconds(args.think)),
    };
    let reviewed = review::review(&save, args.runs, by, &Progress::default())?;
    match args.json {
        true => say(format!("{}\n", reviewed.to_json())),
        false => say(reviewed.to_string()),
    };
    Ok(())
}
