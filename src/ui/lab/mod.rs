//! The tactics lab over the battle and the menu: `heat.rs`, the heat map of what a unit deals and takes from each
//! cell it reaches; `whatif.rs` and `whatif_suppose.rs`, two attacks side by side with their odds; `batch.rs`, the
//! menu's *Simulate…*, many AI battles and each side's win rate; `forecast.rs`, the GM's forecast of a fight (the menu's
//! and the level editor's); `buttons.rs`, the heat map's and the what-if's
//! buttons in the battle's bars; `sets.rs`, the step the lab's windows are drawn in.

pub(in crate::ui) mod batch;
pub(in crate::ui) mod buttons;
pub(in crate::ui) mod forecast;
pub mod heat;
pub(in crate::ui) mod sets;
pub(in crate::ui) mod whatif;
mod whatif_suppose;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((heat::plugin, batch::plugin, whatif::plugin, buttons::plugin));
}
