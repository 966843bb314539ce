//! `skirmish balance`: how fair every level in a folder is under every ruleset (the same AI on every side), and with
//! `--lesson` whether the hard AI clearly beats the easy one from every seat; a Markdown report, and with `--write`
//! its data (the menu's from seed 1, the tuning range; from another seed, seeds nobody tuned on) and docs/balance.md
//! showing both.

use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use crate::ai::Difficulty;
use crate::lab::balance::{self, Balance};
use crate::stdout::say;

/// `skirmish balance`.
#[derive(Args, Clone, Debug)]
pub struct BalanceArgs {
    /// The folder of levels.
    #[arg(long, default_value = "levels")]
    levels: PathBuf,
    /// Battles per level, ruleset and AI.
    #[arg(long, default_value_t = 200)]
    runs: u32,
    /// The first battle's seed; the next ones count up from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The AIs to measure with (each plays every side in its own battles).
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [Difficulty::Normal, Difficulty::Hard])]
    ai: Vec<Difficulty>,
    /// Also play the hard AI in each seat against the easy AI in every other (half the runs a seat).
    #[arg(long)]
    lesson: bool,
    /// Measure only this level (by file stem; repeatable); with `--write`, every other level's numbers are kept
    /// from assets/balance.ron.
    #[arg(long)]
    only: Vec<String>,
    /// Also write the report to docs/balance.md and the data to assets/balance.ron (the menu's: seeds from 1, the
    /// tuning range) or, from any other seed, to assets/balance-fresh.ron (seeds nobody tuned on, shown beside it).
    #[arg(long)]
    write: bool,
}

/// The report on standard output (and in docs/ and assets/ with `--write`), each row's progress on standard error;
/// exit 2 on a bad level, 1 if the rules refused an AI's action.
pub fn balance(args: BalanceArgs) -> Result<(), CliError> {
    let measured = measure(&args)?;
    let report = measured.markdown();
    say(&report);
    if args.write {
        write(balance::kept_for(args.seed), &measured.ron()?)?;
        write("docs/balance.md", &both()?)?;
    }
    match measured.rows.iter().any(|r| r.errors > 0) {
        true => Err(CliError::Reported { what: "the rules refused an AI's action", code: 1 }),
        false => Ok(()),
    }
}

/// The levels asked for, measured (laid over the kept report when only some are measured and written).
fn measure(args: &BalanceArgs) -> Result<Balance, CliError> {
    let mut levels = balance::levels_of(&args.levels)?;
    if let Some(unknown) = args.only.iter().find(|o| !levels.iter().any(|(stem, _)| stem == *o)) {
        let stems: Vec<&str> = levels.iter().map(|(s, _)| s.as_str()).collect();
        let known = stems.join(", ");
        return Err(CliError::Input(format!("no level `{unknown}` in {}: it has {known}", args.levels.display())));
    }
    levels.retain(|(stem, _)| args.only.is_empty() || args.only.contains(stem));
    let runs = (args.runs, args.seed);
    let mut measured = balance::measure(&levels, &args.ai, runs, &mut |row| {
        eprintln!("{} {:?} {:?}: {}", row.level, row.ruleset, row.ai, row.cell());
    })?;
    if args.lesson {
        measured.lessons = balance::lessons(&levels, (runs.0 / 2, runs.1), &mut |l| {
            eprintln!("{} {:?} hard {}: {}", l.level, l.ruleset, l.seat, l.cell());
        })?;
    }
    match args.only.is_empty() || !args.write {
        true => Ok(measured),
        false => Ok(measured.over(kept(args.seed)?)?),
    }
}

/// The measurement from `first_seed` that `skirmish balance --write` kept last, which `--only` lays its levels over.
fn kept(first_seed: u64) -> Result<Balance, CliError> {
    let path = Path::new(balance::kept_for(first_seed));
    let missing = || CliError::Input(format!("{}: no such file (measure every level first)", path.display()));
    Balance::read(path)?.ok_or_else(missing)
}

/// docs/balance.md: the tuning range's report, with the seeds nobody tuned on beside it when they were measured.
fn both() -> Result<String, CliError> {
    let fresh = Balance::read(Path::new(balance::FRESH))?;
    Ok(kept(balance::TUNED_FROM)?.markdown_with(fresh.as_ref()))
}

/// Writes `text` to the file at `path` (relative to where the command runs).
fn write(path: &str, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::Input(format!("{path}: {e}")))
}
