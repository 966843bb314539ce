//! The homebrew's turn: initiative and actions as Shadowrun 4 (rules.md §4). Reaction + Intuition plus hits, in
//! initiative passes; in each Action Phase one Free Action and two Simple Actions or one Complex Action. Thrown and
//! accelerated attacks are Simple, melee attacks Complex. Each slot begins by easing the defense frequency penalty.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::attack::{Situation, Strike, attack_kind, resolve_strike};
use super::gear::{AttackKind, Weapon, WeaponRef};
use super::{Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Dm, Field, Pace};
use crate::rules::engine::outcome::{Event, Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{
    Combatant, CombatantId, FighterState, Roller, Ruleset, Slot, Track, index, pair_mut,
};
use crate::rules::mechanics::approach::{Plan, anyone, plan};
use crate::rules::mechanics::d6_pool::GlitchRule;
use crate::rules::mechanics::doors::{UseDoor, use_door};
use crate::rules::mechanics::odds::AttackOdds;
use crate::rules::mechanics::passes::{
    FreeAction, InitiativeRoll, PassEntry, Passes, PhaseAction, phase_move, roll_initiative,
};

/// One combatant's Action Phase, as a scenario scripts it.
pub type Action = PhaseAction<SimpleAction, ComplexAction>;

/// Simple Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SimpleAction {
    /// A thrown or accelerated attack.
    Attack(Attack),
    ReadyWeapon(WeaponRef),
    StandUp,
    ClearJam,
    /// Open or close a door beside it (our decision: the seed has no doors).
    UseDoor(UseDoor),
}

/// Complex Actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ComplexAction {
    /// A melee attack.
    Attack(Attack),
    Wait,
}

/// An attack with the weapon in hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub target: CombatantId,
    #[serde(default)]
    pub situation: Situation,
}

/// The homebrew with its options and the state of the current turn.
#[derive(Clone, Debug, Default)]
pub struct HomebrewD6 {
    pub options: Options,
    passes: Passes,
    /// The ground fought on.
    pub field: Field,
}

impl HomebrewD6 {
    /// The ruleset with these options.
    pub fn new(options: Options) -> Self {
        Self { options, passes: Passes::default(), field: Field::default() }
    }
}

