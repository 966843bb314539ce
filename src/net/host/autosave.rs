//! The online battle saved after every decision (`host --load` takes it up again), and where.

use std::path::PathBuf;

use bevy::prelude::*;

use super::state::Host;
use crate::battle::Started;
use crate::battle::save::{Save, folder};
use crate::combat::{BattleDice, Engine};

/// Saves the battle after every decision, where the host was told to (`host --load` takes it up again).
pub(super) fn save_the_battle(mut host: ResMut<Host>, battle: Option<(Res<Engine>, Res<BattleDice>)>) {
    let (Some((engine, dice)), Some(path)) = (battle, host.autosave.clone()) else { return };
    if engine.0.decided() == host.saved {
        return;
    }
    host.saved = engine.0.decided();
    // The faces typed in by hand are marked as such: taken up again, they are not rolled anew from the seed.
    if let Err(e) = Save::with_typed(&host.request, &engine.0, dice.0.typed()).write(&path) {
        warn!("the battle could not be saved to {}: {e}", path.display());
    }
}

/// Where an online battle is saved after every decision unless told otherwise: the file it was taken up from, else
/// `online-LEVEL.ron` in the saves folder.
pub fn autosave_of(started: &Started) -> PathBuf {
    let online = || folder().join(format!("online-{}.ron", started.request.stem()));
    started.saved_to.clone().unwrap_or_else(online)
}
