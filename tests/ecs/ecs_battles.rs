//! The ECS layer, headless: the exact message sequence of a scripted battle, no ambiguous system order, the same
//! battle as the pure battle loop for every shipped scenario, and a seeded 4-vs-4 battle that replays identically,
//! also from its own action record.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;
use skirmish::battle::run;
use skirmish::combat::battle::{battle_app, play_to_end};
use skirmish::combat::headless;
use skirmish::combat::messages::{
    AttackResolved, BattleEnded, DamageApplied, RoundStarted, StatusChanged, TurnEnded, TurnStarted, WoundsTaken,
};
use skirmish::combat::{Engine, TurnSystems};
use skirmish::rules::any_ruleset::any::BattleSetup;
use skirmish::rules::any_ruleset::any::{AnyAction, AnyBattle, AnyCondition};
use skirmish::rules::eclipse_phase::{self as ep, EclipsePhase};
use skirmish::rules::engine::battle::{ActionSource, Battle, Start};
use skirmish::rules::engine::dice::{ScriptedDice, SeededDice};
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::engine::ruleset::Combatant;
use skirmish::scenario::{self, RulesetSetup, Scenario};

fn load(path: &str) -> Scenario {
    scenario::load(Path::new(path)).expect("the scenario loads")
}

/// The Eclipse Phase combatants and actions of a scenario.
fn ep_parts(s: &Scenario) -> (Vec<Combatant<ep::Fighter>>, Vec<ep::actions::Action>) {
    let RulesetSetup::EclipsePhase(setup) = &s.ruleset else { panic!("an Eclipse Phase scenario") };
    let fighters = setup
        .combatants
        .iter()
        .map(|c| Combatant {
            side: c.side.clone(),
            position: c.position,
            fighter: ep::Fighter {
                id: Default::default(),
                name: c.name.clone(),
                sheet: Arc::new(c.sheet.clone()),
                condition: c.condition.clone(),
            },
        })
        .collect();
    (fighters, setup.actions.clone())
}

fn ep_app(
    s: &Scenario,
    orders: ActionSource<ep::actions::Action>,
    dice: Box<dyn skirmish::rules::engine::dice::Dice + Send + Sync>,
) -> App {
    let (combatants, _) = ep_parts(s);
    let (rules, turn_limit, objectives) = (EclipsePhase::default(), s.turn_limit, s.objectives.clone());
    let battle = Battle::new(Start { rules, combatants, orders, turn_limit, objectives });
    battle_app(BattleSetup {
        battle: AnyBattle::EclipsePhase(battle),
        dice,
        log: Log::default(),
        typed: Default::default(),
    })
}

/// Every message of the battle, as one line each, in the order the systems wrote them.
#[derive(Resource, Default)]
struct Heard(Vec<String>);

fn listen(
    mut heard: ResMut<Heard>,
    names: Query<&Name>,
    mut rounds: MessageReader<RoundStarted>,
    mut turns: MessageReader<TurnStarted>,
    mut attacks: MessageReader<AttackResolved>,
    mut damage: MessageReader<DamageApplied>,
    mut wounds: MessageReader<WoundsTaken>,
    mut statuses: MessageReader<StatusChanged>,
    mut ended: (MessageReader<TurnEnded>, MessageReader<BattleEnded>),
) {
    let name = |e: Entity| names.get(e).map(|n| n.as_str().to_owned()).unwrap_or_default();
    let h = &mut heard.0;
    h.extend(rounds.read().map(|m| format!("RoundStarted {}", m.turn)));
    h.extend(turns.read().map(|m| format!("TurnStarted {}", name(m.entity))));
    h.extend(
        attacks.read().map(|m| format!("AttackResolved {} → {} hit={}", name(m.attacker), name(m.defender), m.hit)),
    );
    h.extend(damage.read().map(|m| format!("DamageApplied {} {} {}", name(m.entity), m.amount, m.track)));
    h.extend(wounds.read().map(|m| format!("WoundsTaken {} {}", name(m.entity), m.wounds)));
    h.extend(statuses.read().map(|m| format!("StatusChanged {} {:?} gained={}", name(m.entity), m.status, m.gained)));
    h.extend(ended.0.read().map(|m| format!("TurnEnded {}", name(m.entity))));
    h.extend(ended.1.read().map(|m| format!("BattleEnded {}", m.reason)));
}

