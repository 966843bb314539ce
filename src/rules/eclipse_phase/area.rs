//! Blasts on the map (file 003, Area Effect Weapons): a grenade or a blast weapon is aimed at a combatant or a cell;
//! the map gives the range band and the cover at the point of impact, and everyone whose cell the blast reaches is
//! caught, friend or foe (the thrower too), at their distance from the center. A wall between the center and a
//! combatant shields it (our decision: the seed's sphere stops at walls). The throw is a ranged attack like a shot:
//! the map makes its situation (`EclipsePhase::on_map`) and its modifiers come from the shots' own function
//! (`attack::attack_modifiers`), with the combatant aimed at (if any) as the shot's defender. Cone weapons are not
//! blasts: they fire at each target's defense (`Attack`), +1d10 DV at short range.

use std::sync::Arc;

use super::actions::{AreaAttack, check_quick_aim, spend_ammo, weapon_in_hand};
use super::attack::{Shot, attack_modifiers, attack_spec, band_of, blast_dv, blast_reach_of, resolve_area};
use super::damage::{DvInputs, effective_armor};
use super::gear::Weapon;
use super::modifiers::{RangeBand, Situation};
use super::odds::Tally;
use super::test::Percentile;
use super::{EclipsePhase, Fighter, FiringMode, RulesError};
use crate::rules::engine::dice::Dice;
use crate::rules::engine::field::Cell;
use crate::rules::engine::outcome::{Event, Log, Modifier, Status};
use crate::rules::engine::refusal::Refusal;
use crate::rules::engine::ruleset::{Combatant, index, name_of};
use crate::rules::mechanics::odds::{Chance, Measure, Odds};

/// A blast checked and placed on the map.
pub(super) struct Placed {
    pub id: String,
    pub weapon: Arc<Weapon>,
    /// The cell the blast is centered on.
    pub center: Cell,
    /// The situation at the point of impact (the map's cover of it, the attacker's run).
    pub situation: Situation,
    /// Meters from the attacker to the center.
    pub meters: u32,
    /// What the attack is aimed at, for the log.
    pub aimed_at: String,
    /// The combatant the blast is aimed at (none for a cell): it stands as a shot's defender does in the modifiers.
    pub target: Option<usize>,
}

impl Placed {
    pub fn shot(&self) -> Shot<'_> {
        Shot::first(&self.id, &self.weapon, FiringMode::SingleShot, &self.situation, self.meters)
    }

    /// The throw's range band and modifiers, by the path a shot at the combatant aimed at takes.
    fn modifiers(
        &self,
        battle: &[Combatant<Fighter>],
        thrower: &Fighter,
    ) -> Result<(RangeBand, Vec<Modifier>), RulesError> {
        let shot = self.shot();
        let band = band_of(&shot)?;
        Ok((band, attack_modifiers(thrower, self.target.map(|t| &battle[t].fighter), &shot, band)))
    }
}

impl EclipsePhase {
    /// Checks a blast (a blast weapon in hand and working, one center, in the line of fire, within range, no quick
    /// aim after a Quick Action: `used_quick`) and places it on the map.
    pub(super) fn place_blast(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        area: &AreaAttack,
        used_quick: bool,
    ) -> Result<Placed, RulesError> {
        let me = &battle[actor];
        let (id, weapon) = weapon_in_hand(&me.fighter, area.weapon.as_ref())?;
        if !weapon.is_blast() {
            // Cone weapons roll against each target's defense: they fire with Attack, one target per shot.
            return Err(RulesError::Illegal(Refusal::NotBlast { weapon: weapon.name.clone() }));
        }
        if me.fighter.condition.has(&Status::WeaponJammed(id.clone())) {
            let (who, weapon) = (me.fighter.name.clone(), weapon.name.clone());
            return Err(RulesError::Illegal(Refusal::Malfunctioned { who, weapon }));
        }
        check_quick_aim(&area.situation, used_quick)?;
        let (center, aimed_at, target) = match (&area.target, area.at) {
            (Some(target), None) => {
                let t = index(battle, *target)?;
                (battle[t].position, name_of(battle, *target), Some(t))
            }
            (None, Some(cell)) => (cell, format!("{cell:?}"), None),
            _ => return Err(RulesError::Illegal(Refusal::BlastCenter)),
        };
        let sight = self.field.sight(me.position, center);
        if sight.blocked {
            let from = me.fighter.name.clone();
            return Err(RulesError::Illegal(Refusal::WallBetween { from, to: aimed_at }));
        }
        let situation = self.on_map(battle, (actor, target), &sight, &weapon, &area.situation);
        Ok(Placed { id, weapon, center, situation, meters: sight.meters, aimed_at, target })
    }

