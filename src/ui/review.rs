//! The decision review in the window ([`crate::lab::review`]): asked for by the battle-over screen (*Review*, and
//! at once in the background when a battle ends, so that the screen can name the biggest swings) and by the saved
//! battles in the menu. Worked out on a thread of its own (one core, at the lowest priority: `background.rs`); its window shows
//! each side's win chance over the battle as a chart, the three biggest swings of choice and of luck, and every
//! decision with its chances before it, after the choice and after the dice, and the hard AI's choice where it
//! differs, or the expert's when the window is asked to hold the choices against it (*Review again*). Shown over
//! any screen; closed with its ✕.

use std::sync::atomic::Ordering;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::expert::Think;
use crate::battle::save::Save;
use crate::lab::review::{self, Review, Reviewed, Reviewer, percent, points};
use crate::ui::background::Job;
use crate::ui::screens::{Autosave, Screen, Watching};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewBattle>()
        .init_resource::<Reviews>()
        .add_systems(OnEnter(Screen::Over), review_the_battle_over)
        // A new battle: a review still being worked out stops.
        .add_systems(OnEnter(Screen::Loading), crate::ui::screens::fresh::<Reviews>)
        .add_systems(Update, (start_review, take_review_in).chain())
        .add_systems(EguiPrimaryContextPass, show_review);
}

/// Review this battle: a save file, or a battle just over (its save made in memory); `open` shows the window at once
/// (else the review is worked out quietly, for the battle-over screen).
#[derive(Message, Clone, Debug)]
pub struct ReviewBattle {
    pub battle: ToReview,
    pub open: bool,
}

/// What is to be reviewed.
#[derive(Clone, Debug)]
pub enum ToReview {
    File(std::path::PathBuf),
    Battle(Box<Save>),
}

/// Why a battle cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum NotReviewed {
    /// The save file does not read.
    #[error(transparent)]
    Save(#[from] crate::scenario::ScenarioError),
    /// The saved battle does not start again.
    #[error(transparent)]
    Start(#[from] crate::battle::StartError),
    /// No thread to work it out on.
    #[error(transparent)]
    Thread(#[from] rayon::ThreadPoolBuildError),
}

/// The review being worked out or done, and whether its window is open.
#[derive(Resource, Default)]
pub struct Reviews {
    pub open: bool,
    /// What is reviewed, for the window's title.
    pub what: String,
    work: Option<Job<Result<Review, NotReviewed>>>,
    /// The review, or why there is none.
    pub done: Option<Result<Review, NotReviewed>>,
    /// How many decisions the save has (the window's progress says how far it is).
    decisions: usize,
    /// The save reviewed (to review it again against another reviewer), and whose choices it is held against.
    save: Option<Box<Save>>,
    by: Reviewer,
    /// The window's choice of reviewer for *Review again*: the expert, and how long it thinks.
    expert: bool,
    think: f32,
}

impl Reviews {
    /// The swings the battle-over screen names, once the review is done: the three biggest of choice, then of luck.
    pub fn swings(&self) -> Option<(Vec<&Reviewed>, Vec<&Reviewed>)> {
        let review = self.done.as_ref()?.as_ref().ok()?;
        Some((review::biggest(review, Reviewed::choice), review::biggest(review, Reviewed::luck)))
    }

    /// Whose choices the review is held against ("the hard AI").
    pub fn by(&self) -> &'static str {
        self.by.name()
    }

    /// Whether a review is being worked out.
    pub fn working(&self) -> bool {
        self.work.is_some()
    }
}

/// A battle just over is reviewed at once, quietly: its own save (made in memory, nothing waits on the file), or the
/// save being watched.
fn review_the_battle_over(
    engine: Option<Res<crate::combat::Engine>>,
    autosave: Option<Res<Autosave>>,
    watching: Option<Res<Watching>>,
    mut review: MessageWriter<ReviewBattle>,
) {
    let save = match (watching, autosave, engine) {
        (Some(watching), ..) => watching.save.clone(),
        (None, Some(autosave), Some(engine)) => Box::new(Save::of(&autosave.request, &engine.0)),
        _ => return,
    };
    review.write(ReviewBattle { battle: ToReview::Battle(save), open: false });
}

/// Starts the review asked for, dropping any other; the window's choice of reviewer stays.
fn start_review(mut asked: MessageReader<ReviewBattle>, mut reviews: ResMut<Reviews>) {
    let Some(ask) = asked.read().last() else { return };
    let save = match &ask.battle {
        ToReview::File(path) => Save::read(path).map_err(NotReviewed::from),
        ToReview::Battle(save) => Ok(save.as_ref().clone()),
    };
    let what = match &ask.battle {
        ToReview::File(path) => path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned()),
        ToReview::Battle(_) => "this battle".to_owned(),
    };
    let decisions = save.as_ref().map_or(0, |s| s.record.len());
    let (expert, think) = (reviews.expert, if reviews.think > 0.0 { reviews.think } else { 2.0 });
    let by = if expert { Reviewer::Expert(Think::seconds(think)) } else { Reviewer::Hard };
    let (work, done, save) = match save {
        Ok(save) => (start(save.clone(), by), None, Some(Box::new(save))),
        Err(e) => (None, Some(Err(e)), None),
    };
    *reviews = Reviews { open: ask.open, what, work, done, decisions, save, by, expert, think };
}

