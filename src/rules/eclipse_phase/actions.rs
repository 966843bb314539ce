//! The Eclipse Phase action economy (rules.md §1): in each Action Phase a character takes Quick Actions (draw a
//! weapon, stand up) and one Complex Action (attack, full defense, clear a jam, reload, aim, wait). What each does,
//! and the checks that make an action illegal (a jammed or holstered weapon, too many shots, no ammunition).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::attack::{Shot, resolve_shot};
use super::gear::preferred_mode;
use super::gear::{Weapon, WeaponRef};
use super::initiative::EclipsePhase;
use super::modifiers::Situation;
use super::{Fighter, FiringMode, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Cell, Field, Move, Pace, Sight};
use crate::rules::engine::outcome::{Event, Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, index, name_of, pair_mut};
use crate::rules::mechanics::doors::{UseDoor, use_door};
use crate::rules::mechanics::movement::{engaged, perform_move, settle_pace};

/// One combatant's Action Phase, as a scenario scripts it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub actor: CombatantId,
    #[serde(default)]
    pub quick: Vec<QuickAction>,
    #[serde(default)]
    pub complex: Option<ComplexAction>,
}

/// Quick Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QuickAction {
    /// Draw a carried weapon.
    Draw(WeaponRef),
    StandUp,
    /// Move this phase's share of the movement rate, walking or running (our decision: the seeds give no movement
    /// rules; running makes the phase's attacks "attacker running").
    Move(Move),
    /// Open or close a door beside it (our decision: the seeds have no doors).
    UseDoor(UseDoor),
}

/// Complex Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ComplexAction {
    Attack(Attack),
    /// Throw or fire a blast or uniform-blast weapon.
    AreaAttack(AreaAttack),
    /// +30 to defense until the start of your next Action Phase.
    FullDefense,
    /// Clear the malfunction of the weapon in hand.
    ClearJam,
    /// Reload the weapon in hand.
    Reload,
    /// Fix your aim on a target: +30 to your next shot at it.
    Aim(CombatantId),
    Wait,
}

/// An attack with the weapon in hand: one target per shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The weapon, which must be in hand; the one in hand when not given.
    #[serde(default)]
    pub weapon: Option<WeaponRef>,
    /// The firing mode; the weapon's preferred mode when not given.
    #[serde(default)]
    pub mode: Option<FiringMode>,
    /// One target per shot: semi-auto and burst allow two shots, other modes one.
    pub targets: Vec<CombatantId>,
    #[serde(default)]
    pub situation: Situation,
}

/// A blast or uniform blast thrown or fired at a combatant (`target`) or at a cell (`at`): give one of the two. Who
/// is caught, and how far from the center, comes from the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaAttack {
    #[serde(default)]
    pub weapon: Option<WeaponRef>,
    /// The combatant the blast is centered on.
    #[serde(default)]
    pub target: Option<CombatantId>,
    /// The cell the blast is centered on.
    #[serde(default)]
    pub at: Option<Cell>,
    #[serde(default)]
    pub situation: Situation,
}

pub(super) fn quick_action(me: &mut Fighter, quick: &QuickAction, log: &mut Log) -> Result<(), RulesError> {
    match quick {
        QuickAction::Draw(w) => {
            if !me.sheet.weapons.contains(w) {
                return Err(RulesError::Illegal(Refusal::NotCarried { who: me.name.clone(), weapon: w.0.clone() }));
            }
            let weapon = me.sheet.gear.weapon(&w.0)?;
            if me.rounds_left(&w.0, &weapon) == Some(0) && weapon.is_thrown() {
                return Err(RulesError::Illegal(Refusal::NoneLeft {
                    who: me.name.clone(),
                    weapon: weapon.name.clone(),
                }));
            }
            me.condition.drawn = Some(w.clone());
            log.push(Event::ActionTaken { who: me.id, action: format!("draws the {} (Quick Action)", weapon.name) });
        }
        QuickAction::StandUp => {
            me.condition.lose(&Status::Prone);
            log.push(Event::ActionTaken { who: me.id, action: "stands up (Quick Action)".into() });
        }
        QuickAction::Move(_) => return Err(RulesError::Illegal(Refusal::MoveOffTheMap)),
        QuickAction::UseDoor(door) => return Err(RulesError::Illegal(Refusal::NoSuchDoor { door: door.door })),
    }
    Ok(())
}

