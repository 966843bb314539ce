//! The AI's answer when one of its combatants is attacked and its ruleset gives the defender a choice
//! (`AttackOdds::defenses`). It chooses by the odds: each choice's chance that the attack hits and that it takes the
//! defender out, a choice that costs the defender an action of its own (Shadowrun 4's full defense spends its next
//! Action Phase) taken only where it cuts that danger by more than the action is worth.

use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::battle::Decision;
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::odds::{Chance, Odds};

/// What an action of the defender's own is worth, in the danger's units (a hit's chance plus twice the chance of
/// being taken out): a full defense must lower that by more than this. Tuned by eye on file 004's examples: a full
/// dodge against an assault rifle's burst at an unarmored runner is worth it, against a pistol's single shot not.
const ACTION_WORTH: f64 = 0.3;

/// `action` by `actor` with its defender's choice made by the odds, where the defender has one; else `action` as it
/// is (the rules' own choice).
pub fn defend(battle: &AnyBattle, actor: CombatantId, action: AnyAction) -> AnyAction {
    let Some(choice) = battle.defenses(actor, &action) else { return action };
    // Free choices differ only in the pool (the modifiers are the same), so the rules' own choice of the largest
    // pool is already the best odds: only a choice with a cost is weighed, against the best free one.
    if choice.options.iter().all(|o| !o.costs_action) {
        return action;
    }
    let danger = |a: &AnyAction| battle.odds_of(actor, a).ok().map(|odds| danger(&odds));
    let Some(free) = danger(&action) else { return action };
    let best = choice
        .options
        .into_iter()
        .filter(|o| o.costs_action)
        .filter_map(|o| Some((danger(&o.action)? + ACTION_WORTH, o.action)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((cost, chosen)) if cost < free => chosen,
        _ => action,
    }
}

/// `decision` as the game plays it where the defender is the AI's: an action with its defender's choice made by
/// [`defend`], any other decision as it is. The estimates play every attack so, so a chance of a decision (the
/// review's, the hint's) is of the decision made so.
pub fn defended(battle: &AnyBattle, actor: CombatantId, decision: Decision<AnyAction>) -> Decision<AnyAction> {
    match decision {
        Decision::Act(action) => Decision::Act(defend(battle, actor, action)),
        other => other,
    }
}

/// How bad an attack's odds are for the defender: the chance it hits, plus twice the chance it takes it out.
pub fn danger(odds: &Odds) -> f64 {
    odds.chance(Chance::Hit) + 2.0 * odds.chance(Chance::TakenOut)
}
