//! Damage (file 002, Resolving Attacks steps 2–6; rules.md §4): the modified DV less the modified AV of the armor
//! that stops the weapon's damage type, the Body resistance test, and the Light and Critical tracks marked (with
//! Light overflowing into Critical, and the statuses a full track or a heavy blow brings).

use super::gear::{DamageType, Track, Weapon};
use super::pool::roll;
use super::{CriticalResistance, Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::outcome::{Event, Log, Status, Term};
use crate::rules::engine::ruleset::{CombatantId, Roller};
use crate::rules::mechanics::d6_pool::PoolSpec;

fn calc(log: &mut Log, who: CombatantId, label: &str, terms: Vec<Term>) -> i32 {
    let total = terms.iter().map(|t| t.value).sum();
    log.push(Event::Calculated { who, label: label.to_owned(), terms, total });
    total
}

/// Steps 2 to 6 of file 002's Resolving Attacks.
pub fn resolve_damage(
    opts: &Options,
    attacker: &Fighter,
    defender: &mut Fighter,
    weapon: &Weapon,
    net_hits: u32,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let after_armor = through_armor(attacker, defender, weapon, net_hits, log)?;
    if after_armor <= 0 {
        return Ok(());
    }
    let hits = roll(resistance_spec(defender), dice, log)?.hits;
    resisted(opts, defender, weapon, after_armor, hits, log);
    Ok(())
}

/// Steps 2 to 4: the modified DV less the modified AV (0 or less: no damage).
pub(super) fn through_armor(
    attacker: &Fighter,
    defender: &Fighter,
    weapon: &Weapon,
    net_hits: u32,
    log: &mut Log,
) -> Result<i32, RulesError> {
    let dv = modified_dv(attacker, weapon, net_hits, log);
    let av = modified_av(defender, weapon, log)?;
    Ok(less_av(defender, dv, av, log))
}

/// Step 2: the weapon's DV + net hits.
pub(super) fn modified_dv(attacker: &Fighter, weapon: &Weapon, net_hits: u32, log: &mut Log) -> i32 {
    let dv_terms = vec![
        Term::fixed(format!("{} {}", weapon.name, weapon.damage), weapon.damage.value),
        Term::fixed("net hits", net_hits as i32),
    ];
    calc(log, attacker.id, "step 2: modified DV", dv_terms)
}

/// Step 4: the modified DV less the modified AV.
pub(super) fn less_av(defender: &Fighter, dv: i32, av: i32, log: &mut Log) -> i32 {
    let terms = vec![Term::fixed("modified DV", dv), Term::fixed("modified AV", -av)];
    calc(log, defender.id, "step 4: modified DV less modified AV", terms)
}

/// Step 5's pool: Body alone, never wound-modified.
pub(super) fn resistance_spec(defender: &Fighter) -> PoolSpec<'_> {
    let body = defender.sheet.attributes.body.0;
    let label = format!("Body {body} (step 5: damage resistance)");
    PoolSpec { who: Roller::new(defender.id, &defender.name), label, base: body as i32, modifiers: Vec::new() }
}

/// Steps 5 (after the roll) and 6: the damage left after `hits` resistance hits, Critical boxes taken as Light,
/// and the tracks marked.
pub(super) fn resisted(
    opts: &Options,
    defender: &mut Fighter,
    weapon: &Weapon,
    after_armor: i32,
    hits: u32,
    log: &mut Log,
) {
    let hits = hits as i32;
    // Step 5 reduces any damage by the hits; the option only spares Critical damage that reduction.
    let remaining = match (opts.critical_resistance, weapon.damage.track) {
        (CriticalResistance::ConvertOnly, Track::Critical) => after_armor,
        _ => after_armor - hits,
    };
    if remaining <= 0 {
        return;
    }
    let (light, critical) = match weapon.damage.track {
        Track::Light => (remaining, 0),
        Track::Critical => (remaining.min(hits), remaining - remaining.min(hits)),
    };
    let terms = vec![Term::fixed("Light boxes", light), Term::fixed("Critical boxes", critical)];
    calc(log, defender.id, "step 6: damage", terms);
    mark(opts, defender, light as u32, critical as u32, log);
}

/// Step 3: the AV of the damage type (summed over armor worn) + AP, at least 0, at most double when AP is positive;
/// untyped damage ignores AV.
pub(super) fn modified_av(defender: &Fighter, weapon: &Weapon, log: &mut Log) -> Result<i32, RulesError> {
    let kind = weapon.damage.kind;
    let mut av = 0;
    for piece in &defender.sheet.armor {
        av += defender.sheet.gear.armor(&piece.0)?.av(kind) as i32;
    }
    let mut terms = vec![Term::fixed(format!("{kind:?} AV"), av)];
    if kind != DamageType::Untyped && weapon.ap != 0 {
        let raised = (av + weapon.ap).max(0);
        let capped = if weapon.ap > 0 { raised.min(2 * av) } else { raised };
        terms.push(Term::fixed(if capped < raised { "AP (capped at double AV)" } else { "AP" }, capped - av));
    }
    Ok(calc(log, defender.id, "step 3: modified AV", terms))
}

/// Marks the tracks. Our decisions where the seed is silent: Light damage past a full Light track overflows into
/// Critical; a full Light track knocks out, a full Critical track incapacitates, Critical overflow past Body kills.
/// More damage in one attack than the higher of Body and Willpower knocks down (file 002, Automatic Knockdown).
fn mark(opts: &Options, defender: &mut Fighter, light: u32, critical: u32, log: &mut Log) {
    let (light_max, crit_max) = (defender.light_boxes(opts), defender.critical_boxes(opts));
    let a = defender.sheet.attributes;
    let who = defender.id;
    let c = &mut defender.condition;
    let before = c.light;
    c.light = (c.light + light).min(light_max);
    let overflow = light - (c.light - before);
    let boxes = |track: &str, amount: u32, total: u32, capacity: u32| Event::DamageTaken {
        who,
        track: track.to_owned(),
        amount: amount as i32,
        total: total as i32,
        capacity: capacity as i32,
    };
    if light > 0 {
        log.push(boxes("Light", c.light - before, c.light, light_max));
    }
    if critical + overflow > 0 {
        c.critical += critical + overflow;
        let track = if overflow > 0 { "Critical (with Light overflow)" } else { "Critical" };
        log.push(boxes(track, critical + overflow, c.critical, crit_max));
    }
    let mut gained = Vec::new();
    if c.critical > crit_max + a.body.0 {
        gained.push((Status::Dead, format!("Critical damage overflowed its track by more than Body {}", a.body.0)));
    } else if c.critical >= crit_max {
        gained.push((Status::Incapacitated, "the Critical track is full".to_owned()));
    } else if c.light >= light_max {
        gained.push((Status::Unconscious, "the Light track is full".to_owned()));
    }
    let worst = a.body.0.max(a.willpower.0);
    if light + critical > worst {
        gained.push((
            Status::Prone,
            format!("knocked down: {} damage in one attack, more than {worst}", light + critical),
        ));
    }
    gained.retain(|(s, _)| !c.has(s));
    for (status, reason) in gained {
        c.gain(status.clone());
        log.push(Event::StatusGained { who, status, reason });
    }
}
