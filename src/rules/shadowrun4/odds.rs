//! Exact odds of a Shadowrun 4 attack: every outcome of the attack and defense pools the rules tell apart (hits and
//! ones, by the multinomial), judged by the rules' own `judge`; for each hit, the rules' own DV, armor and stun
//! conversion, the resistance pool's hits (binomial), and the rules' own `take_damage` on a copy of the defender.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use fnv::FnvHashMap as HashMap;

use super::actions::{Action, Attack, ComplexAction, SimpleAction, prepare};
use super::attack::{Verdict, attack_pool, can_defend, defense_choice, defense_pool, judge};
use super::damage::{DamageInputs, knock_out_of_grasp, resistance_pool, take_damage, what_hits};
use super::gear::DamageKind;
use super::gear::ModeKind;
use super::modifiers::Strike;
use super::modifiers::{CalledShot, Situation};
use super::policy::preferred_mode;
use super::{Fighter, FiringMode, RulesError, Shadowrun4, Spray};
use crate::rules::engine::field::Move;
use crate::rules::engine::outcome::{Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState};
use crate::rules::mechanics::approach::Reach;
use crate::rules::mechanics::d6_pool::{GlitchRule, Pool, distinct_outcomes, hits_dist};
use crate::rules::mechanics::doors::doors_beside;
use crate::rules::mechanics::memo::ByWhole;
use crate::rules::mechanics::odds::{AttackOdds, Chance, Defenses, Dist, Measure, Odds, usual_first};
use crate::rules::mechanics::passes::FreeAction;

impl AttackOdds for Shadowrun4 {
    /// A plain attack by `actor` at `target` with the weapon in hand: a melee attack, or a shot in the preferred
    /// mode (a Simple Action, or the Complex one for full auto).
    fn plain_attack_of(&self, battle: &[Combatant<Fighter>], actor: usize, target: CombatantId) -> Action {
        let f = &battle[actor].fighter;
        let weapon = f.drawn_weapon().ok();
        let melee = weapon.as_ref().is_none_or(|w| w.is_melee());
        let mode = weapon.filter(|_| !melee).map(|w| preferred_mode(&w.modes));
        let attack = Attack { weapon: None, mode, target, situation: Default::default() };
        let mut action = Action::empty(f.id);
        match (melee, mode.is_some_and(|m| m.is_complex())) {
            (true, _) => action.complex = Some(ComplexAction::Melee(attack)),
            (false, true) => action.complex = Some(ComplexAction::Fire(attack)),
            (false, false) => action.simple.push(SimpleAction::Fire(attack)),
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

    /// How many attacks `action` makes.
    fn attacks_in(&self, action: &Action) -> usize {
        let simple = action.simple.iter().filter(|s| matches!(s, SimpleAction::Fire(_))).count();
        simple + usize::from(matches!(action.complex, Some(ComplexAction::Fire(_) | ComplexAction::Melee(_))))
    }

    /// The move `action` makes first.
    fn movement_in<'a>(&self, action: &'a Action) -> Option<&'a Move> {
        action.movement.as_ref()
    }

    /// How far the weapon in hand reaches.
    fn reach_of(&self, f: &Fighter) -> Reach {
        match f.drawn_weapon().ok().filter(|w| !w.is_melee()).and_then(|w| w.ranges) {
            Some(r) => Reach::ranged(r[1], r[3]),
            None => Reach::MELEE,
        }
    }

    /// `action` with `movement` as its move.
    fn with_movement(&self, action: Action, movement: Option<Move>) -> Action {
        Action { movement, ..action }
    }

