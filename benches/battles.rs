//! Whole seeded battles through the pure rules core, one per ruleset (the shipped scenarios, fought to the end by
//! the built-in choice): the baseline the ECS layer is measured against.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
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

criterion_group!(benches, battles);
criterion_main!(benches);
