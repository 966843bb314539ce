//! `skirmish menu --tour DIR`: the window drives itself through every screen as a player would, for the tests and
//! the pictures in the README and docs/: the menu → a battle of the first level (AI against AI) → battle over → its
//! review → *Play again* (the same battle, checked) → *Back to the menu* → the second level → battle over → *Quit*, with a
//! screenshot of each screen in DIR and one line per step on standard output.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::combat::BattleLog;
use crate::stdout::say;
use crate::ui::screens::Screen;

/// One step of the tour, taken once its screen has been shown for a few frames.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A screenshot of the screen, named so.
    Shot(&'static str),
    /// Play the menu's level with this index, every side played by the AI.
    Play(usize),
    /// Wait for the battle to end; remember its log (or check it is the one remembered: a replay).
    AwaitOver {
        same_as_before: bool,
    },
    /// Wait for the review worked out when the battle ended, then open its window.
    AwaitReview,
    PlayAgain,
    BackToMenu,
    Quit,
}

const STEPS: [Step; 14] = [
    Step::Shot("menu"),
    Step::Play(0),
    Step::AwaitOver { same_as_before: false },
    Step::Shot("battle-over"),
    Step::AwaitReview,
    Step::Shot("review"),
    Step::PlayAgain,
    Step::AwaitOver { same_as_before: true },
    Step::BackToMenu,
    Step::Shot("menu-again"),
    Step::Play(1),
    Step::AwaitOver { same_as_before: false },
    Step::Shot("second-battle-over"),
    Step::Quit,
];

/// Frames a screen is shown before a step acts on it (pipelines built, egui laid out).
const SETTLE: u32 = 20;

/// Screenshots taken of one screen before the tour gives up on it showing anything.
const TRIES: u32 = 30;

/// Where the tour is.
#[derive(Resource)]
pub struct Tour {
    dir: PathBuf,
    step: usize,
    frames: u32,
    remembered: Option<crate::rules::engine::outcome::Log>,
    shot: Shot,
    tries: u32,
}

/// The screenshot of the current step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// None asked for yet.
    Idle,
    /// Asked for, not captured yet.
    Pending,
    /// Captured, but the frame was one colour: on a busy machine the first frames of a screen can come before its
    /// pipelines are built.
    Blank,
    /// Captured and saved.
    Saved,
}

impl Tour {
    pub fn new(dir: PathBuf) -> Self {
        Tour { dir, step: 0, frames: 0, remembered: None, shot: Shot::Idle, tries: 0 }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_tour_step.run_if(resource_exists::<Tour>));
}

fn take_tour_step(world: &mut World) {
    let screen = *world.resource::<State<Screen>>().get();
    let mut tour = world.resource_mut::<Tour>();
    tour.frames += 1;
    let Some(&step) = STEPS.get(tour.step) else { return };
    if tour.frames < SETTLE || screen == Screen::Loading {
        return;
    }
    let done = match step {
        Step::Shot(name) => {
            let path = tour.dir.join(format!("{name}.png"));
            match (tour.shot, tour.tries < TRIES) {
                (Shot::Idle, _) | (Shot::Blank, true) => {
                    (tour.shot, tour.tries, tour.frames) = (Shot::Pending, tour.tries + 1, 0);
                    world.spawn(Screenshot::primary_window()).observe(capture(path));
                    false
                }
                // A capture that never comes counts as a blank one: the tries still run out.
                (Shot::Pending, _) => {
                    if tour.frames > 10 * SETTLE {
                        tour.shot = Shot::Blank;
                    }
                    false
                }
                (Shot::Saved, _) | (Shot::Blank, false) => {
                    let (shot, tries) = (tour.shot, tour.tries);
                    (tour.shot, tour.tries) = (Shot::Idle, 0);
                    let state = if shot == Shot::Saved { "" } else { ", blank" };
                    say(format_args!("tour: {name} ({screen:?}{state}, try {tries}) → {}\n", path.display()));
                    true
                }
            }
        }
        Step::Play(level) => match crate::ui::menu::all_ai_battle(world, level) {
            Ok(name) => {
                say(format_args!("tour: play {name}, every side by the AI\n"));
                world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
                true
            }
            Err(e) => {
                say(format_args!("tour: cannot play level {level}: {e}\n"));
                world.write_message(AppExit::error());
                true
            }
        },
        Step::AwaitOver { same_as_before } => {
            let over = screen == Screen::Over;
            if over {
                check_replay(world, same_as_before);
            }
            over
        }
        Step::AwaitReview => await_review(world),
        Step::PlayAgain => {
            say("tour: play again\n");
            world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
            true
        }
        Step::BackToMenu => {
            say("tour: back to the menu\n");
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
            true
        }
        Step::Quit => {
            say("tour: quit\n");
            world.write_message(AppExit::Success);
            true
        }
    };
    if done {
        let mut tour = world.resource_mut::<Tour>();
        (tour.step, tour.frames) = (tour.step + 1, 0);
    }
}

/// Whether the battle's review is done; if so its window is opened, and what it found said.
fn await_review(world: &mut World) -> bool {
    let mut reviews = world.resource_mut::<crate::ui::review::Reviews>();
    let said = match &reviews.done {
        None => return false,
        Some(Ok(review)) => {
            let luck = crate::lab::review::biggest(review, crate::lab::review::Reviewed::luck);
            let top = luck.first().map_or("none".to_owned(), |d| format!("#{} {}", d.number, d.the_dice()));
            format!("{} decisions reviewed; the biggest swing of luck: {top}", review.decisions.len())
        }
        Some(Err(e)) => format!("no review: {e}"),
    };
    reviews.open = true;
    say(format_args!("tour: review: {said}\n"));
    true
}

/// Saves a captured frame to `path` unless it is one colour, and tells the tour which it was.
fn capture(path: PathBuf) -> impl FnMut(On<ScreenshotCaptured>, ResMut<Tour>) {
    let mut save = save_to_disk(path);
    move |captured, mut tour| {
        let blank = captured.image.data.as_deref().is_none_or(|d| d.chunks_exact(4).all(|p| p == &d[..4]));
        tour.shot = if blank { Shot::Blank } else { Shot::Saved };
        if !blank {
            save(captured);
        }
    }
}

/// Keeps the finished battle's log, or checks the replay's against it, event for event.
fn check_replay(world: &mut World, same_as_before: bool) {
    let log = world.resource::<BattleLog>().0.clone();
    let (events, ending) = (log.events.len(), log.events.last().map(|e| log.show(e).to_string()).unwrap_or_default());
    let mut tour = world.resource_mut::<Tour>();
    match same_as_before {
        false => tour.remembered = Some(log),
        true => {
            let same = tour.remembered.as_ref() == Some(&log);
            say(format_args!("tour: the battle played again is the same battle: {same}\n"));
        }
    }
    say(format_args!("tour: battle over after {events} events: {ending}\n"));
}
