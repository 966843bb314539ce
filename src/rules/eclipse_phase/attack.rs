//! One attack (file 000 steps 1–5, file 003): the attacker's modified skill, the defender's Fray (halved against
//! ranged attacks) or melee skill, the opposed test, armor-defeating criticals and weapon malfunctions; then
//! [`damage`](super::damage) for a hit. Also blast and uniform-blast attacks, which roll once for every target. A
//! shot and a blast take their modifiers from one function, [`attack_modifiers`].

use super::damage::{DvInputs, HitResult, apply_hit, roll_dv};
use super::gear::{AreaEffect, Weapon};
use super::modifiers::{MeleeDefense, RangeBand, Situation};
use super::sheet::Skill;
use super::test::{Percentile, TestSpec, opposed, roll_test};
use super::{Fighter, FiringMode, ModeBonus, Options, RulesError, wound_modifier};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log, Modifier, Status, Term};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::Roller;
use crate::rules::mechanics::fighter::Standing;

/// One shot (or melee strike) at one target.
pub struct Shot<'a> {
    pub weapon_id: &'a str,
    pub weapon: &'a Weapon,
    pub mode: FiringMode,
    pub situation: &'a Situation,
    /// Meters between attacker and defender, when known.
    pub distance: Option<u32>,
    /// How many other targets the attacker already shot at this Action Phase (−20 each).
    pub other_targets: u32,
    /// The second shot of a Complex Action (a beam weapon's sweeping fire, file 003).
    pub second_shot: bool,
}

impl<'a> Shot<'a> {
    /// The first shot of an attack at a target `meters` away, at nobody else yet: what a plain shot and its odds are.
    pub fn first(
        weapon_id: &'a str,
        weapon: &'a Weapon,
        mode: FiringMode,
        situation: &'a Situation,
        meters: u32,
    ) -> Self {
        Shot { weapon_id, weapon, mode, situation, distance: Some(meters), other_targets: 0, second_shot: false }
    }
}

/// What one shot did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShotResult {
    pub hit: bool,
    pub armor_defeating: bool,
    pub malfunction: bool,
    pub damage: HitResult,
}

/// The range band of a shot: as the situation says, else from the distance, else short range.
pub fn band_of(shot: &Shot<'_>) -> Result<RangeBand, RulesError> {
    let band = match (shot.situation.range, shot.distance, shot.weapon.ranges) {
        (Some(band), _, _) => band,
        (None, Some(d), Some(ranges)) => RangeBand::of(d, ranges),
        // A melee weapon reaches the cells next to the attacker (diagonals are 1 m away, rounded).
        (None, Some(d), None) if d > 1 => {
            return Err(RulesError::Illegal(Refusal::MeleeOutOfReach { weapon: shot.weapon.name.clone(), meters: d }));
        }
        _ => RangeBand::Short,
    };
    if band == RangeBand::OutOfRange {
        return Err(RulesError::Illegal(Refusal::BeyondExtremeRange { weapon: shot.weapon.name.clone() }));
    }
    Ok(band)
}

/// Resolves one shot at `defender`.
pub fn resolve_shot(
    opts: &Options,
    attacker: &mut Fighter,
    defender: &mut Fighter,
    shot: &Shot<'_>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<ShotResult, RulesError> {
    let band = band_of(shot)?;
    let modifiers = attack_modifiers(attacker, Some(defender), shot, band);
    let attack = attack_test(opts, attacker, shot.weapon, modifiers, dice, log)?;
    let skill = shot.weapon.skill;
    let defense = defend(opts, defender, !skill.is_melee(), shot.situation, dice, log)?;
    let (hit, reason) = opposed(&attack, defense.as_ref(), opts.opposed_criticals);
    log.push(Event::AttackResolved {
        attacker: attacker.id,
        defender: Some(defender.id),
        hit,
        graze: false,
        reason: reason.into(),
    });
    let malfunction = malfunctions(defense.as_ref(), skill);
    if malfunction {
        jam(attacker, shot, log);
    }
    let mut result =
        ShotResult { hit, armor_defeating: hit && attack.critical_success(), malfunction, ..ShotResult::default() };
    if hit {
        let inputs = DvInputs {
            mode: shot.mode,
            band,
            excellent: attack.excellent_bonus(),
            som: attacker.sheet.aptitudes.som.0,
        };
        let dv = roll_dv(Roller::new(attacker.id, &attacker.name), shot.weapon, &inputs, dice, log)?;
        result.damage = apply_hit(opts, defender, shot.weapon, dv, result.armor_defeating, dice, log)?;
    }
    Ok(result)
}

