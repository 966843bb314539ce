//! One attack (file 004, Ranged Combat Summary and Combat Sequence): the attacker's pool with every modifier,
//! the defender's pool (Reaction, dodge, parry, block, full defense), the opposed test with grazing hits, and the
//! effects of glitches; then [`damage`](super::damage) for a hit.
//!
//! Our decisions where the seed is silent (docs/rules-decisions.md): an attack with no hits misses outright; an attacker's glitch
//! jams a firearm; a critical glitch leaves a melee attacker or a defender prone (a plain glitch on a defense or a
//! melee attack costs nothing more: a one-die pool glitches one time in six).

use super::damage::{DamageInputs, resolve_damage};
use super::modifiers::{CalledShot, Defense, RangeBand, Strike};
use super::pool::roll_pool;
use super::sheet::Skill;
use super::{Fighter, RulesError, Spray};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log, Modifier, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::Roller;
use crate::rules::mechanics::d6_pool::{Pool, PoolSpec};
use crate::rules::mechanics::fighter::Standing;

/// How an attack ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Miss,
    /// A tie: contact, no damage.
    Graze,
    Hit,
}

/// The range band of a ranged attack.
fn band_of(strike: &Strike<'_>) -> Result<RangeBand, RulesError> {
    let band = match (strike.situation.range, strike.weapon.ranges) {
        (Some(band), _) => band,
        (None, Some(ranges)) => RangeBand::of(strike.distance, ranges),
        (None, None) => RangeBand::Short,
    };
    match band {
        RangeBand::OutOfRange => Err(RulesError::Illegal(Refusal::OutOfRange { weapon: strike.weapon.name.clone() })),
        band => Ok(band),
    }
}

/// Resolves one attack.
pub fn resolve_strike(
    attacker: &mut Fighter,
    defender: &mut Fighter,
    strike: &Strike<'_>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Verdict, RulesError> {
    let melee = strike.weapon.is_melee();
    if melee && strike.distance > 1 + strike.weapon.reach {
        let (target, weapon) = (defender.name.clone(), strike.weapon.name.clone());
        return Err(RulesError::Illegal(Refusal::OutOfReach { target, weapon }));
    }
    let spec = attack_pool(attacker, defender, strike)?;
    let attack = roll_pool(spec, dice, log)?;
    let defense = defend(defender, strike, dice, log)?;
    let verdict = judge(&attack, &defense);
    let reason = match verdict {
        Verdict::Hit => format!("{} hits against {}", attack.hits, defense.hits),
        Verdict::Graze => format!("a grazing hit: {} hits each, contact but no damage", attack.hits),
        Verdict::Miss => format!("{} hits against {}", attack.hits, defense.hits),
    };
    let (a, d) = (attacker.id, Some(defender.id));
    let (hit, graze) = (verdict == Verdict::Hit, verdict == Verdict::Graze);
    log.push(Event::AttackResolved { attacker: a, defender: d, hit, graze, reason });
    glitch_effects(attacker, &attack, strike, true, log);
    glitch_effects(defender, &defense, strike, false, log);
    if verdict == Verdict::Hit {
        let inputs = DamageInputs { net_hits: attack.hits - defense.hits, strike };
        resolve_damage(attacker, defender, &inputs, dice, log)?;
    }
    Ok(verdict)
}

/// More hits than the defender hits; a tie with at least one hit grazes; no hits never hit.
pub fn judge(attack: &Pool, defense: &Pool) -> Verdict {
    match attack.hits.cmp(&defense.hits) {
        _ if attack.hits == 0 => Verdict::Miss,
        std::cmp::Ordering::Greater => Verdict::Hit,
        std::cmp::Ordering::Equal => Verdict::Graze,
        std::cmp::Ordering::Less => Verdict::Miss,
    }
}

