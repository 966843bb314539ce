//! The menu's state: the levels, scenarios, saves and characters it lists (read when the game starts and again each
//! time the menu opens), and what the player chose of them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::options::RuleOptions;
use super::scenarios::Scenarios;
use crate::ai::Difficulty;
use crate::battle::save::{Save, folder, list};
use crate::lab::balance::{Balance, BalanceError, KEPT};
use crate::rules::any_ruleset::any::RulesetId;
use crate::scenario::ScenarioError;
use crate::scenario::character::{self, Character};
use crate::scenario::level::{Level, levels_in};
use crate::ui::palette::Palette;
use crate::ui::screens::{NotStarted, Watching};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Control {
    Human,
    Ai(Difficulty),
    /// Left out of the battle (levels of three or four sides).
    Absent,
}

/// The menu's state.
#[derive(Resource)]
pub(super) struct Menu {
    pub(super) levels: Vec<(PathBuf, Level)>,
    pub(super) selected: usize,
    /// The ruleset the battle plays under: the one the player chose (`wanted`), or, on a level that does not play
    /// under it, the first that level plays under (`settle_ruleset`).
    pub(super) ruleset: RulesetId,
    pub(super) wanted: RulesetId,
    pub(super) controls: BTreeMap<String, Control>,
    pub(super) names: BTreeMap<String, String>,
    pub(super) fog: bool,
    pub(super) by_hand: BTreeSet<String>,
    /// The players' sides asked how their combatants defend when attacked.
    pub(super) asked: BTreeSet<String>,
    pub(super) strict: bool,
    /// A game master runs the battle at this screen.
    pub(super) gm: bool,
    /// How much of the odds the players are told.
    pub(super) odds: crate::rules::tools::told::OddsTold,
    /// Seconds the expert AI thinks over each decision.
    pub(super) think: f32,
    /// The GM rolls the AI's sides behind the screen.
    pub(super) behind_screen: bool,
    pub(super) seed: String,
    pub(super) rules: RuleOptions,
    /// How fair each level measured under each ruleset (`skirmish balance --write`), if measured.
    pub(super) balance: Option<Balance>,
    /// The saved battles, newest first (read when the menu opens).
    pub(super) saves: Vec<(PathBuf, Result<Save, ScenarioError>)>,
    /// A saved battle whose review was asked for this frame.
    pub(super) review: Option<PathBuf>,
    pub(super) problems: Vec<String>,
    /// The picture of the selected level, and which level and palette it is of.
    pub(super) miniature: Option<((usize, Palette), Handle<Image>)>,
    /// The sides' colours (the settings').
    pub(super) palette: Palette,
    /// The player's content folder (looked up once): the levels in it are marked theirs.
    pub(super) user: Option<PathBuf>,
    /// The game's levels folder.
    pub(super) folder: PathBuf,
    /// The player's own characters (read when the menu opens), and the side each joins, by file.
    pub(super) characters: Vec<(PathBuf, Result<Character, ScenarioError>)>,
    pub(super) joining: BTreeMap<PathBuf, String>,
    /// The scenarios; one chosen is played instead of the level.
    pub(super) scenarios: Scenarios,
}

impl Menu {
    /// The menu on the levels in `folder` and the player's content folder, nothing chosen yet; a balance file
    /// that cannot be read is one of its problems.
    pub(super) fn new(folder: &Path) -> Self {
        let user = crate::scenario::content::user_folder();
        let (levels, mut problems) = levels_in(folder, user.as_deref());
        let balance = balance_beside(folder).unwrap_or_else(|e| {
            problems.push(e.to_string());
            None
        });
        Menu {
            levels,
            selected: 0,
            ruleset: RulesetId::EclipsePhase,
            wanted: RulesetId::EclipsePhase,
            controls: BTreeMap::new(),
            names: BTreeMap::new(),
            fog: false,
            by_hand: BTreeSet::new(),
            asked: BTreeSet::new(),
            strict: false,
            gm: false,
            odds: Default::default(),
            think: 2.0,
            behind_screen: false,
            seed: String::new(),
            rules: RuleOptions::default(),
            balance,
            saves: Vec::new(),
            review: None,
            problems,
            miniature: None,
            palette: default(),
            user,
            folder: folder.to_owned(),
            characters: Vec::new(),
            joining: BTreeMap::new(),
            scenarios: Scenarios::default(),
        }
    }

    /// The level chosen, unless a scenario is.
    pub(super) fn level(&self) -> Option<&(PathBuf, Level)> {
        match self.scenarios.chosen() {
            Some(_) => None,
            None => self.levels.get(self.selected),
        }
    }

    /// The sides of the level or scenario chosen.
    pub(super) fn side_names(&self) -> Vec<String> {
        match (self.scenarios.chosen(), self.levels.get(self.selected)) {
            (Some((_, s)), _) => s.sides().into_iter().map(str::to_owned).collect(),
            (None, Some((_, l))) => l.file.sides.iter().map(|s| s.name.clone()).collect(),
            (None, None) => Vec::new(),
        }
    }
}

/// The measured balance kept beside the levels' folder (`assets/balance.ron`): none when there is no such file.
fn balance_beside(folder: &Path) -> Result<Option<Balance>, BalanceError> {
    Balance::read(&folder.parent().unwrap_or(Path::new("")).join(KEPT))
}

/// The saves folder's battles, newest first, and the player's characters; and why the last battle asked for did not start, if it did not.
pub(super) fn refresh_lists(mut menu: ResMut<Menu>, not_started: Option<Res<NotStarted>>, mut commands: Commands) {
    menu.saves = list(&folder());
    // The editors may have made or changed a character or a level: both are read again, the selection kept.
    menu.characters = character::list(menu.user.as_deref());
    let selected = menu.levels.get(menu.selected).map(|(p, _)| p.clone());
    let (levels, problems) = levels_in(&menu.folder, menu.user.as_deref());
    menu.selected = selected.and_then(|p| levels.iter().position(|(q, _)| *q == p)).unwrap_or(0);
    (menu.levels, menu.miniature) = (levels, None);
    menu.problems = problems;
    let shipped = menu.folder.parent().unwrap_or(Path::new("")).join("scenarios");
    let user = menu.user.clone();
    menu.scenarios.read(&shipped, user.as_deref());
    // Back at the menu, a replay is over.
    commands.remove_resource::<Watching>();
    if let Some(problem) = not_started {
        menu.problems = vec![problem.0.clone()];
        commands.remove_resource::<NotStarted>();
    }
}
