//! Whole seeded battles through the pure rules core, one per ruleset (the shipped scenarios, fought to the end by
//! the built-in choice), and the 4-vs-4 battle through the pure core and through the ECS layer.

use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use skirmish::battle::run;
use skirmish::combat::headless;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::Log;
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
                run::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
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
            run::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
            log.events.len()
        });
    });
    let mut seed = 0;
    c.bench_function("squad_4v4/ecs", |b| {
        b.iter(|| {
            seed += 1;
            let (log, result) = headless::run_ecs(&s, Box::new(SeededDice::new(seed)), "seed");
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
                let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(seed)), "seed");
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

/// The ECS battle in an app that keeps running, as the window plays one battle after another ("Play again"): each
/// battle's combatants are spawned and its resources inserted into the same world, then played to the end. The
/// figure to set against `squad_4v4/pure_core` (same seeds): what the ECS layer adds to the engine.
fn squad_running_app(c: &mut Criterion) {
    use skirmish::combat::battle::{clear_battle, play_to_end, prepare};
    use skirmish::combat::enter::{Seats, enter_battle};
    let s = scenario::load(Path::new("scenarios/squad_battle.ron")).expect("the squad scenario");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(0)), "seed");
    prepare(&mut app).expect("schedules build");
    let mut roster = app.world().resource::<skirmish::combat::Roster>().0.clone();
    let mut seed = 0;
    c.bench_function("squad_4v4/ecs_running_app", |b| {
        b.iter(|| {
            seed += 1;
            let world = app.world_mut();
            clear_battle(world);
            for entity in roster.drain(..) {
                world.despawn(entity);
            }
            roster = enter_battle(world, run::setup(&s, Box::new(SeededDice::new(seed)), "seed"), Seats::default());
            play_to_end(&mut app).expect("a legal battle");
            app.world().resource::<skirmish::combat::BattleLog>().0.events.len()
        });
    });
}

/// The ECS against the engine alone, interleaved battle by battle (the same seed through one, then the other), so
/// that the machine's drift touches both alike. Measures the ECS battles as `ecs_running_app` does (spawned into a
/// running app, played to the end) and prints two ratios to the engine's whole battle (start, play, drop): the ECS
/// playing a battle already in the world, and with the spawning and clearing of it.
fn squad_ratio(c: &mut Criterion) {
    use skirmish::combat::battle::{clear_battle, play_to_end, prepare};
    use skirmish::combat::enter::{Seats, enter_battle};
    use std::time::{Duration, Instant};
    let s = scenario::load(Path::new("scenarios/squad_battle.ron")).expect("the squad scenario");
    let mut app = headless::ecs_app(&s, Box::new(SeededDice::new(0)), "seed");
    prepare(&mut app).expect("schedules build");
    let mut roster = app.world().resource::<skirmish::combat::Roster>().0.clone();
    let (mut seed, mut engine_total, mut play_total, mut ecs_total) =
        (0, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    c.bench_function("squad_4v4/ecs_interleaved", |b| {
        b.iter_custom(|iters| {
            let mut ecs = Duration::ZERO;
            for _ in 0..iters {
                seed += 1;
                let t = Instant::now();
                let mut log = Log::default();
                run::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
                drop(log);
                engine_total += t.elapsed();
                let t = Instant::now();
                let world = app.world_mut();
                clear_battle(world);
                for entity in roster.drain(..) {
                    world.despawn(entity);
                }
                roster = enter_battle(world, run::setup(&s, Box::new(SeededDice::new(seed)), "seed"), Seats::default());
                let playing = Instant::now();
                play_to_end(&mut app).expect("a legal battle");
                play_total += playing.elapsed();
                ecs += t.elapsed();
            }
            ecs_total += ecs;
            ecs
        });
    });
    let ratio = |d: Duration| d.as_secs_f64() / engine_total.as_secs_f64();
    println!(
        "squad_4v4 over {seed} battles, ECS / engine alone: playing {:.2}×, with spawning and clearing {:.2}×",
        ratio(play_total),
        ratio(ecs_total)
    );
}

criterion_group!(benches, battles, squad, squad_systems, squad_running_app, squad_ratio);
criterion_main!(benches);
