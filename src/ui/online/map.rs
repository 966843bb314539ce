//! The map of an online battle as this player sees it: the board drawn from the map the host sent, the units it
//! sends as tokens (side colour, role glyph, health ring, a cross when out), the acting unit marked, the cells its
//! slot reaches tinted, and the clicks that make the plan: a cell to move to, an enemy to attack, the unit itself
//! to stay; Enter gives the orders, E ends the slot, 1–9 takes another action, Esc or a right click clears.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::join::{OnTheMap, OnlinePanels, Planning, color_of, send};
use crate::map::Battlefield;
use crate::map::grid::Grid;
use crate::net::join::Joined;
use crate::net::protocol::{FromPlayer, Unit};
use crate::rules::field::{Move, Pace};
use crate::rules::outcome::Event;
use crate::rules::plan::Plan;
use crate::ui::battle::art::{Art, RING_STEPS, Role};
use crate::ui::battle::board::{board_image, cell_center};
use crate::ui::battle::units::health_color;
use crate::ui::screens::Screen;
use crate::ui::{CELL, MapView};

pub(super) fn plugin(app: &mut App) {
    let on_map = in_state(Screen::Online).and_then(resource_exists::<MapView>);
    app.add_systems(
        Update,
        (
            follow_asks,
            draw_the_map,
            (
                find_the_pointed_cell,
                take_clicks.run_if(crate::ui::keys_free),
                (crate::ui::battle::camera::pan_camera, crate::ui::battle::camera::zoom_camera)
                    .run_if(crate::ui::keys_free),
                crate::ui::battle::camera::fit_camera
                    .run_if(resource_changed::<crate::ui::MapArea>.or_eager(resource_added::<MapView>)),
                dress_units,
                show_units,
                tint_reach,
            )
                .chain()
                .run_if(on_map.clone()),
        )
            .chain()
            .after(crate::net::join::HearHost)
            .run_if(in_state(Screen::Online)),
    )
    .add_systems(EguiPrimaryContextPass, write_names.after(OnlinePanels).run_if(on_map));
}

/// The board's sprite.
#[derive(Component)]
struct Board;

/// A token's parts, children of the unit the host sent.
#[derive(Component)]
struct HealthRing;

#[derive(Component)]
struct DownMark;

/// The mark on the acting unit, and on the target of the plan.
#[derive(Component)]
struct ActingMark;

#[derive(Component)]
struct TargetMark;

/// A tinted cell of the waiting unit's reach, or the cell the plan moves it to.
#[derive(Component)]
struct ReachTint;

/// What is drawn on the map goes with the screen, and with the battle when the window joins anew.
fn on_the_map() -> (DespawnOnExit<Screen>, OnTheMap) {
    (DespawnOnExit(Screen::Online), OnTheMap)
}

/// A new ask: a new plan.
fn follow_asks(joined: Option<Res<Joined>>, mut planning: ResMut<Planning>) {
    let Some(joined) = joined else { return };
    if planning.ask != joined.asks {
        *planning = Planning { ask: joined.asks, ..Planning::default() };
    }
}

/// Draws the board once the host says what it is (the battle began), with the marks the units wear.
fn draw_the_map(
    joined: Option<Res<Joined>>,
    map: Option<Res<MapView>>,
    mut images: ResMut<Assets<Image>>,
    art: Res<Art>,
    mut commands: Commands,
) {
    let Some(joined) = joined.filter(|j| j.began.is_some()) else { return };
    if map.is_some() {
        return;
    }
    // A battle without a level (a scenario) is fought on open ground.
    let grid = Grid::parse(&joined.map).unwrap_or_else(|_| Grid::open(16, 12));
    let field = Battlefield { goals: joined.zones.clone(), ..Battlefield::new(grid) };
    let (w, h) = (field.grid.width as f32 * CELL, field.grid.height as f32 * CELL);
    let sprite = Sprite { image: images.add(board_image(&field)), custom_size: Some(Vec2::new(w, h)), ..default() };
    let center = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
    commands.spawn((Board, sprite, Transform::from_translation(center.extend(0.0)), on_the_map()));
    let mark = |image: &Handle<Image>, color: Color, size: f32| Sprite {
        image: image.clone(),
        color,
        custom_size: Some(Vec2::splat(CELL * size)),
        ..default()
    };
    let acting = mark(&art.acting, Color::srgb(1.0, 0.82, 0.25), 1.2);
    commands.spawn((ActingMark, acting, Transform::from_xyz(0.0, 0.0, 0.9), Visibility::Hidden, on_the_map()));
    let target = mark(&art.selected, Color::srgb(1.0, 0.35, 0.3), 1.08);
    commands.spawn((TargetMark, target, Transform::from_xyz(0.0, 0.0, 0.95), Visibility::Hidden, on_the_map()));
    commands.insert_resource(MapView(std::sync::Arc::new(field)));
}

