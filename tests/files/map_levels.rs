//! A level from a Universal VTT map: walls, windows and doors on the lines between cells (a wall between two cells
//! keeps a one-cell corridor), the import that writes a level, its picture and its report (or nothing), and a level
//! exported as a map and imported back playing the same battles.

use std::path::Path;
use std::sync::Arc;

use skirmish::ai::{Difficulty, Minds};
use skirmish::map::Battlefield;
use skirmish::map::edges::Edge;
use skirmish::rules::engine::field::{CoverLevel, Field, Terrain};
use skirmish::rules::mechanics::approach::{OutOfReach, out_of_reach};
use skirmish::scenario::level::{self, Level, RulesetId};
use skirmish::scenario::uvtt;

/// Open ground 8 × 5 with the walls, windows and doors written (RON lists of lines).
fn ground(walls: &str, windows: &str, doors: &str) -> Level {
    let text = format!(
        r#"(name: "Lines", map: ["........", "........", "........", "........", "........"],
        walls: [{walls}], windows: [{windows}], doors: [{doors}],
        sides: [(name: "Blue", spawn: [((0, 0), (1, 0))], squad: [(archetype: "rifleman")]),
                (name: "Red", spawn: [((6, 4), (7, 4))], squad: [(archetype: "rifleman")])])"#
    );
    level::parse(&text, Path::new("lines.ron")).expect("the level")
}

#[test]
fn a_wall_between_two_cells_keeps_a_one_cell_corridor_and_stops_steps_and_sight_across_it() {
    // A corridor along row 2, walled above and below, open at both ends.
    let level = ground("((0, 2), (8, 2)), ((0, 3), (8, 3))", "", "");
    let field = level.field.as_ref();
    assert_eq!(field.step_cost((3, 2), (4, 2)), Some(10), "along the corridor");
    assert_eq!(field.step_cost((3, 2), (3, 1)), None, "through its wall");
    assert_eq!(field.step_cost((2, 1), (3, 2)), None, "a diagonal past the wall's line");
    let route = field.route((0, 1), (7, 2), &Default::default());
    assert!(route.is_none(), "the corridor's ends are walled too: {route:?}");
    assert_eq!(field.route((0, 2), (7, 2), &Default::default()).map(|r| r.cost), Some(70));
    assert!(!field.sight((0, 2), (7, 2)).blocked, "down the corridor");
    let across = field.sight((3, 1), (3, 3));
    assert!(across.blocked && !across.touching);
    let next = field.sight((3, 1), (3, 2));
    assert!(next.blocked && !next.touching, "side by side, a wall between");
    let diagonal = field.sight((3, 1), (4, 2));
    assert!(diagonal.blocked, "both ways around the corner cross the wall");
}

#[test]
fn a_window_between_cells_stops_steps_not_sight_and_a_closed_door_stops_both() {
    let level = ground("((4, 0), (4, 2)), ((4, 3), (4, 5))", "((4, 2), (4, 3))", "");
    let field = level.field.as_ref();
    assert_eq!(field.step_cost((3, 2), (4, 2)), None);
    let through = field.sight((0, 2), (4, 2));
    assert!(!through.blocked && through.cover == CoverLevel::Partial, "right behind the window: {through:?}");
    let from_behind = field.sight((3, 2), (7, 2));
    assert!(!from_behind.blocked && from_behind.attacker_in_cover, "{from_behind:?}");

    let level = ground("((4, 0), (4, 2)), ((4, 3), (4, 5))", "", "((4, 2), (4, 3))");
    let field = level.field.as_ref();
    assert_eq!(field.grid().edges().between((3, 2), (4, 2)), Edge::Door(0));
    assert_eq!(field.step_cost((3, 2), (4, 2)), None);
    assert!(field.sight((0, 2), (7, 2)).blocked);
    assert!(field.route((0, 2), (7, 2), &Default::default()).is_none(), "the closed door is the only way");
}

#[test]
fn no_blow_is_struck_across_a_wall_between_two_cells() {
    let level = ground("((4, 0), (4, 5))", "", "");
    let field: Field = Field(level.field.clone() as Arc<dyn Terrain>);
    assert_eq!(out_of_reach(&field, (3, 2), (4, 2), true, 1), Some(OutOfReach::Wall));
    assert_eq!(out_of_reach(&field, (3, 2), (3, 3), true, 1), None);
}

