//! Exact odds of a homebrew attack: every outcome of the attack and defense pools the rules tell apart (hits and
//! ones, by the multinomial, under the homebrew's glitch rule), step 1 as the rules judge it; for each hit, the
//! rules' own steps 2–4, the Body pool's hits (binomial) and the rules' own steps 5–6 on a copy of the defender.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use fnv::FnvHashMap as HashMap;

use crate::rules::engine::ruleset::FighterState;

use super::attack::{Strike, attack_kind, attack_spec, defense_spec};
use super::damage::{less_av, modified_av, modified_dv, resistance_spec, resisted};
use super::gear::{AttackKind, Weapon};
use super::turn::{Action, Attack, ComplexAction, SimpleAction};
use super::{Fighter, HomebrewD6, Options, RulesError};
use crate::rules::engine::field::{Move, Pace};
use crate::rules::engine::outcome::{Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId};
use crate::rules::mechanics::approach::Reach;
use crate::rules::mechanics::d6_pool::{GlitchRule, Pool, distinct_outcomes, hits_dist};
use crate::rules::mechanics::doors::doors_beside;
use crate::rules::mechanics::memo::ByWhole;
use crate::rules::mechanics::movement::paced;
use crate::rules::mechanics::odds::{AttackOdds, Chance, Defenses, Dist, Measure, Odds};
use crate::rules::mechanics::passes::FreeAction;

