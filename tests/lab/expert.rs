//! The expert AI (`ai/expert.rs`): the same state, seed and budget give the same choice; under fog its choice does
//! not change when a unit its side does not see moves; it plays battles to their ends under every ruleset with no
//! action refused; it finds the attack that wins under every ruleset; it plays an attack out, and its hint tells the
//! chance of one, with the defense an AI defender takes.

use skirmish::ai::expert::{Think, play_out, think_over, think_seeing};
use skirmish::ai::{Difficulty, Minds};
use skirmish::lab::hint::Asked;
use skirmish::lab::sim::Progress;
use skirmish::lab::sim::simulate;
use skirmish::lab::win_chance::Chance;
use skirmish::rules::any_ruleset::any::{AnyAction, AnyBattle, RulesetId};
use skirmish::rules::engine::battle::{Decision, Next};
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::gm::GmChange;
use skirmish::rules::engine::id::CombatantId;
use skirmish::rules::engine::outcome::{Event, Log};
use skirmish::rules::engine::ruleset::Slot;
use skirmish::rules::tools::fog::seen_by;
use skirmish::rules::tools::plan::{Plan, seen_others};
use skirmish::rules::tools::told::OddsTold;
use skirmish::scenario::Scenario;

/// A short think: a tenth of a second's battles.
const QUICK: Think = Think { millis: 100 };

fn street(ruleset: RulesetId) -> Scenario {
    let level = skirmish::scenario::level::load("levels/street.ron".as_ref()).expect("the street");
    level.scenario(ruleset).expect("plays under every ruleset")
}

/// `scenario`'s battle begun with seed 1, at the first slot of `side` (the slots before it passed).
fn at_first_slot_of(scenario: &Scenario, side: &str) -> (AnyBattle, Slot) {
    at_slot_of(scenario, side, |_, _, _| true)
}

/// `scenario`'s battle begun with seed 1, at the first slot of `side` where `stop` holds of the battle, the slot and
/// what the side sees: every slot before it played by the hard AI.
fn at_slot_of(scenario: &Scenario, side: &str, stop: impl Fn(&AnyBattle, Slot, &[bool]) -> bool) -> (AnyBattle, Slot) {
    let mut log = Log::default();
    let mut battle = skirmish::battle::run::start(scenario, "seed 1", &mut log);
    let mut dice = SeededDice::new(1);
    while let Ok(Next::Slot(slot)) = battle.next(&mut dice, &mut log) {
        if battle.view(slot.actor).side == side && stop(&battle, slot, &seen_by(&battle, &[side.to_owned()])) {
            return (battle, slot);
        }
        match skirmish::ai::choose_any(&battle, slot, Difficulty::Hard) {
            Some(action) => battle.act(&action, &mut dice, &mut log).expect("the hard AI's action"),
            None => battle.pass(&mut log),
        }
    }
    panic!("no slot of {side} came where it should stop")
}

#[test]
fn the_experts_choice_is_the_same_for_the_same_state_seed_and_budget() {
    for ruleset in [RulesetId::Storyteller, RulesetId::HomebrewD6] {
        let (battle, slot) = at_first_slot_of(&street(ruleset), "Crew");
        let once = think_over(&battle, slot, QUICK);
        let again = think_over(&battle.clone(), slot, QUICK);
        assert_eq!(once, again, "{ruleset:?}");
        // It weighed more than one thing, within its budget (give or take the last round's battles).
        assert!(once.weighed.len() >= 2 && once.weighed.iter().all(|w| w.battles() >= 4), "{ruleset:?}: {once:?}");
        assert!(once.decisions > 0 && once.decisions < 3 * QUICK.decisions(ruleset), "{ruleset:?}: {}", once.decisions);
        // A longer think plays more battles.
        let longer = think_over(&battle, slot, Think { millis: 300 });
        assert!(longer.decisions > once.decisions, "{ruleset:?}");
    }
}