#[test]
fn the_stoya_example_sends_its_messages_in_order() {
    let s = load("tests/scenarios/stoya.ron");
    let (_, actions) = ep_parts(&s);
    let dice = Box::new(ScriptedDice::new(s.dice.clone().unwrap()));
    let mut app = ep_app(&s, ActionSource::Script(actions.into()), dice);
    app.init_resource::<Heard>().add_systems(Update, listen.after(TurnSystems::End));
    play_to_end(&mut app).unwrap();
    let expected = [
        "RoundStarted 1",
        "TurnStarted Assassin",
        "AttackResolved Assassin → Stoya hit=false",
        "AttackResolved Assassin → Stoya hit=true",
        "DamageApplied Stoya 26 damage",
        "WoundsTaken Stoya 2",
        "TurnEnded Assassin",
        "TurnStarted Stoya",
        "AttackResolved Stoya → Assassin hit=true",
        "DamageApplied Assassin 4 damage",
        "StatusChanged Assassin Stunned(3) gained=true",
        "TurnEnded Stoya",
        "BattleEnded the scripted actions are done",
    ];
    assert_eq!(app.world().resource::<Heard>().0, expected);
    let stoya = app
        .world_mut()
        .query::<(&Name, &skirmish::combat::components::Wounds)>()
        .iter(app.world())
        .find(|(n, _)| n.as_str() == "Stoya")
        .and_then(|(_, w)| match &w.0 {
            AnyCondition::EclipsePhase(c) => Some((c.damage, c.wounds)),
            _ => None,
        });
    assert_eq!(stoya, Some((26, 2)), "the damage system wrote Stoya's condition");
    let assassin_statuses = app
        .world_mut()
        .query::<(&Name, &skirmish::combat::components::StatusList)>()
        .iter(app.world())
        .find(|(n, _)| n.as_str() == "Assassin")
        .map(|(_, s)| s.0.clone());
    assert_eq!(assassin_statuses, Some(vec![Status::Stunned(3)]));
    let loadout = app
        .world_mut()
        .query::<(&Name, &skirmish::combat::components::Loadout)>()
        .iter(app.world())
        .find(|(n, _)| n.as_str() == "Assassin")
        .map(|(_, l)| l.clone());
    // A spray weapon: the window shows and plays it as a heavy one.
    let (weapon, name, class) =
        ("shredder".into(), "Shredder".into(), skirmish::rules::engine::ruleset::WeaponClass::Heavy);
    let expected = skirmish::combat::components::Loadout { weapon, name, class, rounds: Some(94) };
    assert_eq!(loadout, Some(expected), "two bursts of 3 from 100");
    // What the sheet shows reads as the catalogue names it, not its ids.
    let armor = app
        .world_mut()
        .query::<(&Name, &skirmish::combat::components::Armor)>()
        .iter(app.world())
        .find(|(n, _)| n.as_str() == "Assassin")
        .map(|(_, a)| a.0.clone());
    assert!(armor.as_ref().is_some_and(|a| !a.is_empty() && a.iter().all(|n| !n.contains('_'))), "{armor:?}");
}

#[test]
fn the_combat_systems_have_no_ambiguous_order() {
    let s = load("scenarios/squad_battle.ron");
    let mut app = ep_app(&s, ActionSource::Free, Box::new(SeededDice::new(1)));
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings { ambiguity_detection: LogLevel::Error, ..default() });
    });
    app.update(); // builds the schedule: an ambiguity would be an error here
    assert_eq!(app.world().resource::<skirmish::combat::TurnState>().turn, 1);
}

