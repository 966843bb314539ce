//! The tactics lab's heat map for the combatant whose slot it is: for every cell it can reach this slot, the damage
//! the best attack from there is expected to deal (target, firing mode and called shot chosen as the hard AI
//! would, priced with the exact odds) and the damage it is expected to take there from every enemy who could attack
//! it next (each one's plain attack with the weapon in hand, exact odds, the combatant standing on that cell).
//! "Damage" is the first track the odds measure: Eclipse Phase damage points, Shadowrun 4 boxes, Storyteller health
//! levels, the homebrew's Light boxes plus its Critical boxes.

use crate::rules::any_ruleset::any::{AnyBattle, Kind, Visit};
use crate::rules::engine::battle::Battle;
use crate::rules::engine::field::{Cell, Pace};
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, Slot, with_actor_at};
use crate::rules::mechanics::approach::{anyone, can_attack, enemies};
use crate::rules::mechanics::odds::{AttackOdds, Measure, Odds};

use super::Playable;
use super::choice::HardAttacks;
use super::ground::{Foes, survey};

/// One cell of the heat map.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Heat {
    pub cell: Cell,
    /// How it is reached: `None` staying put.
    pub pace: Option<Pace>,
    /// The expected damage of the best attack from here (its first attack), and its target; 0 and none without one.
    pub dealt: f64,
    pub target: Option<CombatantId>,
    /// The expected damage taken here from every enemy who could attack this cell next, summed.
    pub taken: f64,
    /// Those enemies, each with the damage it is expected to deal here.
    pub threats: Vec<(CombatantId, f64)>,
}

impl Heat {
    /// Dealt less taken: what standing here is worth in damage.
    pub fn balance(&self) -> f64 {
        self.dealt - self.taken
    }
}

/// The heat map of the combatant in `slot`: every cell it reaches, in the order of the cells.
pub fn heat_map<R: Playable>(rules: &R, slot: Slot, battle: &[Combatant<R::Fighter>]) -> Vec<Heat> {
    let foes = Foes::of(rules, battle, slot.actor.index());
    // The hard AI's mind is made up once for the slot, not once a cell.
    let eye = HardAttacks::new(rules, slot, battle);
    survey(rules, battle, slot.actor.index(), &foes)
        .into_iter()
        .map(|spot| {
            let best = eye.from(&spot);
            let dealt = best.as_ref().map_or(0.0, |(_, _, odds)| damage(odds));
            let threats = threats_at(rules, battle, slot.actor.index(), spot.cell);
            let taken = threats.iter().map(|(_, d)| d).sum();
            Heat {
                cell: spot.cell,
                pace: spot.pace,
                dealt,
                target: best.map(|(t, ..)| battle[t].fighter.id()),
                taken,
                threats,
            }
        })
        .collect()
}

/// The enemies standing that could attack `actor` on `cell` (in reach and sight of the weapon in hand), each with
/// the damage its plain attack is expected to deal there (exact odds).
pub fn threats_at<R: AttackOdds>(
    rules: &R,
    battle: &[Combatant<R::Fighter>],
    actor: usize,
    cell: Cell,
) -> Vec<(CombatantId, f64)>
where
    R::Fighter: Clone,
{
    let there = with_actor_at(battle, actor, cell);
    let me = there[actor].fighter.id();
    enemies(&there, actor, &anyone)
        .into_iter()
        .filter(|&e| {
            let reach = rules.reach_of(&there[e].fighter);
            can_attack(rules.field(), there[e].position, cell, reach.melee, reach.max_m)
        })
        .filter_map(|e| {
            rules
                .odds_of(&there, e, &rules.plain_attack_of(&there, e, me))
                .ok()
                .map(|o| (there[e].fighter.id(), damage(&o)))
        })
        .collect()
}

/// The expected damage an attack's odds give: the mean of the target's first track (the homebrew's two added).
pub fn damage(odds: &Odds) -> f64 {
    let own = |m: &Measure| !matches!(m, Measure::DamageTo(_) | Measure::Wounds);
    let homebrew = |m: &Measure| matches!(m, Measure::LightBoxes | Measure::CriticalBoxes);
    let tracks: Vec<_> = odds.dists.iter().filter(|(m, _)| own(m)).collect();
    match tracks.first() {
        Some((m, _)) if homebrew(m) => tracks.iter().filter(|(m, _)| homebrew(m)).map(|(_, d)| d.mean()).sum(),
        Some((_, d)) => d.mean(),
        None => 0.0,
    }
}

/// [`heat_map`] for the combatant in `slot` of a battle in any ruleset.
pub fn heat_map_any(battle: &AnyBattle, slot: Slot) -> Vec<Heat> {
    battle.visit(HeatMap { slot })
}

/// [`heat_map`] on the battle inside an [`AnyBattle`].
struct HeatMap {
    slot: Slot,
}

impl Visit for HeatMap {
    type Out = Vec<Heat>;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out {
        heat_map(battle.rules(), self.slot, battle.combatants())
    }
}
