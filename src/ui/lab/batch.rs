//! The tactics lab's batch simulation, a window over the menu (*Simulate…*): N AI-against-AI battles of the chosen
//! level, ruleset and sides (each side at its AI's difficulty; a side a player would command plays the normal AI),
//! played on a background thread over every core with a progress bar and *Cancel*; then each side's win rate with
//! its 95 % interval drawn as bars with whiskers, casualties and turns, and *Export CSV* (the same numbers as
//! `skirmish sim --csv`). Below, *How will this fight go?*: the GM's forecast (`skirmish forecast`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::forecast::Forecaster;
use crate::ai::Minds;
use crate::lab::sim::{Progress, Report, SideSum, simulate_watched};
use crate::scenario::Scenario;
use crate::scenario::level::Level;
use crate::ui::screens::{MenuSystems, Screen};

const REFUSED: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

/// The window's state: open or not, the battles to play, the batch under way, its report.
#[derive(Resource, Default)]
pub struct Batch {
    open: bool,
    /// What to simulate: the battle the menu would start, and who plays each side.
    pub(in crate::ui) battle: Option<(Scenario, Minds)>,
    runs: u32,
    seed: u64,
    running: Option<Running>,
    /// The last batch's report, how many battles were asked for (fewer played: it was cancelled), and its sums.
    report: Option<(Report, u32, Summed)>,
    said: Option<(bool, String)>,
    /// The forecast of the same battle.
    forecaster: Forecaster,
}

/// A report's sums, worked out once when it comes in (egui draws every frame; a report holds up to 5,000 battles).
struct Summed {
    sides: Vec<SideSum>,
    undecided: usize,
    mean_turns: f64,
    /// How many battles lasted each number of turns.
    turns: Vec<u32>,
}

impl Summed {
    fn of(report: &Report) -> Self {
        let (undecided, mean_turns) = report.undecided_and_turns();
        let most = report.outcomes.iter().map(|o| o.turns).max().unwrap_or(0) as usize;
        let mut turns = vec![0u32; most + 1];
        for o in &report.outcomes {
            turns[o.turns as usize] += 1;
        }
        Summed { sides: report.sides_summed(), undecided, mean_turns, turns }
    }
}

/// A batch under way.
struct Running {
    runs: u32,
    progress: Arc<Progress>,
    thread: JoinHandle<Report>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Batch>()
        .add_systems(EguiPrimaryContextPass, show_batch.run_if(in_state(Screen::Menu)).after(MenuSystems))
        // A battle or an editor leaves the menu: a batch under way would take every core from it.
        .add_systems(OnExit(Screen::Menu), stop_batch);
}

fn stop_batch(mut batch: ResMut<Batch>) {
    batch.stop();
}

impl Batch {
    /// Opens the window on the menu's battle.
    pub(in crate::ui) fn open_on(&mut self, scenario: Scenario, minds: Minds, level: Option<Level>) {
        // Another battle (level, ruleset, sides, AIs): the last one's report, or batch under way, is not of it.
        let same = |(s, m): &(Scenario, Minds)| {
            (&s.name, s.ruleset_id(), s.sides(), m) == (&scenario.name, scenario.ruleset_id(), scenario.sides(), &minds)
        };
        if !self.battle.as_ref().is_some_and(same) {
            self.stop();
            self.report = None;
        }
        self.runs = if self.runs == 0 { 200 } else { self.runs };
        self.seed = self.seed.max(1);
        self.forecaster.set(scenario.clone(), level, (self.runs, self.seed));
        (self.open, self.battle) = (true, Some((scenario, minds)));
    }

    fn start(&mut self) {
        let Some((scenario, minds)) = self.battle.clone() else { return };
        let (runs, seed, progress) = (self.runs, self.seed, Arc::new(Progress::default()));
        let shared = Arc::clone(&progress);
        let thread = std::thread::spawn(move || simulate_watched(&scenario, runs, seed, &minds, &shared));
        (self.running, self.report, self.said) = (Some(Running { runs, progress, thread }), None, None);
    }

    /// Stops a batch or forecast under way and forgets it (its thread ends after the battles it has begun).
    pub(in crate::ui) fn stop(&mut self) {
        self.forecaster.stop();
        if let Some(running) = self.running.take() {
            running.progress.cancelled.store(true, Ordering::Relaxed);
        }
    }

    /// Takes the report of a batch that has ended.
    fn collect(&mut self) {
        if !self.running.as_ref().is_some_and(|r| r.thread.is_finished()) {
            return;
        }
        let Some(running) = self.running.take() else { return };
        match running.thread.join() {
            Ok(report) => {
                let summed = Summed::of(&report);
                self.report = Some((report, running.runs, summed));
            }
            Err(_) => self.said = Some((false, "the simulation stopped on an error".into())),
        }
    }
}

