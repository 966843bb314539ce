//! The game's own art, drawn once at start with tiny-skia (anti-aliased paths) into textures: a unit's token (a
//! shaded body in its side's shape that the side's colour tints, a role glyph on it, a health ring around it), the
//! marks of the acting and the selected unit, and a badge for each state a unit can be in. Nothing here is copied:
//! every picture is a few paths. The textures are white where they take a colour, so one texture serves every side
//! and every health.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point, RadialGradient, SpreadMode,
    Stroke, Transform,
};

use crate::ui::palette::Shape;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, draw_art);
}

/// What a unit is for, shown as a glyph on its token: a level's archetype, a scenario's `role`, else guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Rifleman,
    Sniper,
    Heavy,
    Brawler,
    Scout,
    /// Any other sheet: a plain diamond.
    Other,
}

impl Role {
    pub const ALL: [Role; 6] = [Role::Rifleman, Role::Sniper, Role::Heavy, Role::Brawler, Role::Scout, Role::Other];

    /// The role a word names ("sniper"), or the first role word in a unit's name ("Crew sniper 2").
    pub fn named(text: &str) -> Role {
        let lower = text.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
        let pairs = [
            ("rifleman", Role::Rifleman),
            ("sniper", Role::Sniper),
            ("heavy", Role::Heavy),
            ("brawler", Role::Brawler),
            ("scout", Role::Scout),
        ];
        words.iter().find_map(|w| pairs.iter().find(|(name, _)| name == w).map(|(_, r)| *r)).unwrap_or(Role::Other)
    }

    /// The role's name as a player reads it.
    pub fn label(self) -> &'static str {
        match self {
            Role::Rifleman => "rifleman",
            Role::Sniper => "sniper",
            Role::Heavy => "heavy weapons",
            Role::Brawler => "brawler",
            Role::Scout => "scout",
            Role::Other => "fighter",
        }
    }
}

/// A state a unit can be in, shown as a small badge on its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Badge {
    Prone,
    Stunned,
    FullDefense,
    Aiming,
    Delayed,
    Jammed,
    Running,
}

impl Badge {
    pub const ALL: [Badge; 7] = [
        Badge::Prone,
        Badge::Stunned,
        Badge::FullDefense,
        Badge::Aiming,
        Badge::Delayed,
        Badge::Jammed,
        Badge::Running,
    ];

    /// The badge's colour (its icon is white on it).
    pub fn color(self) -> [u8; 3] {
        match self {
            Badge::Prone => [205, 120, 40],
            Badge::Stunned => [215, 175, 20],
            Badge::FullDefense => [60, 120, 200],
            Badge::Aiming => [200, 50, 50],
            Badge::Delayed => [130, 80, 190],
            Badge::Jammed => [150, 30, 30],
            Badge::Running => [40, 150, 80],
        }
    }

    /// What the badge says, in the hover card and the legend.
    pub fn label(self) -> &'static str {
        match self {
            Badge::Prone => "prone",
            Badge::Stunned => "stunned",
            Badge::FullDefense => "full defense",
            Badge::Aiming => "aiming",
            Badge::Delayed => "delayed",
            Badge::Jammed => "weapon jammed",
            Badge::Running => "running",
        }
    }
}

/// The textures, made once.
#[derive(Resource)]
pub struct Art {
    /// The token's body in each side's shape: white shaded to grey with a dark rim (the sprite's colour tints it).
    pub bodies: HashMap<Shape, Handle<Image>>,
    pub glyphs: HashMap<Role, Handle<Image>>,
    /// The health ring's dark groove, and the ring filled to `i / RING_STEPS` of the way round.
    pub groove: Handle<Image>,
    pub rings: Vec<Handle<Image>>,
    pub acting: Handle<Image>,
    pub selected: Handle<Image>,
    /// A cross over a unit out of the fight.
    pub down: Handle<Image>,
    pub badges: HashMap<Badge, Handle<Image>>,
}

