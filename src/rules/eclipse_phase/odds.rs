//! Exact odds of an Eclipse Phase shot: every pair of d100 faces of the opposed test (10 000 pairs), the damage
//! value by convolution of its d10s, then the rules' own damage step (`take_damage`) on a copy of the defender for
//! each damage, and the SOM × 3 and shock tests face by face. The same functions the resolution calls decide each
//! step, so the odds cannot drift from the rules.

use std::collections::BTreeMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;

use super::actions::{Action, AreaAttack, Attack, ComplexAction, QuickAction, check_attack, weapon_in_hand};
use super::attack::{Shot, attack_modifiers, attack_spec, band_of, defense_spec, malfunctions};
use super::damage::{DvInputs, effective_armor, shock_spec, stun_turns, take_damage, wound_test_spec, wound_tests_due};
use super::gear::preferred_mode;
use super::gear::{ModeKind, Weapon};
use super::memo;
use super::modifiers::Situation;
use super::test::{Percentile, opposed, success_chance};
use super::{EclipsePhase, Fighter, FiringMode, ModeBonus, Options, RulesError};
use crate::rules::engine::field::{Move, Pace};
use crate::rules::engine::outcome::{Log, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, CombatantId, FighterState, index};
use crate::rules::mechanics::approach::Reach;
use crate::rules::mechanics::doors::doors_beside;
use crate::rules::mechanics::fighter::Standing;
use crate::rules::mechanics::movement::paced;
use crate::rules::mechanics::odds::{AttackOdds, Chance, Defenses, Dist, Measure, Odds, usual_first};

impl AttackOdds for EclipsePhase {
    /// A plain attack by `actor` at `target` with the weapon in hand and its preferred mode; a blast weapon's is
    /// a blast centered on the target.
    fn plain_attack_of(&self, battle: &[Combatant<Fighter>], actor: usize, target: CombatantId) -> Action {
        let f = &battle[actor].fighter;
        let complex = match f.drawn_weapon().is_ok_and(|w| w.is_blast()) {
            true => ComplexAction::AreaAttack(AreaAttack {
                weapon: None,
                target: Some(target),
                at: None,
                situation: Situation::default(),
            }),
            false => ComplexAction::Attack(Attack {
                weapon: None,
                mode: None,
                targets: vec![target],
                situation: Situation::default(),
            }),
        };
        Action { actor: f.id, quick: Vec::new(), complex: Some(complex) }
    }

    /// A move (a Quick Action) and an attack at `target`, or a wait.
    fn intended(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        movement: Option<Move>,
        target: Option<CombatantId>,
    ) -> Action {
        let mut action = match target {
            Some(t) => self.plain_attack_of(battle, actor, t),
            None => Action { actor: battle[actor].fighter.id, quick: Vec::new(), complex: Some(ComplexAction::Wait) },
        };
        action.quick.extend(movement.map(QuickAction::Move));
        action
    }

    /// How many attacks (shots) `action` makes.
    fn attacks_in(&self, action: &Action) -> usize {
        match &action.complex {
            Some(ComplexAction::Attack(a)) => a.targets.len(),
            Some(ComplexAction::AreaAttack(_)) => 1,
            _ => 0,
        }
    }

