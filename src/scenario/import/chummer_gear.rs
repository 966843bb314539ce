//! A Chummer 4 character's weapons and armor. Each is the catalogue's item when the catalogue has one of that name
//! with the file's numbers; otherwise it is made from the file's own numbers as the character's own gear: damage
//! (`6P`, `(STR/2+2)P`, `8S(e)`, `12P(f)`), AP (`-1`, `-`, `-half`, `+5`), modes (`SA/BF/FA`; `0` for melee),
//! recoil compensation (`2(3)`: the 2 always there), rounds (`40(c)`), the range class, reach, and a smartgun or a
//! laser sight among its accessories. A blast (`(-1/m)`, a grenade) is left out: only Eclipse Phase's blasts are
//! played. Armor: worn pieces (`<equipped>`), a `+2` rating an accessory (a helmet); armor from augmentations
//! (improvements `Armor`, `BallisticArmor`, `ImpactArmor`) one accessory piece more.

use roxmltree::Node;

use super::made::{self, Made, Piece};
use super::xml::{Reading, items, text, yes};
use super::{ImportError, Report};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::shadowrun4::gear::{Armor, ArmorKind, Catalogue, DamageValue, ModeKind, Weapon};
use crate::rules::shadowrun4::sheet::Skill;
use crate::scenario::gear_edit::Kind;

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

/// Chummer's weapon categories and the skill each is fired with.
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

/// The weapons and armor of the character in `root`.
pub(super) fn gear(r: &Reading, root: Node, report: &mut Report) -> Result<Made, ImportError> {
    let catalogue = Catalogue::shipped().map_err(|e| ImportError::whole(r.file, e.to_string()))?;
    let mut made = Made::new(RulesetId::Shadowrun4);
    for node in items(root, "weapons", "weapon") {
        weapon(r, node, catalogue, &mut made, report)?;
    }
    for node in items(root, "armors", "armor") {
        armor(r, node, catalogue, &mut made, report)?;
    }
    augmented_armor(r, root, &mut made, report)?;
    Ok(made)
}

/// One weapon: the catalogue's, made from the file, or left out (a blast).
fn weapon(
    r: &Reading,
    node: Node,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    let name = text(node, "name").unwrap_or("a weapon").to_owned();
    let damage = text(node, "damage").unwrap_or_default();
    if damage.contains("/m") || text(node, "category") == Some("Gear") {
        report.left_out.push(format!("{name} ({damage}): a blast; only Eclipse Phase's blasts are played"));
        return Ok(());
    }
    let from_file = from_file(r, node, &name)?;
    let found = made::find(catalogue.weapons(), |w| &w.name, &name, |w| same_numbers(w, &from_file));
    made.role = made.role.or(Some(role(&from_file)));
    made.carry(
        Kind::Weapon,
        Piece { name: &name, found, item: &from_file, summary: summary(&from_file) },
        report,
        r.file,
    )
}

