//! What travels between the host and its players. One message type each way, on one ordered channel, so that what
//! the host says arrives in the order it said it. Every combatant id in them is the player's own number for it
//! (`rules::engine::id::Numbering`: its numbers tell nothing of those it never saw). The units are replicated entities, one
//! for each player that knows of the unit, each with the seat that may see it (`SeenBy`): replicon sends a player
//! only the units its sides see.

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::lab::Heat;
use crate::map::plan::MapPlan;
use crate::rules::engine::dice::Wanted;
use crate::rules::engine::field::{Cell, Goal};
use crate::rules::engine::outcome::{Event, Status};
use crate::rules::engine::ruleset::{CombatantId, Slot, WeaponClass};
use crate::rules::mechanics::odds::Odds;
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::plan::{Choices, Plan};
use crate::rules::tools::what_if;

/// What a player says to the host.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromPlayer {
    /// The first thing a player says: who it is, and whether it only watches: a spectator takes no side, may come
    /// while the battle goes on, and sees what every side in the fight sees. A player who drops and comes back says
    /// the same name and its seat's key (`FromHost::Seated`, kept by its game): the seat is its own again only with
    /// that key.
    Hello {
        name: String,
        watching: bool,
        #[serde(default)]
        key: Option<String>,
    },
    /// Takes a side besides those it has (or, `None`, gives its sides up); a side is one player's.
    TakeSide(Option<String>),
    /// Ready to start (or not).
    Ready(bool),
    /// A line of chat for everyone.
    Say(String),
    /// Orders for the slot the host asked for: the action in RON, combatants by name, as a save's record has it.
    Order { slot: Slot, action: String },
    /// Delays the slot the host asked for until everyone else in its phase or pass has acted (as L on one screen).
    Delay { slot: Slot },
    /// Orders for the slot the host asked for as a window gives them (a move, a target, a way to attack, another
    /// action): the host makes the ruleset's action of them.
    Plan { slot: Slot, plan: Plan },
    /// The tactics lab's heat map for the slot the host asked for (`FromHost::Heat`): worked out by the host from what
    /// this player's sides see, for this player alone.
    AskHeat { slot: Slot },
    /// Rolls its own dice (or not): in the lobby, before the battle. The host then waits for the faces of every roll
    /// of its sides', for a while (`FromHost::RollYours`).
    OwnDice(bool),
    /// The faces of the roll the host asked for as `roll` (`FromHost::RollYours`), typed as on one screen ("6 3 5",
    /// "635"): faces for a roll the host no longer waits for are refused, not taken for the next.
    Faces { roll: u32, line: String },
    /// The host's own dice roll the roll it asked for as `roll`.
    RollForMe { roll: u32 },
    /// Is asked how its combatants defend when attacked, where the rules give a choice (or not): in the lobby,
    /// before the battle. The host then waits for its answer for a while (`FromHost::DefendYours`).
    AsksDefense(bool),
    /// The answer to the defense question the host asked as `ask`: an option, or none (it decides by itself).
    Defend { ask: u32, option: Option<usize> },
    /// Takes the game master's seat (or leaves it): in the lobby, before the battle; one GM a battle. The GM sees
    /// every unit and the whole log, and changes the battle by hand (`Gm`), each change in its record.
    TakeGm(bool),
    /// A change by the game master (a damage track, a status, a place, ammunition, initiative, a unit taken off or
    /// brought in), made as on one screen: between two slots or while a slot waits.
    Gm(crate::rules::engine::gm::GmChange),
    /// What are the odds of the attack this plan makes (for the slot the host asked for)? The host works them out
    /// from what this player's sides see and answers this player alone (`FromHost::Odds`).
    AskOdds { slot: Slot, plan: Plan },
    /// What-if set-up number `ask` priced (the what-if panel's: `rules::tools::what_if`), at any time in the battle: the
    /// host prices it on the battle as this player may see it and answers this player alone (`FromHost::WhatIf`).
    AskWhatIf { ask: u32, setup: what_if::Setup },
    /// Question number `ask`: what would the expert do in this slot of this player's, with these orders beside it? The
    /// host thinks it over on the battle as this player's sides see it, within the battle's think time, and answers
    /// this player alone (`FromHost::Expert`); a new question takes the place of the player's last.
    AskExpert { ask: u32, slot: Slot, plan: Plan },
}

