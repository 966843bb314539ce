//! Hotseat, headless: the hand-over goes to each player in turn, and the last player's orders and selection are
//! gone before the next one sees the screen. (The screen itself is in tests/ecs/gui.rs.)

use bevy::prelude::*;
use skirmish::combat::components::Side;
use skirmish::combat::headless;
use skirmish::combat::{HumanSides, TurnState};
use skirmish::rules::engine::dice::SeededDice;
use skirmish::scenario::level::{self, RulesetId};
use skirmish::ui::Handover;
use skirmish::ui::battle::giving::giving_plugin;
use skirmish::ui::battle::handover::turns_plugin;
use skirmish::ui::battle::orders::{Give, Orders};

/// Updates until a player's slot waits, returning its side.
fn until_waiting(app: &mut App) -> String {
    for _ in 0..200 {
        app.world_mut().run_schedule(Update);
        if let Some((entity, _)) = app.world().resource::<TurnState>().awaiting() {
            return app.world().get::<Side>(entity).expect("a side").0.clone();
        }
    }
    panic!("no player's slot came")
}

#[test]
fn the_screen_goes_to_each_player_in_turn_with_nothing_left_of_the_last_ones_orders() {
    let s = level::load("levels/street.ron".as_ref()).expect("loads").scenario(RulesetId::Shadowrun4).expect("battle");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(3)), "seed 3");
    app.insert_resource(HumanSides(vec!["Crew".into(), "Gang".into()]));
    app.add_plugins((turns_plugin, giving_plugin));
    skirmish::combat::battle::prepare(&mut app).expect("schedules");
    let first = until_waiting(&mut app);
    assert_eq!(app.world().resource::<Handover>().showing.as_deref(), Some(first.as_str()), "covered for the first");
    // The first player takes the screen, plans a move and an attack, then ends the slots of their side.
    let took = app.world_mut().resource_mut::<Handover>().showing.take();
    app.world_mut().resource_mut::<Handover>().last = took;
    let mut seen = vec![first.clone()];
    for _ in 0..50 {
        {
            let mut orders = app.world_mut().resource_mut::<Orders>();
            orders.plan.target = Some(skirmish::rules::engine::ruleset::CombatantId::at(0));
            orders.plan.movement = Some(skirmish::rules::engine::field::Move { to: (3, 6), pace: Default::default() });
            orders.give = Some(Give::End);
        }
        // A unit's sheet the first player looked at.
        let some_unit = app.world().resource::<skirmish::combat::Roster>().0[0];
        app.world_mut().resource_mut::<skirmish::ui::Selected>().0 = Some(some_unit);
        let side = until_waiting(&mut app);
        if side != first {
            seen.push(side);
            break;
        }
    }
    assert_eq!(seen.len(), 2, "the other player's slot came: {seen:?}");
    let handover = app.world().resource::<Handover>();
    assert_eq!(handover.showing.as_deref(), Some(seen[1].as_str()), "the screen is covered for the next player");
    let orders = app.world().resource::<Orders>();
    let plan = &orders.plan;
    assert_eq!(
        (plan.movement.clone(), plan.target, orders.give),
        (None, None, None),
        "the last player's plans are gone"
    );
    assert!(app.world().resource::<skirmish::ui::Selected>().0.is_none());
}

