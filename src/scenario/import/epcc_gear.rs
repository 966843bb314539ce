//! An EPCC character's weapons and armor: the morph's gear (`gearSavePacks`, `addGearSavePacks`). A weapon is known
//! by its `gearType` (WKG kinetic, WEG beam, WSG spray, WMG melee, WXG explosives: grenades), its damage `degat`
//! ("2d10 + 2", "1d10 + 2 + (SOM/10)": our rules add SOM ÷ 10 to melee themselves) and `armorPenetration` (its
//! size; EPCC writes some without the minus). EPCC keeps no firing modes, rounds or ranges: a weapon the catalogue
//! has by name takes the catalogue's, another those of its class (an SMG's, a sniper rifle's…), said in the report.
//! Armor: the strongest piece worn (our sheet wears one); a smartlink among the gear is taken.

use super::fields::Field;
use super::made::{self, Found, Made, Piece};
use super::unplayable::Unplayable;
use super::{ImportError, Report};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::eclipse_phase::gear::{Armor, ArmorType, Catalogue, DamageDice, Weapon};
use crate::rules::eclipse_phase::sheet::{Sheet, Skill};
use crate::rules::mechanics::character::EditSheet;
use crate::scenario::gear_edit::Kind;

/// The modifier fields EPCC keeps beside a gear value.
const MODS: [&str; 6] = ["MorphMod", "TraitMod", "BackgroundMod", "FactionMod", "SoftgearMod", "PsyMod"];

/// Weapon classes by words in a name, per `gearType`: the catalogue item whose modes, rounds and ranges a weapon of
/// the class takes (the first that matches; the last of each type is its default).
const CLASSES: [(&str, &[&str], &str); 13] = [
    ("WKG", &["sniper"], "sniper_rifle"),
    ("WKG", &["smg", "submachine", "machine pistol"], "smg"),
    ("WKG", &["rifle", "carbine", "machine gun"], "assault_rifle"),
    ("WKG", &["heavy pistol"], "heavy_pistol"),
    ("WKG", &["light pistol", "holdout"], "light_pistol"),
    ("WKG", &[""], "medium_pistol"),
    ("WEG", &["stun"], "stunner"),
    ("WEG", &[""], "laser_pulser"),
    ("WSG", &[""], "shredder"),
    ("WXG", &["plasma"], "plasma_grenade"),
    ("WXG", &[""], "frag_grenade"),
    ("WMG", &["club", "baton", "staff", "hammer", "mace"], "club"),
    ("WMG", &[""], "knife"),
];

/// The weapons, armor and smartlink of the morph worn (and of gear lists the file keeps beside it).
pub(super) fn gear(
    root: &Field,
    pack: &Field,
    morph: &Field,
    sheet: &mut Sheet,
    report: &mut Report,
) -> Result<Made, ImportError> {
    let catalogue = Catalogue::shipped().map_err(|e| root.error(e.to_string()))?;
    let mut made = Made::new(RulesetId::EclipsePhase);
    let lists =
        [(morph, "gearSavePacks"), (morph, "addGearSavePacks"), (pack, "gearSavePacks"), (root, "gearSavePacks")];
    let items: Vec<Field> = lists.iter().flat_map(|(f, list)| f.items(list)).collect();
    let mut armor: Vec<(Armor, Field)> = Vec::new();
    let mut other = 0;
    for item in &items {
        let name = item.text("name").unwrap_or("an item");
        let kind = item.text("gearType").unwrap_or_default().to_ascii_uppercase();
        if name.to_lowercase().contains("smartlink") {
            // A flag the sheet has: setting it cannot fail.
            let _ = sheet.set_flag("smartlink", true);
            report.taken.push(format!("Smartlink, from {name}: +10 to ranged attacks"));
        } else if kind.starts_with('W') && kind != "WAM" && kind != "WAC" {
            weapon(item, name, &kind, catalogue, &mut made, report)?;
        } else {
            match armor_of(item, name) {
                Ok(Some(piece)) => armor.push((piece, item.clone())),
                Ok(None) => other += 1,
                Err(why) => report.leave_out(name, &why),
            }
        }
    }
    wear(armor, catalogue, &mut made, report)?;
    if other > 0 {
        report.left_out.push(format!("{other} other items (implants, software, drugs, tools…): not played"));
    }
    Ok(made)
}