/// The Quick Actions of a phase in order; moves go through the battlefield, and a door opened or closed changes it.
pub(super) fn quick_actions(
    field: &mut Field,
    actor: usize,
    quick: &[QuickAction],
    battle: &mut [Combatant<Fighter>],
    log: &mut Log,
) -> Result<(), RulesError> {
    let moves: Vec<&Move> =
        quick.iter().filter_map(|q| if let QuickAction::Move(m) = q { Some(m) } else { None }).collect();
    if moves.len() > 1 {
        return Err(RulesError::Illegal(Refusal::TwoMoves));
    }
    settle_pace(&mut battle[actor], moves.first().is_some_and(|m| m.pace == Pace::Run), log);
    for q in quick {
        match q {
            QuickAction::Move(mv) => {
                let sheet = &battle[actor].fighter.sheet;
                let allowance = sheet.movement.per_part(mv.pace, sheet.speed);
                let path = perform_move(&**field, battle, actor, mv, allowance, log)?;
                super::aim::check_sights(field, battle, actor, &path, log);
            }
            QuickAction::UseDoor(door) => *field = use_door(field, battle, actor, *door, log)?,
            other => quick_action(&mut battle[actor].fighter, other, log)?,
        }
    }
    Ok(())
}

impl EclipsePhase {
    pub(super) fn complex_action(
        &self,
        actor: usize,
        complex: &ComplexAction,
        quick: &[QuickAction],
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let me = &mut battle[actor].fighter;
        let said = |me: &Fighter, what: &str| Event::ActionTaken { who: me.id, action: what.to_owned() };
        match complex {
            ComplexAction::Attack(attack) => {
                return self.attack(actor, attack, !quick.is_empty(), battle, dice, log);
            }
            ComplexAction::AreaAttack(area) => {
                return self.area_attack(actor, area, !quick.is_empty(), battle, dice, log);
            }
            ComplexAction::FullDefense => {
                me.condition.gain(Status::FullDefense);
                log.push(said(me, "goes on full defense (Complex Action)"));
            }
            ComplexAction::ClearJam => {
                let id = me.drawn_id().to_owned();
                me.condition.lose(&Status::WeaponJammed(id));
                log.push(said(me, "clears the weapon's malfunction (Complex Action)"));
            }
            ComplexAction::Reload => {
                let id = me.drawn_id().to_owned();
                if me.drawn_weapon()?.is_thrown() {
                    return Err(RulesError::Illegal(Refusal::ThrownReload { weapon: id }));
                }
                me.condition.ammo.remove(&id);
                log.push(said(me, &format!("reloads the {} (Complex Action)", me.weapon_name_of(&id))));
            }
            ComplexAction::Aim(target) => return super::aim::take_aim(&self.field, actor, *target, battle, log),
            ComplexAction::Wait => log.push(said(me, "waits")),
        }
        Ok(())
    }

    fn attack(
        &self,
        actor: usize,
        attack: &Attack,
        used_quick: bool,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let (id, weapon) = weapon_in_hand(&battle[actor].fighter, attack.weapon.as_ref())?;
        let mode = attack.mode.unwrap_or_else(|| preferred_mode(&weapon));
        check_attack(&battle[actor].fighter, &id, &weapon, mode, attack, used_quick)?;
        let names: Vec<String> = attack.targets.iter().map(|&t| name_of(battle, t)).collect();
        let what = format!("attacks with the {} ({mode}) at {} (Complex Action)", weapon.name, names.join(", "));
        log.push(Event::ActionTaken { who: battle[actor].fighter.id, action: what });
        let mut shot_at: Vec<CombatantId> = Vec::new();
        for (n, &target) in attack.targets.iter().enumerate() {
            let t = index(battle, target)?;
            let other_targets = shot_at.iter().filter(|&&n| n != target).count() as u32;
            if !shot_at.contains(&target) {
                shot_at.push(target);
            }
            let (situation, meters) = self.aim_at(battle, actor, t, &weapon, &attack.situation)?;
            spend_ammo(&mut battle[actor].fighter, &id, &weapon, mode, log)?;
            let Some((me, them)) = pair_mut(battle, actor, t) else {
                return Err(RulesError::Illegal(Refusal::AttackOnItself));
            };
            let shot =
                Shot { other_targets, second_shot: n > 0, ..Shot::first(&id, &weapon, mode, &situation, meters) };
            resolve_shot(&self.options, &mut me.fighter, &mut them.fighter, &shot, dice, log)?;
            if me.fighter.condition.has(&Status::WeaponJammed(id.clone())) {
                break;
            }
        }
        battle[actor].fighter.condition.aim = None;
        Ok(())
    }
}

impl EclipsePhase {
    /// What the map makes of a shot from `actor` at `target`: the situation ([`Self::on_map`]) and the distance in
    /// meters. A wall between stops a ranged attack.
    pub(super) fn aim_at(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        target: usize,
        weapon: &Weapon,
        situation: &Situation,
    ) -> Result<(Situation, u32), RulesError> {
        let (me, them) = (&battle[actor], &battle[target]);
        let sight = self.field.sight(me.position, them.position);
        if sight.blocked {
            // a wall between stops a blow as it stops a shot (a wall between two cells side by side)
            let (from, to) = (me.fighter.name.clone(), them.fighter.name.clone());
            return Err(RulesError::Illegal(Refusal::WallBetween { from, to }));
        }
        Ok((self.on_map(battle, (actor, Some(target)), &sight, weapon, situation), sight.reach_m()))
    }

