//! The host's state: the battle offered, the players in their seats (connected or not, and what each was told), the
//! roll waited for, the heat maps at work, and what was refused.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::Task;
use bevy_replicon::prelude::*;

use super::offer::{Offer, Spectators};
use crate::ai::lab::Heat;
use crate::battle::commitment::Commitment;
use crate::battle::{BattleRequest, DiceChoice};
use crate::lab::hint::ExpertSaid;
use crate::net::MAX_PLAYERS;
use crate::net::protocol::{FromHost, LobbyView};
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::dice::Wanted;
use crate::rules::engine::id::Numbering;
use crate::rules::engine::outcome::{Event, Log};
use crate::rules::engine::ruleset::Slot;
use crate::rules::tools::no_odds::NoOdds;

/// The host: the battle offered (until it begins), the players, and what it refused.
#[derive(Resource)]
pub struct Host {
    pub(super) offer: Option<Offer>,
    pub request: BattleRequest,
    pub lobby: LobbyView,
    pub players: Vec<Player>,
    pub autosave: Option<PathBuf>,
    /// What was refused, newest last (the last 500 to 1000): who sent what, and why not.
    pub refused: Vec<String>,
    /// How many refusals there were in all.
    pub refusals: u64,
    /// What the host's person's commands did, or why not (`commands.rs`), newest last: the terminal prints them.
    pub notes: Vec<String>,
    /// How long it waits for a player's dice before it rolls them itself, or for a player's defense before its
    /// combatant decides by itself.
    pub dice_time: std::time::Duration,
    /// What spectators see during the battle, and how many may watch at once.
    pub spectators: Spectators,
    pub spectators_max: usize,
    /// The roll it waits for a player's faces of, and how many rolls it asked players for.
    pub(super) dice_wait: Option<DiceWait>,
    pub(super) rolls_asked: u32,
    /// The defense it waits for a player to choose, and how many it asked players for.
    pub(super) defense_wait: Option<DefenseWait>,
    pub(super) defenses_asked: u32,
    /// Heat maps and the expert's hints at work for players.
    pub(super) heat_work: Vec<Work<Vec<Heat>>>,
    pub(super) expert_work: Vec<Work<Result<ExpertSaid, NoOdds>>>,
    /// The battle at its start (the battle and its log before any decision), once it began.
    pub(super) start: Option<(AnyBattle, Log)>,
    /// Decisions the last save holds.
    pub(super) saved: usize,
    pub(super) lobby_changed: bool,
}

/// A player of the lobby, connected or not, with what it was told.
#[derive(Debug)]
pub struct Player {
    pub name: String,
    pub sides: Vec<String>,
    pub ready: bool,
    /// A spectator: no side; it sees what every side in the fight sees (`sight`).
    pub watching: bool,
    /// Rolls its own dice: the host waits for the faces of its sides' rolls.
    pub own_dice: bool,
    /// Is asked how its combatants defend: the host waits for its choice.
    pub asks_defense: bool,
    /// A spectator's view under `Spectators::Players`: the players' sides, once the battle began.
    pub view: Vec<String>,
    /// The game master: sees everything, is told every roll, and changes the battle by hand.
    pub gm: bool,
    /// Its connection (the client entity), while connected.
    pub client: Option<Entity>,
    /// The seat's key, given at the first hello (`FromHost::Seated`): who comes back by this name takes the seat
    /// only with it. None once the host handed the seat to another name: the next by that name takes it.
    pub key: Option<String>,
    /// A spectator's seat freed when it left: no one's, taken by the next who comes (its bit in `SeenBy` reused).
    pub vacant: bool,
    /// Every event it was told, in order: what it is sent again when it comes back.
    pub told: Vec<Event>,
    /// Which of the events it was told show faces typed in by hand (by place in `told`).
    pub told_typed: Vec<bool>,
    /// How it numbers the combatants: those its sides saw, in the order they saw them. Every id it is sent is
    /// renumbered so, and every id it sends back the other way: its numbers tell nothing of the others.
    pub numbering: Numbering,
    /// How much of `told` this connection has, and whether it was told the battle began and ended.
    pub(super) sent: usize,
    pub(super) began_sent: bool,
    /// How many bytes of the map's picture this connection was sent.
    pub(super) picture_sent: usize,
    pub(super) over_sent: bool,
    /// How far into the battle's log its telling has come.
    pub(super) read: usize,
    /// Its past is to be told (a battle taken up from its save, a spectator who came late).
    pub(super) needs_past: bool,
    /// The decision it was asked for (the battle's count of decisions then), on this connection.
    pub(super) asked: Option<usize>,
    /// When its last lines of chat were said (at most [`super::lobby::CHAT_LINES`]).
    pub(super) said: std::collections::VecDeque<std::time::Instant>,
}

/// A seat's key: 128 random bits, in hex (no one guesses it).
pub(super) fn new_key() -> String {
    format!("{:032x}", rand::random::<u128>())
}

impl Player {
    /// A new seat for `name`, with a key of its own.
    pub(super) fn new(name: String, watching: bool, view: Vec<String>, needs_past: bool) -> Self {
        Player {
            name,
            watching,
            view,
            needs_past,
            key: Some(new_key()),
            vacant: false,
            own_dice: false,
            asks_defense: false,
            gm: false,
            sides: Vec::new(),
            ready: false,
            client: None,
            told: Vec::new(),
            told_typed: Vec::new(),
            numbering: Numbering::default(),
            sent: 0,
            began_sent: false,
            picture_sent: 0,
            over_sent: false,
            read: 0,
            asked: None,
            said: Default::default(),
        }
    }

    /// A spectator's seat freed: no name, nothing told, no numbering (the next in it starts from nothing).
    pub(super) fn freed() -> Self {
        Player { vacant: true, key: None, ..Player::new(String::new(), true, Vec::new(), false) }
    }