#[test]
fn in_a_battle_of_24_units_the_expert_plays_half_its_budget_and_two_battles_a_candidate_at_first() {
    let level = skirmish::scenario::level::load("levels/warzone.ron".as_ref()).expect("the war zone");
    let think = Think { millis: 400 };
    for ruleset in [RulesetId::Storyteller, RulesetId::HomebrewD6] {
        let (battle, slot) = at_first_slot_of(&level.scenario(ruleset).expect("a battle"), "West");
        let thought = think_over(&battle, slot, think);
        // Those let go at the first halving were played twice (four times on the street, the test above).
        let fewest = thought.weighed.iter().map(|w| w.battles()).min();
        assert_eq!(fewest, Some(2), "{ruleset:?}: {thought:?}");
        // Half the budget, give or take the last round's battles.
        let half = think.decisions(ruleset) / 2;
        assert!(thought.decisions < 3 * half / 2, "{ruleset:?}: {} of {half}", thought.decisions);
    }
}

#[test]
fn under_fog_the_experts_choice_does_not_change_when_a_unit_its_side_does_not_see_moves() {
    let level = skirmish::scenario::level::load("levels/crossroads.ron".as_ref()).expect("a shipped level");
    let scenario = level.scenario(RulesetId::Shadowrun4).expect("plays under Shadowrun 4");
    let mine = skirmish::battle::run::start(&scenario, "seed 1", &mut Log::default()).sides()[0].to_owned();
    // The side's first slot where it sees an enemy, and not every one.
    let enemies = |battle: &AnyBattle, seen: &[bool], seen_or_not: bool| -> Vec<usize> {
        let standing = |i: usize| !battle.view(CombatantId::at(i)).fighter.is_out();
        (0..battle.len())
            .filter(|&i| battle.view(CombatantId::at(i)).side != mine && standing(i) && seen[i] == seen_or_not)
            .collect()
    };
    let some_seen = |b: &AnyBattle, _: Slot, seen: &[bool]| {
        !enemies(b, seen, true).is_empty() && !enemies(b, seen, false).is_empty()
    };
    let (battle, slot) = at_slot_of(&scenario, &mine, some_seen);
    let seen = seen_by(&battle, std::slice::from_ref(&mine));
    // An enemy it does not see, put by the GM on cells it could walk to, where the side does not see it either.
    let id = CombatantId::at(enemies(&battle, &seen, false)[0]);
    let cells = battle.field().reachable(battle.view(id).position, &battle.occupied(id), 400);
    let moved_to = |to: (i32, i32)| {
        let mut moved = battle.clone();
        moved.gm(&GmChange::Place { who: id, to }, &mut Log::default()).ok()?;
        (seen_by(&moved, std::slice::from_ref(&mine)) == seen).then_some(moved)
    };
    let mut placed = cells.iter().skip(1).filter_map(|&(cell, _)| moved_to(cell));
    let first = placed.next().expect("a cell the side does not see");
    let second = placed.nth(5).expect("another");
    assert_ne!(first.view(id).position, second.view(id).position, "it stands elsewhere");
    let one = think_seeing(&first, slot, QUICK, &seen);
    let other = think_seeing(&second, slot, QUICK, &seen);
    assert!(one.weighed.len() >= 2, "it weighed its choices: {one:?}");
    assert_eq!(one, other, "where an unseen unit stands changes nothing the expert thinks");
    // An expert side of a battle with fog (its request's) thinks so too.
    let fogged = Minds { default: Difficulty::Expert, think: QUICK, fog: true, ..Minds::default() };
    assert_eq!(fogged.choose(&first, slot), one.choice);
    assert_eq!(fogged.choose(&second, slot), one.choice);
}

