//! One battle played out from a state, its dice from a seed and every slot decided by a chooser: what `skirmish
//! sim`, the win chance and the expert's look ahead all play (the expert's to a turn's end, each slot rolling dice of
//! its own: [`play_until`]). The seed of a state ([`seed_of`]) is fixed by the decisions taken and the faces rolled,
//! so the same state plays out the same battles wherever it is asked.

use std::hash::Hasher;

use crate::rules::RulesError;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::{Decision, Next};
use crate::rules::engine::dice::{Dice, SeededDice};
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::Slot;

/// Who decides each slot of a battle played out: the action, or `None` to pass.
pub type Chooser<'a> = dyn FnMut(&AnyBattle, Slot) -> Option<AnyAction> + 'a;

/// `start` played out to its end with dice from `seed`, `first` taken first in the slot waiting when it is given,
/// every other slot decided by `choose`; the events go to `log`. The battle as it ended, and the rules' refusal
/// that stopped it, if one did.
pub fn play_out_from(
    start: &AnyBattle,
    log: &mut Log,
    first: Option<&Decision<AnyAction>>,
    seed: u64,
    choose: &mut Chooser<'_>,
) -> (AnyBattle, Result<(), RulesError>) {
    let mut battle = start.clone();
    let mut dice = SeededDice::new(seed);
    let result = match first {
        Some(decision) => take(&mut battle, decision, &mut dice, log),
        None => Ok(()),
    };
    let result = result.and_then(|()| battle.play_out(&mut dice, log, choose));
    (battle, result)
}

/// `decision` taken in the slot the battle waits on.
pub fn take(
    battle: &mut AnyBattle,
    decision: &Decision<AnyAction>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    // A GM's change between two slots comes before the next slot is begun.
    if let Decision::Gm { change, in_slot: false } = decision {
        return battle.gm(change, log);
    }
    if let Next::Over = battle.next(dice, log)? {
        return Ok(());
    }
    match decision {
        Decision::Act(action) => battle.act(action, dice, log),
        Decision::Pass => {
            battle.pass(log);
            Ok(())
        }
        Decision::Delay if battle.delay(log) => Ok(()),
        Decision::Delay => Err(RulesError::Unfaithful("a slot delayed once cannot be delayed again".into())),
        Decision::Gm { change, .. } => battle.gm(change, log),
    }
}

/// The first seed of the battles played out from `battle`: a hash of its decisions and its faces (FNV-1a, the same
/// on every machine). Two states with the same decisions and faces are the same state of the same battle.
pub fn seed_of(battle: &AnyBattle) -> u64 {
    let mut hash = fnv::FnvHasher::default();
    hash.write_usize(battle.decided());
    hash.write_u32(battle.turn());
    for &face in battle.faces() {
        hash.write_u32(face);
    }
    hash.finish()
}

/// `start` played on with `first` taken in its slot waiting, every other slot decided by `choose`, until the battle
/// ends or turn `last_turn` is over; each slot and each step between two rolls dice of its own ([`SlotDice`]) from
/// `seed`. The battle as it stands then (a refused action stops it where it was refused).
pub fn play_until(
    start: &AnyBattle,
    (own, first): (Slot, &Decision<AnyAction>),
    (seed, last_turn): (u64, u32),
    choose: &mut Chooser<'_>,
) -> AnyBattle {
    let (mut battle, mut log) = (start.clone(), Log::default());
    let mut dice = SlotDice::new(seed, start, own);
    let mut going = take(&mut battle, first, &mut dice.dice(1), &mut log).is_ok();
    while going && battle.turn() <= last_turn {
        going = match battle.next(&mut dice.between(), &mut log) {
            Ok(Next::Slot(slot)) => match choose(&battle, slot) {
                Some(action) => {
                    let mut rolls = dice.slot(battle.turn(), slot);
                    battle.act(&action, &mut rolls, &mut log).is_ok()
                }
                None => {
                    battle.pass(&mut log);
                    true
                }
            },
            _ => false,
        };
    }
    battle
}

/// The dice of one playout: a stream for each slot and for each step between slots, each seeded from the playout's
/// seed and where in the battle it is (the turn, the actor and its phase; between slots, the slot before), so that
/// the same roll meets the same dice whichever candidate came first. One stream for the whole playout would shift
/// every later roll as soon as one candidate rolled a die more than another.
struct SlotDice {
    seed: u64,
    /// The turn, actor and phase of the slot taken last.
    last: [u64; 3],
}

impl SlotDice {
    fn new(seed: u64, battle: &AnyBattle, slot: Slot) -> Self {
        SlotDice { seed, last: [u64::from(battle.turn()), slot.actor.index() as u64, u64::from(slot.phase)] }
    }

    /// The dice for `slot` of `turn`.
    fn slot(&mut self, turn: u32, slot: Slot) -> SeededDice {
        self.last = [u64::from(turn), slot.actor.index() as u64, u64::from(slot.phase)];
        self.dice(1)
    }

    /// The dice for what comes after the slot taken last (a new turn's initiative, a wound's bleeding).
    fn between(&self) -> SeededDice {
        self.dice(2)
    }

    fn dice(&self, kind: u64) -> SeededDice {
        let mut hash = fnv::FnvHasher::default();
        hash.write_u64(self.seed);
        hash.write_u64(kind);
        self.last.iter().for_each(|&k| hash.write_u64(k));
        SeededDice::new(hash.finish())
    }
}
