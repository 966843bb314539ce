//! What an attack looks like: once its attacker has stopped walking, a muzzle flash, a round that travels to where
//! the shot went (the target on a hit, past it and aside on a miss) and an impact there — a red burst on a hit, a
//! grey puff on a miss; a blow in melee is a flash on its target. A faint line from attacker to target stays a
//! moment after, so who shot whom still reads. All of it fits in the slot's time at a fast pace; with motion off
//! in the settings it is the line alone.

use bevy::prelude::*;

use crate::combat::TurnSystems;
use crate::combat::components::Loadout;
use crate::combat::messages::AttackResolved;
use crate::rules::engine::ruleset::WeaponClass;
use crate::ui::CELL;
use crate::ui::sound::{Cue, PlaySound};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (fire_shots, draw_shots)
            .chain()
            .after(TurnSystems::End)
            .after(super::sets::UnitSystems)
            .in_set(crate::ui::screens::BoardSystems),
    );
}

/// An attack on its way: `age` seconds since it was fired (below zero while its attacker still walks).
#[derive(Component)]
struct Shot {
    attacker: Entity,
    defender: Entity,
    hit: bool,
    /// The attacker's weapon (its report).
    class: WeaponClass,
    /// Its report and its landing have sounded.
    heard: (bool, bool),
    /// Where a miss lands, from the target (a cell or so past it, to one side).
    astray: Vec2,
    age: f32,
    /// Seconds the round flies (none in melee, or with motion off).
    flight: f32,
    /// How fast the whole plays: more than 1 at a pace faster than the effect.
    speed: f32,
}

/// Seconds of the muzzle flash, and of the impact after the round lands.
const FLASH: f32 = 0.08;
const IMPACT: f32 = 0.3;
/// How long the line from attacker to target stays after the impact.
const TRACE: f32 = 0.35;
/// Cells a second a round flies (on screen, not a rule).
const ROUND_SPEED: f32 = 45.0;

/// Each attack on a unit the viewer sees is shot: from its attacker's cell once its walk is done.
fn fire_shots(
    mut commands: Commands,
    mut attacks: MessageReader<AttackResolved>,
    units: Query<(&Transform, Option<&super::motion::Walking>, Option<&Loadout>)>,
    fog: Res<super::fog::Fog>,
    pace: Res<super::pacing::Pace>,
    settings: Res<crate::ui::settings::Settings>,
) {
    // Under fog of war an attack shows when the viewer sees its target: where it came from shows too, as a shot at
    // one's own unit would; a fight between unseen units shows nothing.
    for a in attacks.read().filter(|a| fog.sees(a.defender)) {
        let (Ok((from, walking, loadout)), Ok((to, ..))) = (units.get(a.attacker), units.get(a.defender)) else {
            continue;
        };
        let reach = from.translation.truncate().distance(to.translation.truncate()) / CELL;
        let melee = reach < 1.5;
        let motion = settings.motion;
        let flight = if melee || !motion { 0.0 } else { (reach / ROUND_SPEED).clamp(0.05, 0.25) };
        // The whole within most of a slot: at a fast pace it plays faster rather than fall behind.
        let slot = pace.timer.duration().as_secs_f32();
        let whole = FLASH.max(flight) + IMPACT + TRACE;
        let speed = (whole / (slot * 0.8).max(1e-3)).max(1.0);
        let wait = if motion { walking.map_or(0.0, |w| w.left()) } else { 0.0 };
        commands.spawn((
            Shot {
                attacker: a.attacker,
                defender: a.defender,
                hit: a.hit,
                class: loadout.map_or(WeaponClass::Rifle, |l| l.class),
                heard: (false, false),
                astray: astray(a),
                age: -wait,
                flight,
                speed,
            },
            DespawnOnExit(crate::ui::screens::OnBoard),
        ));
    }
}

/// Where a miss goes, from its target: on past it and to one side (which side, by the pair: the same each time).
fn astray(a: &AttackResolved) -> Vec2 {
    let side = if (a.attacker.to_bits() ^ a.defender.to_bits()).count_ones().is_multiple_of(2) { 1.0 } else { -1.0 };
    Vec2::new(0.75, 0.45 * side) * CELL
}

