//! The map's doors over the board, each open or closed as the battle has it: a closed door a brown leaf across the
//! line between its cells, an open one its leaf swung back along a wall. The state is the level's (closed) with the
//! log's door events played over it, so a save taken up, an undo and an online player's log all show the same; the
//! map the window asks (reach, routes, sight) follows it.

use std::sync::Arc;

use bevy::prelude::*;

use super::board::cell_center;
use crate::combat::BattleLog;
use crate::net::join::Joined;
use crate::rules::engine::field::{Cell, Terrain};
use crate::rules::engine::outcome::{Event, Log};
use crate::ui::screens::{BoardSystems, OnBoard};
use crate::ui::{CELL, MapView};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnBoard), hang_doors)
        .add_systems(Update, (follow_the_log, swing_doors).chain().in_set(BoardSystems));
}

/// One door's leaf between two cells (a wide door has one for each pair).
#[derive(Component)]
struct Leaf {
    door: u16,
    between: (Cell, Cell),
}

/// The map as the level has it (doors closed), and the log's length when the doors were last set from it.
#[derive(Resource)]
struct DoorsAsLaid {
    start: Arc<crate::map::Battlefield>,
    read: Option<usize>,
}

/// A leaf for each door's stretch of line.
fn hang_doors(mut commands: Commands, map: Res<MapView>) {
    commands.insert_resource(DoorsAsLaid { start: map.0.clone(), read: None });
    for door in 0..map.0.doors() {
        for between in map.0.door(door).map(|d| d.between).unwrap_or_default() {
            commands.spawn((
                Leaf { door, between },
                Sprite::from_color(Color::NONE, Vec2::ONE),
                Transform::default(),
                DespawnOnExit(OnBoard),
            ));
        }
    }
}

/// The doors as the log has them: the map the window asks set anew when one changed.
fn follow_the_log(
    (local, online): (Option<Res<BattleLog>>, Option<Res<Joined>>),
    laid: Option<ResMut<DoorsAsLaid>>,
    mut map: ResMut<MapView>,
) {
    let log = local.as_ref().map(|l| &l.0).or(online.as_ref().map(|j| &j.log));
    let (Some(mut laid), Some(log)) = (laid, log) else { return };
    if laid.read == Some(log.events.len()) || laid.start.doors() == 0 {
        return;
    }
    laid.read = Some(log.events.len());
    let doors = as_logged(log, laid.start.doors());
    let now: Vec<bool> = (0..laid.start.doors()).map(|n| map.0.door(n).is_some_and(|d| d.open)).collect();
    if doors == now {
        return;
    }
    let mut field = (*laid.start).clone();
    for (n, open) in doors.iter().enumerate().filter(|(_, open)| **open) {
        field = field.with_door_open(n as u16, *open).unwrap_or(field);
    }
    map.0 = Arc::new(field);
}

/// Which of `doors` doors stand open after the log's door events.
fn as_logged(log: &Log, doors: u16) -> Vec<bool> {
    let mut open = vec![false; usize::from(doors)];
    for event in &log.events {
        if let Event::DoorUsed { door, open: now, .. } = event
            && let Some(slot) = open.get_mut(usize::from(*door))
        {
            *slot = *now;
        }
    }
    open
}

/// Each leaf across its line when its door is closed, swung back along the wall of its first cell when open.
fn swing_doors(map: Res<MapView>, mut leaves: Query<(&Leaf, &mut Sprite, &mut Transform)>) {
    if !map.is_changed() {
        return;
    }
    for (leaf, mut sprite, mut transform) in &mut leaves {
        let open = map.0.door(leaf.door).is_some_and(|d| d.open);
        let (a, b) = leaf.between;
        let (ca, cb) = (cell_center(a.0, a.1), cell_center(b.0, b.1));
        let across = (ca + cb) / 2.0;
        let upright = a.1 == b.1; // the line between cells side by side in a row runs up and down
        let (thick, long) = (CELL * 0.2, CELL * 0.96);
        let (size, at) = match (open, upright) {
            (false, true) => (Vec2::new(thick, long), across),
            (false, false) => (Vec2::new(long, thick), across),
            // Open: along the top of the first cell, or along its left side.
            (true, true) => (Vec2::new(long * 0.9, thick * 0.5), Vec2::new(ca.x, ca.y + CELL * 0.42)),
            (true, false) => (Vec2::new(thick * 0.5, long * 0.9), Vec2::new(ca.x - CELL * 0.42, ca.y)),
        };
        sprite.custom_size = Some(size);
        // Amber, not a drawn door's brown: the picture under it may show the door either way.
        sprite.color = if open { Color::srgba(0.98, 0.72, 0.25, 0.8) } else { Color::srgb(0.95, 0.58, 0.12) };
        transform.translation = at.extend(0.5);
    }
}
