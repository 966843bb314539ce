//! The window's own measurements and pictures: a screenshot after some frames (then quit), or quit after some
//! frames; either way it prints the time to the first frame and the mean frame time, for the numbers in
//! docs/performance.md.

use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::PlayOptions;
use crate::stdout::say;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Frames>().add_systems(Last, count_frames);
}

/// Frames drawn and when.
#[derive(Resource)]
struct Frames {
    started: Instant,
    count: u32,
    first: Option<Instant>,
    /// From frame 30 on: the first frames build pipelines and are not what a player sees.
    steady: Option<Instant>,
}

impl Default for Frames {
    fn default() -> Self {
        Frames { started: Instant::now(), count: 0, first: None, steady: None }
    }
}

/// How long after the app was built a frame count was reached, in milliseconds.
fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

fn count_frames(
    mut frames: ResMut<Frames>,
    options: Res<PlayOptions>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    frames.count += 1;
    let now = Instant::now();
    if frames.first.is_none() {
        frames.first = Some(now);
        let launch = super::LAUNCH.get().map_or(String::new(), |t| format!(", {:.0} ms after launch", ms(*t)));
        say(format_args!("first frame after {:.0} ms{launch}\n", ms(frames.started)));
    }
    if frames.count == 30 {
        frames.steady = Some(now);
    }
    let n = frames.count;
    if let Some((path, at)) = &options.screenshot {
        if n == *at {
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone()));
        }
        if n == at + 20 {
            report(&frames, n);
            exit.write(AppExit::Success);
        }
    }
    if options.quit_after == Some(n) {
        report(&frames, n);
        exit.write(AppExit::Success);
    }
}

fn report(frames: &Frames, n: u32) {
    if let Some(steady) = frames.steady.filter(|_| n > 30) {
        let mean = ms(steady) / f64::from(n - 30);
        let fps = 1000.0 / mean;
        say(format_args!("frames {n}: mean frame time {mean:.2} ms ({fps:.1} fps) over frames 30–{n}\n"));
    }
}