#[test]
#[should_panic(expected = "conflicting data access have indeterminate execution order")]
fn an_unordered_system_touching_the_same_data_is_caught() {
    fn meddle(mut log: ResMut<skirmish::combat::BattleLog>) {
        log.0.events.clear();
    }
    let s = load("scenarios/squad_battle.ron");
    let mut app = ep_app(&s, ActionSource::Free, Box::new(SeededDice::new(1)));
    app.add_systems(Update, meddle);
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings { ambiguity_detection: LogLevel::Error, ..default() });
    });
    app.update();
}

#[test]
fn every_shipped_scenario_plays_the_same_battle_through_the_ecs() {
    let mut paths: Vec<String> = Vec::new();
    for dir in ["scenarios", "tests/scenarios"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            paths.push(entry.unwrap().path().to_string_lossy().into_owned());
        }
    }
    for path in paths {
        let s = load(&path);
        let seeds: Vec<Option<u64>> = match &s.dice {
            Some(_) => vec![None],
            None => (0..5).map(Some).collect(),
        };
        for seed in seeds {
            let dice = || -> Box<dyn skirmish::rules::engine::dice::Dice + Send + Sync> {
                match seed {
                    Some(n) => Box::new(SeededDice::new(n)),
                    None => Box::new(ScriptedDice::new(s.dice.clone().unwrap())),
                }
            };
            let mut pure = Log::default();
            run::run(&s, dice().as_mut(), "x", &mut pure).unwrap();
            let (ecs, result) = headless::run_ecs(&s, dice(), "x");
            assert_eq!(result, Ok(()));
            assert_eq!(ecs, pure, "{path} with seed {seed:?}");
        }
    }
}

#[test]
fn a_seeded_four_on_four_battle_replays_identically_and_from_its_record() {
    let s = load("scenarios/squad_battle.ron");
    let fight = |source| {
        let mut app = ep_app(&s, source, Box::new(SeededDice::new(4242)));
        play_to_end(&mut app).unwrap();
        let record = app.world().resource::<Engine>().0.record();
        let log = app.world().resource::<skirmish::combat::BattleLog>().0.clone();
        (log, record)
    };
    let (first, record) = fight(ActionSource::Free);
    let (second, _) = fight(ActionSource::Free);
    assert_eq!(first, second);
    assert!(record.len() > 8, "a real battle: {} actions", record.len());
    let ep_action = |a: &AnyAction| match a {
        AnyAction::EclipsePhase(a) => a.clone(),
        other => panic!("an Eclipse Phase action, not {other:?}"),
    };
    let replayed = ActionSource::Script(record.iter().filter_map(|r| r.action()).map(ep_action).collect());
    let (third, _) = fight(replayed);
    assert_eq!(third, first, "the record with the same dice is the same battle");
}

#[test]
fn a_players_side_waits_for_its_orders_and_plays_them() {
    use skirmish::combat::{HumanSides, TurnState};
    let s = load("scenarios/firefight.ron");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(1)), "seed 1");
    app.insert_resource(HumanSides(vec!["Firewall".into()]));
    skirmish::combat::battle::prepare(&mut app).expect("schedules");
    let awaiting = |app: &App| app.world().resource::<TurnState>().awaiting();
    for _ in 0..50 {
        if awaiting(&app).is_some() {
            break;
        }
        app.world_mut().run_schedule(Update);
    }
    let (entity, slot) = awaiting(&app).expect("a Firewall combatant's slot waits for its player");
    let id = app.world().get::<skirmish::combat::components::Combatant>(entity).expect("a combatant").0;
    let events = app.world().resource::<skirmish::combat::BattleLog>().0.events.len();
    for _ in 0..5 {
        app.world_mut().run_schedule(Update);
    }
    assert_eq!(
        app.world().resource::<skirmish::combat::BattleLog>().0.events.len(),
        events,
        "nothing happens while it waits"
    );
    assert_eq!(awaiting(&app), Some((entity, slot)));
    // What the window does with the player's orders: declare the action and stop waiting.
    let action = ep::actions::Action { actor: id, quick: Vec::new(), complex: Some(ep::actions::ComplexAction::Wait) };
    let action = AnyAction::EclipsePhase(action);
    app.world_mut().write_message(skirmish::combat::messages::DeclareAction { entity, slot, action });
    app.world_mut().resource_mut::<TurnState>().declared();
    app.world_mut().run_schedule(Update);
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let waited = log.events[events..].iter().any(|e| matches!(e, skirmish::rules::engine::outcome::Event::ActionTaken { who, action } if *who == id && action == "waits"));
    assert!(waited, "the player's action was played");
}

