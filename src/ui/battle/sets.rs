//! The battle screen's steps each frame that other files order themselves by: the camera placed, the units walked, the
//! tokens dressed, the panels laid out. Here, below the files that run in them, so that none of those files needs another only for its order.

use bevy::prelude::*;

/// The camera is placed for this frame (the tokens take their size from its zoom after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CameraSystems;

/// The tokens are where their walks have them this frame (before they are marked and labelled).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MotionSystems;

/// The tokens are dressed, placed and marked for this frame (an online battle's units are given their components
/// before).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnitSystems;

/// The panels are laid out (the labels over the map come after them, in the room they leave).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PanelSystems;
