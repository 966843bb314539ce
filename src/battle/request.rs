//! The one description of a battle: the level or scenario (or the save it is taken up from), the ruleset and its
//! options, the sides present, who plays each side, the players' names, the dice and the sides that roll by hand,
//! fog, strict play and the players' own characters joining. The command line, the menu, the level editor, a save's
//! *Continue* and *Watch*, and the host each build one; [`super::start`] begins the battle from it, and a save keeps
//! it (its `battle`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ai::{Difficulty, Minds};
use crate::rules::any_ruleset::any::{AnyAction, RulesetId};
use crate::rules::engine::battle::Recorded;
use crate::rules::engine::dice::{Dice, ScriptedDice, SeededDice};
use crate::rules::tools::told::OddsTold;
use crate::scenario::character::Guest;
use crate::scenario::reserve::{self, Reinforcement};
use crate::scenario::{FileError, Scenario};
use crate::scenario::{content, files};

/// A battle asked for. What a save keeps of it is everything but `resume` (a save is its own record).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRequest {
    /// The level or scenario file.
    pub file: PathBuf,
    /// A digest of the file's text when the battle began (FNV-1a, in hex): a changed file is said on loading.
    pub digest: String,
    #[serde(default)]
    pub ruleset: Option<RulesetId>,
    /// The ruleset's options in RON, as given (`--options`).
    #[serde(default)]
    pub options: Option<String>,
    /// The sides left out of the battle.
    #[serde(default)]
    pub absent: Vec<String>,
    pub dice: DiceChoice,
    /// How the battle's first line names its dice (a replayed battle's log is the same, line for line): given when
    /// the battle first starts, kept when it is played again.
    pub dice_label: String,
    /// The sides commanded by players; the AI plays the others, at `ai` unless `sides` names another difficulty.
    #[serde(default)]
    pub humans: Vec<String>,
    pub ai: Difficulty,
    #[serde(default)]
    pub sides: BTreeMap<String, Difficulty>,
    /// How long an expert AI thinks over each decision, in milliseconds of the 2-core machine it was measured on
    /// (`--think`; counted in decisions played out, so a battle goes on from its save as it would have).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u32>,
    /// The players' names by side.
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    /// The players' sides whose dice they roll by hand and type in (the faces are kept in the save).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_hand: Vec<String>,
    /// The players' sides whose players are asked how their combatants defend when attacked, where the rules give
    /// a choice (`combat/defend.rs`); the others decide by themselves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<String>,
    /// Fog of war.
    #[serde(default)]
    pub fog: bool,
    /// Strict play: no undo.
    #[serde(default)]
    pub strict: bool,
    /// A game master runs the battle at this screen: sees every unit and changes the battle by hand (the GM panel).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gm: bool,
    /// The sides whose dice the GM rolls behind the screen: players are told how those rolls went, not the rolls
    /// (`rules/tools/screen.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub behind_screen: Vec<String>,
    /// How much of the odds the players are told: exact, rough bands or none (`rules/tools/told.rs`).
    #[serde(default, skip_serializing_if = "OddsTold::is_exact")]
    pub odds: OddsTold,
    /// The players' own characters joining the level's sides (their files).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub characters: Vec<Guest>,
    /// Reinforcements waiting off the map until the GM brings them in (`scenario/reserve.rs`): one the GM adds in
    /// the middle of a battle joins this list, and the battle is rebuilt from its save with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve: Vec<Reinforcement>,
    /// An online battle's dice, committed to before it began: the hash every player was shown in the lobby and the
    /// salt that, with the seed, makes it (`verify.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<super::commitment::Commitment>,
    /// A saved battle's decisions, to take it up where it stopped instead of from its start.
    #[serde(skip)]
    pub resume: Option<Box<Resume>>,
}

/// Where a battle's dice come from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum DiceChoice {
    /// The file's own faces or seed, else a random seed: the start chooses, and the request it returns names them.
    #[default]
    Auto,
    /// A seeded generator.
    Seed(u64),
    /// These faces in order (`--dice`, a scenario's own).
    Faces(Vec<u32>),
    /// Every die typed in by a player.
    Typed,
}

/// A saved battle to take up: its decisions with every face rolled, and the file it is saved on to.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    pub record: Vec<Recorded<AnyAction>>,
    pub faces: Vec<u32>,
    /// Where the faces typed in by a player stand among `faces`.
    pub typed: BTreeSet<usize>,
    /// The save's file.
    pub path: PathBuf,
}

