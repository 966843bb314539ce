//! The win chance bar under the top bar: each side's chance to win from the battle as it stands
//! ([`crate::lab::win_chance`]), in its colour, the numbers and how many battles they rest on when hovered. Worked
//! out on a thread of its own (one core, at the lowest priority: `ui/background.rs`), begun once the battle has waited a moment in
//! one state, refined batch by batch while it waits, dropped when it moves on. *B* or the top bar's button shows and hides it. Under fog of war it is off for the
//! players (it would tell what their sides cannot see), and on again when watching a replay and once the battle is
//! over; online battles are drawn elsewhere and never show it.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy_egui::egui;

use crate::combat::{Engine, TurnState};
use crate::lab::sim::Progress;
use crate::lab::win_chance::{Chance, seed_of};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::tools::told::OddsTold;
use crate::ui::screens::{BattleScreenSystems, OnBoard, Watching, fresh};

/// The battles an estimate grows by at a time, and the most it is refined to.
const BATCH: u32 = 20;
const MOST: u32 = 400;

/// Seconds the battle must wait in one state before its estimate is begun: a battle the AI plays a slot every tenth
/// of a second costs the window nothing, and the estimate begins once it waits (for a player, a pause, the end).
const SETTLE: f32 = 0.3;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WinBar>()
        .init_resource::<WinEstimate>()
        .add_systems(OnEnter(OnBoard), fresh::<WinEstimate>)
        .add_systems(Update, (toggle_win_bar, refine_win_chance).chain().in_set(BattleScreenSystems));
}

/// Whether the player wants the bar (kept from battle to battle).
#[derive(Resource, Debug)]
pub struct WinBar {
    pub shown: bool,
}

impl Default for WinBar {
    fn default() -> Self {
        WinBar { shown: true }
    }
}

/// The estimate for the battle as it stands (none while the bar is hidden or not allowed), and the work refining it.
#[derive(Resource, Default)]
pub struct WinEstimate {
    /// The state the work is of ([`seed_of`] it).
    key: Option<u64>,
    work: Option<Work>,
    /// The latest numbers; those of the state before until the new state's first batch is in.
    pub chance: Option<Chance>,
    /// The numbers are of the battle as it stands (not of the state before).
    pub current: bool,
    /// Seconds the battle has stood in this state.
    waited: f32,
}

/// A thread refining an estimate: cancelled when dropped.
struct Work {
    progress: Arc<Progress>,
    latest: Arc<Mutex<Option<Chance>>>,
}

impl Drop for Work {
    fn drop(&mut self) {
        self.progress.cancelled.store(true, Ordering::Relaxed);
    }
}

impl Work {
    /// Refines an estimate of `battle` on a thread of its own, publishing each whole batch.
    fn start(battle: AnyBattle) -> Option<Work> {
        let (progress, latest) = (Arc::new(Progress::default()), Arc::new(Mutex::new(None)));
        let (stop, out) = (progress.clone(), latest.clone());
        let refine = move || {
            let Ok(one_core) = crate::ui::background::idle_core() else { return };
            let mut chance = Chance::of(&battle);
            while chance.runs < MOST {
                let more = one_core.install(|| chance.clone().refined(&battle, None, BATCH, &stop));
                // A batch cut short would leave a gap in the seeds: only whole ones are shown.
                if stop.cancelled.load(Ordering::Relaxed) {
                    return;
                }
                chance = more;
                if let Ok(mut shown) = out.lock() {
                    *shown = Some(chance.clone());
                }
            }
        };
        let spawned = std::thread::Builder::new().name("win chance".into()).spawn(refine);
        spawned.ok().map(|_| Work { progress, latest })
    }
}

/// B shows or hides the bar.
fn toggle_win_bar(keys: Res<ButtonInput<KeyCode>>, mut bar: ResMut<WinBar>) {
    if keys.just_pressed(KeyCode::KeyB) {
        bar.shown = !bar.shown;
    }
}