#[test]
fn the_tally_counts_each_sides_hits_against_the_odds_expected_hits() {
    use skirmish::combat::tally::BattleTally;
    let s = level::load("levels/street.ron".as_ref()).expect("loads").scenario(RulesetId::Shadowrun4).expect("battle");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(4)), "seed 4");
    app.insert_resource(skirmish::combat::AiMinds { minds: Default::default(), background: false });
    app.init_resource::<BattleTally>();
    skirmish::combat::battle::prepare(&mut app).expect("schedules");
    skirmish::combat::battle::play_to_end(&mut app).expect("a legal battle");
    let tally = app.world().resource::<BattleTally>().sides.clone();
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let all_hits = log
        .events
        .iter()
        .filter(|e| matches!(e, skirmish::rules::engine::outcome::Event::AttackResolved { hit: true, .. }))
        .count();
    assert_eq!(tally.keys().cloned().collect::<Vec<_>>(), ["Crew", "Gang"]);
    let mut hits = 0;
    for (side, t) in &tally {
        assert!(t.attacks > 0 && t.hits <= t.attacks, "{side}: {t:?}");
        assert!(t.expected_hits >= 0.0 && t.expected_hits <= f64::from(t.attacks), "{side}: {t:?}");
        hits += t.hits as usize;
    }
    // Every hit of the battle was priced (the AI attacks with the weapon in hand, the odds price it).
    assert_eq!(hits, all_hits);
    assert!(tally.values().any(|t| t.damage_dealt > 0));
}

#[test]
fn a_four_side_level_plays_with_a_side_left_out_but_never_with_fewer_than_two() {
    let mut s =
        level::load("levels/crossroads.ron".as_ref()).expect("loads").scenario(RulesetId::Storyteller).expect("battle");
    assert_eq!(s.sides(), ["Jackals", "Vipers", "Ravens", "Wolves"]);
    s.remove_side("Wolves").expect("three are left");
    s.remove_side("Ravens").expect("two are left");
    assert_eq!(s.sides(), ["Jackals", "Vipers"]);
    let vipers = s.remove_side("Vipers").map_err(|e| e.to_string());
    assert_eq!(vipers, Err("Vipers cannot stay out: a battle needs two sides".into()));
    assert!(
        s.remove_side("Nobody")
            .is_err_and(|e| e.to_string().starts_with("no side is called Nobody; the sides are Jackals, Vipers"))
    );
    let report = skirmish::lab::sim::simulate(&s, 4, 1, &Default::default());
    assert!(report.outcomes.iter().all(|o| o.error.is_none() && o.winner.as_deref() != Some("Wolves")));
    // A two-side level keeps both.
    let mut escape =
        level::load("levels/escape.ron".as_ref()).expect("loads").scenario(RulesetId::Storyteller).expect("battle");
    assert!(escape.remove_side("Runners").is_err());
}

