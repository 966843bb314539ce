//! The window's own settings, kept between runs in the user's configuration folder (`settings.ron`, or the file
//! `$SKIRMISH_SETTINGS` names): the text size, egui's zoom over every panel (100 %, 125 %, 150 % for a large or
//! far screen), how many autosaves are kept for each level, the sides' palette (a colour-blind safe one), whether
//! units move and the camera follows the acting unit, and the sound's volume. The menu changes them; `--ui-scale` sets the text size for one run.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::{Deserialize, Serialize};

use crate::scenario::WriteError;

pub(super) fn plugin(app: &mut App) {
    // `ui::run` inserts the kept settings first; an app without them runs at the defaults.
    app.init_resource::<Settings>().add_systems(EguiPrimaryContextPass, apply_text_size);
}

/// The settings.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// egui's zoom: text and panels this many times their size.
    pub text_size: f32,
    /// How many autosaves of each level (and ruleset) are kept: a new battle's first save removes the oldest.
    pub autosaves_kept: u32,
    /// The sides' colours.
    pub palette: super::palette::Palette,
    /// The camera brings the acting unit into view when it is off screen.
    pub camera_follows: bool,
    /// Units walk their paths, shots fly, tokens tip over (off: they glide and change at once).
    pub motion: bool,
    /// How loud the sounds are, 0 to 1.
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            text_size: 1.0,
            autosaves_kept: 10,
            palette: default(),
            camera_follows: true,
            motion: true,
            volume: 0.7,
            muted: false,
        }
    }
}

/// The most autosaves of a level the menu offers to keep.
pub const MOST_AUTOSAVES: u32 = 100;

/// The text sizes the menu offers.
pub const TEXT_SIZES: [f32; 3] = [1.0, 1.25, 1.5];

/// The text sizes a player may ask for on the command line.
pub const TEXT_RANGE: std::ops::RangeInclusive<f32> = 0.75..=2.0;

impl Settings {
    /// Where the settings are kept.
    fn path() -> Option<PathBuf> {
        if let Some(file) = std::env::var_os("SKIRMISH_SETTINGS") {
            return Some(PathBuf::from(file));
        }
        directories::ProjectDirs::from("", "", "skirmish").map(|d| d.config_dir().join("settings.ron"))
    }

    /// The settings kept last time; the defaults when there are none or the file does not read (said once).
    pub fn load() -> Self {
        let Some(path) = Self::path() else { return Self::default() };
        let Ok(text) = std::fs::read_to_string(&path) else { return Self::default() };
        match ron::from_str::<Settings>(&text) {
            Ok(s) => s.checked(),
            Err(e) => {
                eprintln!("{}: {e} (the default settings are used)", path.display());
                Self::default()
            }
        }
    }

    /// A text size within what the window can lay out.
    fn checked(self) -> Self {
        Settings {
            text_size: self.text_size.clamp(*TEXT_RANGE.start(), *TEXT_RANGE.end()),
            autosaves_kept: self.autosaves_kept.clamp(1, MOST_AUTOSAVES),
            volume: if self.volume.is_finite() { self.volume.clamp(0.0, 1.0) } else { 0.7 },
            ..self
        }
    }

    /// Keeps the settings for the next run.
    pub fn save(&self) -> Result<(), NotKept> {
        let path = Self::path().ok_or(NotKept::NoFolder)?;
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(WriteError::from)?;
        Ok(crate::battle::save::write_atomically(&path, &text)?)
    }
}

/// Why the settings are not kept for the next run.
#[derive(Debug, thiserror::Error)]
pub enum NotKept {
    /// The system names no configuration folder (no home).
    #[error("no configuration folder")]
    NoFolder,
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// egui draws at the text size asked for (its own Ctrl + / − zoom is off: + and − zoom the map).
fn apply_text_size(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.options(|o| o.zoom_with_keyboard) {
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
    }
    if (ctx.zoom_factor() - settings.text_size).abs() > 1e-3 {
        ctx.set_zoom_factor(settings.text_size);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_size_out_of_range_is_brought_into_it() {
        let with = |text_size| Settings { text_size, ..Settings::default() };
        assert_eq!(with(9.0).checked().text_size, 2.0);
        assert_eq!(with(0.1).checked().text_size, 0.75);
        assert_eq!(with(1.25).checked().text_size, 1.25);
    }

    #[test]
    fn settings_kept_before_the_autosaves_setting_read_with_its_default() {
        let old: Settings = ron::from_str("(text_size: 1.25)").expect("reads");
        assert_eq!(old, Settings { text_size: 1.25, ..Settings::default() });
        assert_eq!(Settings { autosaves_kept: 0, ..old }.checked().autosaves_kept, 1, "the battle's own is kept");
    }
}
