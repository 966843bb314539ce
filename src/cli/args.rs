//! The argument groups the commands share, flattened into each (`#[command(flatten)]`): a battle's make-up, which
//! every command that starts battles takes (`play`, `run`, `sim`, `host`, `odds`), each refusing with its reason
//! what it has no use for (the window's dev tools are `dev.rs`'s); and the parsers of `SIDE=…` values.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::CliError;
use crate::ai::{Difficulty, Minds};
use crate::battle::{BattleRequest, DiceChoice};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::tools::told::OddsTold;
use crate::scenario::character::Guest;
use crate::scenario::reserve::{Recruit, Reinforcement};

/// A battle's make-up: its rules, the sides present, the dice's seed, the players' own characters joining, who plays
/// each side, fog, dice by hand and strict play. One group for every command that starts battles, so that a flag
/// means the same everywhere; a command that has no use for one says so ([`BattleArgs::refuse`]).
#[derive(Args, Clone, Debug)]
#[group(id = "battle")]
pub struct BattleArgs {
    /// The ruleset a level is played under (scenarios name their own).
    #[arg(long, value_enum)]
    pub ruleset: Option<RulesetId>,
    /// The ruleset's options in RON, e.g. `(mos_rule: RollIsMoS)` or `(surprise: (alerted: []))`.
    #[arg(long)]
    pub options: Option<String>,
    /// Leave this side out of the battle (a level of three or four sides played by fewer; repeatable).
    #[arg(long)]
    pub absent: Vec<String>,
    /// Seed the dice (default: the file's own dice or seed, else random, printed; `sim`: the first battle's seed,
    /// the next ones counting up from it, default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A character of your own joins a side of the level, e.g. `--character Crew=gran.ron` (its ruleset is the
    /// battle's; repeatable).
    #[arg(long = "character", value_parser = parse_character)]
    pub characters: Vec<(String, PathBuf)>,
    /// A reinforcement waiting off the map until the GM brings it in (the GM panel), e.g. `--reserve Gang=heavy`
    /// (an archetype) or `--reserve Gang=mara.ron` (a character file); repeatable.
    #[arg(long = "reserve", value_parser = parse_reserve)]
    pub reserve: Vec<Reinforcement>,
    /// Command this side yourself (repeat for hotseat); the AI plays the others.
    #[arg(long)]
    pub human: Vec<String>,
    /// A player's name for a side, e.g. `--name Crew=Ana` (hotseat: the hand-over screen calls them by it).
    #[arg(long = "name", value_parser = parse_name)]
    pub names: Vec<(String, String)>,
    /// The AI of every side no player commands and `--side` does not name.
    #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
    pub ai: Difficulty,
    /// One side's AI, e.g. `--side Gang=hard` (repeat for more sides).
    #[arg(long = "side", value_parser = parse_side)]
    pub sides: Vec<(String, Difficulty)>,
    /// Seconds the expert AI thinks over each decision (counted in battles played out, as many as take that long on
    /// 2 cores, so the same on any machine)
    #[arg(long, default_value_t = 2.0, value_parser = parse_think)]
    pub think: f32,
    /// Fog of war: each player sees only what the units of the side whose turn it is can see.
    #[arg(long)]
    pub fog: bool,
    /// Roll this side's dice yourself and type the faces in (a side you command; repeatable); the AI's dice stay
    /// seeded.
    #[arg(long)]
    pub by_hand: Vec<String>,
    /// Strict play: no undo.
    #[arg(long)]
    pub strict: bool,
    /// A game master runs the battle at this screen: sees every unit and changes wounds, statuses, places,
    /// ammunition by hand (the GM panel), each change in the battle's record.
    #[arg(long)]
    pub gm: bool,
    /// How much of the odds the players are told: exact numbers, rough bands ("unlikely / even / likely / near
    /// certain"), or none (no odds, heat map, what-if or win chance).
    #[arg(long, value_enum, default_value_t = OddsTold::Exact)]
    pub odds: OddsTold,
    /// The GM rolls this side's dice behind the screen: the players are told how each roll went, not its pool or
    /// faces (repeatable).
    #[arg(long)]
    pub behind_screen: Vec<String>,
    /// This player's side is asked how its combatants defend when attacked, where the rules give a choice (a full
    /// defense, which defense test): the choices are shown with their odds (repeatable; the others decide by
    /// themselves).
    #[arg(long)]
    pub ask_defense: Vec<String>,
}

