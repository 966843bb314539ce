//! The files: scenarios, levels, characters and gear, read, checked and written. A scenario is a RON file
//! with a ruleset and its options, combatants with sheets, gear, positions and starting condition, optional
//! scripted actions and optional dice; [`load`] reads and checks one (its battle starts in [`crate::battle::run`]).
//! Levels (`level.rs`, checked in `level_check.rs`) become scenarios under any ruleset, each archetype a sheet from
//! that ruleset's roster (`roster.rs`). A battle's save is the battle's (`battle::save`): it holds the request that
//! began it. No battle is played here, and no ECS app built.

pub mod character;
mod check;
pub mod content;
mod error;
pub mod files;
pub(crate) mod gear;
pub mod gear_edit;
pub mod import;
pub mod json;
pub mod level;
mod level_check;
pub mod level_edit;
mod level_file;
pub mod reserve;
pub mod roster;
pub mod uvtt;

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

pub use error::{FileError, RosterError, ScenarioError, SetupError, WriteError};

use crate::map::Battlefield;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::eclipse_phase as ep;
use crate::rules::engine::id::naming;
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::engine::victory::Objectives;
use crate::rules::homebrew_d6 as hb;
use crate::rules::shadowrun4 as sr4;
use crate::rules::storyteller as st;

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub ruleset: RulesetSetup,
    /// Scripted dice faces, used when the command line gives no `--seed` or `--dice`.
    #[serde(default)]
    pub dice: Option<Vec<u32>>,
    /// A seed, used when the command line gives none and the scenario has no `dice`.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The battle stops after this many turns.
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    /// The map, when the battle comes from a level; open ground otherwise.
    #[serde(skip)]
    pub field: Option<Arc<Battlefield>>,
    /// The map's picture, drawn under the grid (an imported map's).
    #[serde(skip)]
    pub picture: Option<std::path::PathBuf>,
    /// How the battle is won: the last side standing, unless a level says more.
    #[serde(skip)]
    pub objectives: Objectives,
}

fn default_turn_limit() -> u32 {
    20
}

impl Scenario {
    /// Replaces the ruleset's options with `text`, that ruleset's options in RON (e.g. `(mos_rule: RollIsMoS)`);
    /// they may name combatants (`(surprise: (alerted: ["Ines"]))`).
    pub fn set_options(&mut self, text: &str) -> Result<(), SetupError> {
        let bad = |e| SetupError::OptionsUnread { text: text.to_owned(), source: Box::new(e) };
        let names = self.names();
        self.ruleset.common_mut().read_options(names, text).map_err(bad)?;
        check::check(self).map_err(|(_, why)| SetupError::OptionsUnfit { text: text.to_owned(), why })
    }

    /// The options the battle is fought under, as a table chooses them (the menu's switches).
    pub fn options(&self) -> crate::rules::any_ruleset::options::AnyOptions {
        use crate::rules::any_ruleset::options::AnyOptions;
        match &self.ruleset {
            RulesetSetup::EclipsePhase(s) => AnyOptions::EclipsePhase(s.options),
            RulesetSetup::Shadowrun4(s) => AnyOptions::Shadowrun4(s.options.clone()),
            RulesetSetup::Storyteller(s) => AnyOptions::Storyteller(s.options),
            RulesetSetup::HomebrewD6(s) => AnyOptions::HomebrewD6(s.options),
        }
    }

    /// The combatants' names, in roster order (a combatant's id is its place here).
    pub fn names(&self) -> Vec<String> {
        self.ruleset.common().who().iter().map(|c| c.name.to_owned()).collect()
    }

