//! The defender's part in an attack, where its ruleset gives it a choice (`AttackOdds::defenses`): before the
//! engine resolves a declared attack, a defender whose player is asked (`DefensePolicy`) holds it until the player
//! chooses (`SlotPhase::DefenderChoosing`, answered by a `ChooseDefense`); one on an AI's side chooses by the odds
//! (`crate::ai::defend`); any other takes the rules' own choice. The choice is recorded in the attacker's action, so
//! the battle's record replays it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::{AiMinds, DefensePolicy, HumanSides};
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::ruleset::Slot;
use crate::rules::mechanics::odds::Defenses;

/// Who decides each defender's defense.
#[derive(SystemParam)]
pub(super) struct Defenders<'w> {
    policy: Option<Res<'w, DefensePolicy>>,
    humans: Option<Res<'w, HumanSides>>,
    minds: Option<Res<'w, AiMinds>>,
}

impl Defenders<'_> {
    /// `action` in `slot` with its defender's choice made where someone other than its player makes it; the
    /// choice to put to its player when its player is asked.
    pub(super) fn answer(
        &self,
        battle: &AnyBattle,
        slot: Slot,
        action: AnyAction,
    ) -> Result<AnyAction, Defenses<AnyAction>> {
        let Some(choice) = battle.defenses(slot.actor, &action) else { return Ok(action) };
        if self.policy.as_ref().is_some_and(|p| p.asks(choice.defender)) {
            return Err(choice);
        }
        let side = battle.view(choice.defender).side;
        let human = self.humans.as_ref().is_some_and(|h| h.0.iter().any(|s| s == side));
        match (human, self.minds.is_some()) {
            (false, true) => Ok(crate::ai::defend(battle, slot.actor, action)),
            _ => Ok(action),
        }
    }
}