#[test]
fn options_name_combatants_and_their_ids_follow_a_side_left_out() {
    use skirmish::rules::engine::ruleset::CombatantId;
    use skirmish::scenario::RulesetSetup;
    let mut s =
        level::load("levels/crossroads.ron".as_ref()).expect("loads").scenario(RulesetId::Shadowrun4).expect("battle");
    let RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("a Shadowrun 4 battle") };
    let first_of = |side: &str| setup.combatants.iter().find(|c| c.side == side).expect("a unit").name.clone();
    let (raven, wolf) = (first_of("Ravens"), first_of("Wolves"));
    let e = s.set_options(r#"(surprise: (alerted: ["Nobody"]))"#).unwrap_err().to_string();
    assert!(e.contains("no combatant is called \"Nobody\"; the combatants are"), "{e}");
    s.set_options(&format!(r#"(surprise: (alerted: ["{raven}", "{wolf}"]))"#)).expect("names of the roster");
    s.remove_side("Wolves").expect("three are left");
    let RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("a Shadowrun 4 battle") };
    let raven_now = s.names().iter().position(|n| *n == raven).expect("still there");
    let alerted = setup.options.surprise.as_ref().expect("surprise").alerted.clone();
    assert_eq!(alerted, [CombatantId::at(raven_now)], "the Raven keeps its alert under its new id; the Wolf is gone");
    let e = s.set_options("(surprise: (alerted: [40]))").unwrap_err().to_string();
    assert!(e.contains("surprise: no combatant #40 to alert"), "{e}");
    // A starting aim follows its target to its new id, and goes with it when its side stays out.
    let crossroads = level::load("levels/crossroads.ron".as_ref()).expect("loads");
    let mut ep = crossroads.scenario(RulesetId::EclipsePhase).expect("battle");
    let names = ep.names();
    let RulesetSetup::EclipsePhase(setup) = &mut ep.ruleset else { panic!("an Eclipse Phase battle") };
    let on = |side: &str| setup.combatants.iter().position(|c| c.side == side).expect("a unit");
    let (viper, raven) = (on("Vipers"), on("Ravens"));
    let aim = |i: usize| Some(skirmish::rules::eclipse_phase::sheet::Aim { target: CombatantId::at(i), held: false });
    (setup.combatants[0].condition.aim, setup.combatants[1].condition.aim) = (aim(raven), aim(viper));
    ep.remove_side("Vipers").expect("three are left");
    let RulesetSetup::EclipsePhase(setup) = &ep.ruleset else { panic!("an Eclipse Phase battle") };
    let raven_now = ep.names().iter().position(|n| *n == names[raven]).expect("still there");
    assert_eq!(setup.combatants[0].condition.aim.as_ref().map(|a| a.target), Some(CombatantId::at(raven_now)));
    assert_eq!(setup.combatants[1].condition.aim, None, "its target stayed out");
    // A script names combatants by their places in the whole roster: it cannot lose a side.
    let crossroads = level::load("levels/crossroads.ron".as_ref()).expect("loads");
    let mut scripted = crossroads.scenario(RulesetId::Storyteller).expect("battle");
    let RulesetSetup::Storyteller(setup) = &mut scripted.ruleset else { panic!("a Storyteller battle") };
    let wait = skirmish::rules::storyteller::turn::Action {
        actor: CombatantId(0),
        act: skirmish::rules::storyteller::turn::Act::Wait,
        movement: None,
    };
    setup.actions.push(wait);
    let e = scripted.remove_side("Wolves").unwrap_err().to_string();
    assert_eq!(e, "Wolves cannot stay out of a scripted battle: its script was written for all sides");
}

#[test]
fn under_fog_of_war_a_player_sees_only_what_their_units_see() {
    use skirmish::combat::components::GridPos;
    use skirmish::rules::engine::field::Terrain;
    use skirmish::ui::battle::fog::{Fog, plugin as fog_plugin};
    let level = level::load("levels/corridors.ron".as_ref()).expect("loads");
    let s = level.scenario(RulesetId::EclipsePhase).expect("battle");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(3)), "seed 3");
    let request = skirmish::battle::BattleRequest::new("levels/corridors.ron".as_ref(), None, Default::default());
    let request = skirmish::battle::BattleRequest { fog: true, humans: vec!["Crew".into()], ..request };
    app.insert_resource(HumanSides(vec!["Crew".into()])).insert_resource(skirmish::ui::screens::NextBattle(request));
    app.insert_resource(skirmish::ui::MapView(level.field.clone()));
    app.add_plugins((turns_plugin, fog_plugin));
    skirmish::combat::battle::prepare(&mut app).expect("schedules");
    let units: Vec<Entity> = app.world().resource::<skirmish::combat::Roster>().0.clone();
    for &e in &units {
        app.world_mut().entity_mut(e).insert(Visibility::default());
    }
    until_waiting(&mut app);
    app.world_mut().run_schedule(Update);
    let world = app.world();
    let fog = world.resource::<Fog>();
    assert!(fog.on);
    let side = |e: Entity| world.get::<Side>(e).expect("a side").0.clone();
    let cell = |e: Entity| world.get::<GridPos>(e).map(|p| (p.0, p.1)).expect("a cell");
    let crew: Vec<Entity> = units.iter().copied().filter(|&e| side(e) == "Crew").collect();
    let mut hidden = 0;
    for &e in &units {
        let sees = side(e) == "Crew"
            || crew.iter().any(|&c| {
                let sight = level.field.sight(cell(c), cell(e));
                !sight.blocked && !sight.hidden
            });
        assert_eq!(fog.sees(e), sees, "{:?}", world.get::<Name>(e));
        let drawn = *world.get::<Visibility>(e).expect("visibility") != Visibility::Hidden;
        assert_eq!(drawn, sees);
        hidden += usize::from(!sees);
    }
    assert!(hidden > 0, "the corridors hide some boarders at the start");
}
