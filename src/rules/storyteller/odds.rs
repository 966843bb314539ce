//! Exact odds of a Storyteller attack: every outcome of the attack and defense pools the rules tell apart
//! (successes and 1s, by the multinomial), net successes as the rules count them; for each hit, the rules' own raw
//! damage and soak, the damage dice's successes (binomial) and the rules' own health track on a copy of the
//! defender.

use crate::rules::engine::ruleset::FighterState;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use super::attack::{Strike, attack_pool, check_reach, choose_attribute, defense_spec, raw_damage};
use super::damage::{DamageType, soak};
use super::pool::{D10Pool, damage_dist, test_outcomes};
use super::turn::{Act, Action, Attack};
use super::{Fighter, Options, RulesError, Storyteller};
use crate::rules::engine::field::Move;
use crate::rules::engine::outcome::{Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId};
use crate::rules::mechanics::approach::Reach;
use crate::rules::mechanics::doors::doors_beside;
use crate::rules::mechanics::memo::{ByWhole, Memo};
use crate::rules::mechanics::odds::{AttackOdds, Chance, Defenses, Dist, Measure, Odds, merge};

impl AttackOdds for Storyteller {
    /// A plain attack by `actor` at `target` with the weapon in hand.
    fn plain_attack_of(&self, battle: &[Combatant<Fighter>], actor: usize, target: CombatantId) -> Action {
        let attack = Attack { weapon: None, target, situation: Default::default() };
        Action { actor: battle[actor].fighter.id, act: Act::Attack(attack), movement: None }
    }

    /// A move and an attack at `target`, or a wait.
    fn intended(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        movement: Option<Move>,
        target: Option<CombatantId>,
    ) -> Action {
        let mut action = match target {
            Some(t) => self.plain_attack_of(battle, actor, t),
            None => Action { actor: battle[actor].fighter.id, act: Act::Wait, movement: None },
        };
        action.movement = movement;
        action
    }

    /// How many attacks `action` makes.
    fn attacks_in(&self, action: &Action) -> usize {
        usize::from(matches!(action.act, Act::Attack(_)))
    }

