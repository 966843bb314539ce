//! What a hit does (file 000 steps 6–8; rules.md §1): the damage value roll, armor and AP, damage, wounds, the
//! SOM × 3 knockdown and unconsciousness tests, durability and death rating, and shock weapons.

use super::gear::{AreaEffect, ArmorType, Weapon};
use super::modifiers::RangeBand;
use super::test::{TestSpec, roll_test};
use super::{Fighter, FiringMode, ModeBonus, Options, RulesError, wound_modifier};
use crate::rules::dice::Dice;
use crate::rules::outcome::{Event, Log, Status, Term};

/// What feeds the damage value besides the weapon.
pub struct DvInputs {
    pub mode: FiringMode,
    pub band: RangeBand,
    /// The excellent-success bonus of the attack test (0, 5 or 10).
    pub excellent: i32,
    /// The attacker's SOM, for melee damage.
    pub som: u32,
}

/// Rolls a weapon's damage value and logs every term: weapon dice (halved where the weapon says), firing-mode
/// and cone dice, the fixed part, melee ⌊SOM ÷ 10⌋ and the excellent-success bonus.
pub fn roll_dv(
    who: &str,
    weapon: &Weapon,
    inputs: &DvInputs,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<i32, RulesError> {
    let purpose = format!("{who}: {} damage", weapon.name);
    let mut terms = Vec::new();
    let faces = dice.roll_many(weapon.damage.dice, 10, &purpose)?;
    let sum: u32 = faces.iter().sum();
    let (label, value) = match weapon.damage.halve {
        // Halved damage rounds up, so a hit that rolls 1 still does 1 (our decision; the seed's 8 ÷ 2 = 4 agrees).
        true => (format!("{}d10 ÷ 2", weapon.damage.dice), sum.div_ceil(2)),
        false => (format!("{}d10", weapon.damage.dice), sum),
    };
    terms.push(Term::dice(label, faces, value as i32));
    extra_dice(who, weapon, inputs, dice, &mut terms)?;
    if weapon.damage.bonus != 0 {
        terms.push(Term::fixed(format!("{} fixed", weapon.name), weapon.damage.bonus));
    }
    if weapon.skill.is_melee() && inputs.som >= 10 {
        terms.push(Term::fixed("melee SOM ÷ 10", (inputs.som / 10) as i32));
    }
    if inputs.excellent > 0 {
        terms.push(Term::fixed("excellent success", inputs.excellent));
    }
    let total = terms.iter().map(|t| t.value).sum::<i32>().max(0);
    log.push(Event::Calculated { who: who.to_owned(), label: "damage value".into(), terms, total });
    Ok(total)
}

/// Firing-mode and cone dice: burst +1d10, full auto +3d10 (when chosen for damage), cone +1d10 at point-blank
/// and short range (the seed's shredder), −1d10 at long and extreme range.
fn extra_dice(
    who: &str,
    weapon: &Weapon,
    inputs: &DvInputs,
    dice: &mut dyn Dice,
    terms: &mut Vec<Term>,
) -> Result<(), RulesError> {
    let mut add = |count: u32, label: &str, sign: i32| -> Result<(), RulesError> {
        let faces = dice.roll_many(count, 10, &format!("{who}: {label}"))?;
        let value = sign * faces.iter().sum::<u32>() as i32;
        terms.push(Term::dice(label, faces, value));
        Ok(())
    };
    match inputs.mode {
        FiringMode::Burst(ModeBonus::Damage) => add(1, "burst fire +1d10", 1)?,
        FiringMode::FullAuto(ModeBonus::Damage) => add(3, "full auto +3d10", 1)?,
        _ => {}
    }
    if weapon.area == Some(AreaEffect::Cone) {
        match inputs.band {
            RangeBand::PointBlank | RangeBand::Short => add(1, "cone at short range +1d10", 1)?,
            RangeBand::Long | RangeBand::Extreme => add(1, "cone at long range −1d10", -1)?,
            _ => {}
        }
    }
    Ok(())
}

/// What one hit did to its target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitResult {
    pub damage: u32,
    pub wounds: u32,
}

