//! Exact odds, shared by every ruleset: discrete distributions built by enumeration and convolution (never by
//! sampling), and the table of an attack's odds that the CLI prints and the GUI and the AI read. Each ruleset's
//! `odds.rs` enumerates its dice and calls the same functions its resolution calls, so a rule is written once.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::RulesError;
use crate::rules::engine::field::Move;
use crate::rules::engine::ruleset::{Combatant, CombatantId, Ruleset, Slot, performed, with_actor_at};

/// The battle as it stands once the combatant in `slot` has made `movement`, a run's or a move's penalty set as its
/// ruleset sets it: the move alone, carried out on copies. The odds of an attack after a move are taken on it (by the
/// AI, the player's orders, the battle-end tally). Where the rules refuse the move alone, the combatant just stands on
/// the move's end.
pub fn after_move<R>(
    rules: &R,
    slot: Slot,
    battle: &[Combatant<R::Fighter>],
    movement: Move,
) -> Vec<Combatant<R::Fighter>>
where
    R: AttackOdds + Clone,
    R::Fighter: Clone,
{
    let to = movement.to;
    let only_move = rules.intended(battle, slot.actor.index(), Some(movement), None);
    performed(rules, slot, battle, &only_move).unwrap_or_else(|_| with_actor_at(battle, slot.actor.index(), to))
}

/// A ruleset that prices its attacks: what the CLI, the GUI's preview and the AI ask.
pub trait AttackOdds: Ruleset {
    /// A plain attack by `actor` at combatant `target`, with the weapon in hand.
    fn plain_attack_of(&self, battle: &[Combatant<Self::Fighter>], actor: usize, target: CombatantId) -> Self::Action;
    /// The exact odds of the first attack of `action`, as the rules would resolve it now.
    fn odds_of(
        &self,
        battle: &[Combatant<Self::Fighter>],
        actor: usize,
        action: &Self::Action,
    ) -> Result<Odds, RulesError>;
    /// The action for what a player asks in words every ruleset understands: a move, then an attack on `target`
    /// with the weapon in hand, or nothing (wait).
    fn intended(
        &self,
        battle: &[Combatant<Self::Fighter>],
        actor: usize,
        movement: Option<crate::rules::engine::field::Move>,
        target: Option<CombatantId>,
    ) -> Self::Action;
    /// The other actions a player may take now, by name: full defense, aim, reload, clearing a jam, standing up,
    /// readying another weapon, waiting (each ruleset offers its own; the rules still check the one chosen).
    fn other_actions(&self, battle: &[Combatant<Self::Fighter>], actor: usize) -> Vec<(String, Self::Action)>;
    /// The ways to attack `target` with the weapon in hand, by name: each firing mode it has, and called shots
    /// where the ruleset has them (after `movement`, if any).
    fn attack_choices(
        &self,
        battle: &[Combatant<Self::Fighter>],
        actor: usize,
        target: CombatantId,
        movement: Option<crate::rules::engine::field::Move>,
    ) -> Vec<(String, Self::Action)>;
    /// How many attacks `action` makes (shots of a burst's action, two Simple Actions' attacks …), for the AI.
    fn attacks_in(&self, action: &Self::Action) -> usize;
    /// The move `action` makes first, if any (the odds of its attack are those from where the move ends).
    fn movement_in<'a>(&self, action: &'a Self::Action) -> Option<&'a crate::rules::engine::field::Move>;
    /// How far the weapon in hand reaches (melee: the next cell), for the AI's choice of ground.
    fn reach_of(&self, fighter: &Self::Fighter) -> crate::rules::mechanics::approach::Reach;
    /// `action` with `movement` first (replacing any move it had), for the AI's "move, then reload".
    fn with_movement(&self, action: Self::Action, movement: Option<crate::rules::engine::field::Move>) -> Self::Action;
    /// `action` (an attack) with the carried weapon `weapon` drawn first, where the ruleset lets a draw and an attack
    /// share one action (Eclipse Phase's Quick Action draw): the AI's "draw the grenade and throw it". None elsewhere.
    fn drawn_first(&self, _action: Self::Action, _weapon: &str) -> Option<Self::Action> {
        None
    }
    /// Whether `actor` may act against `target` now (Shadowrun 4's surprise holds some back in the first pass): the
    /// AI prices attacks only at those it may.
    fn may_act_against(&self, _actor: usize, _target: usize) -> bool {
        true
    }
    /// The defenses the defender of `action`'s first attack may choose among at the moment it is attacked, where
    /// the ruleset gives it a choice that matters (two or more different pools or costs); each recorded in the
    /// attacker's action, so a replay makes the same choice. None where it has none (docs/rules-decisions.md lists
    /// the choices each ruleset gives).
    fn defenses(
        &self,
        _battle: &[Combatant<Self::Fighter>],
        _actor: usize,
        _action: &Self::Action,
    ) -> Option<Defenses<Self::Action>> {
        None
    }
}

/// A defender's choice at the moment it is attacked: who defends, and each defense it may choose.
#[derive(Clone, Debug, PartialEq)]
pub struct Defenses<A> {
    pub defender: CombatantId,
    pub options: Vec<DefenseOption<A>>,
}

