//! The ruleset chosen once, at the edge: [`AnyBattle`] is a battle in any of the four rulesets, [`AnyAction`] an
//! action in any of them. This file is where a battle dispatches among the four (a scenario file's setup, read
//! before there is a battle, has its own small `each_setup!` in `scenario/`); everything
//! above it (the ECS, the window, the menu, the CLI, the AI's entry point) works with these types, and generic code
//! reaches a battle's own types through [`AnyBattle::visit`].

use std::fmt;

use super::RulesError;
use super::approach::{OutOfReach, cover_spot};
use super::dice::Dice;
use super::eclipse_phase::EclipsePhase;
use super::engine::{Battle, Decision, Ending, Next, Recorded};
use super::field::{Cell, Dm, Field, Move};
use super::homebrew_d6::HomebrewD6;
use super::odds::{AttackOdds, Odds};
use super::outcome::Log;
use super::ruleset::{CombatantId, FighterParts, FighterState, Ruleset, Slot, Track, dry_run, with_actor_at};
use super::shadowrun4::Shadowrun4;
use super::storyteller::Storyteller;
use super::suppose::{Supposable, Suppose, Supposed, supposing};
use super::victory::Objectives;
use crate::rules::refusal::Refusal;

/// The four rulesets a battle can be fought under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
pub enum RulesetId {
    EclipsePhase,
    Shadowrun4,
    Storyteller,
    HomebrewD6,
}

impl RulesetId {
    pub const ALL: [RulesetId; 4] =
        [RulesetId::EclipsePhase, RulesetId::Shadowrun4, RulesetId::Storyteller, RulesetId::HomebrewD6];
}

/// What a ruleset brings to be held in an [`AnyBattle`]: its place among the four, and the wrapping of its own
/// types. Generic code written for one `K: Kind` serves all four through [`AnyBattle::visit`].
pub trait Kind:
    Ruleset<
        Fighter: FighterParts + Suppose + Clone + fmt::Debug + Send + Sync + 'static,
        Action: Clone + PartialEq + fmt::Debug + Send + Sync + 'static,
    > + AttackOdds
    + Clone
    + fmt::Debug
    + Send
    + Sync
    + 'static
{
    const ID: RulesetId;
    /// The battle, held as any battle.
    fn hold(battle: Battle<Self>) -> AnyBattle;
    /// The battle inside, if `any` is one of this ruleset's.
    fn held(any: &AnyBattle) -> Option<&Battle<Self>>;
    /// The action, as any action.
    fn wrap(action: Self::Action) -> AnyAction;
    /// This ruleset's action, if `action` is one.
    fn unwrap(action: &AnyAction) -> Option<&Self::Action>;
    /// A fighter's sheet and condition, as any ruleset's.
    fn parts(fighter: &Self::Fighter) -> (AnySheet, AnyCondition);
    /// This ruleset's condition, if `condition` is one.
    fn condition(condition: &AnyCondition) -> Option<&<Self::Fighter as FighterParts>::Condition>;
    /// The condition inside, mutable, if it is of this ruleset.
    fn condition_mut(condition: &mut AnyCondition) -> Option<&mut <Self::Fighter as FighterParts>::Condition>;
}

