//! What a battle in any ruleset answers, in the words every ruleset shares (an action as an [`AnyAction`], a
//! combatant by its id): [`DynBattle`], implemented once for every `Battle<K>` of a ruleset [`Kind`]. An
//! [`AnyBattle`] dereferences to the battle inside as a `dyn DynBattle`, so the ECS, the window, the CLI and the AI
//! call these on it whatever its ruleset.

use std::borrow::Cow;
use std::ops::{Deref, DerefMut};

use super::any::{AnyAction, AnyBattle, AnyCondition, AnySheet, Kind, RulesetId, View};
use crate::rules::RulesError;
use crate::rules::engine::battle::{Battle, Decision, Ending, Next, Recorded};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Cell, Crowd, Dm, Field, Move};
use crate::rules::engine::gm::GmChange;
use crate::rules::engine::outcome::Log;
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{
    CombatantId, FighterParts, FighterState, Slot, Track, dry_run, names, with_actor_at,
};
use crate::rules::engine::victory::Objectives;
use crate::rules::mechanics::approach::{OutOfReach, cover_spot, out_of_reach};
use crate::rules::mechanics::odds::{Defenses, Odds, after_move};
use crate::rules::mechanics::suppose::{Supposable, Suppose, Supposed, supposing};

/// A battle in any ruleset, as every ruleset's battle answers.
pub trait DynBattle {
    /// The ruleset's name, for the log and the title bar.
    fn rules_name(&self) -> &'static str;
    /// Which ruleset it is.
    fn ruleset(&self) -> RulesetId;
    /// Whether the ruleset's turn is made of action phases announced with their order (else initiative passes).
    fn announces_phases(&self) -> bool;
    /// The ground the battle is fought on.
    fn field(&self) -> &Field;
    /// See [`Battle::next`].
    fn next(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Next, RulesError>;
    /// See [`Battle::act`]; an action of another ruleset is refused.
    fn act(&mut self, action: &AnyAction, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError>;
    /// See [`Battle::pass`].
    fn pass(&mut self, log: &mut Log);
    /// See [`Battle::delay`].
    fn delay(&mut self, log: &mut Log) -> bool;
    /// See [`Battle::gm`].
    fn gm(&mut self, change: &GmChange, log: &mut Log) -> Result<(), RulesError>;
    fn turn(&self) -> u32;
    fn current(&self) -> Option<Slot>;
    fn delayed(&self) -> &[Slot];
    fn was_delayed(&self) -> bool;
    fn ending(&self) -> Option<&Ending>;
    fn objectives(&self) -> &Objectives;
    /// Whether a side has won as the battle stands (an elimination, an escape), before the engine has said so:
    /// a battle rebuilt from a save at its last step (the players' screen at the table).
    fn won_now(&self) -> bool;
    fn is_scripted(&self) -> bool;
    /// See [`Battle::first_scripted`].
    fn first_scripted(&self) -> Option<AnyAction>;
    /// The combatant `action` is for (none for an action of another ruleset).
    fn actor_of(&self, action: &AnyAction) -> Option<CombatantId>;
    /// See [`Battle::scripted_action`].
    fn scripted_action(&self) -> Option<AnyAction>;
    /// The ruleset's built-in choice for the combatant in `slot`.
    fn default_action(&self, slot: Slot) -> Option<AnyAction>;
    /// See [`Battle::without`].
    fn without(&self, gone: &[CombatantId]) -> AnyBattle;
    /// See [`Battle::changed`].
    fn changed(&self) -> &[CombatantId];
    /// Every decision taken so far.
    fn record(&self) -> Vec<Recorded<AnyAction>>;
    /// How many decisions have been taken.
    fn decided(&self) -> usize;
    /// See [`Battle::faces`].
    fn faces(&self) -> &[u32];
    /// How many combatants the battle has.
    fn len(&self) -> usize;
    /// Whether the battle has no combatants.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Combatant `id` as every ruleset shows it.
    fn view(&self, id: CombatantId) -> View<'_>;
    /// Every combatant's name, by id (see [`crate::rules::engine::ruleset::names`]).
    fn names(&self) -> Vec<String>;
    /// Combatant `id`'s initiative this turn, as the order uses it now.
    fn initiative(&self, id: CombatantId) -> Option<i32>;
    /// Combatant `id`'s damage tracks.
    fn tracks(&self, id: CombatantId) -> Vec<Track>;
    /// How far combatant `id` walks and runs in one slot.
    fn paces(&self, id: CombatantId) -> (Dm, Dm);
    /// Combatant `id`'s sheet and condition.
    fn parts(&self, id: CombatantId) -> (AnySheet, AnyCondition);
    /// Whether combatant `id`'s condition is `shown` (what its components show of it).
    fn condition_is(&self, id: CombatantId, shown: &AnyCondition) -> bool;
    /// Copies combatant `id`'s condition into `shown` (reusing its allocations where it is of this ruleset).
    fn copy_condition(&self, id: CombatantId, shown: &mut AnyCondition);
    /// A plain attack by `actor` at combatant `target`, with the weapon in hand.
    fn plain_attack_of(&self, actor: CombatantId, target: CombatantId) -> AnyAction;
    /// The tactics lab's what-if: the ways `actor` could attack `target` (after `movement`, if any) with `changes`
    /// supposed of the combatants (another weapon in hand, prone, wounds, aim: `mechanics/suppose.rs`), by name. Worked
    /// out on a copy; the battle is untouched.
    fn ways_supposing(
        &self,
        actor: CombatantId,
        target: CombatantId,
        movement: Option<Move>,
        changes: &[(CombatantId, Supposed)],
    ) -> Vec<(String, AnyAction)>;
    /// [`AnyBattle::odds_of`] with `changes` supposed of the combatants, on a copy.
    fn odds_supposing(
        &self,
        actor: CombatantId,
        action: &AnyAction,
        changes: &[(CombatantId, Supposed)],
    ) -> Result<Odds, RulesError>;
    /// Why `actor`, with `changes` supposed (another weapon in hand …), could not attack `target` from `from` with
    /// its weapon in hand, if it could not: a melee weapon strikes the next cell only; a ranged one needs a clear
    /// line and the target within its farthest range. The what-if says so rather than price an attack the rules
    /// would refuse.
    fn out_of_reach(
        &self,
        actors: (CombatantId, CombatantId),
        from: Cell,
        changes: &[(CombatantId, Supposed)],
    ) -> Option<String>;
    /// What a what-if can suppose in this battle's ruleset.
    fn supposable(&self) -> Supposable;
    /// The weapons combatant `id` carries (each once), and how many aims it has at `target` now (none for an index
    /// out of the roster).
    fn carried_and_aimed(&self, id: CombatantId, target: CombatantId) -> (Vec<String>, u32);
    /// How many attacks `action` makes.
    fn attacks_in(&self, action: &AnyAction) -> usize;
    /// What the defender of `action` by `actor` may choose as it is attacked, if anything.
    fn defenses(&self, actor: CombatantId, action: &AnyAction) -> Option<Defenses<AnyAction>>;
    /// The action for a player's orders: a move, then an attack on `target` with the weapon in hand, or nothing.
    fn intended(&self, actor: CombatantId, movement: Option<Move>, target: Option<CombatantId>) -> AnyAction;
    /// The other actions a player may take now, by name.
    fn other_actions(&self, actor: CombatantId) -> Vec<(String, AnyAction)>;
    /// Who is in `actor`'s way: the others standing block cells, the fallen only take the cells they lie on.
    fn occupied(&self, actor: CombatantId) -> Crowd;
    /// The cell within a walk that shelters `actor` best from its enemies, if a better one than its own exists.
    fn cover_spot(&self, actor: CombatantId, walk: Dm) -> Option<Move>;
    /// Whether the rules accept `action` in `slot` now (tried on copies with throwaway dice).
    fn dry_run(&self, slot: Slot, action: &AnyAction) -> Result<(), RulesError>;
}

/// `battle`'s own action inside `action`, or the refusal of an action of another ruleset.
fn own<'a, K: Kind>(battle: &Battle<K>, action: &'a AnyAction) -> Result<&'a K::Action, RulesError> {
    let mismatch = || Refusal::WrongRuleset { action: format!("{action:?}"), rules: battle.rules().name() };
    K::unwrap(action).ok_or_else(|| RulesError::Illegal(mismatch()))
}

