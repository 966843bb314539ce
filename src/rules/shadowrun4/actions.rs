//! The Shadowrun 4 action economy (rules.md §2): in each Action Phase one Free Action plus two Simple Actions or
//! one Complex Action. Firing single shots, semi-auto, bursts and long bursts is Simple (single-shot mode once a
//! phase); full auto and melee attacks are Complex. Calling a shot is the phase's Free Action (file 004). What each
//! action does, and what makes it illegal.

use crate::rules::engine::ruleset::FighterState;
use crate::rules::mechanics::fighter::Standing;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::attack::resolve_strike;
use super::attack::skill_pool;
use super::gear::{Weapon, WeaponRef};
use super::initiative::Shadowrun4;
use super::modifiers::Strike;
use super::modifiers::{CalledShot, Situation, Spread};
use super::pool::roll_pool;
use super::sheet::Skill;
use super::{Fighter, FiringMode, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Move, Pace, STEP};
use crate::rules::engine::outcome::{Event, Log, Status, Term};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::Roller;
use crate::rules::engine::ruleset::{Combatant, CombatantId, Slot, index, pair_mut};
use crate::rules::mechanics::d6_pool::PoolSpec;
use crate::rules::mechanics::doors::{UseDoor, use_door};
use crate::rules::mechanics::movement::{engaged, perform_move, settle_pace};
use crate::rules::mechanics::passes::{FreeAction, PhaseAction, phase_move};

/// One combatant's Action Phase, as a scenario scripts it.
pub type Action = PhaseAction<SimpleAction, ComplexAction>;

/// Simple Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SimpleAction {
    /// Single shot, semi-auto, burst or long burst.
    Fire(Attack),
    /// +1 die to the next attack.
    TakeAim,
    ReadyWeapon(WeaponRef),
    StandUp,
    /// Clear a jam (from a glitch) of the weapon in hand.
    ClearJam,
    /// Insert a fresh clip into the weapon in hand.
    Reload,
    /// Open or close a door beside it (our decision: the seed has no doors).
    UseDoor(UseDoor),
}

/// Complex Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ComplexAction {
    /// Full auto.
    Fire(Attack),
    Melee(Attack),
    /// Sprint: a Running + Strength test, each hit adding 2 m to this phase's run (SR4A; the seed gives none).
    Sprint(Move),
    Wait,
}

/// An attack at one target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The weapon, which must be in hand; the one in hand when not given (bare hands for melee without one).
    #[serde(default)]
    pub weapon: Option<WeaponRef>,
    /// The firing mode; single shot or semi-auto when not given.
    #[serde(default)]
    pub mode: Option<FiringMode>,
    pub target: CombatantId,
    #[serde(default)]
    pub situation: Situation,
}

