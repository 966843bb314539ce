//! Characters brought in from other tools' files (`skirmish import`): Chummer 4's `.chum`, the Eclipse Phase
//! Character Creator's JSON saves, Foundry's World of Darkness 20th actors. The fixtures in `tests/import/` are our
//! own characters written by hand in each tool's layout (no stat block from a book or from a tool's bundled files):
//! Razorback, an ork street samurai saved as Chummer does on Windows (UTF-16 with a byte order mark); Static, a
//! troll in UTF-8 with a flechette shotgun, a taser and magic; Chrome, a Shadowrun 5 file; Vesna Kade, an EPCC
//! character with two morphs, a railgun, a grenade pair and two pieces of armor; Marguerite Okafor, a Foundry
//! actor as exported today (`system`); Tobias Crane, one in an older export's layout (`data`, abilities by group).

use std::path::{Path, PathBuf};

use skirmish::ai::Minds;
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::scenario::character::Character;
use skirmish::scenario::import::{self, Imported};
use skirmish::scenario::level::{self, RulesetSheet};

pub(crate) fn fixture(name: &str) -> PathBuf {
    Path::new("tests/import").join(name)
}

pub(crate) fn imported(name: &str) -> Imported {
    import::read(&fixture(name), None).unwrap_or_else(|e| panic!("{name} imports: {e}"))
}

/// A derived value by its label.
fn derived(imported: &Imported, label: &str) -> i64 {
    let found = imported.report.derived.iter().find(|(l, ..)| l == label);
    found.unwrap_or_else(|| panic!("no `{label}` in {:?}", imported.report.derived)).1
}

