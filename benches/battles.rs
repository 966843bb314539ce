//! Whole seeded battles through the pure rules core, one per ruleset (the shipped scenarios, fought to the end by
//! the built-in choice), and the 4-vs-4 battle through the pure core and through the ECS layer.

use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use skirmish::rules::dice::SeededDice;
use skirmish::rules::outcome::Log;
use skirmish::scenario;

fn battles(c: &mut Criterion) {
    let shipped = [
        ("eclipse_phase", "scenarios/firefight.ron"),
        ("shadowrun4", "scenarios/shadowrun_alley.ron"),
        ("storyteller", "scenarios/storyteller_tavern.ron"),
        ("homebrew_d6", "scenarios/homebrew_outpost.ron"),
    ];
    for (name, path) in shipped {
        let s = scenario::load(Path::new(path)).expect("a shipped scenario");
        let mut seed = 0;
        c.bench_function(&format!("battle/{name}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut log = Log::default();
                scenario::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
                log.events.len()
            });
        });
    }
}

/// The 4-vs-4 Eclipse Phase battle, through the pure battle loop and through the ECS layer (app built, battle
/// played to its end), with the same seeds.
fn squad(c: &mut Criterion) {
    let s = scenario::load(Path::new("scenarios/squad_battle.ron")).expect("the squad scenario");
    let mut seed = 0;
    c.bench_function("squad_4v4/pure_core", |b| {
        b.iter(|| {
            seed += 1;
            let mut log = Log::default();
            scenario::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
            log.events.len()
        });
    });
    let mut seed = 0;
    c.bench_function("squad_4v4/ecs", |b| {
        b.iter(|| {
            seed += 1;
            let (log, result) = scenario::run_ecs(&s, Box::new(SeededDice::new(seed)), "seed");
            result.expect("a legal battle");
            log.events.len()
        });
    });
}

/// The ECS battle without building the app and its schedules: what the systems cost per battle.
fn squad_systems(c: &mut Criterion) {
    let s = scenario::load(Path::new("scenarios/squad_battle.ron")).expect("the squad scenario");
    let mut seed = 0;
    c.bench_function("squad_4v4/ecs_systems_only", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut app = scenario::ecs_app(&s, Box::new(SeededDice::new(seed)), "seed");
                skirmish::combat::battle::prepare(&mut app).expect("schedules build");
                app
            },
            |mut app| {
                skirmish::combat::battle::play_to_end(&mut app).expect("a legal battle");
                app // dropped after the timing
            },
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, battles, squad, squad_systems);
criterion_main!(benches);