#[test]
fn a_line_off_the_map_or_slanted_is_refused_with_its_place() {
    let text = std::fs::read_to_string("levels/street.ron").expect("the street");
    let text = text.replacen("    sides: [", "    walls: [((0, 1), (3, 1)), ((2, 2), (5, 5))],\n    sides: [", 1);
    let error = level::parse(&text, Path::new("street.ron")).expect_err("a slanted wall").to_string();
    assert!(error.contains("walls line 2: the line is neither horizontal nor vertical"), "{error}");
    let text = std::fs::read_to_string("levels/street.ron").expect("the street");
    let text = text.replacen("    sides: [", "    picture: \"nowhere.png\",\n    sides: [", 1);
    let error = level::parse(&text, Path::new("levels/street.ron")).expect_err("no picture").to_string();
    assert!(error.contains("the picture levels/nowhere.png is not there"), "{error}");
    // A level names its picture beside it, and only a picture: a host sends it to its players.
    for name in ["../street.ron", "/etc/passwd.png", "sub/map.png", "street.ron"] {
        let text = std::fs::read_to_string("levels/street.ron").expect("the street");
        let text = text.replacen("    sides: [", &format!("    picture: {name:?},\n    sides: ["), 1);
        let error = level::parse(&text, Path::new("levels/street.ron")).expect_err(name).to_string();
        assert!(error.contains("is not a file name ending .png or .webp beside the level"), "{name}: {error}");
    }
}

#[test]
fn the_cellar_imports_as_a_level_with_its_picture_and_report_and_plays_under_every_ruleset() {
    let content = tempfile::tempdir().expect("a folder");
    let (path, imported) =
        uvtt::import(Path::new("tests/maps/cellar.dd2vtt"), None, uvtt::FIVE_FEET, content.path()).expect("imported");
    let folder = content.path().join("levels");
    assert_eq!(path, folder.join("cellar.ron"));
    assert!(folder.join("cellar.png").is_file() && folder.join("cellar.import.md").is_file());
    let file = &imported.level;
    // The middle wall at x = 6, cut open for the door (y 3..4) and the window (y 6..7); the wall drawn from off the
    // map, clipped; the pillar a wall cell.
    assert_eq!(file.walls, [((6, 0), (6, 3)), ((6, 4), (6, 6)), ((6, 7), (6, 8)), ((0, 4), (3, 4))]);
    assert_eq!((file.doors.as_slice(), file.windows.as_slice()), (&[((6, 3), (6, 4))][..], &[((6, 6), (6, 7))][..]));
    assert_eq!(file.map[5], ".........#..");
    assert_eq!((file.cell_m, file.picture.as_deref(), file.lights.len()), (Some(1.5), Some("cellar.png"), 2));
    for line in [
        "- on the grid: 1 solid object as 1 wall cell",
        "- on the grid: 9 wall lines as 9 walls between cells",
        "- on the grid: 1 door (closed at the start) and 1 window between cells",
        "- portals[1], on the map's edge: there is nothing beyond it",
    ] {
        assert!(imported.report.contains(line), "{line}\nin:\n{}", imported.report);
    }
    let level = level::load(&path).expect("the level reads back");
    assert_eq!(level.picture.as_deref(), Some(folder.join("cellar.png").as_path()));
    for ruleset in [RulesetId::EclipsePhase, RulesetId::Shadowrun4, RulesetId::Storyteller, RulesetId::HomebrewD6] {
        let scenario = level.scenario(ruleset).expect("the cellar's battle");
        let log = skirmish::lab::sim::one_log(&scenario, 3, &Minds::all(Difficulty::Hard))
            .lines()
            .collect::<Vec<_>>()
            .join("\n");
        assert!(log.lines().any(|l| l.starts_with("== Battle over") && l.ends_with("wins. ==")), "{ruleset:?}:\n{log}");
    }
}

