//! The player's own characters: a character file (its own gear first, then one ruleset's sheet) reads, saves and
//! reads back the same; the editor's numbers are refused out of range with the reason and leave the sheet as it was;
//! the values the editor shows are those the battle uses; a character joins a side of a level on its spawn zone.

use std::path::Path;

use skirmish::battle::run;
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::rules::engine::outcome::Log;
use skirmish::scenario::RulesetSetup;
use skirmish::scenario::character::{self, Character};
use skirmish::scenario::level::{self, RulesetSheet};

const GRAN: &str = "tests/characters/gran.ron";

fn gran() -> Character {
    character::load(Path::new(GRAN)).expect("Gran reads")
}

fn derived(c: &Character) -> Vec<(String, i64)> {
    c.sheet.edit().derived().expect("derived values").into_iter().map(|d| (d.label, d.value)).collect()
}

fn value(c: &Character, label: &str) -> i64 {
    derived(c).into_iter().find(|(l, _)| l == label).map(|(_, v)| v).unwrap_or_else(|| panic!("no {label}"))
}

#[test]
fn a_character_with_gear_of_its_own_saves_and_reads_back_the_same() {
    let gran = gran();
    let RulesetSheet::Shadowrun4(sheet) = &gran.sheet else { panic!("a Shadowrun 4 sheet") };
    assert_eq!(sheet.gear.weapon("grandmas_shotgun").expect("her own shotgun").name, "Grandma's shotgun");
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("gran.ron");
    gran.save(&path).expect("saved");
    let again = character::load(&path).expect("reads back");
    let RulesetSheet::Shadowrun4(back) = &again.sheet else { panic!("still Shadowrun 4") };
    let same = |s: &skirmish::rules::shadowrun4::sheet::Sheet| {
        (s.attributes, s.skills.clone(), s.weapons.clone(), s.armor.clone())
    };
    assert_eq!(same(back), same(sheet));
    assert_eq!((again.name.as_str(), again.role.as_deref()), ("Gran", Some("heavy")));
    assert_eq!(back.gear.weapon("grandmas_shotgun").expect("the gear is kept").ammo, Some(2));
    assert_eq!(derived(&again), derived(&gran));
}

