//! The map on the large level (`levels/warzone.ron`, 64 × 64, 24 combatants): sight and cover between two cells,
//! a route across the map, the cells a run reaches, and a whole seeded battle on it under each ruleset.

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish::battle::run;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::field::{Crowd, Terrain, reachable_around};
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
    // The same list by `pathfinding`'s Dijkstra (the map's own walks arrays in its order): the ratio of the two.
    c.bench_function("warzone/reachable_in_a_25m_run_by_the_crates_dijkstra", |b| {
        b.iter(|| reachable_around(&*field, (32, 32), &everyone, 250).len());
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

/// Rooms of 10 × 8 cells over a 60 × 40 map, each wall with a gap of two cells in its middle (a door in every
/// other one): as UVTT polylines in cells, and as rows of map characters with the walls as wall cells.
fn rooms() -> (String, String, Vec<String>) {
    let point = |x: i32, y: i32| format!(r#"{{"x": {x}, "y": {y}}}"#);
    let (mut walls, mut portals) = (Vec::new(), Vec::new());
    for x in (10..60).step_by(10) {
        for y0 in (0..40).step_by(8) {
            walls.push(format!("[{}, {}]", point(x, y0), point(x, y0 + 3)));
            walls.push(format!("[{}, {}]", point(x, y0 + 5), point(x, y0 + 8)));
            if (x / 10 + y0 / 8) % 2 == 0 {
                portals.push(format!(r#"{{"bounds": [{}, {}], "closed": true}}"#, point(x, y0 + 3), point(x, y0 + 5)));
            }
        }
    }
    for y in (8..40).step_by(8) {
        for x0 in (0..60).step_by(10) {
            walls.push(format!("[{}, {}]", point(x0, y), point(x0 + 4, y)));
            walls.push(format!("[{}, {}]", point(x0 + 6, y), point(x0 + 10, y)));
        }
    }
    let rows = (0..40)
        .map(|y| {
            (0..60)
                .map(|x| {
                    if (x % 10 == 0 && x > 0 && !(3..5).contains(&(y % 8)))
                        || (y % 8 == 0 && y > 0 && !(4..6).contains(&(x % 10)))
                    {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    (walls.join(", "), portals.join(", "), rows)
}

/// A Universal VTT map of 60 × 40 cells with a 10 MB picture (2,400 × 1,600 pixels of noise, which PNG cannot
/// shrink), rooms walled between cells with doors: read from its bytes (JSON, base64 and the picture decoded
/// whole), imported as a level (issue 65: under 2 s), loaded with its picture decoded to draw (under 1 s); and sight
/// and routes on it against the same rooms drawn in map characters.
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
    let (walls, portals, rows) = rooms();
    let file = format!(
        r#"{{"format": 0.3, "resolution": {{"map_origin": {{"x": 0, "y": 0}}, "map_size": {{"x": 60, "y": 40}},
        "pixels_per_grid": 40}}, "line_of_sight": [{walls}], "portals": [{portals}], "image": "{}"}}"#,
        base64::engine::general_purpose::STANDARD.encode(&picture)
    );
    println!("uvtt: a {:.1} MB picture, a {:.1} MB file", picture.len() as f64 / 1e6, file.len() as f64 / 1e6);
    let folder = tempfile::tempdir().expect("a folder");
    let map = folder.path().join("rooms.dd2vtt");
    std::fs::write(&map, &file).expect("the map written");
    let mut group = c.benchmark_group("uvtt");
    group.sample_size(10);
    group.bench_function("read_60x40_10mb_picture", |b| {
        b.iter(|| skirmish::scenario::uvtt::from_bytes(file.as_bytes(), Path::new("bench.dd2vtt")).expect("a map"));
    });
    group.bench_function("import_60x40_10mb_picture", |b| {
        b.iter_batched(
            || tempfile::tempdir().expect("a content folder"),
            |content| skirmish::scenario::uvtt::import(&map, None, 1.5, content.path()).expect("imported").0,
            criterion::BatchSize::PerIteration,
        );
    });
    let (level_file, _) = skirmish::scenario::uvtt::import(&map, Some("Rooms"), 1.5, folder.path()).expect("imported");
    group.bench_function("load_60x40_level_and_decode_its_picture", |b| {
        b.iter(|| {
            let level = level::load(&level_file).expect("the level");
            let bytes = std::fs::read(level.picture.as_ref().expect("a picture")).expect("its bytes");
            skirmish::scenario::uvtt::pixels(&bytes).expect("it decodes").width
        });
    });
    group.finish();
    let imported = level::load(&level_file).expect("the level").field;
    let drawn = skirmish::map::Battlefield::new(skirmish::map::grid::Grid::parse(&rows).expect("the rooms drawn"));
    let cells: Vec<(i32, i32)> = (0..24).map(|i| ((i * 7) % 60, (i * 11) % 40)).collect();
    let mut group = c.benchmark_group("rooms_60x40");
    for (name, field) in [("walls_between_cells", &*imported), ("walls_as_cells", &drawn)] {
        group.bench_function(format!("{name}/sight_all_pairs_24x24"), |b| {
            b.iter(|| {
                cells
                    .iter()
                    .flat_map(|a| cells.iter().map(move |t| (a, t)))
                    .filter(|(a, t)| field.sight(**a, **t).blocked)
                    .count()
            });
        });
        group.bench_function(format!("{name}/route_across_the_map"), |b| {
            b.iter(|| field.route((1, 1), (58, 38), &Crowd::default()).map(|r| r.cost));
        });
    }
    group.finish();
}
criterion_group!(benches, geometry, battles, uvtt_map);
criterion_main!(benches);