    /// The other actions open now: take aim, reload, clear a jam, drop prone or stand up, ready another weapon,
    /// wait.
    fn other_actions(&self, battle: &[Combatant<Fighter>], actor: usize) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let act = |free, simple: Vec<SimpleAction>, complex| Action { free, simple, complex, ..Action::empty(f.id) };
        let mut out = vec![("Take aim".to_owned(), act(None, vec![SimpleAction::TakeAim], None))];
        if f.rounds_in_hand().is_some() {
            out.push(("Reload".into(), act(None, vec![SimpleAction::Reload], None)));
        }
        if f.condition.has(&Status::WeaponJammed(f.drawn_id().to_owned())) {
            out.push(("Clear the jam".into(), act(None, vec![SimpleAction::ClearJam], None)));
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

    /// Every firing mode of the weapon in hand (narrow and wide bursts), melee for a melee weapon, and a called
    /// shot at a vital area (+2 DV).
    fn attack_choices(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        target: CombatantId,
        movement: Option<Move>,
    ) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let Ok(weapon) = f.drawn_weapon() else { return Vec::new() };
        let base = Action { movement, ..Action::empty(f.id) };
        let attack = |mode: Option<FiringMode>, called_shot| Attack {
            weapon: None,
            mode,
            target,
            situation: Situation { called_shot, ..Situation::default() },
        };
        if weapon.is_melee() {
            let melee = |called| {
                let mut a = base.clone();
                a.complex = Some(ComplexAction::Melee(attack(None, called)));
                a
            };
            let mut out = vec![("Melee attack".to_owned(), melee(None))];
            out.extend(
                called_shots().into_iter().map(|(name, c)| (format!("Melee, called shot: {name}"), melee(Some(c)))),
            );
            return out;
        }
        let mut modes: Vec<FiringMode> = weapon
            .modes
            .iter()
            .flat_map(|m| match m {
                ModeKind::SingleShot => vec![FiringMode::SingleShot],
                ModeKind::SemiAuto => vec![FiringMode::SemiAuto],
                ModeKind::Burst => vec![FiringMode::Burst(Spray::Narrow), FiringMode::Burst(Spray::Wide)],
                ModeKind::FullAuto => vec![
                    FiringMode::LongBurst(Spray::Narrow),
                    FiringMode::LongBurst(Spray::Wide),
                    FiringMode::FullAuto(Spray::Narrow),
                    FiringMode::FullAuto(Spray::Wide),
                ],
            })
            .collect();
        let with = |mode: FiringMode, called| {
            let mut a = base.clone();
            match mode.is_complex() {
                true => a.complex = Some(ComplexAction::Fire(attack(Some(mode), called))),
                false => a.simple.push(SimpleAction::Fire(attack(Some(mode), called))),
            }
            a
        };
        // A mode fired as a Simple Action may fire twice a phase (both Simple Actions).
        let twice = |mode: FiringMode| {
            let mut a = with(mode, None);
            a.simple = [a.simple.clone(), a.simple].concat();
            (format!("{mode}, twice (two Simple Actions)"), a)
        };
        usual_first(&mut modes, &preferred_mode(&weapon.modes));
        let mut out: Vec<(String, Action)> =
            modes.iter().filter(|m| !m.is_complex() && m.shots_per_phase() > 1).map(|&m| twice(m)).collect();
        out.extend(modes.iter().map(|&m| (format!("{m}"), with(m, None))));
        if let Some(&first) = modes.first() {
            out.extend(
                called_shots()
                    .into_iter()
                    .map(|(name, c)| (format!("{first}, called shot: {name}"), with(first, Some(c)))),
            );
        }
        out
    }