/// The review worked out on a thread of its own, with one core.
fn start(save: Save, by: Reviewer) -> Option<Job<Result<Review, NotReviewed>>> {
    Job::spawn("review", move |progress| match crate::lab::one_core() {
        Ok(one_core) => one_core.install(|| review::review(&save, None, by, progress)).map_err(NotReviewed::from),
        Err(e) => Err(NotReviewed::from(e)),
    })
}

/// A review done is taken in.
fn take_review_in(mut reviews: ResMut<Reviews>) {
    let done = reviews.work.as_ref().and_then(Job::take);
    if let Some(done) = done {
        (reviews.done, reviews.work) = (Some(done), None);
    }
}

/// The review's window, while it is open.
fn show_review(
    mut contexts: EguiContexts,
    mut reviews: ResMut<Reviews>,
    settings: Res<crate::ui::settings::Settings>,
    mut again: MessageWriter<ReviewBattle>,
) -> Result {
    if !reviews.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let title = format!("Review: {}", reviews.what);
    egui::Window::new(title).id(egui::Id::new("review")).open(&mut open).default_size([900.0, 640.0]).show(ctx, |ui| {
        if let Some(save) = reviewer(ui, &mut reviews) {
            again.write(ReviewBattle { battle: ToReview::Battle(save), open: true });
        }
        match (&reviews.done, &reviews.work) {
            (Some(Ok(review)), _) => show_done(ui, review, settings.palette),
            (Some(Err(e)), _) => {
                ui.colored_label(egui::Color32::LIGHT_RED, format!("This battle cannot be reviewed: {e}"));
            }
            (None, Some(work)) => {
                let played = work.progress.done.load(Ordering::Relaxed);
                let thinking = match reviews.by {
                    Reviewer::Hard => String::new(),
                    Reviewer::Expert(_) => ", the expert thinking over each".to_owned(),
                };
                ui.label(format!(
                    "Playing the battle out from each of its {} decisions with the hard AI on every side{thinking}: \
                     {played} battles so far…",
                    reviews.decisions
                ));
                ui.spinner();
            }
            (None, None) => {}
        }
    });
    reviews.open = open;
    Ok(())
}

/// The choice of whose choices the decisions are held against, and *Review again* when it is not the review's:
/// the save to review again.
fn reviewer(ui: &mut egui::Ui, reviews: &mut Reviews) -> Option<Box<Save>> {
    let mut asked = false;
    ui.horizontal(|ui| {
        ui.label("Hold each choice against");
        ui.radio_value(&mut reviews.expert, false, "the hard AI (at once)");
        ui.radio_value(&mut reviews.expert, true, "the expert, thinking")
            .on_hover_text("It plays the battle out from its best few choices before it says: slower, and stronger.");
        if reviews.think <= 0.0 {
            reviews.think = 2.0;
        }
        ui.add_enabled(
            reviews.expert,
            egui::Slider::new(&mut reviews.think, 0.2..=10.0).suffix(" s").logarithmic(true),
        );
        let chosen = if reviews.expert { Reviewer::Expert(Think::seconds(reviews.think)) } else { Reviewer::Hard };
        if chosen != reviews.by && reviews.save.is_some() {
            asked = ui.button("Review again").clicked();
        }
    });
    asked.then(|| reviews.save.clone()).flatten()
}

