//! Fog of war (off unless asked for): the player whose turn it is sees their own side's units and the enemies those
//! units can see by the map's line of sight (not behind walls, not hidden in heavy cover: `rules::fog`, which the
//! host of an online battle asks too); everything else of the enemy is hidden: its units, their place in the
//! tracker and their log lines, the odds over their cells. With one player it is always that player's view; in
//! hotseat the view changes at the hand-over screen. The AI plays with full knowledge.

use std::collections::HashSet;

use bevy::prelude::*;

use crate::combat::components::{Side, StatusList};
use crate::combat::{Engine, HumanSides, Roster};
use crate::rules::fog::seen_by;
use crate::rules::outcome::Status;
use crate::ui::Handover;
use crate::ui::screens::NextBattle;

/// The fog's bookkeeping and the hiding of unseen units (it needs the battle's request and the hand-over resources
/// the window inserts).
pub fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, BoardSystems, OnBoard, fresh};
    app.init_resource::<Fog>()
        .add_systems(OnEnter(OnBoard), fresh::<Fog>)
        .add_systems(Update, look_around.in_set(BattleScreenSystems))
        .add_systems(Update, hide_unseen.after(look_around).in_set(BoardSystems));
}

/// Who the viewer sees, when the fog is on.
#[derive(Resource, Default, Debug)]
pub struct Fog {
    pub on: bool,
    /// Units the viewer sees (its own side's included).
    pub seen: HashSet<Entity>,
    /// The side whose view `seen` is.
    pub viewer: Option<String>,
}

impl Fog {
    /// Whether a unit shows.
    pub fn sees(&self, unit: Entity) -> bool {
        !self.on || self.seen.contains(&unit)
    }
}

/// The side whose view the screen shows: the only player's, or the player who took the screen last.
fn viewer(humans: &HumanSides, handover: &Handover) -> Option<String> {
    match humans.0.as_slice() {
        [] => None,
        [only] => Some(only.clone()),
        _ => handover.last.clone(),
    }
}

pub(in crate::ui) fn look_around(
    next: Option<Res<NextBattle>>,
    humans: Option<Res<HumanSides>>,
    handover: Res<Handover>,
    state: Res<crate::combat::TurnState>,
    battle: Option<(Res<Engine>, Res<Roster>)>,
    mut fog: ResMut<Fog>,
) {
    let humans = humans.map(|h| h.0.clone()).unwrap_or_default();
    // The fog lifts when the battle is over: the end screen's story is everyone's.
    fog.on = next.is_some_and(|n| n.0.fog) && !humans.is_empty() && !state.ended();
    let Some((engine, roster)) = battle.filter(|_| fog.on) else { return };
    let side = viewer(&HumanSides(humans), &handover);
    let seen = seen_by(&engine.0, side.as_slice());
    fog.seen = roster.0.iter().zip(seen).filter(|(_, seen)| *seen).map(|(unit, _)| *unit).collect();
    fog.viewer = side;
}

/// Units the viewer does not see are not drawn (an escaped unit never is).
fn hide_unseen(fog: Res<Fog>, mut units: Query<(Entity, &StatusList, &mut Visibility), With<Side>>) {
    for (entity, statuses, mut visibility) in &mut units {
        let show = fog.sees(entity) && !statuses.0.contains(&Status::Escaped);
        let want = if show { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != want {
            *visibility = want;
        }
    }
}