/// How many health-ring fills there are (a wound shows as a step at least this fine).
pub const RING_STEPS: usize = 24;

/// Texture size of a token's parts, in pixels: sharp up to about four times the fitted zoom.
const SIZE: u32 = 96;

fn draw_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut add = |pixmap: Pixmap| images.add(image_of(&pixmap));
    let art = Art {
        bodies: Shape::ALL.iter().map(|s| (*s, add(body(*s)))).collect(),
        glyphs: Role::ALL.iter().map(|r| (*r, add(glyph(*r)))).collect(),
        groove: add(ring(1.0, [40, 40, 44, 230])),
        rings: (0..=RING_STEPS).map(|i| add(ring(i as f32 / RING_STEPS as f32, [255, 255, 255, 255]))).collect(),
        acting: add(acting_mark()),
        selected: add(selection_mark()),
        down: add(down_mark()),
        badges: Badge::ALL.iter().map(|b| (*b, add(badge(*b)))).collect(),
    };
    commands.insert_resource(art);
}

/// A pixmap as a texture, its colours taken out of tiny-skia's premultiplied form, sampled smoothly (the tokens
/// are drawn smaller and larger than their pixels as the camera zooms).
pub fn image_of(pixmap: &Pixmap) -> Image {
    let data: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let size = Extent3d { width: pixmap.width(), height: pixmap.height(), depth_or_array_layers: 1 };
    let mut image =
        Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD);
    image.sampler = ImageSampler::linear();
    image
}

/// A paint of one colour.
pub fn solid([r, g, b, a]: [u8; 4]) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, a);
    paint
}

/// A stroke `width` wide with round ends.
pub fn pen(width: f32) -> Stroke {
    Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() }
}

/// A path through `points`, closed or not.
pub fn poly(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(cx, cy, r)
}

fn fill(pixmap: &mut Pixmap, path: Option<Path>, color: [u8; 4]) {
    if let Some(path) = path {
        pixmap.fill_path(&path, &solid(color), FillRule::Winding, Transform::identity(), None);
    }
}

fn stroke(pixmap: &mut Pixmap, path: Option<Path>, color: [u8; 4], width: f32) {
    if let Some(path) = path {
        pixmap.stroke_path(&path, &solid(color), &pen(width), Transform::identity(), None);
    }
}

/// An empty square canvas.
fn canvas(size: u32) -> Pixmap {
    Pixmap::new(size, size).unwrap_or_else(|| unreachable!("a canvas of a positive size"))
}

/// A side's body: its shape lit from the top left, so that it reads as a piece standing on the map, with a dark rim.
fn body(shape: Shape) -> Pixmap {
    let mut p = canvas(SIZE);
    let c = SIZE as f32 / 2.0;
    let stops = vec![
        GradientStop::new(0.0, tiny_skia::Color::from_rgba8(255, 255, 255, 255)),
        GradientStop::new(1.0, tiny_skia::Color::from_rgba8(150, 150, 150, 255)),
    ];
    let light = Point::from_xy(c * 0.7, c * 0.6);
    let shader =
        RadialGradient::new(light, 0.0, Point::from_xy(c, c), c, stops, SpreadMode::Pad, Transform::identity());
    let outline = || outline_of(shape, c, c - 3.0);
    if let (Some(shader), Some(path)) = (shader, outline()) {
        let paint = Paint { shader, ..Paint::default() };
        p.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
    }
    stroke(&mut p, outline(), [20, 20, 24, 255], 4.0);
    p
}

