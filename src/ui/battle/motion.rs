//! Motion on the board: a unit walks (or runs, faster) its path cell by cell; knocked down it tips over, stunned it
//! shakes, out of the fight it greys and its cross drops onto it. Nothing here holds the battle up: a move or a
//! change fits within the slot's time (faster at a fast pace), a new one takes over from an old one, and with motion
//! off in the settings units glide straight to their cells and changes show at once. A unit the viewer sees falling is
//! heard (`sound.rs` plays it).

use bevy::prelude::*;

use super::board::cell_center;
use super::sets::{CameraSystems, MotionSystems, UnitSystems};
use super::units::{Body, DownMark, HealthRing, Token};
use crate::combat::TurnSystems;
use crate::combat::components::{GridPos, Side, StatusList};
use crate::combat::messages::{StatusChanged, UnitMoved};
use crate::rules::engine::field::Pace;
use crate::rules::engine::outcome::Status;
use crate::ui::sound::{Cue, PlaySound, PlaySoundSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_walks, walk_units, glide_units, show_condition, shake_stunned, ease_parts)
            .chain()
            .after(TurnSystems::End)
            .after(CameraSystems)
            .before(UnitSystems)
            .in_set(MotionSystems)
            .in_set(crate::ui::screens::BoardSystems),
    );
    // Its sound in the frame it falls, of a unit the viewer sees (the fog is the board's, not the sound's).
    let falls = cue_falls.after(TurnSystems::End).before(PlaySoundSystems);
    app.add_systems(Update, falls.run_if(in_state(crate::ui::screens::OnBoard)));
}

/// A unit on its way along a path.
#[derive(Component, Debug)]
pub struct Walking {
    /// The cells' centres, from where it set out.
    points: Vec<Vec2>,
    /// How far along, in cells.
    at: f32,
    /// Cells a second.
    speed: f32,
}

impl Walking {
    /// A walk over `points` (from its start) at `pace`, done within `slot` seconds.
    pub fn new(points: Vec<Vec2>, pace: Pace, slot: f32) -> Self {
        // On screen, not a rule: a brisk walk, a run near twice as fast.
        let own: f32 = match pace {
            Pace::Walk => 5.0,
            Pace::Run => 9.0,
        };
        let cells = points.len().saturating_sub(1) as f32;
        let speed = own.max(cells / (slot * 0.7).max(1e-3));
        Walking { points, at: 0.0, speed }
    }

    /// Seconds until it stands on its last cell.
    pub fn left(&self) -> f32 {
        (self.points.len().saturating_sub(1) as f32 - self.at).max(0.0) / self.speed
    }

    /// Where it is now.
    fn position(&self) -> Vec2 {
        let i = self.at.floor() as usize;
        let (Some(a), b) = (self.points.get(i), self.points.get(i + 1)) else { return Vec2::ZERO };
        b.map_or(*a, |b| a.lerp(*b, self.at.fract()))
    }

    /// On by `seconds`; whether it has arrived.
    fn advance(&mut self, seconds: f32) -> bool {
        self.at = (self.at + seconds * self.speed).min(self.points.len().saturating_sub(1) as f32);
        self.left() <= 0.0
    }
}

/// A part of a token easing from one scale and colour to another.
#[derive(Component, Debug)]
pub struct Ease {
    pub scale: (Vec3, Vec3),
    pub color: Option<(Color, Color)>,
    pub age: f32,
    pub life: f32,
    pub curve: EaseFunction,
}

/// A token shaking, `age` seconds in.
#[derive(Component, Debug)]
struct Shake {
    age: f32,
}

const SHAKE: f32 = 0.4;

