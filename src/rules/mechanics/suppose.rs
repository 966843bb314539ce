//! The tactics lab's "what if": a combatant as if its state were other than it is (another weapon in hand, prone,
//! wounded, aiming), for pricing an attack on a copy of the battle. Nothing here is played: the battle itself still
//! changes only by its events. Each ruleset says what it can suppose (`impl Suppose` beside its fighter).

use std::borrow::Cow;

use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState};

/// What a ruleset's fighter can be supposed to be.
pub trait Suppose: FighterState {
    /// Whether a prone target changes an attack in this ruleset (no ruleset here gives an attacker's lying prone a
    /// part in its attack; the Storyteller's rules say nothing of a prone target either).
    const PRONE: bool;
    /// How many aims in a row count (0 where the ruleset has no aiming).
    const AIM_STEPS: u32;
    /// `taken` on its damage track `track` (in the order of `Ruleset::tracks`).
    fn suppose_taken(&mut self, track: usize, taken: u32);
    /// Aimed `steps` times at `target` (0: not aiming), up to [`Suppose::AIM_STEPS`]; nothing where the ruleset has
    /// no aiming.
    fn suppose_aim(&mut self, _target: CombatantId, _steps: u32) {}
    /// How many aims it has at `target` now (none where the ruleset has no aiming).
    fn aimed(&self, _target: CombatantId) -> u32 {
        0
    }
}

/// What is supposed of one combatant: each part `None` (or empty) leaves it as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Supposed {
    pub weapon: Option<String>,
    pub prone: Option<bool>,
    /// Per damage track, in the order of `Ruleset::tracks`.
    pub taken: Vec<Option<u32>>,
    /// Aims at a combatant, and how many.
    pub aim: Option<(CombatantId, u32)>,
}

/// What a ruleset lets a what-if suppose, for the panel to offer.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Supposable {
    /// Whether a prone target counts.
    pub prone: bool,
    pub aim_steps: u32,
}

impl Supposed {
    /// Whether it supposes anything.
    pub fn is_empty(&self) -> bool {
        self.weapon.is_none() && self.prone.is_none() && self.taken.iter().all(Option::is_none) && self.aim.is_none()
    }

    /// `fighter` as supposed.
    pub fn apply<F: Suppose>(&self, fighter: &mut F) {
        if let Some(id) = &self.weapon {
            fighter.suppose_drawn(id);
        }
        if let Some(prone) = self.prone.filter(|_| F::PRONE) {
            fighter.set_status(Status::Prone, prone);
        }
        for (track, taken) in self.taken.iter().enumerate() {
            if let Some(taken) = *taken {
                fighter.suppose_taken(track, taken);
            }
        }
        if let Some((target, steps)) = self.aim {
            fighter.suppose_aim(target, steps.min(F::AIM_STEPS));
        }
    }
}

/// `battle` with each `(index, supposed)` applied: a copy, or `battle` itself where nothing is supposed.
pub fn supposing<'a, F: Suppose + Clone>(
    battle: &'a [Combatant<F>],
    changes: &[(CombatantId, Supposed)],
) -> Cow<'a, [Combatant<F>]> {
    if changes.iter().all(|(_, s)| s.is_empty()) {
        return Cow::Borrowed(battle);
    }
    let mut copy = battle.to_vec();
    for (id, supposed) in changes {
        if let Some(c) = copy.get_mut(id.index()) {
            supposed.apply(&mut c.fighter);
        }
    }
    Cow::Owned(copy)
}