/// Each shot drawn at its age, and gone once its line has faded.
fn draw_shots(
    mut commands: Commands,
    time: Res<Time>,
    mut shots: Query<(Entity, &mut Shot)>,
    units: Query<&Transform>,
    settings: Res<crate::ui::settings::Settings>,
    mut gizmos: Gizmos,
    mut sound: MessageWriter<PlaySound>,
) {
    for (entity, mut shot) in &mut shots {
        shot.age += time.delta_secs() * shot.speed;
        let (Ok(from), Ok(to)) = (units.get(shot.attacker), units.get(shot.defender)) else {
            commands.entity(entity).despawn();
            continue;
        };
        let (from, to) = (from.translation.truncate(), to.translation.truncate());
        let t = shot.age;
        if t < 0.0 {
            continue;
        }
        let lands = shot.flight.max(FLASH);
        sound_shot(&mut shot, lands, &mut sound);
        if t > lands + IMPACT + TRACE {
            commands.entity(entity).despawn();
            continue;
        }
        // The landing point: the target, or past it along the line of fire and aside.
        let along = (to - from).normalize_or(Vec2::X);
        let end = if shot.hit { to } else { to + along * shot.astray.x + along.perp() * shot.astray.y };
        let trace = 1.0 - ((t - lands) / (IMPACT + TRACE)).clamp(0.0, 1.0);
        let line = if shot.hit {
            Color::srgba(1.0, 0.35, 0.25, 0.55 * trace)
        } else {
            Color::srgba(0.8, 0.8, 0.8, 0.45 * trace)
        };
        gizmos.line_2d(from, end, line);
        if !settings.motion {
            continue;
        }
        draw_flight(&mut gizmos, &shot, (from, end));
        draw_impact(&mut gizmos, &shot, end, t - lands);
    }
}

/// The shot's report as it leaves, then a hit's thud or a miss's ricochet as it lands (both at once with motion off).
fn sound_shot(shot: &mut Shot, lands: f32, sound: &mut MessageWriter<PlaySound>) {
    if !shot.heard.0 {
        shot.heard.0 = true;
        sound.write(PlaySound(Cue::Shot(shot.class)));
    }
    if !shot.heard.1 && shot.age >= lands {
        shot.heard.1 = true;
        sound.write(PlaySound(if shot.hit { Cue::Hit } else { Cue::Miss }));
    }
}

/// The muzzle flash and the round on its way (a short bright streak).
fn draw_flight(gizmos: &mut Gizmos, shot: &Shot, (from, end): (Vec2, Vec2)) {
    let t = shot.age;
    if t < FLASH && shot.flight > 0.0 {
        let glow = 1.0 - t / FLASH;
        let muzzle = from + (end - from).normalize_or(Vec2::X) * CELL * 0.45;
        gizmos.circle_2d(muzzle, CELL * (0.12 + 0.1 * (1.0 - glow)), Color::srgba(1.0, 0.9, 0.5, glow));
    }
    if shot.flight > 0.0 && t < shot.flight {
        let head = from.lerp(end, t / shot.flight);
        let tail = from.lerp(end, ((t - 0.04) / shot.flight).max(0.0));
        gizmos.line_2d(tail, head, Color::srgb(1.0, 0.95, 0.7));
        gizmos.circle_2d(head, CELL * 0.05, Color::srgb(1.0, 0.95, 0.7));
    }
}

/// Where the round lands: a red burst that grows on a hit, a small grey puff on a miss; a blow in melee flashes.
fn draw_impact(gizmos: &mut Gizmos, shot: &Shot, at: Vec2, since: f32) {
    if !(0.0..IMPACT).contains(&since) {
        return;
    }
    let k = since / IMPACT;
    let fade = 1.0 - k;
    if shot.hit {
        gizmos.circle_2d(at, CELL * (0.2 + 0.35 * k), Color::srgba(1.0, 0.3, 0.2, fade));
        gizmos.circle_2d(at, CELL * (0.1 + 0.2 * k), Color::srgba(1.0, 0.75, 0.3, fade));
    } else {
        gizmos.circle_2d(at, CELL * (0.08 + 0.15 * k), Color::srgba(0.75, 0.75, 0.72, 0.8 * fade));
    }
}