    /// Takes a side out of the battle before it starts (a four-side level played by three). Refused when fewer than
    /// two sides would be left, for an unknown side, for a side the level's victory names, and in a scripted battle
    /// (its script was written for every side). The ids that options and starting conditions give follow.
    pub fn remove_side(&mut self, side: &str) -> Result<(), SetupError> {
        let sides = self.sides();
        if !sides.contains(&side) {
            return Err(SetupError::no_side(side, &sides));
        }
        if sides.len() <= 2 {
            return Err(SetupError::TwoSides(side.to_owned()));
        }
        let named = |v: &crate::rules::engine::victory::Victory| match v {
            crate::rules::engine::victory::Victory::Hold { side: s, .. }
            | crate::rules::engine::victory::Victory::Escape { side: s, .. } => s == side,
            crate::rules::engine::victory::Victory::Eliminate => false,
        };
        if self.objectives.conditions.iter().any(named) || self.objectives.at_turn_limit.as_deref() == Some(side) {
            return Err(SetupError::InVictory(side.to_owned()));
        }
        if self.ruleset.common().is_scripted() {
            return Err(SetupError::Scripted(side.to_owned()));
        }
        // Ids are places in the roster: those after a removed combatant move up.
        let mut next = 0;
        let renumber = |c: &Who<'_>| {
            (c.side != side).then(|| {
                next += 1;
                CombatantId::at(next - 1)
            })
        };
        let renumbered: Vec<Option<CombatantId>> = self.ruleset.common().who().iter().map(renumber).collect();
        self.renumber(&|id| renumbered.get(id.index()).copied().flatten());
        self.ruleset.common_mut().remove_side(side);
        Ok(())
    }

    /// Gives every id the options and starting conditions hold its new value (none: the combatant is gone).
    fn renumber(&mut self, new: &dyn Fn(CombatantId) -> Option<CombatantId>) {
        match &mut self.ruleset {
            RulesetSetup::Shadowrun4(setup) => {
                if let Some(s) = &mut setup.options.surprise {
                    s.alerted = s.alerted.iter().filter_map(|&id| new(id)).collect();
                }
                for c in &mut setup.combatants {
                    let targets = &mut c.condition.targets_this_phase;
                    *targets = targets.iter().filter_map(|&id| new(id)).collect();
                }
            }
            RulesetSetup::EclipsePhase(setup) => {
                for c in &mut setup.combatants {
                    let aim = c.condition.aim.take();
                    c.condition.aim = aim.and_then(|a| Some(ep::sheet::Aim { target: new(a.target)?, ..a }));
                }
            }
            RulesetSetup::Storyteller(_) | RulesetSetup::HomebrewD6(_) => {}
        }
    }

    /// The sides, in the order their first combatant appears.
    pub fn sides(&self) -> Vec<&str> {
        let all: Vec<&str> = self.ruleset.common().who().iter().map(|c| c.side).collect();
        let mut sides: Vec<&str> = Vec::new();
        for side in all {
            if !sides.contains(&side) {
                sides.push(side);
            }
        }
        sides
    }

    /// How many combatants each side has, sides in order.
    pub fn side_sizes(&self) -> Vec<(String, usize)> {
        let who = self.ruleset.common().who();
        self.sides().iter().map(|s| (s.to_string(), who.iter().filter(|c| c.side == *s).count())).collect()
    }

    /// Each combatant's role, if the scenario gives it, in roster order.
    pub fn roles(&self) -> Vec<Option<String>> {
        self.ruleset.common().who().iter().map(|c| c.role.map(str::to_owned)).collect()
    }

    /// The ruleset the battle is fought under.
    pub fn ruleset_id(&self) -> RulesetId {
        match &self.ruleset {
            RulesetSetup::EclipsePhase(_) => RulesetId::EclipsePhase,
            RulesetSetup::Shadowrun4(_) => RulesetId::Shadowrun4,
            RulesetSetup::Storyteller(_) => RulesetId::Storyteller,
            RulesetSetup::HomebrewD6(_) => RulesetId::HomebrewD6,
        }
    }

    /// Every combatant's starting cell.
    pub fn positions(&self) -> Vec<(i32, i32)> {
        self.ruleset.common().who().iter().map(|c| c.position).collect()
    }

    /// Puts combatant `index` (in roster order) on `cell` at the start; none out of the roster.
    pub fn place(&mut self, index: usize, cell: (i32, i32)) {
        self.ruleset.common_mut().place(index, cell);
    }

    /// Keeps combatant `index` (in roster order) off the map in reserve at the start; none out of the roster.
    pub fn hold_in_reserve(&mut self, index: usize) {
        self.ruleset.common_mut().hold_in_reserve(index);
    }
}

/// The ruleset, its options, combatants and scripted actions.
#[derive(Clone, Debug, Deserialize)]
pub enum RulesetSetup {
    EclipsePhase(EclipsePhaseSetup),
    Shadowrun4(Shadowrun4Setup),
    Storyteller(StorytellerSetup),
    HomebrewD6(HomebrewD6Setup),
}

