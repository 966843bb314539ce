//! A Chummer 4 weapon read as the file gives it: the skill it is used with (its `<useskill>`, else its category's;
//! a cyberware weapon as Chummer rolls it), damage (`6P`, `(STR/2+2)P`, `8S(e)`, `12P(f)`), AP (`-1`, `-`, `-half`,
//! `+5`), modes (`SA/BF/FA`; `0` for melee), recoil compensation (`2`, `2(3)`, `(1)`: the parenthesis with recoil
//! parts fitted), rounds (`40(c)`), the range class, reach, and a smartgun or a laser sight among its accessories.
//! A weapon our rules cannot play as written (a bow, a category no skill of ours fires, a value we cannot read) is
//! [`Unplayable`]: the character is imported without it, and the report says why.

use roxmltree::Node;

use super::unplayable::Unplayable;
use super::xml::{Reading, items, text};
use crate::rules::shadowrun4::gear::{ArmorKind, DamageValue, ModeKind, Weapon};
use crate::rules::shadowrun4::sheet::Skill;

/// Shadowrun 4's range classes (meters: short, medium, long, extreme), as Chummer names them in `<range>`; the
/// catalogue's weapons of each class have the same.
const RANGES: [(&str, [u32; 4]); 15] = [
    ("Holdouts", [5, 15, 30, 50]),
    ("Light Pistols", [5, 15, 30, 50]),
    ("Heavy Pistols", [5, 20, 40, 60]),
    ("Tasers", [5, 10, 15, 20]),
    ("Machine Pistols", [5, 15, 30, 50]),
    ("Submachine Guns", [10, 40, 80, 150]),
    ("Assault Rifles", [50, 150, 350, 550]),
    ("Shotguns", [10, 40, 80, 150]),
    ("Sporting Rifles", [50, 250, 500, 750]),
    ("Sniper Rifles", [50, 350, 800, 1500]),
    ("Light Machine Guns", [50, 200, 400, 800]),
    ("Medium Machine Guns", [40, 250, 750, 1200]),
    ("Heavy Machine Guns", [40, 250, 750, 1200]),
    ("Assault Cannons", [50, 300, 750, 1500]),
    ("Grenade Launchers", [50, 100, 150, 500]),
];

/// Chummer's weapon categories and the skill each is used with.
const SKILLS: [(&str, Skill); 19] = [
    ("Holdouts", Skill::Pistols),
    ("Light Pistols", Skill::Pistols),
    ("Heavy Pistols", Skill::Pistols),
    ("Tasers", Skill::Pistols),
    ("Machine Pistols", Skill::Automatics),
    ("Submachine Guns", Skill::Automatics),
    ("Assault Rifles", Skill::Automatics),
    ("Shotguns", Skill::Longarms),
    ("Sporting Rifles", Skill::Longarms),
    ("Sniper Rifles", Skill::Longarms),
    ("Light Machine Guns", Skill::HeavyWeapons),
    ("Medium Machine Guns", Skill::HeavyWeapons),
    ("Heavy Machine Guns", Skill::HeavyWeapons),
    ("Assault Cannons", Skill::HeavyWeapons),
    ("Grenade Launchers", Skill::HeavyWeapons),
    ("Blades", Skill::Blades),
    ("Clubs", Skill::Clubs),
    ("Unarmed", Skill::UnarmedCombat),
    ("Throwing Weapons", Skill::ThrowingWeapons),
];

/// Chummer's categories of weapons used with a skill our battles do not roll, and that skill (for the report).
const OTHER_SKILLS: [(&str, &str); 7] = [
    ("Bows", "Archery"),
    ("Crossbows", "Archery"),
    ("Exotic Melee Weapons", "Exotic Melee Weapon"),
    ("Exotic Ranged Weapons", "Exotic Ranged Weapon"),
    ("Special Weapons", "Exotic Ranged Weapon"),
    ("Flamethrowers", "Exotic Ranged Weapon"),
    ("Laser Weapons", "Exotic Ranged Weapon"),
];

/// The category of implanted weapons: bare, a melee weapon (spurs, hand razors, a shock hand); before a firearm's
/// class ("Cyberware Holdouts"), that firearm.
const CYBERWARE: &str = "Cyberware";

/// Words in an accessory's name that say it compensates recoil, when the file gives it no `<rc>` of its own.
const RECOIL_PARTS: [&str; 6] = ["bipod", "tripod", "gyro", "stock", "shock pad", "gas-vent"];

