//! What a hit does (file 000 steps 6–8; rules.md §1): the damage value roll, armor and AP, damage, wounds, the
//! SOM × 3 knockdown and unconsciousness tests, durability and death rating, and shock weapons.

use super::gear::{AreaEffect, ArmorType, Weapon};
use super::modifiers::RangeBand;
use super::test::{TestSpec, roll_test};
use super::{Fighter, FiringMode, IncapacitatedAt, ModeBonus, Options, RulesError, wound_modifier};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log, Status, Term};
use crate::rules::engine::ruleset::Roller;
use crate::rules::mechanics::fighter::Standing;
use crate::rules::mechanics::odds::Dist;

/// What feeds the damage value besides the weapon.
pub struct DvInputs {
    pub mode: FiringMode,
    pub band: RangeBand,
    /// The excellent-success bonus of the attack test (0, 5 or 10).
    pub excellent: i32,
    /// The attacker's SOM, for melee damage.
    pub som: u32,
}

/// One part of a damage value: dice (summed, halved when the weapon says, added or taken away) or a fixed number.
enum DvPart {
    Dice { count: u32, label: String, sign: i32, halve: bool },
    Fixed { label: String, value: i32 },
}

/// The parts of a weapon's damage value: weapon dice (halved where the weapon says), firing-mode and cone dice, the
/// fixed part, melee ⌊SOM ÷ 10⌋ and the excellent-success bonus.
fn dv_parts(weapon: &Weapon, inputs: &DvInputs) -> Vec<DvPart> {
    let d = weapon.damage;
    let label = if d.halve { format!("{}d10 ÷ 2", d.dice) } else { format!("{}d10", d.dice) };
    let mut parts = vec![DvPart::Dice { count: d.dice, label, sign: 1, halve: d.halve }];
    let mut dice =
        |count, label: &str, sign| parts.push(DvPart::Dice { count, label: label.into(), sign, halve: false });
    // Burst +1d10, full auto +3d10 (when chosen for damage); a cone +1d10 at point-blank and short range (the
    // seed's shredder), −1d10 at long and extreme range.
    match inputs.mode {
        FiringMode::Burst(ModeBonus::Damage) => dice(1, "burst fire +1d10", 1),
        FiringMode::FullAuto(ModeBonus::Damage) => dice(3, "full auto +3d10", 1),
        _ => {}
    }
    if weapon.area == Some(AreaEffect::Cone) {
        match inputs.band {
            RangeBand::PointBlank | RangeBand::Short => dice(1, "cone at short range +1d10", 1),
            RangeBand::Long | RangeBand::Extreme => dice(1, "cone at long range −1d10", -1),
            _ => {}
        }
    }
    let mut fixed = |label: String, value| parts.push(DvPart::Fixed { label, value });
    if d.bonus != 0 {
        fixed(format!("{} fixed", weapon.name), d.bonus);
    }
    if weapon.skill.is_melee() && inputs.som >= 10 {
        fixed("melee SOM ÷ 10".into(), (inputs.som / 10) as i32);
    }
    if inputs.excellent > 0 {
        fixed("excellent success".into(), inputs.excellent);
    }
    parts
}

/// Halved damage rounds up, so a hit that rolls 1 still does 1 (our decision; the seed's 8 ÷ 2 = 4 agrees).
fn dice_value(sum: u32, halve: bool, sign: i32) -> i32 {
    sign * if halve { sum.div_ceil(2) } else { sum } as i32
}

