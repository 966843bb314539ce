//! The Eclipse Phase Character Creator's saves (EPCC, JSON; Eclipse Phase 1e). The ego (`egoSavePack`) gives the
//! aptitudes and skills, the morph worn (`currentMorphUid` among `morphSavePacks`) the body: Durability, its kind,
//! its aptitude maximum and its gear (`epcc_gear.rs`). Numbers come as numbers or as text. Taken: the name, the
//! aptitudes with their modifiers (capped at the morph's maximum), the combat skills (linked aptitude + bought
//! points + modifiers, as EPCC adds them), Durability and Speed with their modifiers, INIT, a synthmorph, a
//! smartlink. Left out, and said: knowledge and other skills, specializations, psi, muses, other gear.

use super::epcc_gear;
use super::fields::Field;
use super::made::{Made, same_name};
use super::{ImportError, Imported, Report, checked};
use crate::rules::eclipse_phase::gear::{ArmorRef, WeaponRef};
use crate::rules::eclipse_phase::sheet::{Sheet, Skill};
use crate::rules::mechanics::character::EditSheet;
use crate::scenario::character::Character;
use crate::scenario::level::RulesetSheet;

/// The modifier fields EPCC keeps beside a value (each an effect of the morph, a trait, the background…).
const MODS: [&str; 6] = ["morphMod", "traitMod", "backgroundMod", "factionMod", "softgearMod", "psyMod"];

/// The aptitudes: EPCC's abbreviation and the sheet's key.
const APTITUDES: [(&str, &str); 7] =
    [("COG", "cog"), ("COO", "coo"), ("INT", "int"), ("REF", "ref"), ("SAV", "sav"), ("SOM", "som"), ("WIL", "wil")];

/// Skill names EPCC may write for ours, besides our own names.
const SKILL_NAMES: [(&str, Skill); 2] = [("Seeker Weapons", Skill::Seeker), ("Throwing Weapons", Skill::ThrownWeapons)];

/// Whether a JSON file is an EPCC save.
pub(super) fn is_epcc(value: &serde_json::Value) -> bool {
    value.get("charSavePack").is_some() || value.get("egoSavePack").is_some()
}

/// Reads an EPCC save as a character named `name` (else as the file names it).
pub(super) fn read(root: Field, name: Option<&str>) -> Result<Imported, ImportError> {
    let pack = root.need("charSavePack", "the character")?;
    let ego = pack.get("egoSavePack").or_else(|| root.get("egoSavePack"));
    let ego = ego.ok_or_else(|| pack.error("no `egoSavePack` (the ego: aptitudes and skills)"))?;
    let mut report = Report { source: root.file.to_owned(), format: format(&root), ..Report::default() };
    let mut sheet: Sheet = crate::scenario::ron_options()
        .from_str("(init: 0, durability: 1)")
        .map_err(|e| root.error(format!("no blank Eclipse Phase sheet: {e}")))?;
    let morph = morph(&root, &pack, &mut sheet, &mut report)?;
    let aptitudes = aptitudes(&ego, &morph, &mut sheet, &mut report)?;
    skills(&ego, &aptitudes, &mut sheet, &mut report)?;
    stats(&ego, &morph, &aptitudes, &mut sheet, &mut report)?;
    let made = epcc_gear::gear(&root, &pack, &morph, &mut sheet, &mut report)?;
    left_out(&ego, &mut report);
    let character = character(&pack, name, sheet, made)?;
    let character = checked(character, root.file)?;
    if let Ok(derived) = character.sheet.edit().derived() {
        report.derived = derived.into_iter().map(|d| (d.label, d.value, d.how)).collect();
    }
    Ok(Imported { character, report })
}

/// "Eclipse Phase Character Creator (JSON, version 1.51 "Gate Jump"), Eclipse Phase 1e".
fn format(root: &Field) -> String {
    let number = root.value.get("versionNumber").map(|v| v.to_string().trim_matches('"').to_owned());
    let version = match (number, root.text("versionName")) {
        (Some(n), Some(name)) => format!(", version {n} “{name}”"),
        (Some(n), None) => format!(", version {n}"),
        _ => String::new(),
    };
    format!("Eclipse Phase Character Creator (JSON{version}), Eclipse Phase 1e")
}

