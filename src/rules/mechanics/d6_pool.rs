//! The d6 dice pool, a mechanic three rulesets share beside the dice: a hit is a 5 or 6; a glitch when ones are at
//! least half the dice, rounded up (Shadowrun 4, file 004; rules.md §2), or more than half (the d6 homebrew, rules.md
//! §4); a critical glitch is a glitch with no hits. Rolling a pool, reading its faces, and its exact distribution.

use std::cell::RefCell;
use std::rc::Rc;

use crate::rules::engine::dice::{Dice, DiceError};
use crate::rules::engine::outcome::{Event, Log, Modifier, Roll, TestRecord};
use crate::rules::engine::ruleset::Roller;
use crate::rules::mechanics::memo::Memo;
use crate::rules::mechanics::odds::{Dist, choose, merge};

/// One pool as rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    pub dice: u32,
    pub faces: Vec<u32>,
    pub hits: u32,
    pub ones: u32,
    pub glitch: bool,
    pub critical_glitch: bool,
}

/// When ones make a glitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GlitchRule {
    /// Shadowrun 4: ones at least half the dice, rounded up.
    HalfOrMore,
    /// The d6 homebrew (rules.md §4): more than half the dice.
    MoreThanHalf,
}

impl Pool {
    /// Reads faces under Shadowrun 4's glitch rule.
    pub fn read(faces: Vec<u32>) -> Self {
        Self::read_with(faces, GlitchRule::HalfOrMore)
    }

    /// Reads faces: hits, ones, glitch and critical glitch.
    pub fn read_with(faces: Vec<u32>, rule: GlitchRule) -> Self {
        let dice = faces.len() as u32;
        let hits = faces.iter().filter(|&&f| f >= 5).count() as u32;
        let ones = faces.iter().filter(|&&f| f == 1).count() as u32;
        let glitch = dice > 0
            && match rule {
                GlitchRule::HalfOrMore => ones >= dice.div_ceil(2),
                GlitchRule::MoreThanHalf => 2 * ones > dice,
            };
        Self { dice, faces, hits, ones, glitch, critical_glitch: glitch && hits == 0 }
    }
}

/// Every outcome of a pool of `dice` d6 that the rules can tell apart (how many hits, how many ones), each read by
/// the rules ([`Pool::read_with`]) from a representative roll, with its exact probability (the multinomial).
pub fn pool_outcomes(dice: u32, rule: GlitchRule) -> Vec<(Pool, f64)> {
    let mut out = Vec::new();
    for hits in 0..=dice {
        for ones in 0..=dice - hits {
            let rest = dice - hits - ones;
            let ways = choose(dice, hits) * choose(dice - hits, ones);
            let p =
                ways * (1.0f64 / 3.0).powi(hits as i32) * (1.0f64 / 6.0).powi(ones as i32) * 0.5f64.powi(rest as i32);
            let faces = [(6, hits), (1, ones), (3, rest)]
                .iter()
                .flat_map(|&(f, n)| std::iter::repeat_n(f, n as usize))
                .collect();
            out.push((Pool::read_with(faces, rule), p));
        }
    }
    out
}

thread_local! {
    static DISTINCT: RefCell<Memo<(u32, GlitchRule), Rc<[(Pool, f64)]>>> = RefCell::new(Memo::new(256));
    static HITS: RefCell<Memo<u32, Rc<Dist>>> = RefCell::new(Memo::new(256));
}

/// [`pool_outcomes`] merged where the rules cannot tell them apart (hits, glitch, critical glitch), the first of
/// each kind standing for it; remembered (`crate::rules::mechanics::memo`), as every priced attack asks it.
pub fn distinct_outcomes(dice: u32, rule: GlitchRule) -> Rc<[(Pool, f64)]> {
    DISTINCT.with_borrow_mut(|m| {
        m.get((dice, rule), || merge(pool_outcomes(dice, rule), |p| (p.hits, p.glitch, p.critical_glitch)).into())
    })
}

/// The distribution of hits in a pool of `dice` d6 (each hit on 5 or 6), remembered.
pub fn hits_dist(dice: u32) -> Rc<Dist> {
    HITS.with_borrow_mut(|m| {
        m.get(dice, || {
            let mut d = Dist::default();
            for h in 0..=dice {
                d.add(
                    h as i32,
                    choose(dice, h) * (1.0f64 / 3.0).powi(h as i32) * (2.0f64 / 3.0).powi((dice - h) as i32),
                );
            }
            Rc::new(d)
        })
    })
}

/// What a pool is: who rolls, what (e.g. "Agility 4 + Pistols 3"), the base dice, the modifiers.
pub struct PoolSpec<'a> {
    pub who: Roller<'a>,
    pub label: String,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
}

impl PoolSpec<'_> {
    /// Dice to roll: base plus modifiers, never below 0.
    pub fn dice(&self) -> u32 {
        (self.base + self.modifiers.iter().map(|m| m.value).sum::<i32>()).max(0) as u32
    }
}

/// Rolls a pool and logs it.
pub fn roll_pool_with(
    spec: PoolSpec<'_>,
    rule: GlitchRule,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Pool, DiceError> {
    let purpose = format!("{}: {}", spec.who.name, spec.label);
    let pool = Pool::read_with(dice.roll_for(spec.who.id, spec.dice(), 6, &purpose)?, rule);
    let roll = Roll::Pool {
        dice: pool.dice,
        faces: pool.faces.clone(),
        hits: pool.hits,
        ones: pool.ones,
        glitch: pool.glitch,
        critical_glitch: pool.critical_glitch,
    };
    let record =
        TestRecord { who: spec.who.id, label: spec.label, base: spec.base, modifiers: spec.modifiers, cap: None, roll };
    log.push(Event::Tested(record));
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_fives_and_sixes() {
        let p = Pool::read(vec![6, 5, 4, 1, 2]);
        assert_eq!((p.hits, p.ones, p.glitch), (2, 1, false));
    }

    #[test]
    fn a_glitch_is_ones_at_least_half_rounded_up() {
        assert!(Pool::read(vec![1, 1, 5, 6]).glitch, "2 of 4");
        assert!(!Pool::read(vec![1, 1, 5, 6, 3]).glitch, "2 of 5 is under 3");
        assert!(Pool::read(vec![1, 1, 1, 6, 3]).glitch, "3 of 5");
        let p = Pool::read(vec![1, 1, 2]);
        assert!(p.glitch && p.critical_glitch);
        assert!(!Pool::read(vec![]).glitch, "no dice, no glitch");
        assert!(
            !Pool::read_with(vec![1, 1, 5, 6], GlitchRule::MoreThanHalf).glitch,
            "the homebrew: 2 of 4 is not more"
        );
        assert!(Pool::read_with(vec![1, 1, 1, 6], GlitchRule::MoreThanHalf).glitch);
    }
}