/// What the host says to a player.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromHost {
    /// The lobby as it stands: the battle's sides and who sits where.
    Lobby(LobbyView),
    /// A line of chat.
    Said { from: String, text: String },
    /// The seat this player sits in, by its name, and the seat's key: its game keeps the key (in its settings
    /// folder) and says it when it comes back after a drop; without it no one takes the seat (unless the host hands
    /// it to another name).
    Seated { name: String, key: String },
    /// The battle began (or, to a player who comes back, is under way): its title, ruleset, the names of the
    /// combatants this player knows of (by its numbers: `rules::engine::id::Numbering`), the map's rows and zones (exits,
    /// zones to hold, by side) and the sides this player commands.
    Began {
        title: String,
        ruleset: String,
        names: Vec<String>,
        map: MapPlan,
        zones: Vec<(String, Goal)>,
        yours: Vec<String>,
        /// How much of the odds the table tells its players.
        #[serde(default)]
        odds: crate::rules::tools::told::OddsTold,
    },
    /// A piece of the map's picture (an imported map's): its bytes from `at`, of `total`, and its file's extension. The
    /// host sends it once, after `Began`, a few pieces an update.
    Picture { at: u32, total: u32, extension: String, bytes: Vec<u8> },
    /// The name of a combatant this player's sides see for the first time, and the number it has from now on.
    Named { id: CombatantId, name: String },
    /// The next events of the log, as this player may see them (RON: `Vec<Event>`), and how many it was told
    /// before them (a player that counts otherwise missed some), and which of them (by place among these) show faces
    /// typed in by hand (the log marks them).
    Told {
        before: usize,
        events: String,
        #[serde(default)]
        typed: Vec<u32>,
    },
    /// The slot of one of this player's combatants: the host waits for its orders; what it may choose from.
    YourSlot { actor: CombatantId, slot: Slot, choices: Choices },
    /// The exact odds of a plan's attack the player asked about (`FromPlayer::AskOdds`), worked out from what its
    /// sides see, or why there are none.
    Odds { slot: Slot, plan: Plan, odds: Result<Odds, NoOdds> },
    /// The heat map a player asked for (`FromPlayer::AskHeat`): every cell its unit reaches this slot, with the damage
    /// it is expected to deal and to take there, as its sides know the battle.
    Heat { slot: Slot, heat: Vec<Heat> },
    /// What-if set-up number `ask` as priced on the battle as the player may see it, or why it is not (one of the
    /// two is not in its sight, or no longer in the fight).
    WhatIf { ask: u32, priced: Result<Box<what_if::Priced>, NoOdds> },
    /// The answer to question `ask` (`FromPlayer::AskExpert`): the expert's choice for a slot of this player's and its
    /// win chance beside the player's orders, or why there is none.
    Expert { ask: u32, said: Result<Box<crate::lab::hint::ExpertSaid>, NoOdds> },
    /// The host waits for this player's dice: whose roll, how many of which, what for; how many seconds it waits
    /// before it rolls them itself; and the roll's number (the answer names it).
    RollYours { wanted: Wanted, seconds: u32, roll: u32 },
    /// The wait for this player's dice is over: its faces were taken, or the host rolled them (`rolled`: the time was
    /// up, or the player asked it to).
    DiceTaken { rolled: bool },
    /// One of this player's combatants is attacked and the rules let it choose its defense: the question (each
    /// choice with its odds as the table tells them), how many seconds the host waits before it decides by itself,
    /// and the question's number (the answer names it).
    DefendYours { question: crate::rules::tools::defense::DefenseQuestion, seconds: u32, ask: u32 },
    /// The wait for this player's defense is over: its choice was taken, or (`by_itself`) the time was up and the
    /// combatant decided by itself.
    DefenseTaken { by_itself: bool },
    /// The host did not take what the player sent, and why.
    Refused(String),
    /// The battle is over.
    Over { winner: Option<String>, reason: String },
    /// Once it is over, the whole battle, fog lifted: every event of its log (RON: `Vec<Event>`), every combatant's
    /// name, and its save (RON: a saved battle, to watch again step by step); which of its events show faces typed in.
    Unveiled {
        events: String,
        names: Vec<String>,
        save: String,
        #[serde(default)]
        typed: Vec<u32>,
    },
}