/// A weapon as the file gives it, and what the report says of how it was read (a cyberware weapon's skill, a
/// recoil compensation that needs parts).
pub(super) struct FromFile {
    pub weapon: Weapon,
    pub notes: Vec<String>,
}

/// The weapon in `node`, named `name`, as the file gives it; why not when our rules cannot play it.
pub(super) fn from_file(r: &Reading, node: Node, name: &str) -> Result<FromFile, Unplayable> {
    let category = text(node, "category").unwrap_or_default();
    let field = |tag: &str| node.children().find(|c| c.has_tag_name(tag)).unwrap_or(node);
    let (skill, skill_note) = skill(r, node, category)?;
    let raw = text(node, "damage").unwrap_or_default();
    let (damage, marks) = damage(raw).ok_or_else(|| {
        r.unplayable(field("damage"), format!("`{raw}` is not a Shadowrun 4 damage value (6P, (STR/2+2)P, 8S(e))"))
    })?;
    let raw_ap = text(node, "ap").unwrap_or_default();
    let (ap, halves_armor) =
        ap(raw_ap).ok_or_else(|| r.unplayable(field("ap"), format!("`{raw_ap}` is not an AP (-1, -, -half, +5)")))?;
    let raw_mode = text(node, "mode").unwrap_or_default();
    let modes = modes(raw_mode).ok_or_else(|| {
        r.unplayable(field("mode"), format!("`{raw_mode}` are not firing modes (SS, SA, BF, FA, as SA/BF/FA)"))
    })?;
    let (rc, rc_note) = recoil_compensation(r, node)?;
    let raw_ammo = text(node, "ammo").unwrap_or_default();
    let ammo = leading(raw_ammo)
        .ok_or_else(|| r.unplayable(field("ammo"), format!("`{raw_ammo}` is not a number of rounds (40(c))")))?;
    let reach = r.item_number(node, "reach")?.unwrap_or(0);
    let reach = u32::try_from(reach).map_err(|_| r.unplayable(field("reach"), format!("a reach of {reach}")))?;
    let ranges = ranges(r, node, category, skill)?;
    let accessories = accessories(node);
    let has = |what: &str| accessories.iter().any(|a| a.contains(what));
    let weapon = Weapon {
        name: name.to_owned(),
        skill,
        damage,
        armor: armor_kind(skill, &marks),
        ap,
        halves_armor,
        modes: if skill.is_melee() { Vec::new() } else { modes },
        recoil_compensation: rc,
        heavy: skill == Skill::HeavyWeapons,
        smartgun: has("smartgun"),
        laser_sight: has("laser sight"),
        shotgun: category.eq_ignore_ascii_case("Shotguns"),
        ammo: rounds(ammo, skill),
        ranges,
        reach,
    };
    Ok(FromFile { weapon, notes: skill_note.into_iter().chain(rc_note).collect() })
}

/// The names of a weapon's accessories, in lower case.
fn accessories(node: Node) -> Vec<String> {
    let names = items(node, "accessories", "accessory").into_iter().filter_map(|a| text(a, "name"));
    names.map(str::to_lowercase).collect()
}

/// The armor a weapon is resisted with: Impact against melee and thrown weapons, electricity (`e`) and flechettes
/// (`f`); Ballistic against the others.
fn armor_kind(skill: Skill, marks: &str) -> ArmorKind {
    let electric_or_flechette = marks.contains('e') || marks.contains('f');
    if skill.is_melee() || skill == Skill::ThrowingWeapons || electric_or_flechette {
        ArmorKind::Impact
    } else {
        ArmorKind::Ballistic
    }
}

/// A ranged weapon's distances, by its range class (`<range>`, else its category); none for a melee weapon.
fn ranges(r: &Reading, node: Node, category: &str, skill: Skill) -> Result<Option<[u32; 4]>, Unplayable> {
    if skill.is_melee() {
        return Ok(None);
    }
    let range = text(node, "range").filter(|s| !s.is_empty()).unwrap_or(category);
    let range = range.strip_prefix(CYBERWARE).map_or(range, str::trim);
    let ranges = RANGES.iter().find(|(class, _)| class.eq_ignore_ascii_case(range)).map(|(_, r)| *r);
    let at = node.children().find(|c| c.has_tag_name("range")).unwrap_or(node);
    let why = || format!("`{range}` is not a Shadowrun 4 range class (Heavy Pistols, Assault Rifles…)");
    ranges.map(Some).ok_or_else(|| r.unplayable(at, why()))
}

