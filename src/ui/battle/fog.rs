//! Fog of war (off unless asked for): the player whose turn it is sees their own side's units and the enemies those
//! units can see by the map's line of sight (not behind walls, not hidden in heavy cover: `rules::tools::fog`, which the
//! host of an online battle asks too); everything else of the enemy is hidden: its units, their place in the
//! tracker and their log lines, the odds over their cells. What the window works out for the player (the reach tint
//! and route, the odds, the heat map, the what-if, the offer to take cover) is worked out on the battle as the player
//! knows it (`Fog::known`), so that none of it tells where an unseen unit stands. With one player it is always that
//! player's view; in hotseat the view changes at the hand-over screen. The AI plays with full knowledge, but for
//! the expert, which thinks on what its side sees (`ai::Minds::choose`); the expert's hint thinks on what the player
//! sees (`hint.rs`).

use std::borrow::Cow;
use std::collections::HashSet;

use bevy::prelude::*;

use crate::combat::components::{Side, StatusList};
use crate::combat::{Engine, HumanSides, Roster};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::outcome::Status;
use crate::rules::tools::fog::{as_seen, seen_by};
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
    /// Whether the viewer sees each combatant, in roster order ([`seen_by`]).
    pub mask: Vec<bool>,
    /// Counts the changes of `on` and `mask`: what was worked out from the battle as the viewer knew it is worked out
    /// again when it moves on.
    pub changes: u64,
}

impl Fog {
    /// Whether a unit shows.
    pub fn sees(&self, unit: Entity) -> bool {
        !self.on || self.seen.contains(&unit)
    }

    /// The battle as the viewer knows it: the whole of it without fog, else with every unit it does not see gone
    /// from the field (`rules::tools::fog::as_seen`). What the window works out for the viewer (the reach and route, the
    /// odds, the heat map, the what-if) is worked out on this, so that none of it tells where an unseen unit stands.
    pub fn known<'a>(&self, battle: &'a AnyBattle) -> Cow<'a, AnyBattle> {
        match self.on {
            true => Cow::Owned(as_seen(battle, &self.mask)),
            false => Cow::Borrowed(battle),
        }
    }
}

/// The sides whose view the screen shows: the only player's, or the player who took the screen last; at the table
/// (the players' screen), every player's together.
fn viewers(humans: &HumanSides, handover: &Handover, table: bool) -> Vec<String> {
    match humans.0.as_slice() {
        [] => Vec::new(),
        [only] => vec![only.clone()],
        all if table => all.to_vec(),
        _ => handover.last.iter().cloned().collect(),
    }
}

pub(in crate::ui) fn look_around(
    next: Option<Res<NextBattle>>,
    humans: Option<Res<HumanSides>>,
    handover: Res<Handover>,
    state: Res<crate::combat::TurnState>,
    battle: Option<(Res<Engine>, Res<Roster>)>,
    (mut fog, watching): (ResMut<Fog>, Option<Res<crate::ui::screens::Watching>>),
) {
    let humans = humans.map(|h| h.0.clone()).unwrap_or_default();
    let table = crate::ui::screens::Watching::at_the_table(watching);
    // The fog lifts when the battle is over: the end screen's story is everyone's.
    // A game master at the screen sees every unit; the players' screen at the table does not.
    let over = state.ended() || (table && battle.as_ref().is_some_and(|(engine, _)| engine.0.won_now()));
    let on = next.is_some_and(|n| n.0.fog && (!n.0.gm || table)) && !humans.is_empty() && !over;
    if fog.on != on {
        (fog.on, fog.changes) = (on, fog.changes + 1);
    }
    let Some((engine, roster)) = battle.filter(|_| fog.on) else { return };
    let sides = viewers(&HumanSides(humans), &handover, table);
    let seen = seen_by(&engine.0, &sides);
    fog.seen = roster.0.iter().zip(&seen).filter(|(_, seen)| **seen).map(|(unit, _)| *unit).collect();
    if fog.mask != seen {
        (fog.mask, fog.changes) = (seen, fog.changes + 1);
    }
    fog.viewer = (!sides.is_empty()).then(|| sides.join("+"));
}

/// Units the viewer does not see are not drawn (an escaped unit never is).
fn hide_unseen(fog: Res<Fog>, mut units: Query<(Entity, &StatusList, &mut Visibility), With<Side>>) {
    for (entity, statuses, mut visibility) in &mut units {
        let show = fog.sees(entity) && !statuses.0.iter().any(Status::off_map);
        let want = if show { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != want {
            *visibility = want;
        }
    }
}