/// A part of a battle's make-up that a command may have no use for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Seed,
    Human,
    Name,
    Fog,
    ByHand,
    Strict,
    Gm,
}

impl BattleArgs {
    /// The battle on `file` this make-up asks for.
    pub fn request(&self, file: &Path) -> BattleRequest {
        let request = BattleRequest::new(file, self.ruleset, self.ai).with_minds(self.minds());
        BattleRequest {
            options: self.options.clone(),
            absent: self.absent.clone(),
            dice: self.seed.map_or(DiceChoice::Auto, DiceChoice::Seed),
            humans: self.human.clone(),
            names: self.names.iter().cloned().collect(),
            fog: self.fog,
            by_hand: self.by_hand.clone(),
            strict: self.strict,
            gm: self.gm,
            odds: self.odds,
            behind_screen: self.behind_screen.clone(),
            asked: self.ask_defense.clone(),
            characters: self.characters.iter().map(|(side, file)| Guest::new(side, file)).collect(),
            reserve: self.reserve.clone(),
            ..request
        }
    }

    /// Which difficulty plays each side.
    pub fn minds(&self) -> Minds {
        let think = crate::ai::expert::Think::seconds(self.think);
        Minds { sides: self.sides.iter().cloned().collect(), default: self.ai, think, fog: self.fog }
    }

    /// The same make-up as `skirmish run` takes it: its arguments, each as a shell reads it. What `run` has no use
    /// for (players, fog, dice by hand) is left out.
    pub fn as_run(&self) -> String {
        let name = |v: &dyn Fn() -> Option<clap::builder::PossibleValue>| v().map(|v| v.get_name().to_owned());
        let mut words = Vec::new();
        let mut add = |flag: &str, value: String| words.extend([format!("--{flag}"), shell_word(&value)]);
        if let Some(ruleset) = self.ruleset {
            add("ruleset", name(&|| ruleset.to_possible_value()).unwrap_or_default());
        }
        if let Some(options) = &self.options {
            add("options", options.clone());
        }
        self.absent.iter().for_each(|side| add("absent", side.clone()));
        if let Some(seed) = self.seed {
            add("seed", seed.to_string());
        }
        for (side, file) in &self.characters {
            add("character", format!("{side}={}", file.display()));
        }
        for r in &self.reserve {
            let what = match &r.from {
                Recruit::Archetype(a) => a.clone(),
                Recruit::File { file, .. } => file.display().to_string(),
            };
            add("reserve", format!("{}={what}", r.side));
        }
        if self.ai != Difficulty::Normal {
            add("ai", name(&|| self.ai.to_possible_value()).unwrap_or_default());
        }
        if self.think != 2.0 {
            add("think", self.think.to_string());
        }
        for (side, ai) in &self.sides {
            add("side", format!("{side}={}", name(&|| ai.to_possible_value()).unwrap_or_default()));
        }
        words.join(" ")
    }

    /// Bad input if a part the command has no use for was given: `unused` names each such part with why.
    pub fn refuse(&self, unused: &[(Part, &str)]) -> Result<(), CliError> {
        match unused.iter().find(|(part, _)| self.given(*part)) {
            Some((part, why)) => Err(CliError::Input(format!("--{}: {why}", part.flag()))),
            None => Ok(()),
        }
    }

    /// Whether the command line gave `part`.
    fn given(&self, part: Part) -> bool {
        match part {
            Part::Seed => self.seed.is_some(),
            Part::Human => !self.human.is_empty(),
            Part::Name => !self.names.is_empty(),
            Part::Fog => self.fog,
            Part::ByHand => !self.by_hand.is_empty(),
            Part::Strict => self.strict,
            Part::Gm => self.gm,
        }
    }
}