/// The rounds a weapon holds: none for a melee or thrown weapon.
fn rounds(ammo: Option<u32>, skill: Skill) -> Option<u32> {
    ammo.filter(|_| !skill.is_melee() && skill != Skill::ThrowingWeapons)
}

/// One of our skills by the name Chummer writes.
fn ours(name: &str) -> Option<Skill> {
    Skill::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(name))
}

/// The skill of one of Chummer's categories.
fn of_category(category: &str) -> Option<Skill> {
    SKILLS.iter().find(|(c, _)| c.eq_ignore_ascii_case(category)).map(|(_, s)| *s)
}

/// The skill a weapon is used with (the one Chummer names in `<useskill>`, else its category's), and a note for the
/// report when it is found otherwise (a cyberware weapon's); why not when no skill of ours uses it.
fn skill(r: &Reading, node: Node, category: &str) -> Result<(Skill, Option<String>), Unplayable> {
    let at = |tag: &str| node.children().find(|c| c.has_tag_name(tag)).unwrap_or(node);
    if let Some(named) = text(node, "useskill").filter(|s| !s.is_empty()) {
        let why = || format!("Chummer uses it with {named}, a skill our Shadowrun 4 battles do not roll");
        return ours(named).map(|s| (s, None)).ok_or_else(|| r.unplayable(at("useskill"), why()));
    }
    if let Some(skill) = of_category(category) {
        return Ok((skill, None));
    }
    if let Some(implanted) = cyberware(node, category) {
        return Ok(implanted);
    }
    let why = match OTHER_SKILLS.iter().find(|(c, _)| c.eq_ignore_ascii_case(category)) {
        Some((_, other)) => format!(
            "a weapon of category `{category}` is used with {other}, a skill our Shadowrun 4 battles do not roll"
        ),
        None => format!("no skill of ours is used with a weapon of category `{category}`"),
    };
    Err(r.unplayable(at("category"), why))
}

/// A cyberware weapon's skill, as Chummer rolls it: an implanted firearm ("Cyberware Holdouts", or its `<range>`)
/// its class's; an implanted melee weapon (spurs, hand razors, a shock hand) Unarmed Combat, whose specialization
/// Cyber Implants is. None for a weapon of another category.
fn cyberware(node: Node, category: &str) -> Option<(Skill, Option<String>)> {
    let class = category.strip_prefix(CYBERWARE)?.trim();
    let range = text(node, "range").unwrap_or_default();
    let firearm = [class, range.strip_prefix(CYBERWARE).map_or(range, str::trim)].into_iter().find_map(of_category);
    let (skill, what) = match firearm.filter(|s| !s.is_melee()) {
        Some(skill) => (skill, "the firearm it is"),
        None => (Skill::UnarmedCombat, "the melee weapon it is"),
    };
    let note = format!("a cyberware weapon (`{category}`): played as {what}, with the skill Chummer rolls it with");
    Some((skill, Some(note)))
}

/// A damage value and its marks: "(STR/2+2)P" → STR/2+2P; "8S(e)" → 8S, "e" (electricity); "12P(f)" → 12P, "f"
/// (flechette): both against Impact armor.
pub(super) fn damage(raw: &str) -> Option<(DamageValue, String)> {
    let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let mut marks = String::new();
    let mut plain = squeezed.clone();
    for mark in ["(e)", "(f)"] {
        if plain.contains(mark) {
            marks.push_str(&mark[1..2]);
            plain = plain.replace(mark, "");
        }
    }
    let plain: String = plain.chars().filter(|c| *c != '(' && *c != ')').collect();
    plain.parse().ok().map(|d| (d, marks))
}

/// An AP: "-1" → -1; "-", "0" or nothing → 0; "-half" → the armor halved; "+5" → 5.
fn ap(raw: &str) -> Option<(i32, bool)> {
    match raw.trim() {
        "" | "-" | "0" => Some((0, false)),
        half if half.eq_ignore_ascii_case("-half") => Some((0, true)),
        n => n.parse().ok().map(|n| (n, false)),
    }
}