#[test]
fn the_expert_plays_battles_to_their_ends_under_every_ruleset_with_no_action_refused() {
    for ruleset in RulesetId::ALL {
        let minds = Minds {
            sides: [("Crew".to_owned(), Difficulty::Expert)].into(),
            think: QUICK,
            ..Minds::all(Difficulty::Hard)
        };
        let report = simulate(&street(ruleset), 1, 3, &minds);
        let outcome = &report.outcomes[0];
        assert_eq!(outcome.error, None, "{ruleset:?}");
        assert!(outcome.winner.is_some(), "{ruleset:?}: {outcome:?}");
        assert_eq!(report.sides.iter().find(|(s, _)| s == "Crew").map(|(_, d)| *d), Some(Difficulty::Expert));
    }
}

#[test]
fn the_expert_finds_the_move_that_wins_under_every_ruleset() {
    for ruleset in RulesetId::ALL {
        let (mut battle, slot) = at_first_slot_of(&street(ruleset), "Crew");
        let (actor, mut log) = (slot.actor, Log::default());
        let here = battle.view(actor).position;
        let mut gang: Vec<(u32, CombatantId)> = battle
            .views()
            .iter()
            .filter(|v| v.side == "Gang" && !v.fighter.is_out())
            .map(|v| (skirmish::rules::engine::field::distance_m(here, v.position), v.id()))
            .collect();
        gang.sort();
        // The nearest of the Gang is the last standing, one box from out, against the actor alone: an attack that
        // hits wins the battle, a pass leaves it a shot.
        let last = gang[0].1;
        let crew = battle.views().iter().filter(|v| v.side == "Crew" && v.id() != actor).map(|v| v.id()).collect();
        for other in gang[1..].iter().map(|g| g.1).chain::<Vec<CombatantId>>(crew) {
            battle.gm(&GmChange::TakeOff { who: other }, &mut log).expect("taken off");
        }
        // In the open, in sight, a few steps away.
        let cells = battle.field().reachable(here, &battle.occupied(actor), 400);
        let open = |&&(cell, _): &&((i32, i32), _)| {
            let sight = battle.field().sight(here, cell);
            (6..=15).contains(&skirmish::rules::engine::field::distance_m(here, cell))
                && !sight.blocked
                && !sight.hidden
        };
        let (to, _) = *cells.iter().find(open).expect("an open cell in sight");
        battle.gm(&GmChange::Place { who: last, to }, &mut log).expect("placed");
        let capacity = battle.tracks(last)[0].capacity;
        battle.gm(&GmChange::Track { who: last, track: 0, taken: capacity - 1 }, &mut log).expect("wounded");
        let thought = think_over(&battle, slot, QUICK);
        let Some(action) = thought.choice.clone() else { panic!("{ruleset:?}: it passed: {thought:?}") };
        let events = skirmish::lab::review::taken(&battle, &Decision::Act(action.clone()));
        let attacked = events.iter().any(|e| {
            matches!(e, Event::AttackResolved { attacker, defender: Some(d), .. } if *attacker == actor && *d == last)
        });
        assert!(attacked, "{ruleset:?}: it attacks the last of the Gang: {events:?}");
        // And it saw why: what it chose did as well as the others played out as long (a pass, under Shadowrun 4, only
        // puts the shot off to the next initiative pass).
        let chosen = thought.weighed.iter().find(|w| w.decision == Decision::Act(action.clone())).expect("weighed");
        let rates: Vec<(u32, f64)> = thought.weighed.iter().map(|w| (w.battles(), w.rate())).collect();
        let rivals = thought.weighed.iter().filter(|w| w.battles() == chosen.battles());
        assert!(rivals.clone().count() >= 2, "{ruleset:?}: another played as long: {rates:?}");
        assert!(rivals.into_iter().all(|w| w.rate() <= chosen.rate()), "{ruleset:?}: {rates:?}");
    }
}

/// The win chance of `slot`'s side with `decision` taken first in `battle`, as the hint tells it (its battles, its
/// seeds).
fn told_chance(battle: &AnyBattle, slot: Slot, decision: &Decision<AnyAction>) -> Option<String> {
    let chance = Chance::of(battle).refined(battle, Some(decision), RUNS, &Progress::default());
    OddsTold::Exact.chance(chance.rate(battle.view(slot.actor).side))
}