impl AttackOdds for HomebrewD6 {
    /// A plain attack by `actor` at `target` with the weapon in hand (Complex in melee, else Simple).
    fn plain_attack_of(&self, battle: &[Combatant<Fighter>], actor: usize, target: CombatantId) -> Action {
        let f = &battle[actor].fighter;
        let attack = Attack { target, situation: Default::default() };
        let mut action = Action::empty(f.id);
        let melee = f.sheet.gear.weapon(f.drawn_id()).is_ok_and(|w| w.kind == AttackKind::Melee);
        match melee {
            true => action.complex = Some(ComplexAction::Attack(attack)),
            false => action.simple.push(SimpleAction::Attack(attack)),
        }
        action
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
            None => Action::only(battle[actor].fighter.id, ComplexAction::Wait),
        };
        action.movement = movement;
        action
    }

    /// The move `action` makes first.
    fn movement_in<'a>(&self, action: &'a Action) -> Option<&'a Move> {
        action.movement.as_ref()
    }

    /// How far the weapon in hand reaches (half its range is where it likes to shoot from).
    fn reach_of(&self, f: &Fighter) -> Reach {
        let weapon = f.sheet.gear.weapon(f.drawn_id()).ok();
        match weapon.filter(|w| w.kind != AttackKind::Melee).and_then(|w| w.range) {
            Some(m) => Reach::ranged(m / 2, m),
            None => Reach::MELEE,
        }
    }

    /// `action` with `movement` as its move.
    fn with_movement(&self, action: Action, movement: Option<Move>) -> Action {
        Action { movement, ..action }
    }

    /// The other actions open now: clear a jam, drop prone or stand up, ready another weapon, wait.
    fn other_actions(&self, battle: &[Combatant<Fighter>], actor: usize) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let act = |free, simple: Vec<SimpleAction>, complex| Action { free, simple, complex, ..Action::empty(f.id) };
        let mut out = Vec::new();
        if f.condition.has(&Status::WeaponJammed(f.drawn_id().to_owned())) {
            out.push(("Clear the jam".to_owned(), act(None, vec![SimpleAction::ClearJam], None)));
        }
        match f.condition.has(&Status::Prone) {
            true => out.push(("Stand up".into(), act(None, vec![SimpleAction::StandUp], None))),
            false => out.push(("Drop prone".into(), act(Some(FreeAction::DropProne), Vec::new(), None))),
        }
        for w in f.sheet.weapons.iter().filter(|w| w.0 != f.drawn_id()) {
            out.push((
                format!("Ready the {}", FighterState::weapon_name_of(f, &w.0)),
                act(None, vec![SimpleAction::ReadyWeapon(w.clone())], None),
            ));
        }
        for (name, door) in doors_beside(&self.field, battle, actor) {
            out.push((name, act(None, vec![SimpleAction::UseDoor(door)], None)));
        }
        out.push(("Wait".into(), act(None, Vec::new(), Some(ComplexAction::Wait))));
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
        let mut once = self.plain_attack_of(battle, actor, target);
        once.movement = movement;
        let mut out = Vec::new();
        if let Some(SimpleAction::Attack(a)) = once.simple.first() {
            // Two Simple Actions a phase: a ranged attacker may shoot twice.
            let twice = Action { simple: vec![SimpleAction::Attack(a.clone()); 2], ..once.clone() };
            out.push(("Attack twice (two Simple Actions)".into(), twice));
        }
        out.push(("Attack".into(), once));
        out
    }

    /// How many attacks `action` makes.
    fn attacks_in(&self, action: &Action) -> usize {
        let simple = action.simple.iter().filter(|s| matches!(s, SimpleAction::Attack(_))).count();
        simple + usize::from(matches!(action.complex, Some(ComplexAction::Attack(_))))
    }

    /// The odds of the first attack of `action` by combatant `actor`, as the rules would resolve it now.
    fn odds_of(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Result<Odds, RulesError> {
        let (attack, complex) = first_attack(action)?;
        // The action's start ends a run it does not go on with (`phase_move`): its attack is not the runner's.
        let battle = &paced(battle, actor, action.movement.as_ref().is_some_and(|m| m.pace == Pace::Run))[..];
        let p = self.prepare(actor, attack, complex, battle)?;
        let (me, them) = (&battle[actor].fighter, &battle[p.target].fighter);
        let mut odds = strike_odds(&self.options, me, them, &p.strike())?;
        odds.title = format!("{} attacks {} with the {}, {} m", me.name, them.name, p.weapon.name, p.meters);
        Ok(odds)
    }

    fn defenses(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Option<Defenses<Action>> {
        super::defense::defenses(self, battle, actor, action)
    }
}

/// The first attack of an Action Phase, and whether it is the Complex (melee) kind.
fn first_attack(action: &Action) -> Result<(&Attack, bool), RulesError> {
    super::defense::first_attack(action).ok_or(RulesError::Illegal(Refusal::NoAttack))
}

/// Pool outcomes merged where the rules cannot tell them apart: hits and glitch (a critical glitch is a glitch
/// without hits).
fn outcomes(dice: u32) -> Rc<[(Pool, f64)]> {
    distinct_outcomes(dice, GlitchRule::MoreThanHalf)
}

/// The odds of one attack by `attacker` at `defender`.
pub fn strike_odds(
    opts: &Options,
    attacker: &Fighter,
    defender: &Fighter,
    strike: &Strike<'_>,
) -> Result<Odds, RulesError> {
    let w = strike.weapon;
    if strike.distance > w.range.unwrap_or(1) {
        return Err(RulesError::Illegal(Refusal::OutOfReach { target: defender.name.clone(), weapon: w.name.clone() }));
    }
    let attack_dice = attack_spec(attacker, strike).dice();
    let defense_dice = defense_spec(defender, attack_kind(strike), strike.situation)?.map(|s| s.dice());
    // Beyond the pools' sizes the odds depend on the options, the weapon and the two fighters alone: the same
    // attack priced from another cell at the same dice is the same to the last bit.
    let remembered = |odds: Option<&Odds>| {
        ODDS.with_borrow_mut(|m| {
            let known = m.find(
                |(o, weapon, a, d)| o == opts && weapon == w && a == attacker && d == defender,
                || (*opts, w.clone(), attacker.clone(), defender.clone()),
            );
            match odds {
                Some(o) => known.insert((attack_dice, defense_dice), o.clone()),
                None => known.get(&(attack_dice, defense_dice)).cloned(),
            }
        })
    };
    if let Some(known) = remembered(None) {
        return Ok(known);
    }
    let odds = priced(opts, attacker, defender, w, (attack_dice, defense_dice))?;
    remembered(Some(&odds));
    Ok(odds)
}

/// The odds of an attack with so many attack and defense dice (none: the defender rolls no defense).
fn priced(
    opts: &Options,
    attacker: &Fighter,
    defender: &Fighter,
    w: &Weapon,
    (attack_dice, defense_dice): (u32, Option<u32>),
) -> Result<Odds, RulesError> {
    let defense = defense_dice.map_or_else(|| Rc::from([(Pool::default(), 1.0)]), outcomes);
    let standing = !defender.condition.has(&Status::Prone);
    let mut t = Tally::default();
    let mut hits: BTreeMap<(u32, bool), f64> = BTreeMap::new();
    for (a, pa) in outcomes(attack_dice).iter() {
        for (d, pd) in defense.iter() {
            let p = pa * pd;
            t.glitch(a, d, p, w.kind == AttackKind::Accelerated);
            // Only a defender's critical glitch leaves it prone (`glitch_effects`).
            let fell = d.critical_glitch && standing;
            // Step 1, as the rules judge it.
            match super::attack::hits(opts, w, a.hits, d.hits) {
                true => *hits.entry((a.hits - d.hits, fell)).or_default() += p,
                false => t.prone += if fell { p } else { 0.0 },
            }
        }
    }
    // Step 3 does not depend on the hits: the armor is priced once, and only when a hit may reach it (as the rules
    // read it only then).
    let av = if hits.is_empty() { 0 } else { modified_av(defender, w, &mut Log::default())? };
    EFFECTS.with_borrow_mut(|memo| {
        let known = memo
            .find(|(o, weapon, f)| o == opts && weapon == w && f == defender, || (*opts, w.clone(), defender.clone()));
        for (&(net_hits, fell), &p) in &hits {
            let after_armor =
                less_av(defender, modified_dv(attacker, w, net_hits, &mut Log::default()), av, &mut Log::default());
            t.hit_for(opts, defender, w, known, (after_armor, fell), p);
        }
    });
    let hit: f64 = hits.values().sum();
    t.light.add(0, 1.0 - hit);
    t.critical.add(0, 1.0 - hit);
    let inputs = vec![match defense_dice {
        Some(d) => format!("{attack_dice} attack dice against {d} defense dice"),
        None => format!("{attack_dice} attack dice; the defender rolls no defense"),
    }];
    Ok(t.odds(inputs, hit))
}

/// What a hit does to a defender as it stands: the boxes it marks and the statuses it gains.
#[derive(Clone, Copy)]
struct Effects {
    light: i32,
    critical: i32,
    prone: bool,
    unconscious: bool,
    incapacitated: bool,
    dead: bool,
}

thread_local! {
    /// Whole odds by (options, weapon, attacker, defender) and by (attack dice, defense dice).
    static ODDS: RefCell<ByWhole<(Options, Weapon, Fighter, Fighter), (u32, Option<u32>), Odds>> =
        const { RefCell::new(ByWhole::new(64)) };
    /// [`effects`] by (options, weapon, defender) and by (damage after armor, Body hits).
    static EFFECTS: RefCell<ByWhole<(Options, Weapon, Fighter), (i32, u32), Effects>> =
        const { RefCell::new(ByWhole::new(32)) };
}

/// The rules' own steps 5–6 (`resisted`) on a copy of the defender: `after_armor` damage, `hits` Body hits.
fn effects(opts: &Options, defender: &Fighter, weapon: &Weapon, after_armor: i32, hits: u32) -> Effects {
    let mut d = defender.clone();
    if after_armor > 0 {
        resisted(opts, &mut d, weapon, after_armor, hits, &mut Log::default());
    }
    let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
    Effects {
        light: (d.condition.light - defender.condition.light) as i32,
        critical: (d.condition.critical - defender.condition.critical) as i32,
        prone: has(&Status::Prone),
        unconscious: has(&Status::Unconscious),
        incapacitated: has(&Status::Incapacitated),
        dead: has(&Status::Dead),
    }
}

/// The chances summed over every outcome.
#[derive(Default)]
struct Tally {
    attacker_glitch: f64,
    malfunction: f64,
    defender_glitch: f64,
    prone: f64,
    unconscious: f64,
    incapacitated: f64,
    dead: f64,
    light: Dist,
    critical: Dist,
}

impl Tally {
    /// Glitches (our decision): an attacker's jams an accelerated weapon; a defender's leaves it prone.
    fn glitch(&mut self, a: &Pool, d: &Pool, p: f64, accelerated: bool) {
        if a.glitch {
            self.attacker_glitch += p;
            if accelerated {
                self.malfunction += p;
            }
        }
        if d.glitch {
            self.defender_glitch += p;
        }
    }

    /// A hit leaving `after_armor` damage (steps 2–4), with probability `p`: steps 5–6 for each count of Body hits,
    /// their effects on the defender as `known` remembers them.
    fn hit_for(
        &mut self,
        opts: &Options,
        defender: &Fighter,
        weapon: &Weapon,
        known: &mut HashMap<(i32, u32), Effects>,
        (after_armor, fell): (i32, bool),
        p: f64,
    ) {
        let body = match after_armor > 0 {
            true => hits_dist(resistance_spec(defender).dice()),
            false => Rc::new(Dist::point(0)),
        };
        for (hits, ph) in body.iter() {
            let e = *known
                .entry((after_armor, hits as u32))
                .or_insert_with(|| effects(opts, defender, weapon, after_armor, hits as u32));
            let p = p * ph;
            self.light.add(e.light, p);
            self.critical.add(e.critical, p);
            self.prone += if fell || e.prone { p } else { 0.0 };
            self.unconscious += if e.unconscious { p } else { 0.0 };
            self.incapacitated += if e.incapacitated { p } else { 0.0 };
            self.dead += if e.dead { p } else { 0.0 };
        }
    }

    fn odds(self, inputs: Vec<String>, hit: f64) -> Odds {
        let chances = vec![
            (Chance::Hit, hit),
            (Chance::AttackerGlitch, self.attacker_glitch),
            (Chance::WeaponMalfunction, self.malfunction),
            (Chance::DefenderGlitch, self.defender_glitch),
            (Chance::KnockedDown, self.prone),
            (Chance::Unconscious, self.unconscious),
            (Chance::Incapacitated, self.incapacitated),
            (Chance::Dead, self.dead),
            (Chance::TakenOut, self.unconscious + self.incapacitated + self.dead),
        ];
        Odds::new(inputs, chances, vec![(Measure::LightBoxes, self.light), (Measure::CriticalBoxes, self.critical)])
    }
}
