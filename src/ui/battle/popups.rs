//! Numbers that read: what an action did to a unit pops up beside its token — the damage ("-5 Stun"), a wound, a
//! miss or a graze, a status it gained (knocked down, stunned, out) — and fades. Pop-ups of one token stack, those of
//! neighbours step aside, none overlaps another and none leaves the board (`arrange`, tested below).

use bevy::prelude::*;

use crate::combat::TurnSystems;
use crate::combat::messages::{AttackResolved, DamageApplied, StatusChanged, WoundsTaken};
use crate::rules::engine::outcome::Status;
use crate::ui::CELL;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pop_up, arrange_pop_ups, fade_pop_ups)
            .chain()
            .after(TurnSystems::End)
            .after(super::sets::UnitSystems)
            .in_set(crate::ui::screens::BoardSystems),
    );
}

/// A word over a unit, `age` seconds old.
#[derive(Component)]
struct PopUp {
    unit: Entity,
    age: f32,
    /// Its size on screen, in pixels (as laid out: the camera's zoom scales it).
    size: Vec2,
}

/// How long a pop-up stays, in seconds.
const LIFE: f32 = 1.6;
/// The pop-ups' text size, in screen pixels.
const FONT: f32 = 15.0;

/// What happened to a unit, in a word or two, and its colour.
fn said(kind: Said) -> Option<(String, Color)> {
    let red = Color::srgb(1.0, 0.45, 0.3);
    Some(match kind {
        // An ASCII minus: the map's font has no "−".
        Said::Damage { amount, track } => (format!("-{amount} {track}"), Color::srgb(1.0, 0.62, 0.3)),
        Said::Wounds(n) => (if n == 1 { "wound".into() } else { format!("{n} wounds") }, red),
        Said::Miss => ("miss".into(), Color::srgb(0.82, 0.82, 0.82)),
        Said::Graze => ("graze".into(), Color::srgb(0.9, 0.9, 0.75)),
        Said::Status(status) => {
            let word = match status {
                Status::Prone => "knocked down",
                Status::Stunned(_) => "stunned",
                Status::Unconscious => "unconscious",
                Status::Incapacitated => "incapacitated",
                Status::Dead => "dead",
                Status::WeaponJammed(_) => "jammed",
                _ => return None,
            };
            (word.into(), Color::srgb(1.0, 0.86, 0.35))
        }
    })
}

