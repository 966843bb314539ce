//! What a hit does (file 004, Compare Armor, Damage Resistance Test, Apply Damage; rules.md §2): modified DV,
//! modified armor, stun conversion, the damage resistance test, both condition monitors with overflow,
//! unconsciousness, death and knockdown.

use super::gear::{DamageKind, Weapon};
use super::modifiers::CalledShot;
use super::modifiers::Strike;
use super::pool::roll_pool;
use super::{Fighter, RulesError, Spray};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log, Status, Term};
use crate::rules::engine::ruleset::FighterState;
use crate::rules::engine::ruleset::{CombatantId, Roller};
use crate::rules::mechanics::d6_pool::PoolSpec;

/// What the damage step needs from the attack.
pub struct DamageInputs<'a> {
    pub net_hits: u32,
    pub strike: &'a Strike<'a>,
}

/// The weapon's DV: fixed, or ⌈Strength ÷ 2⌉ plus the bonus for melee weapons.
pub fn base_dv(attacker: &Fighter, weapon: &Weapon) -> Term {
    let d = weapon.damage;
    match d.strength_based {
        true => {
            let half = attacker.sheet.attributes.strength.0.div_ceil(2) as i32;
            Term::fixed(format!("{} (Strength ÷ 2 = {half}, {:+})", weapon.name, d.value), half + d.value)
        }
        false => Term::fixed(weapon.name.clone(), d.value),
    }
}

/// Applies a hit: DV, armor, stun conversion, resistance, the monitors, knockdown and disarming.
pub fn resolve_damage(
    attacker: &Fighter,
    defender: &mut Fighter,
    inputs: &DamageInputs<'_>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let strike = inputs.strike;
    let (dv, armor, kind) = what_hits(attacker, defender, inputs, log)?;
    let resisted = roll_pool(resistance_pool(defender, armor), dice, log)?.hits as i32;
    let damage = (dv - resisted).max(0) as u32;
    let terms = vec![Term::fixed("modified DV", dv), Term::fixed("resisted", -resisted)];
    log.push(Event::Calculated { who: defender.id, label: "damage".into(), terms, total: damage as i32 });
    if damage > 0 {
        take_damage(defender, kind, damage, log);
    }
    if let Some(CalledShot::KnockOutOfGrasp) = strike.situation.called_shot {
        knock_out_of_grasp(defender, dv, log);
    }
    Ok(())
}

/// What reaches the defender: the modified DV, the modified armor, and the kind of damage after stun conversion.
pub(super) fn what_hits(
    attacker: &Fighter,
    defender: &Fighter,
    inputs: &DamageInputs<'_>,
    log: &mut Log,
) -> Result<(i32, i32, DamageKind), RulesError> {
    let (dv, autofire) = modified_dv(attacker, inputs, log);
    let armor = modified_armor(defender, inputs.strike, log)?;
    Ok((dv, armor, damage_kind(defender, inputs.strike.weapon, dv - autofire, armor, log)))
}

/// The damage resistance test: Body + modified armor (wound modifiers do not apply).
pub(super) fn resistance_pool(defender: &Fighter, armor: i32) -> PoolSpec<'_> {
    let body = defender.sheet.attributes.body.0 as i32;
    PoolSpec {
        who: Roller::new(defender.id, &defender.name),
        label: format!("Body {body} + armor {armor} (damage resistance)"),
        base: body + armor,
        modifiers: Vec::new(),
    }
}

/// DV + net hits + narrow autofire + a vital-area called shot. Returns the DV and its autofire part.
fn modified_dv(attacker: &Fighter, inputs: &DamageInputs<'_>, log: &mut Log) -> (i32, i32) {
    let strike = inputs.strike;
    let mut terms = vec![base_dv(attacker, strike.weapon), Term::fixed("net hits", inputs.net_hits as i32)];
    let autofire = match strike.mode.autofire() {
        Some((bonus, Spray::Narrow)) => bonus,
        _ => 0,
    };
    if autofire > 0 {
        terms.push(Term::fixed(format!("{}", strike.mode), autofire));
    }
    if let Some(CalledShot::VitalArea(n)) = strike.situation.called_shot {
        terms.push(Term::fixed("called shot: vital area", n as i32));
    }
    let total = terms.iter().map(|t| t.value).sum();
    log.push(Event::Calculated { who: attacker.id, label: "modified DV".into(), terms, total });
    (total, autofire)
}

