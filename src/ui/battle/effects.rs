//! What an action looks like: a tracer from attacker to defender for every attack (red on a hit, grey on a miss)
//! and the damage floating up from whoever took it, both fading in about a second.

use bevy::prelude::*;

use crate::combat::TurnSystems;
use crate::combat::messages::{AttackResolved, DamageApplied};
use crate::ui::CELL;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_attacks, show_damage, fade_effects, draw_tracers)
            .chain()
            .after(TurnSystems::End)
            .in_set(crate::ui::screens::BoardSystems),
    );
}

/// A fading effect and its age in seconds.
#[derive(Component)]
struct Fading {
    age: f32,
    life: f32,
}

/// An attack's line of fire.
#[derive(Component)]
struct Tracer {
    from: Entity,
    to: Entity,
    hit: bool,
}

fn show_attacks(mut commands: Commands, mut attacks: MessageReader<AttackResolved>, fog: Res<super::fog::Fog>) {
    // Under fog of war an attack shows when the viewer sees its target: where it came from shows too, as a shot
    // at one's own unit would; a fight between unseen units shows nothing.
    for a in attacks.read().filter(|a| fog.sees(a.defender)) {
        commands.spawn((
            Tracer { from: a.attacker, to: a.defender, hit: a.hit },
            Fading { age: 0.0, life: 0.6 },
            DespawnOnExit(crate::ui::screens::OnBoard),
        ));
    }
}

fn show_damage(
    mut commands: Commands,
    mut damage: MessageReader<DamageApplied>,
    units: Query<&Transform>,
    fog: Res<super::fog::Fog>,
    camera: Query<&Projection, With<Camera2d>>,
) {
    // As large on screen at every zoom: laid out at 15 pixels (sharp, and one size in the glyph atlas) and scaled
    // by the camera's zoom.
    let scale = match camera.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    for d in damage.read().filter(|d| d.amount > 0 && fog.sees(d.entity)) {
        let Ok(at) = units.get(d.entity) else { continue };
        let font = TextFont::from_font_size(15.0);
        let text = (Text2d::new(format!("-{} {}", d.amount, d.track)), font);
        let place = Transform::from_translation(at.translation.truncate().extend(5.0) + Vec3::Y * CELL * 0.4)
            .with_scale(Vec3::splat(scale));
        commands.spawn((
            text,
            TextColor(Color::srgb(1.0, 0.55, 0.3)),
            place,
            Fading { age: 0.0, life: 1.4 },
            DespawnOnExit(crate::ui::screens::OnBoard),
        ));
    }
}

/// Ages every effect; floating numbers rise and fade; the old ones go.
fn fade_effects(
    mut commands: Commands,
    time: Res<Time>,
    mut effects: Query<(Entity, &mut Fading, Option<&mut Transform>, Option<&mut TextColor>)>,
) {
    for (entity, mut fading, transform, color) in &mut effects {
        fading.age += time.delta_secs();
        if fading.age >= fading.life {
            commands.entity(entity).despawn();
            continue;
        }
        if let Some(mut t) = transform {
            t.translation.y += CELL * 0.8 * time.delta_secs();
        }
        if let Some(mut c) = color {
            c.0.set_alpha(1.0 - fading.age / fading.life);
        }
    }
}

fn draw_tracers(tracers: Query<(&Tracer, &Fading)>, units: Query<&Transform>, mut gizmos: Gizmos) {
    for (tracer, fading) in &tracers {
        let (Ok(from), Ok(to)) = (units.get(tracer.from), units.get(tracer.to)) else { continue };
        let alpha = 1.0 - fading.age / fading.life;
        let color = if tracer.hit { Color::srgba(1.0, 0.35, 0.25, alpha) } else { Color::srgba(0.8, 0.8, 0.8, alpha) };
        gizmos.line_2d(from.translation.truncate(), to.translation.truncate(), color);
    }
}
