//! The question an editor asks before changes not saved would be left behind (back to the menu, another file
//! opened, a new one begun, the game quit): save them, discard them, or stay.

use bevy_egui::egui;

/// The player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    Stay,
}

/// Asks, over everything else, what to do with the changes to `what` ("the level \"Docks\"") before `then` ("going
/// back to the menu"), under why the last save failed if it did; the answer once one of the buttons is pressed
/// (Escape or a click beside it: stay).
pub fn ask(ctx: &egui::Context, what: &str, then: &str, failed: Option<&str>) -> Option<Answer> {
    let modal = egui::Modal::new(egui::Id::new("unsaved changes")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading("Changes not saved");
        ui.label(format!("The changes to {what} are not saved. Save them before {then}?"));
        if let Some(why) = failed {
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), format!("Not saved: {why}"));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("  Save  ").strong()).clicked() {
                return Some(Answer::Save);
            }
            if ui.button("Discard them").clicked() {
                return Some(Answer::Discard);
            }
            ui.button("Stay").clicked().then_some(Answer::Stay)
        })
        .inner
    });
    modal.inner.or(modal.should_close().then_some(Answer::Stay))
}
