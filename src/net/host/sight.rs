//! What each player's end may see of the units: its sides' sight (a spectator's, what every side sees, or
//! everything), and each unit replicated to each seat that knows of it, numbered as that player numbers them and
//! seen by that seat alone while its sides see it (replicon's visibility, by the `SeenBy` mask).

use std::collections::{BTreeSet, HashMap};

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::offer::Spectators;
use super::state::{Host, Player};
use crate::combat::Engine;
use crate::combat::components::{Combatant, Holding, Loadout, StatusList, Tracks};
use crate::net::MAX_SEATS;
use crate::net::protocol::{SeenBy, Unit};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::outcome::down;
use crate::rules::tools::fog::seen_by;

/// The combatants a player's end may see: its sides' sight; a spectator's, what every side still in the fight sees
/// (nothing that any player does not see: a spectator may be talking to one), what the players' sides see together
/// (the table's TV), or everything, as the host says. The game master sees everything.
/// Once the battle is over, everyone is sent the whole of it (`FromHost::Unveiled`).
pub fn sight(battle: &AnyBattle, player: &Player, spectators: Spectators) -> Vec<bool> {
    match (player.watching, spectators) {
        _ if player.gm => vec![true; battle.len()],
        (false, _) => seen_by(battle, &player.sides),
        (true, Spectators::Common) => seen_by_all(battle),
        (true, Spectators::All) => vec![true; battle.len()],
        (true, Spectators::Players) => seen_by(battle, &player.view),
    }
}

/// What every side with a unit still on its feet sees: a unit only when each of them sees it.
pub fn seen_by_all(battle: &AnyBattle) -> Vec<bool> {
    let views = battle.views();
    let sides: BTreeSet<&str> = views.iter().filter(|v| !down(v.fighter.statuses())).map(|v| v.side).collect();
    sides
        .into_iter()
        .map(|side| seen_by(battle, &[side.to_owned()]))
        .fold(vec![true; battle.len()], |all, one| all.iter().zip(&one).map(|(a, b)| *a && *b).collect())
}

/// A unit as one player is shown it: a replicated entity of its own for each seat that knows of the unit, numbered
/// as that player numbers the combatants (one entity for everyone would show everyone the same numbers).
#[derive(Component)]
pub(super) struct ShownTo {
    unit: Entity,
    seat: usize,
}

impl ShownTo {
    /// The seat it is shown to.
    pub(super) fn seat(&self) -> usize {
        self.seat
    }
}

/// How many units of each seat have an entity kept for them from the host's start.
pub(super) const KEPT_UNITS: usize = 128;

/// The entities each seat's units are shown by, made before anything else, seat after seat: a player's unit
/// numbered `n` is the `n`th of its seat's block. replicon names the host's entities on the wire, and entities made
/// as each player comes to know a unit would tell one who reads its packets how many the host made between two of
/// its units (the others' units, and when); these tell nothing but the seat and the player's own numbers. A battle
/// of more than [`KEPT_UNITS`] combatants makes the rest as they come.
#[derive(Resource, Default)]
pub(super) struct KeptEntities(Vec<Vec<Entity>>);

/// Makes every seat's block of entities, at the host's start (before any connection or combatant).
pub(super) fn keep_entities(mut commands: Commands) {
    let blocks = (0..MAX_SEATS).map(|_| (0..KEPT_UNITS).map(|_| commands.spawn_empty().id()).collect()).collect();
    commands.insert_resource(KeptEntities(blocks));
}

/// Every unit as each player may see it: its replicated `Unit` for that player, seen by that seat alone and only
/// while its sides see the unit (replicon sends no other).
pub(super) fn show_units(
    host: Res<Host>,
    engine: Option<Res<Engine>>,
    units: Query<(Entity, &Combatant, (&StatusList, &Tracks, &Loadout, &Holding))>,
    shown: Query<(Entity, &ShownTo, &Unit, &SeenBy)>,
    kept: Res<KeptEntities>,
    mut commands: Commands,
) {
    let Some(engine) = engine else { return };
    let had: HashMap<(Entity, usize), (Entity, &Unit, &SeenBy)> =
        shown.iter().map(|(e, to, unit, mask)| ((to.unit, to.seat), (e, unit, mask))).collect();
    for (seat, player) in host.players.iter().enumerate().filter(|(_, p)| !p.vacant) {
        let seen = sight(&engine.0, player, host.spectators);
        for (entity, combatant, (statuses, tracks, loadout, holding)) in &units {
            let Some(id) = player.numbering.their_id(combatant.0) else { continue };
            let view = engine.0.view(combatant.0);
            let unit = Unit {
                id,
                side: view.side.to_owned(),
                cell: view.position,
                statuses: statuses.0.clone(),
                tracks: tracks.0.iter().map(|t| (t.name.to_string(), t.taken, t.capacity)).collect(),
                weapon: loadout.class,
                aiming: holding.aiming,
                delayed: holding.delayed,
            };
            let mask = SeenBy(if seen.get(combatant.0.index()) == Some(&true) { 1 << seat } else { 0 });
            match had.get(&(entity, seat)) {
                None => {
                    let shown = (Replicated, ShownTo { unit: entity, seat }, unit, mask);
                    match kept.0.get(seat).and_then(|block| block.get(id.index())) {
                        Some(&kept) => {
                            commands.entity(kept).insert(shown);
                        }
                        None => {
                            commands.spawn(shown);
                        }
                    }
                }
                Some((shown, was, was_seen)) => {
                    if **was != unit {
                        commands.entity(*shown).insert(unit);
                    }
                    if **was_seen != mask {
                        commands.entity(*shown).insert(mask);
                    }
                }
            }
        }
    }
}
