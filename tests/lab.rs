//! The tactics lab's heat map: for the combatant whose slot it is, the damage the hard AI's best attack from each
//! cell in reach is expected to deal, and the damage the enemies are expected to deal there. The numbers are the odds
//! engine's: checked against the odds the battle itself gives (the player's preview's path) for chosen cells.

use std::path::Path;

use skirmish::ai::lab::{Heat, damage, heat_map_any};
use skirmish::rules::any::{AnyBattle, RulesetId};
use skirmish::rules::dice::SeededDice;
use skirmish::rules::engine::Next;
use skirmish::rules::field::{Move, Pace};
use skirmish::rules::outcome::Log;
use skirmish::scenario::{self, level};

/// The open ground under `ruleset`, at its first slot.
fn first_slot(ruleset: RulesetId) -> (AnyBattle, skirmish::rules::ruleset::Slot) {
    let open = level::load(Path::new("levels/open_ground.ron")).expect("the open ground");
    let s = open.scenario(ruleset).expect("plays");
    let mut log = Log::default();
    let mut battle = scenario::start(&s, "seed 7", &mut log);
    let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(7), &mut log) else { panic!("a first slot") };
    (battle, slot)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The damage of one of the ways to attack `target` after `movement` (none: from where it stands).
fn ways(battle: &AnyBattle, actor: usize, heat: &Heat, movement: Option<Move>) -> Vec<f64> {
    let target = battle.view(heat.target.expect("a target")).id();
    let choices = battle.attack_choices(actor, target, movement);
    choices.iter().filter_map(|(_, a)| battle.odds_of(actor, a).ok()).map(|o| damage(&o)).collect()
}

#[test]
fn the_heat_map_prices_each_cell_with_the_battles_own_odds() {
    for ruleset in RulesetId::ALL {
        let (battle, slot) = first_slot(ruleset);
        let map = heat_map_any(&battle, slot);
        let me = battle.view(slot.actor);
        let here = map.iter().find(|h| h.pace.is_none()).expect("its own cell");
        assert_eq!(here.cell, me.position, "{ruleset:?}");
        assert!(map.len() > 20, "{ruleset:?}: cells in reach: {}", map.len());
        // What the enemies are expected to deal here: each one's plain attack as the battle prices it now.
        for &(e, d) in &here.threats {
            let odds = battle.odds_of(e, &battle.plain_attack_of(e, me.id())).expect("odds");
            assert!(close(d, damage(&odds)), "{ruleset:?}: enemy {e}: {d} vs {}", damage(&odds));
        }
        assert!(close(here.taken, here.threats.iter().map(|(_, d)| d).sum()), "{ruleset:?}");
        // The best attack from a cell it walks to is one of the ways the battle offers after that walk.
        let walked = map.iter().rfind(|h| h.pace == Some(Pace::Walk) && h.target.is_some());
        for heat in [Some(here).filter(|h| h.target.is_some()), walked].into_iter().flatten() {
            let movement = heat.pace.map(|pace| Move { to: heat.cell, pace });
            let offered = ways(&battle, slot.actor, heat, movement);
            assert!(
                offered.iter().any(|d| close(*d, heat.dealt)),
                "{ruleset:?} {:?}: {} not in {offered:?}",
                heat.cell,
                heat.dealt
            );
        }
        assert!(map.iter().any(|h| h.dealt > 0.0), "{ruleset:?}: somewhere to shoot from");
        assert!(map.iter().all(|h| h.dealt >= 0.0 && h.taken >= 0.0), "{ruleset:?}");
    }
}
