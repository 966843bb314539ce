//! A player's end of an online battle: says hello when connected, keeps what the host said (the lobby, chat, the
//! battle's names and map, the log as this player may see it, the slot it waits for, refusals, the end), and sends
//! the player's requests (`Send`: take a side, ready, chat, orders). The units it may see arrive as replicated
//! `Unit` entities; the host sends no others.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use super::protocol::{FromHost, FromPlayer, LobbyView, Unit, read_events};
use crate::map::plan::MapPlan;
use crate::rules::any_ruleset::any::AnyAction;
use crate::rules::engine::dice::Wanted;
use crate::rules::engine::field::Goal;
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::{CombatantId, Slot};
use crate::rules::mechanics::odds::Odds;
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::plan::{Choices, Plan};

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ClientState::Connected), say_hello)
        .add_systems(OnExit(ClientState::Connected), forget_units)
        .add_systems(
            Update,
            hear_host
                .in_set(HearHostSystems)
                .run_if(in_state(ClientState::Connected))
                .run_if(resource_exists::<Joined>),
        );
}

/// What the host said this update is heard (a window reads `Joined` after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HearHostSystems;

/// What this player knows of the online battle.
#[derive(Resource, Debug, Default)]
pub struct Joined {
    pub name: String,
    /// The host as the player named it (its address): the seat's key is kept under it and the name.
    pub host: String,
    /// The key of this player's seat: the one its game kept (said in the hello), then the one the host gave.
    pub key: Option<String>,
    /// Keeps the key the host gives in the settings folder (`seat_keys`) for the next run.
    pub keeps_key: bool,
    /// Only watching: a spectator, with no side.
    pub watching: bool,
    pub lobby: LobbyView,
    pub chat: Vec<(String, String)>,
    /// The battle's title and ruleset, once it began.
    pub began: Option<(String, String)>,
    pub map: MapPlan,
    /// The map's picture as it comes in pieces, and the file it was kept in once whole (to draw under the grid).
    pub picture: Vec<u8>,
    pub picture_file: Option<std::path::PathBuf>,
    /// The picture's file, removed when this goes (a new picture, a battle offered anew, the window closed).
    pub picture_kept: Option<tempfile::TempPath>,
    /// Whether the picture coming in went wrong (said once; it starts anew when sent again from its start).
    pub picture_broken: bool,
    /// The map's zones: exits and zones to hold, by side.
    pub zones: Vec<(String, Goal)>,
    /// The sides this player commands.
    pub yours: Vec<String>,
    /// The log as this player may see it (names: every combatant's, by id).
    pub log: Log,
    /// Which of the log's events show faces typed in by hand (by place in the log).
    pub typed: Vec<bool>,
    /// The combatant and slot the host waits for this player's orders for, and its choices.
    pub asked: Option<(CombatantId, Slot, Choices)>,
    /// How many times the host asked for orders (a new ask, a new plan: the same slot comes back every turn).
    pub asks: usize,
    /// How much of the odds the table tells (the host's setting).
    pub told: crate::rules::tools::told::OddsTold,
    /// The last odds the host answered: of what plan, for which slot, and the odds or why none.
    pub odds: Option<(Slot, Plan, Result<Odds, NoOdds>)>,
    /// What the host refused, newest last.
    pub refused: Vec<String>,
    /// The winner (if any) and why the battle ended.
    pub over: Option<(Option<String>, String)>,
    /// What this player heard that made no sense (a gap in the log, unreadable events).
    pub trouble: Vec<String>,
    /// Once the battle is over: the whole of it, fog lifted (its log with every name), and its save (RON).
    pub unveiled: Option<(Log, String)>,
    /// Which of the whole battle's events show faces typed in by hand.
    pub unveiled_typed: Vec<bool>,
    /// The last heat map the host sent: for which slot, and its cells.
    pub heat: Option<(Slot, Vec<crate::ai::lab::Heat>)>,
    /// The expert's hint the host sent (or why there is none), with the question's number, not yet taken by the window.
    pub expert: Option<(u32, Result<Box<crate::lab::hint::ExpertSaid>, NoOdds>)>,
    /// What-if set-ups the host priced, by the number they were asked as, not yet taken by the window.
    pub what_if: Vec<(u32, Result<Box<crate::rules::tools::what_if::Priced>, NoOdds>)>,
    /// The roll the host waits for this player's faces of, until when, and its number; how many times it asked.
    pub dice: Option<(Wanted, std::time::Instant, u32)>,
    pub dice_asks: usize,
    /// The host rolled this player's last dice (the time was up, or it was asked to).
    pub dice_rolled: bool,
    /// The defense question the host waits for this player's answer to, until when, and its number.
    pub defense: Option<(crate::rules::tools::defense::DefenseQuestion, std::time::Instant, u32)>,
    /// The last defense was decided by the combatant itself (the time was up).
    pub defense_by_itself: bool,
    /// The host's commitment to its dice as this game was first shown it in the lobby (`battle/verify.rs`): kept,
    /// so that a host cannot show another later; the save at the end is checked against it.
    pub dice_commitment: Option<String>,
}