/// One defense a defender may choose: by name (the pool it rolls), whether it costs the defender an action of its
/// own (Shadowrun 4's full defense spends its next Action Phase), and the attacker's action that records it.
#[derive(Clone, Debug, PartialEq)]
pub struct DefenseOption<A> {
    pub name: String,
    pub costs_action: bool,
    pub action: A,
}

impl<A> DefenseOption<A> {
    /// A free defense (no action of its own).
    pub fn free(name: String, action: A) -> Self {
        DefenseOption { name, costs_action: false, action }
    }
}

impl<A> Defenses<A> {
    /// The choice, where there is one to make (two options or more).
    pub fn given(defender: CombatantId, options: Vec<DefenseOption<A>>) -> Option<Self> {
        (options.len() > 1).then_some(Defenses { defender, options })
    }

    /// The same choice with each action changed by `f` (wrapped as any ruleset's).
    pub fn map<B>(self, f: impl Fn(A) -> B) -> Defenses<B> {
        let options = self
            .options
            .into_iter()
            .map(|o| DefenseOption { name: o.name, costs_action: o.costs_action, action: f(o.action) })
            .collect();
        Defenses { defender: self.defender, options }
    }
}

/// Moves `usual` (if present) to the front of `ways`, keeping the others' order: the ways to attack list the
/// built-in choice's mode first, which the AI's normal difficulty plays.
pub fn usual_first<T: PartialEq>(ways: &mut [T], usual: &T) {
    if let Some(i) = ways.iter().position(|w| w == usual) {
        ways[..=i].rotate_right(1);
    }
}

/// A probability distribution over whole numbers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dist(BTreeMap<i32, f64>);

impl Dist {
    /// Certainly `v`.
    pub fn point(v: i32) -> Self {
        Dist(BTreeMap::from([(v, 1.0)]))
    }

    /// Adds probability `p` to value `v`.
    pub fn add(&mut self, v: i32, p: f64) {
        if p > 0.0 {
            *self.0.entry(v).or_default() += p;
        }
    }

    /// The sum of `n` dice of `sides` faces (1..=sides), by repeated convolution.
    pub fn dice(n: u32, sides: u32) -> Self {
        let die: Dist = Dist((1..=sides as i32).map(|f| (f, 1.0 / f64::from(sides))).collect());
        (0..n).fold(Dist::point(0), |acc, _| acc.plus(&die))
    }

    /// The distribution of the sum of two independent values.
    pub fn plus(&self, other: &Dist) -> Dist {
        let mut out = Dist::default();
        for (a, pa) in &self.0 {
            for (b, pb) in &other.0 {
                out.add(a + b, pa * pb);
            }
        }
        out
    }

    /// The distribution of `f(value)`.
    pub fn map(&self, f: impl Fn(i32) -> i32) -> Dist {
        let mut out = Dist::default();
        for (v, p) in &self.0 {
            out.add(f(*v), *p);
        }
        out
    }

    /// Adds every value of `other`, weighted by `weight`.
    pub fn mix(&mut self, other: &Dist, weight: f64) {
        for (v, p) in &other.0 {
            self.add(*v, p * weight);
        }
    }

    /// Each value and its probability, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = (i32, f64)> + '_ {
        self.0.iter().map(|(v, p)| (*v, *p))
    }

    /// The probability of `v`.
    pub fn p(&self, v: i32) -> f64 {
        self.0.get(&v).copied().unwrap_or(0.0)
    }

    /// The probability that the value meets `pred`.
    pub fn p_where(&self, pred: impl Fn(i32) -> bool) -> f64 {
        self.iter().filter(|(v, _)| pred(*v)).map(|(_, p)| p).sum()
    }

    /// The total probability (1 for a whole distribution).
    pub fn total(&self) -> f64 {
        self.0.values().sum()
    }

    /// The expected value.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| f64::from(v) * p).sum()
    }
}

/// One chance an attack's odds give, in any ruleset (each ruleset gives the ones its rules have).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chance {
    Hit,
    /// Shadowrun 4: a hit with no net hits.
    Graze,
    /// Eclipse Phase: a critical success defeats armor.
    CriticalArmorDefeating,
    AttackerGlitch,
    AttackerCriticalGlitch,
    AttackerBotch,
    DefenderGlitch,
    DefenderBotch,
    WeaponMalfunction,
    /// Shadowrun 4: the damage goes to the Stun monitor.
    StunInsteadOfPhysical,
    KnockedDown,
    Stunned,
    Unconscious,
    Incapacitated,
    Dead,
    /// Out of the fight by any of the ways the ruleset has.
    TakenOut,
    /// Shadowrun 4's called shot to the weapon hand.
    Disarmed,
    /// A blast hurts the thrower or its side.
    FriendlyFire,
    /// Someone else caught in a blast is taken out: a friend (the thrower's side) or not, its name and distance.
    CaughtTakenOut {
        friend: bool,
        who: String,
        meters: u32,
    },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Chance::Hit => "hit",
            Chance::Graze => "graze",
            Chance::CriticalArmorDefeating => "critical (armor-defeating)",
            Chance::AttackerGlitch => "attacker glitch",
            Chance::AttackerCriticalGlitch => "attacker critical glitch",
            Chance::AttackerBotch => "attacker botch",
            Chance::DefenderGlitch => "defender glitch",
            Chance::DefenderBotch => "defender botch",
            Chance::WeaponMalfunction => "weapon malfunction",
            Chance::StunInsteadOfPhysical => "stun instead of physical",
            Chance::KnockedDown => "knocked down",
            Chance::Stunned => "stunned",
            Chance::Unconscious => "unconscious",
            Chance::Incapacitated => "incapacitated",
            Chance::Dead => "dead",
            Chance::TakenOut => "taken out",
            Chance::Disarmed => "disarmed",
            Chance::FriendlyFire => "friendly fire",
            Chance::CaughtTakenOut { friend, who, meters } => {
                let friend = if *friend { "friendly fire: " } else { "" };
                return f.pad(&format!("{friend}{who} ({meters} m) taken out"));
            }
        };
        // `pad`, not `write_str`: the odds table lines the names up with a width.
        f.pad(name)
    }
}