/// Keeps the estimate of the battle as it stands: new work when it has moved on, the latest batch taken in.
fn refine_win_chance(
    engine: Option<Res<Engine>>,
    bar: Res<WinBar>,
    fog: Res<super::fog::Fog>,
    watching: Option<Res<Watching>>,
    state: Res<TurnState>,
    (time, mut estimate): (Res<Time>, ResMut<WinEstimate>),
) {
    let allowed = !fog.on || watching.is_some() || state.ended();
    let Some(engine) = engine.filter(|_| bar.shown && allowed) else {
        *estimate = WinEstimate::default();
        return;
    };
    let key = seed_of(&engine.0);
    if estimate.key != Some(key) {
        // The work on the state before stops at its battles' next slot.
        (estimate.key, estimate.work, estimate.current, estimate.waited) = (Some(key), None, false, 0.0);
    }
    let waited = estimate.waited;
    estimate.waited += time.delta_secs();
    if waited < SETTLE && estimate.waited >= SETTLE {
        estimate.work = Work::start(engine.0.clone());
    }
    let latest = estimate.work.as_ref().and_then(|w| w.latest.lock().ok().and_then(|l| l.clone()));
    if let Some(latest) = latest
        && estimate.chance.as_ref() != Some(&latest)
    {
        (estimate.chance, estimate.current) = (Some(latest), true);
    }
}

/// The bar, under the top bar: each side's share in its colour (`colors`, in the sides' order), the battles nobody
/// wins in grey; hovered, the numbers with their intervals.
pub(super) fn show_win_bar(
    root: &mut egui::Ui,
    estimate: &WinEstimate,
    colors: &[(String, String, egui::Color32)],
    told: OddsTold,
) {
    let Some(chance) = estimate.chance.as_ref().filter(|c| c.runs > 0) else {
        // Asked for but nothing worked out yet (the AI plays on faster than an estimate is made): say why.
        if estimate.key.is_some() {
            egui::Panel::top("win chance").show(root, |ui| {
                let why = "Win chance: worked out once the battle waits (Space pauses, [ slows the pace)";
                ui.label(egui::RichText::new(why).small().weak());
            });
        }
        return;
    };
    if told != OddsTold::Exact {
        show_rough_chances(root, chance, colors, told);
        return;
    }
    egui::Panel::top("win chance").show(root, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Win chance").small().weak());
            let size = egui::vec2(ui.available_width(), 16.0);
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
            let painter = ui.painter_at(rect);
            let mut x = rect.left();
            let mut segment = |share: f64, color: egui::Color32, text: String| {
                let width = (share as f32 * rect.width()).max(0.0);
                let part = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(width, rect.height()));
                painter.rect_filled(part, 2.0, color);
                let font = egui::FontId::proportional(12.0);
                if width > 70.0 {
                    painter.text(part.center(), egui::Align2::CENTER_CENTER, text, font, egui::Color32::BLACK);
                }
                x += width;
            };
            for (side, shown, color) in colors {
                let rate = chance.rate(side);
                segment(rate, *color, format!("{shown} {:.0} %", rate * 100.0));
            }
            let undecided = f64::from(chance.undecided) / f64::from(chance.runs);
            segment(undecided, egui::Color32::GRAY, format!("no winner {:.0} %", undecided * 100.0));
            if !estimate.current {
                painter.rect_filled(rect, 2.0, egui::Color32::from_black_alpha(90));
            }
            response.on_hover_text(hover_text(chance, colors, estimate.current));
        });
    });
}

/// Each side's chance as the table tells it (a band, in the side's colour): no bar, whose widths would tell the numbers.
fn show_rough_chances(
    root: &mut egui::Ui,
    chance: &Chance,
    colors: &[(String, String, egui::Color32)],
    told: OddsTold,
) {
    egui::Panel::top("win chance").show(root, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Win chance").small().weak());
            for (side, shown, color) in colors {
                let Some(word) = told.chance(chance.rate(side)) else { continue };
                ui.label(egui::RichText::new(format!("{shown}: {word}")).color(*color));
            }
        });
    });
}

/// The numbers behind the bar.
fn hover_text(chance: &Chance, colors: &[(String, String, egui::Color32)], current: bool) -> String {
    let mut lines: Vec<String> = colors
        .iter()
        .filter_map(|(side, shown, _)| {
            let s = chance.share(side)?;
            Some(format!("{shown}: {:.0} % (95 %: {:.0}–{:.0} %)", s.rate * 100.0, s.low * 100.0, s.high * 100.0))
        })
        .collect();
    if chance.undecided > 0 {
        lines.push(format!("no winner: {} of {}", chance.undecided, chance.runs));
    }
    let how = format!(
        "from {} battles played out from here by the hard AI on every side{}",
        chance.runs,
        if chance.runs < MOST { " (more coming)" } else { "" }
    );
    lines.push(how);
    if !current {
        lines.push("of the battle a moment ago: the new numbers are on their way".into());
    }
    lines.push("B hides the bar".into());
    lines.join("\n")
}