    /// The odds of the first attack of `action` by combatant `actor`, as the rules would resolve it now.
    fn odds_of(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Result<Odds, RulesError> {
        let (attack, melee) = first_attack(action)?;
        // The action begins a new Action Phase, as its resolution does (`start_phase`, then the phase's pace): the
        // recoil, defenses and targets of the attacker's last phase are not this one's, nor its run when this
        // action makes no move (a move's odds are taken after it: `after_move`).
        let c = &battle[actor].fighter.condition;
        let ran = c.has(&Status::Running) && action.movement.is_none();
        let stale = ran
            || c.shots_this_phase > 0
            || c.defenses > 0
            || c.single_shot_this_phase
            || !c.targets_this_phase.is_empty();
        let fresh;
        let battle = match stale {
            true => {
                fresh = fresh_phase(battle, actor, ran);
                &fresh[..]
            }
            false => battle,
        };
        let prepared = prepare(self, actor, attack, melee, battle)?;
        let (me, them) = (&battle[actor].fighter, &battle[prepared.target].fighter);
        let mut odds = strike_odds(me, them, &prepared.strike())?;
        let how = if melee { "attacks".to_owned() } else { format!("fires ({})", prepared.mode) };
        odds.title = format!("{} {how} the {} at {}, {} m", me.name, prepared.weapon.name, them.name, prepared.meters);
        Ok(odds)
    }

    fn may_act_against(&self, actor: usize, target: usize) -> bool {
        !self.held_back(actor, target)
    }

    fn defenses(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Option<Defenses<Action>> {
        super::defense::defenses(self, battle, actor, action)
    }
}

/// The battle with `actor`'s Action Phase begun (and its run over, when it `stops`).
fn fresh_phase(battle: &[Combatant<Fighter>], actor: usize, stops: bool) -> Vec<Combatant<Fighter>> {
    let mut fresh = battle.to_vec();
    super::actions::start_phase(&mut fresh[actor].fighter);
    if stops {
        fresh[actor].fighter.condition.lose(&Status::Running);
    }
    fresh
}

/// The called shots file 004 names, as the action bar offers them (a vital area at +2 and +4 DV of the 1 to 4 the
/// rules allow; the thematic uses are the game master's and have no fixed effect).
fn called_shots() -> Vec<(&'static str, CalledShot)> {
    vec![
        ("vital area +2 DV", CalledShot::VitalArea(2)),
        ("vital area +4 DV", CalledShot::VitalArea(4)),
        ("unarmored area", CalledShot::UnarmoredArea),
        ("knock the weapon out of grasp", CalledShot::KnockOutOfGrasp),
    ]
}

/// The first attack of an Action Phase, and whether it is melee.
fn first_attack(action: &Action) -> Result<(&Attack, bool), RulesError> {
    super::defense::first_attack(action).ok_or(RulesError::Illegal(Refusal::NoAttack))
}

/// Pool outcomes merged where the rules cannot tell them apart: hits, glitch, critical glitch.
fn outcomes(dice: u32) -> Rc<[(Pool, f64)]> {
    distinct_outcomes(dice, GlitchRule::HalfOrMore)
}

/// The odds of one attack by `attacker` at `defender`.
pub fn strike_odds(attacker: &Fighter, defender: &Fighter, strike: &Strike<'_>) -> Result<Odds, RulesError> {
    let attack_dice = attack_pool(attacker, defender, strike)?.dice();
    let defense_dice = match can_defend(defender, strike) {
        true => Some(defense_pool(defender, strike, defense_choice(defender, strike))?.dice()),
        false => None,
    };
    let defense = defense_dice.map_or_else(|| Rc::from([(Pool::default(), 1.0)]), outcomes);
    let disarming = matches!(strike.situation.called_shot, Some(CalledShot::KnockOutOfGrasp));
    let mut t = Tally { disarmed: disarming.then_some(0.0), ..Tally::default() };
    let standing = !defender.condition.has(&Status::Prone);
    // Only a defender's critical glitch leaves it prone (`glitch_effects`).
    // Hits by (net hits, the defender glitched and fell prone).
    let mut hits: BTreeMap<(u32, bool), f64> = BTreeMap::new();
    for (a, pa) in outcomes(attack_dice).iter() {
        for (d, pd) in defense.iter() {
            let w = pa * pd;
            t.glitch(a, d, w, strike.weapon.is_melee());
            match judge(a, d) {
                Verdict::Hit => *hits.entry((a.hits - d.hits, d.critical_glitch && standing)).or_default() += w,
                Verdict::Graze => t.graze += w,
                Verdict::Miss => {}
            }
            if judge(a, d) != Verdict::Hit && d.critical_glitch && standing {
                t.prone += w;
            }
        }
    }
    EFFECTS.with_borrow_mut(|memo| {
        let known = memo.of(defender);
        hits.iter()
            .try_for_each(|(&(net_hits, fell), &w)| t.hit_for(attacker, defender, strike, known, (net_hits, fell), w))
    })?;
    let hit: f64 = hits.values().sum();
    t.damage.add(0, 1.0 - hit);
    let inputs = vec![match defense_dice {
        Some(d) => format!("{attack_dice} attack dice against {d} defense dice"),
        None => format!("{attack_dice} attack dice; the defender cannot defend"),
    }];
    Ok(t.odds(inputs, hit))
}

/// What so many boxes of one kind of damage do to a defender as it stands: the statuses it gains, and whether a
/// called shot at its weapon (of this DV) knocks it out of its grasp.
#[derive(Clone, Copy)]
struct Effects {
    prone: bool,
    unconscious: bool,
    dead: bool,
    disarmed: bool,
}

thread_local! {
    /// [`effects`] by defender and by (kind, boxes, the DV of a called shot at the weapon).
    static EFFECTS: RefCell<ByWhole<Fighter, (DamageKind, u32, Option<i32>), Effects>> =
        const { RefCell::new(ByWhole::new(32)) };
}

/// The rules' own damage step (`take_damage`, `knock_out_of_grasp`) on a copy of the defender.
fn effects(defender: &Fighter, kind: DamageKind, boxes: u32, disarming: Option<i32>) -> Effects {
    let mut d = defender.clone();
    if boxes > 0 {
        take_damage(&mut d, kind, boxes, &mut Log::default());
    }
    if let Some(dv) = disarming {
        knock_out_of_grasp(&mut d, dv, &mut Log::default());
    }
    let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
    Effects {
        prone: has(&Status::Prone),
        unconscious: has(&Status::Unconscious),
        dead: has(&Status::Dead),
        disarmed: d.condition.drawn != defender.condition.drawn,
    }
}

/// The chances summed over every outcome.
#[derive(Default)]
struct Tally {
    graze: f64,
    attacker_glitch: f64,
    attacker_critical_glitch: f64,
    malfunction: f64,
    defender_glitch: f64,
    stun: f64,
    prone: f64,
    unconscious: f64,
    dead: f64,
    /// A called shot to knock the weapon out of grasp: the chance it works.
    disarmed: Option<f64>,
    damage: Dist,
}

impl Tally {
    /// Glitches of one pair of pools: an attacker's jams a firearm (our decision), a defender's leaves it prone.
    fn glitch(&mut self, a: &Pool, d: &Pool, w: f64, melee: bool) {
        if a.glitch {
            self.attacker_glitch += w;
            if !melee {
                self.malfunction += w;
            }
        }
        if a.critical_glitch {
            self.attacker_critical_glitch += w;
        }
        if d.glitch {
            self.defender_glitch += w;
        }
    }

    /// A hit with `net_hits`, with probability `w`: the rules' damage step for each count of resistance hits, its
    /// effects on the defender as `known` remembers them.
    fn hit_for(
        &mut self,
        attacker: &Fighter,
        defender: &Fighter,
        strike: &Strike<'_>,
        known: &mut HashMap<(DamageKind, u32, Option<i32>), Effects>,
        (net_hits, fell): (u32, bool),
        w: f64,
    ) -> Result<(), RulesError> {
        let inputs = DamageInputs { net_hits, strike };
        let (dv, armor, kind) = what_hits(attacker, defender, &inputs, &mut Log::default())?;
        if kind == DamageKind::Stun && strike.weapon.damage.kind == DamageKind::Physical {
            self.stun += w;
        }
        let disarming = self.disarmed.is_some().then_some(dv);
        let resistance = hits_dist(resistance_pool(defender, armor).dice());
        for (resisted, pr) in resistance.iter() {
            let boxes = (dv - resisted).max(0) as u32;
            let e = *known.entry((kind, boxes, disarming)).or_insert_with(|| effects(defender, kind, boxes, disarming));
            let w = w * pr;
            self.damage.add(boxes as i32, w);
            self.prone += if fell || e.prone { w } else { 0.0 };
            self.unconscious += if e.unconscious { w } else { 0.0 };
            self.dead += if e.dead { w } else { 0.0 };
            if let Some(disarmed) = self.disarmed.as_mut() {
                *disarmed += if e.disarmed { w } else { 0.0 };
            }
        }
        Ok(())
    }

    fn odds(self, inputs: Vec<String>, hit: f64) -> Odds {
        let mut chances = vec![
            (Chance::Hit, hit),
            (Chance::Graze, self.graze),
            (Chance::AttackerGlitch, self.attacker_glitch),
            (Chance::AttackerCriticalGlitch, self.attacker_critical_glitch),
            (Chance::WeaponMalfunction, self.malfunction),
            (Chance::DefenderGlitch, self.defender_glitch),
            (Chance::StunInsteadOfPhysical, self.stun),
            (Chance::KnockedDown, self.prone),
            (Chance::Unconscious, self.unconscious),
            (Chance::Dead, self.dead),
            (Chance::TakenOut, self.unconscious + self.dead),
        ];
        chances.extend(self.disarmed.map(|p| (Chance::Disarmed, p)));
        Odds::new(inputs, chances, vec![(Measure::Damage, self.damage)])
    }
}