    /// The move `action` makes first.
    fn movement_in<'a>(&self, action: &'a Action) -> Option<&'a Move> {
        action.quick.iter().find_map(|q| match q {
            QuickAction::Move(m) => Some(m),
            _ => None,
        })
    }

    /// How far the weapon it fights with reaches: the one in hand, or, when that is a thrown weapon with none left
    /// (the last grenade thrown), the first carried weapon it can still use (drawn with the next attack).
    fn reach_of(&self, f: &Fighter) -> Reach {
        let spent = |(id, w): &(String, Arc<Weapon>)| w.is_thrown() && f.rounds_left(id, w) == Some(0);
        let carried = || {
            let mut weapons =
                f.sheet.weapons.iter().filter_map(|r| Some((r.0.clone(), f.sheet.gear.weapon(&r.0).ok()?)));
            weapons.find(|w| !spent(w))
        };
        let in_hand = weapon_in_hand(f, None).ok().filter(|w| !spent(w));
        in_hand.or_else(carried).map_or(Reach::MELEE, |(_, w)| super::policy::reach(&w))
    }

    /// `action` with `movement` as its move (a Quick Action).
    fn with_movement(&self, mut action: Action, movement: Option<Move>) -> Action {
        action.quick.retain(|q| !matches!(q, QuickAction::Move(_)));
        action.quick.splice(0..0, movement.map(QuickAction::Move));
        action
    }

    /// The other actions open now: full defense, reload, clear a jam, stand up, draw another weapon, wait.
    fn other_actions(&self, battle: &[Combatant<Fighter>], actor: usize) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let act = |quick: Vec<QuickAction>, complex| Action { actor: f.id, quick, complex };
        let mut out = vec![("Full defense".to_owned(), act(Vec::new(), Some(ComplexAction::FullDefense)))];
        if f.rounds_in_hand().is_some() {
            out.push(("Reload".into(), act(Vec::new(), Some(ComplexAction::Reload))));
        }
        if f.condition.has(&Status::WeaponJammed(f.drawn_id().to_owned())) {
            out.push(("Clear the jam".into(), act(Vec::new(), Some(ComplexAction::ClearJam))));
        }
        if f.condition.has(&Status::Prone) {
            out.push(("Stand up".into(), act(vec![QuickAction::StandUp], None)));
        }
        let mut offered: Vec<&str> = Vec::new();
        // A weapon carried twice (grenades) is drawn once.
        for w in f.sheet.weapons.iter().filter(|w| w.0 != f.drawn_id()) {
            if offered.contains(&w.0.as_str()) {
                continue;
            }
            offered.push(&w.0);
            let name = FighterState::weapon_name_of(f, &w.0);
            out.push((format!("Draw the {name}"), act(vec![QuickAction::Draw(w.clone())], None)));
        }
        for (name, door) in doors_beside(&self.field, battle, actor) {
            out.push((name, act(vec![QuickAction::UseDoor(door)], None)));
        }
        out.push(("Wait".into(), act(Vec::new(), Some(ComplexAction::Wait))));
        out
    }

    /// Every firing mode of the weapon in hand (two shots where the mode allows), and a called shot.
    fn attack_choices(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        target: CombatantId,
        movement: Option<Move>,
    ) -> Vec<(String, Action)> {
        let f = &battle[actor].fighter;
        let Ok(weapon) = f.drawn_weapon() else { return Vec::new() };
        if weapon.is_blast() {
            let mut blast = self.plain_attack_of(battle, actor, target);
            blast.quick.extend(movement.map(QuickAction::Move));
            return vec![(format!("Blast with the {}", weapon.name), blast)];
        }
        let mut modes: Vec<FiringMode> = weapon
            .modes
            .iter()
            .flat_map(|m| match m {
                ModeKind::SingleShot => vec![FiringMode::SingleShot],
                ModeKind::SemiAuto => vec![FiringMode::SemiAuto],
                ModeKind::Burst => vec![FiringMode::Burst(ModeBonus::ToHit), FiringMode::Burst(ModeBonus::Damage)],
                ModeKind::FullAuto => {
                    vec![FiringMode::FullAuto(ModeBonus::ToHit), FiringMode::FullAuto(ModeBonus::Damage)]
                }
            })
            .collect();
        if modes.is_empty() {
            modes.push(FiringMode::SingleShot);
        }
        usual_first(&mut modes, &preferred_mode(&weapon));
        let quick: Vec<QuickAction> = movement.into_iter().map(QuickAction::Move).collect();
        let attack = |mode: FiringMode, called_shot: bool| {
            let situation = Situation { called_shot, ..Situation::default() };
            let targets = vec![target; mode.shots_per_action()];
            let attack = Attack { weapon: None, mode: Some(mode), targets, situation };
            Action { actor: f.id, quick: quick.clone(), complex: Some(ComplexAction::Attack(attack)) }
        };
        let mut out: Vec<(String, Action)> = modes.iter().map(|&m| (m.to_string(), attack(m, false))).collect();
        out.push((format!("{}, called shot (−10)", modes[0]), attack(modes[0], true)));
        out
    }

    /// The odds of the first shot of the attack in `action` by combatant `actor`, as the rules would resolve it
    /// now (the map's cover and range included).
    fn odds_of(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Result<Odds, RulesError> {
        // The action's Quick Actions end a run they do not go on with (`quick_actions`): its attack is not a runner's.
        let runs = action.quick.iter().any(|q| matches!(q, QuickAction::Move(m) if m.pace == Pace::Run));
        let battle = &paced(battle, actor, runs)[..];
        let attack = match &action.complex {
            Some(ComplexAction::Attack(attack)) => attack,
            Some(ComplexAction::AreaAttack(area)) => {
                return self.area_odds(battle, actor, area, !action.quick.is_empty());
            }
            _ => return Err(RulesError::Illegal(Refusal::NoAttack)),
        };
        let me = &battle[actor].fighter;
        let (id, weapon) = weapon_in_hand(me, attack.weapon.as_ref())?;
        let mode = attack.mode.unwrap_or_else(|| preferred_mode(&weapon));
        check_attack(me, &id, &weapon, mode, attack, !action.quick.is_empty())?;
        let first = attack.targets.first().ok_or(RulesError::Illegal(Refusal::NoTarget))?;
        let t = index(battle, *first)?;
        let (situation, meters) = self.aim_at(battle, actor, t, &weapon, &attack.situation)?;
        let shot = Shot::first(&id, &weapon, mode, &situation, meters);
        let mut odds = shot_odds(&self.options, me, &battle[t].fighter, &shot)?;
        odds.title =
            format!("{} shoots {} with the {} ({mode}), {meters} m", me.name, battle[t].fighter.name, weapon.name);
        Ok(odds)
    }

    fn defenses(&self, battle: &[Combatant<Fighter>], actor: usize, action: &Action) -> Option<Defenses<Action>> {
        super::defense::defenses(self, battle, actor, action)
    }

    /// `action` with the carried weapon `weapon` drawn first (a Quick Action, like the move).
    fn drawn_first(&self, mut action: Action, weapon: &str) -> Option<Action> {
        action.quick.insert(0, QuickAction::Draw(super::gear::WeaponRef::new(weapon)));
        Some(action)
    }
}

