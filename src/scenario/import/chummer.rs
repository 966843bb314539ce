//! Chummer 4's `.chum` files (Shadowrun 4): XML under `<character>`, UTF-16 with a byte order mark as Chummer
//! writes them on Windows, or UTF-8. Taken: the name (its alias first), the metatype's movement, the attributes at
//! their augmented values (`<totalvalue>`), the combat skills, initiative passes (improvements, else the
//! augmentation's rating), a smartlink, and the weapons and armor worn (`chummer_gear.rs`). Left out, and said:
//! Edge, magic and resonance, specializations, the other skills, vehicles and drones, contacts.

use std::path::Path;

use roxmltree::{Document, Node};

use super::chummer_gear;
use super::made::Made;
use super::xml::{Reading, items, text, yes};
use super::{ImportError, Imported, Report, checked};
use crate::rules::mechanics::character::EditSheet;
use crate::rules::shadowrun4::sheet::{Sheet, Skill};
use crate::scenario::character::Character;
use crate::scenario::level::RulesetSheet;

/// Why a Shadowrun 5 file is refused.
pub(super) const SR5: &str =
    "a Shadowrun 5 character (Chummer 5): only Shadowrun 4 characters (Chummer 4's .chum) are imported";

/// Chummer's attribute codes, the sheet's keys, and their names.
const ATTRIBUTES: [(&str, &str); 8] = [
    ("BOD", "body"),
    ("AGI", "agility"),
    ("REA", "reaction"),
    ("STR", "strength"),
    ("CHA", "charisma"),
    ("INT", "intuition"),
    ("LOG", "logic"),
    ("WIL", "willpower"),
];

/// Attributes Chummer keeps that no battle of ours uses, and why.
const UNUSED_ATTRIBUTES: [(&str, &str); 4] = [
    ("EDG", "Edge: Edge dice are not played"),
    ("MAG", "Magic: spells, spirits and adept powers are not played"),
    ("RES", "Resonance: technomancy is not played"),
    ("ESS", "Essence: it matters only to magic and resonance"),
];

/// Augmentations that give initiative passes, when no improvement says how many.
const PASS_AUGMENTATIONS: [&str; 3] = ["wired reflexes", "move-by-wire", "synaptic booster"];

/// Reads a `.chum` file's text as a character named `name` (else as the file names it).
pub(super) fn read(text_in: &str, file: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
    let doc = Document::parse(text_in).map_err(|e| not_whole(file, &e))?;
    let r = Reading { file, doc: &doc };
    let root = doc.root_element();
    if !root.has_tag_name("character") {
        return Err(r.error(root, "not a Chummer character: the file's root element is not <character>"));
    }
    let edition = root.children().find(|c| c.has_tag_name("gameedition"));
    if let Some(edition) = edition.filter(|e| e.text().is_some_and(|t| t.trim().eq_ignore_ascii_case("SR5"))) {
        return Err(r.error(edition, SR5));
    }
    let mut report =
        Report { source: file.to_owned(), format: "Chummer 4 (.chum), Shadowrun 4".into(), ..Report::default() };
    let mut sheet: Sheet = crate::scenario::ron_options()
        .from_str("()")
        .map_err(|e| ImportError::whole(file, format!("no blank Shadowrun 4 sheet: {e}")))?;
    attributes(&r, root, &mut sheet, &mut report)?;
    skills(&r, root, &mut sheet, &mut report)?;
    passes(&r, root, &mut sheet, &mut report)?;
    smartlink(root, &mut sheet, &mut report);
    movement(&r, root, &mut sheet, &mut report)?;
    let made = chummer_gear::gear(&r, root, &mut report)?;
    left_out(root, &mut report);
    let character = character(&r, root, name, sheet, made)?;
    let character = checked(character, file)?;
    if let Ok(derived) = character.sheet.edit().derived() {
        report.derived = derived.into_iter().map(|d| (d.label, d.value, d.how)).collect();
    }
    Ok(Imported { character, report })
}

/// A file that is not whole XML (cut short, or not XML at all).
fn not_whole(file: &Path, e: &roxmltree::Error) -> ImportError {
    let pos = e.pos();
    let at = Some(format!("{}:{}", pos.row, pos.col));
    ImportError {
        file: file.to_owned(),
        at,
        message: format!("not a whole XML file ({e}): cut short, or not Chummer's"),
    }
}