#[test]
fn a_map_that_makes_no_level_writes_nothing() {
    let content = tempfile::tempdir().expect("a folder");
    let cut = content.path().join("cut.dd2vtt");
    let text = std::fs::read_to_string("tests/maps/cellar.dd2vtt").expect("the cellar");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("a cut-off copy");
    let error = uvtt::import(&cut, None, 1.5, content.path()).err().expect("refused").to_string();
    assert!(error.contains("cut.dd2vtt: ") && error.contains("the file is cut short"), "{error}");
    assert!(!content.path().join("levels").exists(), "nothing written");
}

/// A level of walls and open ground: the corridors' map with its cover taken away, walls, a window and wall cells
/// between its cells.
fn walls_and_open_ground() -> String {
    let text = std::fs::read_to_string("levels/corridors.ron").expect("the corridors");
    let map_at = text.find("map:").expect("a map");
    let (head, tail) = text.split_at(map_at);
    let end = tail.find(']').expect("the map's end");
    let map = tail[..end].replace(['O', 'o'], ".");
    let lines = "    walls: [((10, 3), (10, 7)), ((3, 9), (8, 9))],\n    windows: [((10, 7), (10, 8))],\n";
    format!("{head}{map}],\n{lines}{}", &tail[end + 2..])
}

#[test]
fn a_level_exported_as_a_map_and_imported_back_plays_the_same_battles() {
    let text = walls_and_open_ground();
    let original = level::parse(&text, Path::new("corridors.ron")).expect("the level");
    let (json, left_out) = uvtt::export(original.field.grid());
    assert!(left_out.is_empty(), "{left_out:?}");
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("corridors.dd2vtt");
    std::fs::write(&file, json).expect("the map written");
    let imported = uvtt::convert(&file, Some(&original.file.name), 1.0).expect("imported back");
    assert_eq!(imported.level.map, original.file.map);
    assert_eq!(imported.level.walls, original.file.walls);
    assert_eq!(imported.level.windows, original.file.windows);
    // The game master places the sides again in the level editor: here, as they were.
    let again = level::LevelFile { picture: None, lights: Vec::new(), ..original.file.clone() };
    let again = level::LevelFile { map: imported.level.map.clone(), walls: imported.level.walls.clone(), ..again };
    let text = skirmish::scenario::level_edit::to_ron(&again).expect("written");
    let again = level::parse(&text, Path::new("corridors.ron")).expect("the imported level");
    assert!(Battlefield::eq(&again.field, &original.field));
    for (ruleset, seed) in [(RulesetId::Shadowrun4, 11), (RulesetId::EclipsePhase, 12), (RulesetId::HomebrewD6, 13)] {
        let minds = Minds::all(Difficulty::Hard);
        let log = |l: &Level| {
            skirmish::lab::sim::one_log(&l.scenario(ruleset).expect("a battle"), seed, &minds)
                .lines()
                .collect::<Vec<_>>()
                .join("\n")
        };
        let (before, after) = (log(&original), log(&again));
        assert!(before.contains("== Battle over"), "{before}");
        assert_eq!(before, after, "{ruleset:?}");
    }
}

#[test]
fn on_the_imported_warehouse_the_ai_opens_its_doors_and_every_battle_ends() {
    let content = tempfile::tempdir().expect("a folder");
    let (path, _) = uvtt::import(Path::new("tests/maps/warehouse.dd2vtt"), None, uvtt::FIVE_FEET, content.path())
        .expect("imported");
    let level = level::load(&path).expect("the warehouse");
    assert_eq!((level.file.doors.len(), level.file.windows.len()), (3, 1));
    let mut opened = 0;
    for ruleset in [RulesetId::EclipsePhase, RulesetId::Shadowrun4, RulesetId::Storyteller, RulesetId::HomebrewD6] {
        let scenario = level.scenario(ruleset).expect("a battle");
        for seed in 1..=6 {
            let lines: Vec<String> =
                skirmish::lab::sim::one_log(&scenario, seed, &Minds::all(Difficulty::Hard)).lines().collect();
            assert!(lines.iter().any(|l| l.starts_with("== Battle over")), "{ruleset:?} {seed}");
            opened += lines.iter().filter(|l| l.contains(" opens door ")).count();
        }
    }
    assert!(opened >= 4, "doors opened in {opened} battles' logs");
}
