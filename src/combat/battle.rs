//! A whole battle in a headless `App`: spawn the combatants, insert the battle's resources, and update until it is
//! over. The CLI plays scenarios this way; the GUI will add rendering plugins to the same `App`.

use bevy::ecs::change_detection::Tick;
use bevy::ecs::message::MessageRegistry;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;

use super::enter::{Seats, enter_battle};
use super::{BattleDice, BattleLog, Engine, Roster, TurnState};
use crate::rules::any_ruleset::any::BattleSetup;
use crate::rules::engine::outcome::Log;

/// Why a headless battle stopped short of its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A schedule's systems do not fit together (an ambiguity made an error): a bug of the ECS layer.
    #[error("the {label} schedule cannot be built: {why}")]
    Schedule { label: String, why: String },
    /// The rules stopped the battle: their reason, as the turn state keeps it.
    #[error("{0}")]
    Rules(String),
    /// The bound on slots was reached (a bug: a battle always ends by its turn limit).
    #[error("the battle did not end")]
    Endless,
}

/// A headless app holding the battle, its sides played by the ruleset's built-in choice, ready to `update`.
pub fn battle_app(setup: BattleSetup) -> App {
    battle_app_with(setup, Seats::default())
}

/// A headless app holding the battle, its sides played as `seats` says, ready to `update`.
pub fn battle_app_with(setup: BattleSetup, seats: Seats) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, super::plugin));
    enter_battle(app.world_mut(), setup, seats);
    // A battle's systems run one after another by design; on 2 cores the multi-threaded executor made each update
    // 3–6 times slower (measured: 16 µs against 46–94 µs per slot of the 4-vs-4 battle).
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app
}

/// Takes the battle's resources out of the world (its combatants are despawned by whoever spawned them into a
/// screen): what is left is ready for the next battle.
pub fn clear_battle(world: &mut World) {
    world.remove_resource::<Engine>();
    world.remove_resource::<BattleDice>();
    world.remove_resource::<BattleLog>();
    world.remove_resource::<Roster>();
    world.remove_resource::<TurnState>();
    world.remove_resource::<super::HumanSides>();
    world.remove_resource::<super::DefensePolicy>();
    world.remove_resource::<super::AiMinds>();
    super::think::forget(world);
}

/// Builds every schedule now, so that the first slot costs no more than the others (what a frame-paced GUI wants,
/// and what the benchmark measures apart). A schedule that cannot be built (an ambiguity made an error) is an error.
pub fn prepare(app: &mut App) -> Result<(), PlayError> {
    app.finish();
    app.cleanup();
    let world = app.world_mut();
    let labels: Vec<_> = world.resource::<Schedules>().iter().map(|(_, schedule)| schedule.label()).collect();
    for label in labels {
        world
            .schedule_scope(label, |world, schedule| schedule.initialize(world).map(|_| ()))
            .map_err(|e| PlayError::Schedule { label: format!("{label:?}"), why: format!("{e}") })?;
    }
    Ok(())
}

/// Plays slots until the battle is over; a battle always ends (the turn limit), and this bound only guards a bug.
///
/// Headless, each slot runs the `Update` schedule alone, where every combat system lives: a whole frame (`First`
/// to `Last`: time and the rest) would add 3.4 µs a slot for nothing a battle reads. The message buffers are
/// swapped every 128 slots, counted over the app's battles (every reader reads in the same `Update` the message is written in): else they would
/// grow for as long as the app runs. (Every 32 slots, the swaps were 2.5 % of a 4-against-4 battle's time.) A frame-paced app (the GUI) calls `app.update()` instead.
pub fn play_to_end(app: &mut App) -> Result<(), PlayError> {
    play_until(app, usize::MAX)
}

/// [`play_to_end`], stopping early once the battle has taken `decisions` decisions (a save mid-battle).
pub fn play_until(app: &mut App, decisions: usize) -> Result<(), PlayError> {
    // One scope for the whole battle: taking the schedule out and back for each slot cost 0.15 µs a slot.
    let world = app.world_mut();
    let mut played = world.get_resource::<SlotsPlayed>().map_or(0, |p| p.0);
    let ended = world.schedule_scope(Update, |world, schedule| {
        for _ in 0..1_000_000 {
            if world.resource::<Engine>().0.decided() >= decisions {
                return true;
            }
            schedule.run(world);
            played += 1;
            if played.is_multiple_of(128) {
                world.resource_scope(|world, mut r: Mut<MessageRegistry>| r.run_updates(world, Tick::new(0)));
            }
            if world.resource::<TurnState>().ended() {
                return true;
            }
        }
        false
    });
    app.world_mut().insert_resource(SlotsPlayed(played));
    let state = app.world().resource::<TurnState>();
    match ended {
        true => state.error().map_or(Ok(()), |e| Err(PlayError::Rules(e.to_owned()))),
        false => Err(PlayError::Endless),
    }
}

/// Slots played headless in this app, battle after battle: when its message buffers are next swapped.
#[derive(Resource, Default)]
struct SlotsPlayed(u64);

/// Takes the battle's log out of the app.
pub fn take_log(app: &mut App) -> Log {
    app.world_mut().remove_resource::<BattleLog>().map(|l| l.0).unwrap_or_default()
}