impl EclipsePhase {
    /// A blast thrown or fired by `actor` at `cell`, after `movement`, when the weapon in hand is a blast weapon.
    pub fn blast_at(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        movement: Option<Move>,
        cell: crate::rules::engine::field::Cell,
    ) -> Option<Action> {
        let f = &battle[actor].fighter;
        if !f.drawn_weapon().is_ok_and(|w| w.is_blast()) {
            return None;
        }
        let area = AreaAttack { weapon: None, target: None, at: Some(cell), situation: Situation::default() };
        let quick = movement.map(QuickAction::Move).into_iter().collect();
        Some(Action { actor: f.id, quick, complex: Some(ComplexAction::AreaAttack(area)) })
    }
}

/// What a hit is made of: armor-defeating or not, and the excellent-success bonus.
type HitClass = (bool, i32);

/// The odds of one shot by `attacker` at `defender`.
pub fn shot_odds(opts: &Options, attacker: &Fighter, defender: &Fighter, shot: &Shot<'_>) -> Result<Odds, RulesError> {
    let band = band_of(shot)?;
    let (attack_target, _) =
        attack_spec(attacker, shot.weapon, attack_modifiers(attacker, Some(defender), shot, band)).target();
    let ranged = !shot.weapon.skill.is_melee();
    let defense_target = defense_spec(defender, ranged, shot.situation).map(|s| s.target().0);
    let (classes, malfunction) = opposed_classes(opts, attack_target, defense_target, shot);
    let mut acc = Tally::default();
    for (&(armor_defeating, excellent), &p) in &classes {
        let inputs = DvInputs { mode: shot.mode, band, excellent, som: attacker.sheet.aptitudes.som.0 };
        let armor = effective_armor(defender, shot.weapon, armor_defeating, &mut Log::default())?;
        for (dv, pv) in super::memo::damage_value(shot.weapon, &inputs).iter() {
            acc.hit_for((dv - armor).max(0) as u32, p * pv, opts, defender, shot)?;
        }
    }
    let hit: f64 = classes.values().sum();
    acc.miss(1.0 - hit);
    let critical = classes.iter().filter(|((ad, _), _)| *ad).map(|(_, p)| p).sum();
    let inputs = vec![match defense_target {
        Some(d) => format!("attack target {attack_target} against defense target {d}"),
        None => format!("attack target {attack_target}; the defender cannot defend"),
    }];
    Ok(acc.odds(inputs, hit, critical, malfunction, shot.weapon.shock))
}