impl BattleRequest {
    /// A battle on `file` (its digest taken now; under `ruleset`, for a level), every side played by the AI at `ai`,
    /// with the file's own dice or a random seed.
    pub fn new(file: &Path, ruleset: Option<RulesetId>, ai: Difficulty) -> Self {
        BattleRequest {
            file: file.to_owned(),
            digest: content::digest_of(file).unwrap_or_default(),
            ruleset,
            options: None,
            absent: Vec::new(),
            dice: DiceChoice::Auto,
            dice_label: String::new(),
            humans: Vec::new(),
            ai,
            sides: BTreeMap::new(),
            think_ms: None,
            names: BTreeMap::new(),
            by_hand: Vec::new(),
            asked: Vec::new(),
            fog: false,
            strict: false,
            gm: false,
            odds: OddsTold::Exact,
            behind_screen: Vec::new(),
            characters: Vec::new(),
            reserve: Vec::new(),
            commitment: None,
            resume: None,
        }
    }

    /// The same battle with these dice (named anew when it starts).
    pub fn with_dice(self, dice: DiceChoice) -> Self {
        BattleRequest { dice, dice_label: String::new(), ..self }
    }

    /// The same battle with each side's AI as `minds` says.
    pub fn with_minds(self, minds: Minds) -> Self {
        let think_ms = (minds.think != Default::default()).then_some(minds.think.millis);
        BattleRequest { ai: minds.default, sides: minds.sides, think_ms, ..self }
    }

    /// The scenario the battle is fought on, as the file reads now.
    pub fn scenario(&self) -> Result<Scenario, FileError> {
        let mut scenario = files::load_battle_with(
            &self.file,
            self.ruleset,
            (self.options.as_deref(), &self.absent),
            &self.characters,
        )?;
        reserve::join(&mut scenario, &self.file, &self.reserve)?;
        Ok(scenario)
    }

    /// The AI's difficulty for each side (and whether an expert thinks under fog).
    pub fn minds(&self) -> Minds {
        let think = self.think_ms.map_or_else(Default::default, |millis| crate::ai::expert::Think { millis });
        Minds { sides: self.sides.clone(), default: self.ai, think, fog: self.fog }
    }

    /// The battle's own dice from its start: `typed` asks a player (typed-in dice have no other source).
    pub fn dice(&self, typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>) -> Box<dyn Dice + Send + Sync> {
        self.dice.dice(typed)
    }

    /// Every side the request names (players, AIs, names, dice by hand, characters, sides left out): each must be
    /// one of the battle's.
    pub fn named_sides(&self) -> impl Iterator<Item = &String> {
        let named = self.humans.iter().chain(self.sides.keys()).chain(self.names.keys()).chain(&self.by_hand);
        let named = named.chain(&self.behind_screen).chain(&self.asked);
        named.chain(self.characters.iter().map(|g| &g.side)).chain(self.reserve.iter().map(|r| &r.side))
    }

    /// The digest of the file as it reads now.
    pub fn digest_now(&self) -> String {
        content::digest_of(&self.file).unwrap_or_default()
    }

    /// The file's name without its folder and extension ("street"), for a save's name and a host's autosave.
    pub fn stem(&self) -> String {
        self.file.file_stem().map_or_else(|| "battle".to_owned(), |s| s.to_string_lossy().into_owned())
    }
}

impl DiceChoice {
    /// These dice from the start: `typed` asks a player (typed-in dice have no other source); `Auto` not chosen
    /// yet rolls a seed of 0 (the start chooses before it rolls).
    pub fn dice(&self, typed: impl FnOnce() -> Box<dyn Dice + Send + Sync>) -> Box<dyn Dice + Send + Sync> {
        match self {
            DiceChoice::Auto => Box::new(SeededDice::new(0)),
            DiceChoice::Seed(seed) => Box::new(SeededDice::new(*seed)),
            DiceChoice::Faces(faces) => Box::new(ScriptedDice::new(faces.clone())),
            DiceChoice::Typed => typed(),
        }
    }

    /// The dice chosen for `scenario`, and how the log names them: `Auto` takes the file's own faces, else its
    /// seed, else a random seed (which the name tells, to replay it).
    pub fn chosen(&self, scenario: &Scenario) -> (DiceChoice, String) {
        let faces = |faces: &Vec<u32>| (DiceChoice::Faces(faces.clone()), format!("{} scripted faces", faces.len()));
        match self {
            DiceChoice::Seed(seed) => (DiceChoice::Seed(*seed), format!("seed {seed}")),
            DiceChoice::Faces(given) => faces(given),
            DiceChoice::Typed => (DiceChoice::Typed, "typed in".to_owned()),
            DiceChoice::Auto => match (&scenario.dice, scenario.seed) {
                (Some(own), _) => faces(own),
                (None, Some(seed)) => (DiceChoice::Seed(seed), format!("seed {seed}")),
                (None, None) => {
                    let seed = rand::random::<u64>();
                    (DiceChoice::Seed(seed), format!("random seed {seed}; replay with --seed {seed}"))
                }
            },
        }
    }
}
