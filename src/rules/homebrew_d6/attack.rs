//! Attacks (file 002, Defending from an Attack, Defense Frequency, Resolving Attacks; rules.md §4): the attack
//! pool, the best defense the table allows for the attack's kind less the defense frequency penalty, then the six
//! resolution steps in order.

use serde::{Deserialize, Serialize};

use super::gear::{AttackKind, DamageType, Track, Weapon};
use super::sheet::Skill;
use super::{CriticalResistance, Fighter, Options, RulesError, Ties};
use crate::rules::d6_pool::{GlitchRule, Pool, PoolSpec, roll_pool_with};
use crate::rules::dice::Dice;
use crate::rules::field::{CoverLevel, Sight};
use crate::rules::outcome::{Event, Log, Modifier, Status, Term};
use crate::rules::ruleset::FighterState;
use crate::rules::ruleset::{CombatantId, Roller};

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

fn roll(spec: PoolSpec<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<Pool, RulesError> {
    Ok(roll_pool_with(spec, GlitchRule::MoreThanHalf, dice, log)?)
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
        return Err(RulesError::Illegal(format!("{} is out of the {}'s reach", defender.name, w.name)));
    }
    let attack = roll(attack_spec(attacker, strike), dice, log)?;
    let defense = defend(defender, w.kind, s, dice, log)?;
    let hit = hits(opts, w, attack.hits, defense.hits);
    let contact = if w.contact { " (contact only)" } else { "" };
    let tie = match (attack.hits == defense.hits, hit) {
        (true, true) => ": a tie hits",
        (true, false) => ": a tie, and only a contact-only attack hits on one",
        _ => "",
    };
    let reason = format!("{} hits against {}{contact}{tie}", attack.hits, defense.hits);
    log.push(Event::AttackResolved { attacker: attacker.id, defender: Some(defender.id), hit, reason });
    glitch_effects(attacker, &attack, w.kind == AttackKind::Accelerated, strike.weapon_id, log);
    glitch_effects(defender, &defense, false, strike.weapon_id, log);
    if hit {
        resolve_damage(opts, attacker, defender, w, attack.hits - defense.hits, dice, log)?;
    }
    Ok(())
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

/// The defense pool, or `None` when the defender rolls none (out of the fight, or unaware).
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
    let illegal = |what: &str| Err(RulesError::Illegal(format!("{what} is not a defense against a {kind:?} attack")));
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
        log.push(Event::StatusGained { who: who.id, status, reason: kind.into() });
    }
}

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
    let dv_terms = vec![
        Term::fixed(format!("{} {}", weapon.name, weapon.damage), weapon.damage.value),
        Term::fixed("net hits", net_hits as i32),
    ];
    let dv = calc(log, attacker.id, "step 2: modified DV", dv_terms);
    let av = modified_av(defender, weapon, log)?;
    let terms = vec![Term::fixed("modified DV", dv), Term::fixed("modified AV", -av)];
    Ok(calc(log, defender.id, "step 4: modified DV less modified AV", terms))
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
fn modified_av(defender: &Fighter, weapon: &Weapon, log: &mut Log) -> Result<i32, RulesError> {
    let kind = weapon.damage.kind;
    let mut av = 0;
    for piece in &defender.sheet.armor {
        av += piece.armor()?.av(kind) as i32;
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