impl Part {
    /// The flag that gives it.
    fn flag(self) -> &'static str {
        match self {
            Part::Seed => "seed",
            Part::Human => "human",
            Part::Name => "name",
            Part::Fog => "fog",
            Part::ByHand => "by-hand",
            Part::Strict => "strict",
            Part::Gm => "gm",
        }
    }

    /// What a command without players refuses (`run`, `sim`, `odds`): `what` says what the command does instead.
    pub fn without_players(what: &'static str) -> [(Part, &'static str); 6] {
        [
            (Part::Human, what),
            (Part::Name, what),
            (Part::Fog, what),
            (Part::ByHand, what),
            (Part::Strict, what),
            (Part::Gm, what),
        ]
    }
}

/// `text` as one word of a shell's command line: as it is when it has nothing a shell reads otherwise, else quoted.
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./=:,+-".contains(c);
    match !text.is_empty() && text.chars().all(plain) {
        true => text.to_owned(),
        false => format!("'{}'", text.replace('\'', r"'\''")),
    }
}

/// `SIDE=NAME`, as `--name` takes it.
pub fn parse_name(text: &str) -> Result<(String, String), String> {
    let (side, name) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=NAME, e.g. Crew=Ana"))?;
    Ok((side.trim().to_owned(), name.trim().to_owned()))
}

/// `SIDE=FILE`, as `--character` takes it: a file not found where the command runs is looked for among the content
/// folder's characters, where `skirmish import` and the character editor put them (`--character Crew=razor.ron`).
pub fn parse_character(text: &str) -> Result<(String, PathBuf), String> {
    let (side, file) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=FILE, e.g. Crew=gran.ron"))?;
    let file = PathBuf::from(file.trim());
    let yours = crate::scenario::content::user_folder().map(|folder| folder.join("characters").join(&file));
    let file = match yours {
        Some(yours) if !file.exists() && yours.exists() => yours,
        _ => file,
    };
    Ok((side.trim().to_owned(), file))
}

/// `SIDE=ARCHETYPE` or `SIDE=FILE`, as `--reserve` takes it: a word with no extension that names no file is an
/// archetype; a file is found as `--character` finds it.
pub fn parse_reserve(text: &str) -> Result<Reinforcement, String> {
    let (side, file) =
        parse_character(text).map_err(|_| format!("`{text}`: give SIDE=ARCHETYPE or SIDE=FILE, e.g. Gang=heavy"))?;
    if !file.exists() && file.extension().is_none() {
        return Ok(Reinforcement::archetype(&side, &file.to_string_lossy()));
    }
    Ok(Reinforcement::character(&side, &file))
}

/// `SIDE=DIFFICULTY`, as `--side` takes it.
pub fn parse_side(text: &str) -> Result<(String, Difficulty), String> {
    let (side, level) =
        text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=easy, =normal, =hard or =expert"))?;
    let level =
        Difficulty::from_str(level.trim(), true).map_err(|_| format!("`{level}`: easy, normal, hard or expert"))?;
    Ok((side.trim().to_owned(), level))
}

/// `--think`: seconds, a tenth to a minute.
pub fn parse_think(text: &str) -> Result<f32, String> {
    match text.trim().trim_end_matches('s').parse::<f32>() {
        Ok(seconds) if (0.1..=60.0).contains(&seconds) => Ok(seconds),
        _ => Err(format!("`{text}`: give the seconds the expert thinks, 0.1 to 60 (e.g. 2 or 0.5)")),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_with_what_a_shell_reads_otherwise_is_quoted() {
        assert_eq!(shell_word("levels/street.ron"), "levels/street.ron");
        assert_eq!(shell_word("Crew=gran.ron"), "Crew=gran.ron");
        assert_eq!(shell_word("(mos_rule: RollIsMoS)"), "'(mos_rule: RollIsMoS)'");
        assert_eq!(shell_word("Ann's side"), r"'Ann'\''s side'");
        assert_eq!(shell_word(""), "''");
    }
}