/// The firefight with Firewall commanded by a player, run until its first slot waits: the app and the waiting
/// combatant's name.
fn waiting_app() -> (App, String) {
    use skirmish::combat::{HumanSides, TurnState};
    use skirmish::ui::battle::giving::giving_plugin;
    use skirmish::ui::battle::orders::Orders;
    let s = load("scenarios/firefight.ron");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(1)), "seed 1");
    app.insert_resource(HumanSides(vec!["Firewall".into()])).init_resource::<Orders>();
    app.add_plugins(giving_plugin);
    skirmish::combat::battle::prepare(&mut app).expect("schedules");
    for _ in 0..50 {
        if app.world().resource::<TurnState>().awaiting().is_some() {
            break;
        }
        app.world_mut().run_schedule(Update);
    }
    let (entity, _) = app.world().resource::<TurnState>().awaiting().expect("a Firewall slot waits");
    let name = app.world().get::<Name>(entity).expect("a name").as_str().to_owned();
    app.world_mut().run_schedule(Update);
    (app, name)
}

#[test]
fn the_windows_orders_become_the_rulesets_action_after_a_dry_run() {
    use skirmish::combat::TurnState;
    use skirmish::combat::components::{Combatant, Side};
    use skirmish::ui::battle::orders::{Give, Orders};
    let (mut app, name) = waiting_app();
    let others = offered(&app);
    assert!(others.contains(&"Full defense".to_owned()) && others.last() == Some(&"Wait".to_owned()), "{others:?}");
    // A move far beyond a walk is refused with the rules' reason, and the battle goes on waiting.
    let far = skirmish::rules::engine::field::Move { to: (90, 0), pace: Default::default() };
    {
        let mut orders = app.world_mut().resource_mut::<Orders>();
        (orders.plan.movement, orders.give) = (Some(far), Some(Give::Plan));
    }
    app.world_mut().run_schedule(Update);
    let refused = app.world().resource::<Orders>().refused.clone().unwrap_or_default();
    assert!(refused.contains("walks at most"), "{refused}");
    assert!(app.world().resource::<TurnState>().awaiting().is_some());
    // An attack with a called shot: the ways to attack the target are offered, the chosen one is played.
    let mut enemies = app.world_mut().query::<(&Combatant, &Side)>();
    let target = enemies.iter(app.world()).find(|(_, s)| s.0 != "Firewall").map(|(c, _)| c.0).expect("an enemy");
    {
        let mut orders = app.world_mut().resource_mut::<Orders>();
        (orders.plan.movement, orders.give, orders.plan.target) = (None, None, Some(target));
    }
    app.world_mut().run_schedule(Update);
    let ways = app.world().resource::<Orders>().waiting.as_ref().expect("still waiting").ways.clone();
    let called = ways.iter().position(|w| w.contains("called shot")).expect("a called shot is offered");
    {
        let mut orders = app.world_mut().resource_mut::<Orders>();
        (orders.plan.way, orders.give) = (Some(called), Some(Give::Plan));
    }
    app.world_mut().run_schedule(Update);
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let aimed = log.tests().any(|t| log.name(t.who) == name && t.modifiers.iter().any(|m| m.name == "called shot"));
    assert!(aimed, "the called shot was played: {ways:?}");
}

/// The other actions the waiting slot offers, by name.
fn offered(app: &App) -> Vec<String> {
    let orders = app.world().resource::<skirmish::ui::battle::orders::Orders>();
    orders.waiting.as_ref().expect("a slot waits").choices.others.clone()
}

