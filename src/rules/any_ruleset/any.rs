//! The ruleset chosen once, at the edge: [`AnyBattle`] is a battle in any of the four rulesets, [`AnyAction`] an action
//! in any of them (each a [`ByRuleset`] of one [`Family`]). This file is where a battle dispatches among the four (a
//! scenario file's setup, read before there is a battle, has its own in `scenario/`); everything above it (the ECS, the
//! window, the menu, the CLI, the AI's entry point) works with these types, calls what every ruleset's battle answers
//! ([`crate::rules::any_ruleset::dyn_battle::DynBattle`]) on an `AnyBattle`, and reaches a battle's own types in
//! generic code through [`AnyBattle::visit`].

use std::fmt;

use crate::rules::RulesError;
use crate::rules::eclipse_phase::EclipsePhase;
use crate::rules::engine::battle::Battle;
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::{Cell, Move};
use crate::rules::engine::outcome::Log;
use crate::rules::engine::ruleset::{CombatantId, FighterParts, FighterState, Ruleset, Slot};
use crate::rules::homebrew_d6::HomebrewD6;
use crate::rules::mechanics::odds::{AttackOdds, Odds};
use crate::rules::mechanics::suppose::Suppose;
use crate::rules::shadowrun4::Shadowrun4;
use crate::rules::storyteller::Storyteller;

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
/// types (each of a [`Family`]) as any ruleset's. Generic code written for one `K: Kind` serves all four through
/// [`AnyBattle::visit`].
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
    /// Its own of family `F` (its battle, an action, a sheet, a condition), as any ruleset's.
    fn put<F: Family>(own: F::Of<Self>) -> ByRuleset<F>;
    /// Its own of family `F` inside `any`, if `any` is of this ruleset.
    fn get<F: Family>(any: &ByRuleset<F>) -> Option<&F::Of<Self>>;
    /// The same, mutable.
    fn get_mut<F: Family>(any: &mut ByRuleset<F>) -> Option<&mut F::Of<Self>>;

    /// The battle, held as any battle.
    fn hold(battle: Battle<Self>) -> AnyBattle {
        Self::put(battle)
    }
    /// The battle inside, if `any` is one of this ruleset's.
    fn held(any: &AnyBattle) -> Option<&Battle<Self>> {
        Self::get(any)
    }
    /// The action, as any action.
    fn wrap(action: Self::Action) -> AnyAction {
        Self::put(action)
    }
    /// This ruleset's action, if `action` is one.
    fn unwrap(action: &AnyAction) -> Option<&Self::Action> {
        Self::get(action)
    }
    /// A fighter's sheet and condition, as any ruleset's.
    fn parts(fighter: &Self::Fighter) -> (AnySheet, AnyCondition) {
        (Self::put(fighter.sheet().clone()), Self::put(fighter.condition().clone()))
    }
    /// This ruleset's condition, if `condition` is one.
    fn condition(condition: &AnyCondition) -> Option<&<Self::Fighter as FighterParts>::Condition> {
        Self::get(condition)
    }
    /// The condition inside, mutable, if it is of this ruleset.
    fn condition_mut(condition: &mut AnyCondition) -> Option<&mut <Self::Fighter as FighterParts>::Condition> {
        Self::get_mut(condition)
    }
}

/// A kind of thing each ruleset has its own of (its battle, its action, a fighter's sheet and condition): what a
/// [`ByRuleset`] holds one of.
pub trait Family {
    type Of<K: Kind>;
}

/// One thing of family `F`, of one of the four rulesets.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(bound(
    serialize = "F::Of<EclipsePhase>: serde::Serialize, F::Of<Shadowrun4>: serde::Serialize, \
                 F::Of<Storyteller>: serde::Serialize, F::Of<HomebrewD6>: serde::Serialize",
    deserialize = "F::Of<EclipsePhase>: serde::Deserialize<'de>, F::Of<Shadowrun4>: serde::Deserialize<'de>, \
                   F::Of<Storyteller>: serde::Deserialize<'de>, F::Of<HomebrewD6>: serde::Deserialize<'de>"
))]
pub enum ByRuleset<F: Family> {
    EclipsePhase(F::Of<EclipsePhase>),
    Shadowrun4(F::Of<Shadowrun4>),
    Storyteller(F::Of<Storyteller>),
    HomebrewD6(F::Of<HomebrewD6>),
}

/// The battles' family.
#[derive(Clone, Debug, PartialEq)]
pub enum Battles {}