/// Combatant `id`'s fighter.
fn fighter<K: Kind>(battle: &Battle<K>, id: CombatantId) -> &K::Fighter {
    &battle.combatants()[id.index()].fighter
}

/// Each named action, as any ruleset's.
fn named<K: Kind>(actions: Vec<(String, K::Action)>) -> Vec<(String, AnyAction)> {
    actions.into_iter().map(|(n, a)| (n, K::wrap(a))).collect()
}

impl<K: Kind> DynBattle for Battle<K> {
    fn rules_name(&self) -> &'static str {
        self.rules().name()
    }

    fn ruleset(&self) -> RulesetId {
        K::ID
    }

    fn announces_phases(&self) -> bool {
        self.rules().announces_phases()
    }

    fn field(&self) -> &Field {
        self.rules().field()
    }

    fn next(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Next, RulesError> {
        Battle::next(self, dice, log)
    }

    fn act(&mut self, action: &AnyAction, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
        Battle::act(self, own(self, action)?, dice, log)
    }

    fn pass(&mut self, log: &mut Log) {
        Battle::pass(self, log);
    }

    fn delay(&mut self, log: &mut Log) -> bool {
        Battle::delay(self, log)
    }

    fn gm(&mut self, change: &GmChange, log: &mut Log) -> Result<(), RulesError> {
        Battle::gm(self, change, log)
    }

    fn turn(&self) -> u32 {
        Battle::turn(self)
    }

    fn current(&self) -> Option<Slot> {
        Battle::current(self)
    }

    fn delayed(&self) -> &[Slot] {
        Battle::delayed(self)
    }

    fn was_delayed(&self) -> bool {
        Battle::was_delayed(self)
    }

    fn ending(&self) -> Option<&Ending> {
        Battle::ending(self)
    }

    fn won_now(&self) -> bool {
        self.ending().is_some() || Battle::objectives(self).after_action(self.combatants()).is_some()
    }

    fn objectives(&self) -> &Objectives {
        Battle::objectives(self)
    }

    fn is_scripted(&self) -> bool {
        Battle::is_scripted(self)
    }

    fn first_scripted(&self) -> Option<AnyAction> {
        Battle::first_scripted(self).cloned().map(K::wrap)
    }

    fn actor_of(&self, action: &AnyAction) -> Option<CombatantId> {
        K::unwrap(action).map(|a| self.rules().actor_of(a))
    }

    fn scripted_action(&self) -> Option<AnyAction> {
        Battle::scripted_action(self).cloned().map(K::wrap)
    }

    fn default_action(&self, slot: Slot) -> Option<AnyAction> {
        self.rules().default_action(slot, self.combatants()).map(K::wrap)
    }

    fn without(&self, gone: &[CombatantId]) -> AnyBattle {
        K::hold(Battle::without(self, gone))
    }

    fn changed(&self) -> &[CombatantId] {
        Battle::changed(self)
    }

    fn record(&self) -> Vec<Recorded<AnyAction>> {
        let any = |r: &Recorded<K::Action>| Recorded {
            turn: r.turn,
            slot: r.slot,
            actor: r.actor,
            decision: match &r.decision {
                Decision::Act(action) => Decision::Act(K::wrap(action.clone())),
                Decision::Pass => Decision::Pass,
                Decision::Delay => Decision::Delay,
                Decision::Gm { change, in_slot } => Decision::Gm { change: change.clone(), in_slot: *in_slot },
            },
            dice: r.dice,
        };
        Battle::record(self).iter().map(any).collect()
    }

    fn decided(&self) -> usize {
        Battle::record(self).len()
    }

    fn faces(&self) -> &[u32] {
        Battle::faces(self)
    }

    fn len(&self) -> usize {
        self.combatants().len()
    }

    fn view(&self, id: CombatantId) -> View<'_> {
        let c = &self.combatants()[id.index()];
        View { side: &c.side, position: c.position, fighter: &c.fighter }
    }

    fn names(&self) -> Vec<String> {
        names(self.combatants())
    }

    fn initiative(&self, id: CombatantId) -> Option<i32> {
        self.rules().initiative(id.index(), self.combatants())
    }

    fn tracks(&self, id: CombatantId) -> Vec<Track> {
        self.rules().tracks(fighter(self, id))
    }

    fn paces(&self, id: CombatantId) -> (Dm, Dm) {
        self.rules().paces(fighter(self, id))
    }

    fn parts(&self, id: CombatantId) -> (AnySheet, AnyCondition) {
        K::parts(fighter(self, id))
    }

    fn condition_is(&self, id: CombatantId, shown: &AnyCondition) -> bool {
        K::condition(shown) == Some(fighter(self, id).condition())
    }

    fn copy_condition(&self, id: CombatantId, shown: &mut AnyCondition) {
        let now = fighter(self, id).condition();
        match K::condition_mut(shown) {
            Some(c) => c.clone_from(now),
            None => *shown = K::parts(fighter(self, id)).1,
        }
    }

    fn plain_attack_of(&self, actor: CombatantId, target: CombatantId) -> AnyAction {
        K::wrap(self.rules().plain_attack_of(self.combatants(), actor.index(), target))
    }

    fn ways_supposing(
        &self,
        actor: CombatantId,
        target: CombatantId,
        movement: Option<Move>,
        changes: &[(CombatantId, Supposed)],
    ) -> Vec<(String, AnyAction)> {
        let battle = supposing(self.combatants(), changes);
        named::<K>(self.rules().attack_choices(&battle, actor.index(), target, movement))
    }

    fn odds_supposing(
        &self,
        actor: CombatantId,
        action: &AnyAction,
        changes: &[(CombatantId, Supposed)],
    ) -> Result<Odds, RulesError> {
        let action = own(self, action)?;
        let (rules, copy) = (self.rules(), supposing(self.combatants(), changes));
        // Carried out first when it is the actor's slot (a run's penalty counts), else with the actor simply on the
        // move's end.
        let slot = Battle::current(self).filter(|s| s.actor == actor);
        let moved = match (rules.movement_in(action), slot) {
            (Some(step), Some(slot)) => Cow::Owned(after_move(rules, slot, &copy, step.clone())),
            (Some(step), None) => Cow::Owned(with_actor_at(&copy, actor.index(), step.to)),
            (None, _) => copy,
        };
        rules.odds_of(&moved, actor.index(), action)
    }

    fn out_of_reach(
        &self,
        (actor, target): (CombatantId, CombatantId),
        from: Cell,
        changes: &[(CombatantId, Supposed)],
    ) -> Option<String> {
        let copy = supposing(self.combatants(), changes);
        let (me, them) = (copy.get(actor.index())?, copy.get(target.index())?);
        let reach = self.rules().reach_of(&me.fighter);
        let weapon = me.fighter.weapon_name();
        let why = out_of_reach(self.rules().field(), from, them.position, reach.melee, reach.max_m);
        why.map(|why| match why {
            OutOfReach::NotNext => format!("Out of reach from there: the {weapon} strikes only a next cell."),
            OutOfReach::Wall => "Out of reach from there: a wall is in the way.".into(),
            OutOfReach::Hidden => "Out of sight from there: the target is hidden.".into(),
            OutOfReach::TooFar { meters, max_m } => {
                format!("Out of reach from there: {meters} m, the {weapon} reaches {max_m} m at the most.")
            }
        })
    }

    fn supposable(&self) -> Supposable {
        Supposable { prone: <K::Fighter as Suppose>::PRONE, aim_steps: <K::Fighter as Suppose>::AIM_STEPS }
    }

    fn carried_and_aimed(&self, id: CombatantId, target: CombatantId) -> (Vec<String>, u32) {
        let carried = |c: &crate::rules::engine::ruleset::Combatant<K::Fighter>| {
            (c.fighter.weapons_carried(), c.fighter.aimed(target))
        };
        self.combatants().get(id.index()).map_or((Vec::new(), 0), carried)
    }

    fn attacks_in(&self, action: &AnyAction) -> usize {
        K::unwrap(action).map_or(0, |a| self.rules().attacks_in(a))
    }

    fn defenses(&self, actor: CombatantId, action: &AnyAction) -> Option<Defenses<AnyAction>> {
        let action = K::unwrap(action)?;
        let rules = self.rules();
        // Asked where the attack is made: after the action's move, as its odds are.
        let slot = Battle::current(self).filter(|s| s.actor == actor);
        let moved = match (rules.movement_in(action), slot) {
            (Some(step), Some(slot)) => Cow::Owned(after_move(rules, slot, self.combatants(), step.clone())),
            _ => Cow::Borrowed(self.combatants()),
        };
        Some(rules.defenses(&moved, actor.index(), action)?.map(K::wrap))
    }

    fn intended(&self, actor: CombatantId, movement: Option<Move>, target: Option<CombatantId>) -> AnyAction {
        K::wrap(self.rules().intended(self.combatants(), actor.index(), movement, target))
    }

    fn other_actions(&self, actor: CombatantId) -> Vec<(String, AnyAction)> {
        named::<K>(self.rules().other_actions(self.combatants(), actor.index()))
    }

    fn occupied(&self, actor: CombatantId) -> Crowd {
        crate::rules::mechanics::movement::occupied(self.combatants(), actor.index())
    }

    fn cover_spot(&self, actor: CombatantId, walk: Dm) -> Option<Move> {
        cover_spot(self.rules().field(), self.combatants(), actor.index(), walk)
    }

    fn dry_run(&self, slot: Slot, action: &AnyAction) -> Result<(), RulesError> {
        dry_run(self.rules(), slot, self.combatants(), own(self, action)?)
    }
}

/// An [`AnyBattle`] is the battle inside, whatever its ruleset: what every ruleset's battle answers
/// ([`DynBattle`]) is called on it directly.
impl Deref for AnyBattle {
    type Target = dyn DynBattle;
    fn deref(&self) -> &Self::Target {
        match self {
            AnyBattle::EclipsePhase(b) => b,
            AnyBattle::Shadowrun4(b) => b,
            AnyBattle::Storyteller(b) => b,
            AnyBattle::HomebrewD6(b) => b,
        }
    }
}

impl DerefMut for AnyBattle {
    fn deref_mut(&mut self) -> &mut Self::Target {
        match self {
            AnyBattle::EclipsePhase(b) => b,
            AnyBattle::Shadowrun4(b) => b,
            AnyBattle::Storyteller(b) => b,
            AnyBattle::HomebrewD6(b) => b,
        }
    }
}