/// Agility + skill (or Agility − 1 when defaulting) with every attack modifier.
pub(super) fn attack_pool<'a>(
    attacker: &'a Fighter,
    defender: &Fighter,
    strike: &Strike<'_>,
) -> Result<PoolSpec<'a>, RulesError> {
    let skill = strike.weapon.skill;
    let agility = attacker.sheet.attributes.agility.0 as i32;
    let (label, base, mut mods) = skill_pool("Agility", agility, attacker, skill);
    if strike.weapon.is_melee() {
        mods.extend(strike.situation.melee_attack(attacker.sheet.ambidextrous));
        let reach = strike.weapon.reach as i32 - defender.drawn_weapon().map_or(0, |w| w.reach) as i32;
        if reach > 0 {
            mods.push(Modifier::new("reach", "weapon", reach));
        }
    } else {
        ranged_modifiers(attacker, defender, strike, &mut mods)?;
    }
    if let Some(CalledShot::UnarmoredArea) = strike.situation.called_shot {
        let armor = defender.armor_rating(strike.weapon.armor)? as i32;
        mods.push(Modifier::new("called shot: unarmored area", "choice", -armor));
    }
    mods.extend(attacker.wound_modifier());
    mods.extend(attacker.encumbrance()?);
    Ok(PoolSpec { who: Roller::new(attacker.id, &attacker.name), label, base, modifiers: mods })
}

/// "Attribute N + Skill M", or the attribute alone at −1 when the skill is missing.
pub(super) fn skill_pool(attr_name: &str, attr: i32, who: &Fighter, skill: Skill) -> (String, i32, Vec<Modifier>) {
    match who.sheet.skill(skill) {
        Some(rating) => (format!("{attr_name} {attr} + {} {rating}", skill.name()), attr + rating as i32, Vec::new()),
        None => {
            let label = format!("{attr_name} {attr} (defaulting on {})", skill.name());
            (label, attr, vec![Modifier::new("defaulting", "skill", -1)])
        }
    }
}

fn ranged_modifiers(
    attacker: &Fighter,
    defender: &Fighter,
    strike: &Strike<'_>,
    mods: &mut Vec<Modifier>,
) -> Result<(), RulesError> {
    let band = band_of(strike)?;
    mods.extend(strike.situation.ranged_attack(band, attacker.sheet.ambidextrous));
    let c = &attacker.condition;
    if attacker.sheet.smartlink && strike.weapon.smartgun {
        mods.push(Modifier::new("smartlink", "gear", 2));
    } else if strike.weapon.laser_sight {
        mods.push(Modifier::new("laser sight", "gear", 1));
    }
    if c.aim > 0 {
        mods.push(Modifier::new("aimed shot", "aim", c.aim as i32));
    }
    recoil(attacker, strike, mods);
    if strike.situation.tracer && strike.mode.tracer_bonus() > 0 {
        mods.push(Modifier::new("trace rounds", "ammunition", strike.mode.tracer_bonus()));
    }
    let others = c.targets_this_phase.iter().filter(|t| **t != defender.id).count() as i32;
    if others > 0 {
        mods.push(Modifier::new("multiple targets", "choice", -2 * others));
    }
    Ok(())
}

/// Recoil: the mode's recoil for this shot of the phase less compensation; a heavy weapon doubles what is left
/// (file 004: "Heavy weapon (2 * uncompensated recoil)"); gyro stabilization soaks what is left, then the running
/// modifier.
fn recoil(attacker: &Fighter, strike: &Strike<'_>, mods: &mut Vec<Modifier>) {
    let raw = strike.mode.recoil(attacker.condition.shots_this_phase);
    let uncompensated = (raw - strike.weapon.recoil_compensation as i32).max(0);
    let compensated = uncompensated * if strike.weapon.heavy { 2 } else { 1 };
    let gyro = attacker.sheet.gyro as i32;
    let left = (compensated - gyro).max(0);
    if left > 0 {
        mods.push(Modifier::new("recoil", "firing mode", -left));
    }
    let spare = gyro - (compensated - left);
    if strike.situation.attacker_running && spare > 0 {
        mods.push(Modifier::new("gyro stabilization", "gear", spare.min(2)));
    }
}