/// The weapon as the file gives it.
fn from_file(r: &Reading, node: Node, name: &str) -> Result<Weapon, ImportError> {
    let category = text(node, "category").unwrap_or_default();
    let field = |tag: &str| node.children().find(|c| c.has_tag_name(tag)).unwrap_or(node);
    let skill = skill(node, category)
        .ok_or_else(|| r.error(field("category"), format!("no skill fires a weapon of category `{category}`")))?;
    let raw = text(node, "damage").unwrap_or_default();
    let (damage, marks) = damage(raw).ok_or_else(|| {
        r.error(field("damage"), format!("`{raw}` is not a Shadowrun 4 damage value (6P, (STR/2+2)P, 8S(e))"))
    })?;
    let raw_ap = text(node, "ap").unwrap_or_default();
    let (ap, halves_armor) =
        ap(raw_ap).ok_or_else(|| r.error(field("ap"), format!("`{raw_ap}` is not an AP (-1, -, -half, +5)")))?;
    let raw_mode = text(node, "mode").unwrap_or_default();
    let modes = modes(raw_mode).ok_or_else(|| {
        r.error(field("mode"), format!("`{raw_mode}` are not firing modes (SS, SA, BF, FA, as SA/BF/FA)"))
    })?;
    let raw_rc = text(node, "rc").unwrap_or_default();
    let rc = leading(raw_rc)
        .ok_or_else(|| r.error(field("rc"), format!("`{raw_rc}` is not a recoil compensation (2, 2(3))")))?;
    let raw_ammo = text(node, "ammo").unwrap_or_default();
    let ammo = leading(raw_ammo)
        .ok_or_else(|| r.error(field("ammo"), format!("`{raw_ammo}` is not a number of rounds (40(c))")))?;
    let reach = r.number(node, "reach")?.unwrap_or(0);
    let reach = u32::try_from(reach).map_err(|_| r.error(field("reach"), format!("a reach of {reach}")))?;
    let range = text(node, "range").filter(|s| !s.is_empty()).unwrap_or(category);
    let ranges = RANGES.iter().find(|(class, _)| class.eq_ignore_ascii_case(range)).map(|(_, r)| *r);
    if !skill.is_melee() && ranges.is_none() {
        return Err(r.error(
            field("range"),
            format!("`{range}` is not a Shadowrun 4 range class (Heavy Pistols, Assault Rifles…)"),
        ));
    }
    let accessories: Vec<String> = items(node, "accessories", "accessory")
        .iter()
        .filter_map(|a| text(*a, "name"))
        .map(str::to_lowercase)
        .collect();
    let has = |what: &str| accessories.iter().any(|a| a.contains(what));
    let electric_or_flechette = marks.contains('e') || marks.contains('f');
    Ok(Weapon {
        name: name.to_owned(),
        skill,
        damage,
        armor: if skill.is_melee() || skill == Skill::ThrowingWeapons || electric_or_flechette {
            ArmorKind::Impact
        } else {
            ArmorKind::Ballistic
        },
        ap,
        halves_armor,
        modes: if skill.is_melee() { Vec::new() } else { modes },
        recoil_compensation: rc.unwrap_or(0),
        heavy: skill == Skill::HeavyWeapons,
        smartgun: has("smartgun"),
        laser_sight: has("laser sight"),
        shotgun: category.eq_ignore_ascii_case("Shotguns"),
        ammo: rounds(ammo, skill),
        ranges: if skill.is_melee() { None } else { ranges },
        reach,
    })
}

/// The rounds a weapon holds: none for a melee or thrown weapon.
fn rounds(ammo: Option<u32>, skill: Skill) -> Option<u32> {
    ammo.filter(|_| !skill.is_melee() && skill != Skill::ThrowingWeapons)
}

/// The skill a weapon is used with: its `<useskill>` when the file names one we roll, else its category's.
fn skill(node: Node, category: &str) -> Option<Skill> {
    let named = text(node, "useskill").and_then(|s| Skill::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(s)));
    named.or_else(|| SKILLS.iter().find(|(c, _)| c.eq_ignore_ascii_case(category)).map(|(_, s)| *s))
}

/// A damage value and its marks: "(STR/2+2)P" → STR/2+2P; "8S(e)" → 8S, "e" (electricity); "12P(f)" → 12P, "f"
/// (flechette): both against Impact armor.
fn damage(raw: &str) -> Option<(DamageValue, String)> {
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

/// The leading number of "2(3)" or "40(c)"; none for "-", "0" or nothing; `None` when it is not a number at all.
fn leading(raw: &str) -> Option<Option<u32>> {
    let raw = raw.trim();
    if matches!(raw, "" | "-" | "0") {
        return Some(None);
    }
    let digits: String = raw.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().map(Some)
}

/// The catalogue's weapon has the file's numbers (the file's are the player's: a weapon changed in Chummer is made
/// from the file).
fn same_numbers(catalogue: &Weapon, file: &Weapon) -> bool {
    let numbers = |w: &Weapon| (w.damage, w.ap, w.halves_armor, w.modes.clone(), w.ammo, w.reach);
    numbers(catalogue) == numbers(file)
}

/// A weapon as one line: "6P, AP −1, SA/BF/FA, RC 2, 40 rounds, assault-rifle ranges (50/150/350/550 m)".
fn summary(w: &Weapon) -> String {
    let mut parts = vec![w.damage.to_string()];
    if w.halves_armor {
        parts.push("AP −half".into());
    } else if w.ap != 0 {
        parts.push(format!("AP {:+}", w.ap).replace('-', "−"));
    }
    if let Some(modes) = made::modes_text(&w.modes) {
        parts.push(modes);
        parts.push(format!("RC {}", w.recoil_compensation));
    }
    parts.extend(made::rounds_and_ranges(w.ammo, w.ranges));
    parts.extend((w.reach > 0).then(|| format!("reach {}", w.reach)));
    parts.extend(w.smartgun.then(|| "smartgun".to_owned()));
    parts.extend(w.laser_sight.then(|| "laser sight".to_owned()));
    format!("{}, {}, against {:?} armor", parts.join(", "), w.skill.name(), w.armor)
}

/// The role its token shows, from the weapon in hand.
fn role(w: &Weapon) -> &'static str {
    match w.skill {
        Skill::Blades | Skill::Clubs | Skill::UnarmedCombat => "brawler",
        Skill::HeavyWeapons => "heavy",
        Skill::Longarms if w.ranges.is_some_and(|r| r[1] >= 250) => "sniper",
        Skill::Pistols => "scout",
        _ => "rifleman",
    }
}

