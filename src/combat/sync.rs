//! The one writer of the combatants' components. A battle entering the world spawns its combatants bare, and [`dress`]
//! gives each every component from the engine. Then the engine owns the battle; after each of its steps (a turn's or a
//! slot's start, an action) the systems that drove it note which combatants it says changed
//! ([`crate::rules::any_ruleset::any::AnyBattle::changed`]), and this system writes those combatants' cell, condition,
//! weapon in hand, statuses, tracks and initiative from the engine, once, before anything reads them.

use bevy::prelude::*;

use super::components::{
    Armor, Combatant, GridPos, Holding, Initiative, Loadout, Side, Stats, StatusList, Tracks, Wounds,
};
use super::{Engine, Roster, TurnState, TurnSystems};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::ruleset::{CombatantId, Slot};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Unsynced>()
        .add_systems(Update, (sync_combatants, mark_holding).chain().in_set(TurnSystems::Apply));
}

/// What the engine changed since the components were last written.
#[derive(Resource, Default, Debug)]
pub struct Unsynced {
    /// The combatants it changed.
    changed: Vec<CombatantId>,
    /// A new turn began: every phase mark is cleared.
    new_turn: bool,
    /// The slot being played: its combatant's phase or pass is marked.
    acting: Option<Slot>,
}

impl Unsynced {
    /// Notes what the engine's last step changed.
    pub fn note(&mut self, battle: &AnyBattle) {
        for &id in battle.changed() {
            if !self.changed.contains(&id) {
                self.changed.push(id);
            }
        }
    }

    /// Notes a new turn, and the slot now being played.
    pub fn note_slot(&mut self, new_turn: bool, slot: Option<Slot>) {
        self.new_turn |= new_turn;
        self.acting = slot.or(self.acting);
    }
}

/// Gives every combatant of the roster, spawned bare, all its components from the engine: the battle entering the
/// world ([`super::enter::enter_battle`]).
pub(super) fn dress(world: &mut World) {
    let bundles: Vec<(Entity, _)> = {
        let (engine, roster) = (&world.resource::<Engine>().0, world.resource::<Roster>());
        let ids = (0..engine.len()).map(CombatantId::at);
        ids.filter_map(|id| roster.entity(id).map(|e| (e, components(engine, id)))).collect()
    };
    for (entity, bundle) in bundles {
        world.entity_mut(entity).insert(bundle);
    }
}

/// A combatant's components, as the engine holds it.
fn components(battle: &AnyBattle, id: CombatantId) -> impl Bundle + use<> {
    let c = battle.view(id);
    let (sheet, condition) = battle.parts(id);
    let f = c.fighter;
    (
        (Name::new(f.name().to_owned()), Side(c.side.to_owned()), GridPos(c.position.0, c.position.1)),
        (Stats(sheet), Wounds(condition), Armor(f.armor_names())),
        Loadout {
            weapon: f.weapon_in_hand().to_owned(),
            name: f.weapon_name(),
            class: f.weapon_class(),
            rounds: f.rounds_in_hand(),
        },
        StatusList(f.statuses().to_vec()),
        Holding::default(),
        // A battle taken up mid-turn (a save, a replay's step, the table screen) shows the turn's order at once.
        Initiative { score: battle.initiative(id), phase: None },
        Tracks(battle.tracks(id)),
    )
}

/// A combatant's components, as this system writes them.
type Shown<'a> = (
    &'a Combatant,
    &'a mut GridPos,
    &'a mut Wounds,
    &'a mut Loadout,
    &'a mut StatusList,
    &'a mut Tracks,
    &'a mut Initiative,
);

/// Writes every combatant the engine changed from the engine, and marks the acting one's phase.
pub(super) fn sync_combatants(
    engine: Res<Engine>,
    roster: Res<Roster>,
    mut unsynced: ResMut<Unsynced>,
    mut shown: Query<Shown>,
) {
    if unsynced.changed.is_empty() && !unsynced.new_turn && unsynced.acting.is_none() {
        return;
    }
    let battle = &engine.0;
    let Unsynced { changed, new_turn, acting } = std::mem::take(&mut *unsynced);
    if new_turn {
        for (.., mut initiative) in shown.iter_mut() {
            initiative.phase = None;
        }
    }
    for id in changed.into_iter().filter(|id| id.index() < battle.len()) {
        if let Some((_, pos, wounds, loadout, statuses, tracks, initiative)) =
            roster.entity(id).and_then(|e| shown.get_mut(e).ok())
        {
            write(battle, id, (pos, wounds, loadout, statuses, tracks, initiative));
        }
    }
    if let Some(slot) = acting
        && let Some((.., mut initiative)) = roster.entity(slot.actor).and_then(|e| shown.get_mut(e).ok())
    {
        initiative.phase = Some(slot.phase);
    }
}

/// One combatant's components, to write.
type Parts<'a> =
    (Mut<'a, GridPos>, Mut<'a, Wounds>, Mut<'a, Loadout>, Mut<'a, StatusList>, Mut<'a, Tracks>, Mut<'a, Initiative>);

/// Writes combatant `id` as the engine holds it; only what differs, so that change detection says what changed.
fn write(battle: &AnyBattle, id: CombatantId, parts: Parts<'_>) {
    let (mut pos, mut wounds, mut loadout, mut statuses, mut tracks, mut initiative) = parts;
    let view = battle.view(id);
    pos.set_if_neq(GridPos(view.position.0, view.position.1));
    // A wound can lower the initiative the order uses (Shadowrun 4, the homebrew); a new turn rolls it anew.
    if let Some(score) = battle.initiative(id).filter(|s| initiative.score != Some(*s)) {
        initiative.score = Some(score);
    }
    if battle.condition_is(id, &wounds.0) {
        return;
    }
    battle.copy_condition(id, &mut wounds.0);
    tracks.set_if_neq(Tracks(battle.tracks(id)));
    let fighter = view.fighter;
    let (weapon, rounds) = (fighter.weapon_in_hand(), fighter.rounds_in_hand());
    if loadout.weapon != weapon {
        let (name, class) = (fighter.weapon_name(), fighter.weapon_class());
        *loadout = Loadout { weapon: weapon.to_owned(), name, class, rounds };
    } else if loadout.rounds != rounds {
        // A shot spent a round: the same weapon, its names not made again.
        loadout.rounds = rounds;
    }
    if statuses.0 != fighter.statuses() {
        // Refilled, not made anew: the list's buffer is kept.
        statuses.0.clear();
        statuses.0.extend_from_slice(fighter.statuses());
    }
}

/// Each combatant's aim kept and slot delayed, as its condition and the turn say (a delay is the turn's, not the
/// combatant's: it is not among what the engine says it changed).
fn mark_holding(
    state: Res<TurnState>,
    mut marked: Local<Vec<(Entity, Slot)>>,
    mut units: Query<(Entity, Ref<Wounds>, &mut Holding)>,
) {
    // The turn state changes every slot; the delays in it seldom.
    let delays_changed = *marked != state.delayed;
    if delays_changed {
        marked.clone_from(&state.delayed);
    }
    for (entity, wounds, mut holding) in &mut units {
        if !delays_changed && !wounds.is_changed() {
            continue;
        }
        let delayed = state.delayed.iter().any(|(e, _)| *e == entity);
        holding.set_if_neq(Holding { aiming: wounds.0.aiming(), delayed });
    }
}
