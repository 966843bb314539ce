//! The argument groups several commands share, flattened into each (`#[command(flatten)]`): the ruleset and its
//! options, and the AIs of the sides (the window's dev tools are `dev.rs`'s); and the parsers of `SIDE=…` values.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::ai::{Difficulty, Minds};
use crate::battle::BattleRequest;
use crate::rules::any::RulesetId;

/// The ruleset a level is played under, its options, and the sides left out.
#[derive(Args, Clone, Debug, Default)]
pub struct RulesetArgs {
    /// The ruleset a level is played under (scenarios name their own).
    #[arg(long, value_enum)]
    pub ruleset: Option<RulesetId>,
    /// The ruleset's options in RON, e.g. `(mos_rule: RollIsMoS)` or `(surprise: (alerted: []))`.
    #[arg(long)]
    pub options: Option<String>,
    /// Leave this side out of the battle (a level of three or four sides played by fewer; repeatable).
    #[arg(long)]
    pub absent: Vec<String>,
}

impl RulesetArgs {
    /// A request for a battle on `file` under these rules, every side played by the AI at `ai`.
    pub fn request(&self, file: &Path, ai: Difficulty) -> BattleRequest {
        let request = BattleRequest::new(file, self.ruleset, ai);
        BattleRequest { options: self.options.clone(), absent: self.absent.clone(), ..request }
    }
}

/// The AI of each side no player commands.
#[derive(Args, Clone, Debug)]
pub struct AiArgs {
    /// The AI of every side no player commands and `--side` does not name.
    #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
    pub ai: Difficulty,
    /// One side's AI, e.g. `--side Gang=hard` (repeat for more sides).
    #[arg(long = "side", value_parser = parse_side)]
    pub sides: Vec<(String, Difficulty)>,
}

impl AiArgs {
    /// Which difficulty plays each side.
    pub fn minds(&self) -> Minds {
        Minds { sides: self.sides.iter().cloned().collect(), default: self.ai }
    }
}

/// `SIDE=NAME`, as `--name` takes it.
pub fn parse_name(text: &str) -> Result<(String, String), String> {
    let (side, name) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=NAME, e.g. Crew=Ana"))?;
    Ok((side.trim().to_owned(), name.trim().to_owned()))
}

/// `SIDE=FILE`, as `--character` takes it.
pub fn parse_character(text: &str) -> Result<(String, PathBuf), String> {
    let (side, file) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=FILE, e.g. Crew=gran.ron"))?;
    Ok((side.trim().to_owned(), PathBuf::from(file.trim())))
}

/// `SIDE=DIFFICULTY`, as `--side` takes it.
pub fn parse_side(text: &str) -> Result<(String, Difficulty), String> {
    let (side, level) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=easy, =normal or =hard"))?;
    let level = Difficulty::from_str(level.trim(), true).map_err(|_| format!("`{level}`: easy, normal or hard"))?;
    Ok((side.trim().to_owned(), level))
}

/// `--ui-scale`: a number in the range the window lays out.
pub fn parse_ui_scale(text: &str) -> Result<f32, String> {
    let range = crate::ui::settings::TEXT_RANGE;
    let scale = match text.trim().strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f32>().map(|n| n / 100.0),
        None => text.trim().parse::<f32>(),
    };
    match scale {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("`{text}` is not a UI scale: give 0.75 to 2 (or 75% to 200%), e.g. 1.5")),
    }
}
