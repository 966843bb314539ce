//! One attack (file 001, II–IV; rules.md §3): the attack pool (Strength or Dexterity + Brawl or Melee; Perception
//! or Dexterity + Athletics or Firearms), the defense pool (Dexterity + Brawl or Melee; Dexterity + Dodge) with its
//! −1 per defense used, net successes, raw damage with the Dexterity cap, soak by damage type, and the damage roll.

use serde::{Deserialize, Serialize};

use super::damage::{DamageType, soak};
use super::gear::Weapon;
use super::pool::{D10Pool, D10Spec, roll_d10};
use super::sheet::Ability;
use super::{Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{CoverLevel, Sight};
use crate::rules::engine::outcome::{Event, Log, Modifier, Term};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::FighterState;
use crate::rules::engine::ruleset::Roller;

/// The attribute an attack uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attribute {
    Strength,
    Dexterity,
    Perception,
}

/// How the defender meets a melee attack (file 001: "Dexterity + Brawl or Melee"; at range Dexterity + Dodge only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeDefense {
    /// The ability with more dots (Melee on a tie).
    #[default]
    Best,
    Brawl,
    Melee,
}

/// The situation of an attack. All fields are optional in a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The defender's choice against a melee attack.
    pub defense: MeleeDefense,
    /// Strength or Dexterity in melee, Perception or Dexterity at range; the higher when not given (Strength or
    /// Perception on a tie, since Dexterity caps the added successes).
    pub attribute: Option<Attribute>,
    /// Dice modifiers to the attack, by name.
    pub extra: Vec<(String, i32)>,
    /// Difficulty modifiers to the attack, by name (the result stays within 2–10).
    pub difficulty: Vec<(String, i32)>,
    /// Dice modifiers to the defense, by name.
    pub defender_extra: Vec<(String, i32)>,
    /// What the map adds to the attack (cover, firing from cover, running), filled in at the attack.
    #[serde(skip)]
    pub map_attack: Vec<Modifier>,
    /// What the map adds to the defense.
    #[serde(skip)]
    pub map_defense: Vec<Modifier>,
}

impl Situation {
    /// This situation with the map's cover. File 001 has no cover rules: ours take dice off the attack, light or
    /// partial cover −1, heavy cover −2, a hidden target −3.
    pub fn on_map(&self, sight: &Sight) -> Situation {
        let mut s = self.clone();
        let cover = match (sight.hidden, sight.cover) {
            (true, _) => Some(("hidden target", -3)),
            (false, CoverLevel::None) => None,
            (false, CoverLevel::Light) => Some(("light cover", -1)),
            (false, CoverLevel::Partial) => Some(("partial cover", -1)),
            (false, CoverLevel::Heavy) => Some(("heavy cover", -2)),
        };
        s.map_attack.extend(cover.map(|(n, v)| Modifier::new(n, "cover", v)));
        s
    }
}

/// One attack at one target.
pub struct Strike<'a> {
    pub weapon: &'a Weapon,
    pub situation: &'a Situation,
    pub distance: u32,
}

/// Resolves an attack and, on a hit, its damage.
pub fn resolve_strike(
    opts: &Options,
    attacker: &mut Fighter,
    defender: &mut Fighter,
    strike: &Strike<'_>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    check_reach(defender, strike)?;
    let attribute = choose_attribute(attacker, strike)?;
    let spec = attack_pool(opts, attacker, strike, attribute)?;
    let attack = roll_d10(spec, dice, log)?;
    let defense = defend(opts, defender, strike.weapon.is_ranged(), strike.situation, dice, log)?;
    let net = attack.successes as i32 - defense.successes as i32;
    let reason = format!("{} successes against {}: {net} net", attack.successes, defense.successes);
    let (a, d) = (attacker.id, Some(defender.id));
    log.push(Event::AttackResolved { attacker: a, defender: d, hit: net >= 1, graze: false, reason });
    botched(attacker, &attack, log);
    botched(defender, &defense, log);
    if net >= 1 {
        let raw = raw_damage(attacker, strike, attribute, net as u32, log);
        damage(defender, strike.weapon.kind, raw, dice, log)?;
    }
    Ok(())
}