    /// Everyone a blast centered on `center` may reach (within `reach` meters, no wall between), with their distance
    /// in meters, nearest first.
    pub(super) fn caught(&self, battle: &[Combatant<Fighter>], center: Cell, reach: u32) -> Vec<(usize, u32)> {
        let mut caught: Vec<(usize, u32)> = battle
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.fighter.condition.statuses.iter().any(Status::off_map))
            .map(|(i, c)| (i, self.field.meters(center, c.position)))
            .filter(|&(i, d)| d <= reach && !self.field.sight(center, battle[i].position).blocked)
            .collect();
        caught.sort_by_key(|&(i, d)| (d, i));
        caught
    }

    /// Throws or fires a blast: one of the weapon used up (or its rounds), the attack test at the point of impact, and
    /// the damage to everyone caught.
    pub(super) fn area_attack(
        &self,
        actor: usize,
        area: &AreaAttack,
        used_quick: bool,
        battle: &mut [Combatant<Fighter>],
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Result<(), RulesError> {
        let placed = self.place_blast(battle, actor, area, used_quick)?;
        let shot = placed.shot();
        let (_, modifiers) = placed.modifiers(battle, &battle[actor].fighter)?;
        let what = format!("attacks {} with the {}, a blast (Complex Action)", placed.aimed_at, placed.weapon.name);
        log.push(Event::ActionTaken { who: battle[actor].fighter.id, action: what });
        spend_ammo(&mut battle[actor].fighter, &placed.id, &placed.weapon, FiringMode::SingleShot, log)?;
        // Everyone within the farthest the blast could reach; the rolled DV then decides who takes damage.
        let caught = self.caught(battle, placed.center, blast_reach_of(&placed.weapon));
        let mut me = battle[actor].fighter.clone();
        let mut copies: Vec<(Fighter, u32)> = caught.iter().map(|&(i, d)| (battle[i].fighter.clone(), d)).collect();
        let mut refs: Vec<(&mut Fighter, u32)> = copies.iter_mut().map(|(f, d)| (f, *d)).collect();
        resolve_area(&self.options, &mut me, &mut refs, (&shot, modifiers), dice, log)?;
        // The thrower may be among the caught: its copy there was made after the throw, and carries the blast too.
        battle[actor].fighter = me;
        for ((i, _), (f, _)) in caught.into_iter().zip(copies) {
            battle[i].fighter = f;
        }
        battle[actor].fighter.condition.aim = None;
        Ok(())
    }
}

/// A blast's hits by class (armor-defeating, excellent-success bonus), each with its probability.
type Classes = std::collections::BTreeMap<(bool, i32), f64>;

