//! Foundry VTT's World of Darkness 20th system (`worldofdarkness`): an actor as *Export Data* writes it (JSON), for
//! our Storyteller rules. The actor's data is under `system` (older exports: `data`). Taken: the name, the
//! attributes combat uses (`value` + `bonus`: Foundry's `total` counts the armor's Dexterity penalty, which our
//! rules apply themselves), the abilities they roll (under `abilities`, flat or by talent/skill/knowledge, or as
//! embedded `Ability` items), the weapons and the armor worn (`foundry_gear.rs`). Foundry's health and soak are
//! its own sums: ours are worked out and shown. Left out, and said: the other attributes and abilities, powers,
//! backgrounds, merits and flaws, damage already taken.

use serde_json::Value;

use super::fields::Field;
use super::foundry_gear;
use super::made::{Made, same_name};
use super::{ImportError, Imported, Report, checked};
use crate::rules::mechanics::character::EditSheet;
use crate::rules::storyteller::gear::{ArmorRef, WeaponRef};
use crate::rules::storyteller::sheet::{Ability, Sheet};
use crate::scenario::character::Character;
use crate::scenario::level::RulesetSheet;

/// Foundry's id of the system.
const SYSTEM: &str = "worldofdarkness";

/// The attributes our Storyteller rules roll (Foundry's keys are the sheet's).
const ATTRIBUTES: [&str; 5] = ["strength", "dexterity", "stamina", "perception", "wits"];

/// Whether a JSON file is a Foundry actor: a name, a type and its data (`system`, or `data` in older exports).
pub(super) fn is_actor(value: &Value) -> bool {
    let data = value.get("system").or_else(|| value.get("data"));
    value.get("name").is_some_and(Value::is_string)
        && value.get("type").is_some_and(Value::is_string)
        && data.is_some_and(Value::is_object)
}

/// Reads an actor as a character named `name` (else the actor's name).
pub(super) fn read(root: Field, name: Option<&str>) -> Result<Imported, ImportError> {
    let system_id = ["_stats", "flags"].iter().find_map(|k| {
        let stats = root.value.get(k)?;
        let id = stats.get("systemId").or_else(|| stats.get("exportSource")?.get("system"))?;
        id.as_str().map(str::to_owned)
    });
    if let Some(other) = system_id.filter(|s| s != SYSTEM) {
        return Err(root.error(format!(
            "a Foundry actor of the system `{other}`: only World of Darkness 20th (`{SYSTEM}`) actors are imported"
        )));
    }
    let data = root.first(&["system", "data"]).ok_or_else(|| root.error("no `system` (the actor's data)"))?;
    let Some(attributes) = data.get("attributes").filter(|a| a.value.get("strength").is_some()) else {
        return Err(data.error("no `attributes.strength`: not a World of Darkness 20th character"));
    };
    let mut report = Report { source: root.file.to_owned(), format: format(&root, &data), ..Report::default() };
    let mut sheet: Sheet = crate::scenario::ron_options()
        .from_str("()")
        .map_err(|e| root.error(format!("no blank Storyteller sheet: {e}")))?;
    take_attributes(&attributes, &mut sheet, &mut report)?;
    abilities(&root, &data, &mut sheet, &mut report)?;
    let made = foundry_gear::gear(&root, &sheet, &mut report)?;
    left_out(&root, &data, &mut report)?;
    let character = character(&root, name, sheet, made)?;
    let character = checked(character, root.file)?;
    if let Ok(derived) = character.sheet.edit().derived() {
        report.derived = derived.into_iter().map(|d| (d.label, d.value, d.how)).collect();
    }
    Ok(Imported { character, report })
}

/// "Foundry VTT, World of Darkness 20th (a Mortal actor, system 3.2.0), our Storyteller rules".
fn format(root: &Field, data: &Field) -> String {
    let kind = root.text("type").unwrap_or("an");
    let version = data.get("settings").and_then(|s| s.text("version").map(|v| format!(", system {v}")));
    let older =
        if data.value == root.value.get("data").unwrap_or(&Value::Null) { ", an older export (`data`)" } else { "" };
    format!(
        "Foundry VTT, World of Darkness 20th (a {kind} actor{}{older}), our Storyteller rules",
        version.unwrap_or_default()
    )
}

