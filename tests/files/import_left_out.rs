//! Characters that carry items our rules cannot play as written (`skirmish import`): each such item is left out and
//! said in the report with its reason and its place, and the character imports and plays; only a file that is no
//! character of its tool is refused. The fixtures are our own characters, written by hand in each tool's layout:
//! Longshot (Chummer 4: a bow, a crossbow, spurs under `Cyberware`, a recoil compensation `(1)`, an exotic whip, a
//! damage we cannot read, armor whose ratings are no numbers), Thorn (Chummer 4: a bow and spurs), Tunde Okonkwo
//! (EPCC: a damage and an armor penetration we cannot read, armor below 0) and Rosalind Achterberg (Foundry: fire
//! damage, a difficulty of 12, a bow on Archery, armor with a soak for each kind of damage and armor we cannot read).

use std::path::Path;
use std::process::Command;

use crate::import::{altered, imported};

use skirmish::ai::{Difficulty, Minds};
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::rules::shadowrun4::sheet::Skill;
use skirmish::scenario::character::Character;
use skirmish::scenario::import::{self, Imported};
use skirmish::scenario::level::{self, RulesetSheet};

/// The ids of the weapons a sheet carries, the first in hand.
fn weapon_ids(imported: &Imported) -> Vec<String> {
    match &imported.character.sheet {
        RulesetSheet::Shadowrun4(s) => s.weapons.iter().map(|w| w.0.clone()).collect(),
        RulesetSheet::EclipsePhase(s) => s.weapons.iter().map(|w| w.0.clone()).collect(),
        RulesetSheet::Storyteller(s) => s.weapons.iter().map(|w| w.0.clone()).collect(),
        RulesetSheet::HomebrewD6(_) => Vec::new(),
    }
}

/// The battle on the street with `character` in the Crew, played by the hard AI with `seed`: its log's lines.
fn street_battle(character: Character, ruleset: RulesetId, seed: u64) -> Vec<String> {
    let street = level::load(Path::new("levels/street.ron")).expect("the street");
    let name = character.name.clone();
    let guests = vec![("Crew".to_owned(), character)];
    let scenario = street.scenario_with(ruleset, &guests).unwrap_or_else(|e| panic!("{name} joins the Crew: {e}"));
    let log = skirmish::lab::sim::one_log(&scenario, seed, &Minds::all(Difficulty::Hard));
    log.lines().collect()
}

/// `name` attacks in the battle of `log`, and the battle ends with a side that wins.
pub(crate) fn fights_to_a_winner(log: &[String], name: &str) {
    let fights = |l: &&String| l.starts_with(&format!("{name}: fires")) || l.starts_with(&format!("{name}: attacks"));
    assert!(log.iter().any(|l| fights(&l)), "{name} fights:\n{}", log.join("\n"));
    let over = log.iter().any(|l| l.starts_with("== Battle over") && l.ends_with("wins. =="));
    assert!(over, "the battle ends with a winner:\n{}", log.join("\n"));
}

#[test]
fn a_runner_with_a_bow_a_crossbow_spurs_and_recoil_in_parentheses_imports_and_says_each_item_left_out() {
    let longshot = imported("longshot.chum");
    assert_eq!(longshot.character.name, "Longshot");
    assert_eq!(weapon_ids(&longshot), ["own_scatter_smg", "own_marksman_rifle", "own_spurs"]);
    let RulesetSheet::Shadowrun4(sheet) = &longshot.character.sheet else { panic!("a Shadowrun 4 sheet") };
    let weapon = |id: &str| sheet.gear.weapon(id).unwrap_or_else(|e| panic!("{id}: {e}"));
    let spurs = weapon("own_spurs");
    assert_eq!(
        (spurs.skill, spurs.is_melee(), spurs.damage.to_string()),
        (Skill::UnarmedCombat, true, "STR/2+1P".into())
    );
    assert_eq!(weapon("own_scatter_smg").recoil_compensation, 2, "`1(2)` with a gas-vent fitted: 2");
    assert_eq!(weapon("own_marksman_rifle").recoil_compensation, 0, "`(1)` with no parts: none");
    let armor: Vec<&str> = sheet.armor.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(armor, ["armor_vest"], "the cloak of no ratings left out");
    assert_eq!(
        longshot.report.left_out[2..],
        [
            "Hunting bow: left out, a weapon of category `Bows` is used with Archery, a skill our Shadowrun 4 battles do not roll (at line 29, `<category>`)",
            "Pocket crossbow: left out, a weapon of category `Crossbows` is used with Archery, a skill our Shadowrun 4 battles do not roll (at line 34, `<category>`)",
            "Monofilament whip: left out, a weapon of category `Exotic Melee Weapons` is used with Exotic Melee Weapon, a skill our Shadowrun 4 battles do not roll (at line 55, `<category>`)",
            "Contact-poison ring: left out, `As toxin` is not a Shadowrun 4 damage value (6P, (STR/2+2)P, 8S(e)) (at line 60, `<damage>`)",
            "Ghillie cloak: left out, `Rating` is not an armor rating (6, +2): armor our rules do not know (at line 65, `<b>`)",
        ]
    );
    let gear = longshot.report.gear.join("\n");
    for line in [
        "Spurs: not in the catalogue; made from the file: STR/2+1P, Unarmed Combat, against Impact armor; a cyberware weapon (`Cyberware`): played as the melee weapon it is, with the skill Chummer rolls it with",
        "RC 0: the file's `(1)` gives 1 only with recoil parts, and none are fitted",
        "RC 2: the file's `1(2)` with its Gas-Vent 2 System fitted",
    ] {
        assert!(gear.contains(line), "`{line}` in:\n{gear}");
    }
}