/// The morph worn: the one `currentMorphUid` names, else the only one; its kind taken. An infomorph has no body to
/// fight in.
fn morph<'a>(
    root: &Field<'a>,
    pack: &Field<'a>,
    sheet: &mut Sheet,
    report: &mut Report,
) -> Result<Field<'a>, ImportError> {
    let mut morphs = pack.items("morphSavePacks");
    if morphs.is_empty() {
        morphs = root.items("morphSavePacks");
    }
    let current = pack.text("currentMorphUid").filter(|u| !u.is_empty());
    let worn = morphs.iter().find(|m| current.is_some() && m.text("atomUid") == current).cloned();
    if morphs.len() > 1 {
        let others = morphs.len() - 1;
        report.left_out.push(format!("{others} other morphs (`morphSavePacks`): only the one worn fights"));
    }
    let morph = match worn {
        Some(m) => m,
        None if morphs.len() == 1 => morphs.remove(0),
        None if morphs.is_empty() => {
            return Err(pack.error("no morph (`morphSavePacks` is empty): an ego needs a body"));
        }
        None => {
            let first = morphs.remove(0);
            let name = first.text("name").unwrap_or("the first");
            report.left_out.push(format!("No morph is worn (`currentMorphUid`): {name}, the first, taken"));
            first
        }
    };
    let name = morph.text("name").unwrap_or("a morph");
    let kind = morph.text("morphType").unwrap_or("biomorph").to_ascii_lowercase();
    if kind == "infomorph" {
        return Err(morph.error(format!("{name} is an infomorph: it has no body to fight in")));
    }
    if kind == "synthmorph" {
        // A flag the sheet has: setting it cannot fail.
        let _ = sheet.set_flag("synthmorph", true);
    }
    report.taken.push(format!(
        "Morph {name} (`morphType` {kind}: dies at DUR × {})",
        if kind == "synthmorph" { "2" } else { "1.5" }
    ));
    Ok(morph)
}

/// The aptitudes: base value plus modifiers, capped at the morph's aptitude maximum. Returns each total by
/// abbreviation.
fn aptitudes(
    ego: &Field,
    morph: &Field,
    sheet: &mut Sheet,
    report: &mut Report,
) -> Result<Vec<(&'static str, i64)>, ImportError> {
    let all = ego.items("aptitudesSavePacks");
    let cap = morph.number("maxApptitude")?.filter(|c| *c > 0);
    let mut totals = Vec::new();
    for (code, key) in APTITUDES {
        let label = sheet.numbers().into_iter().find(|n| n.key == key).map_or(key, |n| n.label);
        let Some(node) = all.iter().find(|a| a.text("abbreviation").is_some_and(|t| t.eq_ignore_ascii_case(code)))
        else {
            report.left_out.push(format!("{label}: not in the file; 15, an unmodified human's"));
            totals.push((code, 15));
            continue;
        };
        let base = node.need("value", "the aptitude's value")?.as_number()?.unwrap_or(0);
        let mods = node.sum(&MODS)?;
        // The file's own value must be one the ruleset rates before the morph caps it.
        sheet.set_number(key, base + mods).map_err(|e| node.error(format!("{label}: {e}")))?;
        let total = cap.map_or(base + mods, |c| (base + mods).min(c));
        sheet.set_number(key, total).map_err(|e| node.error(format!("{label}: {e}")))?;
        let capped =
            if total < base + mods { format!(", capped at the morph's maximum {total}") } else { String::new() };
        report.taken.push(match mods {
            0 => format!("{label} {total} (`{code}`{capped})"),
            _ => format!("{label} {total} (`{code}` {base}, modifiers {mods:+}{capped})"),
        });
        totals.push((code, total));
    }
    Ok(totals)
}

/// The aptitude a skill is linked to (Fray: REF; the melee skills: SOM; the ranged: COO).
fn linked(skill: Skill) -> &'static str {
    match skill {
        Skill::Fray => "REF",
        Skill::Blades | Skill::Clubs | Skill::UnarmedCombat => "SOM",
        _ => "COO",
    }
}