/// Every pair of faces of the opposed test, read by the rules: the chance of each kind of hit, and of a
/// malfunction.
fn opposed_classes(
    opts: &Options,
    attack_target: i32,
    defense_target: Option<i32>,
    shot: &Shot<'_>,
) -> (BTreeMap<HitClass, f64>, f64) {
    let key = (*opts, attack_target, defense_target, shot.weapon.skill);
    super::memo::classes(key, || every_pair(opts, attack_target, defense_target, shot))
}

/// [`opposed_classes`] worked out: every pair of faces read.
fn every_pair(
    opts: &Options,
    attack_target: i32,
    defense_target: Option<i32>,
    shot: &Shot<'_>,
) -> (BTreeMap<HitClass, f64>, f64) {
    let (mut classes, mut malfunction) = (BTreeMap::new(), 0.0);
    let defense_faces: Vec<Option<Percentile>> = match defense_target {
        Some(d) => (0..100).map(|s| Some(Percentile::read(d, s, opts.mos_rule))).collect(),
        None => vec![None],
    };
    let weight = 1.0 / (100 * defense_faces.len()) as f64;
    for r in 0..100 {
        let attack = Percentile::read(attack_target, r, opts.mos_rule);
        for defense in &defense_faces {
            if malfunctions(defense.as_ref(), shot.weapon.skill) {
                malfunction += weight;
            }
            if opposed(&attack, defense.as_ref(), opts.opposed_criticals).0 {
                let class = (attack.critical_success(), attack.excellent_bonus());
                *classes.entry(class).or_insert(0.0) += weight;
            }
        }
    }
    (classes, malfunction)
}

/// The chances summed over every hit.
#[derive(Default)]
pub(super) struct Tally {
    damage: Dist,
    wounds: Dist,
    knockdown: f64,
    unconscious: f64,
    incapacitated: f64,
    dead: f64,
    stunned: f64,
    out: f64,
    /// What each damage does to the defender, worked out once (taken from this thread's memo at the first hit,
    /// given back when the tally is done).
    known: Option<memo::Hits>,
}

