//! The battle a host offers, before it begins: how it was made, its start, where it is saved, how long the host
//! waits for a player's own dice, what spectators see, and how many players it waits for.

use std::path::PathBuf;

use crate::ai::Minds;
use crate::battle::{BattleRequest, Started};
use crate::map::plan::MapPlan;
use crate::rules::any_ruleset::any::{AnyBattle, BattleSetup};
use crate::rules::engine::field::Goal;
use crate::rules::engine::outcome::Log;

/// The battle a host offers, before it begins: how it was made (saved with it), its start, and where it is saved.
pub struct Offer {
    pub request: BattleRequest,
    pub title: String,
    pub ruleset: String,
    pub sides: Vec<String>,
    /// The map (its rows, its cell's size, the walls between cells) and its zones.
    pub map: MapPlan,
    pub zones: Vec<(String, Goal)>,
    /// The map's picture (an imported map's) and its extension, sent to each player once.
    pub picture: Option<(std::sync::Arc<Vec<u8>>, String)>,
    pub setup: BattleSetup,
    pub minds: Minds,
    pub autosave: Option<PathBuf>,
    /// A battle taken up from its save: its start (the battle and its log before any decision), from which what each
    /// player's sides saw of its past is worked out again when the battle begins anew.
    pub history: Option<(AnyBattle, Log)>,
    /// How long the host waits for a player's own dice before it rolls them itself.
    pub dice_time: std::time::Duration,
    /// What spectators see during the battle, and how many may watch at once (`host --spectators-max`).
    pub spectators: Spectators,
    pub spectators_max: usize,
    /// The password (or join code) players join with, "" for none (`net/password.rs`).
    pub password: String,
    /// How many players the battle waits for (`host --players`): it begins once that many are here and every one
    /// is ready, so that the first to say ready does not begin it alone.
    pub players: usize,
}

impl Offer {
    /// The battle `started` (from its start, or a save taken up again), saved after each decision to `autosave`.
    pub fn of(started: Started, autosave: Option<PathBuf>) -> Self {
        let Started { request, scenario, setup, before, .. } = started;
        // A battle taken up: its past is told from its start, as it stood before the save's record was replayed.
        let history = before.filter(|_| setup.battle.decided() > 0);
        Offer {
            history,
            dice_time: DICE_TIME,
            spectators: Spectators::Common,
            spectators_max: SPECTATORS_MAX,
            password: String::new(),
            players: 1,
            title: scenario.name.clone(),
            ruleset: setup.battle.rules_name().to_owned(),
            sides: scenario.sides().into_iter().map(str::to_owned).collect(),
            map: scenario.field.as_ref().map(|f| MapPlan::of(f.grid())).unwrap_or_default(),
            zones: scenario.field.as_ref().map(|f| f.goals.clone()).unwrap_or_default(),
            picture: scenario.picture.as_deref().and_then(picture_of),
            minds: request.minds(),
            request,
            setup,
            autosave,
        }
    }
}

/// How long the host waits for a player's dice unless told otherwise (`host --dice-time`).
pub const DICE_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// How many spectators a host lets watch at once unless told otherwise (`host --spectators-max`).
pub const SPECTATORS_MAX: usize = 8;

/// What spectators see during the battle (`host --spectators`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Spectators {
    /// What every side sees: nothing a player does not know (a spectator may be sitting beside one).
    #[default]
    Common,
    /// Everything, as the host sees it: for friends who trust each other (a spectator who talks to a player
    /// cheats for them).
    All,
    /// What the players' sides see together: the table's TV (`join --watch --as players`) at a battle a GM runs,
    /// which shows the players what they know between them and nothing of the GM's sides they do not see.
    Players,
}

/// A picture's bytes and extension, read to send once it is known to be a picture a map may have (a PNG or WebP
/// within a map file's size that decodes: a level cannot make the host send any other file); none (the players see
/// the grid plain) when it is not.
fn picture_of(path: &std::path::Path) -> Option<(std::sync::Arc<Vec<u8>>, String)> {
    let read = std::fs::metadata(path)
        .map_err(|e| e.to_string())
        .and_then(|m| match m.len() <= crate::scenario::uvtt::MAX_FILE_BYTES {
            true => std::fs::read(path).map_err(|e| e.to_string()),
            false => Err(format!("{} bytes is more than a map's picture may have", m.len())),
        })
        .and_then(crate::scenario::uvtt::picture::check);
    match read {
        Ok(picture) => Some((std::sync::Arc::new(picture.bytes), picture.format.extension().to_owned())),
        Err(e) => {
            bevy::log::warn!("the map's picture {} is not sent: {e}", path.display());
            None
        }
    }
}