/// A move the engine made sets its unit walking from where its token stands now.
fn start_walks(
    mut commands: Commands,
    mut moved: MessageReader<UnitMoved>,
    units: Query<&Transform, With<Side>>,
    pace: Res<super::pacing::Pace>,
    settings: Res<crate::ui::settings::Settings>,
    (fog, mut sound): (Res<super::fog::Fog>, MessageWriter<PlaySound>),
) {
    for m in moved.read() {
        let Ok(transform) = units.get(m.entity) else { continue };
        if m.path.is_empty() {
            continue;
        }
        if !settings.motion {
            // One step for the whole move: it shows at once.
            if fog.sees(m.entity) {
                sound.write(PlaySound(Cue::Step));
            }
            continue;
        }
        let here = transform.translation.truncate();
        let points: Vec<Vec2> = std::iter::once(here).chain(m.path.iter().map(|c| cell_center(c.0, c.1))).collect();
        let slot = pace.timer.duration().as_secs_f32();
        commands.entity(m.entity).insert(Walking::new(points, m.pace, slot));
    }
}

/// Walking units step along their paths; an arrived one stands on its cell.
fn walk_units(
    mut commands: Commands,
    time: Res<Time>,
    mut units: Query<(Entity, &mut Walking, &mut Transform, &GridPos)>,
    (fog, mut sound): (Res<super::fog::Fog>, MessageWriter<PlaySound>),
) {
    for (entity, mut walking, mut transform, pos) in &mut units {
        let cell = walking.at.floor();
        let arrived = walking.advance(time.delta_secs());
        // A footstep on each cell it steps onto, where the viewer sees it.
        if walking.at.floor() > cell && fog.sees(entity) {
            sound.write(PlaySound(Cue::Step));
        }
        let at = if arrived { cell_center(pos.0, pos.1) } else { walking.position() };
        transform.translation = at.extend(transform.translation.z);
        if arrived {
            commands.entity(entity).remove::<Walking>();
        }
    }
}

/// A unit not walking glides to its cell (a few frames a step): undo, a replay's jump, a host's correction.
fn glide_units(time: Res<Time>, mut units: Query<(&GridPos, &mut Transform), (With<Side>, Without<Walking>)>) {
    for (pos, mut transform) in &mut units {
        let target = cell_center(pos.0, pos.1).extend(transform.translation.z);
        if transform.translation.distance_squared(target) < 1e-4 {
            continue;
        }
        let step = (time.delta_secs() * 12.0).min(1.0);
        transform.translation = transform.translation.lerp(target, step);
    }
}

/// Out of the fight: greyed with a cross that drops onto it and an empty ring; knocked down: it tips over, lying
/// flat (a unit gone through an exit is hidden by `fog.rs`, with the units the viewer does not see). At a battle's
/// start, with motion off, or on a unit just come into sight, the change shows at once.
fn show_condition(
    mut commands: Commands,
    units: Query<(Ref<StatusList>, &Token, &Children), Changed<StatusList>>,
    bodies: Query<(&Sprite, &Transform), With<Body>>,
    mut marks: Query<&mut Visibility, With<DownMark>>,
    mut rings: Query<&mut Visibility, (With<HealthRing>, Without<DownMark>)>,
    settings: Res<crate::ui::settings::Settings>,
) {
    for (statuses, token, children) in &units {
        let out = statuses.is_down();
        let prone = statuses.0.contains(&Status::Prone);
        let animate = settings.motion && !statuses.is_added();
        for child in children {
            if let Ok((sprite, transform)) = bodies.get(*child) {
                let color = if out { Color::srgb(0.32, 0.32, 0.34) } else { token.color };
                // Lying down: the body seen flatter.
                let scale = if prone && !out { Vec3::new(1.0, 0.72, 1.0) } else { Vec3::ONE };
                let (curve, life) = if out { (EaseFunction::CubicOut, 0.45) } else { (EaseFunction::BackOut, 0.3) };
                let ease =
                    Ease { scale: (transform.scale, scale), color: Some((sprite.color, color)), age: 0.0, life, curve };
                commands.entity(*child).insert(Ease { life: if animate { ease.life } else { 0.0 }, ..ease });
            }
            if let Ok(mut mark) = marks.get_mut(*child) {
                let was_out = *mark != Visibility::Hidden;
                *mark = if out { Visibility::Inherited } else { Visibility::Hidden };
                if out && !was_out {
                    let life = if animate { 0.35 } else { 0.0 };
                    let drop = (Vec3::splat(1.8), Vec3::ONE);
                    commands.entity(*child).insert(Ease {
                        scale: drop,
                        color: None,
                        age: 0.0,
                        life,
                        curve: EaseFunction::BackOut,
                    });
                }
            }
            // Out of the fight by whatever way the ruleset has (a status as well as a full track): no health left.
            if let Ok(mut ring) = rings.get_mut(*child) {
                *ring = if out { Visibility::Hidden } else { Visibility::Inherited };
            }
        }
    }
}

