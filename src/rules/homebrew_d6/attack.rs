//! Attacks (file 002, Defending from an Attack, Defense Frequency, Resolving Attacks; rules.md §4): the attack
//! pool and the best defense the table allows for the attack's kind less the defense frequency penalty (step 1);
//! steps 2–6, the damage, are in `damage.rs`.

use serde::{Deserialize, Serialize};

use super::damage::resolve_damage;
use super::gear::{AttackKind, Weapon};
use super::pool::roll;
use super::sheet::Skill;
use super::{Fighter, Options, RulesError, Ties};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{CoverLevel, Sight};
use crate::rules::engine::outcome::{Event, Log, Modifier, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::FighterState;
use crate::rules::engine::ruleset::Roller;
use crate::rules::mechanics::d6_pool::{Pool, PoolSpec};

/// The defense test chosen from file 002's table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defense {
    /// The largest pool the table allows.
    #[default]
    Best,
    /// Dodge + Reaction (melee, thrown) or Dodge + Intuition (accelerated).
    Dodge,
    /// Gymnastics + Agility.
    Gymnastics,
    /// Parry + Reaction (melee and thrown only).
    Parry,
    /// Agility + Edge (accelerated only).
    AgilityEdge,
}

/// An attack's situation. All fields are optional in a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub defense: Defense,
    /// The defender does not see it coming: no defense test.
    pub defender_unaware: bool,
    /// Other modifiers to the attack, by name.
    pub extra: Vec<(String, i32)>,
    /// Other modifiers to the defense, by name.
    pub defender_extra: Vec<(String, i32)>,
    /// What the map adds to the attack (cover, firing from cover, running), filled in at the attack.
    #[serde(skip)]
    pub map_attack: Vec<Modifier>,
    /// What the map adds to the defense.
    #[serde(skip)]
    pub map_defense: Vec<Modifier>,
}

impl Situation {
    /// This situation with the map's modifiers. The seed has no cover or movement modifiers: as the homebrew
    /// borrows Shadowrun 4's action economy, it borrows file 004's values too (our decision): partial cover −2,
    /// good cover −4, hidden −6, firing from cover −1, attacker running −2, defender running +2.
    pub fn on_map(&self, sight: &Sight, attacker_running: bool, defender_running: bool) -> Situation {
        let mut s = self.clone();
        let cover = match (sight.hidden, sight.cover) {
            (true, _) => Some(("hidden", -6)),
            (false, CoverLevel::None) => None,
            (false, CoverLevel::Light | CoverLevel::Partial) => Some(("partial cover", -2)),
            (false, CoverLevel::Heavy) => Some(("good cover", -4)),
        };
        s.map_attack.extend(cover.map(|(n, v)| Modifier::new(n, "cover", v)));
        if sight.attacker_in_cover {
            s.map_attack.push(Modifier::new("attacker firing from cover", "position", -1));
        }
        if attacker_running {
            s.map_attack.push(Modifier::new("attacker running", "movement", -2));
        }
        if defender_running {
            s.map_defense.push(Modifier::new("defender running", "movement", 2));
        }
        s
    }
}

/// One attack at one target.
pub struct Strike<'a> {
    pub weapon_id: &'a str,
    pub weapon: &'a Weapon,
    pub situation: &'a Situation,
    pub distance: u32,
}

fn named(list: &[(String, i32)]) -> Vec<Modifier> {
    list.iter().map(|(n, v)| Modifier::new(n, "game master", *v)).collect()
}

/// Resolves one attack: step 1 here, steps 2–6 in [`resolve_damage`].
pub fn resolve_strike(
    opts: &Options,
    attacker: &mut Fighter,
    defender: &mut Fighter,
    strike: &Strike<'_>,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let (w, s) = (strike.weapon, strike.situation);
    if strike.distance > w.range.unwrap_or(1) {
        return Err(RulesError::Illegal(Refusal::OutOfReach { target: defender.name.clone(), weapon: w.name.clone() }));
    }
    let attack = roll(attack_spec(attacker, strike), dice, log)?;
    let defense = defend(defender, attack_kind(strike), s, dice, log)?;
    let hit = hits(opts, w, attack.hits, defense.hits);
    let contact = if w.contact { " (contact only)" } else { "" };
    let tie = match (attack.hits == defense.hits, hit) {
        (true, true) => ": a tie hits",
        (true, false) => ": a tie, and only a contact-only attack hits on one",
        _ => "",
    };
    let reason = format!("{} hits against {}{contact}{tie}", attack.hits, defense.hits);
    log.push(Event::AttackResolved { attacker: attacker.id, defender: Some(defender.id), hit, graze: false, reason });
    glitch_effects(attacker, &attack, w.kind == AttackKind::Accelerated, strike.weapon_id, log);
    glitch_effects(defender, &defense, false, strike.weapon_id, log);
    if hit {
        resolve_damage(opts, attacker, defender, w, attack.hits - defense.hits, dice, log)?;
    }
    Ok(())
}

/// What kind of attack a strike is for the defense table. File 002: "Melee attacks consist of any swung or thrusted
/// weapon, unarmed attacks, and generally any simple attack from an adjacent enemy": an attack from the next cell
/// (1 m, diagonals too) is melee whatever the weapon; from farther off, the weapon's kind.
pub fn attack_kind(strike: &Strike<'_>) -> AttackKind {
    match strike.distance {
        0..=1 => AttackKind::Melee,
        _ => strike.weapon.kind,
    }
}

/// Step 1: as many hits as the defender or more (file 002); under the `ties: OnlyContact` option a tie hits only with a
/// contact-only weapon.
pub fn hits(opts: &Options, weapon: &Weapon, attack: u32, defense: u32) -> bool {
    match opts.ties {
        Ties::AllHit => attack >= defense,
        Ties::OnlyContact => attack > defense || (attack == defense && weapon.contact),
    }
}

