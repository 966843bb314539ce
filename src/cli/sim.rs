//! `skirmish sim`: many seeded battles of a level played AI against AI on every core, each side's win rate with its
//! 95 % interval (text or CSV), one battle's log (`--show`), or the AI ladder (`--ladder`).

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, Part};
use super::run::print_log;
use crate::battle::BattleRequest;
use crate::battle::no_typing;
use crate::lab::{ladder, sim};
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::{FileError, Scenario, level};
use crate::stdout::say;

/// `skirmish sim`.
#[derive(Args, Clone, Debug)]
pub struct SimArgs {
    /// The level (or scenario) file (RON).
    level: PathBuf,
    /// The battle every run plays (`--seed`: the first battle's, the next ones counting up from it; default 1).
    #[command(flatten)]
    battle: BattleArgs,
    /// How many battles.
    #[arg(long, default_value_t = 100)]
    runs: u32,
    /// Print the log of the battle with this seed instead (to see how the AIs played it).
    #[arg(long)]
    show: Option<u64>,
    /// Print the numbers as CSV, a row a side (win rate, its 95 % interval, casualties, turns).
    #[arg(long, conflicts_with = "show")]
    csv: bool,
    /// Play the AI ladder instead: hard against easy, normal against easy and hard against normal, `--runs` battles
    /// each way round under each ruleset (or `--ruleset`), as a Markdown table.
    #[arg(long, conflicts_with_all = ["show", "csv", "ai", "sides"])]
    ladder: bool,
}

impl SimArgs {
    /// The battle every run plays: the level under the ruleset asked for, with the characters joining, the AIs as
    /// asked.
    fn request(&self) -> Result<BattleRequest, CliError> {
        self.battle.refuse(&Part::without_players(WITHOUT_PLAYERS))?;
        Ok(self.battle.request(&self.level))
    }

    /// The first battle's seed.
    fn seed(&self) -> u64 {
        self.battle.seed.unwrap_or(1)
    }
}

/// Why `sim` has no use for players' parts of a battle.
const WITHOUT_PLAYERS: &str = "`sim` plays every side by the AI; players are the window's (`skirmish play`)";

/// The report (or one battle's log, or the ladder); exit 2 on bad input, 1 if the rules refused an AI's action.
pub fn sim(args: SimArgs) -> Result<(), CliError> {
    if args.ladder {
        return climb(&args);
    }
    let request = args.request()?;
    let started = crate::battle::start(&request, no_typing)?;
    let minds = request.minds();
    if let Some(seed) = args.show {
        print_log(&sim::one_log(&started.scenario, seed, &minds), false);
        return Ok(());
    }
    let report = sim::simulate_begun(&started.scenario, &started.setup, args.runs, args.seed(), &minds);
    match args.csv {
        true => {
            say(report.to_csv().map_err(|e| CliError::Failed(e.to_string()))?);
            // The CSV has no room for them: the battles where the rules refused an action, on standard error.
            for o in report.outcomes.iter().filter(|o| o.error.is_some()) {
                eprintln!("seed {}: {}", o.seed, o.error.as_deref().unwrap_or_default());
            }
        }
        false => {
            say(&report);
        }
    }
    match report.outcomes.iter().any(|o| o.error.is_some()) {
        true => Err(CliError::Reported { what: "the rules refused an AI's action", code: 1 }),
        false => Ok(()),
    }
}

/// The ladder: the table on standard output, each pairing's progress on standard error.
fn climb(args: &SimArgs) -> Result<(), CliError> {
    let request = args.request()?;
    let first = request.scenario()?;
    // A level is played under every ruleset it plays under (or the one asked for), a scenario under its own.
    let level = level::load(&args.level).ok();
    let rulesets = match (args.battle.ruleset, &level) {
        (None, Some(level)) => level.rulesets(),
        _ => vec![first.ruleset_id()],
    };
    let scenario_of = |r: RulesetId| -> Result<Scenario, FileError> {
        match level.is_some() {
            true => BattleRequest { ruleset: Some(r), ..request.clone() }.scenario(),
            false => Ok(first.clone()),
        }
    };
    let runs = (args.runs, args.seed());
    let rungs = ladder::climb(&rulesets, &scenario_of, runs, &mut |r| {
        eprintln!("{:?} {} vs {}: {}", r.ruleset, r.upper, r.lower, r.cell());
    })?;
    say(ladder::markdown(&first.name, &rungs, runs));
    match rungs.iter().any(|r| r.errors > 0) {
        true => Err(CliError::Reported { what: "the rules refused an AI's action", code: 1 }),
        false => Ok(()),
    }
}