/// A review done: the chart, the swings, every decision.
fn show_done(ui: &mut egui::Ui, review: &Review, palette: crate::ui::palette::Palette) {
    ui.heading(&review.title);
    let ending = review.ending_said();
    ui.label(format!(
        "{ending} Each chance rests on {} battles played out by the hard AI on every side; each choice is held \
         against {}.",
        review.runs, review.by
    ));
    chart(ui, review, palette);
    ui.columns(2, |columns| {
        let by = review.by.name();
        swings(&mut columns[0], ("Biggest swings of choice", by), review::biggest(review, Reviewed::choice), true);
        swings(&mut columns[1], ("Biggest swings of luck", by), review::biggest(review, Reviewed::luck), false);
    });
    ui.separator();
    decisions(ui, review);
}

/// Each side's chance after every decision (the start at 0).
fn chart(ui: &mut egui::Ui, review: &Review, palette: crate::ui::palette::Palette) {
    use egui_plot::{Legend, Line, Plot, PlotPoints};
    let plot = Plot::new("win chance over the battle")
        .height(150.0)
        .include_y(0.0)
        .include_y(100.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .x_axis_label("decision")
        .y_axis_label("win chance (%)");
    plot.show(ui, |plot_ui| {
        for (i, side) in review.sides.iter().enumerate() {
            let start = [0.0, review.start.rate(side) * 100.0];
            let after = review.decisions.iter().map(|d| [d.number as f64, d.after_dice.rate(side) * 100.0]);
            let points: Vec<[f64; 2]> = std::iter::once(start).chain(after).collect();
            let color = crate::ui::palette::readable(palette.side(i));
            plot_ui.line(Line::new(side.clone(), PlotPoints::from(points)).color(color).width(2.0));
        }
    });
}

/// The three biggest swings, each with what the reviewer (`by`) would have done (choice) or the chance before and
/// after the dice (luck).
fn swings(ui: &mut egui::Ui, (title, by): (&str, &str), top: Vec<&Reviewed>, choice: bool) {
    ui.strong(title);
    if top.is_empty() {
        ui.weak(format!("None: every decision here was {by}'s own."));
    }
    for d in top {
        let swing = if choice { d.choice() } else { d.luck() };
        let color = if swing >= 0.0 { egui::Color32::LIGHT_GREEN } else { egui::Color32::LIGHT_RED };
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(color, format!("{} for {}", points(swing), d.side));
            ui.label(format!("#{} {}", d.number, d.who()));
        });
        ui.weak(if choice { d.against_the_ai(by) } else { d.the_dice() });
    }
}

/// Every decision, a row each: its side's chance before, after the choice, after the dice.
fn decisions(ui: &mut egui::Ui, review: &Review) {
    egui::ScrollArea::vertical().id_salt("review decisions").show(ui, |ui| {
        egui::Grid::new("review table").striped(true).show(ui, |ui| {
            let instead = format!("{} instead", review.by.name());
            for head in ["#", "turn", "who", "decision", "before", "choice", "dice", &instead] {
                ui.strong(head);
            }
            ui.end_row();
            for d in &review.decisions {
                let s = &d.side;
                ui.label(d.number.to_string());
                ui.label(d.turn.to_string());
                ui.label(if d.by_player { format!("{} (player)", d.actor) } else { d.actor.clone() });
                wrapped(ui, &d.chosen);
                ui.label(percent(d.before.rate(s)));
                ui.label(format!("{} ({})", percent(d.after_choice.rate(s)), points(d.choice())));
                ui.label(format!("{} ({})", percent(d.after_dice.rate(s)), points(d.luck())));
                wrapped(ui, d.instead.as_deref().unwrap_or(""));
                ui.end_row();
            }
        });
    });
}

/// A long text in a column of its own width, wrapped.
fn wrapped(ui: &mut egui::Ui, text: &str) {
    ui.scope(|ui| {
        ui.set_width(250.0);
        ui.add(egui::Label::new(text).wrap());
    });
}
