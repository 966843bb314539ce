//! Dice rolled by hand: a side whose player rolls their own dice is asked for every roll of its combatants (and no
//! other), the battle waiting in the ECS while it is; the faces typed in are the battle's, the AI's dice stay the
//! seed's, in order, and the battle is exactly the one those faces make (no roll taken twice while it waited). A
//! save of such a battle marks the typed faces, and taken up again it plays on to the same log.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::render;
use skirmish::ai::Difficulty;
use skirmish::battle::no_typing;
use skirmish::battle::run;
use skirmish::battle::save::Save;
use skirmish::battle::{BattleRequest, DiceChoice};
use skirmish::combat::battle::{battle_app, prepare};
use skirmish::combat::headless::play_setup;
use skirmish::combat::{AiMinds, BattleDice, Engine, TurnState};
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::dice::Wanted;
use skirmish::rules::engine::dice::{Dice, SeededDice};
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::ruleset::CombatantId;

/// A battle on the street, the AI on both sides, the Crew's dice rolled by hand.
struct ByHand {
    log: Log,
    battle: AnyBattle,
    typed: BTreeSet<usize>,
    asked: Vec<Wanted>,
    crew: BTreeSet<CombatantId>,
}

fn recipe(ruleset: RulesetId, seed: u64) -> BattleRequest {
    let request = BattleRequest::new(Path::new("levels/street.ron"), Some(ruleset), Difficulty::Hard);
    let mut recipe = BattleRequest { dice: DiceChoice::Seed(seed), dice_label: "seed".into(), ..request };
    recipe.by_hand = vec!["Crew".into()];
    recipe
}

/// Plays `recipe`'s battle (or takes `save` up) with the Crew's faces typed in from `hand`, until `decisions`.
fn play_by_hand(recipe: &BattleRequest, save: Option<&Save>, hand: &mut SeededDice, decisions: usize) -> ByHand {
    let setup = match save {
        Some(save) => save.resume(no_typing).expect("replays").setup,
        None => run::setup(&recipe.scenario().expect("the level"), recipe.dice(no_typing), &recipe.dice_label),
    };
    let mut app = battle_app(setup);
    app.insert_resource(AiMinds { minds: recipe.minds(), background: false });
    prepare(&mut app).expect("schedules");
    let engine = &app.world().resource::<Engine>().0;
    let crew: BTreeSet<CombatantId> =
        engine.views().iter().filter(|c| c.side == "Crew").map(|c| c.fighter.id()).collect();
    app.world_mut().resource_mut::<BattleDice>().0.roll_by_hand(crew.clone());
    let mut asked = Vec::new();
    for _ in 0..200_000 {
        let world = app.world_mut();
        if world.resource::<TurnState>().ended() || world.resource::<Engine>().0.decided() >= decisions {
            break;
        }
        if let Some(wanted) = world.resource::<BattleDice>().0.wanted().cloned() {
            let faces = hand.roll_many(wanted.count, wanted.request.sides, "by hand").expect("faces");
            let line = faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            world.resource_mut::<BattleDice>().0.type_in(&line).expect("a good line");
            asked.push(wanted);
        }
        app.update();
    }
    let world = app.world_mut();
    assert_eq!(world.resource::<TurnState>().error(), None);
    let typed = world.resource::<BattleDice>().0.typed().clone();
    let battle = world.remove_resource::<Engine>().expect("the battle").0;
    let log = skirmish::combat::battle::take_log(&mut app);
    ByHand { log, battle, typed, asked, crew }
}