/// Ballistic or Impact armor (halved for "AP −half" weapons) + AP, never below 0; none for a called shot at an
/// unarmored area.
fn modified_armor(defender: &Fighter, strike: &Strike<'_>, log: &mut Log) -> Result<i32, RulesError> {
    let weapon = strike.weapon;
    let rating = defender.armor_rating(weapon.armor)? as i32;
    let mut terms = vec![Term::fixed(format!("{:?} armor", weapon.armor), rating)];
    if let Some(CalledShot::UnarmoredArea) = strike.situation.called_shot {
        terms.push(Term::fixed("called shot: unarmored area", -rating));
    } else {
        if weapon.halves_armor {
            terms.push(Term::fixed("AP −half", -(rating - rating / 2)));
        }
        if weapon.ap != 0 {
            terms.push(Term::fixed("AP", weapon.ap));
        }
    }
    let total = terms.iter().map(|t| t.value).sum::<i32>().max(0);
    log.push(Event::Calculated { who: defender.id, label: "modified armor".into(), terms, total });
    Ok(total)
}

/// Physical damage whose DV (without autofire) does not exceed the modified armor becomes Stun.
fn damage_kind(defender: &Fighter, weapon: &Weapon, dv_without_autofire: i32, armor: i32, log: &mut Log) -> DamageKind {
    if weapon.damage.kind == DamageKind::Physical && dv_without_autofire <= armor {
        let terms = vec![Term::fixed("modified DV without autofire", dv_without_autofire), Term::fixed("armor", armor)];
        let label = "stun conversion: DV does not exceed armor, so the damage is Stun".to_owned();
        log.push(Event::Calculated { who: defender.id, label, terms, total: dv_without_autofire - armor });
        return DamageKind::Stun;
    }
    weapon.damage.kind
}

/// Marks boxes: Stun overflows into Physical; a full monitor knocks out; Physical overflow beyond Body kills;
/// more damage than Body (or 10+) in one hit knocks down.
pub fn take_damage(defender: &mut Fighter, kind: DamageKind, boxes: u32, log: &mut Log) {
    let (stun_max, phys_max) = (defender.sheet.stun_boxes(), defender.sheet.physical_boxes());
    let body = defender.sheet.attributes.body.0;
    let who = defender.id;
    let c = &mut defender.condition;
    let mut physical = 0;
    if kind == DamageKind::Stun {
        let before = c.stun;
        c.stun = (c.stun + boxes).min(stun_max);
        log_boxes(log, who, "Stun", c.stun - before, c.stun, stun_max);
        physical = boxes - (c.stun - before);
    }
    if kind == DamageKind::Physical {
        physical = boxes;
    }
    if physical > 0 {
        c.physical += physical;
        let track = if kind == DamageKind::Stun { "Physical (stun overflow)" } else { "Physical" };
        log_boxes(log, who, track, physical, c.physical, phys_max);
    }
    let mut gained = Vec::new();
    if c.physical > phys_max + body {
        gained.push((Status::Dead, format!("Physical damage overflowed its monitor by more than Body {body}")));
    } else if c.physical >= phys_max || c.stun >= stun_max {
        gained.push((Status::Unconscious, "a condition monitor is full".to_owned()));
    }
    if boxes > body || boxes >= 10 {
        gained.push((Status::Prone, format!("knocked down: {boxes} damage in one hit against Body {body}")));
    }
    gained.retain(|(s, _)| !c.has(s));
    for (status, reason) in gained {
        c.gain(status.clone());
        log.push(Event::StatusGained { who, status, reason });
    }
}

fn log_boxes(log: &mut Log, who: CombatantId, track: &str, amount: u32, total: u32, capacity: u32) {
    let (track, amount, total, capacity) = (track.to_owned(), amount as i32, total as i32, capacity as i32);
    log.push(Event::DamageTaken { who, track, amount, total, capacity });
}

/// A called shot to knock something out of grasp: when the modified DV exceeds the target's Strength.
pub(super) fn knock_out_of_grasp(defender: &mut Fighter, dv: i32, log: &mut Log) {
    let strength = defender.sheet.attributes.strength.0 as i32;
    if dv > strength && defender.drawn_id() != "unarmed" {
        let what = format!(
            "loses its grip on the {} (DV {dv} beats Strength {strength})",
            FighterState::weapon_name(defender)
        );
        defender.condition.drawn = Some(super::gear::WeaponRef::new("unarmed"));
        log.push(Event::ActionTaken { who: defender.id, action: what });
    }
}
