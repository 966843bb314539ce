//! The units as tokens (`art.rs` draws their parts): a body in the side's colour and shape with the unit's role
//! glyph, a ring round it that empties as the unit is hurt, badges for its states (prone, stunned, full defense, aiming,
//! delayed, jammed, running), a cross when it is out of the fight. Tokens glide from cell to cell; a pulsing gold
//! ring marks the acting unit and corner brackets the selected one. Names and the hover card are `labels.rs`'s.

use bevy::prelude::*;

use super::art::{Art, Badge, RING_STEPS, Role};
use super::board::cell_center;
use super::sets::{CameraSystems, UnitSystems};
use crate::combat::TurnState;
use crate::combat::components::{Combatant, GridPos, Holding, Loadout, Side, StatusList, Tracks};
use crate::rules::engine::outcome::Status;
use crate::ui::palette::Shape;
use crate::ui::screens::OnBoard;
use crate::ui::{Acting, CELL, SideOrder};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnBoard), place_marks).add_systems(
        Update,
        (dress_units, size_tokens, show_health, show_badges, mark_actor, mark_selection)
            .chain()
            .after(crate::combat::TurnSystems::End)
            .after(CameraSystems)
            .in_set(UnitSystems)
            .in_set(crate::ui::screens::BoardSystems),
    );
}

/// The unit's side colour and shape and its role (kept on the unit for the hover card, the labels and the log).
#[derive(Component, Clone, Copy, Debug)]
pub struct Token {
    pub color: Color,
    pub shape: Shape,
    pub role: Role,
}

/// The coloured body of a unit (a child of the combatant).
#[derive(Component)]
pub(super) struct Body;

/// The filled part of the health ring.
#[derive(Component)]
pub(super) struct HealthRing;

/// The cross shown when the unit is out of the fight.
#[derive(Component)]
pub(super) struct DownMark;

/// One of a token's badge places, the `n`-th from the top right.
#[derive(Component)]
struct BadgeSlot(usize);

/// The mark of the acting unit.
#[derive(Component)]
struct ActingRing;

/// The mark of the selected unit.
#[derive(Component)]
struct SelectionMark;

/// How many badges a token shows at most (the hover card lists them all).
const BADGES: usize = 3;

/// A unit's role: the one its scenario or level gives, else read off its name.
fn role_of(given: Option<&String>, name: &str) -> Role {
    given.map_or_else(|| Role::named(name), |r| Role::named(r))
}

/// A combatant without a token gets one: at a battle's start, and online whenever a unit comes into sight.
fn dress_units(
    mut commands: Commands,
    units: Query<(Entity, &Name, &Side, &GridPos, Option<&Combatant>), Without<Token>>,
    sides: Res<SideOrder>,
    art: Res<Art>,
    (roles, settings): (Option<Res<crate::ui::Roles>>, Res<crate::ui::settings::Settings>),
) {
    for (entity, name, side, pos, combatant) in &units {
        let given = roles.as_ref().zip(combatant).and_then(|(r, c)| r.0.get(c.0.index())).and_then(Option::as_ref);
        let place = sides.place(&side.0);
        let (color, shape) = (settings.palette.side(place), Shape::of_side(place));
        let token = Token { color, shape, role: role_of(given, name.as_str()) };
        let at = cell_center(pos.0, pos.1).extend(1.0);
        let parts = |unit: &mut bevy::ecs::hierarchy::ChildSpawnerCommands| dress(unit, &art, token);
        commands
            .entity(entity)
            .insert((token, Transform::from_translation(at), Visibility::default()))
            .with_children(parts);
    }
}

/// A token's parts: the groove, the health ring, the disc in the side's colour, the role's glyph, the cross when
/// out, the badge places.
fn dress(unit: &mut bevy::ecs::hierarchy::ChildSpawnerCommands, art: &Art, token: Token) {
    let part = |image: &Handle<Image>, size: f32| Sprite {
        image: image.clone(),
        custom_size: Some(Vec2::splat(CELL * size)),
        ..default()
    };
    unit.spawn((part(&art.groove, 0.98), Transform::from_xyz(0.0, 0.0, 0.0)));
    let ring = Sprite { color: health_color(1.0), ..part(&art.rings[RING_STEPS], 0.98) };
    unit.spawn((HealthRing, ring, Transform::from_xyz(0.0, 0.0, 0.05)));
    let body = Sprite { color: token.color, ..part(&art.bodies[&token.shape], 0.78) };
    unit.spawn((Body, body, Transform::from_xyz(0.0, 0.0, 0.1)));
    let glyph = art.glyphs.get(&token.role).cloned().unwrap_or_default();
    unit.spawn((part(&glyph, 0.56), Transform::from_xyz(0.0, 0.0, 0.2)));
    unit.spawn((DownMark, part(&art.down, 0.8), Transform::from_xyz(0.0, 0.0, 0.3), Visibility::Hidden));
    for n in 0..BADGES {
        let place = badge_place(n).extend(0.4);
        let badge = (BadgeSlot(n), part(&Handle::default(), 0.36), Visibility::Hidden);
        unit.spawn((badge, Transform::from_translation(place)));
    }
}

