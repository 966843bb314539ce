//! The top bar's tool buttons: *Legend (G)*, *Heat map (H)*, *What if… (O)* and *Win chance (B)*, each on while its
//! window or bar is shown.
//! They sit in the bar rather than over the map: floating at the map's top they hid its top row, and keeping a strip
//! free for them took that much height from every map.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::labels::LegendShown;
use crate::ui::lab::heat::{HeatMode, HeatShown};
use crate::ui::lab::whatif::WhatIf;

/// What the buttons turn on and off (each window's own system draws it and takes its key).
#[derive(SystemParam)]
pub struct ToolButtons<'w> {
    legend: ResMut<'w, LegendShown>,
    lab: LabButtons<'w>,
    win: ResMut<'w, super::win_bar::WinBar>,
}

impl ToolButtons<'_> {
    /// The four buttons, left to right, each shown pressed while its window is open.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if ui.selectable_label(self.legend.0, "Legend (G)").clicked() {
            self.legend.0 = !self.legend.0;
        }
        self.lab.show(ui);
        if ui.selectable_label(self.win.shown, "Win chance (B)").clicked() {
            self.win.shown = !self.win.shown;
        }
    }
}

/// The tactics lab's buttons, *Heat map (H)* and *What if… (O)*: one screen's bar and the online bar show them.
#[derive(SystemParam)]
pub struct LabButtons<'w> {
    heat: ResMut<'w, HeatShown>,
    what_if: ResMut<'w, WhatIf>,
}

impl LabButtons<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let heat_on = self.heat.mode != HeatMode::Off;
        if ui.selectable_label(heat_on, "Heat map (H)").clicked() {
            self.heat.mode = if heat_on { HeatMode::Off } else { HeatMode::Dealt };
        }
        let what_if_on = self.what_if.is_open();
        if ui.selectable_label(what_if_on, "What if… (O)").clicked() {
            self.what_if.set_open(!what_if_on);
        }
    }
}