impl Joined {
    /// No picture: the one coming in and the one kept (its file removed).
    fn forget_the_picture(&mut self) {
        (self.picture, self.picture_file, self.picture_kept, self.picture_broken) = (Vec::new(), None, None, false);
    }

    pub fn new(name: &str) -> Self {
        Joined { name: name.to_owned(), ..Default::default() }
    }

    /// A player of `host` by `name` whose game keeps its seat's key: the one kept from an earlier run is said in the
    /// hello, and the one the host gives is kept.
    pub fn keeping(name: &str, host: &str) -> Self {
        let key = super::seat_keys::kept(host, name);
        Joined { host: host.to_owned(), key, keeps_key: true, ..Joined::new(name) }
    }

    /// The dice of the battle just over checked (*Verify the dice*): whether they check, and the verdict in words.
    pub fn verify_dice(&self) -> (bool, String) {
        let Some((_, save)) = self.unveiled.as_ref().filter(|(_, save)| !save.is_empty()) else {
            return (false, "No save came with the end (the GM rolled behind the screen): no dice to check.".into());
        };
        let save = match crate::battle::save::Save::parse(save, std::path::Path::new("the host's save")) {
            Ok(save) => save,
            Err(e) => return (false, format!("The host's save cannot be read: {e}")),
        };
        let Some(shown) = self.dice_commitment.as_deref() else {
            return (
                false,
                "The lobby showed no commitment to the dice: there is nothing to check them against.".into(),
            );
        };
        match crate::battle::verify::verify(&save, Some(shown)) {
            Ok(checked) => (checked.passed(), checked.verdict()),
            Err(e) => (false, e.to_string()),
        }
    }
}

fn say_hello(joined: Option<Res<Joined>>, mut out: MessageWriter<FromPlayer>) {
    if let Some(joined) = joined {
        let (name, watching, key) = (joined.name.clone(), joined.watching, joined.key.clone());
        out.write(FromPlayer::Hello { name, watching, key });
    }
}

/// Units the host sent stay until told otherwise, even when the connection closes: they go with it, unless the
/// battle is over (its end stays on screen; the window lets them go when it leaves).
fn forget_units(units: Query<Entity, With<Unit>>, joined: Option<Res<Joined>>, mut commands: Commands) {
    if joined.is_some_and(|j| j.over.is_some()) {
        return;
    }
    for unit in &units {
        commands.entity(unit).despawn();
    }
}

/// Everything the host said this update.
fn hear_host(mut heard: MessageReader<FromHost>, mut joined: ResMut<Joined>) {
    for message in heard.read() {
        match message.clone() {
            FromHost::Lobby(lobby) => {
                match (&joined.dice_commitment, &lobby.dice) {
                    // One shown after a lobby without it (the battle may have begun) is no commitment before it.
                    (None, Some(_)) if !joined.lobby.title.is_empty() => {
                        joined.trouble.push("the host showed a dice commitment only after its first lobby".into());
                    }
                    (None, shown) => joined.dice_commitment = shown.clone(),
                    (Some(kept), shown) if shown.as_ref() != Some(kept) => {
                        joined.trouble.push("the host showed another dice commitment than its first".into());
                    }
                    _ => {}
                }
                joined.lobby = lobby;
            }
            FromHost::Said { from, text } => joined.chat.push((from, text)),
            FromHost::Seated { name, key } => keep_the_key(&mut joined, name, key),
            FromHost::Began { title, ruleset, names, map, zones, yours, odds } => {
                joined.began = Some((title, ruleset));
                joined.told = odds;
                (joined.map, joined.zones, joined.yours) = (map, zones, yours);
                // A player who comes back is told everything again, from the start.
                (joined.log, joined.typed) = (Log { events: Vec::new(), names }, Vec::new());
                joined.asked = None;
                // The picture comes after: a battle offered anew may have another, or none.
                joined.forget_the_picture();
            }
            FromHost::Told { before, events, typed } => match read_events(&events) {
                Ok(events) if before == joined.log.events.len() => {
                    joined.typed.extend((0..events.len() as u32).map(|at| typed.contains(&at)));
                    joined.log.events.extend(events);
                }
                Ok(_) => {
                    let had = joined.log.events.len();
                    joined.trouble.push(format!("told from event {before}, but {had} were heard"));
                }
                Err(e) => joined.trouble.push(format!("unreadable events: {e}")),
            },
            FromHost::Picture { at, total, extension, bytes } => {
                take_a_piece(&mut joined, (at, total), &extension, bytes);
            }
            // A roster of thousands is no battle: a name past that is a host gone wrong.
            FromHost::Named { id, .. } if id.index() >= 4096 => joined.trouble.push(format!("a name for unit {id}")),
            FromHost::Named { id, name } => {
                let index = id.index();
                if joined.log.names.len() <= index {
                    joined.log.names.resize(index + 1, String::new());
                }
                joined.log.names[index] = name;
            }
            FromHost::YourSlot { actor, slot, choices } => {
                // A unit's slot is the same every turn: last turn's odds are not this turn's.
                joined.odds = None;
                joined.asked = Some((actor, slot, choices));
                joined.asks += 1;
            }
            FromHost::Odds { slot, plan, odds } => joined.odds = Some((slot, plan, odds)),
            FromHost::Heat { slot, heat } => joined.heat = Some((slot, heat)),
            FromHost::Expert { ask, said } => joined.expert = Some((ask, said)),
            // A window that does not take them (no panel open) keeps the last few only.
            FromHost::WhatIf { ask, priced } => {
                joined.what_if.push((ask, priced));
                let over = joined.what_if.len().saturating_sub(8);
                joined.what_if.drain(..over);
            }
            FromHost::RollYours { wanted, seconds, roll } => {
                let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds.into());
                (joined.dice, joined.dice_rolled) = (Some((wanted, until, roll)), false);
                joined.dice_asks += 1;
            }
            FromHost::DiceTaken { rolled } => (joined.dice, joined.dice_rolled) = (None, rolled),
            FromHost::DefendYours { question, seconds, ask } => {
                let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds.into());
                (joined.defense, joined.defense_by_itself) = (Some((question, until, ask)), false);
            }
            FromHost::DefenseTaken { by_itself } => (joined.defense, joined.defense_by_itself) = (None, by_itself),
            FromHost::Refused(why) => joined.refused.push(why),
            FromHost::Unveiled { events, names, save, typed } => match read_events(&events) {
                Ok(events) => {
                    let marks = (0..events.len() as u32).map(|at| typed.contains(&at)).collect();
                    joined.unveiled = Some((Log { events, names }, save));
                    joined.unveiled_typed = marks;
                }
                Err(e) => joined.trouble.push(format!("unreadable events: {e}")),
            },
            FromHost::Over { winner, reason } => {
                joined.over = Some((winner, reason));
                joined.asked = None;
            }
        }
    }
}

