//! The online battle saved after every decision (`host --load` takes it up again), and where.

use std::path::PathBuf;

use bevy::prelude::*;

use super::state::Host;
use crate::battle::Started;
use crate::battle::save::{Save, folder};
use crate::combat::Engine;

/// Saves the battle after every decision, where the host was told to (`host --load` takes it up again).
pub(super) fn save_the_battle(mut host: ResMut<Host>, engine: Option<Res<Engine>>) {
    let (Some(engine), Some(path)) = (engine, host.autosave.clone()) else { return };
    if engine.0.decided() == host.saved {
        return;
    }
    host.saved = engine.0.decided();
    if let Err(e) = Save::of(&host.request, &engine.0).write(&path) {
        warn!("the battle could not be saved to {}: {e}", path.display());
    }
}

/// Where an online battle is saved after every decision unless told otherwise: the file it was taken up from, else
/// `online-LEVEL.ron` in the saves folder.
pub fn autosave_of(started: &Started) -> PathBuf {
    let online = || folder().join(format!("online-{}.ron", started.request.stem()));
    started.saved_to.clone().unwrap_or_else(online)
}
