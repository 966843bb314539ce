//! A Foundry World of Darkness actor's weapons and armor, its embedded items. A weapon (`Melee Weapon`, `Ranged
//! Weapon`): the ability it attacks with (`attack.ability`), its damage (`damage.attribute` strength or none,
//! `damage.bonus`, `damage.type`), its difficulty and range; those equipped first, in hand. Armor (`Armor`, worn when
//! `isequipped`): its soak and its Dexterity penalty, which our rules give when the wearer's Stamina is short of the
//! armor's: the Stamina asked is the wearer's plus the penalty, so the penalty is the file's. Foundry keeps a soak
//! for each kind of damage; our rules' armor has one for all three (file 001), the lethal's, and the report says
//! which was taken and what the others were. Our sheet wears one piece: the strongest. A weapon or a piece of armor
//! our rules cannot play as the file gives it is left out and said; the character is imported without it.

use super::fields::Field;
use super::made::{self, Made, Piece};
use super::unplayable::Unplayable;
use super::{ImportError, Report};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::storyteller::damage::DamageType;
use crate::rules::storyteller::gear::{Armor, BaseDamage, Catalogue, Weapon};
use crate::rules::storyteller::sheet::{Ability, Sheet};
use crate::scenario::gear_edit::Kind;

/// Foundry's item types of weapons and armor.
const MELEE: &str = "Melee Weapon";
const RANGED: &str = "Ranged Weapon";
const ARMOR: &str = "Armor";

/// A ranged weapon's range when the file gives none (a pistol's, as our catalogue has it).
const NO_RANGE: u32 = 20;

/// Whether an item type is one this file reads.
pub(super) fn is_gear(kind: &str) -> bool {
    [MELEE, RANGED, ARMOR].iter().any(|k| k.eq_ignore_ascii_case(kind))
}

/// The weapons (equipped first) and the strongest armor worn.
pub(super) fn gear(root: &Field, sheet: &Sheet, report: &mut Report) -> Result<Made, ImportError> {
    let catalogue = Catalogue::shipped().map_err(|e| root.error(e.to_string()))?;
    let mut made = Made::new(RulesetId::Storyteller);
    let items = root.items("items");
    let kind = |item: &Field, k: &str| item.text("type").is_some_and(|t| t.eq_ignore_ascii_case(k));
    let mut weapons: Vec<&Field> = items.iter().filter(|i| kind(i, MELEE) || kind(i, RANGED)).collect();
    weapons.sort_by_key(|i| !data(i).and_then(|d| equipped(&d)).unwrap_or(false));
    for item in weapons {
        weapon(item, kind(item, RANGED), catalogue, &mut made, report)?;
    }
    let mut worn = Vec::new();
    for item in items.iter().filter(|i| kind(i, ARMOR)) {
        let name = item.text("name").unwrap_or("a piece of armor");
        let d = data(item);
        if d.as_ref().and_then(equipped) == Some(false) {
            report.left_out.push(format!("{name}: not worn"));
            continue;
        }
        let read = d.ok_or_else(|| item.unplayable("no `system` (its data): armor we do not know"));
        match read.and_then(|d| armor(&d, name, sheet)) {
            Ok(worn_piece) => worn.push((worn_piece, item.clone())),
            Err(why) => report.leave_out(name, &why),
        }
    }
    wear(worn, sheet.attributes.stamina.0, catalogue, &mut made, report)?;
    Ok(made)
}

/// An item's data: `system`, or `data` in older exports.
fn data<'a>(item: &Field<'a>) -> Option<Field<'a>> {
    item.first(&["system", "data"])
}

/// Whether an item is equipped (`isequipped`; older exports `active`), if the file says.
fn equipped(data: &Field) -> Option<bool> {
    data.flag("isequipped").or_else(|| data.flag("active"))
}

/// One weapon: the catalogue's when it has one of that name and those numbers, else made from the file; left out
/// and said when our rules cannot play it as the file gives it.
fn weapon(
    item: &Field,
    ranged: bool,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    let name = item.text("name").unwrap_or("a weapon");
    let FromFile { weapon, note, left_out } = match from_file(item, name, ranged) {
        Ok(read) => read,
        Err(why) => {
            report.leave_out(name, &why);
            return Ok(());
        }
    };
    report.left_out.extend(left_out);
    let numbers = |w: &Weapon| (w.damage, w.kind, w.difficulty, w.range);
    let found = made::find(catalogue.weapons(), |w| &w.name, name, |w| numbers(w) == numbers(&weapon));
    let summary = format!("{}{note}", summary(&weapon));
    made.role = made.role.or(Some(role(&weapon)));
    made.carry(Kind::Weapon, Piece { name, found, item: &weapon, summary }, report, item.file)
}