/// The lobby as every player sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyView {
    pub title: String,
    /// The ruleset the battle is fought under, by name.
    pub ruleset: String,
    pub sides: Vec<String>,
    pub players: Vec<Seat>,
    /// The battle has begun (players who come back take their seat again).
    pub started: bool,
    /// The host's commitment to its dice (`battle/verify.rs`): the hash of its seed and a salt, in hex. A player's
    /// game keeps the first it is shown; the save at the end must carry the same.
    #[serde(default)]
    pub dice: Option<String>,
    /// How many players the battle waits for before it may begin (`host --players`; 0 or 1: none but the first).
    #[serde(default)]
    pub waits_for: u8,
}

/// One player in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub sides: Vec<String>,
    pub ready: bool,
    pub connected: bool,
    /// A spectator: no side, only watching.
    pub watching: bool,
    /// Rolls its own dice.
    pub own_dice: bool,
    /// Is asked how its combatants defend.
    #[serde(default)]
    pub asks_defense: bool,
    /// Sits in the game master's seat.
    #[serde(default)]
    pub gm: bool,
}

impl Seat {
    /// The seat in a line, as the host's terminal and the lobby say it: "Ann: Jackals, ready", "Cy: watching".
    pub fn line(&self) -> String {
        let sides = if self.sides.is_empty() { "no side yet".to_owned() } else { self.sides.join(", ") };
        let how = match (self.connected, self.ready) {
            (false, _) => "gone",
            (true, true) => "ready",
            (true, false) => "not ready",
        };
        match self.watching {
            true => format!("{}: watching{}", self.name, if self.connected { "" } else { ", gone" }),
            false => {
                let own = if self.own_dice { ", rolls own dice" } else { "" };
                let asks = if self.asks_defense { ", chooses defenses" } else { "" };
                let gm = if self.gm { ", game master" } else { "" };
                format!("{}: {sides}, {how}{own}{asks}{gm}", self.name)
            }
        }
    }
}

/// A combatant as a player may see it: its number as the player numbers them (the id the log names it by), side, cell,
/// statuses, damage tracks (name, taken, capacity), the kind of weapon in its hand (what its shots sound like), and
/// whether it keeps an aim or delayed its slot (its badges).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: CombatantId,
    pub side: String,
    pub cell: Cell,
    pub statuses: Vec<Status>,
    pub tracks: Vec<(String, u32, u32)>,
    pub weapon: WeaponClass,
    #[serde(default)]
    pub aiming: bool,
    #[serde(default)]
    pub delayed: bool,
}

/// The seats (bits) that may see a unit now: a player's own entity of the unit carries its seat's bit while its sides
/// see the unit, and replicon sends it to that player alone. Immutable: the host inserts it anew when the fog
/// changes, which has replicon look again.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[component(immutable)]
pub struct SeenBy(pub u32);

/// The seat of the player on a connection (on the host's client entity).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[component(immutable)]
pub struct PlayerSeat(pub u8);

impl VisibilityFilter for SeenBy {
    type ClientComponent = PlayerSeat;
    type Scope = Entity;

    fn is_visible(&self, _client: Entity, seat: Option<&PlayerSeat>) -> bool {
        seat.is_some_and(|s| self.0 & (1 << s.0) != 0)
    }
}

/// The registration both ends make, in the same order: it is what the protocol's hash is made of.
pub fn register(app: &mut App) {
    app.replicate::<Unit>()
        .add_visibility_filter::<SeenBy>()
        .add_client_message::<FromPlayer>(Channel::Ordered)
        .add_server_message::<FromHost>(Channel::Ordered)
        .make_message_independent::<FromHost>();
}

/// Events read back from RON text (`rules::engine::id::Numbering::text` writes them, as the player numbers the combatants).
pub fn read_events(text: &str) -> Result<Vec<Event>, ron::error::SpannedError> {
    ron::from_str(text)
}
