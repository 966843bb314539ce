//! The level editor's model, apart from the window: what it saves is what the game reads (every shipped level
//! written back reads as the same level), it checks as `skirmish check` does while the level is edited (a spawn on a
//! wall, an exit walled off), a saved character joins a squad, and a save keeps what it replaces.

use std::path::Path;

use skirmish::map::grid::Ground;
use skirmish::scenario::character;
use skirmish::scenario::level::{self, Area};
use skirmish::scenario::level_edit;
use skirmish::scenario::{content, files};

fn checked(file: &level::LevelFile) -> Result<String, String> {
    level_edit::check(file, Path::new("draft.ron")).map(|(_, summary)| summary).map_err(|e| e.to_string())
}

#[test]
fn every_shipped_level_written_back_reads_as_the_same_level() {
    let mut paths = content::ron_files(&["levels".into()]);
    paths.push("tests/levels/own_content.ron".into());
    for path in paths {
        let before = level::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = level_edit::to_ron(&before.file).expect("written");
        let after = level::parse(&text, &path).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        assert_eq!(after.file.map, before.file.map, "{}", path.display());
        assert_eq!(after.units, before.units, "{}: the same units on the same cells", path.display());
        assert_eq!(after.file.victory, before.file.victory, "{}", path.display());
        assert_eq!(after.file.zones.len(), before.file.zones.len(), "{}", path.display());
        assert_eq!(after.rulesets(), before.rulesets(), "{}", path.display());
        for r in before.rulesets() {
            let (a, b) = (after.scenario(r).expect("plays"), before.scenario(r).expect("plays"));
            assert_eq!((a.names(), a.positions(), a.turn_limit), (b.names(), b.positions(), b.turn_limit), "{r:?}");
        }
        assert_eq!(
            files::check_level(&after, &path).map_err(|e| e.to_string()),
            files::check_level(&before, &path).map_err(|e| e.to_string()),
            "{}: the same summary",
            path.display()
        );
    }
}

#[test]
fn a_new_level_plays_and_says_what_it_is() {
    let file = level_edit::blank(24, 12);
    assert_eq!(checked(&file).as_deref(), Ok(r#"level "My level", 24×12 cells, 4 units in 2 sides"#));
    assert_eq!(file.map[0], "#".repeat(24));
    assert_eq!(file.map[5], format!("#{}#", ".".repeat(22)));
}

#[test]
fn the_editor_checks_as_you_paint() {
    let mut file = level_edit::blank(16, 8);
    // A wall on the Blue spawn zone (column 1).
    level_edit::paint(&mut file, (1, 3), Ground::Wall);
    assert_eq!(
        checked(&file),
        Err("the spawn zone of Blue includes (1, 3), which is Wall (nobody can stand there)".into())
    );
    level_edit::paint(&mut file, (1, 3), Ground::Open);
    assert!(checked(&file).is_ok());
    // An exit for Red in a walled-off cell on the top edge: unreachable.
    for cell in [(5, 1), (7, 1), (5, 2), (6, 2), (7, 2)] {
        level_edit::paint(&mut file, cell, Ground::Wall);
    }
    file.zones.insert("exit".into(), vec![Area((6, 1), (6, 1))]);
    file.victory.push(skirmish::rules::engine::victory::Victory::Escape {
        side: "Red".into(),
        zone: "exit".into(),
        count: 1,
    });
    let err = checked(&file).expect_err("walled off");
    assert!(err.ends_with("cannot reach the exit it must escape through: the zone is unreachable"), "{err}");
    // A zone the victory names must exist, and a side it names too.
    file.zones.clear();
    assert!(checked(&file).expect_err("no zone").contains("exit"), "names the missing zone");
}

#[test]
fn a_smaller_map_takes_off_what_falls_off_it() {
    let mut file = level_edit::blank(30, 10);
    file.zones.insert("hill".into(), vec![Area((25, 4), (26, 5)), Area((3, 3), (4, 4))]);
    level_edit::resize(&mut file, 20, 10);
    assert_eq!(file.map[0].len(), 20);
    assert_eq!(file.zones["hill"], [Area((3, 3), (4, 4))]);
    assert!(file.sides[1].spawn.is_empty(), "Red's spawn on column 28 is gone");
    let err = checked(&file).expect_err("Red has nowhere to stand");
    assert!(err.contains("Red"), "{err}");
    let mut areas = file.zones["hill"].clone();
    assert!(level_edit::erase(&mut areas, (4, 4)) && areas.is_empty());
}

#[test]
fn a_saved_character_joins_a_squad_and_the_level_plays_under_its_ruleset_only() {
    let gran = character::load(Path::new("tests/characters/gran.ron")).expect("Gran");
    let mut file = level_edit::blank(20, 10);
    level_edit::add_character(&mut file, 0, &gran).expect("Gran joins Blue");
    assert_eq!(
        checked(&file).as_deref(),
        Ok(r#"level "My level", 20×10 cells, 5 units in 2 sides, under Shadowrun4 only"#)
    );
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("farm.ron");
    level_edit::save(&file, &path).expect("saved");
    let level = level::load(&path).expect("reads");
    let s = level.scenario(skirmish::rules::any_ruleset::any::RulesetId::Shadowrun4).expect("plays");
    assert!(s.names().contains(&"Gran".to_owned()));
    // Her own shotgun came along with her.
    let skirmish::scenario::RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("Shadowrun 4") };
    let her = setup.combatants.iter().find(|c| c.name == "Gran").expect("Gran");
    assert_eq!(her.sheet.gear.weapon("grandmas_shotgun").expect("her gear").name, "Grandma's shotgun");
    // Saved again over it: the old file is kept.
    level_edit::remove_unit(&mut file, 0, 2);
    assert!(file.archetypes.is_empty(), "no unit is of her archetype any more");
    level_edit::save(&file, &path).expect("saved again");
    assert!(dir.path().join("farm.ron.bak").is_file());
    assert!(level::load(&dir.path().join("farm.ron.bak")).is_ok(), "the backup is the level before");
}

#[test]
fn the_level_and_the_character_made_in_the_editors_under_xvfb_check() {
    let level = files::check_one(Path::new("tests/content/levels/okafor_farm.ron")).map_err(|e| e.to_string());
    assert_eq!(level.as_deref(), Ok(r#"level "Okafor farm", 24×14 cells, 5 units in 2 sides, under Shadowrun4 only"#));
    let gran = files::check_one(Path::new("tests/content/characters/gran_okafor.ron")).map_err(|e| e.to_string());
    assert_eq!(gran.as_deref(), Ok(r#"character "Gran Okafor", Shadowrun4"#));
}