#[test]
fn the_action_bar_takes_the_rulesets_other_actions() {
    use skirmish::ui::battle::orders::Orders;
    let (mut app, name) = waiting_app();
    let i = offered(&app).iter().position(|o| o == "Full defense").expect("offered");
    app.world_mut().resource_mut::<Orders>().take_other(i);
    app.world_mut().run_schedule(Update);
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let defended = log.events.iter().any(|e| matches!(e, skirmish::rules::engine::outcome::Event::ActionTaken { who, action } if log.name(*who) == name && action.starts_with("goes on full defense")));
    assert!(defended, "the player's full defense was played");
}

#[test]
fn a_delayed_slot_comes_back_after_the_rest_of_its_phase_and_only_once() {
    use skirmish::combat::TurnState;
    use skirmish::rules::engine::outcome::Event;
    use skirmish::ui::battle::orders::{Give, Orders};
    let (mut app, name) = waiting_app();
    let (entity, slot) = app.world().resource::<TurnState>().awaiting().expect("waits");
    assert!(!app.world().resource::<TurnState>().from_delay, "a fresh slot may be delayed");
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let order = log.events.iter().rev().find_map(|e| match e {
        Event::PhaseStarted { phase, order, .. } if *phase == slot.phase => {
            Some(order.iter().map(|id| log.name(*id)).collect::<Vec<_>>())
        }
        _ => None,
    });
    let order = order.expect("the phase's order is in the log");
    let after: Vec<String> = order.iter().skip_while(|n| **n != name).skip(1).cloned().collect();
    app.world_mut().resource_mut::<Orders>().give = Some(Give::Delay);
    for _ in 0..200 {
        app.world_mut().run_schedule(Update);
        match app.world().resource::<TurnState>().awaiting() {
            Some((e, _)) if e == entity => break,
            // Other players' units in between end their slots doing nothing.
            Some(_) => app.world_mut().resource_mut::<Orders>().give = Some(Give::End),
            None => {}
        }
    }
    let state = app.world().resource::<TurnState>();
    assert_eq!(state.awaiting(), Some((entity, slot)), "the same slot comes back");
    assert!(state.from_delay);
    let log = &app.world().resource::<skirmish::combat::BattleLog>().0;
    let delayed = log.events.iter().position(|e| matches!(e, Event::ActionTaken { who, action } if log.name(*who) == name && action.starts_with("delays its action until everyone else in this phase")));
    let since = &log.events[delayed.expect("the delay is in the log")..];
    assert!(!since.iter().any(|e| matches!(e, Event::TurnStarted { .. })), "still the same turn");
    assert!(!after.is_empty(), "{name} is not last in {order:?}");
    let acted = |who: &str| {
        since.iter().any(|e| {
            matches!(e, Event::ActionTaken { who: w, .. } | Event::Moved { who: w, .. } if log.name(*w) == who)
                || matches!(e, Event::Tested(t) if log.name(t.who) == who)
        })
    };
    assert!(after.iter().all(|n| acted(n)), "everyone after {name} in phase {} acted first: {after:?}", slot.phase);
    // Delayed once, it cannot be delayed again: the slot offers no delay, a request is ignored and the slot waits.
    app.world_mut().run_schedule(Update);
    assert!(app.world().resource::<TurnState>().from_delay);
    let waiting = app.world().resource::<Orders>().waiting.clone().expect("the slot waits");
    assert!(!waiting.choices.may_delay, "no second delay is offered");
    app.world_mut().resource_mut::<Orders>().give = Some(Give::Delay);
    app.world_mut().run_schedule(Update);
    assert_eq!(app.world().resource::<TurnState>().awaiting(), Some((entity, slot)));
}