/// A unit the host sent for the first time gets its token.
fn dress_units(units: Query<(Entity, &Unit), Added<Unit>>, joined: Res<Joined>, art: Res<Art>, mut commands: Commands) {
    for (entity, unit) in &units {
        let color = color_of(&joined, &unit.side);
        let name = joined.log.names.get(unit.index).map_or("", String::as_str);
        let glyph = art.glyphs.get(&Role::named(name)).cloned().unwrap_or_default();
        let part = |image: &Handle<Image>, size: f32| Sprite {
            image: image.clone(),
            custom_size: Some(Vec2::splat(CELL * size)),
            ..default()
        };
        let at = cell_center(unit.cell.0, unit.cell.1).extend(1.0);
        commands.entity(entity).insert((Transform::from_translation(at), Visibility::default())).with_children(|u| {
            u.spawn((part(&art.groove, 0.98), Transform::from_xyz(0.0, 0.0, 0.0)));
            u.spawn((HealthRing, part(&art.rings[RING_STEPS], 0.98), Transform::from_xyz(0.0, 0.0, 0.05)));
            u.spawn((Sprite { color, ..part(&art.disc, 0.78) }, Transform::from_xyz(0.0, 0.0, 0.1)));
            u.spawn((part(&glyph, 0.56), Transform::from_xyz(0.0, 0.0, 0.2)));
            u.spawn((DownMark, part(&art.down, 0.8), Transform::from_xyz(0.0, 0.0, 0.3), Visibility::Hidden));
        });
    }
}

/// How much of its health a unit has left: the least of its tracks, as on one screen.
fn health_left(unit: &Unit) -> f32 {
    crate::ui::battle::units::least_left(unit.tracks.iter().map(|(_, taken, capacity)| (*taken, *capacity)))
        .unwrap_or(1.0)
}

/// Whether a unit is out of the fight.
fn down(unit: &Unit) -> bool {
    crate::rules::outcome::down(&unit.statuses)
}

