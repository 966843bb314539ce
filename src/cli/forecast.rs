//! `skirmish forecast`: how will this fight go? The group's own fight (level, ruleset, characters joining, options)
//! played a few hundred times with the hard AI on every side (`lab/forecast.rs`): each side's chance to win and the
//! casualties to expect, and the one change that brings the party's chance nearest the GM's target.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, Part};
use crate::lab::forecast;
use crate::scenario::level;
use crate::stdout::say;

/// `skirmish forecast`.
#[derive(Args, Clone, Debug)]
pub struct ForecastArgs {
    /// The level (or scenario) file (RON).
    level: PathBuf,
    /// The fight (`--seed`: the first battle's, the next ones counting up from it; default 1).
    #[command(flatten)]
    battle: BattleArgs,
    /// The party: the side whose chance the GM tunes (default: the first side).
    #[arg(long)]
    party: Option<String>,
    /// The party's chance to win the GM wants, in percent (60: a fight the party should win, not a walk-over).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(0..=100))]
    target: u32,
    /// Battles for the fight as it is, and for each change tried.
    #[arg(long, default_value_t = 200)]
    runs: u32,
}

/// Why `forecast` has no use for players' parts of a battle.
const WITHOUT_PLAYERS: &str = "`forecast` plays every side by the hard AI";

/// The forecast on standard output, each change's numbers on standard error as it is played; exit 2 on bad input,
/// 1 if the rules refused an AI's action.
pub fn forecast(args: ForecastArgs) -> Result<(), CliError> {
    args.battle.refuse(&Part::without_players(WITHOUT_PLAYERS))?;
    let request = args.battle.request(&args.level);
    let scenario = request.scenario()?;
    let party = args.party.clone().or_else(|| scenario.sides().first().map(|s| s.to_string())).unwrap_or_default();
    if !scenario.sides().contains(&party.as_str()) {
        let sides = scenario.sides().join(", ");
        return Err(CliError::Input(format!("--party {party}: the battle's sides are {sides}")));
    }
    let level = level::load(&args.level).ok();
    let (seed, target) = (args.battle.seed.unwrap_or(1), f64::from(args.target) / 100.0);
    let mut errors = 0;
    let report = forecast::forecast(&scenario, level.as_ref(), (&party, target), (args.runs, seed), &mut |c, p| {
        errors += p.errors;
        eprintln!("{c}: {party} wins {:.0} %", p.rate(&party) * 100.0);
        true
    });
    say(&report);
    match errors + report.now.errors {
        0 => Ok(()),
        _ => Err(CliError::Reported { what: "the rules refused an AI's action", code: 1 }),
    }
}