/// The attributes at their augmented values (what the dice use), the natural value said beside.
fn attributes(r: &Reading, root: Node, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let all = items(root, "attributes", "attribute");
    for (code, key) in ATTRIBUTES {
        let label = sheet.numbers().into_iter().find(|n| n.key == key).map_or(key, |n| n.label);
        let Some(node) = all.iter().find(|a| text(**a, "name") == Some(code)) else {
            report.left_out.push(format!("{label}: not in the file; 3, an average human's"));
            continue;
        };
        let base = r.number(*node, "value")?.ok_or_else(|| r.error(*node, "an attribute with no <value>"))?;
        let total = r.number(*node, "totalvalue")?.unwrap_or(base);
        sheet.set_number(key, total).map_err(|e| r.error(*node, format!("{label}: {e}")))?;
        report.taken.push(match total == base {
            true => format!("{label} {total} (`{code}`)"),
            false => format!("{label} {total} (`{code}` augmented; natural {base})"),
        });
    }
    for (code, why) in UNUSED_ATTRIBUTES {
        let value = all.iter().find(|a| text(**a, "name") == Some(code)).and_then(|a| text(*a, "totalvalue"));
        if let Some(value) = value.filter(|v| !matches!(*v, "0" | "")) {
            report.left_out.push(format!("{why} (`{code}` {value})"));
        }
    }
    Ok(())
}

/// The combat skills the battle rolls; the others, knowledge skills and specializations said as left out.
fn skills(r: &Reading, root: Node, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let (mut others, mut knowledge) = (Vec::new(), 0);
    for node in items(root, "skills", "skill") {
        let name = text(node, "name").unwrap_or_default();
        let rating = r.number(node, "rating")?.unwrap_or(0);
        if yes(node, "knowledge") {
            knowledge += 1;
            continue;
        }
        if rating == 0 {
            continue;
        }
        let Some(skill) = Skill::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name)) else {
            others.push(format!("{name} {rating}"));
            continue;
        };
        sheet.set_number(skill.name(), rating).map_err(|e| r.error(node, format!("{name}: {e}")))?;
        report.taken.push(format!("{} {rating} (skill `{name}`)", skill.name()));
        if let Some(spec) = text(node, "spec").filter(|s| !s.is_empty()) {
            report.left_out.push(format!("The specialization of {name} ({spec}): specializations are not played"));
        }
    }
    if !others.is_empty() {
        report.left_out.push(format!("Skills no battle of ours rolls: {}", others.join(", ")));
    }
    if knowledge > 0 {
        report.left_out.push(format!("{knowledge} knowledge skills: not used in combat"));
    }
    Ok(())
}

/// Initiative passes: 1, and the extra passes its improvements give (`InitiativePass`: the best one;
/// `InitiativePassAdd`: on top); with no such improvement, an augmentation's rating (its `<rating>`, or "Rating N"
/// in its name).
fn passes(r: &Reading, root: Node, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let improvements = items(root, "improvements", "improvement");
    let values = |kind: &str| -> Result<Vec<i64>, ImportError> {
        let of_kind = improvements.iter().filter(|i| text(**i, "improvementttype") == Some(kind));
        of_kind.map(|i| r.number(*i, "val").map(|v| v.unwrap_or(0))).collect()
    };
    let best = values("InitiativePass")?.into_iter().max();
    // Saturating: a file of absurd numbers is refused by the sheet's range, not by an overflow.
    let added = values("InitiativePassAdd")?.into_iter().fold(0, i64::saturating_add);
    let (extra, from) = match best {
        Some(best) => (best.saturating_add(added), "its improvements (`InitiativePass`)".to_owned()),
        None => match augmentation_passes(r, root, report) {
            Some((rating, name)) => (rating.saturating_add(added), name),
            None if added > 0 => (added, "its improvements (`InitiativePassAdd`)".to_owned()),
            None => return Ok(()),
        },
    };
    let node = root.children().find(|c| c.has_tag_name("improvements")).unwrap_or(root);
    let passes = extra.saturating_add(1);
    sheet.set_number("initiative_passes", passes).map_err(|e| r.error(node, e.to_string()))?;
    report.taken.push(format!("Initiative passes {passes} (1, and {extra} from {from})"));
    Ok(())
}