pub(super) fn check_reach(defender: &Fighter, strike: &Strike<'_>) -> Result<(), RulesError> {
    let reach = strike.weapon.range.unwrap_or(1);
    match strike.distance <= reach {
        true => Ok(()),
        false => Err(RulesError::Illegal(Refusal::OutOfReach {
            target: defender.name.clone(),
            weapon: strike.weapon.name.clone(),
        })),
    }
}

pub(super) fn choose_attribute(attacker: &Fighter, strike: &Strike<'_>) -> Result<Attribute, RulesError> {
    let a = &attacker.sheet.attributes;
    let ranged = strike.weapon.is_ranged();
    let (power, power_dots) = match ranged {
        true => (Attribute::Perception, a.perception.0),
        false => (Attribute::Strength, a.strength.0),
    };
    match strike.situation.attribute {
        None if a.dexterity.0 > power_dots => Ok(Attribute::Dexterity),
        None => Ok(power),
        Some(Attribute::Dexterity) => Ok(Attribute::Dexterity),
        Some(x) if x == power => Ok(x),
        Some(x) => {
            let uses = if ranged { "a ranged attack uses Perception" } else { "a melee attack uses Strength" };
            Err(RulesError::Illegal(Refusal::AttackAttribute { uses, given: format!("{x:?}") }))
        }
    }
}

/// The dots of an attribute.
fn dots(f: &Fighter, attribute: Attribute) -> u32 {
    let a = &f.sheet.attributes;
    match attribute {
        Attribute::Strength => a.strength.0,
        Attribute::Dexterity => a.dexterity.0,
        Attribute::Perception => a.perception.0,
    }
}

pub(super) fn attack_pool<'a>(
    opts: &Options,
    attacker: &'a Fighter,
    strike: &Strike<'_>,
    attribute: Attribute,
) -> Result<D10Spec<'a>, RulesError> {
    let (w, s) = (strike.weapon, strike.situation);
    let (attr, ability) = (dots(attacker, attribute), attacker.sheet.ability(w.ability));
    let label = format!("{attribute:?} {attr} + {} {ability}", w.ability.name());
    let mut modifiers = s.map_attack.clone();
    modifiers.extend(s.extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)));
    let strength = attacker.sheet.attributes.strength.0;
    if w.strength > strength {
        let value = strength as i32 - w.strength as i32;
        modifiers.push(Modifier::new(format!("{} needs Strength {}", w.name, w.strength), "weapon", value));
    }
    if attribute == Attribute::Dexterity {
        modifiers.extend(attacker.armor_penalty(opts)?);
    }
    modifiers.extend(attacker.wound_modifier());
    let difficulty = (w.difficulty as i32 + s.difficulty.iter().map(|(_, v)| v).sum::<i32>()).clamp(2, 10) as u32;
    let base = (attr + ability) as i32;
    Ok(D10Spec { who: Roller::new(attacker.id, &attacker.name), label, base, modifiers, difficulty, damage: false })
}

