//! The sides' colours and shapes. Two palettes: the standard one, and one whose four colours stay apart for players
//! with any of the three common colour-vision deficiencies (checked below with Machado, Oliveira and Fernandes's
//! 2009 simulation matrices and the CIE 1976 colour difference). Whatever the palette, each side also has a shape of
//! its own, on its tokens and before its units' names in the log, so that colour is never the only cue. And a colour as
//! the panels draw it (egui's), lightened for text on their dark background; and the rules' text in the glyphs
//! egui's fonts have.

use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};

/// The side colours a player chose (in the settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    /// Blue, red, green, gold.
    #[default]
    Standard,
    /// Blue, orange, pale green, magenta: apart under deuteranopia, protanopia and tritanopia.
    ColourBlindSafe,
}

impl Palette {
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::ColourBlindSafe];

    /// The palette's name in the settings.
    pub fn label(self) -> &'static str {
        match self {
            Palette::Standard => "Standard",
            Palette::ColourBlindSafe => "Colour-blind safe",
        }
    }

    /// The `n`-th side's colour, as sRGB components.
    fn rgb(self, n: usize) -> [f32; 3] {
        const STANDARD: [[f32; 3]; 4] =
            [[0.30, 0.60, 0.98], [0.92, 0.33, 0.27], [0.35, 0.80, 0.40], [0.95, 0.80, 0.25]];
        // Searched for the largest least difference under all four visions, the first two kept a blue and an
        // orange (the pair most levels use reads apart for everyone).
        const SAFE: [[f32; 3]; 4] = [[0.25, 0.50, 1.00], [1.00, 0.60, 0.10], [0.75, 0.875, 0.625], [0.875, 0.0, 0.50]];
        let colours = match self {
            Palette::Standard => STANDARD,
            Palette::ColourBlindSafe => SAFE,
        };
        colours[n % colours.len()]
    }

    /// The `n`-th side's colour.
    pub fn side(self, n: usize) -> Color {
        let [r, g, b] = self.rgb(n);
        Color::srgb(r, g, b)
    }
}

/// A side's shape: its tokens' body and its mark in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Circle,
    Square,
    Diamond,
    Hexagon,
}

impl Shape {
    pub const ALL: [Shape; 4] = [Shape::Circle, Shape::Square, Shape::Diamond, Shape::Hexagon];

    /// The `n`-th side's shape.
    pub fn of_side(n: usize) -> Shape {
        Shape::ALL[n % Shape::ALL.len()]
    }

    /// The shape as a character of egui's default proportional fonts (Ubuntu Light has none of the geometric ones:
    /// these come from its emoji fallbacks).
    pub fn mark(self) -> &'static str {
        match self {
            Shape::Circle => "⏺",
            Shape::Square => "■",
            Shape::Diamond => "♦",
            Shape::Hexagon => "⬣",
        }
    }
}

/// An egui colour of a bevy one, its alpha kept.
pub fn egui_color(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// A side's colour lightened for text on the dark panels.
pub fn readable(color: Color) -> egui::Color32 {
    let c = color.to_srgba();
    let up = |v: f32| ((v + (1.0 - v) * 0.35) * 255.0) as u8;
    egui::Color32::from_rgb(up(c.red), up(c.green), up(c.blue))
}

/// The rules' text (the log, the GM panel) in the glyphs egui's default fonts have.
pub fn plain(text: String) -> String {
    text.replace('→', "->").replace(['−', '–', '—'], "-").replace('÷', "/").replace('×', "x")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How a colour looks to someone with a colour-vision deficiency: Machado et al. (2009), severity 1, applied in
    /// linear RGB.
    #[derive(Clone, Copy, Debug)]
    enum Vision {
        Normal,
        Protanopia,
        Deuteranopia,
        Tritanopia,
    }

    impl Vision {
        const ALL: [Vision; 4] = [Vision::Normal, Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia];

        fn matrix(self) -> [[f32; 3]; 3] {
            match self {
                Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                Vision::Protanopia => {
                    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
                }
                Vision::Deuteranopia => {
                    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
                }
                Vision::Tritanopia => {
                    [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
                }
            }
        }

        /// The linear RGB this vision sees for an sRGB colour.
        fn sees(self, srgb: [f32; 3]) -> [f32; 3] {
            let linear = srgb.map(|c| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) });
            self.matrix().map(|row| (0..3).map(|i| row[i] * linear[i]).sum::<f32>().clamp(0.0, 1.0))
        }
    }

    /// CIE L*a*b* (D65) of a linear RGB colour.
    fn lab([r, g, b]: [f32; 3]) -> [f32; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f32| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    /// The CIE 1976 difference of two colours (about 2.3 is the least a viewer notices side by side).
    fn difference(a: [f32; 3], b: [f32; 3]) -> f32 {
        let (a, b) = (lab(a), lab(b));
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f32>().sqrt()
    }

    /// The least difference between any two of a palette's first `sides` colours, as this vision sees them.
    fn least_difference(palette: Palette, sides: usize, vision: Vision) -> f32 {
        let seen: Vec<[f32; 3]> = (0..sides).map(|n| vision.sees(palette.rgb(n))).collect();
        let mut least = f32::MAX;
        for i in 0..sides {
            for j in i + 1..sides {
                least = least.min(difference(seen[i], seen[j]));
            }
        }
        least
    }

    /// Apart at a glance on a small token: ten times the least noticeable difference and more.
    const APART: f32 = 25.0;

    #[test]
    fn the_safe_palette_keeps_four_sides_apart_under_every_vision() {
        for vision in Vision::ALL {
            let least = least_difference(Palette::ColourBlindSafe, 4, vision);
            assert!(least >= APART, "{vision:?}: two sides {least:.1} apart");
        }
    }

    #[test]
    fn the_standard_palette_runs_its_green_and_red_together_under_deuteranopia() {
        // What the safe palette is for: the check tells the two apart.
        let least = least_difference(Palette::Standard, 4, Vision::Deuteranopia);
        assert!(least < APART, "{least:.1}");
        // Its first two sides (blue and red), which most levels use, stay apart even so.
        for vision in Vision::ALL {
            assert!(least_difference(Palette::Standard, 2, vision) >= APART, "{vision:?}");
        }
    }

    #[test]
    fn the_simulation_takes_red_and_green_to_one_colour_for_a_deuteranope() {
        // A pure red and a green of the same lightness, seen by a deuteranope, differ far less than they do.
        let (red, green) = ([0.8, 0.2, 0.2], [0.45, 0.55, 0.2]);
        let seen = |v: Vision| difference(v.sees(red), v.sees(green));
        assert!(seen(Vision::Deuteranopia) < seen(Vision::Normal) / 2.0);
    }

    #[test]
    fn four_sides_have_four_shapes() {
        let shapes: std::collections::HashSet<Shape> = (0..4).map(Shape::of_side).collect();
        assert_eq!(shapes.len(), 4);
        assert_eq!(Shape::of_side(4), Shape::Circle, "a fifth side starts again");
    }
}