/// A battle in one ruleset: options, combatants (sheet and starting condition) and scripted actions.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    deserialize = "O: Deserialize<'de> + Default, S: Deserialize<'de>, C: Deserialize<'de> + Default, A: Deserialize<'de>"
))]
pub struct Setup<O, S, C, A> {
    #[serde(default)]
    pub options: O,
    /// Weapons and armor of the scenario's own, beside the shipped catalogue: read (with their types, their
    /// checks and their places in the file) before the rest (`gear.rs`); the sheets keep them.
    #[serde(default)]
    pub gear: serde::de::IgnoredAny,
    pub combatants: Vec<CombatantSpec<S, C>>,
    #[serde(default = "Vec::new")]
    pub actions: Vec<A>,
}

/// An Eclipse Phase battle.
pub type EclipsePhaseSetup = Setup<ep::Options, ep::sheet::Sheet, ep::sheet::Condition, ep::actions::Action>;
/// A d6 homebrew battle.
pub type HomebrewD6Setup = Setup<hb::Options, hb::sheet::Sheet, hb::sheet::Condition, hb::turn::Action>;
/// A Storyteller battle.
pub type StorytellerSetup = Setup<st::Options, st::sheet::Sheet, st::sheet::Condition, st::turn::Action>;
/// A Shadowrun 4 battle.
pub type Shadowrun4Setup = Setup<sr4::Options, sr4::sheet::Sheet, sr4::sheet::Condition, sr4::actions::Action>;

/// One combatant of a setup, as every ruleset's setup has it.
struct Who<'a> {
    name: &'a str,
    side: &'a str,
    position: (i32, i32),
    role: Option<&'a str>,
}

/// What every ruleset's setup has alike (options, its combatants' names, sides, cells and roles, a script): one
/// implementation, for every [`Setup`]. What differs by ruleset (building its battle, checking it) matches on
/// [`RulesetSetup`].
trait Common {
    /// Reads its options from `text`, that ruleset's options in RON, which may name combatants by `names`.
    fn read_options(&mut self, names: Vec<String>, text: &str) -> Result<(), ron::error::SpannedError>;
    /// Each combatant, in roster order.
    fn who(&self) -> Vec<Who<'_>>;
    /// Whether it scripts the combatants' actions.
    fn is_scripted(&self) -> bool;
    /// Puts combatant `index` (in roster order) on `cell`; none out of the roster.
    fn place(&mut self, index: usize, cell: (i32, i32));
    /// Takes out every combatant of `side`.
    fn remove_side(&mut self, side: &str);
    /// Keeps combatant `index` off the map in reserve at the start (a reinforcement the GM brings in).
    fn hold_in_reserve(&mut self, index: usize);
}

/// A starting condition's statuses, as every ruleset's condition has them.
trait Statuses {
    fn statuses_mut(&mut self) -> &mut Vec<crate::rules::engine::outcome::Status>;
}

macro_rules! statuses_of {
    ($($condition:ty),*) => {
        $(impl Statuses for $condition {
            fn statuses_mut(&mut self) -> &mut Vec<crate::rules::engine::outcome::Status> {
                &mut self.statuses
            }
        })*
    };
}
statuses_of!(ep::sheet::Condition, sr4::sheet::Condition, st::sheet::Condition, hb::sheet::Condition);

impl<O: serde::de::DeserializeOwned, S, C: Statuses, A> Common for Setup<O, S, C, A> {
    fn read_options(&mut self, names: Vec<String>, text: &str) -> Result<(), ron::error::SpannedError> {
        self.options = naming(names, || ron_options().from_str(text))?;
        Ok(())
    }

    fn who(&self) -> Vec<Who<'_>> {
        let who = self.combatants.iter();
        who.map(|c| Who { name: &c.name, side: &c.side, position: c.position, role: c.role.as_deref() }).collect()
    }

    fn is_scripted(&self) -> bool {
        !self.actions.is_empty()
    }

    fn place(&mut self, index: usize, cell: (i32, i32)) {
        if let Some(c) = self.combatants.get_mut(index) {
            c.position = cell;
        }
    }

    fn remove_side(&mut self, side: &str) {
        self.combatants.retain(|c| c.side != side);
    }

    fn hold_in_reserve(&mut self, index: usize) {
        if let Some(c) = self.combatants.get_mut(index) {
            c.condition.statuses_mut().push(crate::rules::engine::outcome::Status::Reserve);
        }
    }
}