/// The actions' family.
#[derive(Clone, Debug, PartialEq)]
pub enum Actions {}

/// The sheets' family.
#[derive(Clone, Debug, PartialEq)]
pub enum Sheets {}

/// The conditions' family.
#[derive(Clone, Debug, PartialEq)]
pub enum Conditions {}

impl Family for Battles {
    type Of<K: Kind> = Battle<K>;
}

impl Family for Actions {
    type Of<K: Kind> = K::Action;
}

impl Family for Sheets {
    type Of<K: Kind> = <K::Fighter as FighterParts>::Sheet;
}

impl Family for Conditions {
    type Of<K: Kind> = <K::Fighter as FighterParts>::Condition;
}

/// A battle in any ruleset.
pub type AnyBattle = ByRuleset<Battles>;

/// An action in any ruleset.
pub type AnyAction = ByRuleset<Actions>;

/// A combatant's sheet in any ruleset.
pub type AnySheet = ByRuleset<Sheets>;

/// A combatant's condition in any ruleset.
pub type AnyCondition = ByRuleset<Conditions>;

impl Kind for EclipsePhase {
    const ID: RulesetId = RulesetId::EclipsePhase;
    fn put<F: Family>(own: F::Of<Self>) -> ByRuleset<F> {
        ByRuleset::EclipsePhase(own)
    }
    fn get<F: Family>(any: &ByRuleset<F>) -> Option<&F::Of<Self>> {
        if let ByRuleset::EclipsePhase(own) = any { Some(own) } else { None }
    }
    fn get_mut<F: Family>(any: &mut ByRuleset<F>) -> Option<&mut F::Of<Self>> {
        if let ByRuleset::EclipsePhase(own) = any { Some(own) } else { None }
    }
}

impl Kind for Shadowrun4 {
    const ID: RulesetId = RulesetId::Shadowrun4;
    fn put<F: Family>(own: F::Of<Self>) -> ByRuleset<F> {
        ByRuleset::Shadowrun4(own)
    }
    fn get<F: Family>(any: &ByRuleset<F>) -> Option<&F::Of<Self>> {
        if let ByRuleset::Shadowrun4(own) = any { Some(own) } else { None }
    }
    fn get_mut<F: Family>(any: &mut ByRuleset<F>) -> Option<&mut F::Of<Self>> {
        if let ByRuleset::Shadowrun4(own) = any { Some(own) } else { None }
    }
}

impl Kind for Storyteller {
    const ID: RulesetId = RulesetId::Storyteller;
    fn put<F: Family>(own: F::Of<Self>) -> ByRuleset<F> {
        ByRuleset::Storyteller(own)
    }
    fn get<F: Family>(any: &ByRuleset<F>) -> Option<&F::Of<Self>> {
        if let ByRuleset::Storyteller(own) = any { Some(own) } else { None }
    }
    fn get_mut<F: Family>(any: &mut ByRuleset<F>) -> Option<&mut F::Of<Self>> {
        if let ByRuleset::Storyteller(own) = any { Some(own) } else { None }
    }
}

impl Kind for HomebrewD6 {
    const ID: RulesetId = RulesetId::HomebrewD6;
    fn put<F: Family>(own: F::Of<Self>) -> ByRuleset<F> {
        ByRuleset::HomebrewD6(own)
    }
    fn get<F: Family>(any: &ByRuleset<F>) -> Option<&F::Of<Self>> {
        if let ByRuleset::HomebrewD6(own) = any { Some(own) } else { None }
    }
    fn get_mut<F: Family>(any: &mut ByRuleset<F>) -> Option<&mut F::Of<Self>> {
        if let ByRuleset::HomebrewD6(own) = any { Some(own) } else { None }
    }
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

impl AnyBattle {
    /// Runs generic code on the battle inside.
    pub fn visit<V: Visit>(&self, v: V) -> V::Out {
        match self {
            AnyBattle::EclipsePhase(b) => v.visit(b),
            AnyBattle::Shadowrun4(b) => v.visit(b),
            AnyBattle::Storyteller(b) => v.visit(b),
            AnyBattle::HomebrewD6(b) => v.visit(b),
        }
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

    /// The ways to attack `target` with the weapon in hand, by name (after `movement`, if any).
    pub fn attack_choices(
        &self,
        actor: CombatantId,
        target: CombatantId,
        movement: Option<Move>,
    ) -> Vec<(String, AnyAction)> {
        self.ways_supposing(actor, target, movement, &[])
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