impl EclipsePhase {
    /// The exact odds of a blast: the attack test at the point of impact (every face), the damage value (every sum of
    /// its d10s), and for everyone caught the rules' own falloff, armor and damage step. The combatant aimed at is
    /// priced in full (its damage first); the others caught by their damage and their chance to be taken out;
    /// "friendly fire" is the chance the blast hurts the attacker or one of its side.
    pub(super) fn area_odds(
        &self,
        battle: &[Combatant<Fighter>],
        actor: usize,
        area: &AreaAttack,
        used_quick: bool,
    ) -> Result<Odds, RulesError> {
        let placed = self.place_blast(battle, actor, area, used_quick)?;
        let shot = placed.shot();
        let me = &battle[actor].fighter;
        let (band, modifiers) = placed.modifiers(battle, me)?;
        if me.rounds_left(&placed.id, &placed.weapon) == Some(0) {
            return Err(RulesError::Illegal(Refusal::NoneLeft {
                who: me.name.clone(),
                weapon: placed.weapon.name.clone(),
            }));
        }
        let target = attack_spec(me, &placed.weapon, modifiers).target().0;
        let classes = landing_classes(&self.options, target);
        let caught = self.caught(battle, placed.center, blast_reach_of(&placed.weapon));
        let mut tallies: Vec<Tally> = caught.iter().map(|_| Tally::default()).collect();
        let mut friendly = 0.0;
        for (&(armor_defeating, excellent), &p) in &classes {
            let inputs = DvInputs { mode: FiringMode::SingleShot, band, excellent, som: 0 };
            let armor: Vec<i32> = caught
                .iter()
                .map(|&(i, _)| {
                    effective_armor(&battle[i].fighter, &placed.weapon, armor_defeating, &mut Log::default())
                })
                .collect::<Result<_, _>>()?;
            for (dv, pv) in super::memo::damage_value(&placed.weapon, &inputs).iter() {
                let mut hurts_a_friend = false;
                for (k, &(i, d)) in caught.iter().enumerate() {
                    let damage = blast_dv(&placed.weapon, dv, d).map_or(0, |v| (v - armor[k]).max(0) as u32);
                    hurts_a_friend |= damage > 0 && battle[i].side == battle[actor].side;
                    tallies[k].hit_for(damage, p * pv, &self.options, &battle[i].fighter, &shot)?;
                }
                friendly += if hurts_a_friend { p * pv } else { 0.0 };
            }
        }
        let hit: f64 = classes.values().sum();
        let critical = classes.iter().filter(|((ad, _), _)| *ad).map(|(_, p)| p).sum();
        let primary = area.target.and_then(|t| index(battle, t).ok());
        let mut odds = self.blast_table((battle, actor), &caught, tallies, primary, (hit, critical));
        odds.chances.push((Chance::FriendlyFire, friendly));
        odds.title =
            format!("{} blasts {} with the {}, {} m", me.name, placed.aimed_at, placed.weapon.name, placed.meters);
        odds.inputs = vec![format!("attack target {target} at the point of impact; a blast allows no defense")];
        Ok(odds)
    }

    /// The odds table of a blast: the combatant aimed at in full, then everyone else caught (the attacker and its side
    /// named as friendly fire).
    fn blast_table(
        &self,
        (battle, actor): (&[Combatant<Fighter>], usize),
        caught: &[(usize, u32)],
        tallies: Vec<Tally>,
        primary: Option<usize>,
        (hit, critical): (f64, f64),
    ) -> Odds {
        let chances = vec![(Chance::Hit, hit), (Chance::CriticalArmorDefeating, critical)];
        let mut odds = Odds::new(Vec::new(), chances, Vec::new());
        let mut others = Vec::new();
        for (&(i, d), mut tally) in caught.iter().zip(tallies) {
            tally.miss(1.0 - hit);
            if Some(i) == primary {
                odds = tally.odds(Vec::new(), hit, critical, 0.0, false);
                continue;
            }
            let who = battle[i].fighter.name.clone();
            let friend = battle[i].side == battle[actor].side;
            others.push((
                Chance::CaughtTakenOut { friend, who: who.clone(), meters: d },
                tally.out(),
                Measure::DamageTo(who),
                tally.damage().clone(),
            ));
        }
        for (chance, p, dist, damage) in others {
            odds.chances.push((chance, p));
            odds.dists.push((dist, damage));
        }
        odds
    }
}

/// Every face of the attack test at the point of impact: the chance of each kind of hit.
fn landing_classes(opts: &super::Options, target: i32) -> Classes {
    let mut classes = Classes::new();
    for r in 0..100 {
        let p = Percentile::read(target, r, opts.mos_rule);
        if p.success {
            *classes.entry((p.critical_success(), p.excellent_bonus())).or_insert(0.0) += 0.01;
        }
    }
    classes
}
