//! Characters brought in from other tools' files (`skirmish import`): Chummer 4's `.chum`. The fixtures in
//! `tests/import/` are our own characters written by hand in each tool's layout (no stat block from a book or from
//! a tool's bundled files): Razorback, an ork street samurai saved as Chummer does on Windows (UTF-16 with a byte
//! order mark); Static, a troll in UTF-8 with a flechette shotgun, a taser and magic; Chrome, a Shadowrun 5 file.

use std::path::{Path, PathBuf};

use skirmish::ai::Minds;
use skirmish::rules::any::RulesetId;
use skirmish::scenario::character::Character;
use skirmish::scenario::import::{self, Imported};
use skirmish::scenario::level::{self, RulesetSheet};

fn fixture(name: &str) -> PathBuf {
    Path::new("tests/import").join(name)
}

fn imported(name: &str) -> Imported {
    import::read(&fixture(name), None).unwrap_or_else(|e| panic!("{name} imports: {e}"))
}

/// A derived value by its label.
fn derived(imported: &Imported, label: &str) -> i64 {
    let found = imported.report.derived.iter().find(|(l, ..)| l == label);
    found.unwrap_or_else(|| panic!("no `{label}` in {:?}", imported.report.derived)).1
}

/// A copy of a fixture's text with `from` replaced by `to`, written to `dir` as `file`.
fn altered(dir: &Path, fixture_name: &str, file: &str, from: &str, to: &str) -> PathBuf {
    let text = std::fs::read_to_string(fixture(fixture_name)).expect("a UTF-8 fixture");
    assert!(text.contains(from), "{from} is in {fixture_name}");
    let path = dir.join(file);
    std::fs::write(&path, text.replace(from, to)).expect("written");
    path
}

#[test]
fn a_street_samurai_saved_by_chummer_in_utf16_comes_out_with_its_augmented_numbers() {
    let razor = imported("razorback.chum");
    assert_eq!(razor.character.name, "Razorback", "the runner's alias before its name");
    let RulesetSheet::Shadowrun4(sheet) = &razor.character.sheet else { panic!("a Shadowrun 4 sheet") };
    let a = sheet.attributes;
    let attributes = [a.body, a.agility, a.reaction, a.strength, a.charisma, a.intuition, a.logic, a.willpower];
    assert_eq!(attributes.map(|v| v.0), [5, 6, 6, 5, 2, 3, 2, 3], "augmented: Agility 6 (natural 4), Reaction 6");
    let skills: Vec<(String, u32)> = sheet.skills.iter().map(|(s, r)| (s.name().to_owned(), r.0)).collect();
    let want = [("Pistols", 3), ("Automatics", 4), ("Blades", 4), ("Dodge", 2)];
    assert_eq!(skills, want.map(|(s, r)| (s.to_owned(), r)).to_vec());
    assert_eq!(sheet.initiative_passes, 3, "1 and 2 from the wired reflexes' improvement");
    assert!(sheet.smartlink);
    assert_eq!((sheet.movement.walk, sheet.movement.run), (10, 25), "an ork moves as a human");
    let weapons: Vec<&str> = sheet.weapons.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(weapons, ["ares_alpha", "own_kestrel_k_9_carbine", "katana"], "the grenade left out");
    let armor: Vec<&str> = sheet.armor.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(armor, ["armor_jacket", "helmet", "own_augmented_armor"], "the coat not worn left out");
    assert_eq!(razor.character.role.as_deref(), Some("rifleman"));
    // Our rules' numbers: Physical 8 + ⌈5 ÷ 2⌉, Stun 8 + ⌈3 ÷ 2⌉, initiative Reaction + Intuition.
    assert_eq!(derived(&razor, "Physical monitor"), 11);
    assert_eq!(derived(&razor, "Stun monitor"), 10);
    assert_eq!(derived(&razor, "Initiative"), 9);
    let report = razor.report.markdown();
    for line in [
        "Agility 6 (`AGI` augmented; natural 4)",
        "Initiative passes 3 (1, and 2 from its improvements (`InitiativePass`))",
        "Smartlink, from Smartlink: +2 dice with smartgun weapons",
        "Ares Alpha: the catalogue's `ares_alpha`",
        "Kestrel K-9 Carbine: not in the catalogue; made from the file: 6P, AP −1, SA/BF, RC 1, 30 rounds, ranges 50/150/350/550 m, laser sight, Automatics, against Ballistic armor",
        "Armor from augmentations (its improvements): +2/+2, on the best piece worn",
        "Boomer grenade (10P(f) (-1/m)): a blast; only Eclipse Phase's blasts are played",
        "Lined Coat: not worn",
        "The specialization of Automatics (Assault Rifles): specializations are not played",
        "Movement 10/25 m a Combat Turn (an Ork's)",
        "Skills no battle of ours rolls: Perception 3, Infiltration 2",
        "1 knowledge skills: not used in combat",
        "1 contacts: not played",
        "Edge: Edge dice are not played (`EDG` 2)",
    ] {
        assert!(report.contains(line), "`{line}` in:\n{report}");
    }
}