/// The marks of the acting and the selected unit, hidden until there is one.
fn place_marks(mut commands: Commands, art: Res<Art>) {
    let scoped = DespawnOnExit(OnBoard);
    let ring = Sprite {
        image: art.acting.clone(),
        color: Color::srgb(1.0, 0.82, 0.25),
        custom_size: Some(Vec2::splat(CELL * 1.2)),
        ..default()
    };
    commands.spawn((ActingRing, ring, Transform::from_xyz(0.0, 0.0, 0.9), Visibility::Hidden, scoped.clone()));
    let brackets = Sprite {
        image: art.selected.clone(),
        color: Color::srgb(0.45, 0.95, 1.0),
        custom_size: Some(Vec2::splat(CELL * 1.08)),
        ..default()
    };
    commands.spawn((SelectionMark, brackets, Transform::from_xyz(0.0, 0.0, 0.95), Visibility::Hidden, scoped));
}

/// Where the `n`-th badge sits on a token: round its top right edge.
fn badge_place(n: usize) -> Vec2 {
    let angle = (50.0 - 40.0 * n as f32).to_radians();
    Vec2::new(angle.cos(), angle.sin()) * CELL * 0.42
}

/// Health from full (green) through yellow to nearly gone (red).
pub fn health_color(left: f32) -> Color {
    if left > 0.5 {
        Color::srgb(0.25 + (1.0 - left) * 1.3, 0.85, 0.3)
    } else {
        Color::srgb(0.95, 0.25 + left * 1.2, 0.2)
    }
}

/// Every token takes the size the zoom asks for: zoomed far out (a 64 × 64 level fitted to the window) a token grows
/// past its cell, up to 1.8 times, so that it stays about 18 pixels across.
fn size_tokens(camera: Query<&Projection, With<Camera2d>>, mut units: Query<&mut Transform, With<Token>>) {
    let cell_pixels = camera.single().map_or(CELL, super::camera::cell_pixels);
    let scale = (18.0 / cell_pixels).clamp(1.0, 1.8);
    for mut transform in &mut units {
        if (transform.scale.x - scale).abs() > 1e-3 {
            transform.scale = Vec3::splat(scale);
        }
    }
}

/// The share of a unit's health left: of its worst track (Shadowrun's Stun monitor knocks a unit out as surely as
/// its Physical one).
pub fn health_left(tracks: &Tracks) -> Option<f32> {
    least_left(tracks.0.iter().map(|t| (t.taken, t.capacity)))
}

/// What is left of the least-kept of some tracks (each damage taken and capacity), 0 to 1; none with a capacity: none.
pub fn least_left(tracks: impl Iterator<Item = (u32, u32)>) -> Option<f32> {
    let left = |(taken, capacity): (u32, u32)| 1.0 - (taken as f32 / capacity as f32).min(1.0);
    tracks.filter(|(_, capacity)| *capacity > 0).map(left).reduce(f32::min)
}

/// The ring shows what is left of the unit's health.
fn show_health(
    units: Query<(&Tracks, &Children), Changed<Tracks>>,
    mut rings: Query<&mut Sprite, With<HealthRing>>,
    art: Res<Art>,
) {
    for (tracks, children) in &units {
        let Some(left) = health_left(tracks) else { continue };
        // A scratch still shows: only a whole track taken empties the ring.
        let step = match (left * RING_STEPS as f32).round() as usize {
            0 if left > 0.0 => 1,
            RING_STEPS if left < 1.0 => RING_STEPS - 1,
            s => s,
        };
        for child in children {
            if let Ok(mut sprite) = rings.get_mut(*child) {
                sprite.image = art.rings[step.min(RING_STEPS)].clone();
                sprite.color = health_color(left);
            }
        }
    }
}

/// The badges a unit shows now, most telling first.
pub fn badges_of(statuses: &StatusList, aiming: bool, delayed: bool) -> Vec<Badge> {
    if statuses.is_down() {
        return Vec::new();
    }
    let has = |f: &dyn Fn(&Status) -> bool| statuses.0.iter().any(f);
    let mut out = Vec::new();
    let checks = [
        (has(&|s| matches!(s, Status::Stunned(_))), Badge::Stunned),
        (has(&|s| matches!(s, Status::WeaponJammed(_))), Badge::Jammed),
        (has(&|s| *s == Status::Prone), Badge::Prone),
        (has(&|s| *s == Status::FullDefense), Badge::FullDefense),
        (aiming, Badge::Aiming),
        (delayed, Badge::Delayed),
        (has(&|s| *s == Status::Running), Badge::Running),
    ];
    for (on, badge) in checks {
        if on {
            out.push(badge);
        }
    }
    out
}

