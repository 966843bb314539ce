//! The levels the menu lists (with what each teaches), and the chosen one's picture: its map, the sides' spawns in
//! their colours.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::Menu;
use crate::ui::battle::art::image_of;
use crate::ui::battle::board::{board_pixmap, map_picture, smaller, tint, tint_zones};
use crate::ui::battle::labels::swatch;
use crate::ui::palette::{Shape, egui_color};

pub(super) fn choose_level(ui: &mut egui::Ui, menu: &mut Menu) {
    ui.strong("Level");
    let (mut picked, mut chose_level) = (menu.selected, false);
    for (i, (path, level)) in menu.levels.iter().enumerate() {
        let g = level.grid();
        let yours = menu.user.as_ref().is_some_and(|user| path.starts_with(user));
        let mark = if yours { "  · yours" } else { "" };
        let units = level.units_under(menu.ruleset).len();
        let text = format!("{}  ({}×{}, {units} units){mark}", level.file.name, g.width, g.height);
        let on = i == menu.selected && menu.scenarios.chosen().is_none();
        if ui.selectable_label(on, text).clicked() {
            picked = i;
            chose_level = true;
        }
        if on && !level.file.tactic.is_empty() {
            ui.weak(format!("    {}", level.file.tactic));
        }
    }
    if chose_level && menu.scenarios.chosen().is_some() {
        menu.scenarios.unchoose();
        menu.controls.clear();
        menu.names.clear();
    }
    if picked != menu.selected {
        menu.selected = picked;
        menu.controls.clear();
        menu.names.clear();
    }
}

/// The selected level's picture, drawn again when another level is selected.
pub(super) fn miniature(menu: &mut Menu, images: &mut Assets<Image>) -> Option<Handle<Image>> {
    if let Some((at, image)) = &menu.miniature
        && *at == (menu.selected, menu.palette)
    {
        return Some(image.clone());
    }
    let (_, level) = menu.levels.get(menu.selected)?;
    let mut pixmap = board_pixmap(level.grid(), map_picture(level.picture.as_deref()).as_ref());
    for (n, side) in level.file.sides.iter().enumerate() {
        let color = menu.palette.side(n).with_alpha(0.55);
        tint(&mut pixmap, side.spawn.iter().flat_map(|a| a.cells()), color);
    }
    tint_zones(&mut pixmap, &level.field);
    // Small: the menu shows it in a column, and a 64 × 64 level drawn whole weighs 9 MB.
    let pixmap = smaller(pixmap, 512);
    let image = images.add(image_of(&pixmap));
    menu.miniature = Some(((menu.selected, menu.palette), image.clone()));
    Some(image)
}

/// The selected level's map as wide as the column, its sides' spawns in their colours.
pub(super) fn show_miniature(ui: &mut egui::Ui, menu: &Menu, id: egui::TextureId) {
    let Some((_, level)) = menu.levels.get(menu.selected) else { return };
    let grid = level.grid();
    let aspect = grid.height as f32 / grid.width as f32;
    let width = ui.available_width().min(380.0 / aspect);
    ui.add_space(6.0);
    ui.add(egui::Image::new((id, egui::vec2(width, width * aspect))).corner_radius(4.0));
    ui.horizontal_wrapped(|ui| {
        for (n, side) in level.file.sides.iter().enumerate() {
            let name = format!("{} {}", Shape::of_side(n).mark(), side.name);
            swatch(ui, egui_color(menu.palette.side(n)), &name);
        }
    });
}