/// The attack pool: Agility + weapon skill, the map's and the game master's modifiers, wounds.
pub(super) fn attack_spec<'a>(attacker: &'a Fighter, strike: &Strike<'_>) -> PoolSpec<'a> {
    let (w, s) = (strike.weapon, strike.situation);
    let agility = attacker.sheet.attributes.agility.0;
    let skill = attacker.sheet.skill(w.skill);
    let mut modifiers = s.map_attack.clone();
    modifiers.extend(named(&s.extra));
    modifiers.extend(attacker.wound_modifier());
    let label = format!("Agility {agility} + {} {skill}", w.skill.name());
    PoolSpec { who: Roller::new(attacker.id, &attacker.name), label, base: (agility + skill) as i32, modifiers }
}

/// The defense test: the chosen (or best) pool of the table for this kind of attack, less the defense frequency
/// penalty and wounds; then the penalty grows by 1.
fn defend(
    defender: &mut Fighter,
    kind: AttackKind,
    s: &Situation,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Pool, RulesError> {
    let Some(spec) = defense_spec(defender, kind, s)? else {
        return Ok(Pool::default());
    };
    let pool = roll(spec, dice, log)?;
    defender.condition.defended();
    Ok(pool)
}

/// The defense pool, or `None` when the defender rolls none (out of the fight, or unaware). A prone defender rolls 2
/// dice fewer: file 002 makes Prone an effect ("you fall Prone in addition to the normal effects of the attack")
/// without spelling it out, and as the homebrew borrows Shadowrun 4's actions, cover and running, it borrows file
/// 004's "Defender prone (-2)" (our decision).
pub(super) fn defense_spec<'a>(
    defender: &'a Fighter,
    kind: AttackKind,
    s: &Situation,
) -> Result<Option<PoolSpec<'a>>, RulesError> {
    if defender.is_out() || s.defender_unaware {
        return Ok(None);
    }
    let (label, base) = defense_pool(defender, kind, s.defense)?;
    let mut modifiers = s.map_defense.clone();
    modifiers.extend(named(&s.defender_extra));
    if defender.condition.has(&Status::Prone) {
        modifiers.push(Modifier::new("defender prone", "status", -2));
    }
    if defender.condition.defense_penalty > 0 {
        modifiers.push(Modifier::new(
            "defense frequency",
            "earlier defense tests",
            -(defender.condition.defense_penalty as i32),
        ));
    }
    modifiers.extend(defender.wound_modifier());
    Ok(Some(PoolSpec { who: Roller::new(defender.id, &defender.name), label, base, modifiers }))
}

/// File 002's table: melee and thrown attacks allow Dodge + Reaction, Gymnastics + Agility, Parry + Reaction;
/// accelerated projectiles allow Dodge + Intuition, Gymnastics + Agility, Agility + Edge.
fn defense_pool(f: &Fighter, kind: AttackKind, choice: Defense) -> Result<(String, i32), RulesError> {
    let a = &f.sheet.attributes;
    let skill = |s: Skill| f.sheet.skill(s);
    let pair = |s: Skill, attr: &str, dots: u32| {
        (format!("{} {} + {attr} {dots}", s.name(), skill(s)), (skill(s) + dots) as i32)
    };
    let dodge = match kind {
        AttackKind::Accelerated => pair(Skill::Dodge, "Intuition", a.intuition.0),
        _ => pair(Skill::Dodge, "Reaction", a.reaction.0),
    };
    let gymnastics = pair(Skill::Gymnastics, "Agility", a.agility.0);
    let third = match kind {
        AttackKind::Accelerated => {
            (format!("Agility {} + Edge {}", a.agility.0, a.edge.0), (a.agility.0 + a.edge.0) as i32)
        }
        _ => pair(Skill::Parry, "Reaction", a.reaction.0),
    };
    let illegal = |defense| Err(RulesError::Illegal(Refusal::NoSuchDefense { defense, attack: format!("{kind:?}") }));
    match (choice, kind) {
        (Defense::Dodge, _) => Ok(dodge),
        (Defense::Gymnastics, _) => Ok(gymnastics),
        (Defense::Parry, AttackKind::Accelerated) => illegal("Parry"),
        (Defense::AgilityEdge, AttackKind::Melee | AttackKind::Thrown) => illegal("Agility + Edge"),
        (Defense::Parry | Defense::AgilityEdge, _) => Ok(third),
        (Defense::Best, _) => Ok([dodge, gymnastics, third].into_iter().max_by_key(|(_, n)| *n).unwrap_or_default()),
    }
}

/// Glitches (our decision, as in Shadowrun 4; file 002 has no glitch rules): an attacker's glitch jams an
/// accelerated weapon; a critical glitch (no hit) leaves any other attacker, or a defender, prone.
pub(super) fn glitch_effects(who: &mut Fighter, pool: &Pool, jams: bool, weapon_id: &str, log: &mut Log) {
    if !pool.glitch || (!jams && !pool.critical_glitch) {
        return;
    }
    let status = if jams { Status::WeaponJammed(weapon_id.to_owned()) } else { Status::Prone };
    if !who.condition.has(&status) {
        who.condition.gain(status.clone());
        let kind = if pool.critical_glitch { "a critical glitch" } else { "a glitch" };
        let reason = match jams {
            true => format!("the {} jammed on {kind}", who.weapon_name_of(weapon_id)),
            false => kind.to_owned(),
        };
        log.push(Event::StatusGained { who: who.id, status, reason });
    }
}