/// The damage system writes only the combatants an action touched (its actor and those its events name: the
/// rulesets' contract): after every slot of every shipped battle, each combatant's components show exactly what
/// the engine holds (initiative included: a wound lowers it in Shadowrun 4 and the homebrew).
#[test]
fn the_components_show_the_engine_after_every_slot() {
    use skirmish::combat::TurnState;
    use skirmish::combat::components::{Combatant, GridPos, Initiative, StatusList, Wounds};
    use skirmish::rules::any_ruleset::any::RulesetId;
    use skirmish::scenario::files;
    let mut battles: Vec<Scenario> =
        common::shipped("scenarios").iter().map(|p| files::load(p, None).unwrap()).collect();
    for path in common::shipped_levels() {
        battles.extend(RulesetId::ALL.map(|r| files::load(&path, Some(r)).unwrap()));
    }
    for s in battles {
        let dice: Box<dyn skirmish::rules::engine::dice::Dice + Send + Sync> = match &s.dice {
            Some(faces) => Box::new(ScriptedDice::new(faces.clone())),
            None => Box::new(SeededDice::new(7)),
        };
        let mut app = headless::ecs_app(&s, dice, "x");
        let mut slots = 0;
        while !app.world().resource::<TurnState>().ended() {
            app.world_mut().run_schedule(Update);
            slots += 1;
            let world = app.world_mut();
            let mut shown = world.query::<(&Combatant, &GridPos, &Wounds, &StatusList, &Initiative)>();
            let engine = &world.resource::<Engine>().0;
            for (index, pos, wounds, statuses, initiative) in shown.iter(world) {
                let view = engine.view(index.0);
                let at = format!("{} ({}), slot {slots}, {}", s.name, engine.rules_name(), view.name());
                assert!(engine.condition_is(index.0, &wounds.0), "{at}: condition");
                assert_eq!((pos.0, pos.1), view.position, "{at}: cell");
                assert_eq!(statuses.0, view.fighter.statuses(), "{at}: statuses");
                if let Some(score) = engine.initiative(index.0) {
                    assert_eq!(initiative.score, Some(score), "{at}: initiative");
                }
            }
        }
        assert_eq!(app.world().resource::<TurnState>().error(), None, "{}", s.name);
        assert!(slots > 3, "{}: a whole battle", s.name);
    }
}

#[test]
fn the_gms_change_goes_to_the_engine_while_a_player_waits_and_the_components_show_it() {
    use skirmish::combat::TurnState;
    use skirmish::combat::components::{StatusList, Tracks};
    use skirmish::combat::gm::{ChangeByGm, GmChangeMade, GmChangeRefused};
    use skirmish::rules::engine::gm::GmChange;
    let (mut app, _) = waiting_app();
    let (entity, slot) = app.world().resource::<TurnState>().awaiting().expect("a Firewall slot waits");
    let who = slot.actor;
    let capacity = app.world().get::<Tracks>(entity).expect("tracks").0[0].capacity;
    app.world_mut().write_message(ChangeByGm(GmChange::Track { who, track: 0, taken: 3 }));
    app.world_mut().run_schedule(Update);
    assert_eq!(app.world().get::<Tracks>(entity).expect("tracks").0[0].taken, 3, "the components show it");
    assert_eq!(app.world().resource::<TurnState>().awaiting(), Some((entity, slot)), "the slot still waits");
    let made: Vec<GmChangeMade> = app.world_mut().resource_mut::<Messages<GmChangeMade>>().drain().collect();
    assert_eq!(made.len(), 1);
    // A change the rules refuse says why, and the slot still waits.
    app.world_mut().write_message(ChangeByGm(GmChange::Rounds { who, rounds: 999 }));
    app.world_mut().run_schedule(Update);
    let refused: Vec<GmChangeRefused> = app.world_mut().resource_mut::<Messages<GmChangeRefused>>().drain().collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].why.contains("the GM cannot change"), "{}", refused[0].why);
    assert_eq!(app.world().resource::<TurnState>().awaiting(), Some((entity, slot)), "the slot still waits");
    // Past its durability, the waiting combatant is out: its slot ends, and the battle goes on to the next.
    app.world_mut().write_message(ChangeByGm(GmChange::Track { who, track: 0, taken: capacity + 1 }));
    app.world_mut().run_schedule(Update);
    let statuses = &app.world().get::<StatusList>(entity).expect("statuses").0;
    assert!(statuses.contains(&Status::Incapacitated), "{statuses:?}");
    assert_ne!(app.world().resource::<TurnState>().awaiting().map(|(e, _)| e), Some(entity), "its slot is over");
}