/// The best rating among the augmentations that give initiative passes, and its name. One whose rating the file
/// does not give (in `<rating>` or its name) is left out and said.
fn augmentation_passes(r: &Reading, root: Node, report: &mut Report) -> Option<(i64, String)> {
    let mut best: Option<(i64, String)> = None;
    for node in items(root, "cyberwares", "cyberware") {
        let name = text(node, "name").unwrap_or_default();
        if !PASS_AUGMENTATIONS.iter().any(|a| name.to_lowercase().starts_with(a)) {
            continue;
        }
        let rating = match r.item_number(node, "rating") {
            Ok(Some(rating)) if rating > 0 => Some(rating),
            Ok(_) => rating_in_name(name),
            Err(why) => {
                report.leave_out(name, &why);
                continue;
            }
        };
        let Some(rating) = rating else {
            report
                .leave_out(name, &r.unplayable(node, "no rating, in `<rating>` or its name: its passes are not known"));
            continue;
        };
        if best.as_ref().is_none_or(|(b, _)| rating > *b) {
            best = Some((rating, format!("{name} (rating {rating})")));
        }
    }
    best
}

/// "Wired Reflexes Rating 2" → 2; "Wired Reflexes 2" → 2.
pub(super) fn rating_in_name(name: &str) -> Option<i64> {
    name.split_whitespace().last()?.trim_matches(|c| c == '(' || c == ')').parse().ok()
}

/// A smartlink: an improvement, an implant or a piece of gear (glasses, goggles) of that name.
fn smartlink(root: Node, sheet: &mut Sheet, report: &mut Report) {
    let implant = items(root, "cyberwares", "cyberware").into_iter().chain(items(root, "gears", "gear"));
    let implant = implant.filter_map(|n| text(n, "name")).find(|n| n.to_lowercase().contains("smartlink"));
    let improvement = items(root, "improvements", "improvement")
        .into_iter()
        .any(|i| text(i, "improvementttype").is_some_and(|t| t.eq_ignore_ascii_case("smartlink")));
    let from = match (implant, improvement) {
        (Some(name), _) => name.to_owned(),
        (None, true) => "an improvement (`Smartlink`)".to_owned(),
        (None, false) => return,
    };
    // A flag the sheet has: setting it cannot fail.
    let _ = sheet.set_flag("smartlink", true);
    report.taken.push(format!("Smartlink, from {from}: +2 dice with smartgun weapons"));
}

/// Movement by metatype (SR4A's: dwarves 8/20, trolls 15/35, the others a human's 10/25).
fn movement(r: &Reading, root: Node, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let metatype = text(root, "metatype").unwrap_or("Human");
    let (walk, run) = match metatype.to_lowercase().as_str() {
        "dwarf" => (8, 20),
        "troll" => (15, 35),
        _ => (10, 25),
    };
    let node = root.children().find(|c| c.has_tag_name("metatype")).unwrap_or(root);
    sheet.set_number("walk", walk).map_err(|e| r.error(node, e.to_string()))?;
    sheet.set_number("run", run).map_err(|e| r.error(node, e.to_string()))?;
    let article = if metatype.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
    report.taken.push(format!("Movement {walk}/{run} m a Combat Turn ({article} {metatype}'s)"));
    Ok(())
}

/// What the file has that no battle of ours plays, counted.
fn left_out(root: Node, report: &mut Report) {
    if yes(root, "magenabled") {
        report.left_out.push("Magic (`magenabled`): spells, spirits and adept powers are not played".to_owned());
    }
    let lists = [
        ("spells", "spell", "spells"),
        ("powers", "power", "adept powers"),
        ("complexforms", "complexform", "complex forms"),
        ("vehicles", "vehicle", "vehicles and drones"),
        ("martialarts", "martialart", "martial arts"),
        ("contacts", "contact", "contacts"),
    ];
    for (list, item, what) in lists {
        let count = items(root, list, item).len();
        if count > 0 {
            report.left_out.push(format!("{count} {what}: not played"));
        }
    }
}

/// The character: the name asked for, else its alias (a runner's street name), else its name; a role for its token
/// from the weapon in hand; the sheet, and the gear made from the file as its own.
fn character(
    r: &Reading,
    root: Node,
    name: Option<&str>,
    mut sheet: Sheet,
    made: Made,
) -> Result<Character, ImportError> {
    let from_file = [text(root, "alias"), text(root, "name")].into_iter().flatten().find(|n| !n.is_empty());
    let Some(name) = name.or(from_file).map(str::to_owned) else {
        return Err(r.error(root, "the file names no character (<alias> and <name> are empty): give one with --name"));
    };
    let role = made.role.map(str::to_owned);
    let gear = made.gear_block(r.file)?;
    sheet.weapons = made.weapons.into_iter().map(crate::rules::shadowrun4::gear::WeaponRef::new).collect();
    sheet.armor = made.armor.into_iter().map(crate::rules::shadowrun4::gear::ArmorRef::new).collect();
    Ok(Character { name, role, gear, sheet: RulesetSheet::Shadowrun4(sheet) })
}
