//! A battle played headless through the ECS, as `skirmish run`, the tests and the benches play it: a scenario's
//! battle (or a save taken up) in an app under `MinimalPlugins`, played to its end or for so many decisions. Here,
//! not in `scenario/`, because the files layer builds no ECS app.

use bevy::app::App;

use super::Engine;
use super::battle::{self, PlayError};
use super::enter::Seats;
use crate::battle::Started;
use crate::battle::run;
use crate::rules::any_ruleset::any::{AnyBattle, BattleSetup};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::Log;
use crate::scenario::Scenario;

/// Plays a scenario through the ECS layer (what `skirmish run` does), returning its log and the rules' error if one
/// stopped the battle. It gives the same battle as [`run::run`] from the same dice.
pub fn run_ecs(
    scenario: &Scenario,
    dice: Box<dyn Dice + Send + Sync>,
    dice_label: &str,
) -> (Log, Result<(), PlayError>) {
    run_ecs_with(scenario, dice, dice_label, None)
}

/// [`run_ecs`], with the AI (`minds`) instead of the built-in choice for a battle without a script.
pub fn run_ecs_with(
    scenario: &Scenario,
    dice: Box<dyn Dice + Send + Sync>,
    dice_label: &str,
    minds: Option<crate::ai::Minds>,
) -> (Log, Result<(), PlayError>) {
    let (log, result, _) = play_setup(run::setup(scenario, dice, dice_label), minds, usize::MAX);
    (log, result)
}

/// Plays a battle (one set up anew, or a save taken up again) through the ECS, with the AI (`minds`) or else the
/// built-in choice, until it ends or has taken `decisions` decisions; returns its log, the rules' error if one
/// stopped it, and the battle where it stopped (to save).
pub fn play_setup(
    setup: BattleSetup,
    minds: Option<crate::ai::Minds>,
    decisions: usize,
) -> (Log, Result<(), PlayError>, Option<AnyBattle>) {
    play_seated(setup, Seats { minds, ..Seats::default() }, decisions)
}

/// A battle begun ([`crate::battle::start`]) played headless as its request seats it (`skirmish run`): its AIs;
/// its dice as the request chose them (typed-in dice ask the terminal themselves, so no side waits for faces here).
pub fn play_started(started: Started, decisions: usize) -> (Log, Result<(), PlayError>, Option<AnyBattle>) {
    // Headless, no player is at hand to be asked how a combatant defends: each decides by itself.
    let seats = Seats { by_hand: Vec::new(), all_by_hand: false, asked: Vec::new(), ..Seats::of(&started.request) };
    play_seated(started.setup, seats, decisions)
}

/// Plays a battle seated as `seats` says until it ends or has taken `decisions` decisions.
fn play_seated(setup: BattleSetup, seats: Seats, decisions: usize) -> (Log, Result<(), PlayError>, Option<AnyBattle>) {
    let mut app = battle::battle_app_with(setup, seats);
    let prepared = battle::prepare(&mut app);
    let result = prepared.and_then(|()| battle::play_until(&mut app, decisions));
    let battle = app.world_mut().remove_resource::<Engine>().map(|e| e.0);
    (battle::take_log(&mut app), result, battle)
}

/// The headless app of a scenario's battle, ready to `update`.
pub fn ecs_app(scenario: &Scenario, dice: Box<dyn Dice + Send + Sync>, dice_label: &str) -> App {
    battle::battle_app(run::setup(scenario, dice, dice_label))
}