/// A weapon as the file gives it, a note on its ability when it is not the file's own, and what of it the report
/// says is left out (accuracy, rate, a range not given).
struct FromFile {
    weapon: Weapon,
    note: String,
    left_out: Vec<String>,
}

/// The weapon of `item` as the file gives it; why not when our rules cannot play it (no data, a kind of damage we
/// do not have, a difficulty past 2–10, a number that is none).
fn from_file(item: &Field, name: &str, ranged: bool) -> Result<FromFile, Unplayable> {
    let d = data(item).ok_or_else(|| item.unplayable("no `system` (the weapon's data)"))?;
    let attack = d.get("attack");
    let named = attack.as_ref().and_then(|a| a.text("ability")).unwrap_or_default().to_ascii_lowercase();
    let (ability, note) = ability(&named, ranged);
    let damage_field = d.get("damage").ok_or_else(|| d.unplayable("no `damage`"))?;
    let strength_based = damage_field.text("attribute").is_some_and(|a| a.eq_ignore_ascii_case("strength"));
    let bonus = damage_field.number("bonus")?.unwrap_or(0);
    let value = i32::try_from(bonus).map_err(|_| damage_field.unplayable(format!("a damage bonus of {bonus}")))?;
    let raw_type = damage_field.text("type").unwrap_or("lethal").to_ascii_lowercase();
    let kind = match raw_type.as_str() {
        "bashing" => DamageType::Bashing,
        "lethal" | "" => DamageType::Lethal,
        "aggravated" => DamageType::Aggravated,
        other => {
            return Err(
                damage_field.unplayable(format!("`{other}` damage: our rules have bashing, lethal and aggravated"))
            );
        }
    };
    let difficulty = d.number("difficulty")?.unwrap_or(6);
    let difficulty = u32::try_from(difficulty)
        .ok()
        .filter(|n| (2..=10).contains(n))
        .ok_or_else(|| d.unplayable(format!("a difficulty of {difficulty}: our rules roll against 2 to 10")))?;
    let mut left_out = Vec::new();
    let range = if ranged { Some(range(&d, name, &mut left_out)?) } else { None };
    left_out.extend(extras(&d, name, ranged)?);
    let weapon = Weapon {
        name: name.to_owned(),
        ability,
        damage: BaseDamage { strength_based, value },
        kind,
        difficulty,
        strength: 0,
        range,
    };
    Ok(FromFile { weapon, note, left_out })
}

/// The ability a weapon attacks with, and a note when it is not the file's own.
fn ability(named: &str, ranged: bool) -> (Ability, String) {
    let default = if ranged { Ability::Firearms } else { Ability::Melee };
    match Ability::ALL.into_iter().find(|a| a.name().eq_ignore_ascii_case(named)) {
        Some(a) => (a, String::new()),
        None if named == "martialarts" => (Ability::Brawl, "; Martial Arts rolled as Brawl".to_owned()),
        // File 001: a ranged attack is Athletics or Firearms; a bow or a thrown weapon is no firearm (the catalogue's are
        // Athletics's).
        None if ranged && matches!(named, "archery" | "throwing") => (
            Ability::Athletics,
            format!("; `{named}` rolled as Athletics, as the catalogue's bows and thrown weapons are (file 001)"),
        ),
        None => (default, format!("; `{named}` is no ability we roll: {}", default.name())),
    }
}

/// A ranged weapon's range in meters; a pistol's when the file gives none (said in `left_out`).
fn range(d: &Field, name: &str, left_out: &mut Vec<String>) -> Result<u32, Unplayable> {
    let given = d.number("range")?.unwrap_or(0);
    if given <= 0 {
        left_out.push(format!("{name}: no range in the file; {NO_RANGE} m, a pistol's"));
        return Ok(NO_RANGE);
    }
    u32::try_from(given).map_err(|_| d.unplayable(format!("a range of {given}")))
}

/// What a weapon has that our rules do not play, as the report says it: accuracy dice, rate, clip and modes.
fn extras(d: &Field, name: &str, ranged: bool) -> Result<Vec<String>, Unplayable> {
    let mut left_out = Vec::new();
    let accuracy = d.get("attack").map_or(Ok(None), |a| a.number("accuracy"))?.unwrap_or(0);
    if accuracy != 0 {
        left_out.push(format!("{name}: its accuracy {accuracy:+} dice (not in the seed's rules)"));
    }
    let rate = d.number("rate")?.unwrap_or(0);
    if ranged && rate > 1 {
        left_out.push(format!("{name}: its rate {rate} and modes: our rules fire one shot an action"));
    }
    Ok(left_out)
}