/// The defender's pool, or an empty roll when it cannot defend (out of the fight, unaware, surprised).
fn defend(defender: &mut Fighter, strike: &Strike<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<Pool, RulesError> {
    if !can_defend(defender, strike) {
        return Ok(Pool::default());
    }
    let choice = defense_choice(defender, strike);
    if choice.is_full() && defender.condition.full_defense.is_none() {
        defender.condition.full_defense = Some(choice);
        defender.condition.full_defense_owed = true;
        let what = "goes on full defense (an interrupt: it spends its next Action Phase)".to_owned();
        log.push(Event::ActionTaken { who: defender.id, action: what });
    }
    let spec = defense_pool(defender, strike, choice)?;
    let pool = roll_pool(spec, dice, log)?;
    defender.condition.defenses += 1;
    Ok(pool)
}

/// Whether the defender rolls a defense at all (not out of the fight, unaware or surprised).
pub(super) fn can_defend(defender: &Fighter, strike: &Strike<'_>) -> bool {
    !(defender.condition.is_out() || strike.situation.defender_unaware || strike.surprised)
}

/// The defense chosen: a full defense already declared holds, else the situation's choice.
pub(super) fn defense_choice(defender: &Fighter, strike: &Strike<'_>) -> Defense {
    defender.condition.full_defense.unwrap_or(strike.situation.defense)
}

pub(super) fn defense_pool<'a>(
    defender: &'a Fighter,
    strike: &Strike<'_>,
    choice: Defense,
) -> Result<PoolSpec<'a>, RulesError> {
    let melee = strike.weapon.is_melee();
    let (label, base) = defense_base(defender, melee, choice)?;
    let wide = strike.mode.autofire().filter(|(_, s)| *s == Spray::Wide).map(|(v, _)| ("wide burst", -v));
    let mut mods = strike.situation.defense(!melee, wide);
    if defender.condition.has(&Status::Prone) {
        mods.push(Modifier::new("defender prone", "status", -2));
    }
    if defender.condition.defenses > 0 {
        let n = defender.condition.defenses as i32;
        mods.push(Modifier::new("earlier defenses since its last action", "condition", -n));
    }
    if melee {
        let reach = defender.drawn_weapon().map_or(0, |w| w.reach) as i32 - strike.weapon.reach as i32;
        if reach > 0 {
            mods.push(Modifier::new("reach", "weapon", reach));
        }
    }
    mods.extend(defender.wound_modifier());
    mods.extend(defender.encumbrance()?);
    Ok(PoolSpec { who: Roller::new(defender.id, &defender.name), label, base, modifiers: mods })
}

/// The base of a defense pool (file 004, Defense and Full Defense).
pub(super) fn defense_base(defender: &Fighter, melee: bool, choice: Defense) -> Result<(String, i32), RulesError> {
    let reaction = defender.sheet.attributes.reaction.0 as i32;
    let skill = |s: Skill| defender.sheet.skill(s).unwrap_or(0) as i32;
    let dodge = skill(Skill::Dodge);
    let weapon = defender.drawn_weapon()?;
    let parry = weapon.is_melee().then(|| skill(weapon.skill));
    let options: Vec<(String, i32)> = match (melee, choice) {
        (false, Defense::FullDodge) => {
            vec![(format!("Reaction {reaction} + Dodge {dodge} (full dodge)"), reaction + dodge)]
        }
        (_, Defense::GymnasticsDodge) => {
            let g = skill(Skill::Gymnastics);
            let base = if melee {
                best_melee(reaction, dodge, parry, skill(Skill::UnarmedCombat))
            } else {
                (format!("Reaction {reaction}"), reaction)
            };
            vec![(format!("{} + Gymnastics {g} (gymnastics dodge)", base.0), base.1 + g)]
        }
        (false, _) => vec![(format!("Reaction {reaction}"), reaction)],
        (true, Defense::Dodge) => vec![(format!("Reaction {reaction} + Dodge {dodge}"), reaction + dodge)],
        (true, Defense::Parry) => vec![parry_option(reaction, dodge, parry)],
        (true, Defense::Block) => {
            let u = skill(Skill::UnarmedCombat);
            vec![(format!("Reaction {reaction} + Unarmed Combat {u} (block)"), reaction + u)]
        }
        (true, Defense::Best) => vec![best_melee(reaction, dodge, parry, skill(Skill::UnarmedCombat))],
        (true, Defense::FullDodge) => melee_full_dodge(reaction, dodge, parry, skill(Skill::UnarmedCombat), ""),
        (true, Defense::FullParry) => match parry {
            Some(p) => vec![(format!("Reaction {reaction} + melee skill {p} × 2 (full parry)"), reaction + 2 * p)],
            None => {
                melee_full_dodge(reaction, dodge, None, skill(Skill::UnarmedCombat), ": no melee weapon to parry with")
            }
        },
    };
    Ok(options.into_iter().max_by_key(|(_, n)| *n).unwrap_or_default())
}

