//! Scenarios: a RON file with a ruleset and its options, combatants with sheets, gear, positions and starting
//! condition, optional scripted actions and optional dice. [`load`] reads and checks one; [`run`] plays it.

mod check;
mod error;
pub mod play;

use std::collections::VecDeque;
use std::path::Path;

use serde::Deserialize;

pub use error::ScenarioError;
use play::Script;

use crate::rules::RulesError;
use crate::rules::dice::Dice;
use crate::rules::eclipse_phase::{self as ep, EclipsePhase};
use crate::rules::outcome::{Event, Log};
use crate::rules::ruleset::Combatant;

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
}

fn default_turn_limit() -> u32 {
    20
}

/// The ruleset, its options, combatants and scripted actions.
#[derive(Clone, Debug, Deserialize)]
pub enum RulesetSetup {
    EclipsePhase(EclipsePhaseSetup),
}

/// An Eclipse Phase battle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EclipsePhaseSetup {
    #[serde(default)]
    pub options: ep::Options,
    pub combatants: Vec<CombatantSpec<ep::sheet::Sheet, ep::sheet::Condition>>,
    #[serde(default)]
    pub actions: Vec<ep::actions::Action>,
}

/// A combatant as a scenario gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatantSpec<S, C> {
    pub name: String,
    pub side: String,
    /// Grid cell (x, y); one cell is one meter.
    #[serde(default)]
    pub position: (i32, i32),
    pub sheet: S,
    /// Damage, wounds, statuses and ammunition at the start.
    #[serde(default)]
    pub condition: C,
}

/// Reads and checks a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
    let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
    parse(&text, path)
}

/// Reads and checks scenario text; `path` is only used in messages.
pub fn parse(text: &str, path: &Path) -> Result<Scenario, ScenarioError> {
    let options = ron::Options::default().with_default_extension(
        ron::extensions::Extensions::IMPLICIT_SOME
            | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
    );
    let scenario: Scenario = options
        .from_str(text)
        .map_err(|e| ScenarioError::syntax(path, e))?;
    check::check(&scenario).map_err(|(needle, message)| {
        ScenarioError::invalid(path, text, needle.as_deref(), message)
    })?;
    Ok(scenario)
}

/// Plays a scenario with `dice`, returning its log. On an error the log holds what happened until then.
pub fn run(
    scenario: &Scenario,
    dice: &mut dyn Dice,
    dice_label: &str,
    log: &mut Log,
) -> Result<(), RulesError> {
    match &scenario.ruleset {
        RulesetSetup::EclipsePhase(setup) => {
            let mut ruleset = EclipsePhase {
                options: setup.options,
            };
            log.push(Event::BattleStarted {
                name: scenario.name.clone(),
                ruleset: "Eclipse Phase 1e".into(),
                dice: dice_label.into(),
            });
            let mut battle: Vec<Combatant<ep::Fighter>> =
                setup.combatants.iter().map(ep_combatant).collect();
            let script = match setup.actions.is_empty() {
                true => Script::BuiltIn,
                false => Script::Scripted(VecDeque::from(setup.actions.clone())),
            };
            play::play(
                &mut ruleset,
                &mut battle,
                script,
                scenario.turn_limit,
                dice,
                log,
            )
        }
    }
}

fn ep_combatant(
    spec: &CombatantSpec<ep::sheet::Sheet, ep::sheet::Condition>,
) -> Combatant<ep::Fighter> {
    let fighter = ep::Fighter {
        name: spec.name.clone(),
        sheet: spec.sheet.clone(),
        condition: spec.condition.clone(),
    };
    Combatant {
        side: spec.side.clone(),
        position: spec.position,
        fighter,
    }
}