/// The attacker's skill test with the weapon's skill.
fn attack_test(
    opts: &Options,
    attacker: &Fighter,
    weapon: &Weapon,
    modifiers: Vec<Modifier>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Percentile, RulesError> {
    Ok(roll_test(attack_spec(attacker, weapon, modifiers), opts.mos_rule, dice, log)?)
}

/// What the attack test is: the weapon's skill with the modifiers.
pub(super) fn attack_spec<'a>(attacker: &'a Fighter, weapon: &Weapon, modifiers: Vec<Modifier>) -> TestSpec<'a> {
    let skill = weapon.skill;
    TestSpec {
        who: Roller::new(attacker.id, &attacker.name),
        label: skill.name().into(),
        base: attacker.sheet.skill(skill) as i32,
        modifiers,
    }
}

/// The attacker's modifiers, for a shot, a melee strike and a blast alike (one path, so a throw is priced and rolled
/// as a shot is): the situation, smartlink, firing mode, complex aim, sweeping fire, other targets, prone and far
/// defender, and wounds. `aimed_at` is the combatant the attack is aimed at: a shot's defender, a blast's target
/// (none for a blast at a cell).
pub(super) fn attack_modifiers(
    attacker: &Fighter,
    aimed_at: Option<&Fighter>,
    shot: &Shot<'_>,
    band: RangeBand,
) -> Vec<Modifier> {
    let ranged = !shot.weapon.skill.is_melee();
    let mut mods = shot.situation.attack_modifiers(ranged, band);
    // A smartlink links the weapon that fires (the seed's shredder): nothing links a hand to a throw.
    if ranged && !shot.weapon.is_thrown() && attacker.sheet.smartlink {
        mods.push(Modifier::new("smartlink", "gear", 10));
    }
    match shot.mode {
        FiringMode::Burst(ModeBonus::ToHit) => {
            mods.push(Modifier::new("burst fire", "firing mode", 10));
        }
        FiringMode::FullAuto(ModeBonus::ToHit) => {
            mods.push(Modifier::new("full auto", "firing mode", 30));
        }
        _ => {}
    }
    let aimed = |d: &Fighter| attacker.condition.aim.as_ref().is_some_and(|a| a.target == d.id);
    if ranged && aimed_at.is_some_and(aimed) {
        mods.push(Modifier::new("aimed shot (complex)", "aim", 30));
    }
    if ranged && shot.second_shot && shot.weapon.skill == Skill::BeamWeapons {
        // File 003: "Sweeping fire with beam weapon +10" on the second shot.
        mods.push(Modifier::new("sweeping fire (beam weapon, second shot)", "firing mode", 10));
    }
    // File 003 lists multiple targets among the ranged attacker's rows.
    if ranged && shot.other_targets > 0 {
        mods.push(Modifier::new("multiple targets", "choice", -20 * shot.other_targets as i32));
    }
    // "Defender prone and far (10+ meters)": the band stands in only where the distance is not known.
    let far = shot.distance.map_or(band > RangeBand::Short, |d| d >= 10);
    if ranged && far && aimed_at.is_some_and(|d| d.condition.has(&Status::Prone)) {
        mods.push(Modifier::new("defender prone and far", "target", -10));
    }
    mods.extend(wound_modifier(attacker.condition.wounds));
    mods
}

/// The defender's test: ⌊Fray ÷ 2⌋ against ranged attacks; against melee, Fray or the melee skill of the weapon
/// in hand, whichever is higher. Full defense +30, wounds −10 each. A defender who cannot act cannot defend.
fn defend(
    opts: &Options,
    defender: &Fighter,
    ranged: bool,
    situation: &Situation,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Option<Percentile>, RulesError> {
    match defense_spec(defender, ranged, situation) {
        Some(spec) => Ok(Some(roll_test(spec, opts.mos_rule, dice, log)?)),
        None => Ok(None),
    }
}

/// What the defense test is, or `None` when the defender cannot act and so cannot defend.
pub(super) fn defense_spec<'a>(defender: &'a Fighter, ranged: bool, situation: &Situation) -> Option<TestSpec<'a>> {
    if !defender.condition.can_act() {
        return None;
    }
    let fray = defender.sheet.skill(Skill::Fray);
    let (label, base, parry) = match ranged {
        true => ("Fray ÷ 2".to_owned(), fray / 2, false),
        false => melee_defense(defender, fray, situation),
    };
    let mut modifiers = situation.defense_modifiers(parry);
    if defender.condition.has(&Status::FullDefense) {
        modifiers.push(Modifier::new("full defense", "action", 30));
    }
    modifiers.extend(wound_modifier(defender.condition.wounds));
    Some(TestSpec { who: Roller::new(defender.id, &defender.name), label, base: base as i32, modifiers })
}