/// The seat's key the host gave, kept for this connection's next hello and (if this game keeps keys) for the next
/// run; the name as the host has it.
fn keep_the_key(joined: &mut Joined, name: String, key: String) {
    if joined.keeps_key
        && joined.key.as_ref() != Some(&key)
        && let Err(e) = super::seat_keys::keep(&joined.host, &name, &key)
    {
        joined.trouble.push(format!("the seat's key could not be kept ({e}): after a drop, ask the host for the seat"));
    }
    (joined.name, joined.key) = (name, Some(key));
}

/// The orders for the slot the host asked for, as they travel (RON; combatants by id).
pub fn orders(slot: Slot, action: &AnyAction) -> FromPlayer {
    FromPlayer::Order { slot, action: ron::to_string(action).unwrap_or_default() }
}

/// A piece of the map's picture: kept when it follows the pieces before (a picture sent again starts anew), and
/// once the picture is whole, written to a new file of its own (made afresh: no file already there is written) to be
/// drawn. A picture larger than a map file may be is refused; a broken stream is said once.
fn take_a_piece(joined: &mut Joined, (at, total): (u32, u32), extension: &str, bytes: Vec<u8>) {
    if at == 0 {
        (joined.picture, joined.picture_broken) = (Vec::new(), false);
    }
    let fits = total > 0 && u64::from(total) <= crate::scenario::uvtt::MAX_FILE_BYTES;
    let why = match (fits && ["png", "webp"].contains(&extension), joined.picture_broken) {
        (_, true) => return,
        (false, _) => format!("a map picture of {total} bytes ({extension}) refused"),
        _ if at as usize != joined.picture.len() || joined.picture.len() + bytes.len() > total as usize => {
            format!("a piece of the map's picture at {at} after {} bytes", joined.picture.len())
        }
        _ => {
            joined.picture.extend(bytes);
            if joined.picture.len() == total as usize {
                keep_the_picture(joined, extension);
            }
            return;
        }
    };
    joined.trouble.push(why);
    (joined.picture, joined.picture_broken) = (Vec::new(), true);
}

/// Writes the whole picture to a new file in the temporary folder, only this user's to read.
fn keep_the_picture(joined: &mut Joined, extension: &str) {
    let made = tempfile::Builder::new()
        .prefix("skirmish-map-")
        .suffix(&format!(".{extension}"))
        .tempfile()
        .and_then(|mut file| std::io::Write::write_all(&mut file, &joined.picture).map(|()| file.into_temp_path()));
    match made {
        Ok(kept) => {
            joined.forget_the_picture();
            joined.picture_file = Some(kept.to_path_buf());
            joined.picture_kept = Some(kept);
        }
        Err(e) => joined.trouble.push(format!("the map's picture could not be kept: {e}")),
    }
}
