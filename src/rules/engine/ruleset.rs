//! What every ruleset provides to a battle, whatever its dice: a turn schedule (Eclipse Phase action phases,
//! Shadowrun initiative passes, Storyteller first and extra actions), actions that change the battle and explain
//! themselves, and a simple default choice of action for combatants nobody scripted.

use super::dice::Dice;
use super::field::{Dm, Field};
pub use super::id::{CombatantId, Roller};
use super::outcome::{Log, Status};
use crate::rules::RulesError;
use crate::rules::engine::refusal::Refusal;

/// Gives every combatant its id: its place in the roster (what a battle does when it starts).
pub fn number<F: FighterState>(battle: &mut [Combatant<F>]) {
    for (i, c) in battle.iter_mut().enumerate() {
        c.fighter.set_id(CombatantId::at(i));
    }
}

/// Every combatant's name, by id: what a battle's log shows them by.
pub fn names<F: FighterState>(battle: &[Combatant<F>]) -> Vec<String> {
    battle.iter().map(|c| c.fighter.name().to_owned()).collect()
}

/// Whether every combatant has its id (its place in the roster): what code handed a bare roster asserts, since a
/// fighter made outside a battle has id 0 until [`number`] gives it one.
pub fn numbered<F: FighterState>(battle: &[Combatant<F>]) -> bool {
    battle.iter().enumerate().all(|(i, c)| c.fighter.id() == CombatantId::at(i))
}

/// A combatant as a battle holds it: the ruleset's own state plus what every ruleset shares.
#[derive(Clone, Debug, PartialEq)]
pub struct Combatant<F> {
    /// The side (team) it fights for.
    pub side: String,
    /// Grid cell; one cell is one meter (see [`super::field`]).
    pub position: (i32, i32),
    /// The ruleset's sheet and condition.
    pub fighter: F,
}

impl<F> Combatant<F> {
    /// Whole meters between two combatants in a straight line, rounded to the nearest meter.
    pub fn distance_to(&self, other: &Combatant<F>) -> u32 {
        super::field::distance_m(self.position, other.position)
    }
}

/// What kind of weapon is in a fighter's hand, as the window shows and sounds it (no rule reads it; online, the host
/// tells it with each unit a player sees).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WeaponClass {
    /// Blades, clubs, fists.
    #[default]
    Melee,
    Pistol,
    /// A rifle or shotgun fired a shot at a time.
    Rifle,
    /// Bursts and full auto.
    Automatic,
    /// Machine guns, launchers, spray and seeker weapons.
    Heavy,
    /// Lasers and other beams.
    Beam,
    /// Grenades and knives thrown.
    Thrown,
}

/// What the battle loop needs to know of a combatant's state in any ruleset: one generic implementation, for the
/// [`Fighter`](crate::rules::mechanics::fighter::Fighter) of every ruleset.
pub trait FighterState {
    /// Its name, unique in the battle: for display.
    fn name(&self) -> &str;
    /// Its id in the battle.
    fn id(&self) -> CombatantId;
    /// Gives it its id (the battle's start, [`number`]).
    fn set_id(&mut self, id: CombatantId);
    /// Able to act in its slot now.
    fn can_act(&self) -> bool;
    /// Out of the battle (dead, incapacitated, unconscious …).
    fn is_out(&self) -> bool;
    /// Its statuses now.
    fn statuses(&self) -> &[Status];
    /// The catalogue id of the weapon in hand.
    fn weapon_in_hand(&self) -> &str;
    /// The weapon in hand as a person reads it ("Assault rifle"): its catalogue name.
    fn weapon_name(&self) -> String;
    /// The kind of weapon in hand (fists when it is no catalogue entry).
    fn weapon_class(&self) -> WeaponClass;
    /// A weapon of its sheet (by catalogue id) as a person reads it.
    fn weapon_name_of(&self, id: &str) -> String;
    /// The armor worn as a person reads it ("Armor jacket").
    fn armor_names(&self) -> Vec<String>;
    /// Gives (`on`) or takes away a status that is not the rules' own doing: running, leaving through an exit.
    fn set_status(&mut self, status: Status, on: bool);
    /// Rounds left in the weapon in hand, where the ruleset counts ammunition.
    fn rounds_in_hand(&self) -> Option<u32>;
    /// Rounds the weapon in hand holds when full (a thrown weapon: how many are carried), where the ruleset counts
    /// ammunition.
    fn full_in_hand(&self) -> Option<u32>;
    /// Sets the rounds left in the weapon in hand (at most full: a GM's change); whether the ruleset counts them.
    fn set_rounds_in_hand(&mut self, rounds: u32) -> bool;
    /// The weapons it carries, by catalogue id, each once (Eclipse Phase lists a grenade once for each one carried),
    /// the one drawn first in a battle first.
    fn weapons_carried(&self) -> Vec<String>;
    /// The weapon `id` in hand, as the what-if and the AI suppose it; nothing if it carries no such weapon.
    fn suppose_drawn(&mut self, id: &str);
}

