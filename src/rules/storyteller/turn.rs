//! The Storyteller turn (file 001, I; rules.md §3): initiative 1d10 + Dexterity + Wits every turn (less the wound
//! penalty under the option `initiative_wound_penalty`),
//! highest first, ties by Dexterity + Wits, then Wits. One action a turn; extra actions come after everyone's first
//! action. The defense penalty resets when a combatant's turn begins (its slot comes, whether or not it acts).

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::attack::{Situation, Strike, resolve_strike};
use super::gear::{Weapon, WeaponRef};
use super::{Fighter, Options, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Dm, Field, Move, Pace};
use crate::rules::engine::outcome::{Event, Log, Status, Term};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, Ruleset, Slot, Track, index, pair_mut};
use crate::rules::mechanics::approach::{Plan, anyone, plan};
use crate::rules::mechanics::doors::{UseDoor, use_door};
use crate::rules::mechanics::movement::perform_move;
use crate::rules::mechanics::odds::AttackOdds;

/// One action, as a scenario scripts it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub actor: CombatantId,
    pub act: Act,
    /// A move first: a walk leaves the action for `act`; a run is the whole action (`act` must be `Wait`).
    #[serde(default)]
    pub movement: Option<Move>,
}

/// What a combatant does with its action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Act {
    Attack(Attack),
    /// Take another carried weapon in hand.
    ReadyWeapon(WeaponRef),
    /// Open or close a door beside it (our decision: the seed has no doors).
    UseDoor(UseDoor),
    Wait,
}

/// An attack with the weapon in hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The weapon, which must be in hand (punch and kick always are); the one in hand when not given.
    #[serde(default)]
    pub weapon: Option<WeaponRef>,
    pub target: CombatantId,
    #[serde(default)]
    pub situation: Situation,
}

/// The Storyteller ruleset with its options and the rest of this turn's slots.
#[derive(Clone, Debug, Default)]
pub struct Storyteller {
    pub options: Options,
    queue: VecDeque<Slot>,
    /// This turn's initiative totals, by roster index.
    scores: Vec<Option<i32>>,
    /// The ground fought on.
    pub field: Field,
}

impl Storyteller {
    /// The ruleset with these options.
    pub fn new(options: Options) -> Self {
        Self { options, queue: VecDeque::new(), scores: Vec::new(), field: Field::default() }
    }
}

