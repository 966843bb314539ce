//! The grid: one square per cell, coloured by terrain so that walls, cover, rough and high ground read at a
//! glance, and the level's zones tinted over it (exits gold, zones to hold violet).

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::screens::InBattle;
use super::{CELL, MapView};
use crate::map::grid::Ground;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(super::screens::InBattle), draw_board);
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

/// Texture pixels per cell: enough to draw a cover block on its ground and a dark seam between cells.
const PX: usize = 8;

/// The whole grid as one texture (one pixel block per cell, drawn with nearest sampling): a single sprite costs the
/// renderer far less than one per cell on a 64 × 64 level.
fn board_image(grid: &crate::map::grid::Grid) -> Image {
    let (w, h) = (grid.width as usize * PX, grid.height as usize * PX);
    let mut data = vec![0u8; w * h * 4];
    for ((x, y), ground) in grid.cells() {
        let (color, size) = look(ground);
        let (floor, _) = look(if ground == Ground::Wall {
            Ground::Wall
        } else if matches!(ground, Ground::Difficult | Ground::HighGround) {
            ground
        } else {
            Ground::Open
        });
        let inset = ((1.0 - size) * PX as f32 / 2.0).round() as usize;
        for py in 0..PX {
            for px in 0..PX {
                let seam = (px == 0 || py == 0) && ground != Ground::Wall;
                let inside = (inset..PX - inset).contains(&px) && (inset..PX - inset).contains(&py);
                let c = if inside { color } else { floor }.to_srgba();
                let shade = if seam { 0.82 } else { 1.0 };
                let i = ((y as usize * PX + py) * w + x as usize * PX + px) * 4;
                data[i..i + 4].copy_from_slice(&[
                    (c.red * shade * 255.0) as u8,
                    (c.green * shade * 255.0) as u8,
                    (c.blue * shade * 255.0) as u8,
                    255,
                ]);
            }
        }
    }
    let size = Extent3d { width: w as u32, height: h as u32, depth_or_array_layers: 1 };
    let mut image =
        Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD);
    image.sampler = ImageSampler::nearest();
    image
}

fn draw_board(mut commands: Commands, map: Res<MapView>, mut images: ResMut<Assets<Image>>) {
    let field = &map.0;
    let grid = &field.grid;
    let (w, h) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    let sprite = Sprite { image: images.add(board_image(grid)), custom_size: Some(Vec2::new(w, h)), ..default() };
    let center = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
    commands.spawn((sprite, Transform::from_translation(center.extend(0.0)), DespawnOnExit(InBattle)));
    let tint = |goal: &crate::rules::field::Goal| match goal.rush {
        true => Color::srgba(0.95, 0.80, 0.20, 0.35),
        false => Color::srgba(0.65, 0.35, 0.95, 0.30),
    };
    for (_, goal) in &field.goals {
        for &(x, y) in &goal.cells {
            let sprite = Sprite::from_color(tint(goal), Vec2::splat(CELL));
            commands.spawn((
                sprite,
                Transform::from_translation(cell_center(x, y).extend(0.2)),
                DespawnOnExit(InBattle),
            ));
        }
    }
}
