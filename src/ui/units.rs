//! The units: a disc-like square in its side's colour with its name and a health bar, moved smoothly to its cell,
//! turned on its side when knocked down and greyed out when it is out of the fight; a ring marks the acting unit.

use bevy::prelude::*;

use super::CELL;
use super::board::cell_center;
use crate::combat::components::{GridPos, Side, StatusList, Tracks};
use crate::combat::messages::TurnStarted;
use crate::combat::{Roster, TurnState};
use crate::rules::outcome::Status;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(super::screens::InBattle), dress_units).add_systems(
        Update,
        (move_units, show_health, show_condition, mark_actor)
            .after(crate::combat::TurnSystems::End)
            .in_set(super::screens::BattleScreenSystems),
    );
}

/// The coloured body of a unit (a child of the combatant).
#[derive(Component)]
struct Body(Color);

/// The filled part of a health bar.
#[derive(Component)]
struct HealthFill;

/// The ring around the acting unit.
#[derive(Component)]
struct ActingRing;

/// The colour of the `n`-th side.
pub fn side_color(n: usize) -> Color {
    const COLORS: [(f32, f32, f32); 4] =
        [(0.30, 0.60, 0.98), (0.92, 0.33, 0.27), (0.35, 0.80, 0.40), (0.95, 0.80, 0.25)];
    let (r, g, b) = COLORS[n % COLORS.len()];
    Color::srgb(r, g, b)
}

/// Sides in the order they first appear in the roster.
pub fn side_order(sides: impl Iterator<Item = String>) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for s in sides {
        if !order.contains(&s) {
            order.push(s);
        }
    }
    order
}

fn dress_units(mut commands: Commands, units: Query<(Entity, &Name, &Side, &GridPos)>, roster: Res<Roster>) {
    let order = side_order(roster.0.iter().filter_map(|e| units.get(*e).ok()).map(|(_, _, s, _)| s.0.clone()));
    for (entity, name, side, pos) in &units {
        let color = side_color(order.iter().position(|s| *s == side.0).unwrap_or(0));
        let at = cell_center(pos.0, pos.1).extend(1.0);
        commands.entity(entity).insert((Transform::from_translation(at), Visibility::default())).with_children(
            |unit| {
                unit.spawn((Body(color), Sprite::from_color(color, Vec2::splat(CELL * 0.7)), Transform::default()));
                // A level's units are called "<side> <archetype> <n>": the side shows in the colour already.
                let short = name.as_str().strip_prefix(&format!("{} ", side.0)).unwrap_or(name.as_str()).to_owned();
                let label = (Text2d::new(short), TextFont::from_font_size(8.0), TextColor(Color::WHITE));
                unit.spawn((label, Transform::from_xyz(0.0, CELL * 0.62, 2.0)));
                let bar = Sprite::from_color(Color::srgb(0.25, 0.05, 0.05), Vec2::new(CELL * 0.8, 4.0));
                unit.spawn((bar, Transform::from_xyz(0.0, -CELL * 0.48, 2.0)));
                let fill = Sprite::from_color(Color::srgb(0.25, 0.9, 0.35), Vec2::new(CELL * 0.8, 4.0));
                unit.spawn((HealthFill, fill, Transform::from_xyz(0.0, -CELL * 0.48, 2.1)));
            },
        );
    }
    let ring = Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.85), Vec2::splat(CELL * 0.95));
    let scoped = DespawnOnExit(super::screens::InBattle);
    commands.spawn((ActingRing, ring, Transform::from_xyz(0.0, 0.0, 0.5), Visibility::Hidden, scoped));
}

/// Glides each unit toward its cell (a few frames per step), so a move reads as a move.
fn move_units(time: Res<Time>, mut units: Query<(&GridPos, &mut Transform), With<Side>>) {
    for (pos, mut transform) in &mut units {
        let target = cell_center(pos.0, pos.1).extend(transform.translation.z);
        let step = (time.delta_secs() * 12.0).min(1.0);
        transform.translation = transform.translation.lerp(target, step);
    }
}

/// The bar shows the first track with a capacity: what is left of it.
fn show_health(
    units: Query<(&Tracks, &Children), Changed<Tracks>>,
    mut fills: Query<(&mut Transform, &mut Sprite), With<HealthFill>>,
) {
    for (tracks, children) in &units {
        let Some(track) = tracks.0.iter().find(|t| t.capacity > 0) else { continue };
        let left = 1.0 - (track.taken as f32 / track.capacity as f32).min(1.0);
        for child in children {
            if let Ok((mut transform, mut sprite)) = fills.get_mut(*child) {
                sprite.custom_size = Some(Vec2::new(CELL * 0.8 * left, 4.0));
                transform.translation.x = -CELL * 0.4 * (1.0 - left);
                sprite.color = Color::srgb(0.9 - 0.65 * left, 0.25 + 0.65 * left, 0.3);
            }
        }
    }
}

/// Knocked down: turned on its side; out of the fight: greyed; gone through an exit: hidden.
fn show_condition(
    units: Query<(&StatusList, &Children, Entity), Changed<StatusList>>,
    mut bodies: Query<(&Body, &mut Sprite, &mut Transform)>,
    mut visibility: Query<&mut Visibility>,
) {
    for (statuses, children, entity) in &units {
        let has = |s: &Status| statuses.0.contains(s);
        let out = statuses.is_down();
        if has(&Status::Escaped)
            && let Ok(mut v) = visibility.get_mut(entity)
        {
            *v = Visibility::Hidden;
        }
        for child in children {
            if let Ok((body, mut sprite, mut transform)) = bodies.get_mut(*child) {
                sprite.color = if out { Color::srgb(0.35, 0.35, 0.35) } else { body.0 };
                let down = has(&Status::Prone) || out;
                sprite.custom_size =
                    Some(if down { Vec2::new(CELL * 0.8, CELL * 0.35) } else { Vec2::splat(CELL * 0.7) });
                transform.translation.y = if down { -CELL * 0.15 } else { 0.0 };
            }
        }
    }
}

/// The ring follows the unit whose slot is being played.
fn mark_actor(
    state: Res<TurnState>,
    mut started: MessageReader<TurnStarted>,
    units: Query<&Transform, (With<Side>, Without<ActingRing>)>,
    mut ring: Query<(&mut Transform, &mut Visibility), With<ActingRing>>,
    fog: Res<super::fog::Fog>,
    mut last: Local<Option<Entity>>,
) {
    if let Some(message) = started.read().last() {
        *last = Some(message.entity);
    }
    let Ok((mut transform, mut visibility)) = ring.single_mut() else { return };
    let unit = last.filter(|e| fog.sees(*e)).and_then(|e| units.get(e).ok());
    match unit {
        Some(t) if !state.ended() => {
            transform.translation = t.translation.truncate().extend(0.5);
            *visibility = Visibility::Visible;
        }
        _ => *visibility = Visibility::Hidden,
    }
}
