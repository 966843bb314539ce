//! The autosave: after every decision of a battle on screen, its save is written anew (atomically) to its own file
//! in the saves folder, so that closing the window loses nothing; the menu lists these files to take one up again.
//! Only the newest of each level's autosaves are kept (a setting).

use bevy::prelude::*;

use crate::battle::save::{Save, prune};
use crate::combat::{BattleDice, Engine};
use crate::ui::screens::{Autosave, BattleScreenSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, save_after_each_decision.in_set(BattleScreenSystems));
}

/// Writes the save when the battle has taken a decision since the last write.
/// A new battle's first save removes the oldest autosaves of its level beyond what the settings keep.
fn save_after_each_decision(
    engine: Res<Engine>,
    dice: Res<BattleDice>,
    autosave: Option<ResMut<Autosave>>,
    settings: Res<crate::ui::settings::Settings>,
) {
    let Some(mut autosave) = autosave else { return };
    let decided = engine.0.decided();
    if decided == autosave.written {
        return;
    }
    autosave.written = decided;
    let first = !autosave.path.exists();
    match Save::with_typed(&autosave.request, &engine.0, dice.0.typed()).write(&autosave.path) {
        Ok(()) => {
            autosave.failed = false;
            if first && let Some(dir) = autosave.path.parent() {
                prune(dir, &autosave.request, settings.autosaves_kept as usize);
            }
        }
        Err(e) if !autosave.failed => {
            autosave.failed = true;
            crate::stdout::say(format_args!("autosave: {e}\n"));
        }
        Err(_) => {}
    }
}