/// A shape's outline about (`c`, `c`), as large as a disc of radius `r` looks: the corners of the square, the
/// diamond and the hexagon reach a little past it, so that each covers about the disc's area.
fn outline_of(shape: Shape, c: f32, r: f32) -> Option<Path> {
    let around = |corners: usize, reach: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..corners)
            .map(|i| {
                let a = turn + std::f32::consts::TAU * i as f32 / corners as f32;
                (c + reach * a.cos(), c + reach * a.sin())
            })
            .collect()
    };
    let quarter = std::f32::consts::FRAC_PI_4;
    match shape {
        Shape::Circle => circle(c, c, r),
        Shape::Square => poly(&around(4, r * 1.12, quarter), true),
        Shape::Diamond => poly(&around(4, r * 1.12, 0.0), true),
        Shape::Hexagon => poly(&around(6, r * 1.06, 0.0), true),
    }
}

/// A ring filled `share` of the way round clockwise from the top, white (tinted by the sprite) or `color`.
fn ring(share: f32, color: [u8; 4]) -> Pixmap {
    let mut p = canvas(SIZE);
    let (c, r) = (SIZE as f32 / 2.0, SIZE as f32 / 2.0 - 6.0);
    if share >= 1.0 {
        stroke(&mut p, circle(c, c, r), color, 8.0);
    } else if share > 0.0 {
        let steps = (share * 96.0).ceil().max(2.0) as usize;
        let points: Vec<(f32, f32)> = (0..=steps)
            .map(|i| {
                let a = std::f32::consts::TAU * share * i as f32 / steps as f32 - std::f32::consts::FRAC_PI_2;
                (c + r * a.cos(), c + r * a.sin())
            })
            .collect();
        let mut line = pen(8.0);
        line.line_cap = LineCap::Butt;
        if let Some(path) = poly(&points, false) {
            p.stroke_path(&path, &solid(color), &line, Transform::identity(), None);
        }
    }
    p
}

/// The acting unit's mark: a bright ring with four notches pointing in, tinted gold.
fn acting_mark() -> Pixmap {
    let mut p = canvas(SIZE);
    let c = SIZE as f32 / 2.0;
    stroke(&mut p, circle(c, c, c - 4.0), [255, 255, 255, 255], 5.0);
    for k in 0..4 {
        let a = std::f32::consts::FRAC_PI_2 * k as f32 + std::f32::consts::FRAC_PI_4;
        let (dx, dy) = (a.cos(), a.sin());
        let points = [(c + dx * (c - 2.0), c + dy * (c - 2.0)), (c + dx * (c - 14.0), c + dy * (c - 14.0))];
        stroke(&mut p, poly(&points, false), [255, 255, 255, 255], 6.0);
    }
    p
}

/// The selected unit's mark: four corner brackets.
fn selection_mark() -> Pixmap {
    let mut p = canvas(SIZE);
    let (lo, hi, arm) = (4.0, SIZE as f32 - 4.0, SIZE as f32 * 0.28);
    for (x, y, sx, sy) in [(lo, lo, 1.0, 1.0), (hi, lo, -1.0, 1.0), (lo, hi, 1.0, -1.0), (hi, hi, -1.0, -1.0)] {
        let points = [(x, y + sy * arm), (x, y), (x + sx * arm, y)];
        stroke(&mut p, poly(&points, false), [255, 255, 255, 255], 6.0);
    }
    p
}

/// A dark cross over a unit out of the fight.
fn down_mark() -> Pixmap {
    let mut p = canvas(SIZE);
    let (lo, hi) = (SIZE as f32 * 0.28, SIZE as f32 * 0.72);
    for points in [[(lo, lo), (hi, hi)], [(hi, lo), (lo, hi)]] {
        stroke(&mut p, poly(&points, false), [20, 20, 20, 220], 12.0);
        stroke(&mut p, poly(&points, false), [200, 60, 50, 255], 6.0);
    }
    p
}

/// White shapes on a 96-pixel canvas, outlined in near-black so that they read on any side's colour.
fn outlined(shapes: &[(Option<Path>, Look)]) -> Pixmap {
    let mut p = canvas(SIZE);
    let (dark, white) = ([15, 15, 20, 255], [250, 250, 250, 255]);
    for (path, look) in shapes {
        let width = if matches!(look, Look::Line) { 15.0 } else { 7.0 };
        stroke(&mut p, path.clone(), dark, width);
    }
    for (path, look) in shapes {
        match look {
            Look::Line => stroke(&mut p, path.clone(), white, 7.0),
            Look::Solid => fill(&mut p, path.clone(), white),
        }
    }
    p
}

