//! Battles a second on one core, for every level under every ruleset: whole battles played out by `sim`'s own code
//! (`sim::play_from`, the hard AI on every side, one seed after another), what a win chance estimate and a decision
//! review cost ([docs/win-chance.md]). As in `skirmish sim`, the battles of one level share its map (and the sights
//! it has worked out) and one thread's memos of priced attacks. Prints a table of battles a second after the
//! timings (the numbers in docs/performance.md).

use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish::ai::{Difficulty, Minds};
use skirmish::battle::run;
use skirmish::lab::sim;
use skirmish::rules::engine::outcome::Log;
use skirmish::scenario::level::{self, RulesetId};

/// The shipped levels, by file name.
fn levels() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("levels")
        .expect("the levels folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    names.sort();
    names
}

fn battles_a_second(c: &mut Criterion) {
    let minds = Minds::all(Difficulty::Hard);
    let mut rows = Vec::new();
    let mut group = c.benchmark_group("sim_battle");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for name in levels() {
        let level = level::load(Path::new("levels").join(&name).as_path()).expect("a shipped level");
        let mut row = vec![name.trim_end_matches(".ron").to_owned()];
        for ruleset in RulesetId::ALL {
            let scenario = level.scenario(ruleset).expect("a battle");
            let start = run::start(&scenario, "bench", &mut Log::default());
            let (mut seed, mut played, mut spent) = (0, 0u32, Duration::ZERO);
            group.bench_function(format!("{}/{ruleset:?}", row[0]), |b| {
                b.iter(|| {
                    seed += 1;
                    let t = Instant::now();
                    let outcome = sim::play_from(&start, None, seed, &minds);
                    (played, spent) = (played + 1, spent + t.elapsed());
                    outcome.turns
                });
            });
            row.push(format!("{:.1}", f64::from(played) / spent.as_secs_f64()));
        }
        rows.push(row);
    }
    group.finish();
    println!("\nbattles a second on one core (hard AI on every side)\n| level | {} |", ruleset_names().join(" | "));
    println!("|---|---|---|---|---|");
    for row in rows {
        println!("| {} |", row.join(" | "));
    }
}

fn ruleset_names() -> Vec<String> {
    RulesetId::ALL.iter().map(|r| format!("{r:?}")).collect()
}

criterion_group!(benches, battles_a_second);
criterion_main!(benches);