/// One piece of armor worn: the catalogue's when it has one of that name and those ratings, else made from the
/// file's. A piece not worn is said as left out.
fn armor(
    r: &Reading,
    node: Node,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    let name = text(node, "name").unwrap_or("a piece of armor").to_owned();
    if node.children().any(|c| c.has_tag_name("equipped")) && !yes(node, "equipped") {
        report.left_out.push(format!("{name}: not worn"));
        return Ok(());
    }
    let rating = |tag: &str| -> Result<(u32, bool), ImportError> {
        let raw = text(node, tag).unwrap_or("0");
        let accessory = raw.starts_with('+');
        let field = node.children().find(|c| c.has_tag_name(tag)).unwrap_or(node);
        let value = raw
            .trim_start_matches('+')
            .parse()
            .map_err(|_| r.error(field, format!("`{raw}` is not an armor rating")))?;
        Ok((value, accessory))
    };
    let ((ballistic, b_plus), (impact, i_plus)) = (rating("b")?, rating("i")?);
    let piece = Armor { name: name.clone(), ballistic, impact, accessory: b_plus || i_plus };
    let ratings = |a: &Armor| (a.ballistic, a.impact, a.accessory);
    let found = made::find(catalogue.armors(), |a| &a.name, &name, |a| ratings(a) == ratings(&piece));
    let what = if piece.accessory { ", an accessory (adds to the best piece worn)" } else { "" };
    let summary = format!("{ballistic}/{impact}{what}");
    made.carry(Kind::Armor, Piece { name: &name, found, item: &piece, summary }, report, r.file)
}

/// Armor from augmentations (dermal plating and the like), as Chummer's improvements give it: one accessory piece.
fn augmented_armor(r: &Reading, root: Node, made: &mut Made, report: &mut Report) -> Result<(), ImportError> {
    let (mut ballistic, mut impact) = (0, 0);
    for node in items(root, "improvements", "improvement") {
        let kind = text(node, "improvementttype").unwrap_or_default();
        let (b, i) = match kind {
            "Armor" => (true, true),
            "BallisticArmor" => (true, false),
            "ImpactArmor" => (false, true),
            _ => continue,
        };
        let value = r.number(node, "val")?.unwrap_or(0);
        let value = u32::try_from(value).map_err(|_| r.error(node, format!("an armor bonus of {value}")))?;
        ballistic += if b { value } else { 0 };
        impact += if i { value } else { 0 };
    }
    if ballistic + impact == 0 {
        return Ok(());
    }
    let piece = Armor { name: "Augmented armor".into(), ballistic, impact, accessory: true };
    let summary = format!("+{ballistic}/+{impact} from its improvements, on the best piece worn");
    made.carry(
        Kind::Armor,
        Piece { name: "Augmented armor", found: made::Found::Own, item: &piece, summary },
        report,
        r.file,
    )
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
        assert_eq!(leading("2(3)"), Some(Some(2)));
        assert_eq!(leading("40(c)"), Some(Some(40)));
        assert_eq!(leading("-"), Some(None));
        assert_eq!(leading("c"), None);
    }
}