/// How a glyph's shape is drawn: a line, or a filled shape.
#[derive(Clone, Copy)]
enum Look {
    Line,
    Solid,
}

/// A role's glyph.
fn glyph(role: Role) -> Pixmap {
    use Look::{Line, Solid};
    let c = SIZE as f32 / 2.0;
    match role {
        // A rifle, muzzle up and to the right: stock, body, barrel, magazine.
        Role::Rifleman => {
            let turn = |pts: &[(f32, f32)]| -> Option<Path> {
                let path = poly(pts, true)?;
                path.transform(Transform::from_rotate_at(-40.0, c, c))
            };
            outlined(&[
                (turn(&[(14.0, 42.0), (34.0, 43.0), (34.0, 53.0), (16.0, 58.0)]), Solid),
                (turn(&[(34.0, 42.0), (64.0, 42.0), (64.0, 52.0), (34.0, 52.0)]), Solid),
                (turn(&[(64.0, 45.0), (84.0, 45.0), (84.0, 49.0), (64.0, 49.0)]), Solid),
                (turn(&[(44.0, 52.0), (52.0, 52.0), (50.0, 66.0), (43.0, 66.0)]), Solid),
            ])
        }
        // Cross hairs.
        Role::Sniper => outlined(&[
            (circle(c, c, 20.0), Line),
            (poly(&[(c, c - 32.0), (c, c - 10.0)], false), Line),
            (poly(&[(c, c + 10.0), (c, c + 32.0)], false), Line),
            (poly(&[(c - 32.0, c), (c - 10.0, c)], false), Line),
            (poly(&[(c + 10.0, c), (c + 32.0, c)], false), Line),
        ]),
        // Three rounds side by side: a weapon that fires many.
        Role::Heavy => outlined(&[-16.0, 0.0, 16.0].map(|dx| (bullet(c + dx, c), Solid))),
        // A blade, point up (not crossed blades: they would read as the cross of a unit out of the fight).
        Role::Brawler => outlined(&[
            (poly(&[(c, c - 32.0), (c + 8.0, c + 4.0), (c - 8.0, c + 4.0)], true), Solid),
            (poly(&[(c - 15.0, c + 9.0), (c + 15.0, c + 9.0)], false), Line),
            (poly(&[(c, c + 12.0), (c, c + 28.0)], false), Line),
        ]),
        // An open eye: the one who sees first.
        Role::Scout => {
            let mut pb = PathBuilder::new();
            pb.move_to(c - 30.0, c);
            pb.quad_to(c, c - 30.0, c + 30.0, c);
            pb.quad_to(c, c + 30.0, c - 30.0, c);
            pb.close();
            outlined(&[(pb.finish(), Line), (circle(c, c, 8.0), Solid)])
        }
        Role::Other => outlined(&[(poly(&[(c, c - 22.0), (c + 18.0, c), (c, c + 22.0), (c - 18.0, c)], true), Solid)]),
    }
}

/// A round standing upright, its tip up, centred at (`x`, `y`).
fn bullet(x: f32, y: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(x - 5.0, y + 22.0);
    pb.line_to(x - 5.0, y - 8.0);
    pb.quad_to(x, y - 24.0, x + 5.0, y - 8.0);
    pb.line_to(x + 5.0, y + 22.0);
    pb.close();
    pb.finish()
}

