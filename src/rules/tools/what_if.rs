//! The tactics lab's what-if, priced: one set-up (an attacker, a target, the cell it shoots from, a way to attack,
//! what is supposed of the two) and all a player reads of it: what the cell makes of the shot, how the two stand now
//! and what may be supposed of them, the ways to attack from there, and the exact odds of the chosen one. The window
//! prices a set-up on the battle as its player knows it; an online host on the battle as the asking player's sides
//! see it (`rules::tools::fog::as_seen`), and sends that player the answer alone.

use serde::{Deserialize, Serialize};

use super::no_odds::NoOdds;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::engine::field::{Cell, CoverLevel, Move, Pace};
use crate::rules::engine::id::CombatantId;
use crate::rules::engine::outcome::{Status, down};
use crate::rules::mechanics::odds::Odds;
use crate::rules::mechanics::suppose::{Supposable, Supposed};

/// One set-up: `way` is the index among the ways to attack from `from`; `supposed` is of the attacker, then the
/// target.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub attacker: CombatantId,
    pub target: CombatantId,
    pub from: Cell,
    pub way: usize,
    pub supposed: [Supposed; 2],
}

impl Setup {
    /// What it supposes of whom, for the rules.
    pub fn changes(&self) -> Vec<(CombatantId, Supposed)> {
        vec![(self.attacker, self.supposed[0].clone()), (self.target, self.supposed[1].clone())]
    }
}

/// How one of the two stands now, what its suppositions start from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub name: String,
    /// The weapons it carries, each once (catalogue id, name), the one drawn first in a battle first.
    pub weapons: Vec<(String, String)>,
    /// The weapon in hand, by catalogue id.
    pub in_hand: String,
    /// How many aims it has at the other one now (none where the ruleset has no aiming).
    pub aimed: u32,
    pub prone: bool,
    /// Its damage tracks: name, boxes taken, capacity (0: a track without a length, as Eclipse Phase's wounds).
    pub tracks: Vec<(String, u32, u32)>,
}

/// A set-up as priced: everything the what-if panel shows of it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Priced {
    /// What was priced (its way kept within the ways there are).
    pub setup: Setup,
    /// What the cell makes of the shot: "12 m, the target behind light cover".
    pub sight: String,
    /// What the ruleset lets a what-if suppose.
    pub supposable: Supposable,
    /// The attacker, then the target, as they stand.
    pub standing: [Standing; 2],
    /// The ways to attack from the cell, by name.
    pub ways: Vec<String>,
    /// The exact odds of the chosen way, or why the rules would refuse it; none where there is no way.
    pub odds: Option<Result<Odds, NoOdds>>,
}

/// How far from where it stands an attacker may be supposed to shoot from, in cells each way: farther than any map
/// is wide (open ground has no end, and a line of sight is walked cell by cell).
const FARTHEST: i32 = 256;

/// Prices `setup` on `battle`: an error where its attacker or target is no one standing, they are on one side, or
/// the cell is off the map. What it supposes is kept within what a fighter may be (a track's boxes, the aims that
/// count), as the panel keeps it: a set-up may come from a player over the network.
pub fn price(battle: &AnyBattle, setup: &Setup) -> Result<Priced, NoOdds> {
    let (attacker, target) = (setup.attacker, setup.target);
    let standing_unit = |id: CombatantId| id.index() < battle.len() && !down(battle.view(id).fighter.statuses());
    if !standing_unit(attacker) || !standing_unit(target) {
        return Err(NoOdds::NoSuchUnit);
    }
    if battle.view(attacker).side == battle.view(target).side {
        return Err(NoOdds::OneSide);
    }
    let here = battle.view(attacker).position;
    let (dx, dy) = (setup.from.0.abs_diff(here.0), setup.from.1.abs_diff(here.1));
    if !battle.field().contains(setup.from) || dx.max(dy) > FARTHEST.unsigned_abs() {
        return Err(NoOdds::OffMap(setup.from));
    }
    let mut setup = setup.clone();
    for (who, supposed) in [attacker, target].into_iter().zip(&mut setup.supposed) {
        within_bounds(battle, who, supposed);
    }
    let movement = (setup.from != here).then_some(Move { to: setup.from, pace: Pace::Walk });
    let changes = setup.changes();
    let ways = battle.ways_supposing(attacker, target, movement, &changes);
    setup.way = setup.way.min(ways.len().saturating_sub(1));
    // An attack the rules would refuse from there (a katana at 30 m, a grenade beyond its throw) is not priced.
    let refused = battle.out_of_reach((attacker, target), setup.from, &changes);
    let odds = ways.get(setup.way).map(|(_, action)| match refused.clone() {
        Some(why) => Err(NoOdds::Refused(why)),
        None => battle.odds_supposing(attacker, action, &changes).map_err(NoOdds::from),
    });
    Ok(Priced {
        sight: sight_line(battle, setup.from, battle.view(target).position),
        supposable: battle.supposable(),
        standing: [standing(battle, attacker, target), standing(battle, target, attacker)],
        ways: ways.into_iter().map(|(name, _)| name).collect(),
        odds,
        setup,
    })
}

/// `supposed` kept within what `who` may be: no more tracks than it has, each short of full (a track without a
/// length: up to ten), aims up to those that count.
fn within_bounds(battle: &AnyBattle, who: CombatantId, supposed: &mut Supposed) {
    let tracks = battle.tracks(who);
    supposed.taken.truncate(tracks.len());
    for (taken, track) in supposed.taken.iter_mut().zip(&tracks) {
        *taken = taken.map(|t| t.min(most_taken(track.capacity).max(track.taken)));
    }
    if let Some((_, aims)) = &mut supposed.aim {
        *aims = (*aims).min(battle.supposable().aim_steps);
    }
}

/// The most boxes a track of `capacity` may be supposed to have taken and still leave its fighter in the fight (a
/// full track would put it out, which its statuses, not its tracks, say); a track without a length (Eclipse Phase's
/// wounds) is counted up to ten.
pub fn most_taken(capacity: u32) -> u32 {
    if capacity > 0 { capacity - 1 } else { 10 }
}

/// How `who` stands now, aiming (or not) at `other`.
fn standing(battle: &AnyBattle, who: CombatantId, other: CombatantId) -> Standing {
    let view = battle.view(who);
    let fighter = view.fighter;
    let (carried, aimed) = battle.carried_and_aimed(who, other);
    Standing {
        name: view.name().to_owned(),
        weapons: carried.into_iter().map(|id| (fighter.weapon_name_of(&id), id)).map(|(name, id)| (id, name)).collect(),
        in_hand: fighter.weapon_in_hand().to_owned(),
        aimed,
        prone: fighter.statuses().contains(&Status::Prone),
        tracks: battle.tracks(who).into_iter().map(|t| (t.name.into_owned(), t.taken, t.capacity)).collect(),
    }
}

/// What the cell makes of the shot: its range, the target's cover, high ground.
pub fn sight_line(battle: &AnyBattle, from: Cell, to: Cell) -> String {
    let sight = battle.field().sight(from, to);
    if sight.blocked {
        return "A wall is in the way.".into();
    }
    let cover = match (sight.hidden, sight.cover) {
        (true, _) => "hidden behind high cover".to_owned(),
        (false, CoverLevel::None) => "in the open".to_owned(),
        (false, level) => format!("behind {level}"),
    };
    let high = if sight.high_ground { ", from high ground" } else { "" };
    format!("{} m, the target {cover}{high}", sight.meters)
}