fn show_batch(
    mut contexts: EguiContexts,
    mut batch: ResMut<Batch>,
    settings: Res<crate::ui::settings::Settings>,
) -> Result {
    batch.collect();
    batch.forecaster.collect();
    if !batch.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let title = batch.battle.as_ref().map_or("Simulate".to_owned(), |(s, _)| format!("Simulate: {}", s.name));
    let centre = ctx.content_rect().center();
    let window = egui::Window::new(title).id("batch".into()).pivot(egui::Align2::CENTER_CENTER).default_pos(centre);
    window.open(&mut open).default_width(460.0).show(ctx, |ui| batch_window(ui, &mut batch, settings.palette));
    if !open {
        // Closing the window stops a batch under way; its battles so far are dropped with it.
        batch.stop();
        batch.open = false;
    }
    if batch.running.is_some() || batch.forecaster.busy() {
        ctx.request_repaint();
    }
    Ok(())
}

fn batch_window(ui: &mut egui::Ui, batch: &mut Batch, palette: crate::ui::palette::Palette) {
    if let Some((scenario, minds)) = &batch.battle {
        let sides: Vec<String> = scenario.sides().iter().map(|s| format!("{s} ({})", minds.of(s))).collect();
        let ruleset = crate::ui::ruleset_name(scenario.ruleset_id());
        ui.label(format!("{ruleset}: {}", sides.join(" vs ")));
    }
    match &batch.running {
        Some(running) => {
            let done = running.progress.done.load(Ordering::Relaxed);
            let bar = egui::ProgressBar::new(done as f32 / running.runs.max(1) as f32)
                .text(format!("{done} of {} battles", running.runs));
            ui.add(bar);
            if ui.button("Cancel").clicked() {
                running.progress.cancelled.store(true, Ordering::Relaxed);
            }
        }
        None => {
            ui.horizontal(|ui| {
                ui.label("Battles:");
                ui.add(egui::DragValue::new(&mut batch.runs).range(1..=5000));
                ui.label("first seed:");
                ui.add(egui::DragValue::new(&mut batch.seed).range(1..=u64::MAX / 2));
                if ui.button("Start").clicked() {
                    batch.start();
                }
            });
        }
    }
    if let Some((report, asked, summed)) = &batch.report {
        results(ui, summed, palette);
        // A cancelled batch is the battles that ended first, not seeds in a row: shown, not exported as a result.
        let played = report.outcomes.len() as u32;
        if played < *asked {
            ui.colored_label(REFUSED, format!("Cancelled after {played} of {asked} battles: not exported"));
        } else if ui.button("Export CSV").clicked() {
            batch.said = Some(
                export(report).map_or_else(|e| (false, e.to_string()), |p| (true, format!("Saved to {}", p.display()))),
            );
        }
    }
    if let Some((good, what)) = &batch.said {
        let colour = if *good { egui::Color32::from_rgb(140, 210, 140) } else { REFUSED };
        ui.colored_label(colour, what);
    }
    forecast_section(ui, batch);
}

/// *How will this fight go?*: the hard AI on every side, each side's chance and casualties, and the one change
/// that brings the party's chance nearest the GM's target (`forecast.rs`), for the battles and seed chosen above.
fn forecast_section(ui: &mut egui::Ui, batch: &mut Batch) {
    batch.forecaster.play((batch.runs, batch.seed));
    egui::CollapsingHeader::new("How will this fight go? (a forecast for the GM)")
        .show(ui, |ui| batch.forecaster.show(ui));
}