/// A badge: its colour as a disc with a white rim, and its icon in white.
fn badge(badge: Badge) -> Pixmap {
    let mut p = canvas(64);
    let c = 32.0;
    let [r, g, b] = badge.color();
    fill(&mut p, circle(c, c, 29.0), [r, g, b, 255]);
    stroke(&mut p, circle(c, c, 28.0), [255, 255, 255, 255], 4.0);
    let white = [255, 255, 255, 255];
    let line = |p: &mut Pixmap, pts: &[(f32, f32)], w: f32| stroke(p, poly(pts, false), white, w);
    match badge {
        // Flat on the ground: an arrow down onto a line.
        Badge::Prone => {
            line(&mut p, &[(c, 14.0), (c, 36.0)], 6.0);
            line(&mut p, &[(c - 10.0, 27.0), (c, 37.0), (c + 10.0, 27.0)], 6.0);
            line(&mut p, &[(16.0, 46.0), (48.0, 46.0)], 6.0);
        }
        // Seeing stars.
        Badge::Stunned => {
            let star: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let a = std::f32::consts::PI * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
                    let r = if i % 2 == 0 { 20.0 } else { 8.5 };
                    (c + r * a.cos(), c + 1.0 + r * a.sin())
                })
                .collect();
            fill(&mut p, poly(&star, true), white);
        }
        Badge::FullDefense => {
            let mut pb = PathBuilder::new();
            pb.move_to(c, 12.0);
            pb.line_to(c + 17.0, 18.0);
            pb.quad_to(c + 16.0, 42.0, c, 52.0);
            pb.quad_to(c - 16.0, 42.0, c - 17.0, 18.0);
            pb.close();
            fill(&mut p, pb.finish(), white);
        }
        Badge::Aiming => {
            stroke(&mut p, circle(c, c, 16.0), white, 4.0);
            fill(&mut p, circle(c, c, 6.0), white);
        }
        Badge::Delayed => {
            fill(&mut p, poly(&[(19.0, 13.0), (45.0, 13.0), (c, c), (45.0, 51.0), (19.0, 51.0), (c, c)], true), white);
        }
        Badge::Jammed => {
            line(&mut p, &[(c, 14.0), (c, 36.0)], 8.0);
            fill(&mut p, circle(c, 48.0, 5.0), white);
        }
        Badge::Running => {
            line(&mut p, &[(16.0, 18.0), (28.0, c), (16.0, 46.0)], 6.0);
            line(&mut p, &[(32.0, 18.0), (44.0, c), (32.0, 46.0)], 6.0);
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_are_read_from_archetypes_and_names() {
        assert_eq!(Role::named("sniper"), Role::Sniper);
        assert_eq!(Role::named("Crew heavy 3"), Role::Heavy);
        assert_eq!(Role::named("Alice"), Role::Other);
        // A word inside another is not a role.
        assert_eq!(Role::named("Scouting party 1"), Role::Other);
    }

    #[test]
    fn every_picture_has_paint_and_a_clear_background() {
        let pictures = [
            body(Shape::Circle),
            body(Shape::Hexagon),
            ring(0.5, [255; 4]),
            acting_mark(),
            selection_mark(),
            down_mark(),
        ]
        .into_iter()
        .chain(Role::ALL.map(glyph))
        .chain(Badge::ALL.map(badge));
        for (i, p) in pictures.enumerate() {
            let painted = p.pixels().iter().filter(|c| c.alpha() > 0).count();
            assert!(painted > 100, "picture {i} has {painted} painted pixels");
            assert_eq!(p.pixels()[0].alpha(), 0, "picture {i} paints its corner");
        }
    }

    #[test]
    fn a_ring_fills_as_far_round_as_asked() {
        let painted = |share: f32| ring(share, [255; 4]).pixels().iter().filter(|c| c.alpha() > 128).count();
        let (quarter, half, whole) = (painted(0.25), painted(0.5), painted(1.0));
        assert_eq!(painted(0.0), 0);
        assert!(quarter * 2 < half + half / 10 && quarter * 2 > half - half / 10, "{quarter} {half}");
        assert!(half * 2 < whole + whole / 10 && half * 2 > whole - whole / 10, "{half} {whole}");
    }
}
