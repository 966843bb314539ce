//! A player's orders for a slot as a window gives them — a move, a target and the way to attack it, or one of the
//! ruleset's other actions — and the ruleset's action they make; and what a slot offers to choose from (where the
//! unit reaches, whom it may attack and how, its other actions), as its player sees the battle. The hot-seat window
//! and an online player's window give orders the same way; online, the host makes the action from the plan, so a
//! player's window needs no engine of its own.

use serde::{Deserialize, Serialize};

use super::no_odds::{NoOdds, PlanError};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::field::{Cell, Crowd, Move};
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::{CombatantId, Slot};

/// A player's orders for one slot. All empty: the slot ends doing nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub movement: Option<Move>,
    /// The combatant to attack, after the move.
    pub target: Option<CombatantId>,
    /// Which of the ways to attack it (firing modes, called shots; the first when none is chosen).
    pub way: Option<usize>,
    /// Or the cell to throw or fire the blast weapon in hand at (a grenade at the ground: no target).
    #[serde(default)]
    pub at: Option<Cell>,
    /// One of the slot's other actions instead (take cover, full defense, aim, reload …), as [`other_actions`]
    /// lists them.
    pub other: Option<usize>,
}

impl Plan {
    /// The ruleset's action for these orders, given the slot's other actions (`others`, from [`other_actions`]).
    pub fn action(&self, battle: &AnyBattle, actor: CombatantId, others: Vec<(String, AnyAction)>) -> AnyAction {
        if let Some((_, action)) = self.other.and_then(|i| others.into_iter().nth(i)) {
            return action;
        }
        let blast = self.at.filter(|_| self.target.is_none());
        if let Some(blast) = blast.and_then(|cell| battle.blast_at(actor, self.movement.clone(), cell)) {
            return blast;
        }
        let target = self.target.filter(|t| t.index() < battle.len());
        let ways = target.map(|t| battle.attack_choices(actor, t, self.movement.clone())).unwrap_or_default();
        match ways.into_iter().nth(self.way.unwrap_or(0)) {
            Some((_, attack)) => attack,
            None => battle.intended(actor, self.movement.clone(), target),
        }
    }
}

/// The other actions open to `actor` now, by name: taking cover at `cover` (a cell within a walk, worked out by the
/// caller: it is a search), then the ruleset's own.
pub fn other_actions(battle: &AnyBattle, actor: CombatantId, cover: Option<Move>) -> Vec<(String, AnyAction)> {
    let mut others = battle.other_actions(actor);
    if let Some(spot) = cover {
        let name = format!("Take cover at {:?}", spot.to);
        others.insert(0, (name, battle.intended(actor, Some(spot), None)));
    }
    others
}

/// What a slot offers its player, who sees the combatants `seen` marks (roster order, as `fog::seen_by` gives).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choices {
    /// The cells the unit reaches, and whether a walk gets there (else it runs).
    pub reach: Vec<(Cell, bool)>,
    /// The slot's other actions, by name ([`Plan::other`] picks one).
    pub others: Vec<String>,
    /// The enemies in the fight it sees and may attack from where it stands, each with the ways to attack it.
    pub targets: Vec<(CombatantId, Vec<String>)>,
    /// Whether the slot may be delayed until everyone else in its phase or pass has acted (not a slot that was
    /// delayed already).
    pub may_delay: bool,
    /// Whether the weapon in hand is a blast weapon (a grenade) that may be thrown at a cell ([`Plan::at`]).
    #[serde(default)]
    pub blast: bool,
}

impl Choices {
    /// The choices of `actor`'s slot. What the player does not see stays out: the reach goes through cells an
    /// unseen unit stands on (the rules refuse such a move when it is made), and taking cover, which weighs every
    /// enemy, is offered only when every enemy in the fight is seen.
    pub fn of(battle: &AnyBattle, slot: Slot, seen: &[bool]) -> Self {
        let actor = slot.actor;
        let views = battle.views();
        // Only the attacks the rules take from here (not through a wall, not out of reach).
        let targets = views
            .iter()
            .map(|v| v.id())
            .filter(|&id| seen_enemy(battle, actor, id, seen))
            .filter(|&id| {
                let first = Plan { target: Some(id), ..Plan::default() }.action(battle, actor, Vec::new());
                battle.dry_run(slot, &first).is_ok()
            })
            .map(|id| (id, battle.attack_choices(actor, id, None).into_iter().map(|(n, _)| n).collect()))
            .collect();
        let others = seen_others(battle, actor, seen).into_iter().map(|(n, _)| n).collect();
        let blast = battle.blast_at(actor, None, battle.view(actor).position).is_some();
        Choices { reach: reach(battle, actor, seen), others, targets, may_delay: !battle.was_delayed(), blast }
    }
}