/// The combat skills: linked aptitude + points bought + modifiers (as EPCC adds them); the others said as left out.
fn skills(ego: &Field, aptitudes: &[(&str, i64)], sheet: &mut Sheet, report: &mut Report) -> Result<(), ImportError> {
    let (mut others, mut knowledge) = (Vec::new(), 0);
    for node in ego.items("skillsSavePacks") {
        let name = node.text("name").unwrap_or_default();
        let full = match node.text("prefix").filter(|p| !p.is_empty()) {
            Some(prefix) => format!("{prefix}: {name}"),
            None => name.to_owned(),
        };
        let active = node.flag("isActiveSkill").unwrap_or(node.text("skillType") != Some("KST"));
        let bought = node.number("baseValue")?.unwrap_or(0) + node.sum(&MODS)?;
        if !active {
            knowledge += usize::from(bought > 0);
            continue;
        }
        let ours = Skill::ALL.into_iter().find(|s| same_name(s.name(), name));
        let Some(skill) = ours.or_else(|| SKILL_NAMES.iter().find(|(n, _)| same_name(n, name)).map(|(_, s)| *s)) else {
            if bought > 0 {
                others.push(full);
            }
            continue;
        };
        if bought == 0 {
            continue;
        }
        let code = linked(skill);
        let aptitude = aptitudes.iter().find(|(c, _)| *c == code).map_or(15, |(_, v)| *v);
        let total = aptitude + bought;
        sheet.set_number(skill.name(), total).map_err(|e| node.error(format!("{full}: {e}")))?;
        report.taken.push(format!("{} {total} (skill `{full}`: {code} {aptitude} + {bought})", skill.name()));
        if let Some(spec) = node.text("specialization").filter(|s| !s.is_empty()) {
            report.left_out.push(format!("The specialization of {full} ({spec}): specializations are not played"));
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

/// The stat of one of `codes` (`statsSavePacks`: the ego's, else the morph's), if the file has it.
fn stat<'a>(ego: &Field<'a>, morph: &Field<'a>, codes: &[&str]) -> Option<Field<'a>> {
    let is = |s: &Field| s.text("abbreviation").is_some_and(|a| codes.iter().any(|c| a.eq_ignore_ascii_case(c)));
    let mut stats = ego.items("statsSavePacks").into_iter().chain(morph.items("statsSavePacks"));
    stats.find(|s| is(s))
}

/// The modifiers of a stat, gear's among them.
fn stat_mods(stat: Option<&Field>) -> Result<i64, ImportError> {
    let keys = [MODS.as_slice(), &["gearMod"]].concat();
    stat.map_or(Ok(0), |s| s.sum(&keys))
}

/// Durability (the morph's, with modifiers), Speed (with modifiers) and INIT.
fn stats(
    ego: &Field,
    morph: &Field,
    aptitudes: &[(&str, i64)],
    sheet: &mut Sheet,
    report: &mut Report,
) -> Result<(), ImportError> {
    let durability_field = morph.need("durability", "the morph's Durability")?;
    let base = durability_field.as_number()?.unwrap_or(0);
    let dur = stat(ego, morph, &["DUR"]);
    let total = base + stat_mods(dur.as_ref())?;
    sheet.set_number("durability", total).map_err(|e| durability_field.error(format!("Durability: {e}")))?;
    report.taken.push(format!("Durability {total} (the morph's `durability` {base}, modifiers {:+})", total - base));
    let spd = stat(ego, morph, &["SPD"]);
    let speed = spd.as_ref().map_or(Ok(None), |s| s.number("value"))?.unwrap_or(1).max(1) + stat_mods(spd.as_ref())?;
    let at = spd.clone().unwrap_or_else(|| ego.clone());
    sheet.set_number("speed", speed).map_err(|e| at.error(format!("Speed: {e}")))?;
    report.taken.push(format!("Speed {speed} (`SPD` with its modifiers)"));
    let of = |code: &str| aptitudes.iter().find(|(c, _)| *c == code).map_or(15, |(_, v)| *v);
    let ini_mods = stat_mods(stat(ego, morph, &["INI", "INIT"]).as_ref())?;
    let init = (of("INT") + of("REF")) * 2 + 10 * ini_mods;
    let kept = init.clamp(0, 99);
    sheet.set_number("init", kept).map_err(|e| ego.error(format!("INIT: {e}")))?;
    let capped = if kept != init { format!(", capped at 99 from {init}") } else { String::new() };
    let bonus = if ini_mods != 0 { format!(" + 10 × its `INI` modifiers {ini_mods:+}") } else { String::new() };
    report.taken.push(format!(
        "INIT {kept} ((INT {} + REF {}) × 2{bonus}{capped}: the first printing's INIT, on the d100 scale of the \
         seed's 63 + 23; EPCC's `INI` is the errata's d10 one)",
        of("INT"),
        of("REF")
    ));
    report.taken.push("Movement 4/20 m an Action Turn (a human-shaped morph's; EPCC keeps none)".to_owned());
    Ok(())
}

/// What the ego has that no battle of ours plays, counted.
fn left_out(ego: &Field, report: &mut Report) {
    let lists = [
        ("psySleightSavePacks", "psi sleights"),
        ("aiSavePacks", "muses and AIs"),
        ("softGearSavePacks", "pieces of software"),
        ("traitSavePacks", "traits (their modifiers are in the numbers above)"),
    ];
    for (list, what) in lists {
        let count = ego.items(list).len();
        if count > 0 {
            report.left_out.push(format!("{count} {what}: not played"));
        }
    }
}

/// The character: the name asked for, else the file's `charName`; a role for its token from the weapon in hand.
fn character(pack: &Field, name: Option<&str>, mut sheet: Sheet, made: Made) -> Result<Character, ImportError> {
    let Some(name) = name.or(pack.text("charName").filter(|n| !n.is_empty())).map(str::to_owned) else {
        return Err(pack.error("the file names no character (`charName` is empty): give one with --name"));
    };
    let role = made.role.map(str::to_owned);
    let gear = made.gear_block(pack.file)?;
    sheet.weapons = made.weapons.into_iter().map(WeaponRef::new).collect();
    sheet.armor = made.armor.into_iter().next().map(ArmorRef::new);
    Ok(Character { name, role, gear, sheet: RulesetSheet::EclipsePhase(sheet) })
}
