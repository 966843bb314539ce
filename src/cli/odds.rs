//! `skirmish odds`: the exact odds of one attack, the file's first scripted action or a plain attack between two
//! combatants, in the battle's starting state; as a table or one JSON object.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::args::{BattleArgs, Part};
use crate::stdout::say;

/// `skirmish odds`.
#[derive(Args, Clone, Debug)]
pub struct OddsArgs {
    /// The scenario or level file (RON).
    file: PathBuf,
    /// The battle whose starting state is priced (the odds are exact: no dice are rolled).
    #[command(flatten)]
    battle: BattleArgs,
    /// Who attacks.
    #[arg(long, requires = "target")]
    attacker: Option<String>,
    /// Whom.
    #[arg(long, requires = "attacker")]
    target: Option<String>,
    /// Print one JSON object instead of the table: every chance and distribution at full precision.
    #[arg(long)]
    json: bool,
}

/// The odds on standard output; bad input is exit 2.
pub fn odds(args: OddsArgs) -> Result<(), CliError> {
    let why = "`odds` prices an attack exactly, rolling no dice, with no players";
    let mut unused = Part::without_players(why).to_vec();
    unused.push((Part::Seed, why));
    args.battle.refuse(&unused)?;
    let scenario = args.battle.request(&args.file).scenario()?;
    let pair = args.attacker.as_deref().zip(args.target.as_deref());
    let odds = crate::lab::odds::odds(&scenario, pair)?;
    let text = match args.json {
        true => format!("{}\n", crate::lab::odds::json(&odds).map_err(|e| CliError::Input(e.to_string()))?),
        false => odds.to_string(),
    };
    say(text);
    Ok(())
}
