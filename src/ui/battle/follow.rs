//! The camera on a map larger than the view: it glides to the acting unit when that unit is off screen (a setting,
//! on by default), and the pointer held at an edge of the map's area pans that way while there is more map there.
//! A player's own pan, zoom or a fit stops a glide under way. `minimap.rs` shows where the view is.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::sets::{MotionSystems, UnitSystems};
use crate::ui::{Acting, CELL, MapArea, MapView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Glide>()
        .add_systems(OnEnter(crate::ui::screens::OnBoard), crate::ui::screens::fresh::<Glide>)
        .add_systems(
            Update,
            (follow_actor, edge_pan.run_if(crate::ui::keys_free), glide_camera)
                .chain()
                .after(MotionSystems)
                .before(UnitSystems)
                .in_set(crate::ui::screens::BoardSystems),
        );
}

/// Where the camera is gliding to, if anywhere.
#[derive(Resource, Default, Debug)]
pub struct Glide(pub Option<Vec2>);

/// How far in from the map area's edge the pointer pans, in pixels.
const EDGE: f32 = 14.0;

/// The part of the world the map's area shows: the camera at `center` with `scale` world units a pixel, in a window of
/// `size` whose panels leave `area` (logical pixels, y down).
pub fn view_of(center: Vec2, scale: f32, size: Vec2, area: Rect) -> Rect {
    let world = |p: Vec2| center + Vec2::new(p.x - size.x / 2.0, size.y / 2.0 - p.y) * scale;
    Rect::from_corners(world(area.min), world(area.max))
}

/// The whole map in the world, to the cells' outer edges.
pub fn board_of(map: &MapView) -> Rect {
    let grid = map.0.grid();
    Rect::new(-CELL / 2.0, -(grid.height as f32 - 0.5) * CELL, (grid.width as f32 - 0.5) * CELL, CELL / 2.0)
}

/// Where the camera should go to bring `at` (a unit's centre) into `view`, its whole cell inside the view's edge, if
/// it is not there: its centre.
pub fn bring_into_view(view: Rect, at: Vec2) -> Option<Vec2> {
    let inner = view.inflate(-CELL / 2.0);
    (!inner.is_empty() && !inner.contains(at)).then(|| at - view.center())
}

/// The acting unit the viewer sees, off screen, sets the camera gliding to it (once for each unit it follows).
fn follow_actor(
    (acting, settings): (Res<Acting>, Res<crate::ui::settings::Settings>),
    units: Query<&Transform, With<crate::combat::components::Side>>,
    camera: Query<(&Transform, &Projection), (With<Camera2d>, Without<crate::combat::components::Side>)>,
    window: Query<&Window, With<PrimaryWindow>>,
    (area, map, fog): (Res<MapArea>, Res<MapView>, Res<super::fog::Fog>),
    mut glide: ResMut<Glide>,
) {
    if !settings.camera_follows {
        return;
    }
    let Some(unit) = acting.0.filter(|e| fog.sees(*e)).and_then(|e| units.get(e).ok()) else { return };
    let (Ok((transform, Projection::Orthographic(o))), Ok(window)) = (camera.single(), window.single()) else {
        return;
    };
    let center = glide.0.unwrap_or(transform.translation.truncate());
    let view = view_of(center, o.scale, window.size(), area.0);
    // A view of the whole board (the fitted one) never moves: every unit is in it.
    let board = board_of(&map);
    if view.contains(board.min) && view.contains(board.max) {
        return;
    }
    if let Some(shift) = bring_into_view(view, unit.translation.truncate()) {
        glide.0 = Some(center + shift);
    }
}

/// The pointer at an edge of the map's area pans that way, while the map goes on past the view there.
fn edge_pan(
    window: Query<&Window, With<PrimaryWindow>>,
    (area, map, time): (Res<MapArea>, Res<MapView>, Res<Time>),
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut camera: Query<(&mut Transform, &Projection), With<Camera2d>>,
    mut glide: ResMut<Glide>,
) {
    let Ok(window) = window.single() else { return };
    let Some(at) = window.cursor_position().filter(|at| area.0.contains(*at)) else { return };
    if egui.is_some_and(|e| e.is_pointer_over_area()) {
        return;
    }
    let Ok((mut transform, Projection::Orthographic(o))) = camera.single_mut() else { return };
    let view = view_of(transform.translation.truncate(), o.scale, window.size(), area.0);
    let board = board_of(&map);
    let mut dir = Vec2::ZERO;
    if at.x < area.0.min.x + EDGE && view.min.x > board.min.x {
        dir.x -= 1.0;
    }
    if at.x > area.0.max.x - EDGE && view.max.x < board.max.x {
        dir.x += 1.0;
    }
    // Screen y runs down, the world's up.
    if at.y < area.0.min.y + EDGE && view.max.y < board.max.y {
        dir.y += 1.0;
    }
    if at.y > area.0.max.y - EDGE && view.min.y > board.min.y {
        dir.y -= 1.0;
    }
    if dir != Vec2::ZERO {
        glide.0 = None;
        transform.translation += (dir * 500.0 * o.scale * time.delta_secs()).extend(0.0);
    }
}

/// The camera glides toward where it is going, and stops there.
fn glide_camera(
    time: Res<Time>,
    mut glide: ResMut<Glide>,
    mut camera: Query<&mut Transform, With<Camera2d>>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(goal) = glide.0 else { return };
    let Ok(mut transform) = camera.single_mut() else { return };
    // The player's own pan wins.
    let panning = [KeyCode::ArrowLeft, KeyCode::ArrowRight, KeyCode::ArrowUp, KeyCode::ArrowDown];
    if keys.any_pressed(panning) || keys.any_pressed([KeyCode::KeyA, KeyCode::KeyD, KeyCode::KeyW, KeyCode::KeyS]) {
        glide.0 = None;
        return;
    }
    let here = transform.translation.truncate();
    let next = here.lerp(goal, (time.delta_secs() * 6.0).min(1.0));
    let arrived = next.distance(goal) < 0.5;
    transform.translation = (if arrived { goal } else { next }).extend(transform.translation.z);
    if arrived {
        glide.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_is_the_map_area_seen_through_the_camera() {
        // A 1280 × 720 window, the camera at the origin at 2 world units a pixel; the area is the window's middle.
        let view = view_of(Vec2::ZERO, 2.0, Vec2::new(1280.0, 720.0), Rect::new(240.0, 60.0, 1040.0, 660.0));
        assert_eq!(view, Rect::new(-800.0, -600.0, 800.0, 600.0));
    }

    #[test]
    fn a_unit_off_screen_brings_the_camera_to_it_and_one_in_view_does_not() {
        let view = Rect::new(0.0, 0.0, 640.0, 320.0);
        assert_eq!(bring_into_view(view, Vec2::new(300.0, 100.0)), None);
        assert_eq!(bring_into_view(view, Vec2::new(900.0, 160.0)), Some(Vec2::new(580.0, 0.0)));
        // Its cell not wholly in view (its centre 8 units from the edge, its cell 32 wide): the camera centres on it.
        assert_eq!(bring_into_view(view, Vec2::new(632.0, 160.0)), Some(Vec2::new(312.0, 0.0)));
        assert_eq!(bring_into_view(view, Vec2::new(620.0, 160.0)), None, "its cell just inside");
    }
}
