//! The camera: fitted to the map (the space the panels leave, in the window as large as it is) when the battle
//! opens, when the window is resized and at each hot-seat hand-over; panned with the arrow keys or WASD and zoomed
//! with the mouse wheel or +/−. It also tells the panels whether the map reaches under them.

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};

use super::sets::CameraSystems;
use crate::ui::{CELL, MapArea, MapView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MapUnderPanels>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(crate::ui::screens::OnBoard), fit_camera)
        .add_systems(
            Update,
            (
                (pan_camera, zoom_camera).run_if(crate::ui::keys_free),
                fit_camera.run_if(resized.or_eager(handed_over).or_eager(resource_changed::<MapArea>)),
            )
                .in_set(crate::ui::screens::BoardSystems)
                .in_set(CameraSystems),
        )
        .add_systems(Update, see_under_panels.after(CameraSystems).in_set(crate::ui::screens::BoardSystems));
}

/// How many screen pixels one cell spans under this projection.
pub fn cell_pixels(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => CELL / o.scale,
        _ => CELL,
    }
}

/// The window's size when it cannot be asked.
const WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

/// The one camera of every screen (egui draws through it too).
fn spawn_camera(mut commands: Commands) {
    // Squares on a grid need no multisampling, and on a software renderer it is most of a frame's cost.
    commands.spawn((Camera2d, Msaa::Off, Projection::Orthographic(OrthographicProjection::default_2d())));
}

/// Whether the map (with half a cell about it, where shots and marks stray) reaches under the panels, zoomed in or
/// panned: only then do they paint their fill over it. A fitted map leaves them nothing to cover, and on a software
/// renderer painting the panels' every pixel again costs about a sixth of a frame (docs/performance.md).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapUnderPanels(pub bool);

fn see_under_panels(
    (map, area): (Res<MapView>, Res<MapArea>),
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    mut under: ResMut<MapUnderPanels>,
) {
    let Ok((transform, Projection::Orthographic(o))) = camera.single() else { return };
    let view = super::follow::view_of(transform.translation.truncate(), o.scale, window_size(&window), area.0);
    under.set_if_neq(MapUnderPanels(reaches_out(super::follow::board_of(&map), view)));
}

/// Whether `board`, with nearly half a cell about it (a fitted map has exactly that margin), reaches out of `view`.
pub fn reaches_out(board: Rect, view: Rect) -> bool {
    let reach = board.inflate(CELL * 0.45);
    !(view.contains(reach.min) && view.contains(reach.max))
}

/// A new battle opens with its whole map in view; a resized window, panels of another size (the UI scale, the
/// battle-over panel) and a hand-over show it whole again.
pub(in crate::ui) fn fit_camera(
    map: Res<MapView>,
    area: Res<MapArea>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<(&mut Transform, &mut Projection)>,
    glide: Option<ResMut<super::follow::Glide>>,
) {
    if let Some(mut glide) = glide {
        glide.0 = None;
    }
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    let (center, scale) = fitted(&map, window_size(&window), area.0);
    transform.translation = center;
    if let Projection::Orthographic(o) = projection.as_mut() {
        o.scale = scale;
    }
}

/// The window's size in logical pixels (what egui lays the panels out in).
fn window_size(window: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    window.single().map_or(WINDOW, |w| w.size())
}

/// Where the camera looks and its scale to fit the map, with a margin of half a cell, into `free`, the part of a
/// window of `size` the panels leave (logical pixels, y down).
pub fn fitted(map: &MapView, size: Vec2, free: Rect) -> (Vec3, f32) {
    let grid = map.0.grid();
    let (w, h) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    let room = free.size().max(Vec2::splat(CELL));
    let scale = ((w + CELL) / room.x).max((h + CELL) / room.y).max(0.2);
    let map_center = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
    // Where the free area's centre is, from the window's centre, in screen pixels (y up).
    let free_center = Vec2::new(free.center().x - size.x / 2.0, size.y / 2.0 - free.center().y);
    ((map_center - free_center * scale).extend(0.0), scale)
}

/// At each hand-over the camera goes back to the whole map: where the last player looked is theirs.
fn handed_over(handover: Res<crate::ui::Handover>) -> bool {
    handover.is_changed() && handover.covered()
}

