//! `skirmish verify SAVE`: checks that every die face in a saved battle came from its seed, in order (faces typed in
//! by hand named as such), and that the seed is the one the host committed to in the lobby (`battle/verify.rs`).

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::battle::save::Save;
use crate::battle::verify::verify as check;

/// `skirmish verify`.
#[derive(Args, Clone, Debug)]
pub struct VerifyArgs {
    /// The saved battle (an online battle's, as the end of the battle gave it, or any save)
    save: PathBuf,
    /// The commitment the lobby showed (its hash, in hex; the first 16 digits will do): the save's must be it
    #[arg(long)]
    commitment: Option<String>,
}

/// Says whether the dice check: exit 0 when they do, 1 when a face or the commitment does not, 2 on bad input.
pub fn verify(args: VerifyArgs) -> Result<(), CliError> {
    let save = Save::read(&args.save)?;
    let shown = args.commitment.map(|c| c.trim().to_lowercase());
    // A hash read aloud from the lobby may be its first digits: it stands for the save's where they agree.
    let shown = shown.map(|c| match &save.battle.commitment {
        Some(saved) if c.len() >= 16 && saved.hash.starts_with(&c) => saved.hash.clone(),
        _ => c,
    });
    let checked = check(&save, shown.as_deref()).map_err(|e| CliError::Input(e.to_string()))?;
    match checked.passed() {
        true => {
            crate::stdout::say(format!("{}\n", checked.verdict()));
            Ok(())
        }
        false => Err(CliError::Failed(checked.verdict())),
    }
}
