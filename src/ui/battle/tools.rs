//! The top bar's tool buttons: *Legend (G)*, *Heat map (H)*, *What if… (O)* and *Win chance (B)*, each on while its
//! window or bar is shown.
//! They sit in the bar rather than over the map: floating at the map's top they hid its top row, and keeping a strip
//! free for them took that much height from every map.
//! The heat map and the what-if are the tactics lab's (`ui/lab`, above this screen): the bar keeps only their switches
//! ([`LabSwitches`]), which the lab sets before the bar is drawn and reads after.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::labels::LegendShown;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LabSwitches>();
}

/// What the buttons turn on and off (each window's own system draws it and takes its key).
#[derive(SystemParam)]
pub struct ToolButtons<'w> {
    legend: ResMut<'w, LegendShown>,
    lab: ResMut<'w, LabSwitches>,
    win: ResMut<'w, super::win_bar::WinBar>,
    told: Res<'w, super::told::Told>,
}

impl ToolButtons<'_> {
    /// The four buttons, left to right, each shown pressed while its window is open.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if ui.selectable_label(self.legend.0, "Legend (G)").clicked() {
            self.legend.0 = !self.legend.0;
        }
        // No odds told at this table: no tools that show them.
        if !self.told.0.any() {
            return;
        }
        self.lab.show(ui);
        if ui.selectable_label(self.win.shown, "Win chance (B)").clicked() {
            self.win.shown = !self.win.shown;
        }
    }
}

/// The tactics lab's buttons in the bar, *Heat map (H)* and *What if… (O)*, as the bar knows them: whether each of
/// the lab's windows is open (the lab says so before the bar is drawn) and whether its button was clicked this frame
/// (the lab opens or closes the window after, before it draws it).
#[derive(Resource, Default, Debug)]
pub struct LabSwitches {
    pub heat: LabSwitch,
    pub what_if: LabSwitch,
}

/// One of the lab's buttons: its window open, and the button clicked.
#[derive(Clone, Copy, Default, Debug)]
pub struct LabSwitch {
    pub open: bool,
    pub clicked: bool,
}

impl LabSwitches {
    fn show(&mut self, ui: &mut egui::Ui) {
        self.heat.clicked |= ui.selectable_label(self.heat.open, "Heat map (H)").clicked();
        self.what_if.clicked |= ui.selectable_label(self.what_if.open, "What if… (O)").clicked();
    }
}
