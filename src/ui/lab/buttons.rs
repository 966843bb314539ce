//! The tactics lab's buttons, *Heat map (H)* and *What if… (O)*: drawn as they are in the online bar
//! ([`LabButtons`]), and in one screen's bar through the switches that bar keeps (`battle::tools::LabSwitches`): the
//! lab says which of its windows is open before the bar is drawn, and opens or closes them as the bar's clicks ask
//! after it, before the windows are drawn.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use super::heat::{HeatMode, HeatShown};
use super::sets::LabWindowSystems;
use super::whatif::WhatIf;
use crate::ui::battle::sets::PanelSystems;
use crate::ui::battle::tools::{LabSwitch, LabSwitches};
use crate::ui::screens::BattleScreenSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, keep_shut_without_odds).add_systems(
        EguiPrimaryContextPass,
        (say_what_is_open.before(PanelSystems), open_what_was_clicked.after(PanelSystems).before(LabWindowSystems))
            .in_set(BattleScreenSystems),
    );
}

/// The heat map and the what-if, opened and closed.
#[derive(SystemParam)]
pub struct LabButtons<'w> {
    heat: ResMut<'w, HeatShown>,
    what_if: ResMut<'w, WhatIf>,
    told: Res<'w, crate::ui::battle::told::Told>,
}

impl LabButtons<'_> {
    /// The two buttons, each shown pressed while its window is open.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        // No odds told at this table: no tools that show them.
        if !self.told.0.any() {
            return;
        }
        if ui.selectable_label(self.heat_open(), "Heat map (H)").clicked() {
            self.flip_heat();
        }
        if ui.selectable_label(self.what_if.is_open(), "What if… (O)").clicked() {
            self.flip_what_if();
        }
    }

    fn heat_open(&self) -> bool {
        self.heat.mode != HeatMode::Off
    }

    /// The heat map off, or on showing the damage each cell can deal.
    fn flip_heat(&mut self) {
        self.heat.mode = if self.heat_open() { HeatMode::Off } else { HeatMode::Dealt };
    }

    fn flip_what_if(&mut self) {
        let open = self.what_if.is_open();
        self.what_if.set_open(!open);
    }
}

/// With no odds told at the table, the heat map and the what-if stay shut, however they were asked for (a key).
fn keep_shut_without_odds(mut lab: LabButtons) {
    if lab.told.0.any() {
        return;
    }
    if lab.heat_open() {
        lab.heat.mode = HeatMode::Off;
    }
    if lab.what_if.is_open() {
        lab.what_if.set_open(false);
    }
}

/// One screen's bar shows each window as it is.
fn say_what_is_open(lab: LabButtons, mut switches: ResMut<LabSwitches>) {
    switches.heat = LabSwitch { open: lab.heat_open(), clicked: false };
    switches.what_if = LabSwitch { open: lab.what_if.is_open(), clicked: false };
}

/// A click in one screen's bar opens or closes its window.
fn open_what_was_clicked(mut lab: LabButtons, mut switches: ResMut<LabSwitches>) {
    if std::mem::take(&mut switches.heat.clicked) {
        lab.flip_heat();
    }
    if std::mem::take(&mut switches.what_if.clicked) {
        lab.flip_what_if();
    }
}