/// A fighter made of a sheet (what it is) and a condition (what the battle has done to it), as every ruleset's is (the
/// generic [`Fighter`](crate::rules::mechanics::fighter::Fighter)): the ECS keeps the two as separate components.
pub trait FighterParts {
    type Sheet: Clone + Send + Sync + 'static;
    type Condition: Clone + PartialEq + Send + Sync + 'static;
    /// Its sheet.
    fn sheet(&self) -> &Self::Sheet;
    /// Its condition.
    fn condition(&self) -> &Self::Condition;
}

/// A damage track as a player reads it: "Physical 4 of 10", "damage 12 of 35". The name is the ruleset's own word,
/// or (an online player's copy) the word the host sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub name: std::borrow::Cow<'static, str>,
    pub taken: u32,
    pub capacity: u32,
}

impl Track {
    pub fn new(name: impl Into<std::borrow::Cow<'static, str>>, taken: u32, capacity: u32) -> Self {
        Track { name: name.into(), taken, capacity }
    }
}

/// One slot of a turn: which combatant acts, and in which phase or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Slot {
    /// The combatant who acts.
    pub actor: CombatantId,
    /// Action phase, initiative pass, or 1 for first actions and 2+ for extra actions.
    pub phase: u32,
    /// The actor ties with others who act at the same moment: it acts even if one of them took it out first.
    pub simultaneous: bool,
}

/// A ruleset, with its per-battle options inside `self`.
pub trait Ruleset {
    /// The ruleset's combatant state.
    type Fighter: FighterState;
    /// One combatant's action in one slot, as a scenario scripts it.
    type Action;

    /// The ruleset's name, for the log.
    fn name(&self) -> &'static str;

