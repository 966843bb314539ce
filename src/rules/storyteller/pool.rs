//! The d10 pool (rules.md §3; file 001 gives the pools but not how a die succeeds): each die at or above the
//! difficulty is a success, each 1 cancels one; a botch is no success with at least one 1. Damage dice count
//! successes at difficulty 6 with no cancelling and no botch.

use crate::rules::engine::dice::{Dice, DiceError};
use crate::rules::engine::outcome::{Event, Log, Modifier, Roll, TestRecord};
use crate::rules::engine::ruleset::Roller;

/// A pool as rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct D10Pool {
    pub dice: u32,
    pub faces: Vec<u32>,
    pub difficulty: u32,
    /// Successes after 1s cancelled them (never below 0).
    pub successes: u32,
    pub ones: u32,
    pub botch: bool,
}

impl D10Pool {
    /// Reads a test: successes at or above `difficulty`, less the 1s; a botch is no success and a 1.
    pub fn read_test(faces: Vec<u32>, difficulty: u32) -> Self {
        let raw = faces.iter().filter(|&&f| f >= difficulty).count() as u32;
        let ones = faces.iter().filter(|&&f| f == 1).count() as u32;
        let botch = raw == 0 && ones > 0;
        Self { dice: faces.len() as u32, faces, difficulty, successes: raw.saturating_sub(ones), ones, botch }
    }

    /// Reads damage dice: successes at 6 or more; 1s neither cancel nor botch.
    pub fn read_damage(faces: Vec<u32>) -> Self {
        let successes = faces.iter().filter(|&&f| f >= 6).count() as u32;
        let ones = faces.iter().filter(|&&f| f == 1).count() as u32;
        Self { dice: faces.len() as u32, faces, difficulty: 6, successes, ones, botch: false }
    }
}

/// Every outcome of a test of `dice` d10 at `difficulty` that the rules can tell apart (how many dice succeed, how
/// many are 1s), each read by the rules ([`D10Pool::read_test`]) from a representative roll, with its exact
/// probability (the multinomial).
pub fn test_outcomes(dice: u32, difficulty: u32) -> Vec<(D10Pool, f64)> {
    let success = f64::from(11 - difficulty.clamp(2, 10)) / 10.0;
    let (one, other): (f64, f64) = (0.1, (1.0 - success - 0.1).max(0.0));
    let mut out = Vec::new();
    for s in 0..=dice {
        for o in 0..=dice - s {
            let rest = dice - s - o;
            let p = choose(dice, s)
                * choose(dice - s, o)
                * success.powi(s as i32)
                * one.powi(o as i32)
                * other.powi(rest as i32);
            if p <= 0.0 {
                continue;
            }
            let faces = [(10, s), (1, o), (difficulty - 1, rest)]
                .iter()
                .flat_map(|&(f, n)| std::iter::repeat_n(f, n as usize))
                .collect();
            out.push((D10Pool::read_test(faces, difficulty), p));
        }
    }
    out
}

/// The distribution of successes of `dice` damage dice (6 or more succeeds; 1s do nothing).
pub fn damage_dist(dice: u32) -> crate::rules::mechanics::odds::Dist {
    let mut d = crate::rules::mechanics::odds::Dist::default();
    for s in 0..=dice {
        d.add(s as i32, choose(dice, s) * 0.5f64.powi(dice as i32));
    }
    d
}

use crate::rules::mechanics::odds::choose;

/// What a pool is.
pub struct D10Spec<'a> {
    pub who: Roller<'a>,
    pub label: String,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    pub difficulty: u32,
    /// Damage dice: no cancelling, no botch.
    pub damage: bool,
}

impl D10Spec<'_> {
    /// Dice to roll: base plus modifiers, never below 0.
    pub fn dice(&self) -> u32 {
        (self.base + self.modifiers.iter().map(|m| m.value).sum::<i32>()).max(0) as u32
    }
}

/// Rolls a pool and logs it.
pub fn roll_d10(spec: D10Spec<'_>, dice: &mut dyn Dice, log: &mut Log) -> Result<D10Pool, DiceError> {
    let count = spec.dice();
    let faces = dice.roll_for(spec.who.id, count, 10, &format!("{}: {}", spec.who.name, spec.label))?;
    let pool = match spec.damage {
        true => D10Pool::read_damage(faces),
        false => D10Pool::read_test(faces, spec.difficulty),
    };
    let roll = Roll::D10Pool {
        dice: pool.dice,
        faces: pool.faces.clone(),
        difficulty: pool.difficulty,
        successes: pool.successes,
        botch: pool.botch,
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
    fn ones_cancel_successes_and_a_botch_needs_no_success_and_a_one() {
        let p = D10Pool::read_test(vec![6, 10, 1, 3], 6);
        assert_eq!((p.successes, p.botch), (1, false));
        let p = D10Pool::read_test(vec![6, 1, 1, 3], 6);
        assert_eq!((p.successes, p.botch), (0, false), "cancelled to zero is a failure, not a botch");
        assert!(D10Pool::read_test(vec![2, 1, 5], 6).botch);
        assert_eq!(D10Pool::read_test(vec![6, 7, 9], 7).successes, 2, "the kick's difficulty 7");
    }

    #[test]
    fn damage_dice_do_not_cancel_or_botch() {
        let p = D10Pool::read_damage(vec![6, 1, 1, 2]);
        assert_eq!((p.successes, p.botch), (1, false));
        assert!(!D10Pool::read_damage(vec![1, 1]).botch);
    }
}