/// `skirmish` with `args` and the content folder `content`, as a shell runs it: its output, errors and exit code.
fn skirmish(content: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .env("SKIRMISH_CONTENT", content)
        .args(args)
        .output()
        .expect("runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (text(&out.stdout), text(&out.stderr), out.status.code())
}

#[test]
fn skirmish_import_on_a_character_with_a_bow_and_a_spur_prints_it_and_two_left_out_lines_with_exit_0() {
    let content = tempfile::tempdir().expect("a content folder");
    let (out, err, code) = skirmish(content.path(), &["import", "tests/import/thorn.chum"]);
    assert_eq!(code, Some(0), "{out}{err}");
    for line in [
        "- Strength 5 (`STR`)",
        "- Unarmed Combat 4 (skill `Unarmed Combat`)",
        "- Spurs: not in the catalogue; made from the file: STR/2+1P, Unarmed Combat, against Impact armor;",
        "Thorn imported to ",
    ] {
        assert!(out.contains(line), "`{line}` in:\n{out}");
    }
    let section = out.split("## Left out\n\n").nth(1).and_then(|s| s.split("\n\n").next());
    let left_out: Vec<&str> = section.unwrap_or_else(|| panic!("a Left out section: {out}")).lines().collect();
    assert_eq!(
        left_out,
        [
            "- Skills no battle of ours rolls: Archery 3",
            "- Recurve bow: left out, a weapon of category `Bows` is used with Archery, a skill our Shadowrun 4 battles do not roll (at line 26, `<category>`)",
        ]
    );
    assert!(content.path().join("characters/thorn.ron").is_file(), "the character written");
}

#[test]
fn the_imported_hunter_plays_the_street_to_a_winner_as_a_shell_runs_it() {
    let content = tempfile::tempdir().expect("a content folder");
    let (out, err, code) = skirmish(content.path(), &["import", "tests/import/longshot.chum"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let file = content.path().join("characters/longshot.ron");
    let crew = format!("Crew={}", file.display());
    let args = ["run", "levels/street.ron", "--ruleset", "shadowrun4", "--character", &crew, "--seed", "2"];
    let (log, err, code) = skirmish(content.path(), &args);
    assert_eq!(code, Some(0), "{err}");
    let log: Vec<String> = log.lines().map(str::to_owned).collect();
    fights_to_a_winner(&log, "Longshot");
}

/// Each item that used to refuse the whole character: now the character imports without it, and the report says
/// which, why and where.
#[test]
fn each_item_that_used_to_refuse_a_character_is_left_out_and_said() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    let cases = [
        (
            altered(d, "static.chum", "damage.chum", "9P(f)", "9X"),
            "Sledge 12 shotgun: left out, `9X` is not a Shadowrun 4 damage value (6P, (STR/2+2)P, 8S(e)) (at line 28, `<damage>`)",
        ),
        (
            altered(d, "vesna.json", "degat.json", "2d10 + 10", "2d6 + 10"),
            "Railgun Carbine: left out, `2d6 + 10` is not a damage (2d10 + 2, 1d10/2, 1d10 + 2 + (SOM/10)) (at `charSavePack.morphSavePacks[1].addGearSavePacks[0].degat`)",
        ),
        (
            altered(
                d,
                "marguerite.json",
                "kind.json",
                r#""type": "lethal", "isrollable": true"#,
                r#""type": "fire", "isrollable": true"#,
            ),
            "Heavy revolver: left out, `fire` damage: our rules have bashing, lethal and aggravated (at `items[1].system.damage`)",
        ),
        (
            altered(
                d,
                "marguerite.json",
                "difficulty.json",
                r#""difficulty": 6, "range": 30"#,
                r#""difficulty": 12, "range": 30"#,
            ),
            "Heavy revolver: left out, a difficulty of 12: our rules roll against 2 to 10 (at `items[1].system`)",
        ),
    ];
    for (file, line) in &cases {
        let content = d.join("content");
        let (path, imported) = import::import(file, None, &content).unwrap_or_else(|e| panic!("imports: {e}"));
        assert!(path.is_file(), "{} written", path.display());
        assert!(imported.report.left_out.iter().any(|l| l == line), "`{line}` in {:?}", imported.report.left_out);
    }
}

#[test]
fn an_eclipse_phase_salvager_keeps_what_it_can_read_and_plays_a_battle_to_a_winner() {
    let tunde = imported("okonkwo.json");
    assert_eq!(weapon_ids(&tunde), ["own_salvaged_flechette_pistol", "own_pry_baton"]);
    let RulesetSheet::EclipsePhase(sheet) = &tunde.character.sheet else { panic!("an Eclipse Phase sheet") };
    assert_eq!(sheet.armor.as_ref().map(|a| a.0.as_str()), Some("own_work_coveralls"), "the vacsuit below 0 left out");
    let path = "charSavePack.morphSavePacks[0].addGearSavePacks";
    assert_eq!(
        tunde.report.left_out,
        [
            format!(
                "Homemade Coilgun: left out, `2d6 + 4` is not a damage (2d10 + 2, 1d10/2, 1d10 + 2 + (SOM/10)) (at `{path}[1].degat`)"
            ),
            format!("Cutting Torch: left out, `\"varies\"` is not a whole number (at `{path}[2].armorPenetration`)"),
            format!("Patched Vacsuit: left out, an armor value of -2: armor our rules do not know (at `{path}[4]`)"),
        ]
    );
    fights_to_a_winner(&street_battle(tunde.character, RulesetId::EclipsePhase, 2), "Tunde Okonkwo");
}

#[test]
fn a_foundry_ranger_wears_one_soak_for_every_kind_of_damage_and_the_report_says_which() {
    let rosalind = imported("rosalind.json");
    assert_eq!(weapon_ids(&rosalind), ["long_bow", "own_hatchet"], "the bow on Archery is the catalogue's, Athletics");
    let RulesetSheet::Storyteller(sheet) = &rosalind.character.sheet else { panic!("a Storyteller sheet") };
    let jacket = sheet.armor.as_ref().map(|a| a.0.clone()).expect("armor worn");
    let worn = sheet.gear.armor(&jacket).expect("in its gear");
    assert_eq!((worn.name.as_str(), worn.soak), ("Fire-service jacket", 2), "the lethal soak, not the bashing 3");
    let derived = |label: &str| rosalind.report.derived.iter().find(|(l, ..)| l == label).map(|d| d.1);
    assert_eq!(derived("Soak against bashing"), Some(5), "Stamina 3 + the jacket's 2");
    assert_eq!(derived("Soak against lethal"), Some(3), "⌊Stamina 3 ÷ 2⌋ + 2");
    let gear = rosalind.report.gear.join("\n");
    let soak = "Fire-service jacket: not in the catalogue; made from the file: soak 2, no Dexterity penalty; its lethal \
                soak (`soak.lethal`) for every kind of damage, as our rules' armor has one (file 001); the file's bashing \
                3, aggravated 1 not kept";
    assert!(gear.contains(soak), "{gear}");
    assert_eq!(
        rosalind.report.left_out[..3],
        [
            "Flare gun: left out, `fire` damage: our rules have bashing, lethal and aggravated (at `items[1].system.damage`)",
            "Ceremonial spear: left out, a difficulty of 12: our rules roll against 2 to 10 (at `items[2].system`)",
            "Warded shawl: left out, `\"some\"` is not a whole number (at `items[5].system.soak.lethal`)",
        ]
    );
    fights_to_a_winner(&street_battle(rosalind.character, RulesetId::Storyteller, 2), "Rosalind Achterberg");
}

#[test]
fn a_bow_that_is_not_the_catalogues_is_made_on_athletics_as_the_catalogues_bows_are() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = altered(dir.path(), "rosalind.json", "bow.json", r#""range": 100, "rate": 1"#, r#""range": 90"#);
    let read = import::read(&file, None).expect("imports");
    let gear = read.report.gear.join("\n");
    let line = "Longbow: in the catalogue as `long_bow`, but the file's numbers differ; made from the file: 4 lethal, \
                Athletics, difficulty 6, range 90 m; `archery` rolled as Athletics, as the catalogue's bows and thrown \
                weapons are (file 001)";
    assert!(gear.contains(line), "{gear}");
}
