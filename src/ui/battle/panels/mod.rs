//! The egui panels: the combat log (newest at the bottom; each action one line that opens into its explained
//! outcome, criticals, glitches and wounds in colour), the initiative tracker, the acting unit's sheet, the battle's
//! state and keys, and the battle-end summary.
//!
//! - `screen.rs`: the panels laid out around the map, the top bar; `tracker.rs`: the tracker, the sheet and which
//!   unit acts or is selected; `orders.rs`: the orders panel (online's too); `log.rs`: the combat log; `end.rs`: the
//!   battle-over panel

mod end;
mod log;
mod orders;
mod screen;
mod tracker;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use log::{LogOpen, SideLooks};
pub(in crate::ui) use log::{log_below, show_log};
pub(in crate::ui) use orders::{EXPERT_BLUE, show_orders};
pub(in crate::ui) use screen::{PanelsLeave, fill_panels};
pub(in crate::ui) use tracker::show_odds;

use crate::ui::battle::preview::track_pointer;
use crate::ui::battle::sets::PanelSystems;
use crate::ui::screens::{BattleScreenSystems, OnBoard, fresh};
use crate::ui::{Acting, RoundWord, Selected};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Acting>()
        .init_resource::<RoundWord>()
        .init_resource::<Selected>()
        .add_systems(OnEnter(OnBoard), (fresh::<Acting>, fresh::<Selected>))
        .add_systems(
            Update,
            (
                tracker::follow_actor,
                tracker::select_unit.after(track_pointer).after(crate::ui::battle::gm::place_by_click),
            )
                .in_set(BattleScreenSystems),
        )
        .init_resource::<screen::PanelsLeave>()
        .init_resource::<LogOpen>()
        .add_systems(
            EguiPrimaryContextPass,
            (screen::show_panels, end::show_end).chain().in_set(BattleScreenSystems).in_set(PanelSystems),
        );
}