/// The attributes combat uses at `value` + `bonus`; the others said as left out.
fn take_attributes(attributes: &Field, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    for key in ATTRIBUTES {
        let label = sheet.numbers().into_iter().find(|n| n.key == key).map_or(key, |n| n.label);
        let Some(node) = attributes.get(key) else {
            report.left_out.push(format!("{label}: not in the file; 2, an average person's"));
            continue;
        };
        let value = node.need("value", "its dots")?.as_number()?.unwrap_or(0);
        let bonus = node.number("bonus")?.unwrap_or(0);
        let total = value + bonus;
        sheet.set_number(key, total).map_err(|e| node.error(format!("{label}: {e}")))?;
        let said_total = node.number("total")?.filter(|t| *t != total);
        let apart = said_total
            .map(|t| format!("; Foundry's total {t} counts the armor's penalty, ours applies it"))
            .unwrap_or_default();
        report.taken.push(match bonus {
            0 => format!("{label} {total} (`attributes.{key}.value`{apart})"),
            _ => format!("{label} {total} (`attributes.{key}`: value {value} + bonus {bonus}{apart})"),
        });
    }
    let others: Vec<String> = attributes
        .value
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, v)| {
            !ATTRIBUTES.contains(&k.as_str()) && v.get("isvisible").and_then(Value::as_bool) != Some(false)
        })
        .map(|(k, v)| format!("{k} {}", v.get("value").map_or("?".to_owned(), Value::to_string)))
        .collect();
    if !others.is_empty() {
        report.left_out.push(format!("Attributes no battle of ours rolls: {}", others.join(", ")));
    }
    Ok(())
}

/// Every ability the actor rates: key, dots and the field it is in. Foundry keeps them under `abilities` (flat, as
/// 3.x does, or by talent, skill and knowledge, as before), and newer actors as embedded `Ability` items.
fn all_abilities<'a>(root: &Field<'a>, data: &Field<'a>) -> Result<Vec<(String, i64, Field<'a>)>, ImportError> {
    let mut out = Vec::new();
    for (key, field) in data.members("abilities") {
        if field.value.get("value").is_some() {
            out.push((key.to_owned(), field.need("value", "its dots")?.as_number()?.unwrap_or(0), field));
        } else {
            // Grouped by talent, skill and knowledge.
            for (inner, field) in field.entries() {
                out.push((inner.to_owned(), field.number("value")?.unwrap_or(0), field));
            }
        }
    }
    for item in root.items("items") {
        if item.text("type").is_some_and(|t| t.eq_ignore_ascii_case("Ability")) {
            let name = item.text("name").unwrap_or_default().to_owned();
            let dots = item.first(&["system", "data"]).map_or(Ok(None), |s| s.number("value"))?.unwrap_or(0);
            out.push((name, dots, item));
        }
    }
    Ok(out)
}

/// The abilities our rules roll; the others said as left out.
fn abilities(root: &Field, data: &Field, sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let mut others = Vec::new();
    for (key, dots, field) in all_abilities(root, data)? {
        if dots == 0 {
            continue;
        }
        let Some(ability) = Ability::ALL.into_iter().find(|a| same_name(a.name(), &key)) else {
            others.push(format!("{key} {dots}"));
            continue;
        };
        sheet.set_number(ability.name(), dots).map_err(|e| field.error(format!("{}: {e}", ability.name())))?;
        report.taken.push(format!("{} {dots} (`{key}`)", ability.name()));
    }
    if !others.is_empty() {
        report.left_out.push(format!("Abilities no battle of ours rolls: {}", others.join(", ")));
    }
    Ok(())
}

/// What the actor has that no battle of ours plays: items of other kinds, counted; damage already taken.
fn left_out(root: &Field, data: &Field, report: &mut Report) -> Result<(), ImportError> {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for item in root.items("items") {
        let kind = item.text("type").unwrap_or("item");
        if foundry_gear::is_gear(kind) || kind.eq_ignore_ascii_case("Ability") {
            continue;
        }
        match kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind.to_owned(), 1)),
        }
    }
    for (kind, n) in kinds {
        report.left_out.push(format!("{n} `{kind}` items (powers, backgrounds, merits, flaws…): not played"));
    }
    if let Some(damage) = data.get("health").and_then(|h| h.get("damage")) {
        let taken = damage.sum(&["bashing", "lethal", "aggravated"])?;
        if taken > 0 {
            report
                .left_out
                .push(format!("{taken} health levels of damage taken (`health.damage`): a battle starts unhurt"));
        }
    }
    report.left_out.push("Foundry's `soak` and `health`: its own sums; ours are worked out below".to_owned());
    Ok(())
}

/// The character: the name asked for, else the actor's; a role for its token from the weapon in hand.
fn character(root: &Field, name: Option<&str>, mut sheet: Sheet, made: Made) -> Result<Character, ImportError> {
    let Some(name) = name.or(root.text("name").filter(|n| !n.is_empty())).map(str::to_owned) else {
        return Err(root.error("the actor has no name: give one with --name"));
    };
    let role = made.role.map(str::to_owned);
    let gear = made.gear_block(root.file)?;
    sheet.weapons = made.weapons.into_iter().map(WeaponRef::new).collect();
    sheet.armor = made.armor.into_iter().next().map(ArmorRef::new);
    Ok(Character { name, role, gear, sheet: RulesetSheet::Storyteller(sheet) })
}
