//! The grid: one square per cell, coloured by terrain so that walls, cover, rough and high ground read at a
//! glance, and the level's zones tinted over it (exits gold, zones to hold violet).

use bevy::prelude::*;

use super::{CELL, MapView};
use crate::map::grid::Ground;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, draw_board);
}

/// Where a cell's centre is in the world: x to the right, y up (the grid's y grows downwards).
pub fn cell_center(x: i32, y: i32) -> Vec2 {
    Vec2::new(x as f32 * CELL, -(y as f32) * CELL)
}

/// A terrain's colour and the share of the cell it fills (cover is drawn as a block on the ground).
fn look(ground: Ground) -> (Color, f32) {
    match ground {
        Ground::Open => (Color::srgb(0.19, 0.21, 0.19), 0.94),
        Ground::Wall => (Color::srgb(0.52, 0.53, 0.58), 1.0),
        Ground::LowCover => (Color::srgb(0.55, 0.42, 0.22), 0.62),
        Ground::HighCover => (Color::srgb(0.40, 0.28, 0.16), 0.9),
        Ground::Difficult => (Color::srgb(0.16, 0.27, 0.36), 0.94),
        Ground::HighGround => (Color::srgb(0.33, 0.42, 0.26), 0.94),
        Ground::Window => (Color::srgb(0.55, 0.75, 0.90), 0.5),
    }
}

fn draw_board(mut commands: Commands, map: Res<MapView>) {
    let field = &map.0;
    for ((x, y), ground) in field.grid.cells() {
        let at = cell_center(x, y);
        if !matches!(ground, Ground::Open | Ground::Wall | Ground::Difficult | Ground::HighGround) {
            // Cover stands on open ground.
            let (floor, size) = look(Ground::Open);
            commands.spawn((
                Sprite::from_color(floor, Vec2::splat(CELL * size)),
                Transform::from_translation(at.extend(0.0)),
            ));
        }
        let (color, size) = look(ground);
        commands
            .spawn((Sprite::from_color(color, Vec2::splat(CELL * size)), Transform::from_translation(at.extend(0.1))));
    }
    let tint = |goal: &crate::rules::field::Goal| match goal.rush {
        true => Color::srgba(0.95, 0.80, 0.20, 0.35),
        false => Color::srgba(0.65, 0.35, 0.95, 0.30),
    };
    for (_, goal) in &field.goals {
        for &(x, y) in &goal.cells {
            let sprite = Sprite::from_color(tint(goal), Vec2::splat(CELL));
            commands.spawn((sprite, Transform::from_translation(cell_center(x, y).extend(0.2))));
        }
    }
}