/// Firing modes: "SA/BF/FA" → semi-automatic, burst, full auto; "0", "-" or nothing: none (melee).
fn modes(raw: &str) -> Option<Vec<ModeKind>> {
    if matches!(raw.trim(), "" | "0" | "-") {
        return Some(Vec::new());
    }
    raw.split('/')
        .map(|m| match m.trim().to_ascii_uppercase().as_str() {
            "SS" => Some(ModeKind::SingleShot),
            "SA" => Some(ModeKind::SemiAuto),
            "BF" => Some(ModeKind::Burst),
            "FA" => Some(ModeKind::FullAuto),
            _ => None,
        })
        .collect()
}

/// The leading number of "40(c)"; none for "-", "0" or nothing; `None` when it is not a number at all.
fn leading(raw: &str) -> Option<Option<u32>> {
    let raw = raw.trim();
    if matches!(raw, "" | "-" | "0") {
        return Some(None);
    }
    let digits: String = raw.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().map(Some)
}

/// A recoil compensation as Chummer writes it, without and with recoil parts fitted: "2" → (2, 2); "2(3)" → (2, 3);
/// "(1)" → (0, 1); "-", "0" or nothing → (0, 0). `None` when it is not one.
fn recoil(raw: &str) -> Option<(u32, u32)> {
    let raw = raw.trim();
    if matches!(raw, "" | "-" | "0") {
        return Some((0, 0));
    }
    let (base, parts) = raw.split_once('(').map_or((raw, None), |(b, p)| (b, Some(p)));
    let base = match base.trim() {
        "" => 0,
        b => b.parse().ok()?,
    };
    let with_parts = match parts {
        None => base,
        Some(p) => p.strip_suffix(')')?.trim().parse().ok()?,
    };
    Some((base, with_parts.max(base)))
}

/// The weapon's recoil compensation: the parenthesis of `2(3)` or `(1)` when a recoil part is among its
/// accessories, else the number before it; a note for the report when the two differ.
fn recoil_compensation(r: &Reading, node: Node) -> Result<(u32, Option<String>), Unplayable> {
    let raw = text(node, "rc").unwrap_or_default();
    let at = node.children().find(|c| c.has_tag_name("rc")).unwrap_or(node);
    let (base, with_parts) =
        recoil(raw).ok_or_else(|| r.unplayable(at, format!("`{raw}` is not a recoil compensation (2, 2(3), (1))")))?;
    if base == with_parts {
        return Ok((base, None));
    }
    Ok(match recoil_part(node) {
        Some(part) => (with_parts, Some(format!("RC {with_parts}: the file's `{raw}` with its {part} fitted"))),
        None => (
            base,
            Some(format!(
                "RC {base}: the file's `{raw}` gives {with_parts} only with recoil parts, and none are fitted"
            )),
        ),
    })
}