/// One distribution an attack's odds give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Measure {
    /// Damage marked (Eclipse Phase damage points, Shadowrun 4 boxes).
    Damage,
    /// Eclipse Phase wounds.
    Wounds,
    /// Storyteller health levels.
    HealthLevels,
    /// The homebrew's two tracks.
    LightBoxes,
    CriticalBoxes,
    /// Damage to someone else caught in a blast.
    DamageTo(String),
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Damage => f.pad("damage"),
            Measure::Wounds => f.pad("wounds"),
            Measure::HealthLevels => f.pad("health levels"),
            Measure::LightBoxes => f.pad("Light boxes"),
            Measure::CriticalBoxes => f.pad("Critical boxes"),
            Measure::DamageTo(who) => f.pad(&format!("damage to {who}")),
        }
    }
}

/// The odds of one attack: its chances and its distributions, in the order a player reads them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// What the odds are of: attacker, weapon, target.
    pub title: String,
    /// The test targets or pools behind the odds, in words.
    pub inputs: Vec<String>,
    pub chances: Vec<(Chance, f64)>,
    pub dists: Vec<(Measure, Dist)>,
}

/// The number of ways to choose `k` of `n`.
pub fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// Outcomes merged where `key` says the rules cannot tell them apart, their probabilities summed; the first of
/// each kind stands for it.
pub fn merge<T, K: Ord>(outcomes: Vec<(T, f64)>, key: impl Fn(&T) -> K) -> Vec<(T, f64)> {
    let mut merged: BTreeMap<K, (T, f64)> = BTreeMap::new();
    for (outcome, p) in outcomes {
        merged.entry(key(&outcome)).or_insert((outcome, 0.0)).1 += p;
    }
    merged.into_values().collect()
}

impl Odds {
    /// Odds with these inputs, chances and distributions (the title is set by the caller who knows the names).
    pub fn new(inputs: Vec<String>, chances: Vec<(Chance, f64)>, dists: Vec<(Measure, Dist)>) -> Self {
        Odds { title: String::new(), inputs, chances, dists }
    }

    /// A chance (0 when the ruleset has no such thing).
    pub fn chance(&self, chance: Chance) -> f64 {
        self.chances.iter().find(|(c, _)| *c == chance).map_or(0.0, |(_, p)| *p)
    }

    /// A distribution, if the ruleset gives it.
    pub fn dist(&self, measure: Measure) -> Option<&Dist> {
        self.dists.iter().find(|(m, _)| *m == measure).map(|(_, d)| d)
    }

    /// A chance or distribution by the name the table prints ("hit", "damage"): for tests and tools that read
    /// printed odds.
    pub fn named(&self, name: &str) -> (Option<f64>, Option<&Dist>) {
        let chance = self.chances.iter().find(|(c, _)| c.to_string() == name).map(|(_, p)| *p);
        (chance, self.dists.iter().find(|(m, _)| m.to_string() == name).map(|(_, d)| d))
    }
}

/// Percent with one decimal, "<0.1%" for tiny non-zero chances.
fn percent(p: f64) -> String {
    match p {
        p if p > 0.0 && p < 0.0005 => "<0.1%".to_owned(),
        p => format!("{:.1}%", p * 100.0),
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.title)?;
        for line in &self.inputs {
            writeln!(f, "  {line}")?;
        }
        for (name, p) in &self.chances {
            writeln!(f, "  {name:<28} {:>7}", percent(*p))?;
        }
        for (name, d) in &self.dists {
            writeln!(f, "  {name} (mean {:.2}):", d.mean())?;
            for (v, p) in d.iter() {
                writeln!(f, "    {v:>4} {:>7}", percent(p))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_sums_convolve() {
        let two = Dist::dice(2, 6);
        assert!((two.p(7) - 6.0 / 36.0).abs() < 1e-12);
        assert!((two.total() - 1.0).abs() < 1e-12);
        assert!((two.mean() - 7.0).abs() < 1e-12);
        assert_eq!(Dist::dice(0, 10), Dist::point(0));
    }
}