    /// The move `action` makes first.
    fn movement_in<'a>(&self, action: &'a Action) -> Option<&'a Move> {
        action.movement.as_ref()
    }

    /// How far the weapon in hand reaches (half its range is where it likes to shoot from).
    fn reach_of(&self, f: &Fighter) -> Reach {
        let weapon = f.sheet.gear.weapon(f.drawn_id()).ok();
        match weapon.filter(|w| w.is_ranged()).and_then(|w| w.range) {
            Some(m) => Reach::ranged(m / 2, m),
            None => Reach::MELEE,
        }
    }

    /// `action` with `movement` as its move.
    fn with_movement(&self, action: Action, movement: Option<Move>) -> Action {
        Action { movement, ..action }
    }

    /// The other actions open now: ready another weapon, wait.
    fn other_actions(&self, battle: &[Combatant<Fighter>], actor: usize) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let act = |act| Action { actor: f.id, act, movement: None };
        let mut out: Vec<(String, Action)> = f
            .sheet
            .weapons
            .iter()
            .filter(|w| w.0 != f.drawn_id())
            .map(|w| (format!("Ready the {}", FighterState::weapon_name_of(f, &w.0)), act(Act::ReadyWeapon(w.clone()))))
            .collect();
        for (name, door) in doors_beside(&self.field, battle, actor) {
            out.push((name, act(Act::UseDoor(door))));
        }
        out.push(("Wait".into(), act(Act::Wait)));
        out
    }

    /// One way: the weapon in hand.
    fn attack_choices(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        target: CombatantId,
        movement: Option<Move>,
    ) -> Vec<(String, Action)> {
        let mut action = self.plain_attack_of(battle, actor, target);
        action.movement = movement;
        vec![("Attack".into(), action)]
    }

    /// The odds of the attack of `action` by combatant `actor`, as the rules would resolve it now.
    fn odds_of(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Result<Odds, RulesError> {
        let Act::Attack(attack) = &action.act else {
            return Err(RulesError::Illegal(Refusal::NoAttack));
        };
        let (target, weapon, situation, meters) = self.prepare(actor, attack, battle)?;
        let (me, them) = (&battle[actor].fighter, &battle[target].fighter);
        let strike = Strike { weapon: &weapon, situation: &situation, distance: meters };
        let mut odds = strike_odds(&self.options, me, them, &strike)?;
        odds.title = format!("{} attacks {} with the {}, {meters} m", me.name, them.name, weapon.name);
        Ok(odds)
    }

    fn defenses(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Option<Defenses<Action>> {
        super::defense::defenses(self, battle, actor, action)
    }
}

thread_local! {
    static OUTCOMES: RefCell<Memo<(u32, u32), Rc<[(D10Pool, f64)]>>> = RefCell::new(Memo::new(1024));
    static DAMAGE: RefCell<Memo<u32, Rc<Dist>>> = RefCell::new(Memo::new(256));
    /// [`effects`] by defender and by (kind, levels).
    static EFFECTS: RefCell<ByWhole<Fighter, (DamageType, u32), Effects>> =
        const { RefCell::new(ByWhole::new(32)) };
}

/// Test outcomes merged where the rules cannot tell them apart: successes and botch (remembered:
/// `crate::rules::mechanics::memo`).
fn outcomes(dice: u32, difficulty: u32) -> Rc<[(D10Pool, f64)]> {
    OUTCOMES.with_borrow_mut(|m| {
        m.get((dice, difficulty), || merge(test_outcomes(dice, difficulty), |p| (p.successes, p.botch)).into())
    })
}

/// The successes of so many damage dice, remembered.
fn damage(dice: u32) -> Rc<Dist> {
    DAMAGE.with_borrow_mut(|m| m.get(dice, || Rc::new(damage_dist(dice))))
}

/// What so many health levels of one kind do to a defender as it stands: the statuses it gains.
#[derive(Clone, Copy)]
struct Effects {
    incapacitated: bool,
    dead: bool,
}

/// The rules' own health track (`Fighter::take`) on a copy of the defender.
fn effects(defender: &Fighter, kind: DamageType, levels: u32) -> Effects {
    let mut d = defender.clone();
    d.take(kind, levels, &mut Log::default());
    let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
    Effects { incapacitated: has(&Status::Incapacitated), dead: has(&Status::Dead) }
}

/// The odds of one attack by `attacker` at `defender`.
pub fn strike_odds(
    opts: &Options,
    attacker: &Fighter,
    defender: &Fighter,
    strike: &Strike<'_>,
) -> Result<Odds, RulesError> {
    check_reach(defender, strike)?;
    let attribute = choose_attribute(attacker, strike)?;
    let spec = attack_pool(opts, attacker, strike, attribute)?;
    let (attack_dice, difficulty) = (spec.dice(), spec.difficulty);
    let defense_spec = defense_spec(opts, defender, strike.weapon.is_ranged(), strike.situation)?;
    let defense_dice = defense_spec.as_ref().map(|s| s.dice());
    let defense = match &defense_spec {
        Some(s) => outcomes(s.dice(), s.difficulty),
        None => Rc::from([(D10Pool::default(), 1.0)]),
    };
    let (mut botch, mut defender_botch) = (0.0, 0.0);
    let mut nets: BTreeMap<u32, f64> = BTreeMap::new();
    for (a, pa) in outcomes(attack_dice, difficulty).iter() {
        for (d, pd) in defense.iter() {
            let p = pa * pd;
            botch += if a.botch { p } else { 0.0 };
            defender_botch += if d.botch { p } else { 0.0 };
            let net = a.successes as i32 - d.successes as i32;
            if net >= 1 {
                *nets.entry(net as u32).or_default() += p;
            }
        }
    }
    let mut t = Tally::default();
    let levels_soaked = soak(defender, strike.weapon.kind, &mut Log::default())?;
    for (&net, &p) in &nets {
        let raw = raw_damage(attacker, strike, attribute, net, &mut Log::default()) as i32;
        t.hit_for(defender, strike, raw - levels_soaked, p);
    }
    let hit: f64 = nets.values().sum();
    t.levels.add(0, 1.0 - hit);
    let inputs = vec![match defense_dice {
        Some(d) => format!("{attack_dice} attack dice at difficulty {difficulty} against {d} defense dice"),
        None => format!("{attack_dice} attack dice at difficulty {difficulty}; the defender rolls no defense"),
    }];
    Ok(t.odds(inputs, [hit, botch, defender_botch]))
}

/// The chances summed over every hit.
#[derive(Default)]
struct Tally {
    incapacitated: f64,
    dead: f64,
    levels: Dist,
}

impl Tally {
    /// A hit leaving `dice` damage dice after soak, with probability `p`: each count of successes on the health
    /// track of a copy of the defender.
    fn hit_for(&mut self, defender: &Fighter, strike: &Strike<'_>, dice: i32, p: f64) {
        let rolled = if dice > 0 { damage(dice as u32) } else { Rc::new(Dist::point(0)) };
        let kind = strike.weapon.kind;
        EFFECTS.with_borrow_mut(|memo| {
            let known = memo.of(defender);
            for (levels, pl) in rolled.iter() {
                let e = *known.entry((kind, levels as u32)).or_insert_with(|| effects(defender, kind, levels as u32));
                let p = p * pl;
                self.levels.add(levels, p);
                self.incapacitated += if e.incapacitated { p } else { 0.0 };
                self.dead += if e.dead { p } else { 0.0 };
            }
        });
    }

    fn odds(self, inputs: Vec<String>, [hit, botch, defender_botch]: [f64; 3]) -> Odds {
        let chances = vec![
            (Chance::Hit, hit),
            (Chance::AttackerBotch, botch),
            (Chance::DefenderBotch, defender_botch),
            (Chance::Incapacitated, self.incapacitated),
            (Chance::Dead, self.dead),
            (Chance::TakenOut, self.incapacitated + self.dead),
        ];
        Odds::new(inputs, chances, vec![(Measure::HealthLevels, self.levels)])
    }
}
