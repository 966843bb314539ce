//! The window's dev tools on the command line (`--screenshot`, `--frames`, `--strip`, `--zoom`, `--quit-after`,
//! `--screen-text`, `--hover`, `--autopilot`, `--bare`, `--tour`, `--ask-expert`), one group flattened into every command that opens the window; in a
//! player's build, without the `dev-tools` feature, the group is empty and the window opens as it is.

use bevy::app::{App, AppExit};
use clap::Args;

#[cfg(feature = "dev-tools")]
pub use with_tools::DevArgs;
#[cfg(not(feature = "dev-tools"))]
pub use without_tools::DevArgs;

#[cfg(feature = "dev-tools")]
mod with_tools {
    use std::path::PathBuf;

    use super::*;
    use crate::ui::dev_tools::{self, DevTools};

    /// The dev tools asked for.
    #[derive(Args, Clone, Debug, Default)]
    pub struct DevArgs {
        /// Dev tools: save a screenshot to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Dev tools: frames before the screenshot (default: 30 in the menu and the editors, 90 in a battle, 300
        /// online).
        #[arg(long)]
        frames: Option<u32>,
        /// Dev tools: with `--screenshot`, also save every N-th frame of the 11·N before it (FILE-01.png …
        /// FILE-11.png): a strip of frames of what moves (`scripts/strip` lays them side by side).
        #[arg(long, requires = "screenshot")]
        strip: Option<u32>,
        /// Dev tools: zoom in this many times on the map's middle once the battle has opened (a map larger than the
        /// view shows its minimap).
        #[arg(long)]
        zoom: Option<f32>,
        /// Dev tools: quit after this many frames and print the mean frame time.
        #[arg(long)]
        quit_after: Option<u32>,
        /// Dev tools: write every text the window paints (panels, labels, log, damage numbers), frame by frame, to
        /// this file, with whom the screen shows and the units hidden from them under fog of war.
        #[arg(long)]
        screen_text: Option<PathBuf>,
        /// Dev tools: hold the pointer over this cell, e.g. 12,3.
        #[arg(long, value_parser = parse_cell)]
        hover: Option<(i32, i32)>,
        /// Dev tools: the players' slots are given orders by themselves (one screen: the normal AI's, each hand-over
        /// screen passed after a short wait, as a player would; online: attack the first enemy in reach, else move
        /// on), and an online window closes once the end has shown.
        #[arg(long)]
        autopilot: bool,
        /// Dev tools: with `--autopilot`, an online window stays open at the end (a demo clicks on it).
        #[arg(long, requires = "autopilot")]
        stay: bool,
        /// Dev tools: open a bare bevy + bevy_egui window instead (the yardstick for frame-time measurements).
        #[arg(long)]
        bare: bool,
        /// Dev tools: drive the window through every screen (menu, a battle, battle over, play again, back to the
        /// menu, another battle, quit), saving a screenshot of each in this folder.
        #[arg(long, conflicts_with = "screenshot")]
        tour: Option<PathBuf>,
        /// Dev tools: every entry of the combat log shown open, its rolls painted (with `--screen-text`: what the
        /// log tells, roll by roll).
        #[arg(long)]
        log_open: bool,
        /// Dev tools: ask the expert at each of the players' slots (*What would the expert do?*), the enemy under
        /// `--hover` the player's target.
        #[arg(long)]
        ask_expert: bool,
    }

    /// A cell given as `x,y`.
    pub fn parse_cell(text: &str) -> Result<(i32, i32), String> {
        let bad = || format!("`{text}` is not a cell: give x,y such as 12,3");
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
    }

    impl DevArgs {
        /// Runs the window's `app` with the tools asked for (a screenshot after `frames` frames unless `--frames`
        /// says otherwise).
        pub fn open(&self, mut app: App, frames: u32) -> AppExit {
            dev_tools::install(&mut app, self.tools(frames));
            app.run()
        }

        /// The bare window instead of the game's, if asked for.
        pub fn bare(&self) -> Option<AppExit> {
            self.bare.then(|| dev_tools::bare(self.tools(0)))
        }

        fn tools(&self, frames: u32) -> DevTools {
            DevTools {
                screenshot: self.screenshot.clone().map(|p| (p, self.frames.unwrap_or(frames))),
                quit_after: self.quit_after,
                strip: self.strip,
                zoom: self.zoom,
                hover: self.hover,
                autopilot: self.autopilot,
                stay: self.stay,
                screen_text: self.screen_text.clone(),
                tour: self.tour.clone(),
                log_open: self.log_open,
                ask_expert: self.ask_expert,
            }
        }
    }
}

#[cfg(not(feature = "dev-tools"))]
mod without_tools {
    use super::*;

    /// No dev tools in a player's build.
    #[derive(Args, Clone, Debug, Default)]
    pub struct DevArgs {}

    impl DevArgs {
        /// Runs the window's `app` as it is.
        pub fn open(&self, mut app: App, _frames: u32) -> AppExit {
            app.run()
        }

        /// No bare window.
        pub fn bare(&self) -> Option<AppExit> {
            None
        }
    }
}