/// A unit stunned shakes for a moment (its body, side to side, less and less).
fn shake_stunned(
    mut commands: Commands,
    mut changed: MessageReader<StatusChanged>,
    time: Res<Time>,
    mut shaking: Query<(Entity, &mut Shake, &Children)>,
    mut bodies: Query<&mut Transform, With<Body>>,
    settings: Res<crate::ui::settings::Settings>,
) {
    for c in changed.read().filter(|c| c.gained && matches!(c.status, Status::Stunned(_)) && settings.motion) {
        commands.entity(c.entity).insert(Shake { age: 0.0 });
    }
    for (entity, mut shake, children) in &mut shaking {
        shake.age += time.delta_secs();
        let left = (1.0 - shake.age / SHAKE).max(0.0);
        for child in children {
            if let Ok(mut body) = bodies.get_mut(*child) {
                body.translation.x = (shake.age * 55.0).sin() * crate::ui::CELL * 0.06 * left;
            }
        }
        if left <= 0.0 {
            commands.entity(entity).remove::<Shake>();
        }
    }
}

/// Parts easing to their new look; the ease goes when done.
fn ease_parts(
    mut commands: Commands,
    time: Res<Time>,
    mut parts: Query<(Entity, &mut Ease, &mut Transform, Option<&mut Sprite>)>,
) {
    for (entity, mut ease, mut transform, sprite) in &mut parts {
        ease.age += time.delta_secs();
        let t = (ease.age / ease.life.max(1e-3)).min(1.0);
        let k = ease.curve.sample_clamped(t);
        transform.scale = ease.scale.0.lerp(ease.scale.1, k);
        if let (Some((from, to)), Some(mut sprite)) = (ease.color, sprite) {
            sprite.color = from.mix(&to, t);
        }
        if t >= 1.0 {
            commands.entity(entity).remove::<Ease>();
        }
    }
}

/// A unit the viewer sees knocked down or out of the fight falls.
fn cue_falls(mut changed: MessageReader<StatusChanged>, fog: Res<super::fog::Fog>, mut out: MessageWriter<PlaySound>) {
    let falls = |s: &Status| matches!(s, Status::Prone | Status::Unconscious | Status::Dead | Status::Incapacitated);
    if changed.read().any(|c| c.gained && falls(&c.status) && fog.sees(c.entity)) {
        out.write(PlaySound(Cue::Fall));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_goes_cell_by_cell_and_fits_in_the_slot() {
        let points: Vec<Vec2> = (0..5).map(|x| cell_center(x, 0)).collect();
        // Four cells at a walk: 0.8 s at its own speed, within a slot of 2 s.
        let mut walk = Walking::new(points.clone(), Pace::Walk, 2.0);
        assert!((walk.left() - 0.8).abs() < 1e-4, "{}", walk.left());
        assert!(!walk.advance(0.3));
        assert_eq!(walk.position(), cell_center(1, 0).lerp(cell_center(2, 0), 0.5), "halfway through the second step");
        assert!(walk.advance(0.5), "there");
        assert_eq!(walk.position(), cell_center(4, 0));
        // At a pace of 0.1 s a slot the same walk takes 0.07 s; a run is faster than a walk.
        assert!((Walking::new(points.clone(), Pace::Walk, 0.1).left() - 0.07).abs() < 1e-4);
        assert!(Walking::new(points.clone(), Pace::Run, 2.0).left() < Walking::new(points, Pace::Walk, 2.0).left());
    }
}