    /// Sends `message`, which names no combatant, to this player's connection (if connected) as it is: a picture's
    /// piece is not written out and read back to be renumbered.
    pub(super) fn send_as_is(&self, message: FromHost, out: &mut MessageWriter<ToClients<FromHost>>) -> bool {
        let Some(client) = self.client else { return false };
        out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message });
        true
    }

    /// Sends `message` to this player's connection (if connected), its combatants numbered as the player numbers
    /// them; whether it went.
    pub(super) fn send(&self, message: &FromHost, out: &mut MessageWriter<ToClients<FromHost>>) -> bool {
        let Some(client) = self.client else { return false };
        match self.numbering.theirs(message) {
            Ok(message) => {
                out.write(ToClients { targets: SendTargets::Single(ClientId::Client(client)), message });
                true
            }
            Err(e) => {
                warn!("a message to {} could not be renumbered: {e}", self.name);
                false
            }
        }
    }
}

impl Host {
    /// A host offering `offer`; the battle begins when every connected player has a side and is ready.
    pub fn new(offer: Offer) -> Self {
        let (title, ruleset, sides) = (offer.title.clone(), offer.ruleset.clone(), offer.sides.clone());
        let mut request = offer.request.clone();
        // The host commits to its dice before anyone joins: the lobby shows the hash, the end reveals the seed. A
        // battle taken up without one has rolled already: a commitment now would claim what it cannot.
        let unrolled = offer.setup.battle.decided() == 0;
        if let (DiceChoice::Seed(seed), None, true) = (&request.dice, &request.commitment, unrolled) {
            request.commitment = Some(Commitment::new(*seed));
        }
        let dice = request.commitment.as_ref().map(|c| c.hash.clone());
        let waits_for = offer.players.clamp(1, MAX_PLAYERS) as u8;
        let lobby = LobbyView { title, ruleset, sides, dice, waits_for, ..Default::default() };
        let (dice_time, spectators, spectators_max) = (offer.dice_time, offer.spectators, offer.spectators_max);
        Host {
            request,
            autosave: offer.autosave.clone(),
            offer: Some(offer),
            lobby,
            players: Vec::new(),
            refused: Vec::new(),
            refusals: 0,
            notes: Vec::new(),
            dice_time,
            spectators,
            spectators_max,
            dice_wait: None,
            rolls_asked: 0,
            defense_wait: None,
            defenses_asked: 0,
            heat_work: Vec::new(),
            expert_work: Vec::new(),
            start: None,
            saved: 0,
            lobby_changed: true,
        }
    }

    pub fn started(&self) -> bool {
        self.offer.is_none()
    }

    /// How many seats are taken (not freed) by players, and by spectators.
    pub(super) fn seats_taken(&self) -> (usize, usize) {
        let taken = self.players.iter().filter(|p| !p.vacant);
        taken.fold(
            (0, 0),
            |(players, watching), p| if p.watching { (players, watching + 1) } else { (players + 1, watching) },
        )
    }

    pub(super) fn seat_of(&self, client: Entity) -> Option<usize> {
        self.players.iter().position(|p| p.client == Some(client))
    }

    /// The player commanding `side`, if any.
    pub(super) fn commander(&self, side: &str) -> Option<usize> {
        self.players.iter().position(|p| p.sides.iter().any(|s| s == side))
    }

    pub(super) fn refuse(
        &mut self,
        who: &str,
        what: &str,
        why: String,
        to: Entity,
        out: &mut MessageWriter<ToClients<FromHost>>,
    ) {
        self.note_refusal(who, what, why.clone());
        out.write(ToClients { targets: SendTargets::Single(ClientId::Client(to)), message: FromHost::Refused(why) });
    }

    /// Logs a refusal (who, of what, why) without telling anyone.
    pub(super) fn note_refusal(&mut self, who: &str, what: &str, why: String) {
        info!("refused {who}'s {what}: {why}");
        // Kept short and bounded: a player may send anything, any number of times.
        let what: String = what.chars().take(200).collect();
        self.refused.push(format!("{who}: {what}: {why}"));
        self.refusals += 1;
        if self.refused.len() > 1000 {
            self.refused.drain(..500);
        }
    }
}

/// The roll the host waits for a player's faces of: since when, and on which connection it asked.
#[derive(Debug)]
pub(super) struct DiceWait {
    pub(super) wanted: Wanted,
    /// Its number: the player's answer names it.
    pub(super) number: u32,
    pub(super) asked: Option<Entity>,
    pub(super) since: std::time::Instant,
}

/// The defense the host waits for a player to choose: for which decision of the battle (an attack is told apart by
/// the decisions taken before it), its number, on which connection it asked, and since when.
#[derive(Debug)]
pub(super) struct DefenseWait {
    pub(super) decision: usize,
    pub(super) number: u32,
    pub(super) asked: Option<Entity>,
    pub(super) since: std::time::Instant,
}

/// Cancels work on a task when dropped (the task looks at `cancelled` as it goes, and stops).
pub(super) struct Stop(pub(super) std::sync::Arc<crate::lab::sim::Progress>);

impl Drop for Stop {
    fn drop(&mut self) {
        self.0.cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// An answer at work for a player (a heat map, the expert's hint): its seat and connection, the slot, the question's
/// number (a hint's: a heat map is asked by its slot) and the decisions then, and the task, with what stops it.
pub(super) struct Work<T> {
    pub(super) seat: usize,
    pub(super) client: Entity,
    pub(super) slot: Slot,
    pub(super) ask: u32,
    pub(super) decided: usize,
    pub(super) task: Task<T>,
    /// Dropped (the player asked again, or left), the work stops where it next looks.
    pub(super) _stop: Option<Stop>,
}