/// Rolls a weapon's damage value and logs every term.
pub fn roll_dv(
    who: Roller<'_>,
    weapon: &Weapon,
    inputs: &DvInputs,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<i32, RulesError> {
    let mut terms = Vec::new();
    for part in dv_parts(weapon, inputs) {
        match part {
            DvPart::Dice { count, label, sign, halve } => {
                let purpose = match terms.is_empty() {
                    true => format!("{}: {} damage", who.name, weapon.name),
                    false => format!("{}: {label}", who.name),
                };
                let faces = dice.roll_for(who.id, count, 10, &purpose)?;
                let value = dice_value(faces.iter().sum(), halve, sign);
                terms.push(Term::dice(label, faces, value));
            }
            DvPart::Fixed { label, value } => terms.push(Term::fixed(label, value)),
        }
    }
    let total = terms.iter().map(|t| t.value).sum::<i32>().max(0);
    log.push(Event::Calculated { who: who.id, label: "damage value".into(), terms, total });
    Ok(total)
}

/// The exact distribution of the damage value [`roll_dv`] rolls.
pub fn dv_dist(weapon: &Weapon, inputs: &DvInputs) -> Dist {
    let mut dist = Dist::point(0);
    for part in dv_parts(weapon, inputs) {
        let term = match part {
            DvPart::Dice { count, sign, halve, .. } => {
                Dist::dice(count, 10).map(|sum| dice_value(sum as u32, halve, sign))
            }
            DvPart::Fixed { value, .. } => Dist::point(value),
        };
        dist = dist.plus(&term);
    }
    dist.map(|v| v.max(0))
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
    log.push(Event::Calculated { who: defender.id, label: "damage".into(), terms, total });
    let wounds = take_damage(opts, defender, damage, log);
    if wounds > 0 && !defender.condition.is_out() {
        wound_tests(opts, defender, wounds, dice, log)?;
    }
    if weapon.shock && !defender.condition.is_out() {
        shock_test(opts, defender, dice, log)?;
    }
    Ok(HitResult { damage, wounds })
}

/// The defender's armor against this weapon, less |AP|, never below 0; nothing when armor-defeating.
pub(super) fn effective_armor(
    defender: &Fighter,
    weapon: &Weapon,
    armor_defeating: bool,
    log: &mut Log,
) -> Result<i32, RulesError> {
    let Some(armor) = &defender.sheet.armor else {
        return Ok(0);
    };
    let armor = defender.sheet.gear.armor(&armor.0)?;
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
    log.push(Event::Calculated { who: defender.id, label: "armor".into(), terms, total });
    Ok(total)
}

/// Adds damage and wounds (⌊damage ÷ WT⌋) and checks durability (file 000, step 7: damage that "exceeds" it
/// incapacitates, unless the `incapacitated_at` option says "reaches") and the death rating (rules.md §1). Returns
/// the new wounds.
pub fn take_damage(opts: &Options, defender: &mut Fighter, damage: u32, log: &mut Log) -> u32 {
    let who = defender.id;
    let (dur, death) = (defender.sheet.durability, defender.sheet.death_rating());
    let c = &mut defender.condition;
    c.damage += damage;
    let total = c.damage as i32;
    let (track, capacity) = ("damage".to_owned(), dur as i32);
    log.push(Event::DamageTaken { who, track, amount: damage as i32, total, capacity });
    let threshold = defender.sheet.wound_threshold();
    let wounds = damage / threshold;
    if wounds > 0 {
        c.wounds += wounds;
        log.push(Event::WoundsTaken { who, wounds, total: c.wounds, threshold });
    }
    if c.damage >= death && !c.has(&Status::Dead) {
        let reason = format!("damage {} reached the death rating {death}", c.damage);
        c.gain(Status::Dead);
        log.push(Event::StatusGained { who, status: Status::Dead, reason });
    } else if incapacitates(opts, c.damage, dur) && !c.has(&Status::Incapacitated) {
        let verb = if c.damage > dur { "exceeds" } else { "reached" };
        let reason = format!("damage {} {verb} durability {dur}", c.damage);
        c.gain(Status::Incapacitated);
        log.push(Event::StatusGained { who, status: Status::Incapacitated, reason });
    }
    wounds
}

/// Whether accumulated `damage` incapacitates a defender of Durability `dur` under the battle's option.
pub(super) fn incapacitates(opts: &Options, damage: u32, dur: u32) -> bool {
    match opts.incapacitated_at {
        IncapacitatedAt::ExceedsDurability => damage > dur,
        IncapacitatedAt::ReachesDurability => damage >= dur,
    }
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
    for (label, status) in wound_tests_due(wounds) {
        if !roll_test(wound_test_spec(defender, label), opts.mos_rule, dice, log)?.success {
            defender.condition.gain(status.clone());
            let reason = format!("failed the {label} test");
            log.push(Event::StatusGained { who: defender.id, status, reason });
        }
    }
    Ok(())
}

/// The SOM × 3 tests a hit of `wounds` wounds calls for, and what failing each does.
pub(super) fn wound_tests_due(wounds: u32) -> Vec<(&'static str, Status)> {
    let mut tests = vec![("SOM × 3 to stay standing", Status::Prone)];
    if wounds >= 2 {
        tests.push(("SOM × 3 to stay conscious", Status::Unconscious));
    }
    tests
}

/// A SOM × 3 test with the wound modifiers the defender has now (its new wounds included).
pub(super) fn wound_test_spec<'a>(defender: &'a Fighter, label: &str) -> TestSpec<'a> {
    let base = (defender.sheet.aptitudes.som.0 * 3) as i32;
    let modifiers = wound_modifier(defender.condition.wounds).into_iter().collect();
    TestSpec { who: Roller::new(defender.id, &defender.name), label: label.into(), base, modifiers }
}

/// The shock test: DUR + Energy armor, with the wound modifiers.
pub(super) fn shock_spec(defender: &Fighter) -> Result<TestSpec<'_>, RulesError> {
    let energy = match &defender.sheet.armor {
        Some(a) => defender.sheet.gear.armor(&a.0)?.energy,
        None => 0,
    };
    let base = (defender.sheet.durability + energy) as i32;
    let modifiers = wound_modifier(defender.condition.wounds).into_iter().collect();
    Ok(TestSpec {
        who: Roller::new(defender.id, &defender.name),
        label: "DUR + Energy armor (shock)".into(),
        base,
        modifiers,
    })
}

/// Action Turns stunned for a failed shock test: ⌈MoF ÷ 10⌉ (the seed: MoF 30 → 3).
pub(super) fn stun_turns(margin_of_failure: i32) -> u32 {
    (margin_of_failure.max(1) as u32).div_ceil(10)
}

/// A shock weapon's hit: DUR + Energy armor, or stunned for ⌈MoF ÷ 10⌉ Action Turns. A stun already running keeps
/// the longer of the two (our decision: a second shock never shortens a stun).
fn shock_test(opts: &Options, defender: &mut Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
    let test = roll_test(shock_spec(defender)?, opts.mos_rule, dice, log)?;
    if test.success {
        return Ok(());
    }
    let turns = stun_turns(test.margin);
    let reason = format!("failed the shock test by {}", test.margin);
    if let Some(left) = defender.condition.stun_left().filter(|&left| left >= turns) {
        let what = format!("stays stunned for {left} action turn(s): the new stun of {turns} is no longer ({reason})");
        log.push(Event::ActionTaken { who: defender.id, action: what });
        return Ok(());
    }
    defender.condition.gain(Status::Stunned(turns));
    log.push(Event::StatusGained { who: defender.id, status: Status::Stunned(turns), reason });
    Ok(())
}
