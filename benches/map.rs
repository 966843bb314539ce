//! The map on the large level (`levels/warzone.ron`, 64 × 64, 24 combatants): sight and cover between two cells,
//! a route across the map, the cells a run reaches, and a whole seeded battle on it under each ruleset.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish::battle::run;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::field::{Crowd, Terrain};
use skirmish::rules::engine::outcome::Log;
use skirmish::scenario::level::{self, RulesetId};

fn geometry(c: &mut Criterion) {
    let level = level::load(Path::new("levels/warzone.ron")).expect("the large level");
    let field = level.field.clone();
    let cells: Vec<(i32, i32)> = level.units.iter().map(|u| u.cell).collect();
    c.bench_function("warzone/sight_all_pairs_24x24", |b| {
        b.iter(|| {
            let mut blocked = 0;
            for &a in &cells {
                for &t in &cells {
                    blocked += usize::from(field.sight(a, t).blocked);
                }
            }
            blocked
        });
    });
    let (others, everyone) = (Crowd::standing(cells[1..].to_vec()), Crowd::standing(cells.clone()));
    c.bench_function("warzone/route_across_the_map", |b| {
        b.iter(|| field.route((1, 20), (62, 43), &others).map(|r| r.cost));
    });
    c.bench_function("warzone/reachable_in_a_25m_run", |b| {
        b.iter(|| field.reachable((32, 32), &everyone, 250).len());
    });
}

fn battles(c: &mut Criterion) {
    let level = level::load(Path::new("levels/warzone.ron")).expect("the large level");
    let mut group = c.benchmark_group("warzone_battle");
    group.sample_size(10);
    for ruleset in RulesetId::ALL {
        let s = level.scenario(ruleset).expect("a battle");
        let mut seed = 0;
        group.bench_function(format!("{ruleset:?}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut log = Log::default();
                run::run(&s, &mut SeededDice::new(seed), "seed", &mut log).expect("a legal battle");
                log.events.len()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, geometry, battles);
criterion_main!(benches);