/// A weapon as one line: "Strength+2 lethal, Melee, difficulty 6" or "5 lethal, Firearms, range 30 m".
fn summary(w: &Weapon) -> String {
    let range = w.range.map(|r| format!(", range {r} m")).unwrap_or_default();
    let kind = format!("{:?}", w.kind).to_lowercase();
    format!("{} {kind}, {}, difficulty {}{range}", w.damage, w.ability.name(), w.difficulty)
}

/// The role its token shows, from the weapon in hand.
fn role(w: &Weapon) -> &'static str {
    match w.range {
        None => "brawler",
        Some(r) if r >= 150 => "sniper",
        Some(r) if r <= 30 => "scout",
        _ => "rifleman",
    }
}

/// A piece of armor worn as our rules wear it: the piece, the Dexterity penalty the file gives it, and what the
/// report says of its soak.
struct Worn {
    piece: Armor,
    penalty: u32,
    soak_note: String,
}

/// The kinds of damage Foundry keeps an armor's soak for, the one our armor takes first.
const SOAK_KINDS: [&str; 3] = ["lethal", "bashing", "aggravated"];

/// A piece of armor: its soak, and the Stamina that makes our rules give the file's Dexterity penalty to this
/// wearer. Why not, when a value is no number or out of range: armor we do not know.
fn armor(d: &Field, name: &str, sheet: &Sheet) -> Result<Worn, Unplayable> {
    let (soak, soak_note) = soak(d)?;
    let penalty = d.number("dexpenalty")?.unwrap_or(0).unsigned_abs();
    let penalty = u32::try_from(penalty).map_err(|_| d.unplayable(format!("a Dexterity penalty of {penalty}")))?;
    let stamina = if penalty > 0 { sheet.attributes.stamina.0.saturating_add(penalty) } else { 0 };
    Ok(Worn { piece: Armor { name: name.to_owned(), soak, stamina }, penalty, soak_note })
}

/// The armor's one soak, for every kind of damage as our rules (file 001) give it: the file's lethal soak (else its
/// bashing, else its aggravated), and the report's note of which was taken and what the other kinds had. A soak
/// given as one number is that number.
fn soak(d: &Field) -> Result<(u32, String), Unplayable> {
    let Some(field) = d.get("soak") else { return Ok((0, String::new())) };
    let soak_of = |n: i64| u32::try_from(n).map_err(|_| field.unplayable(format!("a soak of {n}")));
    if field.value.is_number() || field.value.is_string() {
        return Ok((soak_of(field.as_number()?.unwrap_or(0))?, String::new()));
    }
    let mut given = Vec::new();
    for kind in SOAK_KINDS {
        if let Some(n) = field.number(kind)? {
            given.push((kind, soak_of(n)?));
        }
    }
    let Some(&(taken, soak)) = given.first() else { return Ok((0, String::new())) };
    let others: Vec<String> = given.iter().filter(|(_, n)| *n != soak).map(|(k, n)| format!("{k} {n}")).collect();
    let apart = match others.is_empty() {
        true => String::new(),
        false => format!("; the file's {} not kept", others.join(", ")),
    };
    let note = format!(
        "; its {taken} soak (`soak.{taken}`) for every kind of damage, as our rules' armor has one (file 001){apart}"
    );
    Ok((soak, note))
}

/// The strongest armor worn (`stamina` the wearer's); the others said as left out (our sheet wears one).
fn wear(
    mut worn: Vec<(Worn, Field)>,
    stamina: u32,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    worn.sort_by_key(|(w, _)| std::cmp::Reverse(w.piece.soak));
    let mut worn = worn.into_iter();
    let Some((Worn { piece: best, penalty, soak_note }, item)) = worn.next() else { return Ok(()) };
    for (other, _) in worn {
        let (name, soak) = (&other.piece.name, other.piece.soak);
        report.left_out.push(format!("{name} (soak {soak}): our sheet wears one armor, the strongest"));
    }
    // The catalogue's piece is the same when it soaks as much and costs this wearer the same penalty.
    let found = made::find(
        catalogue.armors(),
        |a| &a.name,
        &best.name,
        |a| a.soak == best.soak && a.stamina.saturating_sub(stamina) == penalty,
    );
    let summary = match penalty {
        0 => format!("soak {}, no Dexterity penalty{soak_note}", best.soak),
        p => format!(
            "soak {}, Dexterity penalty −{p} (`dexpenalty`): our rules give it to a wearer short of the Stamina \
             asked, so it asks Stamina {} (this wearer's {} + {p}){soak_note}",
            best.soak,
            best.stamina,
            best.stamina - p
        ),
    };
    made.carry(Kind::Armor, Piece { name: &best.name.clone(), found, item: &best, summary }, report, item.file)
}
