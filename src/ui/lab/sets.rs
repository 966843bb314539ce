//! The tactics lab's step each frame that other screens order themselves by.

use bevy::prelude::*;

/// The lab's windows (the heat map's legend, the what-if) are drawn over the map, after the panels that leave it its
/// room (one screen's and the online screen's).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LabWindowSystems;
