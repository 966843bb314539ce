//! The battle screen: the map, its units and effects, the panels and the orders, and what keeps a battle on screen
//! (its save after each decision, undo, a replay watched step by step, dice rolled by hand).
//!
//! - `board.rs`: the grid, terrain and zones (and an imported map's picture under them); `doors.rs`: the map's doors,
//!   open or closed as the battle has them; `art.rs`: the tokens' parts, marks and badges, drawn once with
//!   tiny-skia; `units.rs`: units as tokens (side colour, role glyph, health ring, badges; the acting and selected
//!   unit marked); `labels.rs`: the names over the map, the card of the unit under the pointer, the legend;
//!   `camera.rs`: the camera, fitted to the map, pan and zoom; `follow.rs`: the camera gliding to the acting unit,
//!   edge pan; `minimap.rs`: the whole map in a corner when it is larger than the view; `motion.rs`: units walking their paths, tipping
//!   over, shaking, greying out; `effects.rs`: shots (muzzle flash, the round, the impact); `popups.rs`: damage,
//!   misses and statuses over the tokens, stacked, never overlapping, on the board
//! - `panels/`: the combat log, the initiative tracker, the acting unit's sheet, the battle's state; `help.rs`:
//!   every key and mouse action (F1 or ?), and a first battle's hint; `tools.rs`: the top bar's buttons for the
//!   legend, the heat map and the what-if
//! - `hint.rs`: *What would the expert do?* for the player's slot, with its win chance beside the player's orders
//! - `preview.rs`: what the pointer asks (reach, route and cost, sight, cover, exact odds); `orders.rs`: the orders
//!   (the rules' plan) made by clicks and keys, one screen's and online's alike; `giving.rs`: where one screen's go
//!   (the rules try them, then act); `pacing.rs`: one slot at a time, pause and step;
//!   `sets.rs`: the camera's, the motion's, the tokens' and the panels' steps each frame, which other files order
//!   themselves by
//! - `told.rs`: how much of the odds the players are told (exact, rough, none);
//! - `handover.rs`: hotseat's hand-over screen; `fog.rs`: fog of war, the player sees what their sides' units see
//!   (`fog_leaks.rs`: tests that nothing worked out for the player tells of an unseen unit)
//! - `autosave.rs`: the battle saved after each decision; `undo.rs`: undo and redo; `replay.rs`: a save watched step
//!   by step; `dice.rs`: the prompt for dice a player rolls by hand; `defense.rs`: a
//!   defender's player asked how it defends

pub(in crate::ui) mod art;
mod autosave;
pub(in crate::ui) mod board;
pub(in crate::ui) mod camera;
pub mod defense;
pub mod dice;
mod doors;
pub(in crate::ui) mod effects;
pub mod fog;
#[cfg(test)]
mod fog_leaks;
pub(in crate::ui) mod follow;
pub mod giving;
pub mod gm;
pub mod handover;
pub mod help;
pub(in crate::ui) mod hint;
pub(in crate::ui) mod labels;
pub(in crate::ui) mod minimap;
pub(in crate::ui) mod motion;
pub mod orders;
pub(in crate::ui) mod pacing;
pub mod panels;
pub(in crate::ui) mod popups;
pub(in crate::ui) mod preview;
pub mod replay;
pub(in crate::ui) mod sets;
pub mod told;
pub(in crate::ui) mod tools;
pub mod undo;
pub(in crate::ui) mod units;
pub mod win_bar;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((camera::plugin, board::plugin, units::plugin, panels::plugin, preview::plugin, pacing::plugin));
    app.add_plugins((orders::plugin, effects::plugin, handover::plugin, fog::plugin, labels::plugin, art::plugin));
    app.add_plugins((help::plugin, autosave::plugin, undo::plugin, replay::plugin, dice::plugin, win_bar::plugin));
    app.add_plugins((motion::plugin, popups::plugin, follow::plugin, minimap::plugin, tools::plugin, giving::plugin));
    app.add_plugins((doors::plugin, gm::plugin, told::plugin, defense::plugin, hint::plugin));
}
