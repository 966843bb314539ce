//! A Foundry World of Darkness actor's weapons and armor, its embedded items. A weapon (`Melee Weapon`, `Ranged
//! Weapon`): the ability it attacks with (`attack.ability`), its damage (`damage.attribute` strength or none,
//! `damage.bonus`, `damage.type`), its difficulty and range; those equipped first, in hand. Armor (`Armor`, worn when
//! `isequipped`): its soak, one for every kind of damage in our rules (the lethal's), and its Dexterity penalty,
//! which our rules give when the wearer's Stamina is short of the armor's: the Stamina asked is the wearer's plus
//! the penalty, so the penalty is the file's. Our sheet wears one piece: the strongest.

use super::fields::Field;
use super::made::{self, Made, Piece};
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
        let Some(d) = data(item) else { continue };
        if equipped(&d) == Some(false) {
            report.left_out.push(format!("{name}: not worn"));
            continue;
        }
        let (piece, penalty) = armor(&d, name, sheet)?;
        worn.push((piece, penalty, item.clone()));
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

/// One weapon: the catalogue's when it has one of that name and those numbers, else made from the file.
fn weapon(
    item: &Field,
    ranged: bool,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    let name = item.text("name").unwrap_or("a weapon");
    let d = data(item).ok_or_else(|| item.error(format!("{name}: no `system` (the weapon's data)")))?;
    let attack = d.get("attack");
    let named = attack.as_ref().and_then(|a| a.text("ability")).unwrap_or_default().to_ascii_lowercase();
    let (ability, note) = ability(&named, ranged);
    let damage_field = d.need("damage", "the weapon's damage")?;
    let strength_based = damage_field.text("attribute").is_some_and(|a| a.eq_ignore_ascii_case("strength"));
    let bonus = damage_field.number("bonus")?.unwrap_or(0);
    let value = i32::try_from(bonus).map_err(|_| damage_field.error(format!("{name}: a damage bonus of {bonus}")))?;
    let raw_type = damage_field.text("type").unwrap_or("lethal").to_ascii_lowercase();
    let kind = match raw_type.as_str() {
        "bashing" => DamageType::Bashing,
        "lethal" | "" => DamageType::Lethal,
        "aggravated" => DamageType::Aggravated,
        other => return Err(damage_field.error(format!("{name}: `{other}` is not bashing, lethal or aggravated"))),
    };
    let difficulty = d.number("difficulty")?.unwrap_or(6);
    let difficulty = u32::try_from(difficulty)
        .ok()
        .filter(|n| (2..=10).contains(n))
        .ok_or_else(|| d.error(format!("{name}: a difficulty of {difficulty} (2 to 10)")))?;
    let range = if ranged { Some(range(&d, name, report)?) } else { None };
    let weapon = Weapon {
        name: name.to_owned(),
        ability,
        damage: BaseDamage { strength_based, value },
        kind,
        difficulty,
        strength: 0,
        range,
    };
    extras(&d, name, ranged, report)?;
    let numbers = |w: &Weapon| (w.damage, w.kind, w.difficulty, w.range);
    let found = made::find(catalogue.weapons(), |w| &w.name, name, |w| numbers(w) == numbers(&weapon));
    let summary = format!("{}{note}", summary(&weapon));
    made.role = made.role.or(Some(role(&weapon)));
    made.carry(Kind::Weapon, Piece { name, found, item: &weapon, summary }, report, item.file)
}

/// The ability a weapon attacks with, and a note when it is not the file's own.
fn ability(named: &str, ranged: bool) -> (Ability, String) {
    let default = if ranged { Ability::Firearms } else { Ability::Melee };
    match Ability::ALL.into_iter().find(|a| a.name().eq_ignore_ascii_case(named)) {
        Some(a) => (a, String::new()),
        None if named == "martialarts" => (Ability::Brawl, "; Martial Arts rolled as Brawl".to_owned()),
        None => (default, format!("; `{named}` is no ability we roll: {}", default.name())),
    }
}

/// A ranged weapon's range in meters; a pistol's when the file gives none.
fn range(d: &Field, name: &str, report: &mut Report) -> Result<u32, ImportError> {
    let given = d.number("range")?.unwrap_or(0);
    if given <= 0 {
        report.left_out.push(format!("{name}: no range in the file; {NO_RANGE} m, a pistol's"));
        return Ok(NO_RANGE);
    }
    u32::try_from(given).map_err(|_| d.error(format!("{name}: a range of {given}")))
}

/// What a weapon has that our rules do not play: accuracy dice, rate, clip and modes.
fn extras(d: &Field, name: &str, ranged: bool, report: &mut Report) -> Result<(), ImportError> {
    let accuracy = d.get("attack").map_or(Ok(None), |a| a.number("accuracy"))?.unwrap_or(0);
    if accuracy != 0 {
        report.left_out.push(format!("{name}: its accuracy {accuracy:+} dice (not in the seed's rules)"));
    }
    let rate = d.number("rate")?.unwrap_or(0);
    if ranged && rate > 1 {
        report.left_out.push(format!("{name}: its rate {rate} and modes: our rules fire one shot an action"));
    }
    Ok(())
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

/// A piece of armor: its soak (the lethal's; the file may give bashing and aggravated apart) and the Stamina that
/// makes our rules give the file's Dexterity penalty to this wearer.
fn armor(d: &Field, name: &str, sheet: &Sheet) -> Result<(Armor, u32), ImportError> {
    let soak_field = d.get("soak");
    let soak_of = |k: &str| soak_field.as_ref().map_or(Ok(None), |s| s.number(k));
    let soak = soak_of("lethal")?.or(soak_of("bashing")?).unwrap_or(0);
    let soak = u32::try_from(soak).map_err(|_| d.error(format!("{name}: a soak of {soak}")))?;
    let penalty = d.number("dexpenalty")?.unwrap_or(0).unsigned_abs();
    let penalty = u32::try_from(penalty).map_err(|_| d.error(format!("{name}: a Dexterity penalty of {penalty}")))?;
    let stamina = if penalty > 0 { sheet.attributes.stamina.0 + penalty } else { 0 };
    Ok((Armor { name: name.to_owned(), soak, stamina }, penalty))
}

/// The strongest armor worn (`stamina` the wearer's); the others said as left out (our sheet wears one).
fn wear(
    mut worn: Vec<(Armor, u32, Field)>,
    stamina: u32,
    catalogue: &Catalogue,
    made: &mut Made,
    report: &mut Report,
) -> Result<(), ImportError> {
    worn.sort_by_key(|(a, ..)| std::cmp::Reverse(a.soak));
    let mut worn = worn.into_iter();
    let Some((best, penalty, item)) = worn.next() else { return Ok(()) };
    for (other, ..) in worn {
        report.left_out.push(format!("{} (soak {}): our sheet wears one armor, the strongest", other.name, other.soak));
    }
    // The catalogue's piece is the same when it soaks as much and costs this wearer the same penalty.
    let found = made::find(
        catalogue.armors(),
        |a| &a.name,
        &best.name,
        |a| a.soak == best.soak && a.stamina.saturating_sub(stamina) == penalty,
    );
    let summary = match penalty {
        0 => format!("soak {}, no Dexterity penalty", best.soak),
        p => format!(
            "soak {}, Dexterity penalty −{p} (`dexpenalty`): our rules give it to a wearer short of the Stamina \
             asked, so it asks Stamina {} (this wearer's {} + {p})",
            best.soak,
            best.stamina,
            best.stamina - p
        ),
    };
    made.carry(Kind::Armor, Piece { name: &best.name.clone(), found, item: &best, summary }, report, item.file)
}