#[test]
fn a_side_that_rolls_by_hand_is_asked_for_its_every_roll_and_the_ai_keeps_the_seed() {
    // Seeds 3 to 6, one a ruleset.
    for (ruleset, seed) in RulesetId::ALL.into_iter().zip(3..) {
        let recipe = recipe(ruleset, seed);
        let b = play_by_hand(&recipe, None, &mut SeededDice::new(99), usize::MAX);
        let faces = b.battle.faces();
        assert!(b.battle.ending().is_some(), "{ruleset:?}: the battle ends");
        assert!(b.asked.len() > 10, "{ruleset:?}: asked {} times", b.asked.len());
        println!(
            "{ruleset:?}: asked {} times, {} of {} faces typed in",
            b.asked.len(),
            b.typed.len(),
            b.battle.faces().len()
        );
        assert!(b.asked.iter().all(|w| b.crew.contains(&w.who)), "{ruleset:?}: only the Crew's rolls are asked for");
        // Each event's faces are typed in exactly when they are a Crew combatant's.
        let mut at = 0;
        for event in &b.log.events {
            let shown = event.faces().len();
            let who = event.combatants()[0];
            let typed = (at..at + shown).filter(|i| b.typed.contains(i)).count();
            let crews = who.is_some_and(|w| b.crew.contains(&w));
            assert_eq!(typed, if crews { shown } else { 0 }, "{ruleset:?}: {}", b.log.show(event));
            at += shown;
        }
        assert_eq!(at, faces.len(), "{ruleset:?}: every face shows in the log");
        // The typed faces are the hand's, in order; the others the seed's, in order.
        let (typed, own): (Vec<(usize, u32)>, Vec<(usize, u32)>) =
            faces.iter().copied().enumerate().partition(|(i, _)| b.typed.contains(i));
        let (mut hand, mut seeded) = (SeededDice::new(99), SeededDice::new(seed));
        // One kind of die in these rulesets (Eclipse Phase rolls d100 and d10): the sequences can be rolled again.
        let die = match ruleset {
            RulesetId::Shadowrun4 | RulesetId::HomebrewD6 => Some(6),
            RulesetId::Storyteller => Some(10),
            _ => None,
        };
        if let Some(die) = die {
            assert!(typed.iter().all(|&(_, f)| f == hand.roll(die, "t").expect("a face")), "{ruleset:?}: the hand's");
            assert!(own.iter().all(|&(_, f)| f == seeded.roll(die, "t").expect("a face")), "{ruleset:?}: the seed's");
        }
        // The battle those faces make, none asked for: the same log, line for line.
        let mut scripted = recipe.clone();
        (scripted.dice, scripted.by_hand) = (DiceChoice::Faces(faces.to_vec()), Vec::new());
        let setup = run::setup(&scripted.scenario().expect("the level"), scripted.dice(no_typing), "seed");
        let (again, result, _) = play_setup(setup, Some(scripted.minds()), usize::MAX);
        result.expect("plays");
        assert_eq!(render(&again), render(&b.log), "{ruleset:?}: the battle of those faces");
    }
}

#[test]
fn a_battle_rolled_by_hand_saved_mid_way_plays_on_to_the_same_log() {
    let recipe = recipe(RulesetId::Shadowrun4, 7);
    let whole = play_by_hand(&recipe, None, &mut SeededDice::new(5), usize::MAX);
    let decisions = whole.battle.decided();
    for k in [1, decisions / 3, decisions / 2, decisions - 1] {
        let part = play_by_hand(&recipe, None, &mut SeededDice::new(5), k);
        let save = Save::with_typed(&recipe, &part.battle, &part.typed);
        let read = Save::parse(&save.to_ron().expect("text"), Path::new("s.ron")).expect("reads back");
        assert_eq!(read.typed, part.typed.range(..part.battle.faces().len()).copied().collect());
        // The hand goes on where it stopped: as many faces typed in as the save holds.
        let mut hand = SeededDice::new(5);
        hand.roll_many(read.typed.len() as u32, 6, "t").expect("faces");
        let on = play_by_hand(&recipe, Some(&read), &mut hand, usize::MAX);
        assert_eq!(render(&on.log), render(&whole.log), "saved after {k} of {decisions} decisions");
    }
}
