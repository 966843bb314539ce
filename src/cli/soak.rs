//! `skirmish soak`: a robustness soak of seeded AI-against-AI battles of every level, ruleset, scenario and
//! difficulty, each saved, read back and replayed to the same end.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::lab::soak;
use crate::stdout::say;

/// `skirmish soak`.
#[derive(Args, Clone, Debug)]
pub struct SoakArgs {
    /// How many battles in all, spread evenly over the cases.
    #[arg(long, default_value_t = 1000)]
    battles: u32,
    /// The first seed of each case; the next ones count up from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The folder of levels.
    #[arg(long, default_value = "levels")]
    levels: PathBuf,
    /// The folder of scenarios.
    #[arg(long, default_value = "scenarios")]
    scenarios: PathBuf,
}

/// The report on standard output, progress on standard error; exit 1 on a finding, 2 on bad input.
pub fn soak(args: SoakArgs) -> Result<(), CliError> {
    let cases = soak::cases(&args.levels, &args.scenarios)?;
    if cases.is_empty() {
        let (levels, scenarios) = (args.levels.display(), args.scenarios.display());
        return Err(CliError::Input(format!("no level in {levels} and no scenario in {scenarios}")));
    }
    let battles = args.battles;
    let step = (battles / 20).max(1);
    let tick = |done: u32| {
        if done.is_multiple_of(step) {
            eprintln!("{done} of {battles} battles");
        }
    };
    let report = soak::soak(&cases, battles, args.seed, &tick);
    say(report.report());
    match report.findings.is_empty() {
        true => Ok(()),
        false => Err(CliError::Reported { what: "the soak found something", code: 1 }),
    }
}