/// Initiative as Shadowrun 4, under the homebrew's glitch rule.
fn roll_one(f: &Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<PassEntry, RulesError> {
    let a = &f.sheet.attributes;
    let (reaction, intuition, passes) = (a.reaction.0, a.intuition.0, f.sheet.initiative_passes);
    let wounds = f.condition.wound_modifier();
    let roll = InitiativeRoll {
        who: Roller::new(f.id, &f.name),
        reaction,
        intuition,
        passes,
        glitch_rule: GlitchRule::MoreThanHalf,
        wounds,
        encumbrance: 0,
    };
    roll_initiative(roll, dice, log)
}

impl Ruleset for HomebrewD6 {
    type Fighter = Fighter;
    type Action = Action;

    fn name(&self) -> &'static str {
        "d6 homebrew (E/I/P, Light/Critical)"
    }

    fn start_turn(
        &mut self,
        _turn: u32,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let mut entries = Vec::new();
        for c in battle.iter() {
            entries.push(if c.fighter.is_out() { None } else { Some(roll_one(&c.fighter, dice, log)?) });
        }
        self.passes.start(entries);
        Ok(())
    }

    fn initiative(&self, actor: usize, battle: &[Combatant<Fighter>]) -> Option<i32> {
        self.passes.score_now(actor, battle)
    }

    fn set_initiative(&mut self, actor: usize, score: i32, battle: &[Combatant<Fighter>]) -> Result<(), String> {
        self.passes.set_score_now(actor, score, battle)
    }

    fn next_slot(&mut self, battle: &[Combatant<Fighter>]) -> Option<Slot> {
        self.passes.next(battle)
    }

    fn perform(
        &mut self,
        slot: Slot,
        action: &Action,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let me = &mut battle[slot.actor.index()].fighter;
        if me.is_out() && !slot.simultaneous {
            return Err(RulesError::Illegal(Refusal::CannotAct { who: me.name.clone() }));
        }
        action.check_economy()?;
        let pace = (me.sheet.movement, me.sheet.initiative_passes);
        if phase_move(&self.field, battle, slot.actor.index(), action.movement.as_ref(), pace, log)? {
            return Ok(());
        }
        let me = &mut battle[slot.actor.index()].fighter;
        if let Some(FreeAction::DropProne) = action.free {
            me.condition.gain(Status::Prone);
            log.push(Event::ActionTaken { who: me.id, action: "drops prone (Free Action)".into() });
        }
        for simple in &action.simple {
            if let SimpleAction::UseDoor(door) = simple {
                // A door changes the ground: the rest of the phase is played on the new one.
                self.field = use_door(&self.field, battle, slot.actor.index(), *door, log)?;
                continue;
            }
            self.simple(slot.actor.index(), simple, battle, dice, log)?;
        }
        match &action.complex {
            Some(ComplexAction::Attack(attack)) => self.attack(slot.actor.index(), attack, true, battle, dice, log),
            Some(ComplexAction::Wait) => {
                let me = &battle[slot.actor.index()].fighter;
                log.push(Event::ActionTaken { who: me.id, action: "waits".into() });
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// File 002, Defense Frequency: the penalty "is reduced by 1 at the start of your turn every initiative pass" (or
    /// reset to 0 with no defense test since the last), when the slot comes, whether or not the combatant then acts.
    fn start_slot(&mut self, slot: Slot, battle: &mut [Combatant<Fighter>], _log: &mut Log) -> bool {
        battle[slot.actor.index()].fighter.condition.start_turn();
        true
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        let f = &battle[slot.actor.index()].fighter;
        let weapon = f.sheet.gear.weapon(f.drawn_id()).ok()?;
        let melee = weapon.kind == AttackKind::Melee;
        let reach = self.reach_of(f);
        let mut act = Action::empty(f.id);
        if f.condition.has(&Status::WeaponJammed(f.drawn_id().to_owned())) {
            act.simple.push(SimpleAction::ClearJam);
            return Some(act);
        }
        let passes = f.sheet.initiative_passes;
        let rates = (f.sheet.movement.per_part(Pace::Walk, passes), f.sheet.movement.per_part(Pace::Run, passes));
        let Plan { movement, target } = plan(&self.field, battle, slot.actor.index(), reach, rates, &anyone)?;
        act.movement = movement;
        let attack = |t: usize| Attack { target: battle[t].fighter.id, situation: Situation::default() };
        match (target, melee) {
            (Some(t), true) => act.complex = Some(ComplexAction::Attack(attack(t))),
            (Some(t), false) => act.simple = vec![SimpleAction::Attack(attack(t)), SimpleAction::Attack(attack(t))],
            (None, _) => act.complex = Some(ComplexAction::Wait),
        }
        Some(act)
    }

    fn announces_phases(&self) -> bool {
        false
    }

    fn paces(&self, f: &Fighter) -> (Dm, Dm) {
        let (m, parts) = (f.sheet.movement, f.sheet.initiative_passes);
        (m.per_part(Pace::Walk, parts), m.per_part(Pace::Run, parts))
    }

    fn set_taken(&self, f: &mut Fighter, track: usize, taken: u32) {
        // The Light track holds no more than its boxes (past them, damage overflows into Critical).
        let taken = if track == 0 { taken.min(f.light_boxes(&self.options)) } else { taken };
        crate::rules::mechanics::suppose::Suppose::suppose_taken(f, track, taken);
    }

    fn track_statuses(&self, f: &Fighter) -> Vec<(Status, bool)> {
        super::gm::track_statuses(&self.options, f)
    }

    fn tracks(&self, f: &Fighter) -> Vec<Track> {
        let (c, o) = (&f.condition, &self.options);
        vec![Track::new("Light", c.light, f.light_boxes(o)), Track::new("Critical", c.critical, f.critical_boxes(o))]
    }

    fn field(&self) -> &Field {
        &self.field
    }

    fn set_field(&mut self, field: Field) {
        self.field = field;
    }

    fn actor_of(&self, action: &Action) -> CombatantId {
        action.actor
    }
}

impl HomebrewD6 {
    fn simple(
        &self,
        actor: usize,
        simple: &SimpleAction,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let me = &mut battle[actor].fighter;
        let said = |me: &Fighter, what: String| Event::ActionTaken { who: me.id, action: what };
        match simple {
            SimpleAction::Attack(attack) => return self.attack(actor, attack, false, battle, dice, log),
            SimpleAction::ReadyWeapon(w) => {
                if !me.sheet.weapons.contains(w) {
                    return Err(RulesError::Illegal(Refusal::NotCarried { who: me.name.clone(), weapon: w.0.clone() }));
                }
                let weapon = me.sheet.gear.weapon(&w.0)?;
                me.condition.drawn = Some(w.clone());
                log.push(said(me, format!("readies the {} (Simple Action)", weapon.name)));
            }
            SimpleAction::StandUp => {
                me.condition.statuses.retain(|s| *s != Status::Prone);
                log.push(said(me, "stands up (Simple Action)".into()));
            }
            SimpleAction::ClearJam => {
                let id = me.drawn_id().to_owned();
                me.condition.statuses.retain(|s| *s != Status::WeaponJammed(id.clone()));
                log.push(said(me, format!("clears the {} (Simple Action)", me.weapon_name_of(&id))));
            }
            // `perform` opens and closes doors: they change the ground.
            SimpleAction::UseDoor(door) => return Err(RulesError::Illegal(Refusal::NoSuchDoor { door: door.door })),
        }
        Ok(())
    }

    /// A melee attack is a Complex Action, a thrown or accelerated one a Simple Action.
    fn attack(
        &self,
        actor: usize,
        attack: &Attack,
        complex: bool,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let p = self.prepare(actor, attack, complex, battle)?;
        if battle[actor].fighter.condition.has(&Status::WeaponJammed(p.id.clone())) {
            let what = format!("cannot attack: the {} is jammed", p.weapon.name);
            log.push(Event::ActionTaken { who: battle[actor].fighter.id, action: what });
            return Ok(());
        }
        let Some((me, them)) = pair_mut(battle, actor, p.target) else {
            return Err(RulesError::Illegal(Refusal::AttackOnItself));
        };
        let strike = p.strike();
        // File 002: an attack from the next cell is melee whatever the weapon: said where the weapon is not one.
        let adjacent = attack_kind(&strike) != p.weapon.kind;
        let how = if adjacent { ", from the next cell: a melee attack" } else { "" };
        let what = format!("attacks {} with the {}{how}", them.fighter.name, p.weapon.name);
        log.push(Event::ActionTaken { who: me.fighter.id, action: what });
        resolve_strike(&self.options, &mut me.fighter, &mut them.fighter, &strike, dice, log)
    }

    /// Checks an attack (target, weapon, its action, line of fire) and sets it up with the map's modifiers.
    pub(super) fn prepare(
        &self,
        actor: usize,
        attack: &Attack,
        complex: bool,
        battle: &[Combatant<Fighter>],
    ) -> Result<Prepared, RulesError> {
        let target = index(battle, attack.target)?;
        let (me, them) = (&battle[actor], &battle[target]);
        let id = me.fighter.drawn_id().to_owned();
        let weapon = me.fighter.sheet.gear.weapon(&id)?;
        if complex != (weapon.kind == AttackKind::Melee) {
            return Err(RulesError::Illegal(Refusal::MeleeIsComplex));
        }
        let sight = self.field.sight(me.position, them.position);
        if sight.blocked {
            // a wall between stops a blow as it stops a shot (a wall between two cells side by side)
            let (from, to) = (me.fighter.name.clone(), them.fighter.name.clone());
            return Err(RulesError::Illegal(Refusal::WallBetween { from, to }));
        }
        let running = |f: &Fighter| f.condition.has(&Status::Running);
        let situation = match weapon.kind {
            AttackKind::Melee => attack.situation.clone(),
            _ => attack.situation.on_map(&sight, running(&me.fighter), running(&them.fighter)),
        };
        Ok(Prepared { target, id, weapon, situation, meters: sight.reach_m() })
    }
}

/// An attack checked and set up: target, weapon, the situation with the map's modifiers, the distance.
pub(super) struct Prepared {
    pub target: usize,
    pub id: String,
    pub weapon: Arc<Weapon>,
    pub situation: Situation,
    pub meters: u32,
}

impl Prepared {
    pub fn strike(&self) -> Strike<'_> {
        Strike { weapon_id: &self.id, weapon: &self.weapon, situation: &self.situation, distance: self.meters }
    }
}
