//! The defender decides, in the ECS (issue 66, 5): a side whose players are asked how they defend holds each attack on
//! one of its combatants (`SlotPhase::DefenderChoosing`) until a `ChooseDefense` answers it; the answer is recorded
//! in the attacker's action, so the battle's record replays to the same log. No other side is asked.

use std::path::Path;

use crate::common::render;
use skirmish::ai::{Difficulty, Minds};
use skirmish::battle::{BattleRequest, DiceChoice, no_typing, run};
use skirmish::combat::battle::{battle_app_with, prepare, take_log};
use skirmish::combat::enter::Seats;
use skirmish::combat::messages::ChooseDefense;
use skirmish::combat::{Engine, SlotPhase, TurnState};
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::rules::engine::battle::Next;
use skirmish::rules::engine::dice::ScriptedDice;
use skirmish::rules::engine::outcome::Log;

#[test]
fn an_asked_side_chooses_its_defense_the_battle_waits_and_the_record_replays_it() {
    for (ruleset, seed) in [(RulesetId::Shadowrun4, 5), (RulesetId::HomebrewD6, 6)] {
        let request = BattleRequest::new(Path::new("levels/street.ron"), Some(ruleset), Difficulty::Hard);
        let request = BattleRequest { dice: DiceChoice::Seed(seed), dice_label: "seed".into(), ..request };
        let scenario = request.scenario().expect("the level");
        let setup = run::setup(&scenario, request.dice(no_typing), "seed");
        let seats = Seats { minds: Some(Minds::all(Difficulty::Hard)), asked: vec!["Crew".into()], ..Seats::default() };
        let mut app = battle_app_with(setup, seats);
        prepare(&mut app).expect("schedules");
        let (mut asked, mut waited) = (0, 0);
        for _ in 0..100_000 {
            let world = app.world_mut();
            if world.resource::<TurnState>().ended() {
                break;
            }
            let state = world.resource::<TurnState>();
            if let (SlotPhase::DefenderChoosing(..), Some(choice)) = (&state.phase, &state.asked) {
                let defender = world.resource::<Engine>().0.view(choice.defender).side.to_owned();
                assert_eq!(defender, "Crew", "{ruleset:?}: only the asked side is asked");
                // The battle waits for the answer: an update without one changes nothing.
                let decided = world.resource::<Engine>().0.decided();
                app.update();
                assert_eq!(app.world().resource::<Engine>().0.decided(), decided, "{ruleset:?}: it waits");
                waited += 1;
                // Each answer in turn: the last option, the first, then the rules' own choice.
                let option = match asked % 3 {
                    0 => Some(choice_len(&app) - 1),
                    1 => Some(0),
                    _ => None,
                };
                app.world_mut().write_message(ChooseDefense { option });
                asked += 1;
            }
            app.update();
        }
        assert!(app.world().resource::<TurnState>().ended(), "{ruleset:?}: the battle ends");
        assert_eq!(app.world().resource::<TurnState>().error(), None, "{ruleset:?}");
        assert!(asked > 5 && waited == asked, "{ruleset:?}: asked {asked} times");
        println!("{ruleset:?}: the Crew was asked {asked} times");
        let played = app.world_mut().remove_resource::<Engine>().expect("the battle").0;
        let log = take_log(&mut app);
        // The record, replayed from the start with the battle's faces, is the same battle.
        let mut again = Log::default();
        let mut battle = run::start(&scenario, "seed", &mut again);
        let mut faces = ScriptedDice::new(played.faces().iter().copied());
        battle.replay(&played.record(), &mut faces, &mut again).expect("the record fits");
        assert_eq!(battle.next(&mut faces, &mut again).expect("over"), Next::Over, "{ruleset:?}");
        // Line by line, so that a failure shows the first line that differs.
        let (again, log) = (render(&again), render(&log));
        let (a, b): (Vec<&str>, Vec<&str>) = (again.lines().collect(), log.lines().collect());
        let first = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i));
        let at = |lines: &[&str], i: Option<usize>| i.and_then(|i| lines.get(i).map(|l| l.to_string()));
        assert_eq!(at(&a, first), at(&b, first), "{ruleset:?}: the record replays the choices");
    }
}

/// How many options the defender being asked has.
fn choice_len(app: &bevy::app::App) -> usize {
    app.world().resource::<TurnState>().asked.as_ref().map_or(0, |c| c.options.len())
}
