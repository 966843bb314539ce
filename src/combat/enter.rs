//! The one step that puts a started battle into the world, whoever started it: the window (one screen, hot-seat),
//! the online host, a headless run, the tests and benches. It inserts the battle's resources (the engine, its dice
//! and log, the roster, the turn, who plays each side and with which AI) and spawns one bare entity a combatant;
//! the sync system's module (`sync.rs`), the components' one writer, dresses them before anything reads them. What
//! a window adds on top (its map, names and tally) is the window's own.

use bevy::prelude::*;

use super::components::Combatant;
use super::{AiMinds, BattleDice, BattleLog, DefensePolicy, Engine, HumanSides, Roster, TurnState};
use crate::ai::Minds;
use crate::battle::{BattleRequest, DiceChoice};
use crate::rules::any_ruleset::any::{AnyBattle, BattleSetup};
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::engine::table::TableDice;

/// Who plays a battle as it enters the world.
#[derive(Clone, Debug, Default)]
pub struct Seats {
    /// The sides players command; the AI (or a script) plays the others.
    pub humans: Vec<String>,
    /// The AI of each side no player commands; none: the ruleset's built-in choice (a scripted scenario, a test).
    pub minds: Option<Minds>,
    /// Whether the AI thinks on a task of its own while frames go on (a window) or within the update.
    pub background: bool,
    /// The sides whose dice their players roll and type in.
    pub by_hand: Vec<String>,
    /// Every die is typed in (`run --typed`, and its save taken up).
    pub all_by_hand: bool,
    /// The sides whose players are asked how their combatants defend.
    pub asked: Vec<String>,
}

impl Seats {
    /// The seats a request gives: its players, their AIs and the sides they roll for.
    pub fn of(request: &BattleRequest) -> Self {
        Seats {
            humans: request.humans.clone(),
            minds: Some(request.minds()),
            background: false,
            by_hand: request.by_hand.clone(),
            all_by_hand: request.dice == DiceChoice::Typed,
            asked: request.asked.clone(),
        }
    }

    /// The combatants whose players are asked how they defend in `battle`.
    fn asking(&self, battle: &AnyBattle) -> DefensePolicy {
        let asked = |side: &str| self.asked.iter().any(|s| s == side);
        DefensePolicy(battle.views().into_iter().filter(|c| asked(c.side)).map(|c| c.fighter.id()).collect())
    }

    /// The combatants whose dice are rolled by hand in `battle`.
    fn rolling_by_hand(&self, battle: &AnyBattle) -> Vec<CombatantId> {
        let by_hand = |side: &str| self.all_by_hand || self.by_hand.iter().any(|s| s == side);
        battle.views().into_iter().filter(|c| by_hand(c.side)).map(|c| c.fighter.id()).collect()
    }
}

/// Puts a started battle into a world that has the combat plugin: its resources and one entity a combatant, dressed
/// by the sync module; returns the combatants' entities, in roster order. A log that does not know the combatants'
/// names yet is given them.
pub fn enter_battle(world: &mut World, mut setup: BattleSetup, seats: Seats) -> Vec<Entity> {
    if setup.log.names.is_empty() {
        setup.log.names = setup.battle.names();
    }
    let by_hand = seats.rolling_by_hand(&setup.battle);
    world.insert_resource(seats.asking(&setup.battle));
    let turn = setup.battle.turn();
    let roster: Vec<Entity> =
        (0..setup.battle.len()).map(|i| world.spawn(Combatant(CombatantId::at(i))).id()).collect();
    let faces = setup.battle.faces().len();
    let mut dice = TableDice::new(setup.dice, faces, setup.typed);
    dice.roll_by_hand(by_hand);
    world.insert_resource(Engine(setup.battle));
    world.insert_resource(BattleDice(dice));
    world.insert_resource(BattleLog(setup.log));
    world.insert_resource(super::typed::TypedRolls::default());
    world.insert_resource(Roster(roster.clone()));
    world.insert_resource(HumanSides(seats.humans));
    match seats.minds {
        Some(minds) => world.insert_resource(AiMinds { minds, background: seats.background }),
        None => _ = world.remove_resource::<AiMinds>(),
    }
    // A saved battle taken up again shows its turn at once.
    world.insert_resource(TurnState { turn, ..default() });
    super::think::forget(world);
    super::sync::dress(world);
    roster
}