/// Orders for `slot` that attack an enemy whom the AI's defense (`ai::defend`) sends into full defense, with the
/// attack so defended, where that changes the chance the hint tells.
fn orders_defended(battle: &AnyBattle, slot: Slot) -> Option<(Plan, Decision<AnyAction>)> {
    let actor = slot.actor;
    let others = seen_others(battle, actor, &vec![true; battle.len()]);
    let enemies = battle.views().into_iter().filter(|v| v.side != battle.view(actor).side && !v.fighter.is_out());
    let mut plans = enemies.flat_map(|v| {
        let ways = battle.attack_choices(actor, v.id(), None).len();
        (0..ways).map(move |way| Plan { target: Some(v.id()), way: Some(way), ..Plan::default() })
    });
    plans.find_map(|plan| {
        let attack = plan.action(battle, actor, others.clone());
        let defended = Decision::Act(skirmish::ai::defend(battle, actor, attack.clone()));
        let apart = defended != Decision::Act(attack.clone())
            && battle.dry_run(slot, &attack).is_ok()
            && told_chance(battle, slot, &defended) != told_chance(battle, slot, &Decision::Act(attack));
        apart.then_some((plan, defended))
    })
}

/// The battles each of the hint's chances rests on.
const RUNS: u32 = 60;

#[test]
fn the_hint_tells_the_chance_of_an_attack_with_the_defense_an_ai_defender_takes() {
    // Under Shadowrun 4 an AI defender may go on full defense, recorded in the attacker's action, and every later
    // attack of the estimates is played so: the hint told the player's attack as if the defender could not.
    let (battle, slot) = at_slot_of(&street(RulesetId::Shadowrun4), "Crew", |b, s, _| orders_defended(b, s).is_some());
    let (plan, defended) = orders_defended(&battle, slot).expect("found");
    let asked = Asked { battle: battle.clone(), slot, think: QUICK, plan };
    let said = asked.answer(OddsTold::Exact, &Progress::default()).expect("an enemy in sight");
    assert_eq!(said.runs, RUNS);
    let orders = match said.agrees {
        true => said.chance.clone(),
        false => said.orders.clone().expect("the orders weighed").1,
    };
    assert_eq!(Some(orders), told_chance(&battle, slot, &defended), "{said:?}");
}

/// For `slot`, the first of the expert's candidates that an AI defender meets otherwise (full defense) and whose
/// first battle so goes otherwise: the worth the expert gave that battle, and the worth of that battle met so.
fn weighed_and_defended(battle: &AnyBattle, slot: Slot) -> Option<(f64, f64)> {
    let thought = think_over(battle, slot, QUICK);
    let (side, seed) = (battle.view(slot.actor).side, skirmish::ai::playout::seed_of(battle));
    let worth = |decision: &Decision<AnyAction>| play_out(battle, (slot, decision), seed, side).0;
    thought.weighed.iter().find_map(|w| {
        let defended = skirmish::ai::defended(battle, slot.actor, w.decision.clone());
        let apart = defended != w.decision && worth(&defended) != worth(&w.decision);
        apart.then(|| (w.worths[0], worth(&defended)))
    })
}

#[test]
fn the_expert_plays_an_attack_out_with_the_defense_an_ai_defender_takes() {
    // Every later attack of its playouts met the AI's defense, its own candidate did not: under Shadowrun 4 it
    // weighed an attack on a defender who would go on full defense as if the defender could not.
    let stop = |b: &AnyBattle, s: Slot, _: &[bool]| weighed_and_defended(b, s).is_some();
    let (battle, slot) = at_slot_of(&street(RulesetId::Shadowrun4), "Crew", stop);
    let (weighed, defended) = weighed_and_defended(&battle, slot).expect("found");
    assert_eq!(weighed, defended);
}