/// Rolls one initiative: (total, Dexterity + Wits, Wits). File 001's "1d10 + Dexterity + Wits", less the wound
/// penalty when `wounds` count.
fn roll_initiative(
    f: &Fighter,
    wounds: bool,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<(i32, u32, u32), RulesError> {
    let a = &f.sheet.attributes;
    let roll = dice.roll_one_for(f.id, 10, &format!("{}: initiative", f.name))?;
    let mut terms = vec![
        Term::dice("d10", vec![roll], roll as i32),
        Term::fixed("Dexterity", a.dexterity.0 as i32),
        Term::fixed("Wits", a.wits.0 as i32),
    ];
    let penalty = if wounds { f.condition.health.penalty() } else { 0 };
    if penalty != 0 {
        terms.push(Term::fixed("wound penalty", penalty));
    }
    let total = terms.iter().map(|t| t.value).sum();
    log.push(Event::Calculated { who: f.id, label: "initiative".into(), terms, total });
    Ok((total, a.dexterity.0 + a.wits.0, a.wits.0))
}

impl Ruleset for Storyteller {
    type Fighter = Fighter;
    type Action = Action;

    fn name(&self) -> &'static str {
        "Storyteller d10"
    }

    fn start_turn(
        &mut self,
        turn: u32,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let mut order = Vec::new();
        self.scores = vec![None; battle.len()];
        for (i, c) in battle.iter().enumerate().filter(|(_, c)| !c.fighter.is_out()) {
            let (total, dex_wits, wits) =
                roll_initiative(&c.fighter, self.options.initiative_wound_penalty, dice, log)?;
            self.scores[i] = Some(total);
            order.push((std::cmp::Reverse((total, dex_wits, wits)), i));
        }
        order.sort();
        let most = order.iter().map(|(_, i)| battle[*i].fighter.sheet.extra_actions).max().unwrap_or(0);
        self.queue.clear();
        for phase in 1..=most + 1 {
            let acting: Vec<usize> = order
                .iter()
                .map(|(_, i)| *i)
                .filter(|i| phase == 1 || battle[*i].fighter.sheet.extra_actions >= phase - 1)
                .collect();
            let order = acting.iter().map(|i| battle[*i].fighter.id).collect();
            log.push(Event::PhaseStarted { turn, phase, order });
            self.queue.extend(acting.into_iter().map(|i| Slot {
                actor: CombatantId::at(i),
                phase,
                simultaneous: false,
            }));
        }
        Ok(())
    }

    fn initiative(&self, actor: usize, _battle: &[Combatant<Fighter>]) -> Option<i32> {
        self.scores.get(actor).copied().flatten()
    }

    fn set_initiative(&mut self, actor: usize, score: i32, _battle: &[Combatant<Fighter>]) -> Result<(), String> {
        crate::rules::engine::gm::reorder_phases(&mut self.queue, &mut self.scores, actor, score)
    }

    fn next_slot(&mut self, _battle: &[Combatant<Fighter>]) -> Option<Slot> {
        self.queue.pop_front()
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
        if me.is_out() {
            return Err(RulesError::Illegal(Refusal::CannotAct { who: me.name.clone() }));
        }
        if self.move_first(slot.actor.index(), action, battle, log)? {
            return Ok(());
        }
        let me = &mut battle[slot.actor.index()].fighter;
        match &action.act {
            Act::Attack(attack) => self.attack(slot.actor.index(), attack, battle, dice, log),
            Act::ReadyWeapon(w) => {
                if !me.sheet.weapons.contains(w) {
                    return Err(RulesError::Illegal(Refusal::NotCarried { who: me.name.clone(), weapon: w.0.clone() }));
                }
                let weapon = me.sheet.gear.weapon(&w.0)?;
                me.condition.drawn = Some(w.clone());
                log.push(Event::ActionTaken { who: me.id, action: format!("readies the {}", weapon.name) });
                Ok(())
            }
            Act::UseDoor(door) => {
                self.field = use_door(&self.field, battle, slot.actor.index(), *door, log)?;
                Ok(())
            }
            Act::Wait => {
                log.push(Event::ActionTaken { who: me.id, action: "waits".into() });
                Ok(())
            }
        }
    }

    /// File 001, III.C: the defense penalty "resets itself at the start of your next turn" (its first action's slot,
    /// whether or not it acts then). A pending botch (rules.md §3's decision) costs this slot.
    fn start_slot(&mut self, slot: Slot, battle: &mut [Combatant<Fighter>], log: &mut Log) -> bool {
        let me = &mut battle[slot.actor.index()].fighter;
        if slot.phase == 1 {
            me.condition.defenses = 0;
        }
        if !me.condition.loses_next_action {
            return true;
        }
        me.condition.loses_next_action = false;
        log.push(Event::ActionTaken { who: me.id, action: "loses this action to its botch".into() });
        false
    }

    fn default_action(&self, slot: Slot, battle: &[Combatant<Fighter>]) -> Option<Action> {
        let f = &battle[slot.actor.index()].fighter;
        f.sheet.gear.weapon(f.drawn_id()).ok()?;
        let reach = self.reach_of(f);
        let rates = f.sheet.rates();
        let allowance = (rates.per_part(Pace::Walk, 1), rates.per_part(Pace::Run, 1));
        let Plan { movement, target } = plan(&self.field, battle, slot.actor.index(), reach, allowance, &anyone)?;
        // A run is the whole action.
        let target = target.filter(|_| movement.as_ref().is_none_or(|m| m.pace == Pace::Walk));
        let act = match target {
            Some(t) => {
                Act::Attack(Attack { weapon: None, target: battle[t].fighter.id, situation: Situation::default() })
            }
            None => Act::Wait,
        };
        Some(Action { actor: f.id, act, movement })
    }

    fn paces(&self, f: &Fighter) -> (Dm, Dm) {
        let m = f.sheet.rates();
        (m.per_part(Pace::Walk, 1), m.per_part(Pace::Run, 1))
    }

    fn set_taken(&self, f: &mut Fighter, track: usize, taken: u32) {
        crate::rules::mechanics::suppose::Suppose::suppose_taken(f, track, taken);
    }

    fn track_statuses(&self, f: &Fighter) -> Vec<(Status, bool)> {
        super::gm::track_statuses(f)
    }

    fn tracks(&self, f: &Fighter) -> Vec<Track> {
        vec![Track::new("health levels", f.condition.health.levels() as u32, 7)]
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

impl Storyteller {
    /// The action's move, if any; `true` when the actor left through an exit.
    fn move_first(
        &self,
        actor: usize,
        action: &Action,
        battle: &mut [Combatant<Fighter>],
        log: &mut Log,
    ) -> Result<bool, RulesError> {
        let Some(mv) = &action.movement else { return Ok(false) };
        if mv.pace == Pace::Run && action.act != Act::Wait {
            return Err(RulesError::Illegal(Refusal::RunAndAct));
        }
        let allowance = battle[actor].fighter.sheet.rates().per_part(mv.pace, 1);
        perform_move(&*self.field, battle, actor, mv, allowance, log)?;
        Ok(battle[actor].fighter.condition.has(&Status::Escaped))
    }

    fn attack(
        &self,
        actor: usize,
        attack: &Attack,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let (target, weapon, situation, meters) = self.prepare(actor, attack, battle)?;
        let Some((me, them)) = pair_mut(battle, actor, target) else {
            return Err(RulesError::Illegal(Refusal::AttackOnItself));
        };
        let what = format!("attacks {} with the {}", them.fighter.name, weapon.name);
        log.push(Event::ActionTaken { who: me.fighter.id, action: what });
        let strike = Strike { weapon: &weapon, situation: &situation, distance: meters };
        resolve_strike(&self.options, &mut me.fighter, &mut them.fighter, &strike, dice, log)
    }

    /// Checks an attack (target, weapon in hand, line of fire) and sets it up: the target, the weapon, the
    /// situation with the map's cover, the distance.
    pub(super) fn prepare(
        &self,
        actor: usize,
        attack: &Attack,
        battle: &[Combatant<Fighter>],
    ) -> Result<(usize, Arc<Weapon>, Situation, u32), RulesError> {
        let target = index(battle, attack.target)?;
        let me = &battle[actor].fighter;
        let id = match &attack.weapon {
            Some(w) if !matches!(w.0.as_str(), "punch" | "kick") && w.0 != me.drawn_id() => {
                return Err(RulesError::Illegal(Refusal::not_in_hand(&me.name, &w.0, "ready", "its action")));
            }
            Some(w) => w.0.clone(),
            None => me.drawn_id().to_owned(),
        };
        let weapon = me.sheet.gear.weapon(&id)?;
        let sight = self.field.sight(battle[actor].position, battle[target].position);
        if sight.blocked {
            // a wall between stops a blow as it stops a shot (a wall between two cells side by side)
            let (from, to) = (me.name.clone(), battle[target].fighter.name.clone());
            return Err(RulesError::Illegal(Refusal::WallBetween { from, to }));
        }
        let situation = if weapon.is_ranged() { attack.situation.on_map(&sight) } else { attack.situation.clone() };
        Ok((target, weapon, situation, sight.reach_m()))
    }
}