/// Declares the any-types and each ruleset's [`Kind`]: the list of the four, written once.
macro_rules! rulesets {
    ($($id:ident: $rules:ty;)*) => {
        /// A battle in any ruleset.
        #[derive(Clone, Debug)]
        pub enum AnyBattle {
            $($id(Battle<$rules>),)*
        }

        /// An action in any ruleset.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum AnyAction {
            $($id(<$rules as Ruleset>::Action),)*
        }

        /// A combatant's sheet in any ruleset.
        #[derive(Clone, Debug)]
        pub enum AnySheet {
            $($id(<<$rules as Ruleset>::Fighter as FighterParts>::Sheet),)*
        }

        /// A combatant's condition in any ruleset.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyCondition {
            $($id(<<$rules as Ruleset>::Fighter as FighterParts>::Condition),)*
        }

        $(
            impl Kind for $rules {
                const ID: RulesetId = RulesetId::$id;
                fn hold(battle: Battle<Self>) -> AnyBattle {
                    AnyBattle::$id(battle)
                }
                fn held(any: &AnyBattle) -> Option<&Battle<Self>> {
                    match any {
                        AnyBattle::$id(b) => Some(b),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn wrap(action: Self::Action) -> AnyAction {
                    AnyAction::$id(action)
                }
                fn unwrap(action: &AnyAction) -> Option<&Self::Action> {
                    match action {
                        AnyAction::$id(a) => Some(a),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn parts(fighter: &Self::Fighter) -> (AnySheet, AnyCondition) {
                    (AnySheet::$id(fighter.sheet().clone()), AnyCondition::$id(fighter.condition().clone()))
                }
                fn condition(condition: &AnyCondition) -> Option<&<Self::Fighter as FighterParts>::Condition> {
                    match condition {
                        AnyCondition::$id(c) => Some(c),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn condition_mut(condition: &mut AnyCondition) -> Option<&mut <Self::Fighter as FighterParts>::Condition> {
                    match condition {
                        AnyCondition::$id(c) => Some(c),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }
        )*
    };
}

rulesets! {
    EclipsePhase: EclipsePhase;
    Shadowrun4: Shadowrun4;
    Storyteller: Storyteller;
    HomebrewD6: HomebrewD6;
}

impl AnyCondition {
    /// The combatant has aimed and its next attack takes the aim's bonus (Eclipse Phase's Aim, Shadowrun 4's Take
    /// Aim; the other rulesets have no aiming).
    pub fn aiming(&self) -> bool {
        match self {
            AnyCondition::EclipsePhase(c) => c.aim.is_some(),
            AnyCondition::Shadowrun4(c) => c.aim > 0,
            AnyCondition::Storyteller(_) | AnyCondition::HomebrewD6(_) => false,
        }
    }
}

/// Runs `$body` with `$b` bound to the battle inside, whatever its ruleset, and `$k` naming the ruleset's type.
macro_rules! each {
    ($battle:expr, $b:ident, $k:ident => $body:expr) => {
        match $battle {
            AnyBattle::EclipsePhase($b) => {
                #[allow(dead_code)]
                type $k = EclipsePhase;
                $body
            }
            AnyBattle::Shadowrun4($b) => {
                #[allow(dead_code)]
                type $k = Shadowrun4;
                $body
            }
            AnyBattle::Storyteller($b) => {
                #[allow(dead_code)]
                type $k = Storyteller;
                $body
            }
            AnyBattle::HomebrewD6($b) => {
                #[allow(dead_code)]
                type $k = HomebrewD6;
                $body
            }
        }
    };
}

/// Generic code run on the battle inside an [`AnyBattle`], with its own types.
pub trait Visit {
    type Out;
    fn visit<K: Kind>(self, battle: &Battle<K>) -> Self::Out;
}

/// One combatant as every ruleset shows it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub side: &'a str,
    pub position: Cell,
    pub fighter: &'a dyn FighterState,
}

impl<'a> View<'a> {
    pub fn name(&self) -> &'a str {
        self.fighter.name()
    }

    pub fn id(&self) -> CombatantId {
        self.fighter.id()
    }
}

/// An action of the wrong ruleset for this battle.
fn mismatch(rules: &'static str, action: &AnyAction) -> RulesError {
    RulesError::Illegal(Refusal::WrongRuleset { action: format!("{action:?}"), rules })
}

impl AnyBattle {
    /// Runs generic code on the battle inside.
    pub fn visit<V: Visit>(&self, v: V) -> V::Out {
        each!(self, b, K => v.visit::<K>(b))
    }

    /// The ruleset's name, for the log and the title bar.
    pub fn rules_name(&self) -> &'static str {
        each!(self, b, K => b.rules().name())
    }

    /// Whether the ruleset's turn is made of action phases announced with their order (else initiative passes).
    pub fn announces_phases(&self) -> bool {
        each!(self, b, K => b.rules().announces_phases())
    }

    /// The ground the battle is fought on.
    pub fn field(&self) -> &Field {
        each!(self, b, K => b.rules().field())
    }

    /// See [`Battle::next`].
    pub fn next(&mut self, dice: &mut dyn Dice, log: &mut Log) -> Result<Next, RulesError> {
        each!(self, b, K => b.next(dice, log))
    }

    /// See [`Battle::act`]; an action of another ruleset is refused.
    pub fn act(&mut self, action: &AnyAction, dice: &mut dyn Dice, log: &mut Log) -> Result<(), RulesError> {
        let rules = self.rules_name();
        each!(self, b, K => b.act(K::unwrap(action).ok_or_else(|| mismatch(rules, action))?, dice, log))
    }

    /// See [`Battle::pass`].
    pub fn pass(&mut self, log: &mut Log) {
        each!(self, b, K => b.pass(log));
    }

    /// See [`Battle::delay`].
    pub fn delay(&mut self, log: &mut Log) -> bool {
        each!(self, b, K => b.delay(log))
    }

    pub fn turn(&self) -> u32 {
        each!(self, b, K => b.turn())
    }

    pub fn current(&self) -> Option<Slot> {
        each!(self, b, K => b.current())
    }

    pub fn delayed(&self) -> &[Slot] {
        each!(self, b, K => b.delayed())
    }

    pub fn from_delay(&self) -> bool {
        each!(self, b, K => b.from_delay())
    }

    pub fn ending(&self) -> Option<&Ending> {
        each!(self, b, K => b.ending())
    }

    pub fn objectives(&self) -> &Objectives {
        each!(self, b, K => b.objectives())
    }

    pub fn is_scripted(&self) -> bool {
        each!(self, b, K => b.is_scripted())
    }

    /// See [`Battle::first_scripted`].
    pub fn first_scripted(&self) -> Option<AnyAction> {
        each!(self, b, K => b.first_scripted().cloned().map(K::wrap))
    }

    /// The combatant `action` is for (none for an action of another ruleset).
    pub fn actor_of(&self, action: &AnyAction) -> Option<CombatantId> {
        each!(self, b, K => K::unwrap(action).map(|a| b.rules().actor_of(a)))
    }

    /// See [`Battle::scripted_action`].
    pub fn scripted_action(&self) -> Option<AnyAction> {
        each!(self, b, K => b.scripted_action().cloned().map(K::wrap))
    }

    /// The ruleset's built-in choice for the combatant in `slot`.
    pub fn default_action(&self, slot: Slot) -> Option<AnyAction> {
        each!(self, b, K => b.rules().default_action(slot, b.combatants()).map(K::wrap))
    }

    /// See [`Battle::without`].
    pub fn without(&self, gone: &[CombatantId]) -> AnyBattle {
        each!(self, b, K => K::hold(b.without(gone)))
    }

    /// See [`Battle::changed`].
    pub fn changed(&self) -> &[CombatantId] {
        each!(self, b, K => b.changed())
    }

    /// Every decision taken so far.
    pub fn record(&self) -> Vec<Recorded<AnyAction>> {
        each!(self, b, K => b.record().iter().map(|r| Recorded {
            turn: r.turn,
            slot: r.slot,
            actor: r.actor,
            decision: match &r.decision {
                Decision::Act(action) => Decision::Act(K::wrap(action.clone())),
                Decision::Pass => Decision::Pass,
                Decision::Delay => Decision::Delay,
            },
            dice: r.dice,
        }).collect())
    }

    /// How many decisions have been taken.
    pub fn decided(&self) -> usize {
        each!(self, b, K => b.record().len())
    }

    /// See [`Battle::faces`].
    pub fn faces(&self) -> &[u32] {
        each!(self, b, K => b.faces())
    }

    /// How many combatants the battle has.
    pub fn len(&self) -> usize {
        each!(self, b, K => b.combatants().len())
    }

    /// Whether the battle has no combatants.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Combatant `id` as every ruleset shows it.
    pub fn view(&self, id: CombatantId) -> View<'_> {
        each!(self, b, K => {
            let c = &b.combatants()[id.index()];
            View { side: &c.side, position: c.position, fighter: &c.fighter }
        })
    }

    /// Every combatant, in roster order.
    pub fn views(&self) -> Vec<View<'_>> {
        (0..self.len()).map(|i| self.view(CombatantId::at(i))).collect()
    }

    /// Every side once, in the order its first combatant comes in the roster.
    pub fn sides(&self) -> Vec<&str> {
        let mut sides: Vec<&str> = Vec::new();
        for c in self.views() {
            if !sides.contains(&c.side) {
                sides.push(c.side);
            }
        }
        sides
    }

    /// The id of the combatant called `name`.
    pub fn id_of(&self, name: &str) -> Option<CombatantId> {
        (0..self.len()).map(CombatantId::at).find(|&id| self.view(id).name() == name)
    }

    /// Every combatant's name, by id (see [`crate::rules::ruleset::names`]).
    pub fn names(&self) -> Vec<String> {
        each!(self, b, K => crate::rules::ruleset::names(b.combatants()))
    }

    /// Combatant `id`'s initiative this turn, as the order uses it now.
    pub fn initiative(&self, id: CombatantId) -> Option<i32> {
        each!(self, b, K => b.rules().initiative(id.index(), b.combatants()))
    }

    /// Combatant `id`'s damage tracks.
    pub fn tracks(&self, id: CombatantId) -> Vec<Track> {
        each!(self, b, K => b.rules().tracks(&b.combatants()[id.index()].fighter))
    }

    /// How far combatant `id` walks and runs in one slot.
    pub fn paces(&self, id: CombatantId) -> (Dm, Dm) {
        each!(self, b, K => b.rules().paces(&b.combatants()[id.index()].fighter))
    }

    /// Combatant `id`'s sheet and condition.
    pub fn parts(&self, id: CombatantId) -> (AnySheet, AnyCondition) {
        each!(self, b, K => K::parts(&b.combatants()[id.index()].fighter))
    }

    /// Whether combatant `id`'s condition is `shown` (what its components show of it).
    pub fn condition_is(&self, id: CombatantId, shown: &AnyCondition) -> bool {
        each!(self, b, K => K::condition(shown) == Some(b.combatants()[id.index()].fighter.condition()))
    }

    /// Copies combatant `id`'s condition into `shown` (reusing its allocations where it is of this ruleset).
    pub fn copy_condition(&self, id: CombatantId, shown: &mut AnyCondition) {
        each!(self, b, K => {
            let now = b.combatants()[id.index()].fighter.condition();
            match K::condition_mut(shown) {
                Some(c) => c.clone_from(now),
                None => *shown = K::parts(&b.combatants()[id.index()].fighter).1,
            }
        });
    }

    /// A plain attack by `actor` at combatant `target`, with the weapon in hand.
    pub fn plain_attack_of(&self, actor: CombatantId, target: CombatantId) -> AnyAction {
        each!(self, b, K => K::wrap(b.rules().plain_attack_of(b.combatants(), actor.index(), target)))
    }

    /// A blast thrown or fired by `actor` at `cell` with the weapon in hand, after `movement`: none unless the weapon
    /// in hand is a blast weapon (grenades, seekers: only Eclipse Phase has them).
    pub fn blast_at(&self, actor: CombatantId, movement: Option<Move>, cell: Cell) -> Option<AnyAction> {
        match self {
            AnyBattle::EclipsePhase(b) => {
                b.rules().blast_at(b.combatants(), actor.index(), movement, cell).map(AnyAction::EclipsePhase)
            }
            AnyBattle::Shadowrun4(_) | AnyBattle::Storyteller(_) | AnyBattle::HomebrewD6(_) => None,
        }
    }

    /// The exact odds of the first attack of `action` by `actor`, after its move (if any): carried out first when it
    /// is the actor's slot (a run's penalty counts), else with the actor simply on the move's end.
    pub fn odds_of(&self, actor: CombatantId, action: &AnyAction) -> Result<Odds, RulesError> {
        self.odds_supposing(actor, action, &[])
    }

    /// The tactics lab's what-if: the ways `actor` could attack `target` (after `movement`, if any) with `changes`
    /// supposed of the combatants (another weapon in hand, prone, wounds, aim: `suppose.rs`), by name. Worked out
    /// on a copy; the battle is untouched.
    pub fn ways_supposing(
        &self,
        actor: CombatantId,
        target: CombatantId,
        movement: Option<Move>,
        changes: &[(CombatantId, Supposed)],
    ) -> Vec<(String, AnyAction)> {
        each!(self, b, K => {
            let battle = supposing(b.combatants(), changes);
            b.rules().attack_choices(&battle, actor.index(), target, movement).into_iter().map(|(n, a)| (n, K::wrap(a))).collect()
        })
    }

    /// [`AnyBattle::odds_of`] with `changes` supposed of the combatants, on a copy.
    pub fn odds_supposing(
        &self,
        actor: CombatantId,
        action: &AnyAction,
        changes: &[(CombatantId, Supposed)],
    ) -> Result<Odds, RulesError> {
        let rules = self.rules_name();
        let slot = self.current().filter(|s| s.actor == actor);
        each!(self, b, K => {
            let action = K::unwrap(action).ok_or_else(|| mismatch(rules, action))?;
            let (rules, copy) = (b.rules(), supposing(b.combatants(), changes));
            let moved = match (rules.movement_in(action), slot) {
                (Some(step), Some(slot)) => std::borrow::Cow::Owned(crate::rules::odds::after_move(rules, slot, &copy, step.clone())),
                (Some(step), None) => std::borrow::Cow::Owned(with_actor_at(&copy, actor.index(), step.to)),
                (None, _) => copy,
            };
            rules.odds_of(&moved, actor.index(), action)
        })
    }

    /// Why `actor`, with `changes` supposed (another weapon in hand …), could not attack `target` from `from` with
    /// its weapon in hand, if it could not: a melee weapon strikes the next cell only; a ranged one needs a clear
    /// line and the target within its farthest range. The what-if says so rather than price an attack the rules
    /// would refuse.
    pub fn out_of_reach(
        &self,
        (actor, target): (CombatantId, CombatantId),
        from: Cell,
        changes: &[(CombatantId, Supposed)],
    ) -> Option<String> {
        each!(self, b, K => {
            let copy = supposing(b.combatants(), changes);
            let (me, them) = (copy.get(actor.index())?, copy.get(target.index())?);
            let reach = b.rules().reach_of(&me.fighter);
            let weapon = me.fighter.weapon_name();
            let why = super::approach::out_of_reach(b.rules().field(), from, them.position, reach.melee, reach.max_m);
            why.map(|why| match why {
                OutOfReach::NotNext => format!("Out of reach from there: the {weapon} strikes only a next cell."),
                OutOfReach::Wall => "Out of reach from there: a wall is in the way.".into(),
                OutOfReach::Hidden => "Out of sight from there: the target is hidden.".into(),
                OutOfReach::TooFar { meters, max_m } => {
                    format!("Out of reach from there: {meters} m, the {weapon} reaches {max_m} m at the most.")
                }
            })
        })
    }

    /// What a what-if can suppose in this battle's ruleset.
    pub fn supposable(&self) -> Supposable {
        fn of<F: Suppose>() -> Supposable {
            Supposable { prone: F::PRONE, aim_steps: F::AIM_STEPS }
        }
        each!(self, _b, K => of::<<K as Ruleset>::Fighter>())
    }

    /// The weapons combatant `id` carries (each once), and how many aims it has at `target` now (none for an index
    /// out of the roster).
    pub fn carried_and_aimed(&self, id: CombatantId, target: CombatantId) -> (Vec<String>, u32) {
        each!(self, b, K => b.combatants().get(id.index()).map_or((Vec::new(), 0), |c| {
            (c.fighter.weapons_carried(), c.fighter.aimed(target))
        }))
    }

    /// How many attacks `action` makes.
    pub fn attacks_in(&self, action: &AnyAction) -> usize {
        each!(self, b, K => K::unwrap(action).map_or(0, |a| b.rules().attacks_in(a)))
    }

    /// The action for a player's orders: a move, then an attack on `target` with the weapon in hand, or nothing.
    pub fn intended(&self, actor: CombatantId, movement: Option<Move>, target: Option<CombatantId>) -> AnyAction {
        each!(self, b, K => K::wrap(b.rules().intended(b.combatants(), actor.index(), movement, target)))
    }

    /// The other actions a player may take now, by name.
    pub fn other_actions(&self, actor: CombatantId) -> Vec<(String, AnyAction)> {
        each!(self, b, K => b.rules().other_actions(b.combatants(), actor.index()).into_iter().map(|(n, a)| (n, K::wrap(a))).collect())
    }

    /// The ways to attack `target` with the weapon in hand, by name (after `movement`, if any).
    pub fn attack_choices(
        &self,
        actor: CombatantId,
        target: CombatantId,
        movement: Option<Move>,
    ) -> Vec<(String, AnyAction)> {
        self.ways_supposing(actor, target, movement, &[])
    }

    /// Who is in `actor`'s way: the others standing block cells, the fallen only take the cells they lie on.
    pub fn occupied(&self, actor: CombatantId) -> crate::rules::field::Crowd {
        each!(self, b, K => super::movement::occupied(b.combatants(), actor.index()))
    }

    /// The cell within a walk that shelters `actor` best from its enemies, if a better one than its own exists.
    pub fn cover_spot(&self, actor: CombatantId, walk: Dm) -> Option<Move> {
        each!(self, b, K => cover_spot(b.rules().field(), b.combatants(), actor.index(), walk))
    }

    /// Whether the rules accept `action` in `slot` now (tried on copies with throwaway dice).
    pub fn dry_run(&self, slot: Slot, action: &AnyAction) -> Result<(), RulesError> {
        let rules = self.rules_name();
        each!(self, b, K => dry_run(b.rules(), slot, b.combatants(), K::unwrap(action).ok_or_else(|| mismatch(rules, action))?))
    }
}

/// The ruleset's built-in choice, as a chooser for [`AnyBattle::play_out`].
pub fn built_in(battle: &AnyBattle, slot: Slot) -> Option<AnyAction> {
    battle.default_action(slot)
}

/// Everything a battle starts from: the engine holding it, its dice and its log so far (the battle's header), and
/// where the faces typed in by hand stand among those it rolled so far (a saved battle taken up again).
pub struct BattleSetup {
    pub battle: AnyBattle,
    pub dice: Box<dyn Dice + Send + Sync>,
    pub log: Log,
    pub typed: std::collections::BTreeSet<usize>,
}