/// The first accessory of a weapon that compensates recoil: one with an `<rc>` above 0, or named as one.
fn recoil_part<'a>(node: Node<'a, '_>) -> Option<&'a str> {
    let parts = items(node, "accessories", "accessory");
    let compensates = |a: &Node| {
        let rc = text(*a, "rc").and_then(|v| v.trim_start_matches('+').parse::<u32>().ok()).unwrap_or(0);
        let name = text(*a, "name").unwrap_or_default().to_lowercase();
        rc > 0 || RECOIL_PARTS.iter().any(|w| name.contains(w))
    };
    parts.into_iter().find(compensates).and_then(|a| text(a, "name"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_values_read_as_chummer_writes_them() {
        let d = |s: &str| damage(s).map(|(d, m)| (d.to_string(), m));
        assert_eq!(d("6P"), Some(("6P".into(), String::new())));
        assert_eq!(d("(STR/2+2)P"), Some(("STR/2+2P".into(), String::new())));
        assert_eq!(d("(STR/2)S"), Some(("STR/2S".into(), String::new())));
        assert_eq!(d("8S(e)"), Some(("8S".into(), "e".into())));
        assert_eq!(d("12P(f)"), Some(("12P".into(), "f".into())));
        assert_eq!(d("6X"), None);
    }

    #[test]
    fn ap_modes_and_counts_read_as_chummer_writes_them() {
        assert_eq!(ap("-1"), Some((-1, false)));
        assert_eq!(ap("-"), Some((0, false)));
        assert_eq!(ap("-half"), Some((0, true)));
        assert_eq!(ap("+5"), Some((5, false)));
        assert_eq!(ap("lots"), None);
        assert_eq!(modes("SA/BF/FA"), Some(vec![ModeKind::SemiAuto, ModeKind::Burst, ModeKind::FullAuto]));
        assert_eq!(modes("0"), Some(Vec::new()));
        assert_eq!(modes("SA/XX"), None);
        assert_eq!(leading("40(c)"), Some(Some(40)));
        assert_eq!(leading("-"), Some(None));
        assert_eq!(leading("c"), None);
    }

    #[test]
    fn a_recoil_compensation_in_parentheses_is_what_recoil_parts_give() {
        assert_eq!(recoil("2"), Some((2, 2)));
        assert_eq!(recoil("2(3)"), Some((2, 3)));
        assert_eq!(recoil("(1)"), Some((0, 1)), "none without parts, 1 with them");
        assert_eq!(recoil(" ( 2 ) "), Some((0, 2)));
        assert_eq!(recoil("-"), Some((0, 0)));
        assert_eq!(recoil("(x)"), None);
        assert_eq!(recoil("2(3"), None);
        assert_eq!(recoil("lots"), None);
    }

    /// The skill and recoil of a `<weapon>` written inline.
    fn read(weapon: &str) -> Result<(Skill, u32, Vec<String>), Unplayable> {
        let doc = roxmltree::Document::parse(weapon).expect("XML");
        let r = Reading { file: std::path::Path::new("w.chum"), doc: &doc };
        from_file(&r, doc.root_element(), "w").map(|f| (f.weapon.skill, f.weapon.recoil_compensation, f.notes))
    }

    #[test]
    fn a_cyberware_weapon_is_used_as_chummer_rolls_it_and_a_bow_with_no_skill_of_ours() {
        let spur = "<weapon><category>Cyberware</category><damage>(STR/2+1)P</damage><mode>0</mode></weapon>";
        let (skill, _, notes) = read(spur).expect("a spur plays");
        assert_eq!(skill, Skill::UnarmedCombat);
        assert_eq!(
            notes,
            [
                "a cyberware weapon (`Cyberware`): played as the melee weapon it is, with the skill Chummer rolls it with"
            ]
        );
        let named = "<weapon><category>Cyberware</category><useskill>Blades</useskill><damage>6P</damage></weapon>";
        assert_eq!(read(named).expect("plays").0, Skill::Blades, "the skill Chummer names");
        let gun = "<weapon><category>Cyberware Holdouts</category><damage>4P</damage><mode>SS</mode></weapon>";
        assert_eq!(read(gun).expect("plays").0, Skill::Pistols, "an implanted holdout fires as a holdout");
        let bow = "<weapon>\n<category>Bows</category><damage>(STR+2)P</damage></weapon>";
        let why = read(bow).expect_err("a bow is left out");
        assert_eq!(
            why,
            Unplayable::at(
                "line 2, `<category>`",
                "a weapon of category `Bows` is used with Archery, a skill our Shadowrun 4 battles do not roll"
            )
        );
        let exotic = "<weapon><category>Whips</category><useskill>Exotic Melee Weapon</useskill></weapon>";
        assert_eq!(
            read(exotic).expect_err("left out").reason,
            "Chummer uses it with Exotic Melee Weapon, a skill our Shadowrun 4 battles do not roll"
        );
    }

    #[test]
    fn recoil_in_parentheses_counts_only_with_a_recoil_part_fitted() {
        let rifle = |accessory: &str| {
            format!(
                "<weapon><category>Sniper Rifles</category><damage>8P</damage><mode>SA</mode><rc>(1)</rc>\
                 <accessories>{accessory}</accessories></weapon>"
            )
        };
        let (_, rc, notes) = read(&rifle("")).expect("plays");
        assert_eq!(
            (rc, notes),
            (0, vec!["RC 0: the file's `(1)` gives 1 only with recoil parts, and none are fitted".to_owned()])
        );
        let (_, rc, notes) = read(&rifle("<accessory><name>Bipod</name><rc>2</rc></accessory>")).expect("plays");
        assert_eq!((rc, notes), (1, vec!["RC 1: the file's `(1)` with its Bipod fitted".to_owned()]));
        let (_, rc, _) = read(&rifle("<accessory><name>Folding stock</name></accessory>")).expect("plays");
        assert_eq!(rc, 1, "a part named as one");
        let (_, rc, _) = read(&rifle("<accessory><name>Laser Sight</name></accessory>")).expect("plays");
        assert_eq!(rc, 0, "a laser sight compensates nothing");
    }
}