    /// What the map makes of an attack by `actor` with `weapon` along `sight`, at combatant `target` when it is aimed
    /// at one: the situation with cover, hidden, superior position and running, and the attacker in melee. Shots and
    /// blasts alike (a blast at a cell has no target).
    pub(super) fn on_map(
        &self,
        battle: &[Combatant<Fighter>],
        (actor, target): (usize, Option<usize>),
        sight: &Sight,
        weapon: &Weapon,
        situation: &Situation,
    ) -> Situation {
        let me = &battle[actor];
        let melee = weapon.skill.is_melee();
        let mut situation = situation.on_map(sight, me.fighter.condition.has(&Status::Running));
        // File 003's "Attacker in melee" (ranged, a throw as a shot): an enemy stands next to it on the map.
        situation.attacker_in_melee |= !melee && engaged(&*self.field, battle, actor, None);
        // A defender on high ground has superior position against a melee attacker below (file 000, step 3: the
        // defender's modifiers too); against a shot, high ground is the shooter's alone.
        if let Some(them) = target.filter(|_| melee).map(|t| &battle[t]) {
            situation.defender_superior_position |= self.field.sight(them.position, me.position).high_ground;
        }
        situation
    }
}

/// The weapon in hand, checking that a named weapon is the one drawn (unarmed needs no drawing).
pub(super) fn weapon_in_hand(me: &Fighter, named: Option<&WeaponRef>) -> Result<(String, Arc<Weapon>), RulesError> {
    let id = match named {
        Some(w) if w.0 != "unarmed" && me.drawn_id() != w.0 => {
            return Err(RulesError::Illegal(Refusal::not_in_hand(&me.name, &w.0, "draw", "a Quick Action")));
        }
        Some(w) => w.0.clone(),
        None => me.drawn_id().to_owned(),
    };
    let weapon = me.sheet.gear.weapon(&id)?;
    Ok((id, weapon))
}

pub(super) fn check_attack(
    me: &Fighter,
    id: &str,
    weapon: &Weapon,
    mode: FiringMode,
    attack: &Attack,
    used_quick: bool,
) -> Result<(), RulesError> {
    let illegal = |refusal| Err(RulesError::Illegal(refusal));
    if me.condition.has(&Status::WeaponJammed(id.to_owned())) {
        return illegal(Refusal::Malfunctioned { who: me.name.clone(), weapon: weapon.name.clone() });
    }
    // A melee weapon lists no firing modes: it strikes once, as a single shot does.
    let listed = weapon.modes.contains(&mode.kind()) || (weapon.modes.is_empty() && mode == FiringMode::SingleShot);
    if !listed {
        let (mode, modes) = (mode.to_string(), format!("{:?}", weapon.modes));
        return illegal(Refusal::NoSuchMode { weapon: weapon.name.clone(), mode, modes });
    }
    if attack.targets.is_empty() || attack.targets.len() > mode.shots_per_action() {
        let (most, given) = (mode.shots_per_action(), attack.targets.len());
        return illegal(Refusal::ShotCount { mode: mode.to_string(), most, given });
    }
    check_quick_aim(&attack.situation, used_quick)
}

/// File 003: "a character can sacrifice their other Quick Actions to concentrate on targeting a ranged attack and
/// receive a +10 modifier": a quick aim, at a shot or a throw, is refused in a phase that took a Quick Action.
pub(super) fn check_quick_aim(situation: &Situation, used_quick: bool) -> Result<(), RulesError> {
    match situation.aim_quick && used_quick {
        true => Err(RulesError::Illegal(Refusal::QuickAimWithQuickActions)),
        false => Ok(()),
    }
}

/// Takes a shot's rounds from the weapon; a thrown weapon is used up, and the hand is empty after the last one.
pub(super) fn spend_ammo(
    me: &mut Fighter,
    id: &str,
    weapon: &Weapon,
    mode: FiringMode,
    log: &mut Log,
) -> Result<(), RulesError> {
    let Some(left) = me.rounds_left(id, weapon) else {
        return Ok(());
    };
    if left < mode.rounds() {
        return Err(RulesError::Illegal(Refusal::ammo_short(&me.name, &weapon.name, left, mode, mode.rounds())));
    }
    me.condition.ammo.insert(id.to_owned(), left - mode.rounds());
    if weapon.is_thrown() && left == mode.rounds() {
        me.condition.drawn = Some(WeaponRef::new("unarmed"));
        let action = format!("has thrown its last {}", weapon.name);
        log.push(Event::ActionTaken { who: me.id, action });
    }
    Ok(())
}