/// Applies a hit of `dv` to the defender: armor (unless armor-defeating), damage, wounds and their tests,
/// durability, and the shock test of a shock weapon.
pub fn apply_hit(
    opts: &Options,
    defender: &mut Fighter,
    weapon: &Weapon,
    dv: i32,
    armor_defeating: bool,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<HitResult, RulesError> {
    let armor = effective_armor(defender, weapon, armor_defeating, log)?;
    let damage = (dv - armor).max(0) as u32;
    let terms = vec![Term::fixed("damage value", dv), Term::fixed("armor", -armor)];
    let total = damage as i32;
    log.push(Event::Calculated { who: defender.name.clone(), label: "damage".into(), terms, total });
    let wounds = take_damage(defender, damage, log);
    if wounds > 0 && !defender.condition.is_out() {
        wound_tests(opts, defender, wounds, dice, log)?;
    }
    if weapon.shock && !defender.condition.is_out() {
        shock_test(opts, defender, dice, log)?;
    }
    Ok(HitResult { damage, wounds })
}

/// The defender's armor against this weapon, less |AP|, never below 0; nothing when armor-defeating.
fn effective_armor(
    defender: &Fighter,
    weapon: &Weapon,
    armor_defeating: bool,
    log: &mut Log,
) -> Result<i32, RulesError> {
    let Some(armor) = &defender.sheet.armor else {
        return Ok(0);
    };
    let armor = armor.armor()?;
    let av = armor.value(weapon.armor) as i32;
    let kind = match weapon.armor {
        ArmorType::Energy => "energy",
        ArmorType::Kinetic => "kinetic",
    };
    let mut terms = vec![Term::fixed(format!("{} {kind}", armor.name), av)];
    let total = if armor_defeating {
        terms.push(Term::fixed("critical hit: armor-defeating", -av));
        0
    } else {
        terms.push(Term::fixed(format!("{} AP", weapon.name), weapon.ap.min(0)));
        (av + weapon.ap.min(0)).max(0)
    };
    log.push(Event::Calculated { who: defender.name.clone(), label: "armor".into(), terms, total });
    Ok(total)
}

/// Adds damage and wounds (⌊damage ÷ WT⌋) and checks durability and death rating. Returns the new wounds.
pub fn take_damage(defender: &mut Fighter, damage: u32, log: &mut Log) -> u32 {
    let who = defender.name.clone();
    let (dur, death) = (defender.sheet.durability, defender.sheet.death_rating());
    let c = &mut defender.condition;
    c.damage += damage;
    let total = c.damage as i32;
    let (track, capacity) = ("damage".to_owned(), dur as i32);
    log.push(Event::DamageTaken { who: who.clone(), track, amount: damage as i32, total, capacity });
    let threshold = defender.sheet.wound_threshold();
    let wounds = damage / threshold;
    if wounds > 0 {
        c.wounds += wounds;
        log.push(Event::WoundsTaken { who: who.clone(), wounds, total: c.wounds, threshold });
    }
    if c.damage >= death && !c.has(&Status::Dead) {
        let reason = format!("damage {} reached the death rating {death}", c.damage);
        c.gain(Status::Dead);
        log.push(Event::StatusGained { who, status: Status::Dead, reason });
    } else if c.damage >= dur && !c.has(&Status::Incapacitated) {
        let reason = format!("damage {} reached durability {dur}", c.damage);
        c.gain(Status::Incapacitated);
        log.push(Event::StatusGained { who, status: Status::Incapacitated, reason });
    }
    wounds
}

/// Any wound: a SOM × 3 test or fall prone. Two or more from one attack: a second one or fall unconscious. Both
/// suffer the wound modifiers (the seed: 90 − 20 = 70).
fn wound_tests(
    opts: &Options,
    defender: &mut Fighter,
    wounds: u32,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let base = (defender.sheet.aptitudes.som.0 * 3) as i32;
    let mut tests = vec![("SOM × 3 to stay standing", Status::Prone)];
    if wounds >= 2 {
        tests.push(("SOM × 3 to stay conscious", Status::Unconscious));
    }
    for (label, status) in tests {
        let modifiers = wound_modifier(defender.condition.wounds).into_iter().collect();
        let spec = TestSpec { who: &defender.name, label: label.into(), base, modifiers };
        if !roll_test(spec, opts.mos_rule, dice, log)?.success {
            defender.condition.gain(status.clone());
            let reason = format!("failed the {label} test");
            log.push(Event::StatusGained { who: defender.name.clone(), status, reason });
        }
    }
    Ok(())
}

/// A shock weapon's hit: DUR + Energy armor, or stunned for ⌈MoF ÷ 10⌉ Action Turns (the seed: MoF 30 → 3).
fn shock_test(opts: &Options, defender: &mut Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
    let energy = match &defender.sheet.armor {
        Some(a) => a.armor()?.energy,
        None => 0,
    };
    let base = (defender.sheet.durability + energy) as i32;
    let modifiers = wound_modifier(defender.condition.wounds).into_iter().collect();
    let spec = TestSpec { who: &defender.name, label: "DUR + Energy armor (shock)".into(), base, modifiers };
    let test = roll_test(spec, opts.mos_rule, dice, log)?;
    if !test.success {
        let turns = (test.margin.max(1) as u32).div_ceil(10);
        defender.condition.gain(Status::Stunned(turns));
        let reason = format!("failed the shock test by {}", test.margin);
        log.push(Event::StatusGained { who: defender.name.clone(), status: Status::Stunned(turns), reason });
    }
    Ok(())
}