/// What a pop-up tells.
enum Said<'a> {
    Damage { amount: i32, track: &'a str },
    Wounds(u32),
    Miss,
    Graze,
    Status(&'a Status),
}

/// Each message about a unit the viewer sees pops up over it, in the order the action told them.
fn pop_up(
    mut commands: Commands,
    (mut attacks, mut damage): (MessageReader<AttackResolved>, MessageReader<DamageApplied>),
    (mut wounds, mut statuses): (MessageReader<WoundsTaken>, MessageReader<StatusChanged>),
    units: Query<&Transform, Without<PopUp>>,
    fog: Res<super::fog::Fog>,
) {
    let misses =
        attacks.read().filter(|a| !a.hit).map(|a| (a.defender, if a.graze { Said::Graze } else { Said::Miss }));
    let hurt =
        damage.read().filter(|d| d.amount > 0).map(|d| (d.entity, Said::Damage { amount: d.amount, track: &d.track }));
    let wounded = wounds.read().filter(|w| w.wounds > 0).map(|w| (w.entity, Said::Wounds(w.wounds)));
    let gained = statuses.read().filter(|s| s.gained).map(|s| (s.entity, Said::Status(&s.status)));
    for (unit, kind) in misses.chain(hurt).chain(wounded).chain(gained) {
        let (Ok(at), true) = (units.get(unit), fog.sees(unit)) else { continue };
        let Some((text, color)) = said(kind) else { continue };
        let size = Vec2::new(text.chars().count() as f32 * FONT * 0.55 + 4.0, FONT * 1.25);
        commands.spawn((
            PopUp { unit, age: 0.0, size },
            Text2d::new(text),
            TextFont::from_font_size(FONT),
            TextColor(color),
            Transform::from_translation(at.translation.truncate().extend(5.0)),
            DespawnOnExit(crate::ui::screens::OnBoard),
        ));
    }
}

/// Every pop-up placed for this frame: beside its unit, clear of the others, on the board; as large on screen at
/// every zoom.
fn arrange_pop_ups(
    mut pop_ups: Query<(&PopUp, &mut Transform)>,
    units: Query<&Transform, Without<PopUp>>,
    camera: Query<&Projection, With<Camera2d>>,
    map: Res<crate::ui::MapView>,
) {
    let scale = match camera.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    let board = super::follow::board_of(&map);
    let mut live: Vec<_> = pop_ups.iter_mut().collect();
    // The oldest first: a new pop-up takes the room the older ones leave, so nothing already read moves.
    live.sort_by(|a, b| b.0.age.total_cmp(&a.0.age));
    let asked: Vec<(Vec2, Vec2)> = live
        .iter()
        .map(|(p, _)| (units.get(p.unit).map_or(Vec2::ZERO, |t| t.translation.truncate()), p.size * scale))
        .collect();
    for ((_, transform), at) in live.iter_mut().zip(arrange(&asked, board, CELL * 0.55)) {
        transform.translation = at.extend(5.0);
        transform.scale = Vec3::splat(scale);
    }
}

/// Where each label goes (its centre), given the point it belongs to and its size, in order: above its point
/// (below it when the board's top edge is near), moved on in that direction past any label placed before it, then
/// the other way, then a column aside when its own is full; always inside `board`. `clear` is how far from its point
/// a label starts (the token's half height).
pub fn arrange(asked: &[(Vec2, Vec2)], board: Rect, clear: f32) -> Vec<Vec2> {
    let mut placed: Vec<Rect> = Vec::with_capacity(asked.len());
    for &(point, size) in asked {
        let half = size / 2.0;
        let within = |v: Vec2| {
            let x = v.x.clamp(board.min.x + half.x, (board.max.x - half.x).max(board.min.x + half.x));
            Vec2::new(x, v.y.clamp(board.min.y + half.y, (board.max.y - half.y).max(board.min.y + half.y)))
        };
        // Above while there is room for a few, else below.
        let up = point.y + clear + size.y * 3.0 <= board.max.y;
        let (sign, rows) = (if up { 1.0 } else { -1.0 }, (board.height() / size.y).ceil() as i32);
        let onward = (0..rows).map(|i| sign * (clear + half.y + size.y * i as f32));
        let back = (0..rows).map(|i| -sign * (clear + half.y + size.y * i as f32));
        let ys: Vec<f32> = onward.chain(back).collect();
        let free = |c: Vec2| {
            let rect = Rect::from_center_size(c, size);
            !placed.iter().any(|p| !p.intersect(rect).is_empty())
        };
        let columns = [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0];
        let spots = columns.iter().flat_map(|dx| ys.iter().map(move |dy| Vec2::new(*dx * size.x, *dy)));
        let at = spots.map(|d| within(point + d)).find(|c| free(*c)).unwrap_or_else(|| within(point + Vec2::Y * ys[0]));
        placed.push(Rect::from_center_size(at, size));
    }
    placed.iter().map(|r| r.center()).collect()
}

/// Pop-ups fade out over their last half second and go.
fn fade_pop_ups(mut commands: Commands, time: Res<Time>, mut pop_ups: Query<(Entity, &mut PopUp, &mut TextColor)>) {
    for (entity, mut pop_up, mut color) in &mut pop_ups {
        pop_up.age += time.delta_secs();
        if pop_up.age >= LIFE {
            commands.entity(entity).despawn();
            continue;
        }
        color.0.set_alpha(((LIFE - pop_up.age) / 0.5).min(1.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(a: Rect, b: Rect) -> bool {
        let both = a.intersect(b);
        both.width() > 1e-3 && both.height() > 1e-3
    }

    /// A 10 × 6 board, as `arrange_pop_ups` measures it.
    fn board() -> Rect {
        Rect::new(-CELL / 2.0, -5.5 * CELL, 9.5 * CELL, CELL / 2.0)
    }

    #[test]
    fn pop_ups_of_one_token_and_its_neighbours_never_overlap_and_stay_on_the_board() {
        let size = Vec2::new(90.0, 19.0);
        // A burst on a token in the top left corner (no room above: they go below), and on its two neighbours.
        let corner = crate::ui::battle::board::cell_center(0, 0);
        let mut asked = vec![(corner, size); 5];
        asked.extend([(crate::ui::battle::board::cell_center(1, 0), size); 3]);
        asked.extend([(crate::ui::battle::board::cell_center(0, 1), size); 3]);
        // And on one at the bottom right corner, whose words would run off the right edge.
        asked.extend([(crate::ui::battle::board::cell_center(9, 5), Vec2::new(120.0, 19.0)); 3]);
        let at = arrange(&asked, board(), CELL * 0.55);
        let rects: Vec<Rect> = at.iter().zip(&asked).map(|(c, (_, s))| Rect::from_center_size(*c, *s)).collect();
        for (i, r) in rects.iter().enumerate() {
            let edge = board().inflate(0.01);
            assert!(edge.contains(r.min) && edge.contains(r.max), "pop-up {i} leaves the board: {r:?}");
            for (j, other) in rects.iter().enumerate().skip(i + 1) {
                assert!(!overlaps(*r, *other), "pop-ups {i} and {j} overlap: {r:?} {other:?}");
            }
        }
        // The first of the corner's goes right below its token, the next below that.
        assert!(at[0].y < corner.y && at[1].y < at[0].y, "{:?}", &at[..2]);
    }

    #[test]
    fn a_pop_up_with_room_above_its_token_goes_above_it() {
        let point = crate::ui::battle::board::cell_center(4, 4);
        let at = arrange(&[(point, Vec2::new(40.0, 19.0))], board(), CELL * 0.55);
        assert_eq!(at[0], Vec2::new(point.x, point.y + CELL * 0.55 + 9.5));
    }
}
