//! A defender's question as its player is shown it (on one screen, or sent by an online host): who attacks whom,
//! and each defense the rules let it choose with the odds of the attack against it, as the table tells odds (exact,
//! rough bands, none).

use serde::{Deserialize, Serialize};

use super::told::OddsTold;
use crate::rules::any_ruleset::any::{AnyAction, AnyBattle};
use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::odds::{Chance, Defenses};

/// What a defender's player is asked. The attacker is named in the title only (online, an id would be renumbered
/// for the player, who may never have seen the attacker before it struck).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DefenseQuestion {
    pub defender: CombatantId,
    /// "Gang heavy 4 attacks Rook with the Ares Predator".
    pub title: String,
    pub options: Vec<DefenseAnswer>,
}

/// One defense the player may choose, with its odds as told.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DefenseAnswer {
    /// The pool or target it rolls ("Reaction 4 + Dodge 3 (dodge): 7 dice").
    pub name: String,
    /// It costs the defender an action of its own (a full defense).
    pub costs_action: bool,
    /// "hit 62 % · taken out 8 %", "hit likely · taken out unlikely", or nothing when no odds are told.
    pub odds: Option<String>,
    /// The attack's chance to hit with this defense, as told (none when not told): the best is marked.
    pub hit: Option<f64>,
}

/// The question for `defenses`, the defender of `action` by `actor`, the odds told as `told` says.
pub fn question(
    battle: &AnyBattle,
    actor: CombatantId,
    defenses: &Defenses<AnyAction>,
    told: OddsTold,
) -> DefenseQuestion {
    let options = defenses
        .options
        .iter()
        .map(|o| {
            let odds = told.any().then(|| battle.odds_of(actor, &o.action).ok()).flatten();
            let said = odds.as_ref().and_then(|odds| {
                let (hit, out) = (odds.chance(Chance::Hit), odds.chance(Chance::TakenOut));
                Some(format!("hit {} · taken out {}", told.chance(hit)?, told.chance(out)?))
            });
            let hit = odds.as_ref().and_then(|odds| told.drawn(odds.chance(Chance::Hit)));
            DefenseAnswer { name: o.name.clone(), costs_action: o.costs_action, odds: said, hit }
        })
        .collect();
    let (who, whom) = (battle.view(actor).name(), battle.view(defenses.defender).name());
    let title = battle
        .odds_of(actor, &defenses.options[0].action)
        .ok()
        .map_or_else(|| format!("{who} attacks {whom}"), |odds| odds.title);
    DefenseQuestion { defender: defenses.defender, title, options }
}