#[test]
fn a_name_with_apostrophes_and_quotes_is_written_as_typed_and_reads_back() {
    let mut gran = gran();
    gran.name = "Dario 'Razor' O'Neil".into();
    let text = gran.to_ron().expect("text");
    assert!(text.contains(r#"name: "Dario 'Razor' O'Neil","#), "no escapes: {text}");
    gran.name = r#"The "Quiet" One \ 2"#.into();
    let back = character::parse(&gran.to_ron().expect("text"), Path::new("quoted.ron")).expect("reads back");
    assert_eq!(back.name, gran.name);
}

#[test]
fn every_ruleset_round_trips_through_the_file_the_editor_writes() {
    let dir = tempfile::tempdir().expect("a folder");
    for ruleset in RulesetId::ALL {
        let mut c = Character::from_archetype("Ada Vance", ruleset, "sniper").expect("a sniper");
        let numbers = c.sheet.edit().numbers();
        // Raise every number by one where the rules allow it: each goes through the sheet's own checks.
        for n in &numbers {
            let raised = (n.value + 1).min(n.range.1).max(n.range.0.max(1));
            c.sheet.edit_mut().set_number(n.key, raised).unwrap_or_else(|e| panic!("{ruleset:?} {}: {e}", n.key));
        }
        let path = skirmish::scenario::content::new_file(dir.path(), &c.name, "ron");
        assert_eq!(path.file_name().and_then(|n| n.to_str()), Some("ada_vance.ron"), "{ruleset:?}");
        c.save(&path).expect("saved");
        let back = character::load(&path).unwrap_or_else(|e| panic!("{ruleset:?}: {e}"));
        assert_eq!(back.sheet.edit().numbers(), c.sheet.edit().numbers(), "{ruleset:?}");
        assert_eq!(back.sheet.edit().weapons(), c.sheet.edit().weapons(), "{ruleset:?}");
        assert_eq!(back.sheet.edit().armor(), c.sheet.edit().armor(), "{ruleset:?}");
        std::fs::remove_file(&path).expect("removed");
    }
}

#[test]
fn a_number_out_of_range_is_refused_with_the_reason_and_changes_nothing() {
    let mut gran = gran();
    let before = gran.sheet.edit().numbers();
    let edit = gran.sheet.edit_mut();
    assert_eq!(
        edit.set_number("body", 13).map_err(|e| e.to_string()),
        Err("an attribute of 13 is out of range: attributes run from 1 to 12".into())
    );
    assert_eq!(
        edit.set_number("Longarms", -1).map_err(|e| e.to_string()),
        Err("a skill rating of -1 is out of range: skills run from 0 to 12".into())
    );
    assert_eq!(
        edit.set_number("initiative_passes", 5).map_err(|e| e.to_string()),
        Err("initiative passes of 5 is out of range: it runs from 1 to 4".into())
    );
    let no_hacking = edit.set_number("hacking", 3).map_err(|e| e.to_string());
    assert_eq!(no_hacking, Err("a Shadowrun 4 sheet has no `hacking`".into()));
    let unknown = edit.set_weapons(vec!["railgun".into()]).expect_err("no railgun").to_string();
    assert!(unknown.contains("railgun") && unknown.contains("grandmas_shotgun"), "names what there is: {unknown}");
    assert_eq!(gran.sheet.edit().numbers(), before);
    let mut ep = Character::from_archetype("Jo", RulesetId::EclipsePhase, "rifleman").expect("EP");
    let two = ep.sheet.edit_mut().set_armor(vec!["armor_vest".into(), "armor_vest".into()]).map_err(|e| e.to_string());
    assert_eq!(two, Err("an Eclipse Phase character wears one armor".into()));
}

#[test]
fn shadowrun_values_follow_the_sheet_as_the_battle_uses_them() {
    let mut gran = gran();
    // Body 5: 8 + 3 boxes; Willpower 6: 8 + 3; Reaction 3 + Intuition 4; an armor jacket's 8/6 under Body × 2 = 10.
    let shown = derived(&gran);
    let expected = [
        ("Physical monitor", 11),
        ("Stun monitor", 11),
        ("Initiative", 7),
        ("Ballistic armor", 8),
        ("Impact armor", 6),
        ("Armor encumbrance", 0),
        ("Defense against fire", 3),
        ("Defense in melee", 5),
        ("Damage resistance (ballistic)", 13),
    ];
    assert_eq!(shown, expected.map(|(l, v)| (l.to_owned(), v)).to_vec());
    // A jacket over full body armor: 8 + 10 = 18 ballistic worn, 8 over 10: −4 to Reaction tests; the better piece
    // protects.
    gran.sheet.edit_mut().set_armor(vec!["armor_jacket".into(), "full_body_armor".into()]).expect("worn");
    assert_eq!(value(&gran, "Armor encumbrance"), -4);
    assert_eq!(value(&gran, "Ballistic armor"), 10);
    assert_eq!(value(&gran, "Defense against fire"), 0, "Reaction 3 − 4, never below no dice");
    // The battle's own monitors are the ones shown.
    let street = level::load(Path::new("levels/street.ron")).expect("the street");
    let s = street.scenario_with(RulesetId::Shadowrun4, &[("Crew".into(), gran.clone())]).expect("Gran joins");
    let battle = run::start(&s, "seed 1", &mut Log::default());
    let at = battle.id_of("Gran").expect("Gran fights");
    let tracks: Vec<u32> = battle.tracks(at).iter().map(|t| t.capacity).collect();
    assert_eq!(tracks, [11, 11]);
}

#[test]
fn each_rulesets_editor_shows_its_own_derived_values() {
    let labels = |r: RulesetId| -> Vec<String> {
        let c = Character::from_archetype("X", r, "brawler").expect("a brawler");
        derived(&c).into_iter().map(|(l, _)| l).collect()
    };
    let ep = labels(RulesetId::EclipsePhase);
    for l in ["Wound threshold", "Death rating", "Defense against fire", "Initiative"] {
        assert!(ep.iter().any(|x| x == l), "Eclipse Phase shows {l}: {ep:?}");
    }
    let st = labels(RulesetId::Storyteller);
    for l in ["Soak against bashing", "Soak against lethal", "Defense in melee", "Health levels"] {
        assert!(st.iter().any(|x| x == l), "Storyteller shows {l}: {st:?}");
    }
    assert!(st.iter().any(|x| x.starts_with("Attack with the")), "a dice pool per weapon: {st:?}");
    let hb = labels(RulesetId::HomebrewD6);
    for l in ["Light track", "Critical track", "Defense in melee", "Defense against fire", "Piercing AV"] {
        assert!(hb.iter().any(|x| x == l), "the homebrew shows {l}: {hb:?}");
    }
}

#[test]
fn eclipse_phase_thresholds_follow_durability_and_the_morph() {
    let mut c = Character::from_archetype("Jo", RulesetId::EclipsePhase, "rifleman").expect("EP");
    let e = c.sheet.edit_mut();
    e.set_number("durability", 35).expect("DUR 35");
    e.set_number("wound_threshold", 0).expect("worked out");
    e.set_number("death_rating", 0).expect("worked out");
    e.set_number("Fray", 41).expect("Fray 41");
    assert_eq!(value(&c, "Wound threshold"), 7, "⌈35 ÷ 5⌉");
    assert_eq!(value(&c, "Death rating"), 52, "35 × 1.5, rounded down");
    assert_eq!(value(&c, "Defense against fire"), 20, "Fray 41 ÷ 2");
    c.sheet.edit_mut().set_flag("synthmorph", true).expect("a synthmorph");
    assert_eq!(value(&c, "Death rating"), 70, "35 × 2");
}

#[test]
fn storyteller_soak_and_pools_follow_the_sheet() {
    let mut c = Character::from_archetype("Mo", RulesetId::Storyteller, "brawler").expect("ST");
    let e = c.sheet.edit_mut();
    for (key, v) in [("strength", 4), ("dexterity", 3), ("stamina", 5), ("wits", 2), ("Brawl", 3), ("Melee", 1)] {
        e.set_number(key, v).expect("set");
    }
    e.set_armor(Vec::new()).expect("no armor");
    e.set_weapons(Vec::new()).expect("bare hands");
    assert_eq!(value(&c, "Soak against bashing"), 5);
    assert_eq!(value(&c, "Soak against lethal"), 2);
    assert_eq!(value(&c, "Initiative"), 5);
    assert_eq!(value(&c, "Attack with the Punch"), 7, "Strength 4 (above Dexterity 3) + Brawl 3");
    assert_eq!(value(&c, "Defense in melee"), 6, "Dexterity 3 + Brawl 3");
}

#[test]
fn a_character_joins_a_side_on_its_next_free_spawn_cell_and_nowhere_else() {
    let street = level::load(Path::new("levels/street.ron")).expect("the street");
    let gran = gran();
    let s = street.scenario_with(RulesetId::Shadowrun4, &[("Crew".into(), gran.clone())]).expect("Gran joins");
    let RulesetSetup::Shadowrun4(setup) = &s.ruleset else { panic!("Shadowrun 4") };
    let joined = setup.combatants.iter().find(|c| c.name == "Gran").expect("Gran is there");
    // The Crew's four take (0, 4), (1, 4), (2, 4) and (0, 5) of the spawn zone ((0, 4), (2, 10)).
    assert_eq!((joined.side.as_str(), joined.position, joined.role.as_deref()), ("Crew", (1, 5), Some("heavy")));
    let err = street.scenario_with(RulesetId::Storyteller, &[("Crew".into(), gran.clone())]).expect_err("wrong rules");
    assert_eq!(err.to_string(), "Gran is a Shadowrun4 character; this battle is fought under another ruleset");
    let err = street.scenario_with(RulesetId::Shadowrun4, &[("Pirates".into(), gran)]).expect_err("no such side");
    assert_eq!(err.to_string(), "no side is called Pirates; the sides are Crew, Gang");
}

#[test]
fn a_broken_character_file_says_where() {
    let text = std::fs::read_to_string(GRAN).expect("Gran");
    let parse = |t: &str| character::parse(t, Path::new("gran.ron")).map(|_| ()).map_err(|e| e.to_string());
    let half = &text[..text.len() / 2];
    assert!(parse(half).expect_err("half a file").starts_with("gran.ron:"), "a place in the file");
    let skill = parse(&text.replace("Longarms: 5", "Hacking: 5")).expect_err("no such skill");
    assert!(skill.starts_with("gran.ron:15:") && skill.contains("Hacking"), "{skill}");
    let shipped = parse(&text.replace("\"grandmas_shotgun\", (", "\"ak_97\", (")).expect_err("a shipped id");
    assert!(shipped.contains("a weapon `ak_97` is already in the catalogue"), "{shipped}");
    let nameless = parse(&text.replace("name: \"Gran\"", "name: \" \"")).expect_err("no name");
    assert!(nameless.ends_with("a character needs a name"), "{nameless}");
}

#[test]
fn a_save_over_a_file_keeps_the_old_one_as_a_backup() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("gran.ron");
    std::fs::write(&path, "// what was here before\n").expect("an old file");
    gran().save(&path).expect("saved over it");
    let backup = std::fs::read_to_string(dir.path().join("gran.ron.bak")).expect("a backup");
    assert_eq!(backup, "// what was here before\n");
    assert!(character::load(&path).is_ok());
    let listed = character::list(Some(dir.path().parent().expect("a parent")));
    assert!(listed.is_empty(), "characters are listed from the content folder's characters/ only");
}

#[test]
fn a_character_changed_after_its_battle_was_saved_is_said_when_the_save_is_loaded() {
    use skirmish::battle::no_typing;
    use skirmish::battle::save::Save;
    use skirmish::battle::{BattleRequest, DiceChoice};
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("gran.ron");
    gran().save(&path).expect("saved");
    let level = Path::new("levels/street.ron");
    let request = BattleRequest::new(level, Some(RulesetId::Shadowrun4), Default::default());
    let mut recipe = BattleRequest { dice: DiceChoice::Seed(4), dice_label: "seed 4".into(), ..request };
    recipe.characters = vec![character::Guest::new("Crew", &path)];
    let scenario = recipe.scenario().expect("Gran joins the Crew");
    let battle = run::start(&scenario, "seed 4", &mut Log::default());
    let save = Save::of(&recipe, &battle);
    assert!(save.resume(no_typing).expect("replays").warning.is_none(), "nothing changed yet");
    let mut older = gran();
    older.sheet.edit_mut().set_number("body", 6).expect("Body 6");
    older.save(&path).expect("changed");
    let warning = save.resume(no_typing).expect("replays").warning.expect("said");
    assert_eq!(warning, format!("{} has changed since the battle was saved; it replayed all the same", path.display()));
}

#[test]
fn homebrew_tracks_armor_and_pools_follow_the_sheet() {
    let mut c = Character::from_archetype("Kit", RulesetId::HomebrewD6, "rifleman").expect("homebrew");
    let e = c.sheet.edit_mut();
    let numbers = [("body", 4), ("agility", 5), ("reaction", 3), ("intuition", 4), ("willpower", 5), ("edge", 2)];
    for (key, v) in numbers.into_iter().chain([("Longarms", 3), ("Dodge", 2), ("Gymnastics", 1), ("Parry", 0)]) {
        e.set_number(key, v).expect("set");
    }
    e.set_weapons(vec!["rifle".into()]).expect("a rifle");
    e.set_armor(vec!["padded_jacket".into(), "ballistic_vest".into()]).expect("two pieces, layered");
    let expected = [
        ("Light track", 11),          // 8 + ⌈Willpower 5 ÷ 2⌉
        ("Critical track", 10),       // 8 + ⌈Body 4 ÷ 2⌉
        ("Initiative", 7),            // Reaction 3 + Intuition 4
        ("Impact AV", 7),             // 3 + 4, every piece added
        ("Piercing AV", 7),           // 1 + 6
        ("Energy AV", 2),             // 1 + 1
        ("Attack with the Rifle", 8), // Agility 5 + Longarms 3
        ("Defense in melee", 6), // the best of Dodge 2 + Reaction 3, Gymnastics 1 + Agility 5, Parry 0 + Reaction 3
        ("Defense against fire", 7), // the best of Dodge 2 + Intuition 4, Gymnastics 1 + Agility 5, Agility 5 + Edge 2
        ("Damage resistance", 4), // Body 4
    ];
    assert_eq!(derived(&c), expected.map(|(l, v)| (l.to_owned(), v)).to_vec());
}
