//! The minimap: when the map is larger than its view (the war zone zoomed in), a small picture of the whole board in
//! the corner of the map's area, with the units the viewer sees as dots in their sides' colours and the view as a
//! frame; a click or a drag on it moves the view there.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::BoardPicture;
use super::follow::{Glide, board_of, view_of};
use super::units::Token;
use crate::combat::components::StatusList;
use crate::ui::palette::egui_color;
use crate::ui::{MapArea, MapView};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_minimap.after(super::sets::PanelSystems).in_set(crate::ui::screens::BoardSystems),
    );
}

/// The minimap's longer side, in points.
const SIZE: f32 = 180.0;

/// Where a world point is on a minimap of `rect` showing `board`.
fn on_minimap(board: Rect, rect: egui::Rect, at: Vec2) -> egui::Pos2 {
    let u = (at.x - board.min.x) / board.width();
    let v = (board.max.y - at.y) / board.height();
    rect.min + egui::vec2(u * rect.width(), v * rect.height())
}

/// The world point under a point of the minimap.
fn in_world(board: Rect, rect: egui::Rect, at: egui::Pos2) -> Vec2 {
    let (u, v) = ((at.x - rect.min.x) / rect.width(), (at.y - rect.min.y) / rect.height());
    Vec2::new(board.min.x + u * board.width(), board.max.y - v * board.height())
}

fn show_minimap(
    mut contexts: EguiContexts,
    (picture, map, area): (Option<Res<BoardPicture>>, Res<MapView>, Res<MapArea>),
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<(&mut Transform, &Projection), With<Camera2d>>,
    units: Query<(Entity, &Transform, &Token, &StatusList), Without<Camera2d>>,
    fog: Res<super::fog::Fog>,
    mut glide: ResMut<Glide>,
) -> Result {
    let (Some(picture), Ok(window)) = (picture, window.single()) else { return Ok(()) };
    let Ok((mut transform, Projection::Orthographic(o))) = camera.single_mut() else { return Ok(()) };
    let board = board_of(&map);
    let view = view_of(transform.translation.truncate(), o.scale, window.size(), area.0);
    // Only when some of the map is out of view.
    if view.contains(board.min) && view.contains(board.max) {
        return Ok(());
    }
    let texture = contexts.add_image(bevy_egui::EguiTextureHandle::Weak(picture.0.id()));
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let room = area.points(zoom);
    let aspect = board.height() / board.width();
    let size = if aspect > 1.0 { egui::vec2(SIZE / aspect, SIZE) } else { egui::vec2(SIZE, SIZE * aspect) };
    let corner = room.right_bottom() - size - egui::vec2(8.0, 8.0);
    egui::Area::new("minimap".into()).fixed_pos(corner).order(egui::Order::Foreground).show(ctx, |ui| {
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        let painter = ui.painter_at(rect.expand(2.0));
        painter.rect_filled(rect.expand(2.0), 3.0, egui::Color32::from_black_alpha(200));
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture, rect, uv, egui::Color32::from_gray(200));
        for (_, at, token, statuses) in units.iter().filter(|u| fog.sees(u.0)) {
            let color = if statuses.is_down() { egui::Color32::from_gray(90) } else { egui_color(token.color) };
            painter.circle_filled(on_minimap(board, rect, at.translation.truncate()), 2.5, color);
        }
        let frame = egui::Rect::from_two_pos(on_minimap(board, rect, view.min), on_minimap(board, rect, view.max));
        painter.rect_stroke(
            frame.intersect(rect),
            0.0,
            egui::Stroke::new(1.5, egui::Color32::WHITE),
            egui::StrokeKind::Inside,
        );
        if let Some(at) = response.interact_pointer_pos().filter(|_| response.clicked() || response.dragged()) {
            glide.0 = None;
            let goal = in_world(board, rect, at) - view.center() + transform.translation.truncate();
            transform.translation = goal.extend(transform.translation.z);
        }
        response.on_hover_text("The whole map: click or drag to look there");
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_the_minimap_is_the_world_point_it_shows() {
        let board = Rect::new(-16.0, -2032.0, 2032.0, 16.0);
        let rect = egui::Rect::from_min_size(egui::pos2(1000.0, 500.0), egui::vec2(180.0, 180.0));
        let corner = on_minimap(board, rect, Vec2::new(-16.0, 16.0));
        assert_eq!(corner, rect.min, "the board's top left is the minimap's");
        let middle = Vec2::new(1008.0, -1008.0);
        assert!(in_world(board, rect, on_minimap(board, rect, middle)).distance(middle) < 1e-2);
    }
}
