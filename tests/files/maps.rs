//! Universal VTT maps (`skirmish import MAP.dd2vtt`): the hand-made maps of tests/maps/ (scripts/make-test-maps),
//! each quirk of a real export tidied and said, and a file too large refused before it is read.

use std::path::Path;

use skirmish::scenario::uvtt::{self, Point, PortalKind, Segment};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

#[test]
fn the_cellar_imports_with_each_quirk_tidied_and_said() {
    let map = uvtt::read(Path::new("tests/maps/cellar.dd2vtt")).expect("the cellar");
    assert_eq!((map.width, map.height, map.pixels_per_grid), (12, 8, 16));
    // The outer wall (5 pieces: cut open under the window), the middle wall in three (cut open under the door and
    // the window), the wall drawn from off the map.
    assert_eq!(map.walls.len(), 9, "{:#?}", map.walls);
    assert!(map.walls.contains(&Segment::new(p(0.0, 0.0), p(8.5, 0.0))));
    assert!(map.walls.contains(&Segment::new(p(6.0, 0.0), p(6.0, 3.0))));
    assert!(map.walls.contains(&Segment::new(p(6.0, 4.0), p(6.0, 6.0))));
    assert!(map.walls.contains(&Segment::new(p(0.0, 4.0), p(3.0, 4.0))), "clipped at the map's edge");
    let portals: Vec<(PortalKind, Segment)> = map.portals.iter().map(|p| (p.kind, p.line)).collect();
    assert_eq!(
        portals,
        [
            (PortalKind::Door, Segment::new(p(6.0, 3.0), p(6.0, 4.0))),
            (PortalKind::Window, Segment::new(p(8.5, 0.0), p(9.5, 0.0))),
            (PortalKind::Window, Segment::new(p(6.0, 6.0), p(6.0, 7.0)))
        ]
    );
    assert_eq!(map.objects.len(), 1);
    assert_eq!(map.lights.len(), 2);
    let picture = map.picture.as_ref().expect("its picture");
    assert_eq!((picture.width, picture.height), (192, 128));
    let report = map.report.markdown(&map.format);
    for line in [
        "- the grid: 12 × 8 cells, 16 pixels a cell",
        "- 9 wall pieces (they block movement and sight)",
        "- 2 walls that ran under a door or window cut open there",
        "- 1 door (closed at the start: they block movement and sight until opened) and 2 windows",
        "- 1 solid objects (what they enclose blocks movement and sight)",
        "- 2 lights, kept with the level",
        "- the picture: Png, 192 × 128 pixels",
        "- 1 repeated wall points (a wall of no length there)",
        "- 1 wall pieces off the map",
        "- portals[3]: a portal with no width",
    ] {
        assert!(report.contains(line), "{line}\nin:\n{report}");
    }
}

#[test]
fn the_least_map_has_a_grid_and_a_wall_and_no_picture() {
    let map = uvtt::read(Path::new("tests/maps/bare.uvtt")).expect("the bare map");
    assert_eq!((map.format.as_str(), map.width, map.height), ("1.0", 6, 4));
    assert_eq!(map.walls, [Segment::new(p(3.0, 0.0), p(3.0, 3.0))]);
    assert_eq!(map.picture, None);
    assert!(map.report.left_out.contains(&"no picture in the file: the grid is drawn plain".to_owned()));
}

#[test]
fn a_file_of_200_mb_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("huge.dd2vtt");
    std::fs::File::create(&file).and_then(|f| f.set_len(200 << 20)).expect("a sparse file");
    let error = uvtt::read(&file).expect_err("too large").to_string();
    assert!(error.ends_with("huge.dd2vtt: 200 MB is larger than a map file may be (64 MB)"), "{error}");
}
