//! A Chummer 4 character's weapons and armor. Each is the catalogue's item when the catalogue has one of that name
//! with the file's numbers; otherwise it is made from the file's own numbers as the character's own gear (a weapon
//! read by `chummer_weapon.rs`). A blast (`(-1/m)`, a grenade) is left out: only Eclipse Phase's blasts are played.
//! Armor: worn pieces (`<equipped>`), a `+2` rating an accessory (a helmet); armor from augmentations (improvements
//! `Armor`, `BallisticArmor`, `ImpactArmor`) one accessory piece more. A weapon or a piece of armor our rules cannot
//! play as the file gives it is left out and said; the character is imported without it.

use roxmltree::Node;

use super::chummer_weapon::{FromFile, from_file};
use super::made::{self, Made, Piece};
use super::unplayable::Unplayable;
use super::xml::{Reading, items, text, yes};
use super::{ImportError, Report};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::shadowrun4::gear::{Armor, Catalogue, Weapon};
use crate::rules::shadowrun4::sheet::Skill;
use crate::scenario::gear_edit::Kind;

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

/// One weapon: the catalogue's, made from the file, or left out (a blast; one our rules cannot play as written).
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
    let FromFile { weapon, notes } = match from_file(r, node, &name) {
        Ok(read) => read,
        Err(why) => {
            report.leave_out(&name, &why);
            return Ok(());
        }
    };
    let found = made::find(catalogue.weapons(), |w| &w.name, &name, |w| same_numbers(w, &weapon));
    made.role = made.role.or(Some(role(&weapon)));
    let summary = [summary(&weapon)].into_iter().chain(notes).collect::<Vec<_>>().join("; ");
    made.carry(Kind::Weapon, Piece { name: &name, found, item: &weapon, summary }, report, r.file)
}

/// The catalogue's weapon has the file's numbers (the file's are the player's: a weapon changed in Chummer is made
/// from the file).
fn same_numbers(catalogue: &Weapon, file: &Weapon) -> bool {
    let numbers =
        |w: &Weapon| (w.damage, w.ap, w.halves_armor, w.modes.clone(), w.recoil_compensation, w.ammo, w.reach);
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
/// file's. A piece not worn is said as left out; one whose ratings we cannot read is left out and said.
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
    let piece = match armor_from_file(r, node, &name) {
        Ok(piece) => piece,
        Err(why) => {
            report.leave_out(&name, &why);
            return Ok(());
        }
    };
    let ratings = |a: &Armor| (a.ballistic, a.impact, a.accessory);
    let found = made::find(catalogue.armors(), |a| &a.name, &name, |a| ratings(a) == ratings(&piece));
    let what = if piece.accessory { ", an accessory (adds to the best piece worn)" } else { "" };
    let summary = format!("{}/{}{what}", piece.ballistic, piece.impact);
    made.carry(Kind::Armor, Piece { name: &name, found, item: &piece, summary }, report, r.file)
}

/// A piece of armor as the file gives it: its ballistic and impact ratings (`<b>`, `<i>`; `+N` an accessory). Why
/// not, when it has neither rating or one that is no number: armor we do not know.
fn armor_from_file(r: &Reading, node: Node, name: &str) -> Result<Armor, Unplayable> {
    if !node.children().any(|c| c.has_tag_name("b") || c.has_tag_name("i")) {
        return Err(r.unplayable(node, "no ballistic or impact rating (`<b>`, `<i>`): armor our rules do not know"));
    }
    let rating = |tag: &str| -> Result<(u32, bool), Unplayable> {
        let raw = text(node, tag).unwrap_or("0");
        let accessory = raw.starts_with('+');
        let field = node.children().find(|c| c.has_tag_name(tag)).unwrap_or(node);
        let value = raw.trim_start_matches('+').parse().map_err(|_| {
            r.unplayable(field, format!("`{raw}` is not an armor rating (6, +2): armor our rules do not know"))
        })?;
        Ok((value, accessory))
    };
    let ((ballistic, b_plus), (impact, i_plus)) = (rating("b")?, rating("i")?);
    Ok(Armor { name: name.to_owned(), ballistic, impact, accessory: b_plus || i_plus })
}

/// Armor from augmentations (dermal plating and the like), as Chummer's improvements give it: one accessory piece.
/// An improvement that takes armor away is left out and said (our armor has no negative ratings).
fn augmented_armor(r: &Reading, root: Node, made: &mut Made, report: &mut Report) -> Result<(), ImportError> {
    let (mut ballistic, mut impact) = (0_u32, 0_u32);
    for node in items(root, "improvements", "improvement") {
        let kind = text(node, "improvementttype").unwrap_or_default();
        let (b, i) = match kind {
            "Armor" => (true, true),
            "BallisticArmor" => (true, false),
            "ImpactArmor" => (false, true),
            _ => continue,
        };
        let value = match r.item_number(node, "val").and_then(|v| bonus(r, node, v.unwrap_or(0))) {
            Ok(value) => value,
            Err(why) => {
                report.leave_out(&format!("An armor improvement (`{kind}`)"), &why);
                continue;
            }
        };
        ballistic = ballistic.saturating_add(if b { value } else { 0 });
        impact = impact.saturating_add(if i { value } else { 0 });
    }
    if ballistic == 0 && impact == 0 {
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

/// An armor improvement's value, which our armor can add (0 or more).
fn bonus(r: &Reading, node: Node, value: i64) -> Result<u32, Unplayable> {
    let at = node.children().find(|c| c.has_tag_name("val")).unwrap_or(node);
    u32::try_from(value)
        .map_err(|_| r.unplayable(at, format!("an armor bonus of {value}: our armor adds, never takes away")))
}