/// The window was resized.
fn resized(mut resized: MessageReader<WindowResized>) -> bool {
    resized.read().count() > 0
}

pub(in crate::ui) fn pan_camera(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut camera: Query<(&mut Transform, &Projection)>,
) {
    let Ok((mut transform, projection)) = camera.single_mut() else { return };
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut dir = Vec2::ZERO;
    for (keys_for, d) in [
        ([KeyCode::ArrowLeft, KeyCode::KeyA], Vec2::NEG_X),
        ([KeyCode::ArrowRight, KeyCode::KeyD], Vec2::X),
        ([KeyCode::ArrowUp, KeyCode::KeyW], Vec2::Y),
        ([KeyCode::ArrowDown, KeyCode::KeyS], Vec2::NEG_Y),
    ] {
        if keys.any_pressed(keys_for) {
            dir += d;
        }
    }
    transform.translation += (dir * 600.0 * scale * time.delta_secs()).extend(0.0);
}

/// The wheel zooms about the point under the pointer (it stays under it), + and − about the middle of the view.
pub(in crate::ui) fn zoom_camera(
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    window: Query<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    let Projection::Orthographic(o) = projection.as_mut() else { return };
    let before = o.scale;
    // The wheel over the map zooms; over a panel or a window it scrolls that.
    let pointer = window.single().ok().and_then(|w| Some((w.cursor_position()?, w.size())));
    let over_map = pointer
        .filter(|(at, _)| area.0.contains(*at))
        .filter(|_| egui.as_ref().is_none_or(|e| !e.is_pointer_over_area()));
    let wheel = if over_map.is_some() { scroll.delta.y } else { 0.0 };
    let mut factor = 1.0 - wheel * 0.1;
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        factor *= 0.8;
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        factor *= 1.25;
    }
    o.scale = (o.scale * factor).clamp(0.2, 8.0);
    if let Some((at, size)) = over_map.filter(|_| wheel != 0.0) {
        // From the window's middle to the pointer, in screen pixels (y up).
        let offset = Vec2::new(at.x - size.x / 2.0, size.y / 2.0 - at.y);
        transform.translation += (offset * (before - o.scale)).extend(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped level, fitted into the room a 1280 × 720 window leaves it (the log below a wide map, beside a
    /// square one) fills that room across its narrower way but for the half-cell margins, and does not reach under
    /// the panels (they need not paint their fill); zoomed in or panned away, it does.
    #[test]
    fn every_level_fills_the_room_the_panels_leave_and_no_more() {
        let size = Vec2::new(1280.0, 720.0);
        for file in crate::scenario::level::files_in(std::path::Path::new("levels")) {
            let level = crate::scenario::level::load(&file).expect("a shipped level");
            let map = MapView(level.field.clone());
            let (w, h) = (level.grid().width as f32 * CELL, level.grid().height as f32 * CELL);
            // The tracker takes 250 pixels and the top bar 24; the log 380 on the right or 240 below.
            let beside = Rect::new(250.0, 24.0, 900.0, 720.0);
            let below = Rect::new(250.0, 24.0, 1280.0, 480.0);
            for room in [beside, below] {
                let (center, scale) = fitted(&map, size, room);
                let shown = Vec2::new(w, h) / scale;
                let filled = (shown.x / room.width()).max(shown.y / room.height());
                assert!(filled > 0.9, "{}: {:.0} % of the room", file.display(), filled * 100.0);
                // The map's middle is the room's middle.
                let middle = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
                let on_screen = (middle - center.truncate()) / scale * Vec2::new(1.0, -1.0) + size / 2.0;
                assert!(on_screen.distance(room.center()) < 1.0, "{}: {on_screen} {}", file.display(), room.center());
                let board = super::super::follow::board_of(&map);
                let view = |c: Vec3, s: f32| super::super::follow::view_of(c.truncate(), s, size, room);
                assert!(!reaches_out(board, view(center, scale)), "{} fitted", file.display());
                assert!(reaches_out(board, view(center, scale * 0.8)), "{} zoomed in", file.display());
                let away = Vec3::new(size.x * scale, 0.0, 0.0);
                assert!(reaches_out(board, view(center + away, scale)), "{} panned", file.display());
            }
        }
    }
}