/// Each token where its unit is, its health and its state; the acting unit and the plan's target marked.
fn show_units(
    units: Query<(&Unit, &mut Transform, &Children), Without<ActingMark>>,
    mut rings: Query<(&mut Sprite, &mut Visibility), (With<HealthRing>, Without<DownMark>)>,
    mut crosses: Query<&mut Visibility, (With<DownMark>, Without<HealthRing>)>,
    mut marks: Query<
        (&mut Transform, &mut Visibility, Has<ActingMark>),
        (Or<(With<ActingMark>, With<TargetMark>)>, Without<Unit>, Without<HealthRing>, Without<DownMark>),
    >,
    (joined, planning, art): (Res<Joined>, Res<Planning>, Res<Art>),
) {
    let acting = planning.waiting(&joined).map(|(a, _)| a).or_else(|| last_actor(&joined));
    let target = planning.waiting(&joined).and(planning.plan.target);
    let mut at = (None, None);
    for (unit, mut transform, children) in units {
        let cell = cell_center(unit.cell.0, unit.cell.1).extend(1.0);
        transform.translation = cell;
        let left = health_left(unit);
        for child in children {
            if let Ok((mut ring, _)) = rings.get_mut(*child) {
                ring.image = art.rings[(left * RING_STEPS as f32).round() as usize].clone();
                ring.color = health_color(left);
            }
            if let Ok(mut cross) = crosses.get_mut(*child) {
                cross.set_if_neq(if down(unit) { Visibility::Inherited } else { Visibility::Hidden });
            }
        }
        if Some(unit.index) == acting {
            at.0 = Some(cell);
        }
        if Some(unit.index) == target {
            at.1 = Some(cell);
        }
    }
    for (mut transform, mut visibility, is_acting) in &mut marks {
        let place = if is_acting { at.0 } else { at.1 };
        match place {
            Some(p) => {
                transform.translation = p.truncate().extend(transform.translation.z);
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

/// Who acted last, by the log this player was told.
fn last_actor(joined: &Joined) -> Option<usize> {
    joined.log.events.iter().rev().find_map(|e| match e {
        Event::ActionTaken { who, .. } | Event::Moved { who, .. } => Some(who.index()),
        _ => None,
    })
}

/// The waiting unit's reach, tinted (walking green, running amber), and the cell the plan moves it to.
fn tint_reach(
    joined: Res<Joined>,
    planning: Res<Planning>,
    tints: Query<Entity, With<ReachTint>>,
    mut shown: Local<Option<(usize, bool, Option<Move>)>>,
    mut commands: Commands,
) {
    let waiting = planning.waiting(&joined).is_some();
    let key = (joined.asks, waiting, planning.plan.movement.clone());
    if shown.as_ref() == Some(&key) {
        return;
    }
    *shown = Some(key);
    for tint in &tints {
        commands.entity(tint).despawn();
    }
    let Some((_, _, choices)) = joined.asked.as_ref().filter(|_| waiting) else { return };
    let square = |color: Color, size: f32| Sprite { color, custom_size: Some(Vec2::splat(CELL * size)), ..default() };
    for &(cell, walking) in &choices.reach {
        let color = if walking { Color::srgba(0.3, 0.9, 0.45, 0.18) } else { Color::srgba(0.95, 0.75, 0.2, 0.07) };
        let at = cell_center(cell.0, cell.1).extend(0.5);
        commands.spawn((ReachTint, square(color, 0.94), Transform::from_translation(at), on_the_map()));
    }
    if let Some(m) = &planning.plan.movement {
        let at = cell_center(m.to.0, m.to.1).extend(0.6);
        let sprite = square(Color::srgba(1.0, 0.85, 0.3, 0.45), 0.7);
        commands.spawn((ReachTint, sprite, Transform::from_translation(at), on_the_map()));
    }
}

/// The cell under the pointer: `preview::track_pointer`'s work on this screen (a system is added to a schedule
/// once, and that one runs with the one-screen battle's set).
fn find_the_pointed_cell(
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    (map, area): (Res<MapView>, Res<crate::ui::MapArea>),
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut hover: ResMut<crate::ui::battle::preview::Hover>,
) {
    let cell = crate::ui::battle::preview::pointed_cell((&window, &camera), &map, &area, egui.as_deref());
    hover.set_if_neq(crate::ui::battle::preview::Hover(cell));
}

/// Clicks and keys make the plan for the waiting slot, and give it.
fn take_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    hover: Res<crate::ui::battle::preview::Hover>,
    joined: Res<Joined>,
    units: Query<&Unit>,
    mut planning: ResMut<Planning>,
    mut out: MessageWriter<FromPlayer>,
) {
    let Some((actor, slot)) = planning.waiting(&joined) else { return };
    let Some((_, _, choices)) = joined.asked.as_ref() else { return };
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        planning.plan = Plan::default();
    }
    if keys.just_pressed(KeyCode::KeyE) {
        planning.plan = Plan::default();
        return send(&mut planning, &joined, slot, &mut out);
    }
    if let Some(i) = crate::ui::battle::orders::digit_pressed(&keys).filter(|i| *i < choices.others.len()) {
        planning.plan = Plan { other: Some(i), ..Plan::default() };
        return send(&mut planning, &joined, slot, &mut out);
    }
    if keys.just_pressed(KeyCode::Enter) {
        return send(&mut planning, &joined, slot, &mut out);
    }
    let Some(cell) = hover.0.filter(|_| mouse.just_pressed(MouseButton::Left)) else { return };
    let mine = |u: &Unit| joined.yours.contains(&u.side);
    let here = units.iter().find(|u| u.cell == cell && !down(u));
    match here {
        Some(u) if u.index == actor => planning.plan.movement = None,
        Some(u) if !mine(u) => {
            let again = planning.plan.target == Some(u.index);
            (planning.plan.target, planning.plan.way) = (if again { None } else { Some(u.index) }, None);
        }
        _ => {
            if let Some(&(_, walking)) = choices.reach.iter().find(|(c, _)| *c == cell) {
                planning.plan.movement = Some(Move { to: cell, pace: if walking { Pace::Walk } else { Pace::Run } });
            }
        }
    }
}

/// The names under the tokens, in the room the panels leave.
fn write_names(
    mut contexts: EguiContexts,
    screen: crate::ui::battle::labels::OnScreen,
    area: Res<crate::ui::MapArea>,
    units: Query<(&Unit, &Transform)>,
    (joined, planning, hover): (Res<Joined>, Res<Planning>, Res<crate::ui::battle::preview::Hover>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Every name when the cells are large enough to hold them; else the acting unit's, the target's, the hovered.
    let all = screen.cell_pixels() >= crate::ui::battle::labels::NAMES_FROM;
    let acting = planning.waiting(&joined).map(|(a, _)| a).or_else(|| last_actor(&joined));
    let picked = |u: &Unit| Some(u.index) == acting || Some(u.index) == planning.plan.target || hover.0 == Some(u.cell);
    let zoom = ctx.zoom_factor();
    let painter = ctx
        .layer_painter(egui::LayerId::new(egui::Order::Background, "online names".into()))
        .with_clip_rect(area.points(zoom));
    for (unit, transform) in units.iter().filter(|(u, _)| all || picked(u)) {
        let Some(name) = joined.log.names.get(unit.index) else { continue };
        let Some(at) = screen.at(transform.translation - Vec3::Y * CELL * 0.5, zoom) else { continue };
        let side = crate::ui::battle::units::egui_color(color_of(&joined, &unit.side));
        crate::ui::battle::labels::name_tag(&painter, at, crate::ui::battle::labels::short(name, &unit.side), side);
    }
    Ok(())
}