/// A copy of a fixture's text with `from` replaced by `to`, written to `dir` as `file`.
pub(crate) fn altered(dir: &Path, fixture_name: &str, file: &str, from: &str, to: &str) -> PathBuf {
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
        "Augmented armor: made from the file: +2/+2 from its improvements, on the best piece worn",
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
fn an_imported_character_of_each_format_plays_a_battle_to_its_end() {
    let runs = [
        ("razorback.chum", "Razorback", RulesetId::Shadowrun4),
        ("vesna.json", "Vesna Kade", RulesetId::EclipsePhase),
        ("marguerite.json", "Marguerite Okafor", RulesetId::Storyteller),
    ];
    let street = level::load(Path::new("levels/street.ron")).expect("the street");
    for (file, name, ruleset) in runs {
        let character = imported(file).character;
        let guests: Vec<(String, Character)> = vec![("Crew".into(), character)];
        let scenario = street.scenario_with(ruleset, &guests).unwrap_or_else(|e| panic!("{name} joins the Crew: {e}"));
        let log = skirmish::lab::sim::one_log(&scenario, 3, &Minds::all(skirmish::ai::Difficulty::Hard));
        let text: Vec<String> = log.lines().collect();
        crate::import_left_out::fights_to_a_winner(&text, name);
    }
}

#[test]
fn an_eclipse_phase_ego_in_the_morph_it_wears_comes_out_with_its_modifiers() {
    let vesna = imported("vesna.json");
    assert_eq!(vesna.character.name, "Vesna Kade");
    let RulesetSheet::EclipsePhase(sheet) = &vesna.character.sheet else { panic!("an Eclipse Phase sheet") };
    let a = sheet.aptitudes;
    let aptitudes = [a.cog, a.coo, a.int, a.r#ref, a.sav, a.som, a.wil].map(|r| r.0);
    assert_eq!(aptitudes, [15, 25, 10, 30, 10, 25, 15], "with the morph's modifiers; REF 35 capped at the morph's 30");
    let skills: Vec<(&str, u32)> = sheet.skills.iter().map(|(s, r)| (s.name(), r.0)).collect();
    let want = [("Fray", 50), ("Blades", 40), ("Kinetic Weapons", 60), ("Thrown Weapons", 35)];
    assert_eq!(skills, want, "linked aptitude + points bought");
    assert_eq!((sheet.durability, sheet.speed, sheet.init.0), (40, 2, 90), "DUR 35 + 5; SPD 1 + 1; (10 + 30) × 2 + 10");
    assert_eq!(
        sheet.morph,
        skirmish::rules::eclipse_phase::sheet::MorphKind::Biomorph,
        "the morph worn, not the synthmorph"
    );
    assert!(sheet.smartlink);
    let weapons: Vec<&str> = sheet.weapons.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(weapons, ["own_railgun_carbine", "assault_rifle", "own_vibroblade", "frag_grenade"]);
    assert_eq!(sheet.armor.as_ref().map(|a| a.0.as_str()), Some("armor_vest"), "the stronger of two");
    assert_eq!(vesna.character.role.as_deref(), Some("rifleman"));
    assert_eq!((derived(&vesna, "Wound threshold"), derived(&vesna, "Death rating")), (8, 60));
    assert_eq!(derived(&vesna, "Defense against fire"), 25, "Fray 50 ÷ 2");
    let report = vesna.report.markdown();
    for line in [
        "Eclipse Phase Character Creator (JSON, version 1.51 “Gate Jump”), Eclipse Phase 1e",
        "Reflexes (REF) 30 (`REF` 25, modifiers +10, capped at the morph's maximum 30)",
        "Thrown Weapons 35 (skill `Throwing Weapons`: COO 25 + 10)",
        "Railgun Carbine: not in the catalogue; made from the file: 2d10+10, AP −8, against Kinetic armor, Kinetic Weapons, SA/BF/FA, 40 rounds, ranges 150/250/500/900 m; modes, rounds and ranges its class's, our `assault_rifle` (EPCC keeps none)",
        "Vibroblade: not in the catalogue; made from the file: 2d10+1, AP −2, against Kinetic armor, Blades;",
        "Assault Rifle: the catalogue's `assault_rifle`",
        "Frag Grenade: 2 carried, one taken (a sheet's thrown weapon is one throw)",
        "Micromissile Rack (`gearType` WSE): seeker weapons are not played",
        "Smart Clothing (2/3): our Eclipse Phase sheet wears one armor, the strongest (layers are not played)",
        "The specialization of Kinetic Weapons (Railguns): specializations are not played",
        "Skills no battle of ours rolls: Pilot: Groundcraft",
        "1 knowledge skills: not used in combat",
        "2 other items (implants, software, drugs, tools…): not played",
        "1 other morphs (`morphSavePacks`): only the one worn fights",
    ] {
        assert!(report.contains(line), "`{line}` in:\n{report}");
    }
}

#[test]
fn a_foundry_actor_takes_value_and_bonus_and_its_armor_costs_the_files_dexterity_penalty() {
    let marguerite = imported("marguerite.json");
    let RulesetSheet::Storyteller(sheet) = &marguerite.character.sheet else { panic!("a Storyteller sheet") };
    let a = sheet.attributes;
    let attributes = [a.strength, a.dexterity, a.stamina, a.perception, a.wits].map(|d| d.0);
    assert_eq!(attributes, [2, 3, 3, 4, 3], "Dexterity's value (its total counts the armor), Perception 3 + 1");
    let abilities: Vec<(&str, u32)> = sheet.abilities.iter().map(|(s, r)| (s.name(), r.0)).collect();
    assert_eq!(abilities, [("Brawl", 2), ("Melee", 2), ("Athletics", 1), ("Firearms", 3), ("Dodge", 2)]);
    let weapons: Vec<&str> = sheet.weapons.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(weapons, ["own_heavy_revolver", "own_machete", "rifle"], "the one equipped in hand");
    assert_eq!(sheet.armor.as_ref().map(|a| a.0.as_str()), Some("own_kevlar_vest"));
    assert_eq!(marguerite.character.role.as_deref(), Some("scout"));
    // Our rules give the file's penalty: the vest asks Stamina 4 of a wearer with 3.
    assert_eq!(derived(&marguerite, "Defense against fire"), 4, "Dexterity 3 + Dodge 2 − 1");
    assert_eq!(derived(&marguerite, "Soak against lethal"), 4, "⌊Stamina 3 ÷ 2⌋ + the vest's 3");
    let report = marguerite.report.markdown();
    for line in [
        "Foundry VTT, World of Darkness 20th (a Mortal actor, system 3.2.0), our Storyteller rules",
        "Dexterity 3 (`attributes.dexterity.value`; Foundry's total 2 counts the armor's penalty, ours applies it)",
        "Perception 4 (`attributes.perception`: value 3 + bonus 1)",
        "Heavy revolver: not in the catalogue; made from the file: 6 lethal, Firearms, difficulty 6, range 30 m",
        "Rifle: the catalogue's `rifle`",
        "Kevlar vest: not in the catalogue; made from the file: soak 3, Dexterity penalty −1 (`dexpenalty`)",
        "Abilities no battle of ours rolls: alertness 3, medicine 4",
        "Heavy revolver: its accuracy +1 dice (not in the seed's rules)",
        "Leather jacket: not worn",
        "1 `Feature` items (powers, backgrounds, merits, flaws…): not played",
        "1 health levels of damage taken (`health.damage`): a battle starts unhurt",
    ] {
        assert!(report.contains(line), "`{line}` in:\n{report}");
    }
}

#[test]
fn an_older_foundry_export_under_data_and_a_newer_one_with_ability_items_read_alike() {
    let tobias = imported("tobias_older.json");
    let RulesetSheet::Storyteller(sheet) = &tobias.character.sheet else { panic!("a Storyteller sheet") };
    let a = sheet.attributes;
    assert_eq!([a.strength, a.dexterity, a.stamina, a.perception, a.wits].map(|d| d.0), [4, 2, 4, 2, 3]);
    let abilities: Vec<(&str, u32)> = sheet.abilities.iter().map(|(s, r)| (s.name(), r.0)).collect();
    assert_eq!(abilities, [("Brawl", 4), ("Melee", 1), ("Dodge", 1)], "from the talent, skill and knowledge groups");
    let weapons: Vec<&str> = sheet.weapons.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(weapons, ["own_baseball_bat"]);
    assert_eq!(sheet.armor.as_ref().map(|a| a.0.as_str()), Some("leather"), "worn (`active`), no penalty to him");
    assert!(tobias.report.format.contains("an older export (`data`)"), "{}", tobias.report.format);
    // Foundry's newer actors keep abilities as embedded `Ability` items.
    let dir = tempfile::tempdir().expect("a folder");
    let text = std::fs::read_to_string(fixture("tobias_older.json")).expect("the fixture");
    let mut actor: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let data = actor["data"].take();
    actor["system"] = data;
    actor["system"]["abilities"] = serde_json::json!({});
    let items = actor["items"].as_array_mut().expect("items");
    items.push(serde_json::json!({"name": "Brawl", "type": "Ability", "system": {"value": 4}}));
    items.push(serde_json::json!({"name": "Melee", "type": "Ability", "system": {"value": "1"}}));
    let newer = dir.path().join("tobias.json");
    std::fs::write(&newer, actor.to_string()).expect("written");
    let read = import::read(&newer, None).expect("imports");
    let RulesetSheet::Storyteller(items_sheet) = &read.character.sheet else { panic!("a Storyteller sheet") };
    let abilities: Vec<(&str, u32)> = items_sheet.abilities.iter().map(|(s, r)| (s.name(), r.0)).collect();
    assert_eq!(abilities, [("Brawl", 4), ("Melee", 1)]);
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
    let body = "<value>7</value><totalvalue>14</totalvalue>";
    let body = altered(d, "static.chum", "body.chum", "<value>7</value><totalvalue>7</totalvalue>", body);
    let chum5 = fixture("chrome_sr5.chum5");
    for file in [&chum5, &sr5, &truncated, &json, &actor, &body] {
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
    assert!(said.ends_with(&format!("foundry.json: a JSON file of another tool: not {}", import::FORMATS)), "{said}");
    let said = message(&actor);
    assert!(
        said.ends_with("actor.chum:3:1: <actor>: not a Chummer character: the file's root element is not <character>"),
        "{said}"
    );
    let said = message(&body);
    assert!(said.contains("body.chum:10:5: <attribute> (BOD): Body: an attribute of 14 is out of range"), "{said}");
}

/// Each bad JSON file (EPCC's or Foundry's): one message naming the file and the element; nothing written.
#[test]
fn a_bad_json_file_is_one_message_naming_the_file_and_the_element_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let cut = |fixture_name: &str, file: &str| {
        let text = std::fs::read_to_string(fixture(fixture_name)).expect("the fixture");
        let path = d.join(file);
        std::fs::write(&path, &text[..text.len() / 2]).expect("written");
        path
    };
    let cases = [
        (
            cut("vesna.json", "cut.json"),
            "cut.json:58:118: not a whole JSON file (EOF while parsing a string at line 58 column 118): cut short, or not an EPCC save or a Foundry actor",
        ),
        (cut("marguerite.json", "cut_actor.json"), "cut_actor.json:32:61: not a whole JSON file"),
        (
            altered(d, "vesna.json", "info.json", r#""morphType": "biomorph""#, r#""morphType": "infomorph""#),
            "info.json:`charSavePack.morphSavePacks[1]`: Longstride is an infomorph: it has no body to fight in",
        ),
        (
            altered(
                d,
                "vesna.json",
                "cog.json",
                r#""abbreviation": "COG", "value": "15""#,
                r#""abbreviation": "COG", "value": "150""#,
            ),
            "cog.json:`charSavePack.egoSavePack.aptitudesSavePacks[0]`: Cognition (COG): a rating of 150 is out of range",
        ),
        (
            altered(d, "vesna.json", "dur.json", r#""durability": "35""#, r#""durability": "lots""#),
            "dur.json:`charSavePack.morphSavePacks[1].durability`: `\"lots\"` is not a whole number",
        ),
        (
            altered(d, "marguerite.json", "dnd.json", r#""systemId": "worldofdarkness""#, r#""systemId": "dnd5e""#),
            "dnd.json: a Foundry actor of the system `dnd5e`: only World of Darkness 20th (`worldofdarkness`) actors are imported",
        ),
        (
            altered(d, "tobias_older.json", "dots.json", r#""brawl": {"value": 4"#, r#""brawl": {"value": 14"#),
            "dots.json:`data.abilities.talent.brawl`: Brawl: a rating of 14 dots is out of range",
        ),
    ];
    for (file, want) in &cases {
        let content = d.join("content");
        let said = import::import(file, None, &content).expect_err("refused").to_string();
        assert!(said.contains(want), "`{want}` in `{said}`");
        assert!(said.starts_with(&file.display().to_string()), "{said}");
        assert!(!content.join("characters").exists(), "nothing written for {said}");
    }
}

/// `skirmish import` and `skirmish check` as a shell runs them: the report printed, the character written to the
/// content folder, a bad file one line on stderr and exit 2.
#[test]
fn the_import_and_check_commands_take_each_format_and_refuse_a_bad_file_with_exit_2() {
    let content = tempfile::tempdir().expect("a folder");
    let skirmish = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(args)
            .env("SKIRMISH_CONTENT", content.path())
            .output()
            .expect("runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    let (out, _, code) = skirmish(&["import", "tests/import/vesna.json"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("## Worked out by our rules") && out.contains("| Death rating | 60 |"), "{out}");
    assert!(
        content.path().join("characters/vesna_kade.ron").is_file()
            && content.path().join("characters/vesna_kade.import.md").is_file()
    );
    let (out, _, code) = skirmish(&["import", "tests/import/tobias_older.json", "--dry-run", "--name", "Toby"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Baseball bat: not in the catalogue"), "{out}");
    assert!(!content.path().join("characters/toby.ron").exists(), "a dry run writes nothing");
    let (out, _, code) = skirmish(&["check", "tests/import/marguerite.json", "tests/import/razorback.chum"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("imports as \"Marguerite Okafor\", Storyteller"), "{out}");
    let (out, err, code) = skirmish(&["import", "tests/import/chrome_sr5.chum5"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("chrome_sr5.chum5: a Shadowrun 5 character"), "{err}");
}