impl RulesetSetup {
    /// The setup inside, as every ruleset's has it.
    fn common(&self) -> &dyn Common {
        match self {
            RulesetSetup::EclipsePhase(s) => s,
            RulesetSetup::Shadowrun4(s) => s,
            RulesetSetup::Storyteller(s) => s,
            RulesetSetup::HomebrewD6(s) => s,
        }
    }

    /// The same, mutable.
    fn common_mut(&mut self) -> &mut dyn Common {
        match self {
            RulesetSetup::EclipsePhase(s) => s,
            RulesetSetup::Shadowrun4(s) => s,
            RulesetSetup::Storyteller(s) => s,
            RulesetSetup::HomebrewD6(s) => s,
        }
    }
}

/// A combatant as a scenario gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(deserialize = "S: Deserialize<'de>, C: Deserialize<'de> + Default"))]
pub struct CombatantSpec<S, C> {
    pub name: String,
    pub side: String,
    /// Grid cell (x, y); one cell is one meter.
    #[serde(default)]
    pub position: (i32, i32),
    pub sheet: S,
    /// What the unit is for, shown as a glyph on its token: "rifleman", "sniper", "heavy", "brawler", "scout" (a
    /// level's units are their archetype; another word, or none, shows a plain mark).
    #[serde(default)]
    pub role: Option<String>,
    /// Damage, wounds, statuses and ammunition at the start.
    #[serde(default)]
    pub condition: C,
}

/// Reads and checks a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
    parse(&text, path)
}

/// The RON dialect of scenarios, levels and rosters: `Some` and newtype variants may be left out (`weapon: "knife"`,
/// `Move(to: (3, 4))`).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(
        ron::extensions::Extensions::IMPLICIT_SOME | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
    )
}

/// Reads and checks scenario text; `path` is only used in messages. Actions and options name combatants by name:
/// the roster's names are read first, and each name becomes its combatant's id.
pub fn parse(text: &str, path: &Path) -> Result<Scenario, ScenarioError> {
    let names = roster_names(text).map_err(|e| ScenarioError::syntax(path, e))?;
    check::enough_combatants(names.len())
        .map_err(|(needle, message)| ScenarioError::invalid(path, text, needle.as_deref(), message))?;
    let own = gear::scenario_gear(text).map_err(|e| ScenarioError::syntax(path, e))?;
    let scenario: Scenario = gear::read_with(own, text, path, || naming(names, || ron_options().from_str(text)))?;
    check::check(&scenario)
        .map_err(|(needle, message)| ScenarioError::invalid(path, text, needle.as_deref(), message))?;
    Ok(scenario)
}

/// The combatants' names in scenario text, in order, read past everything else. It fails only where reading the
/// whole scenario would (bad syntax, a roster without names), with the same error.
fn roster_names(text: &str) -> Result<Vec<String>, ron::error::SpannedError> {
    #[derive(Deserialize)]
    struct File {
        ruleset: Rules,
    }
    #[derive(Deserialize)]
    enum Rules {
        EclipsePhase(Roster),
        Shadowrun4(Roster),
        Storyteller(Roster),
        HomebrewD6(Roster),
    }
    #[derive(Deserialize)]
    struct Roster {
        combatants: Vec<Named>,
    }
    #[derive(Deserialize)]
    struct Named {
        name: String,
    }
    let file: File = ron_options().from_str(text)?;
    let (Rules::EclipsePhase(r) | Rules::Shadowrun4(r) | Rules::Storyteller(r) | Rules::HomebrewD6(r)) = file.ruleset;
    Ok(r.combatants.into_iter().map(|c| c.name).collect())
}

pub(super) type EpSpec = CombatantSpec<ep::sheet::Sheet, ep::sheet::Condition>;
pub(super) type Sr4Spec = CombatantSpec<sr4::sheet::Sheet, sr4::sheet::Condition>;
pub(super) type StSpec = CombatantSpec<st::sheet::Sheet, st::sheet::Condition>;
pub(super) type HbSpec = CombatantSpec<hb::sheet::Sheet, hb::sheet::Condition>;