/// Against melee, the defender's choice (file 003: "Fray or melee skill"), the third value saying it parries: as
/// the situation records it, or taken for it ([`MeleeDefense::Best`]): the weapon's skill where its target is higher
/// than Fray's once the modifiers that touch only a parry count (an off-hand parry at −20 is no better than a dodge
/// it beat by 10); else Fray.
pub(super) fn melee_defense(defender: &Fighter, fray: u32, situation: &Situation) -> (String, u32, bool) {
    let parry =
        defender.drawn_weapon().ok().filter(|w| w.skill.is_melee()).map(|w| (w.skill, defender.sheet.skill(w.skill)));
    let sum = |parry: bool| situation.defense_modifiers(parry).iter().map(|m| m.value).sum::<i32>();
    let parry_only = sum(true) - sum(false);
    let parries = match situation.defense {
        MeleeDefense::Best => parry.is_some_and(|(_, rating)| rating as i32 + parry_only > fray as i32),
        MeleeDefense::Fray => false,
        MeleeDefense::Parry => true,
    };
    match parry.filter(|_| parries) {
        Some((skill, rating)) => (skill.name().to_owned(), rating, true),
        None => ("Fray".to_owned(), fray, false),
    }
}

/// A defender's critical success malfunctions the attacker's weapon (not bare hands).
pub(super) fn malfunctions(defense: Option<&Percentile>, skill: Skill) -> bool {
    defense.is_some_and(|d| d.critical_success()) && skill != Skill::UnarmedCombat
}

fn jam(attacker: &mut Fighter, shot: &Shot<'_>, log: &mut Log) {
    let status = Status::WeaponJammed(shot.weapon_id.to_owned());
    attacker.condition.gain(status.clone());
    let reason = format!("the {} fails, the defender rolled a critical success", shot.weapon.name);
    log.push(Event::StatusGained { who: attacker.id, status, reason });
}

/// A blast or uniform-blast attack (file 003, Area Effect Weapons): one attack test at the point of impact with the
/// `modifiers` [`attack_modifiers`] gave it (no defense; our decision, the seeds give a blast no defense test), one
/// damage roll, then each combatant caught at its distance from the center: blast −2 DV per meter, uniform blast
/// the full DV within its radius. A miss lands nowhere that matters (our decision: the seeds give no scatter).
pub fn resolve_area(
    opts: &Options,
    attacker: &mut Fighter,
    targets: &mut [(&mut Fighter, u32)],
    (shot, modifiers): (&Shot<'_>, Vec<Modifier>),
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Vec<HitResult>, RulesError> {
    let band = band_of(shot)?;
    let attack = attack_test(opts, attacker, shot.weapon, modifiers, dice, log)?;
    if !attack.success {
        let reason = "the throw missed the point of impact".into();
        log.push(Event::AttackResolved { attacker: attacker.id, defender: None, hit: false, graze: false, reason });
        return Ok(Vec::new());
    }
    let inputs = DvInputs { mode: shot.mode, band, excellent: attack.excellent_bonus(), som: 0 };
    let dv = roll_dv(Roller::new(attacker.id, &attacker.name), shot.weapon, &inputs, dice, log)?;
    let mut results = Vec::new();
    for (target, distance) in targets.iter_mut() {
        let Some(target_dv) = area_dv(shot.weapon, dv, *distance, target, log) else {
            continue;
        };
        let reason = format!("caught {distance} m from the center");
        log.push(Event::AttackResolved {
            attacker: attacker.id,
            defender: Some(target.id),
            hit: true,
            graze: false,
            reason,
        });
        results.push(apply_hit(opts, target, shot.weapon, target_dv, attack.critical_success(), dice, log)?);
    }
    Ok(results)
}

/// The DV that reaches a target `distance` meters from the center, or `None` when the blast does not reach it.
fn area_dv(weapon: &Weapon, dv: i32, distance: u32, target: &Fighter, log: &mut Log) -> Option<i32> {
    let total = blast_dv(weapon, dv, distance)?;
    let falloff = dv - total;
    let terms =
        vec![Term::fixed("blast damage value", dv), Term::fixed(format!("{distance} m from the center"), -falloff)];
    log.push(Event::Calculated { who: target.id, label: "blast damage value".into(), terms, total });
    Some(total)
}

/// The DV of a blast `distance` meters from the center (−2 a meter; a uniform blast's full DV within its radius), or
/// `None` where it does no damage.
pub(super) fn blast_dv(weapon: &Weapon, dv: i32, distance: u32) -> Option<i32> {
    let falloff = match weapon.area {
        Some(AreaEffect::UniformBlast { radius }) if distance > radius => return None,
        Some(AreaEffect::Blast) => 2 * distance as i32,
        _ => 0,
    };
    Some(dv - falloff).filter(|&v| v > 0)
}

/// How far a blast can reach at all: its greatest DV (an excellent success's +10 included) ÷ 2 meters, a uniform
/// blast's radius.
pub(super) fn blast_reach_of(weapon: &Weapon) -> u32 {
    let inputs = DvInputs { mode: FiringMode::SingleShot, band: RangeBand::Short, excellent: 10, som: 0 };
    match weapon.area {
        Some(AreaEffect::UniformBlast { radius }) => radius,
        _ => super::damage::dv_dist(weapon, &inputs).iter().map(|(v, _)| v.max(0) as u32 / 2).max().unwrap_or(0),
    }
}