/// Each side's win rate as a bar with its 95 % interval as a whisker, then casualties, draws and turns.
fn results(ui: &mut egui::Ui, summed: &Summed, palette: crate::ui::palette::Palette) {
    let (sums, undecided, turns) = (&summed.sides, summed.undecided, summed.mean_turns);
    let battles: u32 = summed.turns.iter().sum();
    ui.label(format!("{battles} battles; no winner in {undecided}; {turns:.1} turns on average"));
    let (width, row) = (ui.available_width().min(440.0), 26.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, row * sums.len() as f32 + 18.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // Room on the right for a rate beside a whisker near 100 % and for the axis's "100 %".
    let (left, right) = (rect.left() + 110.0, rect.right() - 48.0);
    let x = |share: f64| left + (right - left) * share as f32;
    for (i, s) in sums.iter().enumerate() {
        let top = rect.top() + row * i as f32;
        let colour = crate::ui::palette::egui_color(palette.side(i));
        let font = egui::FontId::proportional(13.0);
        painter.text(
            egui::pos2(rect.left(), top + row / 2.0),
            egui::Align2::LEFT_CENTER,
            &s.side,
            font.clone(),
            colour,
        );
        let bar = egui::Rect::from_min_max(egui::pos2(left, top + 5.0), egui::pos2(x(s.rate), top + row - 5.0));
        painter.rect_filled(bar, 2.0, colour.gamma_multiply(0.8));
        let (lo, hi) = (x(s.interval.0), x(s.interval.1));
        let whisker = egui::Stroke::new(1.5, egui::Color32::WHITE);
        painter.line_segment([egui::pos2(lo, top + row / 2.0), egui::pos2(hi, top + row / 2.0)], whisker);
        for end in [lo, hi] {
            painter.line_segment([egui::pos2(end, top + 8.0), egui::pos2(end, top + row - 8.0)], whisker);
        }
        let words = format!("{:.0} %", s.rate * 100.0);
        painter.text(
            egui::pos2(hi + 4.0, top + row / 2.0),
            egui::Align2::LEFT_CENTER,
            words,
            font,
            egui::Color32::LIGHT_GRAY,
        );
    }
    let axis = rect.top() + row * sums.len() as f32 + 2.0;
    for share in [0.0, 0.5, 1.0] {
        let font = egui::FontId::proportional(11.0);
        painter.text(
            egui::pos2(x(share), axis),
            egui::Align2::CENTER_TOP,
            format!("{:.0} %", share * 100.0),
            font,
            egui::Color32::GRAY,
        );
    }
    turns_chart(ui, &summed.turns);
    egui::Grid::new("batch sums").striped(true).show(ui, |ui| {
        for head in ["side", "AI", "wins", "95 % interval", "casualties", "escaped"] {
            ui.strong(head);
        }
        ui.end_row();
        for s in sums {
            ui.label(&s.side);
            ui.label(s.mind.to_string());
            ui.label(s.wins.to_string());
            ui.label(format!("{:.1}–{:.1} %", s.interval.0 * 100.0, s.interval.1 * 100.0));
            ui.label(format!("{:.2}", s.casualties));
            ui.label(format!("{:.2}", s.escaped));
            ui.end_row();
        }
    });
}

/// How many battles lasted each number of turns, as bars.
fn turns_chart(ui: &mut egui::Ui, counts: &[u32]) {
    let most = counts.len().saturating_sub(1);
    let top = counts.iter().copied().max().unwrap_or(1).max(1) as f32;
    ui.label("Turns each battle lasted");
    let (width, height) = (ui.available_width().min(440.0), 60.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height + 14.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let step = width / (most as f32 + 1.0);
    for (turns, n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
        let x = rect.left() + step * turns as f32;
        let bar = egui::Rect::from_min_max(
            egui::pos2(x + 1.0, rect.top() + height * (1.0 - *n as f32 / top)),
            egui::pos2(x + step - 1.0, rect.top() + height),
        );
        painter.rect_filled(bar, 1.0, egui::Color32::from_rgb(150, 160, 190));
    }
    let font = egui::FontId::proportional(11.0);
    for turns in [1, most.div_ceil(2), most].into_iter().filter(|t| *t > 0) {
        let x = rect.left() + step * (turns as f32 + 0.5);
        let at = egui::pos2(x, rect.top() + height + 1.0);
        painter.text(at, egui::Align2::CENTER_TOP, turns.to_string(), font.clone(), egui::Color32::GRAY);
    }
}

/// Why a report was not exported.
#[derive(Debug, thiserror::Error)]
enum NotExported {
    /// The system names no data folder (no home).
    #[error("no data folder")]
    NoFolder,
    #[error(transparent)]
    Csv(#[from] crate::lab::sim::CsvError),
    #[error(transparent)]
    Write(#[from] crate::scenario::WriteError),
}

/// Writes the report's CSV to the player's data folder (`sims/`), named after the battle and the time.
fn export(report: &Report) -> Result<PathBuf, NotExported> {
    let folder = crate::battle::save::folder().parent().map(|p| p.join("sims")).ok_or(NotExported::NoFolder)?;
    // Milliseconds: two exports a second apart are two files (and a clash still gets a number).
    let ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis());
    let path = crate::scenario::content::new_file(&folder, &format!("{} {ms}", report.title), "csv");
    let csv = report.to_csv()?;
    crate::scenario::content::write_atomically(&path, &csv)?;
    Ok(path)
}