impl Tally {
    /// A hit doing `damage`, with probability `w`: the rules' damage step on a copy of the defender, then the
    /// chance of each test it calls for (worked out once for each damage to this defender).
    pub(super) fn hit_for(
        &mut self,
        damage: u32,
        w: f64,
        opts: &Options,
        defender: &Fighter,
        shot: &Shot<'_>,
    ) -> Result<(), RulesError> {
        let known = self.known.get_or_insert_with(|| memo::Hits::take(opts, defender, shot.weapon.shock));
        // Borrowed, not cloned: this is the innermost step of pricing a shot.
        let e = match known.effects.entry(damage) {
            Entry::Occupied(hit) => hit.into_mut(),
            Entry::Vacant(new) => new.insert(hit_effects(opts, defender, damage, shot.weapon.shock)?),
        };
        self.damage.add(damage as i32, w);
        self.wounds.add(e.wounds as i32, w);
        if e.dead {
            self.dead += w;
        } else if e.incapacitated {
            self.incapacitated += w;
        }
        if e.out {
            self.out += w;
            return Ok(());
        }
        for fail in &e.knockdowns {
            self.knockdown += w * fail;
        }
        self.unconscious += w * (1.0 - e.conscious);
        self.stunned += w * e.conscious * e.stun;
        self.out += w * (1.0 - e.conscious + e.conscious * e.stun);
        Ok(())
    }

    /// No hit, with probability `p`: no damage, no wound.
    pub(super) fn miss(&mut self, p: f64) {
        self.damage.add(0, p);
        self.wounds.add(0, p);
    }

    /// The chance this combatant is taken out.
    pub(super) fn out(&self) -> f64 {
        self.out
    }

    /// The damage distribution so far.
    pub(super) fn damage(&self) -> &Dist {
        &self.damage
    }

    pub(super) fn odds(mut self, inputs: Vec<String>, hit: f64, critical: f64, malfunction: f64, shock: bool) -> Odds {
        let mut chances = vec![
            (Chance::Hit, hit),
            (Chance::CriticalArmorDefeating, critical),
            (Chance::WeaponMalfunction, malfunction),
            (Chance::KnockedDown, self.knockdown),
            (Chance::Unconscious, self.unconscious),
            (Chance::Incapacitated, self.incapacitated),
            (Chance::Dead, self.dead),
        ];
        if shock {
            chances.push((Chance::Stunned, self.stunned));
        }
        chances.push((Chance::TakenOut, self.out));
        let dists = vec![
            (Measure::Damage, std::mem::take(&mut self.damage)),
            (Measure::Wounds, std::mem::take(&mut self.wounds)),
        ];
        Odds { title: String::new(), inputs, chances, dists }
    }
}

impl Drop for Tally {
    /// What it learnt of the defender goes back to the thread's memo, for the next shot priced at it.
    fn drop(&mut self) {
        if let Some(known) = self.known.take() {
            known.give_back();
        }
    }
}

/// What a hit doing `damage` does to `defender`: the rules' damage step on a copy, then each test it calls for as
/// the chance of failing it.
fn hit_effects(opts: &Options, defender: &Fighter, damage: u32, shock: bool) -> Result<memo::HitEffects, RulesError> {
    let mut d = defender.clone();
    let wounds = take_damage(opts, &mut d, damage, &mut Log::default());
    let dead = d.condition.has(&Status::Dead);
    let incapacitated = !dead && d.condition.has(&Status::Incapacitated);
    let mut e = memo::HitEffects { wounds, dead, incapacitated, out: d.condition.is_out(), ..Default::default() };
    if e.out {
        return Ok(e);
    }
    if wounds > 0 {
        for (label, status) in wound_tests_due(wounds) {
            let fail = 1.0 - success_chance(wound_test_spec(&d, label).target().0, opts.mos_rule);
            match status {
                Status::Unconscious => e.conscious = 1.0 - fail,
                _ => e.knockdowns.push(fail),
            }
        }
    }
    e.stun = if shock { stun_chance(opts, &d)? } else { 0.0 };
    Ok(e)
}

/// The chance that a shock hit stuns (the shock test fails: ⌈MoF ÷ 10⌉ ≥ 1 turns on every failure).
fn stun_chance(opts: &Options, defender: &Fighter) -> Result<f64, RulesError> {
    let target = shock_spec(defender)?.target().0;
    let failures = (0..100).map(|r| Percentile::read(target, r, opts.mos_rule)).filter(|p| !p.success);
    Ok(failures.filter(|p| stun_turns(p.margin) > 0).count() as f64 / 100.0)
}