/// One weapon: the catalogue's, made from the file, or left out (a seeker, an explosive that is not a grenade, one
/// with no damage).
fn weapon(
    item: &Field,
    name: &str,
    kind: &str,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    let lower = name.to_lowercase();
    let why = match kind {
        "WSE" => Some("seeker weapons are not played (our catalogue has no seeker ranges)"),
        "WXG" if !lower.contains("grenade") => Some("only grenades are played among explosives"),
        "WKG" | "WEG" | "WSG" | "WMG" | "WXG" => None,
        _ => Some("not a kind of weapon we know"),
    };
    if let Some(why) = why {
        report.left_out.push(format!("{name} (`gearType` {kind}): {why}"));
        return Ok(());
    }
    let from_file = match from_file(item, name, kind, &lower) {
        Ok(Some(weapon)) => weapon,
        Ok(None) => {
            report.left_out.push(format!("{name} (`gearType` {kind}): no damage in the file"));
            return Ok(());
        }
        Err(why) => {
            report.leave_out(name, &why);
            return Ok(());
        }
    };
    let numbers = |w: &Weapon| (w.damage, w.ap, w.armor);
    let found = made::find(catalogue.weapons(), |w| &w.name, name, |w| numbers(w) == numbers(&from_file));
    let (like, from) = match found {
        Found::Differs(id) | Found::Same(id) => (id, "the catalogue's of that name"),
        _ => (class(kind, &lower), "its class's"),
    };
    let template = catalogue.weapon(like).ok_or_else(|| item.error(format!("no catalogue weapon `{like}`")))?;
    let weapon = Weapon {
        modes: template.modes.clone(),
        ammo: template.ammo,
        ranges: template.ranges,
        area: template.area,
        shock: template.shock,
        ..from_file
    };
    let summary = format!("{}; modes, rounds and ranges {from}, our `{like}` (EPCC keeps none)", summary(&weapon));
    // Only the report counts them: a count that is no number is one.
    let count = item.first(&["occurrence", "occurence"]).and_then(|f| f.as_number().ok().flatten()).unwrap_or(1);
    if weapon.is_thrown() && count > 1 {
        report.left_out.push(format!("{name}: {count} carried, one taken (a sheet's thrown weapon is one throw)"));
    }
    made.role = made.role.or(Some(role(&weapon)));
    made.carry(Kind::Weapon, Piece { name, found, item: &weapon, summary }, report, item.file)
}

/// A weapon as the file gives it (`lower` its name in lower case): its damage, AP, skill and armor type; none when
/// the file gives it no damage; why not when our rules cannot read its damage or AP.
fn from_file(item: &Field, name: &str, kind: &str, lower: &str) -> Result<Option<Weapon>, Unplayable> {
    let degat_field = item.get("degat");
    let raw = degat_field.as_ref().map(|f| f.value.to_string().trim_matches('"').trim().to_owned()).unwrap_or_default();
    if matches!(raw.as_str(), "" | "0") {
        return Ok(None);
    }
    let at = degat_field.unwrap_or_else(|| item.clone());
    let damage = damage(&raw)
        .ok_or_else(|| at.unplayable(format!("`{raw}` is not a damage (2d10 + 2, 1d10/2, 1d10 + 2 + (SOM/10))")))?;
    let ap_field = item.get("armorPenetration");
    let ap = ap_field.as_ref().map_or(Ok(None), Field::as_number)?.unwrap_or(0);
    let ap = ap.saturating_add(prefixed_mods(item, "armorPenetration")?);
    let ap = i32::try_from(ap).map_err(|_| item.unplayable(format!("an armor penetration of {ap}")))?;
    let armor = if kind == "WEG" || lower.contains("plasma") { ArmorType::Energy } else { ArmorType::Kinetic };
    Ok(Some(Weapon {
        name: name.to_owned(),
        skill: skill(kind, lower),
        damage,
        armor,
        ap: -ap.saturating_abs(),
        modes: Vec::new(),
        ammo: None,
        ranges: None,
        area: None,
        shock: false,
    }))
}

/// The sum of a gear value's modifier fields (`armorPenetrationMorphMod`…).
fn prefixed_mods(item: &Field, value: &str) -> Result<i64, ImportError> {
    let keys: Vec<String> = MODS.iter().map(|m| format!("{value}{m}")).collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    item.sum(&keys)
}

/// "2d10 + 2" → 2d10+2; "1d10 + 2 + (SOM/10)" → 1d10+2 (our rules add SOM ÷ 10 in melee); "1d10÷2" → 1d10/2.
fn damage(raw: &str) -> Option<DamageDice> {
    let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
    let plain = squeezed.replace("(som/10)", "").replace("som/10", "").replace('÷', "/");
    let plain = plain.trim_end_matches('+').replace("++", "+");
    plain.parse().ok()
}

/// The skill a weapon of `kind` is used with.
fn skill(kind: &str, lower: &str) -> Skill {
    match kind {
        "WEG" => Skill::BeamWeapons,
        "WSG" => Skill::SprayWeapons,
        "WXG" => Skill::ThrownWeapons,
        "WMG" if ["unarmed", "claw", "fist", "knuckle"].iter().any(|w| lower.contains(w)) => Skill::UnarmedCombat,
        "WMG" if class(kind, lower) == "club" => Skill::Clubs,
        "WMG" => Skill::Blades,
        _ => Skill::KineticWeapons,
    }
}

