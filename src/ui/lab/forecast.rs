//! *How will this fight go?*: the GM's forecast (`lab/forecast.rs`, as `skirmish forecast` prints it) of a battle the
//! menu or the level editor would start: the party and the chance wanted for it, the fight played by the hard AI on
//! every side on a thread of its own (the fight as it is, then each unit left out and each archetype added), and the
//! forecast's words. The menu's *Simulate…* window and the level editor's *Forecast…* window each hold one.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::thread::JoinHandle;

use bevy_egui::egui;

use crate::lab::forecast::{Forecast, forecast};
use crate::scenario::Scenario;
use crate::scenario::level::Level;

/// A forecast: the battle (its level's spawn zones take an added unit), the party and the chance wanted for it, how
/// many battles a change and from which seed, the forecast under way (how many changes are played) and the last
/// one's words.
#[derive(Default)]
pub struct Forecaster {
    battle: Option<(Scenario, Option<Level>)>,
    party: String,
    target: u32,
    runs: u32,
    seed: u64,
    forecasting: Option<(Arc<AtomicU32>, JoinHandle<Forecast>)>,
    said: Option<String>,
}

impl Forecaster {
    /// The battle to forecast (another battle than the last: the last one's words are dropped, a forecast under
    /// way stopped), `runs` battles a change from `seed`.
    pub fn set(&mut self, scenario: Scenario, level: Option<Level>, (runs, seed): (u32, u64)) {
        let same = self.battle.as_ref().is_some_and(|(s, l)| {
            (&s.name, s.ruleset_id(), s.sides(), l.as_ref().map(|l| (&l.file.name, &l.file.map)))
                == (
                    &scenario.name,
                    scenario.ruleset_id(),
                    scenario.sides(),
                    level.as_ref().map(|l| (&l.file.name, &l.file.map)),
                )
        });
        if !same {
            self.stop();
            self.said = None;
        }
        if !scenario.sides().contains(&self.party.as_str()) {
            self.party = scenario.sides().first().map(|s| s.to_string()).unwrap_or_default();
        }
        self.target = if self.target == 0 { 60 } else { self.target };
        (self.battle, self.runs, self.seed) = (Some((scenario, level)), runs.max(1), seed.max(1));
    }

    /// `runs` battles a change from `seed`, for the next forecast.
    pub fn play(&mut self, (runs, seed): (u32, u64)) {
        (self.runs, self.seed) = (runs.max(1), seed.max(1));
    }

    /// Starts the forecast on its own thread.
    fn start(&mut self) {
        let Some((scenario, level)) = self.battle.clone() else { return };
        let (party, target) = (self.party.clone(), f64::from(self.target) / 100.0);
        let (runs, seed, done) = (self.runs, self.seed, Arc::new(AtomicU32::new(0)));
        let counted = Arc::clone(&done);
        let thread = std::thread::spawn(move || {
            forecast(&scenario, level.as_ref(), (&party, target), (runs, seed), &mut |_, _| {
                // Stopped (u32::MAX) when its window or screen goes: the changes left are not played.
                counted.fetch_add(1, Ordering::Relaxed) < u32::MAX / 2
            })
        });
        (self.forecasting, self.said) = (Some((done, thread)), None);
    }

    /// Takes the forecast that has ended.
    pub fn collect(&mut self) {
        if !self.forecasting.as_ref().is_some_and(|(_, t)| t.is_finished()) {
            return;
        }
        let Some((_, thread)) = self.forecasting.take() else { return };
        self.said = Some(thread.join().map_or_else(|_| "the forecast stopped on an error".into(), |f| f.to_string()));
    }

    /// Stops a forecast under way (its thread ends after the battles it has begun).
    pub fn stop(&mut self) {
        if let Some((done, _)) = self.forecasting.take() {
            done.store(u32::MAX, Ordering::Relaxed);
        }
    }

    /// Whether a forecast is under way (the window redraws to show it go on).
    pub fn busy(&self) -> bool {
        self.forecasting.is_some()
    }

    /// The party, the chance wanted, *Forecast* (or how far it has come), and the last forecast's words.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let sides: Vec<String> =
            self.battle.as_ref().map(|(s, _)| s.sides().iter().map(|s| s.to_string()).collect()).unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label("Party:");
            egui::ComboBox::from_id_salt("forecast party").selected_text(&self.party).show_ui(ui, |ui| {
                for side in &sides {
                    ui.selectable_value(&mut self.party, side.clone(), side);
                }
            });
            ui.label("should win");
            ui.add(egui::DragValue::new(&mut self.target).range(0..=100).suffix(" %"));
        });
        match &self.forecasting {
            Some((done, _)) => {
                let changes = done.load(Ordering::Relaxed);
                ui.weak(format!(
                    "Playing the fight and each change, {} battles each: {changes} changes so far…",
                    self.runs
                ));
            }
            None => {
                let hint =
                    "The hard AI on every side: the fight as it is, then each unit left out and each archetype added";
                if ui.add_enabled(self.battle.is_some(), egui::Button::new("Forecast")).on_hover_text(hint).clicked() {
                    self.start();
                }
            }
        }
        if let Some(text) = &self.said {
            ui.label(egui::RichText::new(text).monospace().size(11.0));
        }
    }
}