/// What a unit's statuses say in words, its aim and delay included (a jammed weapon by its name).
pub fn states_of(statuses: &StatusList, loadout: &Loadout, (aiming, delayed): (bool, bool)) -> Vec<String> {
    let said = |s: &Status| match s {
        Status::WeaponJammed(id) if *id == loadout.weapon => format!("the {} jammed", loadout.name),
        Status::WeaponJammed(id) => format!("the {} jammed", id.replace('_', " ")),
        s => s.to_string(),
    };
    let mut out: Vec<String> = statuses.0.iter().map(said).collect();
    if aiming {
        out.push(Badge::Aiming.label().to_owned());
    }
    if delayed {
        out.push(Badge::Delayed.label().to_owned());
    }
    out
}

/// Each token's badges follow its statuses, its aim and whether it delayed (online, as the host sends them).
fn show_badges(
    units: Query<(&StatusList, Option<&Holding>, &Children)>,
    mut slots: Query<(&BadgeSlot, &mut Sprite, &mut Visibility)>,
    art: Res<Art>,
) {
    for (statuses, holding, children) in &units {
        let holding = holding.copied().unwrap_or_default();
        let badges = badges_of(statuses, holding.aiming, holding.delayed);
        for child in children {
            let Ok((slot, mut sprite, mut visibility)) = slots.get_mut(*child) else { continue };
            let shown = badges.get(slot.0).and_then(|b| art.badges.get(b));
            // Only a change is written: a sprite's image changed each frame costs the renderer.
            let wanted = if shown.is_some() { Visibility::Inherited } else { Visibility::Hidden };
            visibility.set_if_neq(wanted);
            if let Some(image) = shown
                && sprite.image != *image
            {
                sprite.image = image.clone();
            }
        }
    }
}

/// The gold ring follows the unit whose slot is being played (or was played last), and pulses; it goes when the
/// battle is over (online, the acting unit is none then).
fn mark_actor(
    (acting, state): (Res<Acting>, Option<Res<TurnState>>),
    time: Res<Time>,
    units: Query<&Transform, (With<Side>, Without<ActingRing>)>,
    mut ring: Query<(&mut Transform, &mut Visibility), With<ActingRing>>,
    fog: Res<super::fog::Fog>,
) {
    let Ok((mut transform, mut visibility)) = ring.single_mut() else { return };
    let unit = acting.0.filter(|e| fog.sees(*e)).and_then(|e| units.get(e).ok());
    match unit {
        Some(t) if !state.is_some_and(|s| s.ended()) => {
            transform.translation = t.translation.truncate().extend(0.9);
            let pulse = 1.0 + 0.06 * (time.elapsed_secs() * 5.0).sin();
            transform.scale = t.scale * pulse;
            *visibility = Visibility::Visible;
        }
        _ => *visibility = Visibility::Hidden,
    }
}

/// The brackets follow the unit the player clicked.
fn mark_selection(
    selected: Res<crate::ui::Selected>,
    units: Query<&Transform, (With<Side>, Without<SelectionMark>)>,
    mut mark: Query<(&mut Transform, &mut Visibility), With<SelectionMark>>,
    fog: Res<super::fog::Fog>,
) {
    let Ok((mut transform, mut visibility)) = mark.single_mut() else { return };
    match selected.0.filter(|e| fog.sees(*e)).and_then(|e| units.get(e).ok()) {
        Some(t) => {
            transform.translation = t.translation.truncate().extend(0.95);
            transform.scale = t.scale;
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badges_follow_the_statuses_most_telling_first_and_none_once_out() {
        let list = |s: Vec<Status>| StatusList(s);
        let jammed = list(vec![Status::Running, Status::WeaponJammed("ak_97".into()), Status::Prone]);
        assert_eq!(badges_of(&jammed, true, false), [Badge::Jammed, Badge::Prone, Badge::Aiming, Badge::Running]);
        let stunned = list(vec![Status::FullDefense, Status::Stunned(2)]);
        assert_eq!(badges_of(&stunned, false, true), [Badge::Stunned, Badge::FullDefense, Badge::Delayed]);
        assert_eq!(badges_of(&list(vec![Status::Prone, Status::Unconscious]), true, true), []);
    }

    #[test]
    fn the_ring_shows_the_worst_track() {
        let track = crate::rules::engine::ruleset::Track::new;
        let tracks = Tracks(vec![track("Physical", 2, 10), track("Stun", 10, 10)]);
        assert_eq!(health_left(&tracks), Some(0.0), "knocked out by stun");
        assert_eq!(health_left(&Tracks(vec![track("wounds", 3, 0)])), None, "no track with a capacity");
        assert_eq!(health_left(&Tracks(vec![track("damage", 45, 35)])), Some(0.0), "past the track is nothing left");
    }

    #[test]
    fn a_jammed_weapon_reads_by_its_name() {
        let class = crate::rules::engine::ruleset::WeaponClass::Automatic;
        let loadout = Loadout { weapon: "ak_97".into(), name: "AK-97".into(), class, rounds: Some(3) };
        let statuses = StatusList(vec![Status::WeaponJammed("ak_97".into()), Status::Prone]);
        assert_eq!(states_of(&statuses, &loadout, (true, false)), ["the AK-97 jammed", "prone", "aiming"]);
    }
}