#[test]
fn a_troll_in_utf8_brings_a_flechette_shotgun_against_impact_armor_and_leaves_its_magic_out() {
    let stat = imported("static.chum");
    assert_eq!(stat.character.name, "Static", "no alias: its name");
    let RulesetSheet::Shadowrun4(sheet) = &stat.character.sheet else { panic!("a Shadowrun 4 sheet") };
    assert_eq!((sheet.movement.walk, sheet.movement.run), (15, 35), "a troll's");
    assert_eq!(sheet.initiative_passes, 2);
    let weapons: Vec<&str> = sheet.weapons.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(weapons, ["own_sledge_12_shotgun", "defiance_ex_shocker", "own_unarmed_attack"]);
    let report = stat.report.markdown();
    for line in [
        "Sledge 12 shotgun: not in the catalogue; made from the file: 9P, AP +5, SA, RC 0, 8 rounds, ranges 10/40/80/150 m, Longarms, against Impact armor",
        "Defiance EX Shocker: the catalogue's `defiance_ex_shocker`",
        "Unarmed Attack: not in the catalogue; made from the file: STR/2S, reach 1, Unarmed Combat, against Impact armor",
        "Magic (`magenabled`): spells, spirits and adept powers are not played",
        "Magic: spells, spirits and adept powers are not played (`MAG` 3)",
        "1 spells: not played",
        "1 adept powers: not played",
        "1 vehicles and drones: not played",
    ] {
        assert!(report.contains(line), "`{line}` in:\n{report}");
    }
}

#[test]
fn an_imported_character_plays_a_battle_to_its_end() {
    let razor = imported("razorback.chum");
    let street = level::load(Path::new("levels/street.ron")).expect("the street");
    let guests: Vec<(String, Character)> = vec![("Crew".into(), razor.character.clone())];
    let scenario = street.scenario_with(RulesetId::Shadowrun4, &guests).expect("Razorback joins the Crew");
    let log = skirmish::lab::sim::one_log(&scenario, 3, &Minds::all(skirmish::ai::Difficulty::Hard));
    let text: Vec<String> = log.lines().collect();
    let fights = |l: &&String| l.starts_with("Razorback: fires") || l.starts_with("Razorback: attacks");
    assert!(text.iter().any(|l| fights(&l)), "Razorback fights:\n{}", text.join("\n"));
    let over = text.iter().any(|l| l.starts_with("== Battle over") && l.ends_with("wins. =="));
    assert!(over, "the battle ends with a winner:\n{}", text.join("\n"));
}

#[test]
fn importing_writes_the_character_and_its_report_to_the_content_folder() {
    let content = tempfile::tempdir().expect("a folder");
    let (path, imported) = import::import(&fixture("razorback.chum"), Some("Razor"), content.path()).expect("imports");
    assert_eq!(path, content.path().join("characters/razor.ron"));
    assert_eq!(imported.character.name, "Razor", "the name asked for");
    let back = skirmish::scenario::character::load(&path).expect("reads back as a character file");
    assert_eq!(back.to_ron().expect("text"), imported.character.to_ron().expect("text"));
    let report = std::fs::read_to_string(content.path().join("characters/razor.import.md")).expect("the report");
    assert!(report.starts_with("# Imported from tests/import/razorback.chum"), "{report}");
    // Listed with the player's characters.
    let listed = skirmish::scenario::character::list(Some(content.path()));
    assert_eq!(listed.len(), 1, "one character (the report is not one)");
}

/// Each bad file: one message naming the file and, where it is in the file, the place and element; nothing written.
#[test]
fn a_bad_file_is_one_message_naming_the_file_and_the_element_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let static_text = std::fs::read_to_string(fixture("static.chum")).expect("the fixture");
    let truncated = d.join("truncated.chum");
    std::fs::write(&truncated, &static_text[..static_text.len() * 2 / 3]).expect("written");
    let json = d.join("foundry.json");
    std::fs::write(&json, r#"{"name": "Ada", "type": "character"}"#).expect("written");
    let sr5 = altered(d, "static.chum", "sr5.chum", "<gameedition>SR4", "<gameedition>SR5");
    let actor = altered(d, "static.chum", "actor.chum", "character>", "actor>");
    let damage = altered(d, "static.chum", "damage.chum", "9P(f)", "9X");
    let body = "<value>7</value><totalvalue>14</totalvalue>";
    let body = altered(d, "static.chum", "body.chum", "<value>7</value><totalvalue>7</totalvalue>", body);
    let chum5 = fixture("chrome_sr5.chum5");
    for file in [&chum5, &sr5, &truncated, &json, &actor, &damage, &body] {
        let content = d.join("content");
        let e = import::import(file, None, &content).expect_err("refused");
        assert!(!content.join("characters").exists(), "nothing written for {e}");
    }
    let message = |file: &Path| import::read(file, None).expect_err("refused").to_string();
    let said = message(&chum5);
    assert_eq!(
        said,
        format!(
            "{}: a Shadowrun 5 character (Chummer 5): only Shadowrun 4 characters (Chummer 4's .chum) are imported",
            chum5.display()
        )
    );
    let said = message(&sr5);
    assert!(said.ends_with("sr5.chum:4:3: <gameedition>: a Shadowrun 5 character (Chummer 5): only Shadowrun 4 characters (Chummer 4's .chum) are imported"), "{said}");
    let said = message(&truncated);
    assert!(said.contains("truncated.chum:") && said.contains("not a whole XML file"), "{said}");
    let said = message(&json);
    assert!(said.ends_with("foundry.json: not a file we import: a Chummer 4 character (.chum)"), "{said}");
    let said = message(&actor);
    assert!(
        said.ends_with("actor.chum:3:1: <actor>: not a Chummer character: the file's root element is not <character>"),
        "{said}"
    );
    let said = message(&damage);
    assert!(said.ends_with("damage.chum:28:7: <damage> (Sledge 12 shotgun): `9X` is not a Shadowrun 4 damage value (6P, (STR/2+2)P, 8S(e))"), "{said}");
    let said = message(&body);
    assert!(said.contains("body.chum:10:5: <attribute> (BOD): Body: an attribute of 14 is out of range"), "{said}");
}
