//! Under fog, nothing the window works out for the player may depend on where an unseen enemy stands: the same
//! battle with an unseen enemy on a cell the acting unit reaches, and with it out of reach, must give the same
//! reach tint and route, the same heat map, the same odds and the same offer of cover.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;

use super::fog::Fog;
use crate::ai::lab::heat_map_any;
use crate::rules::any_ruleset::any::AnyBattle;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::dice::SeededDice;
use crate::rules::engine::field::Cell;
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::{CombatantId, Slot};
use crate::rules::tools::fog::{as_seen, seen_by};
use crate::rules::tools::plan::seen_cover;
use crate::scenario::Scenario;
use crate::scenario::level::Level;
use crate::ui::battle::preview::{Hover, Preview, update_preview};
use crate::ui::{Acting, MapView};

/// A level's Shadowrun 4 battle twice over: its last combatant, an enemy of `me`, placed where `me`'s side does
/// not see it, on `cell` (which `me` reaches) in `near`, and out of `me`'s reach in `far`.
struct Hidden {
    level: Level,
    near: Scenario,
    far: Scenario,
    me: CombatantId,
    cell: Cell,
}

fn start(scenario: &Scenario) -> AnyBattle {
    crate::battle::run::start(scenario, "seed 1", &mut Log::default())
}

/// Whether `side` sees the last combatant of `scenario`'s battle.
fn last_seen(scenario: &Scenario, side: &str) -> bool {
    let battle = start(scenario);
    seen_by(&battle, &[side.to_owned()])[battle.len() - 1]
}

/// The first shipped level with such a cell, and a cell out of reach where the enemy is unseen too.
fn hidden_enemy() -> Hidden {
    for path in ["levels/street.ron", "levels/crossroads.ron", "levels/corridors.ron", "levels/ambush.ron"] {
        let level = crate::scenario::level::load(path.as_ref()).expect("a shipped level");
        let base = level.scenario(RulesetId::Shadowrun4).expect("plays under Shadowrun 4");
        let battle = start(&base);
        let (views, enemy) = (battle.views(), battle.len() - 1);
        let Some(me) = views.iter().position(|v| v.side != views[enemy].side).map(CombatantId::at) else {
            continue;
        };
        let side = battle.view(me).side.to_owned();
        let run = battle.paces(me).1;
        let reach = battle.field().reachable(battle.view(me).position, &battle.occupied(me), run);
        let placed = |cell: Cell| {
            let mut s = base.clone();
            s.place(enemy, cell);
            (!last_seen(&s, &side)).then_some(s)
        };
        // Where the enemy itself could go: free cells, to put it out of reach.
        let its_reach = battle.field().reachable(views[enemy].position, &battle.occupied(CombatantId::at(enemy)), 400);
        let far = its_reach.iter().map(|(c, _)| *c).filter(|c| !reach.iter().any(|(r, _)| r == c)).find_map(placed);
        let near =
            reach.iter().filter(|(c, _)| *c != battle.view(me).position).find_map(|(c, _)| Some((*c, placed(*c)?)));
        if let (Some(far), Some((cell, near))) = (far, near) {
            return Hidden { level, near, far, me, cell };
        }
    }
    panic!("no shipped level has a cell out of sight within a unit's reach");
}

/// The fog of `me`'s side over `battle`, as `look_around` makes it.
fn fog_of(battle: &AnyBattle, roster: &[Entity], me: CombatantId) -> Fog {
    let side = battle.view(me).side.to_owned();
    let mask = seen_by(battle, std::slice::from_ref(&side));
    let seen = roster.iter().zip(&mask).filter(|(_, s)| **s).map(|(e, _)| *e).collect();
    Fog { on: true, seen, viewer: Some(side), mask, changes: 1 }
}

/// The preview of `me`'s slot with the pointer on `cell`, under its side's fog (or none).
fn preview(hidden: &Hidden, scenario: &Scenario, fogged: bool) -> Preview {
    let mut app = crate::combat::headless::ecs_app(scenario, Box::new(SeededDice::new(1)), "seed 1");
    let roster = app.world().resource::<crate::combat::Roster>().0.clone();
    let fog = match fogged {
        true => fog_of(&app.world().resource::<crate::combat::Engine>().0, &roster, hidden.me),
        false => Fog::default(),
    };
    app.insert_resource(MapView(hidden.level.field.clone()))
        .insert_resource(Acting(Some(roster[hidden.me.index()]), 1))
        .insert_resource(Hover(Some(hidden.cell)))
        .insert_resource(fog)
        .init_resource::<Preview>();
    app.world_mut().run_system_once(update_preview).expect("runs");
    app.world_mut().remove_resource::<Preview>().expect("a preview")
}

