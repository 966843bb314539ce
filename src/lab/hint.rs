//! *What would the expert do?*, worked out: for a player's waiting slot, the expert's choice (`ai::expert`) thought
//! over on the battle as the player knows it (the caller gives it: under fog, never what the player cannot see)
//! within the battle's think time, and the win chance of that choice beside the player's orders as they stood when
//! asked, each from the same battles played out by the hard AI (`win_chance`), in the log's words, with the choice as
//! orders when orders can say it. One screen's window works it out on a thread of its own (`ui/battle/hint.rs`); online
//! the host does, on the battle as the player's sides see it, and sends it to that player alone.

use serde::{Deserialize, Serialize};

use super::review::{described, taken};
use super::sim::Progress;
use super::win_chance::Chance;
use crate::ai::defended;
use crate::ai::expert::{self, Think};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::Decision;
use crate::rules::engine::field::{Cell, Move};
use crate::rules::engine::outcome::Event;
use crate::rules::engine::ruleset::{CombatantId, Slot};
use crate::rules::tools::no_odds::NoOdds;
use crate::rules::tools::plan::{Plan, seen_others};
use crate::rules::tools::told::OddsTold;

/// Battles each of the hint's two chances rests on.
const RUNS: u32 = 60;

/// What the expert would do in the waiting slot, and what it and the player's orders (as they stood when asked) are
/// worth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpertSaid {
    /// Its choice in the log's words, and its side's win chance after it as the table tells chances.
    pub choice: String,
    pub chance: String,
    /// The player's orders likewise, when they were another choice the rules accept.
    pub orders: Option<(String, String)>,
    /// The player's orders were the expert's choice.
    pub agrees: bool,
    /// The battles each chance rests on.
    pub runs: u32,
    /// The choice as orders, when orders can say it (*Take these orders*).
    pub plan: Option<Plan>,
    /// Where the unit stands, where the choice moves it, and the cell of whom it attacks.
    pub from: Cell,
    pub to: Option<Cell>,
    pub at: Option<Cell>,
}

/// What the expert is asked about: the battle as the player knows it, the slot, and the player's orders so far.
pub struct Asked {
    pub battle: AnyBattle,
    pub slot: Slot,
    pub think: Think,
    pub plan: Plan,
}

impl Asked {
    /// [`Asked::answer`] on a thread pool of one, so that the caller's other cores stay free (a window's drawing, a
    /// host's battle); on the calling thread where the system gives no thread. Cancelled (`progress`), it stops at
    /// the chances: the expert's own thinking is bounded by its budget.
    pub fn answer_on_one_core(&self, told: OddsTold, progress: &Progress) -> Result<ExpertSaid, NoOdds> {
        match super::one_core() {
            Ok(one_core) => one_core.install(|| self.answer(told, progress)),
            Err(_) => self.answer(told, progress),
        }
    }

    /// The expert's choice and the player's orders, each in words with its win chance as the table tells it; none
    /// where the player sees no enemy (its battle would be won already).
    pub fn answer(&self, told: OddsTold, progress: &Progress) -> Result<ExpertSaid, NoOdds> {
        let (battle, actor) = (&self.battle, self.slot.actor);
        if !expert::has_enemy(battle, actor) {
            return Err(NoOdds::NoEnemySeen);
        }
        let thought = expert::think_over(battle, self.slot, self.think);
        // Each weighed, told and compared as the game plays it against an AI defender (Shadowrun 4's full defense is
        // the defender's, recorded in the attacker's action): the estimates play every later attack so.
        let choice = defended(battle, actor, thought.choice.clone().map_or(Decision::Pass, Decision::Act));
        let others = seen_others(battle, actor, &vec![true; battle.len()]);
        let orders = defended(battle, actor, Decision::Act(self.plan.action(battle, actor, others.clone())));
        let side = battle.view(actor).side.to_owned();
        let chance = |decision: &Decision<AnyAction>| {
            let chance = Chance::of(battle).refined(battle, Some(decision), RUNS, progress);
            told.chance(chance.rate(&side)).unwrap_or_default()
        };
        let events = taken(battle, &choice);
        let said_orders = match &orders {
            Decision::Act(action) if battle.dry_run(self.slot, action).is_err() => None,
            _ if orders == choice => None,
            _ => Some((described(actor, &taken(battle, &orders)), chance(&orders))),
        };
        let agrees = orders == choice;
        Ok(ExpertSaid {
            choice: described(actor, &events),
            chance: chance(&choice),
            orders: said_orders,
            agrees,
            runs: RUNS,
            plan: thought.choice.as_ref().and_then(|action| as_orders(battle, self.slot, action, &events, others)),
            from: battle.view(actor).position,
            to: events.iter().find_map(|e| moved(e, actor)).map(|m| m.to),
            at: events.iter().find_map(|e| attacked(e, actor)).map(|target| battle.view(target).position),
        })
    }
}

/// Where and at what pace `actor` moved in `event`, if it did.
fn moved(event: &Event, actor: CombatantId) -> Option<Move> {
    match event {
        Event::Moved { who, to, pace, .. } if *who == actor => Some(Move { to: *to, pace: *pace }),
        _ => None,
    }
}

/// Whom `actor` attacked in `event`, if it did.
fn attacked(event: &Event, actor: CombatantId) -> Option<CombatantId> {
    match event {
        Event::AttackResolved { attacker, defender, .. } if *attacker == actor => *defender,
        _ => None,
    }
}

/// The expert's `action` as orders the player could give (the same move, target and way to attack, or the same
/// other action), when orders can say it: the ones that make exactly that action.
fn as_orders(
    battle: &AnyBattle,
    slot: Slot,
    action: &AnyAction,
    events: &[Event],
    others: Vec<(String, AnyAction)>,
) -> Option<Plan> {
    let actor = slot.actor;
    let movement = events.iter().find_map(|e| moved(e, actor));
    let target = events.iter().find_map(|e| attacked(e, actor));
    let ways = target.map_or(0, |t| battle.attack_choices(actor, t, movement.clone()).len()).max(1);
    let other = (0..others.len()).map(|i| Plan { other: Some(i), ..Plan::default() });
    let attacks = (0..ways).map(|way| Plan { movement: movement.clone(), target, way: Some(way), ..Plan::default() });
    other.chain(attacks).find(|plan| plan.action(battle, actor, others.clone()) == *action)
}
