//! The AI's time to choose one unit's action on the large level (`levels/warzone.ron`, 64 × 64, 24 units), under
//! each ruleset and difficulty: every slot of a recorded seeded battle (all its turns, so the units are far apart,
//! closing and in the thick of it), chosen again. The goal is at most 50 ms a unit; the slowest slot is printed too.
//! And the expert's think time a decision on the street and on the war zone at its default budget (2 s of this
//! machine's 2 cores, counted in decisions played out): every fourth slot of a recorded battle thought over again, the
//! median and the slowest printed, one slot timed by criterion.

use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish::ai::{self, Difficulty, Minds};
use skirmish::battle::run;
use skirmish::rules::any_ruleset::any::AnyBattle;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::ruleset::Slot;
use skirmish::scenario;
use skirmish::scenario::level::{self, RulesetId};

/// Chooses again for every recorded slot at a difficulty; returns how many actions it found.
type Replay = Box<dyn FnMut(Difficulty, &mut Vec<Duration>) -> usize>;

/// Plays one seeded battle between normal AIs, recording the battle at every slot, and replays the choices.
fn recorded(s: &scenario::Scenario) -> Replay {
    let mut log = Log::default();
    let mut battle = run::start(s, "bench", &mut log);
    let mut slots: Vec<(Slot, AnyBattle)> = Vec::new();
    let mut record = |b: &AnyBattle, slot: Slot| {
        slots.push((slot, b.clone()));
        ai::choose_any(b, slot, Minds::all(Difficulty::Normal).of(b.view(slot.actor).side))
    };
    battle.play_out(&mut SeededDice::new(3), &mut log, &mut record).expect("a legal battle");
    Box::new(move |difficulty, times| {
        let mut found = 0;
        for (slot, battle) in &slots {
            let start = Instant::now();
            found += usize::from(ai::choose_any(battle, *slot, difficulty).is_some());
            times.push(start.elapsed());
        }
        found
    })
}

fn choices(c: &mut Criterion) {
    let level = level::load(Path::new("levels/warzone.ron")).expect("the large level");
    let mut group = c.benchmark_group("ai_per_unit_warzone");
    group.sample_size(10);
    for ruleset in RulesetId::ALL {
        let s = level.scenario(ruleset).expect("a battle");
        let mut replay = recorded(&s);
        for difficulty in [Difficulty::Normal, Difficulty::Hard] {
            let mut times = Vec::new();
            replay(difficulty, &mut times);
            let n = times.len() as u32;
            let worst = times.iter().max().copied().unwrap_or_default();
            let mean = times.iter().sum::<Duration>() / n.max(1);
            println!("{ruleset:?} {difficulty}: {n} slots, mean {mean:.2?} a unit, slowest {worst:.2?}");
            // Criterion times the whole replay; divided by the slots it is the time a unit.
            group.bench_function(format!("{ruleset:?}/{difficulty}/all_{n}_slots"), |b| {
                b.iter(|| replay(difficulty, &mut Vec::new()));
            });
        }
    }
    group.finish();
}

/// Every fourth slot of a seeded battle between hard AIs on `s`, with the battle as it stood.
fn every_fourth_slot(s: &scenario::Scenario) -> Vec<(Slot, AnyBattle)> {
    let mut log = Log::default();
    let mut battle = run::start(s, "bench", &mut log);
    let mut slots: Vec<(Slot, AnyBattle)> = Vec::new();
    let mut record = |b: &AnyBattle, slot: Slot| {
        slots.push((slot, b.clone()));
        ai::choose_any(b, slot, Difficulty::Hard)
    };
    battle.play_out(&mut SeededDice::new(3), &mut log, &mut record).expect("a legal battle");
    slots.into_iter().step_by(4).collect()
}

fn expert_think(c: &mut Criterion) {
    for name in ["street", "warzone"] {
        let level = level::load(Path::new(&format!("levels/{name}.ron"))).expect("a shipped level");
        let think = ai::expert::Think::default();
        let mut group = c.benchmark_group(format!("expert_think_{name}"));
        group.sample_size(10);
        for ruleset in RulesetId::ALL {
            let slots = every_fourth_slot(&level.scenario(ruleset).expect("a battle"));
            let mut times: Vec<Duration> = slots
                .iter()
                .map(|(slot, battle)| {
                    let start = Instant::now();
                    std::hint::black_box(ai::expert::think_over(battle, *slot, think));
                    start.elapsed()
                })
                .collect();
            times.sort();
            let (median, worst) = (times[times.len() / 2], times.last().copied().unwrap_or_default());
            println!(
                "{name} {ruleset:?} expert, 2 s a decision: {} slots, median {median:.2?}, slowest {worst:.2?}",
                times.len()
            );
            let (slot, battle) = &slots[0];
            group.bench_function(format!("{ruleset:?}/first_slot"), |b| {
                b.iter(|| ai::expert::think_over(battle, *slot, think));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, choices, expert_think);
criterion_main!(benches);
