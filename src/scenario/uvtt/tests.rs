//! The reader on hand-made maps, each with one of the quirks real exports have.

use std::path::Path;

use base64::Engine as _;

use super::*;

/// A PNG of `w` × `h` grey pixels, made here.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, w, h);
    encoder.set_color(png::ColorType::Grayscale);
    let mut writer = encoder.write_header().expect("a header");
    writer.write_image_data(&vec![128; (w * h) as usize]).expect("the pixels");
    writer.finish().expect("the end");
    bytes
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A 10 × 6 map at 20 pixels a cell, origin (2, 3), with `rest` (JSON members) added.
fn map(rest: &str) -> String {
    format!(
        r#"{{"format": 0.3, "resolution": {{"map_origin": {{"x": 2, "y": 3}}, "map_size": {{"x": 10, "y": 6}},
        "pixels_per_grid": 20}}{}{rest}}}"#,
        if rest.is_empty() { "" } else { ", " }
    )
}

fn read(text: &str) -> Result<VttMap, MapError> {
    from_bytes(text.as_bytes(), Path::new("cellar.dd2vtt"))
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

#[test]
fn walls_come_in_the_map_s_cells_from_its_corner_tidied() {
    // A wall along y = 2 (absolute 5) from beyond the left edge, with a repeated point, then down.
    let m =
        read(&map(r#""line_of_sight": [[{"x": -1, "y": 5}, {"x": 6, "y": 5}, {"x": 6, "y": 5}, {"x": 6, "y": 9}]]"#))
            .expect("a map");
    assert_eq!((m.width, m.height, m.pixels_per_grid, m.format.as_str()), (10, 6, 20, "0.3"));
    assert_eq!(m.walls, [Segment::new(p(0.0, 2.0), p(4.0, 2.0)), Segment::new(p(4.0, 2.0), p(4.0, 6.0))]);
    assert!(m.report.left_out.contains(&"1 repeated wall points (a wall of no length there)".to_owned()));
    assert!(m.report.left_out.contains(&"no picture in the file: the grid is drawn plain".to_owned()));
}

#[test]
fn a_wall_wholly_off_the_map_is_left_out_and_counted() {
    let m = read(&map(r#""line_of_sight": [[{"x": 20, "y": 5}, {"x": 30, "y": 5}]]"#)).expect("a map");
    assert!(m.walls.is_empty());
    assert!(m.report.left_out.iter().any(|l| l.starts_with("1 wall pieces off the map")), "{:?}", m.report);
}

#[test]
fn a_wall_running_under_a_door_is_cut_open_there_and_a_portal_not_closed_is_a_window() {
    let m = read(&map(
        r#""line_of_sight": [[{"x": 2, "y": 5}, {"x": 12, "y": 5}]],
        "portals": [
            {"position": {"x": 5, "y": 5}, "bounds": [{"x": 4, "y": 5}, {"x": 6, "y": 5}], "rotation": 0, "closed": true, "freestanding": false},
            {"position": {"x": 9, "y": 5}, "bounds": [{"x": 9, "y": 5}, {"x": 10, "y": 5}], "rotation": "1.57", "closed": false, "freestanding": false},
            {"position": {"x": 3, "y": 3}, "bounds": [{"x": 3, "y": 3}, {"x": 3, "y": 3}], "rotation": 0, "closed": true}
        ]"#,
    ))
    .expect("a map");
    assert_eq!(
        m.walls,
        [
            Segment::new(p(0.0, 2.0), p(2.0, 2.0)),
            Segment::new(p(4.0, 2.0), p(7.0, 2.0)),
            Segment::new(p(8.0, 2.0), p(10.0, 2.0))
        ]
    );
    let kinds: Vec<PortalKind> = m.portals.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, [PortalKind::Door, PortalKind::Window]);
    assert_eq!(m.portals[0].line, Segment::new(p(2.0, 2.0), p(4.0, 2.0)));
    assert!(m.report.left_out.contains(&"portals[2]: a portal with no width".to_owned()));
}

#[test]
fn a_slanted_door_is_laid_along_the_nearest_grid_line_as_one_door() {
    let m = read(&map(
        r#""portals": [
            {"position": {"x": 5, "y": 5}, "bounds": [{"x": 4, "y": 4.8}, {"x": 6.1, "y": 5.3}], "rotation": 0.2, "closed": true}
        ]"#,
    ))
    .expect("a map");
    let (level, _) = level::level_of(&m, "slanted", 1.5, None);
    assert_eq!(level.doors, [((2, 2), (4, 2))]);
}

#[test]
fn a_closed_object_is_solid_and_an_open_one_is_said() {
    let m = read(&map(r#""objects_line_of_sight": [
            [{"x": 4, "y": 4}, {"x": 5, "y": 4}, {"x": 5, "y": 5}, {"x": 4, "y": 5}, {"x": 4, "y": 4}],
            [{"x": 6, "y": 4}, {"x": 7, "y": 4}]
        ]"#))
    .expect("a map");
    assert_eq!(m.objects, [vec![p(2.0, 1.0), p(3.0, 1.0), p(3.0, 2.0), p(2.0, 2.0), p(2.0, 1.0)]]);
    assert!(m.report.left_out.contains(&"1 object outlines that do not close: no inside to make solid".to_owned()));
}

#[test]
fn lights_keep_their_place_range_and_colour() {
    let m = read(&map(r#""lights": [{"position": {"x": 7, "y": 4}, "range": 3.5, "intensity": 1, "color": "ffeccd8b", "shadows": true}]"#))
        .expect("a map");
    assert_eq!(m.lights, [Light { at: p(5.0, 1.0), range: 3.5, argb: [0xff, 0xec, 0xcd, 0x8b] }]);
}

#[test]
fn a_picture_in_base64_decodes_and_is_kept_as_it_is() {
    let bytes = png(200, 120);
    let m = read(&map(&format!(r#""image": "{}""#, base64(&bytes)))).expect("a map");
    let picture = m.picture.expect("a picture");
    assert_eq!((picture.format, picture.width, picture.height), (PictureFormat::Png, 200, 120));
    assert_eq!(picture.bytes, bytes);
}

#[test]
fn bad_files_are_one_message_naming_the_file_and_the_element() {
    let cases = [
        (r#"{"format": 0.3, "resolution": {"map_size""#.to_owned(), "cellar.dd2vtt: 1:41: the file is cut short"),
        ("PNG".to_owned(), "cellar.dd2vtt: 1:1: not a Universal VTT map (JSON)"),
        (r#"{"format": 0.3}"#.to_owned(), "cellar.dd2vtt: resolution: missing"),
        (
            r#"{"resolution": {"map_size": {"x": 100000, "y": 5}, "pixels_per_grid": 50}}"#.to_owned(),
            "cellar.dd2vtt: resolution.map_size.x: 100000 cells: a map side is 1 to 160 cells",
        ),
        (map(r#""line_of_sight": [[{"x": 1, "y": "two"}]]"#), "cellar.dd2vtt: line_of_sight[0][0].y: not a number"),
        (map(r#""portals": 3"#), "cellar.dd2vtt: portals: not a list"),
    ];
    let mut cut = png(200, 120);
    cut.truncate(cut.len() / 2);
    let pictures = [
        (map(&format!(r#""image": "{}""#, base64(&cut))), "cellar.dd2vtt: image: the PNG picture does not decode"),
        (map(r#""image": "not base64 at all!""#), "cellar.dd2vtt: image: not a picture in base64"),
        (map(&format!(r#""image": "{}""#, base64(&[0xFF, 0xD8, 0xFF, 0xE0]))), "cellar.dd2vtt: image: a JPEG picture"),
    ];
    for (text, start) in cases.into_iter().chain(pictures) {
        let error = read(&text).expect_err(start).to_string();
        assert!(error.starts_with(start), "{error}\n  wanted: {start}…");
    }
}
