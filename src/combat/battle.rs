//! A whole battle in a headless `App`: spawn the combatants, insert the battle's resources, and update until it is
//! over. The CLI plays scenarios this way; the GUI will add rendering plugins to the same `App`.

use bevy::ecs::change_detection::Tick;
use bevy::ecs::message::MessageRegistry;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;

use super::components::{Armor, Combatant, GridPos, Initiative, Loadout, Side, Stats, StatusList, Tracks, Wounds};
use super::{BattleDice, BattleLog, Engine, Roster, TurnState};
use crate::rules::any::{AnyBattle, BattleSetup};
use crate::rules::outcome::Log;
use crate::rules::ruleset::CombatantId;
use crate::rules::table::TableDice;

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

/// A headless app holding the battle, ready to `update`.
pub fn battle_app(setup: BattleSetup) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    add_battle(&mut app, setup);
    // A battle's systems run one after another by design; on 2 cores the multi-threaded executor made each update
    // 3–6 times slower (measured: 16 µs against 46–94 µs per slot of the 4-vs-4 battle).
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app
}

/// Adds the combat plugin, the combatants and the battle's resources to an app (headless, or the GUI's).
pub fn add_battle(app: &mut App, setup: BattleSetup) {
    app.add_plugins(super::plugin);
    insert_battle(app.world_mut(), setup);
}

/// Spawns the combatants and inserts the battle's resources into a world that has the combat plugin; returns the
/// combatants' entities, in roster order. A log that does not know the combatants' names yet is given them.
pub fn insert_battle(world: &mut World, mut setup: BattleSetup) -> Vec<Entity> {
    if setup.log.names.is_empty() {
        setup.log.names = setup.battle.names();
    }
    let setup_turn = setup.battle.turn();
    let ids = (0..setup.battle.len()).map(CombatantId::at);
    let roster: Vec<Entity> = ids.map(|id| world.spawn(components(&setup.battle, id)).id()).collect();
    let faces = setup.battle.faces().len();
    world.insert_resource(Engine(setup.battle));
    world.insert_resource(BattleDice(TableDice::new(setup.dice, faces, setup.typed)));
    world.insert_resource(BattleLog(setup.log));
    world.insert_resource(Roster(roster.clone()));
    // A saved battle taken up again shows its turn at once.
    world.insert_resource(TurnState { turn: setup_turn, ..default() });
    super::think::forget(world);
    roster
}

/// Takes the battle's resources out of the world (its combatants are despawned by whoever spawned them into a
/// screen): what is left is ready for the next battle.
pub fn clear_battle(world: &mut World) {
    world.remove_resource::<Engine>();
    world.remove_resource::<BattleDice>();
    world.remove_resource::<BattleLog>();
    world.remove_resource::<Roster>();
    world.remove_resource::<TurnState>();
    super::think::forget(world);
}

/// A combatant's components.
fn components(battle: &AnyBattle, id: CombatantId) -> impl Bundle {
    let c = battle.view(id);
    let (sheet, condition) = battle.parts(id);
    let f = c.fighter;
    (
        (Name::new(f.name().to_owned()), Combatant(id), Side(c.side.to_owned()), GridPos(c.position.0, c.position.1)),
        (Stats(sheet), Wounds(condition), Armor(f.armor_names())),
        Loadout {
            weapon: f.weapon_in_hand().to_owned(),
            name: f.weapon_name(),
            class: f.weapon_class(),
            rounds: f.rounds_in_hand(),
        },
        StatusList(f.statuses().to_vec()),
        Initiative::default(),
        Tracks(battle.tracks(id)),
    )
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
/// swapped every 32 slots (every reader reads in the same `Update` the message is written in): else they would
/// grow for as long as the app runs. A frame-paced app (the GUI) calls `app.update()` instead.
pub fn play_to_end(app: &mut App) -> Result<(), PlayError> {
    play_until(app, usize::MAX)
}

/// [`play_to_end`], stopping early once the battle has taken `decisions` decisions (a save mid-battle).
pub fn play_until(app: &mut App, decisions: usize) -> Result<(), PlayError> {
    // One scope for the whole battle: taking the schedule out and back for each slot cost 0.15 µs a slot.
    let world = app.world_mut();
    let ended = world.schedule_scope(Update, |world, schedule| {
        for slot in 0..1_000_000 {
            if world.resource::<Engine>().0.decided() >= decisions {
                return true;
            }
            schedule.run(world);
            if slot % 32 == 31 {
                world.resource_scope(|world, mut r: Mut<MessageRegistry>| r.run_updates(world, Tick::new(0)));
            }
            if world.resource::<TurnState>().ended() {
                return true;
            }
        }
        false
    });
    let state = app.world().resource::<TurnState>();
    match ended {
        true => state.error().map_or(Ok(()), |e| Err(PlayError::Rules(e.to_owned()))),
        false => Err(PlayError::Endless),
    }
}

/// Takes the battle's log out of the app.
pub fn take_log(app: &mut App) -> Log {
    app.world_mut().remove_resource::<BattleLog>().map(|l| l.0).unwrap_or_default()
}