/// Dexterity + Brawl or Melee (the higher) against melee, Dexterity + Dodge at range; −1 per defense used since
/// the defender's turn began. An incapacitated defender rolls nothing.
fn defend(
    opts: &Options,
    defender: &mut Fighter,
    ranged: bool,
    situation: &Situation,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<D10Pool, RulesError> {
    let Some(spec) = defense_spec(opts, defender, ranged, situation)? else {
        return Ok(D10Pool::default());
    };
    let pool = roll_d10(spec, dice, log)?;
    defender.condition.defenses += 1;
    Ok(pool)
}

/// The defense pool, or `None` when the defender is out of the fight.
pub(super) fn defense_spec<'a>(
    opts: &Options,
    defender: &'a Fighter,
    ranged: bool,
    situation: &Situation,
) -> Result<Option<D10Spec<'a>>, RulesError> {
    if defender.is_out() {
        return Ok(None);
    }
    let dex = defender.sheet.attributes.dexterity.0;
    let ability = match (ranged, situation.defense) {
        (true, _) => Ability::Dodge,
        (false, MeleeDefense::Brawl) => Ability::Brawl,
        (false, MeleeDefense::Melee) => Ability::Melee,
        // Melee on a tie: `max_by_key` keeps the last of equals.
        (false, MeleeDefense::Best) => [Ability::Brawl, Ability::Melee]
            .into_iter()
            .max_by_key(|a| defender.sheet.ability(*a))
            .unwrap_or(Ability::Brawl),
    };
    let dots = defender.sheet.ability(ability);
    let mut modifiers: Vec<Modifier> =
        situation.defender_extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)).collect();
    if defender.condition.defenses > 0 {
        let used = defender.condition.defenses as i32;
        modifiers.push(Modifier::new("defenses used since its turn", "condition", -used));
    }
    modifiers.extend(defender.armor_penalty(opts)?);
    modifiers.extend(defender.wound_modifier());
    let label = format!("Dexterity {dex} + {} {dots}", ability.name());
    Ok(Some(D10Spec {
        who: Roller::new(defender.id, &defender.name),
        label,
        base: (dex + dots) as i32,
        modifiers,
        difficulty: 6,
        damage: false,
    }))
}

/// A botch costs the roller its next action. File 001 has no botches: rules.md §3 defines them (no success and a 1),
/// and their effect is our decision.
fn botched(who: &mut Fighter, pool: &D10Pool, log: &mut Log) {
    if pool.botch {
        who.condition.loses_next_action = true;
        let what = "botched: it loses its next action".to_owned();
        log.push(Event::ActionTaken { who: who.id, action: what });
    }
}

/// Base damage + net successes, the added successes capped at Strength (melee) or Perception (ranged) when the
/// attack used Dexterity (file 001, IV.A.1).
pub(super) fn raw_damage(
    attacker: &Fighter,
    strike: &Strike<'_>,
    attribute: Attribute,
    net: u32,
    log: &mut Log,
) -> u32 {
    let w = strike.weapon;
    let strength = attacker.sheet.attributes.strength.0 as i32;
    let mut terms = vec![match w.damage.strength_based {
        true => {
            Term::fixed(format!("{} (Strength {strength} {:+})", w.name, w.damage.value), strength + w.damage.value)
        }
        false => Term::fixed(w.name.clone(), w.damage.value),
    }];
    let cap_by = if w.is_ranged() { Attribute::Perception } else { Attribute::Strength };
    let added = match attribute {
        Attribute::Dexterity => net.min(dots(attacker, cap_by)),
        _ => net,
    };
    terms.push(Term::fixed("net successes", net as i32));
    if added < net {
        terms.push(Term::fixed(
            format!("Dexterity attack: capped at {cap_by:?} {}", dots(attacker, cap_by)),
            added as i32 - net as i32,
        ));
    }
    let total = terms.iter().map(|t| t.value).sum::<i32>().max(0);
    log.push(Event::Calculated { who: attacker.id, label: "raw damage".into(), terms, total });
    total as u32
}

/// Soak by type (bashing Stamina + armor, lethal ⌊Stamina ÷ 2⌋ + armor, aggravated armor), then the damage roll:
/// each success is a health level.
fn damage(
    defender: &mut Fighter,
    kind: DamageType,
    raw: u32,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let count = raw as i32 - soak(defender, kind, log)?;
    if count <= 0 {
        return Ok(());
    }
    let label = format!("{kind:?} damage");
    let spec = D10Spec {
        who: Roller::new(defender.id, &defender.name),
        label,
        base: count,
        modifiers: Vec::new(),
        difficulty: 6,
        damage: true,
    };
    let levels = roll_d10(spec, dice, log)?.successes;
    defender.take(kind, levels, log);
    Ok(())
}