    /// Starts a turn: rolls initiative where the ruleset does and advances timed statuses.
    fn start_turn(
        &mut self,
        turn: u32,
        battle: &mut [Combatant<Self::Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError>;

    /// The next slot of the turn, or `None` when the turn is over. Asked after every action, so a ruleset whose
    /// order changes mid-turn (Shadowrun's wound-lowered initiative) answers from the battle as it is now.
    fn next_slot(&mut self, battle: &[Combatant<Self::Fighter>]) -> Option<Slot>;

    /// Starts the slot of combatant `slot.actor` when it comes, whether or not the combatant then acts in it (no
    /// orders, no route, a finished script): the bookkeeping a combatant's turn starts with (a defense penalty easing,
    /// a full defense or an aim running out, a botch costing the slot). Called once a slot, before `perform`; a slot
    /// set aside and taken up later is not started again. It changes the slot's own combatant alone (the ECS shows
    /// only that one anew). Returns whether the combatant may act in the slot.
    fn start_slot(&mut self, _slot: Slot, _battle: &mut [Combatant<Self::Fighter>], _log: &mut Log) -> bool {
        true
    }

    /// Carries out `action` for the combatant in `slot`. It changes that combatant and those its events name (a
    /// target, a bystander in a blast) alone: the ECS shows only those anew.
    fn perform(
        &mut self,
        slot: Slot,
        action: &Self::Action,
        battle: &mut [Combatant<Self::Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError>;

    /// The simple built-in choice for a combatant nobody scripted: attack the nearest enemy still standing.
    fn default_action(&self, slot: Slot, battle: &[Combatant<Self::Fighter>]) -> Option<Self::Action>;

    /// Whether `start_turn` announces the turn's phases with their order (Eclipse Phase, Storyteller). Rulesets
    /// whose order changes as wounds fall leave it to the battle loop to announce each pass as it begins.
    fn announces_phases(&self) -> bool {
        true
    }

    /// How far a fighter walks and runs in one of its slots, in decimeters (its rates shared among its phases,
    /// passes or actions as the ruleset shares them).
    fn paces(&self, fighter: &Self::Fighter) -> (Dm, Dm);

    /// Combatant `actor`'s initiative this turn as the order uses it now (a wound since the roll counts where the
    /// ruleset says so); none before the first turn, or for one left out of this turn's order.
    fn initiative(&self, actor: usize, battle: &[Combatant<Self::Fighter>]) -> Option<i32>;

    /// The GM sets combatant `actor`'s initiative this turn, as [`Ruleset::initiative`] gives it now, to `score`: the
    /// turn's order from here on follows it (who has acted has acted). Why not, when the combatant rolled none this
    /// turn (out of the fight, in reserve, or before the first turn).
    fn set_initiative(&mut self, actor: usize, score: i32, battle: &[Combatant<Self::Fighter>]) -> Result<(), String>;

    /// A fighter's damage tracks under this battle's options (for health bars and sheets).
    fn tracks(&self, fighter: &Self::Fighter) -> Vec<Track>;

    /// The statuses that follow from a fighter's damage tracks alone under this battle's options (a full monitor
    /// knocks out, overflow kills), each with whether it holds now: a GM's correction of a track puts them on and
    /// takes them off (`rules/<ruleset>/gm.rs`).
    fn track_statuses(&self, fighter: &Self::Fighter) -> Vec<(Status, bool)>;

    /// Sets a fighter's damage track `track` to `taken` (a GM's correction; the statuses are `track_statuses`'s).
    fn set_taken(&self, fighter: &mut Self::Fighter, track: usize, taken: u32);

    /// The ground the battle is fought on.
    fn field(&self) -> &Field;

    /// Sets the ground the battle is fought on (open ground unless a level gives its map).
    fn set_field(&mut self, field: Field);

    /// The combatant an action is for.
    fn actor_of(&self, action: &Self::Action) -> CombatantId;
}

/// A copy of the battle with combatant `actor` on `cell` and nothing else changed (`odds::after_move` carries the
/// move out where the rules have a slot for it).
pub fn with_actor_at<F: Clone>(battle: &[Combatant<F>], actor: usize, cell: (i32, i32)) -> Vec<Combatant<F>> {
    let mut moved = battle.to_vec();
    moved[actor].position = cell;
    moved
}

/// Whether the rules accept `action` in `slot`, tried on copies of the ruleset and the battle with throwaway dice
/// (the real roll comes later): what the player's orders and the AI check before they declare an action.
pub fn dry_run<R: Ruleset + Clone>(
    rules: &R,
    slot: Slot,
    battle: &[Combatant<R::Fighter>],
    action: &R::Action,
) -> Result<(), RulesError>
where
    R::Fighter: Clone,
{
    performed(rules, slot, battle, action).map(|_| ())
}

/// The battle after `action` in `slot`, carried out on copies of the ruleset and the battle with throwaway dice.
pub fn performed<R: Ruleset + Clone>(
    rules: &R,
    slot: Slot,
    battle: &[Combatant<R::Fighter>],
    action: &R::Action,
) -> Result<Vec<Combatant<R::Fighter>>, RulesError>
where
    R::Fighter: Clone,
{
    debug_assert!(numbered(battle), "a roster without its ids");
    let (mut rules, mut battle) = (rules.clone(), battle.to_vec());
    rules.perform(slot, action, &mut battle, &mut super::dice::SeededDice::new(0), &mut Log::default())?;
    Ok(battle)
}

/// Mutable access to two different combatants at once (attacker and defender).
pub fn pair_mut<F>(battle: &mut [Combatant<F>], a: usize, b: usize) -> Option<(&mut Combatant<F>, &mut Combatant<F>)> {
    if a == b || a >= battle.len() || b >= battle.len() {
        return None;
    }
    if a < b {
        let (left, right) = battle.split_at_mut(b);
        Some((&mut left[a], &mut right[0]))
    } else {
        let (left, right) = battle.split_at_mut(a);
        Some((&mut right[0], &mut left[b]))
    }
}

/// The roster index of combatant `id` (as an action names its target), or why there is none.
pub fn index<F: FighterState>(battle: &[Combatant<F>], id: CombatantId) -> Result<usize, RulesError> {
    let i = id.index();
    let Some(c) = battle.get(i) else {
        return Err(RulesError::Illegal(Refusal::NoCombatant { id, size: battle.len() }));
    };
    debug_assert_eq!(c.fighter.id(), id, "a roster without its ids");
    Ok(i)
}

/// The name of combatant `id`, for messages (its id when there is none).
pub fn name_of<F: FighterState>(battle: &[Combatant<F>], id: CombatantId) -> String {
    battle.get(id.index()).map_or_else(|| id.to_string(), |c| c.fighter.name().to_owned())
}
