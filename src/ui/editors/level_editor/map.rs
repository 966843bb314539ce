//! The level editor's map: painted with the brush, areas dragged out and taken away, the spawns, zones and units
//! shown over it.

use bevy_egui::egui;

use super::state::{Brush, LevelEditor};
use super::tools::side_colour;
use crate::map::grid::Grid;
use crate::rules::engine::field::Cell;
use crate::scenario::level::Area;
use crate::scenario::level_edit;

/// A zone's area over the map: gold, see-through.
const ZONE: egui::Color32 = egui::Color32::from_rgba_premultiplied(120, 100, 20, 90);

/// The map: painted with the brush, areas dragged out on it, each side's spawn and every zone shown over it, and
/// each unit where it will start when the level plays.
pub(super) fn map(ui: &mut egui::Ui, editor: &mut LevelEditor, texture: egui::TextureId) {
    let Ok(grid) = level_edit::grid(&editor.file) else { return };
    // The room between the panels, whatever their contents ask for.
    let room = ui.available_rect_before_wrap().intersect(ui.clip_rect()).size();
    let cell = (room.x / grid.width as f32).min(room.y / grid.height as f32).floor().max(2.0);
    let size = egui::vec2(cell * grid.width as f32, cell * grid.height as f32);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(texture, rect, uv, egui::Color32::WHITE);
    let to_rect = |a: Area| {
        let (x0, x1) = (a.0.0.min(a.1.0) as f32, a.0.0.max(a.1.0) as f32 + 1.0);
        let (y0, y1) = (a.0.1.min(a.1.1) as f32, a.0.1.max(a.1.1) as f32 + 1.0);
        egui::Rect::from_min_max(rect.min + egui::vec2(x0, y0) * cell, rect.min + egui::vec2(x1, y1) * cell)
    };
    overlays(&painter, editor, &to_rect, cell);
    let at = |p: egui::Pos2| -> Option<Cell> {
        let local = (p - rect.min) / cell;
        let c = (local.x.floor() as i32, local.y.floor() as i32);
        grid.contains(c).then_some(c)
    };
    let pointer = response.interact_pointer_pos().or(response.hover_pos()).and_then(at);
    if let (Some(start), Some(end)) = (editor.drag, pointer) {
        painter.rect_stroke(
            to_rect(Area(start, end)),
            0.0,
            egui::Stroke::new(2.0, egui::Color32::WHITE),
            egui::StrokeKind::Inside,
        );
    }
    use_brush(editor, &response, pointer, &grid);
}

/// Spawn areas in their side's colour, zones in gold with their names, and the units where they start.
fn overlays(painter: &egui::Painter, editor: &LevelEditor, to_rect: &impl Fn(Area) -> egui::Rect, cell: f32) {
    for (n, side) in editor.file.sides.iter().enumerate() {
        let colour = side_colour(editor.palette, n).gamma_multiply(0.35);
        for a in &side.spawn {
            painter.rect_filled(to_rect(*a), 0.0, colour);
            painter.rect_stroke(
                to_rect(*a),
                0.0,
                egui::Stroke::new(1.5, side_colour(editor.palette, n)),
                egui::StrokeKind::Inside,
            );
        }
    }
    for (name, areas) in &editor.file.zones {
        for a in areas {
            painter.rect_filled(to_rect(*a), 0.0, ZONE);
            painter.rect_stroke(
                to_rect(*a),
                0.0,
                egui::Stroke::new(1.5, egui::Color32::GOLD),
                egui::StrokeKind::Inside,
            );
            let font = egui::FontId::proportional((cell * 0.6).clamp(10.0, 16.0));
            painter.text(to_rect(*a).left_top(), egui::Align2::LEFT_TOP, name, font, egui::Color32::GOLD);
        }
    }
    let Ok((level, _)) = &editor.checked else { return };
    for unit in &level.units {
        let n = editor.file.sides.iter().position(|s| s.name == unit.side).unwrap_or(0);
        let centre = to_rect(Area(unit.cell, unit.cell)).center();
        painter.circle(
            centre,
            cell * 0.35,
            side_colour(editor.palette, n),
            egui::Stroke::new(1.0, egui::Color32::BLACK),
        );
    }
}

/// What the pointer does with the brush: paints ground while pressed, drags out an area and adds it when let go,
/// takes an area away on a right click.
fn use_brush(editor: &mut LevelEditor, response: &egui::Response, pointer: Option<Cell>, grid: &Grid) {
    let Some(cell) = pointer else { return };
    let primary = response.is_pointer_button_down_on() && !response.secondary_clicked();
    match editor.brush.clone() {
        Brush::Ground(ground) => {
            // A quick click may press and let go within one frame: it paints too.
            if (primary || response.clicked()) && grid.at(cell) != ground {
                level_edit::paint(&mut editor.file, cell, ground);
                editor.touched();
            }
        }
        Brush::Spawn(_) | Brush::Zone(_) => {
            if response.secondary_clicked() {
                let erased = areas(editor).is_some_and(|areas| level_edit::erase(areas, cell));
                // Also a zone the brush made empty just now (a new zone's brush makes it to look in).
                tidy_zones(editor);
                if erased {
                    editor.touched();
                }
                return;
            }
            if response.drag_started() || (response.clicked() && editor.drag.is_none()) {
                editor.drag = Some(cell);
            }
            if (response.drag_stopped() || response.clicked())
                && let Some(start) = editor.drag.take()
            {
                if let Some(areas) = areas(editor) {
                    areas.push(Area(start, cell));
                }
                editor.touched();
            }
        }
    }
}

/// The areas the brush adds to: a side's spawn, or a zone (made when its first area is).
fn areas(editor: &mut LevelEditor) -> Option<&mut Vec<Area>> {
    match &editor.brush {
        Brush::Spawn(n) => editor.file.sides.get_mut(*n).map(|s| &mut s.spawn),
        Brush::Zone(name) => Some(editor.file.zones.entry(name.clone()).or_default()),
        Brush::Ground(_) => None,
    }
}

/// A zone without areas is gone (the file would name an empty zone).
fn tidy_zones(editor: &mut LevelEditor) {
    editor.file.zones.retain(|_, areas| !areas.is_empty());
}
