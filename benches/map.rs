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

/// A Universal VTT map of 60 × 40 cells with a 10 MB picture (2,400 × 1,600 pixels of noise, which PNG cannot
/// shrink), read from its bytes: JSON, base64 and the picture decoded whole (issue 65: under 2 s to import).
fn uvtt_map(c: &mut Criterion) {
    use base64::Engine as _;
    let (w, h) = (2400u32, 1600u32);
    let mut noise = 0x9E37_79B9u32;
    let pixels: Vec<u8> = (0..w * h * 3)
        .map(|_| {
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            noise as u8
        })
        .collect();
    let mut picture = Vec::new();
    let mut encoder = png::Encoder::new(&mut picture, w, h);
    encoder.set_color(png::ColorType::Rgb);
    let mut writer = encoder.write_header().expect("a header");
    writer.write_image_data(&pixels).expect("the pixels");
    writer.finish().expect("the end");
    let walls: Vec<String> =
        (0..40).map(|y| format!(r#"[{{"x": 0, "y": {y}}}, {{"x": 60, "y": {y}}}, {{"x": 60, "y": {y}}}]"#)).collect();
    let file = format!(
        r#"{{"format": 0.3, "resolution": {{"map_origin": {{"x": 0, "y": 0}}, "map_size": {{"x": 60, "y": 40}},
        "pixels_per_grid": 40}}, "line_of_sight": [{}], "image": "{}"}}"#,
        walls.join(", "),
        base64::engine::general_purpose::STANDARD.encode(&picture)
    );
    println!("uvtt: a {:.1} MB picture, a {:.1} MB file", picture.len() as f64 / 1e6, file.len() as f64 / 1e6);
    let mut group = c.benchmark_group("uvtt");
    group.sample_size(10);
    group.bench_function("read_60x40_10mb_picture", |b| {
        b.iter(|| skirmish::scenario::uvtt::from_bytes(file.as_bytes(), Path::new("bench.dd2vtt")).expect("a map"));
    });
    group.finish();
}

criterion_group!(benches, geometry, battles, uvtt_map);
criterion_main!(benches);