/// The catalogue item whose modes, rounds and ranges a weapon of `kind` named `lower` takes.
fn class(kind: &str, lower: &str) -> &'static str {
    let of_kind = CLASSES.iter().filter(|(k, ..)| *k == kind);
    let mut matching = of_kind.filter(|(_, words, _)| words.iter().any(|w| lower.contains(w)));
    matching.next().map_or("medium_pistol", |(.., id)| id)
}

/// A weapon as one line: "2d10+8, AP −6, against Kinetic armor, Kinetic Weapons, SA/BF/FA, 40 rounds, ranges …".
fn summary(w: &Weapon) -> String {
    let mut parts = vec![w.damage.to_string()];
    if w.ap != 0 {
        parts.push(format!("AP {}", w.ap).replace('-', "−"));
    }
    parts.push(format!("against {:?} armor", w.armor));
    parts.push(w.skill.name().to_owned());
    parts.extend(made::modes_text(&w.modes));
    parts.extend(made::rounds_and_ranges(w.ammo, w.ranges));
    parts.extend(w.area.map(|a| format!("{a:?}")));
    parts.join(", ")
}

/// The role its token shows, from the weapon in hand.
fn role(w: &Weapon) -> &'static str {
    match w.skill {
        Skill::Blades | Skill::Clubs | Skill::UnarmedCombat => "brawler",
        Skill::SprayWeapons | Skill::ThrownWeapons => "heavy",
        _ if w.ranges.is_some_and(|r| r[1] >= 400) => "sniper",
        _ if w.ranges.is_some_and(|r| r[1] <= 35) => "scout",
        _ => "rifleman",
    }
}

/// An item's armor (Energy/Kinetic with their modifiers), if it gives any; why not when a value is no number or
/// below 0 (armor our rules do not know).
fn armor_of(item: &Field, name: &str) -> Result<Option<Armor>, Unplayable> {
    let value = |key: &str| -> Result<u32, Unplayable> {
        let total = item.number(key)?.unwrap_or(0).saturating_add(prefixed_mods(item, key)?);
        u32::try_from(total)
            .map_err(|_| item.unplayable(format!("an armor value of {total}: armor our rules do not know")))
    };
    let (energy, kinetic) = (value("armorEnergy")?, value("armorKinetic")?);
    Ok((energy > 0 || kinetic > 0).then(|| Armor { name: name.to_owned(), energy, kinetic }))
}

/// The strongest piece of armor worn; the others said as left out (our sheet wears one; layers are not played).
fn wear(
    mut pieces: Vec<(Armor, Field)>,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    pieces.sort_by_key(|(a, _)| std::cmp::Reverse(a.energy.saturating_add(a.kinetic)));
    let mut pieces = pieces.into_iter();
    let Some((best, item)) = pieces.next() else { return Ok(()) };
    for (other, _) in pieces {
        let why = "our Eclipse Phase sheet wears one armor, the strongest (layers are not played)";
        report.left_out.push(format!("{} ({}/{}): {why}", other.name, other.energy, other.kinetic));
    }
    let values = |a: &Armor| (a.energy, a.kinetic);
    let found = made::find(catalogue.armors(), |a| &a.name, &best.name, |a| values(a) == values(&best));
    let summary = format!("Energy {} / Kinetic {}", best.energy, best.kinetic);
    made.carry(Kind::Armor, Piece { name: &best.name.clone(), found, item: &best, summary }, report, item.file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_reads_as_epcc_writes_it() {
        let d = |s: &str| damage(s).map(|d| d.to_string());
        assert_eq!(d("2d10 + 2").as_deref(), Some("2d10+2"));
        assert_eq!(d("2d10+8").as_deref(), Some("2d10+8"));
        assert_eq!(d("1d10 + 2 + (SOM/10)").as_deref(), Some("1d10+2"));
        assert_eq!(d("1d10 ÷ 2").as_deref(), Some("1d10/2"));
        assert_eq!(d("3d10").as_deref(), Some("3d10"));
        assert_eq!(d("Half"), None);
        assert_eq!(d("2d6+1"), None);
    }

    #[test]
    fn a_weapon_takes_its_classs_modes_by_the_words_of_its_name() {
        assert_eq!(class("WKG", "ferrous sniper rifle"), "sniper_rifle");
        assert_eq!(class("WKG", "vektor smg"), "smg");
        assert_eq!(class("WKG", "railgun heavy pistol"), "heavy_pistol");
        assert_eq!(class("WKG", "flechette pistol"), "medium_pistol");
        assert_eq!(class("WEG", "laser pulser"), "laser_pulser");
        assert_eq!(class("WXG", "plasma grenade"), "plasma_grenade");
        assert_eq!(class("WMG", "shock baton"), "club");
        assert_eq!(skill("WMG", "shock baton"), Skill::Clubs);
        assert_eq!(skill("WMG", "cyberclaws"), Skill::UnarmedCombat);
    }
}
