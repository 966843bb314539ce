//! The homebrew's turn: initiative and actions as Shadowrun 4 (rules.md §4). Reaction + Intuition plus hits, in
//! initiative passes; in each Action Phase one Free Action and two Simple Actions or one Complex Action. Thrown and
//! accelerated attacks are Simple, melee attacks Complex. Each turn begins by easing the defense frequency penalty.

use serde::{Deserialize, Serialize};

use super::attack::{Situation, Strike, resolve_strike};
use super::gear::{AttackKind, WeaponRef};
use super::{Fighter, Options, RulesError};
use crate::rules::dice::Dice;
use crate::rules::outcome::{Event, Log, Status};
use crate::rules::passes::{FreeAction, InitiativeRoll, PassEntry, Passes, PhaseAction, roll_initiative};
use crate::rules::ruleset::{Combatant, FighterState, Ruleset, Slot, pair_mut};
use crate::rules::shadowrun4::pool::GlitchRule;

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
    pub target: String,
    #[serde(default)]
    pub situation: Situation,
}

/// The homebrew with its options and the state of the current turn.
#[derive(Clone, Debug, Default)]
pub struct HomebrewD6 {
    pub options: Options,
    passes: Passes,
}

impl HomebrewD6 {
    /// The ruleset with these options.
    pub fn new(options: Options) -> Self {
        Self { options, passes: Passes::default() }
    }
}

/// Initiative as Shadowrun 4, under the homebrew's glitch rule.
fn roll_one(f: &Fighter, dice: &mut dyn Dice, log: &mut Log) -> Result<PassEntry, RulesError> {
    let a = &f.sheet.attributes;
    let (reaction, intuition, passes) = (a.reaction.0, a.intuition.0, f.sheet.initiative_passes);
    let roll = InitiativeRoll { who: &f.name, reaction, intuition, passes, glitch_rule: GlitchRule::MoreThanHalf };
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
        let me = &mut battle[slot.actor].fighter;
        if me.is_out() && !slot.simultaneous {
            return Err(RulesError::Illegal(format!("{} cannot act now", me.name)));
        }
        action.check_economy()?;
        me.condition.start_turn();
        if let Some(FreeAction::DropProne) = action.free {
            me.condition.gain(Status::Prone);
            log.push(Event::ActionTaken { who: me.name.clone(), action: "drops prone (Free Action)".into() });
        }
        for simple in &action.simple {
            self.simple(slot.actor, simple, battle, dice, log)?;
        }
        match &action.complex {
            Some(ComplexAction::Attack(attack)) => self.attack(slot.actor, attack, true, battle, dice, log),
            Some(ComplexAction::Wait) => {
                let me = &battle[slot.actor].fighter;
                log.push(Event::ActionTaken { who: me.name.clone(), action: "waits".into() });
                Ok(())
            }
            None => Ok(()),
        }
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        let me = &battle[slot.actor];
        let target =
            battle.iter().filter(|c| c.side != me.side && !c.fighter.is_out()).min_by_key(|c| me.distance_to(c))?;
        let weapon = WeaponRef(me.fighter.drawn_id().to_owned()).weapon().ok()?;
        let attack = || Attack { target: target.fighter.name.clone(), situation: Situation::default() };
        let mut act = Action { actor: me.fighter.name.clone(), free: None, simple: Vec::new(), complex: None };
        let jammed = me.fighter.condition.has(&Status::WeaponJammed(me.fighter.drawn_id().to_owned()));
        let in_reach = me.distance_to(target) <= weapon.range.unwrap_or(1);
        match (weapon.kind, jammed, in_reach) {
            (_, true, _) => act.simple.push(SimpleAction::ClearJam),
            (AttackKind::Melee, _, true) => act.complex = Some(ComplexAction::Attack(attack())),
            (_, _, false) => act.complex = Some(ComplexAction::Wait),
            _ => act.simple = vec![SimpleAction::Attack(attack()), SimpleAction::Attack(attack())],
        }
        Some(act)
    }

    fn announces_phases(&self) -> bool {
        false
    }

    fn actor_of<'a>(&self, action: &'a Action) -> &'a str {
        &action.actor
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
        let said = |me: &Fighter, what: String| Event::ActionTaken { who: me.name.clone(), action: what };
        match simple {
            SimpleAction::Attack(attack) => return self.attack(actor, attack, false, battle, dice, log),
            SimpleAction::ReadyWeapon(w) => {
                if !me.sheet.weapons.contains(w) {
                    return Err(RulesError::Illegal(format!("{} does not carry a {}", me.name, w.0)));
                }
                me.condition.drawn = Some(w.clone());
                log.push(said(me, format!("readies the {} (Simple Action)", w.weapon()?.name)));
            }
            SimpleAction::StandUp => {
                me.condition.statuses.retain(|s| *s != Status::Prone);
                log.push(said(me, "stands up (Simple Action)".into()));
            }
            SimpleAction::ClearJam => {
                let id = me.drawn_id().to_owned();
                me.condition.statuses.retain(|s| *s != Status::WeaponJammed(id.clone()));
                log.push(said(me, format!("clears the {id} (Simple Action)")));
            }
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
        let target = battle
            .iter()
            .position(|c| c.fighter.name == attack.target)
            .ok_or_else(|| RulesError::Illegal(format!("no combatant is called {}", attack.target)))?;
        let id = battle[actor].fighter.drawn_id().to_owned();
        let weapon = WeaponRef(id.clone()).weapon()?;
        if complex != (weapon.kind == AttackKind::Melee) {
            return Err(RulesError::Illegal(
                "melee attacks are Complex Actions; thrown and accelerated ones Simple Actions".into(),
            ));
        }
        if battle[actor].fighter.condition.has(&Status::WeaponJammed(id.clone())) {
            let what = format!("cannot attack: the {} is jammed", weapon.name);
            log.push(Event::ActionTaken { who: battle[actor].fighter.name.clone(), action: what });
            return Ok(());
        }
        let Some((me, them)) = pair_mut(battle, actor, target) else {
            return Err(RulesError::Illegal("a combatant cannot attack itself".into()));
        };
        let what = format!("attacks {} with the {}", them.fighter.name, weapon.name);
        log.push(Event::ActionTaken { who: me.fighter.name.clone(), action: what });
        let strike = Strike { weapon_id: &id, weapon, situation: &attack.situation, distance: me.distance_to(them) };
        resolve_strike(&self.options, &mut me.fighter, &mut them.fighter, &strike, dice, log)
    }
}