/// A full dodge against a melee attack (file 004: "Reaction + Dodge + Dodge or Reaction + melee combat skill +
/// Dodge"): the melee combat skill is the melee weapon's in hand (`parry`), or Unarmed Combat, which bare hands always
/// have (as a block does), so a defender holding a gun has it too. `why` ends the label.
fn melee_full_dodge(reaction: i32, dodge: i32, parry: Option<i32>, unarmed: i32, why: &str) -> Vec<(String, i32)> {
    let with = |name: &str, skill: i32| {
        (format!("Reaction {reaction} + {name} {skill} + Dodge {dodge} (full dodge{why})"), reaction + skill + dodge)
    };
    // In this order, so that of equal pools the weapon's skill names the dodge, then Dodge, then bare hands.
    let mut options = vec![with("Unarmed Combat", unarmed), with("Dodge", dodge)];
    options.extend(parry.map(|p| with("melee skill", p)));
    options
}

/// A parry, or a dodge when no melee weapon is in hand to parry with (our decision: the defender falls back to the
/// defense it has rather than the attack being refused).
fn parry_option(reaction: i32, dodge: i32, parry: Option<i32>) -> (String, i32) {
    match parry {
        Some(p) => (format!("Reaction {reaction} + melee skill {p} (parry)"), reaction + p),
        None => {
            (format!("Reaction {reaction} + Dodge {dodge} (dodge: no melee weapon to parry with)"), reaction + dodge)
        }
    }
}

/// The best of dodge, parry (with a melee weapon in hand) and block.
fn best_melee(reaction: i32, dodge: i32, parry: Option<i32>, unarmed: i32) -> (String, i32) {
    let mut options = vec![
        (format!("Reaction {reaction} + Dodge {dodge} (dodge)"), reaction + dodge),
        (format!("Reaction {reaction} + Unarmed Combat {unarmed} (block)"), reaction + unarmed),
    ];
    if let Some(p) = parry {
        options.push((format!("Reaction {reaction} + melee skill {p} (parry)"), reaction + p));
    }
    options.into_iter().max_by_key(|(_, n)| *n).unwrap_or_default()
}

/// Glitches (our decision; file 004 defines glitches but not their effect in combat): an attacker's glitch jams its
/// firearm; a critical glitch leaves a melee attacker or a defender prone. A plain glitch on a defense or a melee
/// attack costs nothing more.
pub(super) fn glitch_effects(who: &mut Fighter, pool: &Pool, strike: &Strike<'_>, attacking: bool, log: &mut Log) {
    let firearm = attacking && !strike.weapon.is_melee();
    if !pool.glitch || (!firearm && !pool.critical_glitch) {
        return;
    }
    let kind = if pool.critical_glitch { "critical glitch" } else { "glitch" };
    let status = match firearm {
        true => Status::WeaponJammed(strike.weapon_id.to_owned()),
        false => Status::Prone,
    };
    if !who.condition.has(&status) {
        who.condition.gain(status.clone());
        let reason = match &status {
            Status::WeaponJammed(_) => format!("the {} jammed on a {kind}", strike.weapon.name),
            _ => format!("a {kind}"),
        };
        log.push(Event::StatusGained { who: who.id, status, reason });
    }
}