/// Carries out one Action Phase.
pub fn perform_action(
    rules: &mut Shadowrun4,
    slot: Slot,
    action: &Action,
    battle: &mut [Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let me = &mut battle[slot.actor.index()].fighter;
    if me.condition.is_out() && !slot.simultaneous {
        return Err(RulesError::Illegal(Refusal::CannotAct { who: me.name.clone() }));
    }
    check_economy(action)?;
    start_phase(me);
    let me = &battle[slot.actor.index()].fighter;
    let pace = (me.sheet.movement, me.sheet.initiative_passes);
    if phase_move(&rules.field, battle, slot.actor.index(), action.movement.as_ref(), pace, log)? {
        return Ok(());
    }
    let me = &mut battle[slot.actor.index()].fighter;
    if let Some(FreeAction::DropProne) = action.free {
        me.condition.gain(Status::Prone);
        log.push(Event::ActionTaken { who: me.id, action: "drops prone (Free Action)".into() });
    }
    let jammed = |f: &Fighter| f.condition.has(&Status::WeaponJammed(f.drawn_id().to_owned()));
    let jammed_before = jammed(&battle[slot.actor.index()].fighter);
    for simple in &action.simple {
        let me = &battle[slot.actor.index()].fighter;
        if matches!(simple, SimpleAction::Fire(_)) && !jammed_before && jammed(me) {
            // The jam came from this phase's first shot: the second is lost, not illegal.
            let what = format!("loses its second shot: the {} jammed", FighterState::weapon_name(me));
            log.push(Event::ActionTaken { who: me.id, action: what });
            continue;
        }
        if let SimpleAction::UseDoor(door) = simple {
            rules.field = use_door(&rules.field, battle, slot.actor.index(), *door, log)?;
            continue;
        }
        simple_action(rules, slot.actor.index(), simple, battle, dice, log)?;
    }
    if let Some(complex) = &action.complex {
        complex_action(rules, slot.actor.index(), complex, battle, dice, log)?;
    }
    battle[slot.actor.index()].fighter.condition.full_defense = None;
    Ok(())
}

/// The start of a combatant's Action Phase: a full defense declared as an interrupt spends it (whether or not the
/// combatant had orders), and ends with it: nobody else acts in another's slot. The phase so spent is its action
/// (file 004: "defended against previous attacks since last action"): the defense count starts anew.
pub(super) fn start_slot(me: &mut Fighter, log: &mut Log) -> bool {
    if !me.condition.full_defense_owed {
        return true;
    }
    me.condition.full_defense_owed = false;
    me.condition.full_defense = None;
    start_phase(me);
    let what = "spends this Action Phase on the full defense it declared".to_owned();
    log.push(Event::ActionTaken { who: me.id, action: what });
    false
}

/// One Free, then two Simple or one Complex.
fn check_economy(action: &Action) -> Result<(), RulesError> {
    action.check_economy()?;
    let simple_complex =
        action.simple.iter().any(|s| matches!(s, SimpleAction::Fire(a) if a.mode.is_some_and(FiringMode::is_complex)));
    let complex_simple =
        matches!(&action.complex, Some(ComplexAction::Fire(a)) if !a.mode.is_some_and(FiringMode::is_complex));
    if simple_complex || complex_simple {
        return Err(RulesError::Illegal(Refusal::FullAutoIsComplex));
    }
    check_called_shots(action)?;
    if action.movement.is_some() && matches!(action.complex, Some(ComplexAction::Sprint(_))) {
        return Err(RulesError::Illegal(Refusal::SprintAndMove));
    }
    Ok(())
}

/// File 004: "Calling a shot is a free action". So one called shot a phase, and none when the Free Action went to
/// something else (dropping prone, running).
fn check_called_shots(action: &Action) -> Result<(), RulesError> {
    let attacks = action.simple.iter().filter_map(|s| match s {
        SimpleAction::Fire(a) => Some(a),
        _ => None,
    });
    let complex = match &action.complex {
        Some(ComplexAction::Fire(a) | ComplexAction::Melee(a)) => Some(a),
        _ => None,
    };
    let called = attacks.chain(complex).filter(|a| a.situation.called_shot.is_some()).count();
    let running = action.movement.as_ref().is_some_and(|m| m.pace == Pace::Run);
    match (called, action.free.is_some() || running) {
        (2.., _) => Err(RulesError::Illegal(Refusal::TwoCalledShots)),
        (1, true) => Err(RulesError::Illegal(Refusal::CalledShotWithoutFreeAction)),
        _ => Ok(()),
    }
}

/// A new Action Phase: defenses since the last action, recoil and targets start over.
pub(super) fn start_phase(me: &mut Fighter) {
    let c = &mut me.condition;
    (c.defenses, c.shots_this_phase, c.single_shot_this_phase) = (0, 0, false);
    c.targets_this_phase.clear();
}

fn simple_action(
    rules: &Shadowrun4,
    actor: usize,
    simple: &SimpleAction,
    battle: &mut [Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let me = &mut battle[actor].fighter;
    let said = |me: &Fighter, what: String| Event::ActionTaken { who: me.id, action: what };
    match simple {
        SimpleAction::Fire(attack) => return attack_with(rules, actor, attack, false, battle, dice, log),
        SimpleAction::TakeAim => {
            me.condition.aim += 1;
            log.push(said(me, format!("takes aim (Simple Action; +{} to the next attack)", me.condition.aim)));
        }
        SimpleAction::ReadyWeapon(w) => {
            if !me.sheet.weapons.contains(w) && w.0 != "unarmed" {
                return Err(RulesError::Illegal(Refusal::NotCarried { who: me.name.clone(), weapon: w.0.clone() }));
            }
            let weapon = me.sheet.gear.weapon(&w.0)?;
            me.condition.drawn = Some(w.clone());
            log.push(said(me, format!("readies the {} (Simple Action)", weapon.name)));
        }
        SimpleAction::StandUp => {
            me.condition.lose(&Status::Prone);
            log.push(said(me, "stands up (Simple Action)".into()));
        }
        SimpleAction::ClearJam => {
            let id = me.drawn_id().to_owned();
            me.condition.lose(&Status::WeaponJammed(id.clone()));
            log.push(said(me, format!("clears the {} (Simple Action)", me.weapon_name_of(&id))));
        }
        SimpleAction::Reload => {
            let id = me.drawn_id().to_owned();
            me.condition.ammo.remove(&id);
            log.push(said(me, format!("reloads the {} (Simple Action)", me.weapon_name_of(&id))));
        }
        // The phase's loop opens and closes doors: they change the ground.
        SimpleAction::UseDoor(door) => return Err(RulesError::Illegal(Refusal::NoSuchDoor { door: door.door })),
    }
    Ok(())
}

fn complex_action(
    rules: &Shadowrun4,
    actor: usize,
    complex: &ComplexAction,
    battle: &mut [Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    match complex {
        ComplexAction::Fire(attack) => attack_with(rules, actor, attack, false, battle, dice, log),
        ComplexAction::Melee(attack) => attack_with(rules, actor, attack, true, battle, dice, log),
        ComplexAction::Sprint(mv) => sprint(rules, actor, mv, battle, dice, log),
        ComplexAction::Wait => {
            let me = &battle[actor].fighter;
            log.push(Event::ActionTaken { who: me.id, action: "waits".into() });
            Ok(())
        }
    }
}

/// Sprints: Running + Strength (wound modifiers apply), then runs this phase's share of the running rate plus 2 m
/// a hit. The phase may not have moved before.
fn sprint(
    rules: &Shadowrun4,
    actor: usize,
    mv: &Move,
    battle: &mut [Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let me = &battle[actor].fighter;
    let strength = me.sheet.attributes.strength.0 as i32;
    let (label, base, mut modifiers) = skill_pool("Strength", strength, me, Skill::Running);
    modifiers.extend(me.wound_modifier());
    log.push(Event::ActionTaken { who: me.id, action: "sprints (Complex Action)".into() });
    let pool = roll_pool(PoolSpec { who: Roller::new(me.id, &me.name), label, base, modifiers }, dice, log)?;
    let (rates, passes) = (me.sheet.movement, me.sheet.initiative_passes);
    let allowance = rates.per_part(Pace::Run, passes) + pool.hits * 2 * STEP;
    let terms = vec![
        Term::fixed("running rate this pass", (rates.per_part(Pace::Run, passes) / STEP) as i32),
        Term::fixed("2 m per hit", (pool.hits * 2) as i32),
    ];
    log.push(Event::Calculated { who: me.id, label: "sprint (m)".into(), terms, total: (allowance / STEP) as i32 });
    settle_pace(&mut battle[actor], true, log);
    perform_move(&*rules.field, battle, actor, &Move { to: mv.to, pace: Pace::Run }, allowance, log)?;
    Ok(())
}

/// An attack checked and set up against the battle as it stands: target, weapon, mode, the situation with the
/// map's cover and running, the distance, and surprise.
pub(super) struct Prepared {
    pub target: usize,
    pub id: String,
    pub weapon: Arc<Weapon>,
    pub mode: FiringMode,
    pub situation: Situation,
    pub meters: u32,
    pub surprised: bool,
}

impl Prepared {
    pub fn strike(&self) -> Strike<'_> {
        let (weapon_id, weapon, mode, situation) = (&self.id, &*self.weapon, self.mode, &self.situation);
        Strike { weapon_id, weapon, mode, situation, distance: self.meters, surprised: self.surprised }
    }
}

/// Checks an attack (target, surprise, called shot, weapon, firing mode, ammunition, line of fire) and sets it up.
pub(super) fn prepare(
    rules: &Shadowrun4,
    actor: usize,
    attack: &Attack,
    melee: bool,
    battle: &[Combatant<Fighter>],
) -> Result<Prepared, RulesError> {
    let target = index(battle, attack.target)?;
    if rules.held_back(actor, target) {
        return Err(RulesError::Illegal(Refusal::Surprised { target: battle[target].fighter.name.clone() }));
    }
    if let Some(CalledShot::VitalArea(n)) = attack.situation.called_shot
        && !(1..=4).contains(&n)
    {
        return Err(RulesError::Illegal(Refusal::VitalAreaDv { dv: n }));
    }
    let (me, them) = (&battle[actor], &battle[target]);
    let (id, weapon) = weapon_for(&me.fighter, attack.weapon.as_ref(), melee)?;
    let mode = attack.mode.unwrap_or(if weapon.modes.contains(&super::gear::ModeKind::SemiAuto) {
        FiringMode::SemiAuto
    } else {
        FiringMode::SingleShot
    });
    if !melee {
        check_fire(&me.fighter, &id, &weapon, mode, &attack.situation)?;
    }
    let sight = rules.field.sight(me.position, them.position);
    if sight.blocked {
        // a wall between stops a blow as it stops a shot (a wall between two cells side by side, docs/maps.md)
        let (from, to) = (me.fighter.name.clone(), them.fighter.name.clone());
        return Err(RulesError::Illegal(Refusal::WallBetween { from, to }));
    }
    let running = |f: &Fighter| f.condition.has(&Status::Running);
    let field = &*rules.field;
    let in_melee = (engaged(field, battle, actor, None), engaged(field, battle, target, Some(actor)));
    let situation = attack.situation.on_map(&sight, (running(&me.fighter), running(&them.fighter)), in_melee);
    let surprised = rules.surprised(actor, target);
    Ok(Prepared { target, id, weapon, mode, situation, meters: sight.reach_m(), surprised })
}

/// Checks and makes one attack.
fn attack_with(
    rules: &Shadowrun4,
    actor: usize,
    attack: &Attack,
    melee: bool,
    battle: &mut [Combatant<Fighter>],
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(), RulesError> {
    let prepared = prepare(rules, actor, attack, melee, battle)?;
    let (weapon, mode) = (prepared.weapon.clone(), prepared.mode);
    if !melee {
        spend_ammo(&mut battle[actor].fighter, &prepared.id, &weapon, mode)?;
    }
    let Some((me, them)) = pair_mut(battle, actor, prepared.target) else {
        return Err(RulesError::Illegal(Refusal::AttackOnItself));
    };
    let kind = if melee { "attacks in melee with".to_owned() } else { format!("fires ({mode})") };
    let what = format!("{kind} the {} at {}", weapon.name, them.fighter.name);
    log.push(Event::ActionTaken { who: me.fighter.id, action: what });
    resolve_strike(&mut me.fighter, &mut them.fighter, &prepared.strike(), dice, log)?;
    let c = &mut me.fighter.condition;
    c.shots_this_phase += 1;
    c.single_shot_this_phase |= mode == FiringMode::SingleShot && !melee;
    c.targets_this_phase.push(them.fighter.id);
    c.aim = 0;
    Ok(())
}

/// The weapon used: the named one, which must be in hand (bare hands always are), else the one in hand; a
/// melee attack with a firearm in hand is made with bare hands.
pub(super) fn weapon_for(
    me: &Fighter,
    named: Option<&WeaponRef>,
    melee: bool,
) -> Result<(String, Arc<Weapon>), RulesError> {
    let id = match named {
        Some(w) if w.0 != "unarmed" && me.drawn_id() != w.0 => {
            return Err(RulesError::Illegal(Refusal::not_in_hand(&me.name, &w.0, "ready", "a Simple Action")));
        }
        Some(w) => w.0.clone(),
        None => me.drawn_id().to_owned(),
    };
    let weapon = me.sheet.gear.weapon(&id)?;
    match (melee, weapon.is_melee()) {
        (true, false) => Ok(("unarmed".into(), me.sheet.gear.weapon("unarmed")?)),
        (false, true) => Err(RulesError::Illegal(Refusal::MeleeWeapon { weapon: weapon.name.clone() })),
        _ => Ok((id, weapon)),
    }
}

fn check_fire(
    me: &Fighter,
    id: &str,
    weapon: &Weapon,
    mode: FiringMode,
    situation: &Situation,
) -> Result<(), RulesError> {
    let c = &me.condition;
    if c.single_shot_this_phase || (mode == FiringMode::SingleShot && c.shots_this_phase > 0) {
        return Err(RulesError::Illegal(Refusal::SingleShotAgain));
    }
    if situation.spread != Spread::Narrow && !weapon.shotgun {
        return Err(RulesError::Illegal(Refusal::NotShotgun { weapon: weapon.name.clone() }));
    }
    if me.condition.has(&Status::WeaponJammed(id.to_owned())) {
        return Err(RulesError::Illegal(Refusal::Jammed { who: me.name.clone(), weapon: weapon.name.clone() }));
    }
    if !mode.needs().iter().any(|m| weapon.modes.contains(m)) {
        let (mode, modes) = (mode.to_string(), format!("{:?}", weapon.modes));
        return Err(RulesError::Illegal(Refusal::NoSuchMode { weapon: weapon.name.clone(), mode, modes }));
    }
    Ok(())
}

fn spend_ammo(me: &mut Fighter, id: &str, weapon: &Weapon, mode: FiringMode) -> Result<(), RulesError> {
    let Some(left) = me.rounds_left(id, weapon) else { return Ok(()) };
    if left < mode.rounds() {
        return Err(RulesError::Illegal(Refusal::ammo_short(&me.name, &weapon.name, left, mode, mode.rounds())));
    }
    me.condition.ammo.insert(id.to_owned(), left - mode.rounds());
    Ok(())
}