#[test]
fn an_unseen_enemy_in_reach_changes_neither_the_reach_tint_nor_the_route() {
    let hidden = hidden_enemy();
    let (near, far) = (preview(&hidden, &hidden.near, true), preview(&hidden, &hidden.far, true));
    assert_eq!(near.reachable, far.reachable, "the tint is the same wherever the unseen enemy stands");
    assert_eq!(near.reach.len(), far.reach.len());
    assert_eq!((&near.route, &near.route_note), (&far.route, &far.route_note));
    assert!(near.reachable.contains_key(&hidden.cell) && near.sight_note.is_empty() && near.odds.is_none());
    // Without fog the enemy there shows: its cell is out of the reach, and the pointer on it prices an attack.
    let open = preview(&hidden, &hidden.near, false);
    assert!(!open.reachable.contains_key(&hidden.cell), "it stands on {:?}", hidden.cell);
    assert!(!open.sight_note.is_empty());
}

#[test]
fn an_unseen_enemy_changes_neither_the_heat_map_nor_the_odds_nor_the_offer_of_cover() {
    let hidden = hidden_enemy();
    let me = hidden.me;
    let known = |s: &Scenario| {
        let battle = start(s);
        let mask = seen_by(&battle, &[battle.view(me).side.to_owned()]);
        (as_seen(&battle, &mask), battle, mask)
    };
    let ((near, near_whole, near_mask), (far, _, far_mask)) = (known(&hidden.near), known(&hidden.far));
    let slot = Slot { actor: me, phase: 1, simultaneous: false };
    assert_eq!(heat_map_any(&near, slot), heat_map_any(&far, slot), "the heat map");
    assert_ne!(heat_map_any(&near_whole, slot), heat_map_any(&far, slot), "which the enemy there would change");
    // The odds of an attack on each enemy in sight.
    let side = near.view(me).side.to_owned();
    let seen_enemies: Vec<CombatantId> =
        near.views().iter().filter(|v| v.side != side && !v.fighter.is_out()).map(|v| v.id()).collect();
    assert!(!seen_enemies.is_empty(), "an enemy in sight to price");
    for target in seen_enemies {
        let attack = near.plain_attack_of(me, target);
        assert_eq!(near.odds_of(me, &attack).ok(), far.odds_of(me, &attack).ok(), "at {target}");
    }
    // Taking cover weighs every enemy: not offered while one is unseen, wherever it stands.
    assert_eq!(seen_cover(&near_whole, me, &near_mask), None);
    assert_eq!(seen_cover(&start(&hidden.far), me, &far_mask), None);
}

#[test]
fn an_unseen_enemy_does_not_change_the_experts_hint() {
    let hidden = hidden_enemy();
    let me = hidden.me;
    let side = start(&hidden.near).view(me).side.to_owned();
    // Each battle played to the first slot of `me`'s side (the others pass), the same dice for both.
    let hint = |scenario: &Scenario| {
        let (mut battle, mut dice, mut log) = (start(scenario), SeededDice::new(3), Log::default());
        let slot = loop {
            match battle.next(&mut dice, &mut log).expect("the battle goes on") {
                crate::rules::engine::battle::Next::Slot(slot) if battle.view(slot.actor).side == side => break slot,
                crate::rules::engine::battle::Next::Slot(_) => battle.pass(&mut log),
                crate::rules::engine::battle::Next::Over => panic!("over before {side} acted"),
            }
        };
        let known = as_seen(&battle, &seen_by(&battle, std::slice::from_ref(&side)));
        let think = crate::ai::expert::Think { millis: 100 };
        let asked = crate::lab::hint::Asked { battle: known, slot, think, plan: Default::default() };
        asked
            .answer(crate::rules::tools::told::OddsTold::Exact, &crate::lab::sim::Progress::default())
            .expect("an enemy in sight")
    };
    let (near, far) = (hint(&hidden.near), hint(&hidden.far));
    assert_eq!(near, far, "the same hint wherever the unseen enemy stands");
    assert!(!near.choice.is_empty() && near.chance.ends_with('%'), "{near:?}");
}
