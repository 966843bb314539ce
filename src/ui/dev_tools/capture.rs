//! The window's own measurements and pictures: a screenshot after some frames (then quit), or quit after some
//! frames; either way it prints the time to the first frame and the mean frame time, for the numbers in
//! docs/performance.md. And, for tests (`play --screen-text FILE`), every text the window paints, frame by frame.

use std::io::Write;
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy_egui::{EguiFullOutput, EguiPostUpdateSet, egui};

use super::DevTools;
use crate::combat::components::Side;
use crate::stdout::say;
use crate::ui::Handover;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Frames>().add_systems(Last, count_frames).add_systems(
        PostUpdate,
        write_screen_text
            .run_if(|tools: Res<DevTools>| tools.screen_text.is_some())
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// Writes the texts this frame paints (egui's shapes before they are turned into triangles, and the map's visible
/// `Text2d`), when they differ from the last frame written: a header with the frame, whom the screen shows and
/// whether the hand-over screen covers it, the units hidden from that viewer by the fog, then a line a text.
fn write_screen_text(
    options: Res<DevTools>,
    outputs: Query<&EguiFullOutput>,
    texts: Query<(&Text2d, &InheritedVisibility)>,
    (handover, fog): (Res<Handover>, Option<Res<crate::ui::battle::fog::Fog>>),
    units: Query<(Entity, &Name), With<Side>>,
    frames: Res<Frames>,
    mut last: Local<Vec<String>>,
) -> Result {
    let Some(path) = &options.screen_text else { return Ok(()) };
    let mut painted = Vec::new();
    for shape in outputs.iter().filter_map(|o| o.0.as_ref()).flat_map(|o| &o.shapes) {
        texts_of(&shape.shape, &mut painted);
    }
    painted.extend(texts.iter().filter(|(_, v)| v.get()).map(|(t, _)| t.0.clone()));
    let unseen: Vec<&str> =
        units.iter().filter(|(e, _)| fog.as_ref().is_some_and(|f| !f.sees(*e))).map(|(_, n)| n.as_str()).collect();
    let viewer = handover.last.as_deref().unwrap_or("-");
    let fog_for = fog.as_ref().and_then(|f| f.viewer.as_deref().filter(|_| f.on)).unwrap_or("-");
    let header = format!("viewer={viewer} fog_for={fog_for} covered={}", handover.covered());
    let mut block = vec![header, format!("unseen={}", unseen.join("|"))];
    block.extend(painted.into_iter().map(|t| format!("text={}", t.replace('\n', " "))));
    if *last == block {
        return Ok(());
    }
    // The first frame written starts the file anew: a run's texts are never read after another run's.
    let mut file = match last.is_empty() {
        true => std::fs::File::create(path)?,
        false => std::fs::OpenOptions::new().append(true).open(path)?,
    };
    writeln!(file, "=== frame {}\n{}", frames.count, block.join("\n"))?;
    *last = block;
    Ok(())
}

/// Every text in an egui shape (and the shapes inside it).
fn texts_of(shape: &egui::Shape, out: &mut Vec<String>) {
    match shape {
        egui::Shape::Text(t) => out.push(t.galley.text().to_owned()),
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts_of(s, out)),
        _ => {}
    }
}

/// Frames drawn and when.
#[derive(Resource)]
pub(super) struct Frames {
    started: Instant,
    count: u32,
    first: Option<Instant>,
    /// From frame 30 on: the first frames build pipelines and are not what a player sees.
    steady: Option<Instant>,
    /// Screenshots asked for and not saved yet.
    unsaved: u32,
}

impl Default for Frames {
    fn default() -> Self {
        Frames { started: Instant::now(), count: 0, first: None, steady: None, unsaved: 0 }
    }
}

/// Frames the window waits past its screenshot for the pictures to be saved before it quits without them: a picture
/// is finished on the task pool the AI thinks on (one thread on 2 cores), behind an expert's decision of a second or
/// more on the war zone.
const SAVE_WAIT: u32 = 1200;

/// How long after the app was built a frame count was reached, in milliseconds.
fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

fn count_frames(
    mut frames: ResMut<Frames>,
    options: Res<DevTools>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    frames.count += 1;
    let now = Instant::now();
    if frames.first.is_none() {
        frames.first = Some(now);
        let launch = crate::ui::LAUNCH.get().map_or(String::new(), |t| format!(", {:.0} ms after launch", ms(*t)));
        say(format_args!("first frame after {:.0} ms{launch}\n", ms(frames.started)));
    }
    if frames.count == 30 {
        frames.steady = Some(now);
    }
    let n = frames.count;
    if let Some((path, at)) = &options.screenshot {
        let mut shoot = |file: std::path::PathBuf| {
            frames.unsaved += 1;
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(file))
                .observe(|_: On<ScreenshotCaptured>, mut frames: ResMut<Frames>| frames.unsaved -= 1);
        };
        if n == *at {
            shoot(path.clone());
        }
        if let Some(k) = options.strip.and_then(|every| strip_frame(n, *at, every)) {
            shoot(strip_file(path, k));
        }
        let waited = n.saturating_sub(*at);
        if waited >= 20 && (frames.unsaved == 0 || waited == 20 + SAVE_WAIT) {
            if frames.unsaved > 0 {
                say(format_args!("{} screenshot(s) not saved after {SAVE_WAIT} frames\n", frames.unsaved));
            }
            report(&frames, n);
            exit.write(AppExit::Success);
        }
    }
    if options.quit_after == Some(n) {
        report(&frames, n);
        exit.write(AppExit::Success);
    }
}

/// Frames before the screenshot in a strip.
const STRIP: u32 = 11;

/// Which picture of a strip (1 to 11) frame `n` is, one every `every` frames before the screenshot at `at`.
fn strip_frame(n: u32, at: u32, every: u32) -> Option<u32> {
    let before = at.checked_sub(n)?;
    (every > 0 && before > 0 && before.is_multiple_of(every) && before / every <= STRIP)
        .then(|| STRIP + 1 - before / every)
}

/// The `k`-th picture's file beside the screenshot's: shot.png → shot-01.png.
fn strip_file(path: &std::path::Path, k: u32) -> std::path::PathBuf {
    let stem = path.file_stem().map_or("strip".into(), |s| s.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{k:02}.png"))
}

fn report(frames: &Frames, n: u32) {
    if let Some(steady) = frames.steady.filter(|_| n > 30) {
        let mean = ms(steady) / f64::from(n - 30);
        let fps = 1000.0 / mean;
        say(format_args!("frames {n}: mean frame time {mean:.2} ms ({fps:.1} fps) over frames 30–{n}\n"));
    }
}