/// The cells `actor` reaches, and whether a walk gets there, past the units its player sees (an unseen unit's cell
/// is not left out: that would tell where it stands).
fn reach(battle: &AnyBattle, actor: CombatantId, seen: &[bool]) -> Vec<(Cell, bool)> {
    let views = battle.views();
    let sees = |i: usize| seen.get(i) == Some(&true);
    let present = |i: usize| i != actor.index() && sees(i) && !views[i].fighter.statuses().iter().any(Status::off_map);
    let (fallen, standing): (Vec<usize>, Vec<usize>) =
        (0..views.len()).filter(|&i| present(i)).partition(|&i| views[i].fighter.is_out());
    let crowd = Crowd {
        standing: standing.iter().map(|&i| views[i].position).collect(),
        fallen: fallen.iter().map(|&i| views[i].position).collect(),
    };
    let (walk, run) = battle.paces(actor);
    battle
        .field()
        .reachable(battle.view(actor).position, &crowd, run)
        .into_iter()
        .map(|(c, d)| (c, d <= walk))
        .collect()
}

/// Whether combatant `them` is an enemy of `actor` in the fight that its player sees.
fn seen_enemy(battle: &AnyBattle, actor: CombatantId, them: CombatantId, seen: &[bool]) -> bool {
    them.index() < battle.len() && seen.get(them.index()) == Some(&true) && {
        let (them, me) = (battle.view(them), battle.view(actor));
        them.side != me.side && !them.fighter.is_out()
    }
}

impl Plan {
    /// Whether these orders keep to what the slot offers a player who sees `seen` (a plan that comes over the
    /// network may say anything): a move to a cell the unit reaches, at a pace that gets there; an enemy it sees;
    /// a way to attack it and an other action that exist. Else why not.
    pub fn keeps_to(&self, battle: &AnyBattle, slot: Slot, seen: &[bool]) -> Result<(), PlanError> {
        let actor = slot.actor;
        if let Some(i) = self.other {
            let count = seen_others(battle, actor, seen).len();
            return match i < count {
                true => Ok(()),
                false => Err(PlanError::NoOther { number: i + 1, count }),
            };
        }
        if let Some(m) = &self.movement {
            let walking = reach(battle, actor, seen).into_iter().find(|(c, _)| *c == m.to).map(|(_, w)| w);
            match walking {
                None => return Err(PlanError::Unreached(m.to)),
                Some(false) if m.pace == crate::rules::engine::field::Pace::Walk => {
                    return Err(PlanError::Run(m.to));
                }
                Some(_) => {}
            }
        }
        if let Some(cell) = self.at.filter(|_| self.target.is_none()) {
            // Where the blast lands (off the map, out of range) the rules say when the action is tried.
            let thrown = battle.blast_at(actor, self.movement.clone(), cell).is_some();
            return if thrown { Ok(()) } else { Err(PlanError::NoBlast(cell)) };
        }
        let Some(target) = self.target else { return Ok(()) };
        if !seen_enemy(battle, actor, target, seen) {
            return Err(PlanError::NoEnemy);
        }
        let ways = battle.attack_choices(actor, target, self.movement.clone()).len();
        match self.way.unwrap_or(0) < ways.max(1) {
            true => Ok(()),
            false => Err(PlanError::NoWay { number: self.way.unwrap_or(0) + 1, ways }),
        }
    }
}

impl Plan {
    /// The exact odds of the attack these orders make, as a player who sees `seen` may know them: the orders checked
    /// against what the slot offers that player ([`Plan::keeps_to`]), then priced on the battle as it knows it (an
    /// unseen unit gone from the field: `fog::as_seen`), after the move. Else why there are none. The online host
    /// answers a player's question with this, from that player's fog.
    pub fn odds(
        &self,
        battle: &AnyBattle,
        slot: Slot,
        seen: &[bool],
    ) -> Result<crate::rules::mechanics::odds::Odds, NoOdds> {
        self.keeps_to(battle, slot, seen)?;
        if self.other.is_some() || (self.target.is_none() && self.at.is_none()) {
            return Err(NoOdds::AttacksNoOne);
        }
        let known = super::fog::as_seen(battle, seen);
        let action = self.action(&known, slot.actor, Vec::new());
        Ok(known.odds_of(slot.actor, &action)?)
    }
}

/// The other actions open to `actor` for a player who sees the combatants `seen` marks: taking cover, which weighs
/// every enemy, only when it sees every enemy in the fight (else where the cover lies would tell of the unseen).
pub fn seen_others(battle: &AnyBattle, actor: CombatantId, seen: &[bool]) -> Vec<(String, AnyAction)> {
    other_actions(battle, actor, seen_cover(battle, actor, seen))
}

/// The cell within a walk that shelters `actor` best, for a player who sees the combatants `seen` marks: none
/// unless it sees every enemy in the fight (the search weighs them all: where it lies would tell of the unseen).
pub fn seen_cover(battle: &AnyBattle, actor: CombatantId, seen: &[bool]) -> Option<Move> {
    let views = battle.views();
    let side = battle.view(actor).side;
    let all_seen =
        (0..views.len()).all(|i| views[i].side == side || views[i].fighter.is_out() || seen.get(i) == Some(&true));
    all_seen.then(|| battle.cover_spot(actor, battle.paces(actor).0)).flatten()
}
