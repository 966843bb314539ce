//! The d100 test (file 000; rules.md §1): roll 00–99 under a target, doubles are criticals, margins of success and
//! failure, the ±60 cap on net modifiers, and the opposed test an attack is made of.

use serde::{Deserialize, Serialize};

use super::OpposedCriticals;
use crate::rules::engine::dice::{Dice, DiceError};
use crate::rules::engine::outcome::{Event, Log, Modifier, Roll, TestRecord};
use crate::rules::engine::ruleset::Roller;

/// How the margin of success is read (rules.md §1, option `mos_rule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MosRule {
    /// First printing: MoS = target − roll (the seed's "roll 20 vs 75 → MoS 55").
    #[default]
    TargetMinusRoll,
    /// Later errata: the roll itself is the MoS.
    RollIsMoS,
}

/// Net situational modifiers never exceed ±60.
pub const MODIFIER_CAP: i32 = 60;

/// One d100 test as rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Percentile {
    pub target: i32,
    pub roll: u32,
    pub success: bool,
    pub critical: bool,
    /// MoS on a success, MoF on a failure.
    pub margin: i32,
}

impl Percentile {
    /// Reads a roll against a target: 00 always succeeds, 99 always fails, doubles are criticals.
    pub fn read(target: i32, roll: u32, mos_rule: MosRule) -> Self {
        let success = roll == 0 || (roll != 99 && i64::from(roll) <= i64::from(target));
        let margin = match (success, mos_rule) {
            (true, MosRule::TargetMinusRoll) => target - roll as i32,
            (true, MosRule::RollIsMoS) => roll as i32,
            (false, _) => roll as i32 - target,
        };
        Self { target, roll, success, critical: roll.is_multiple_of(11), margin }
    }

    /// A critical success.
    pub fn critical_success(&self) -> bool {
        self.success && self.critical
    }

    /// The excellent-success DV bonus: +5 at MoS 30+, +10 at MoS 60+.
    pub fn excellent_bonus(&self) -> i32 {
        match (self.success, self.margin) {
            (true, 60..) => 10,
            (true, 30..) => 5,
            _ => 0,
        }
    }
}

/// What a test is: who rolls, what, from which base, with which modifiers.
pub struct TestSpec<'a> {
    pub who: Roller<'a>,
    pub label: String,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
}

impl TestSpec<'_> {
    /// The target number: base plus the net modifier capped at ±60, and the cap's note when it bit.
    pub fn target(&self) -> (i32, Option<String>) {
        let net: i32 = self.modifiers.iter().map(|m| m.value).sum();
        let capped = net.clamp(-MODIFIER_CAP, MODIFIER_CAP);
        let cap = (capped != net).then(|| format!("net modifier {net:+} capped at {capped:+}"));
        (self.base + capped, cap)
    }
}

/// The chance that a d100 test against `target` succeeds (every face counted).
pub fn success_chance(target: i32, mos_rule: MosRule) -> f64 {
    (0..100).filter(|&r| Percentile::read(target, r, mos_rule).success).count() as f64 / 100.0
}

/// Rolls a d100 test and logs it with every modifier.
pub fn roll_test(
    spec: TestSpec<'_>,
    mos_rule: MosRule,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Result<Percentile, DiceError> {
    let (target, cap) = spec.target();
    let purpose = format!("{}: {}", spec.who.name, spec.label);
    let p = Percentile::read(target, dice.roll_one_for(spec.who.id, 100, &purpose)?, mos_rule);
    let roll = Roll::Percentile { target, roll: p.roll, success: p.success, critical: p.critical, margin: p.margin };
    let record =
        TestRecord { who: spec.who.id, label: spec.label, base: spec.base, modifiers: spec.modifiers, cap, roll };
    log.push(Event::Tested(record));
    Ok(p)
}

/// Who wins an opposed attack test, and why (file 000, step 5; the option is rules.md §1's).
pub fn opposed(attack: &Percentile, defense: Option<&Percentile>, criticals: OpposedCriticals) -> (bool, &'static str) {
    let Some(defense) = defense else {
        return match attack.success {
            true => (true, "the attack succeeded and could not be defended"),
            false => (false, "the attack failed"),
        };
    };
    match (attack.success, defense.success) {
        (false, _) => (false, "the attack failed"),
        (true, false) => (true, "the attack succeeded and the defense failed"),
        (true, true) => both_succeeded(attack, defense, criticals),
    }
}

/// File 000, step 5: "If both attacker and defender succeed … If the attacker's dice roll is higher, the attack hits
/// …; otherwise, the attack fails". Only the `CriticalBeatsSuccess` option lets a critical decide first.
fn both_succeeded(attack: &Percentile, defense: &Percentile, criticals: OpposedCriticals) -> (bool, &'static str) {
    if criticals == OpposedCriticals::CriticalBeatsSuccess {
        match (attack.critical, defense.critical) {
            (true, false) => return (true, "both succeeded; the attacker's critical beats the defense"),
            (false, true) => return (false, "both succeeded; the defender's critical beats the attack"),
            _ => {}
        }
    }
    match attack.roll.cmp(&defense.roll) {
        std::cmp::Ordering::Greater => (true, "both succeeded; the attacker rolled higher"),
        std::cmp::Ordering::Equal => (false, "both succeeded with equal rolls; no hit"),
        std::cmp::Ordering::Less => (false, "both succeeded; the defender rolled higher"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::dice::ScriptedDice;
    use crate::rules::engine::ruleset::CombatantId;

    fn read(target: i32, roll: u32) -> Percentile {
        Percentile::read(target, roll, MosRule::TargetMinusRoll)
    }

    #[test]
    fn success_is_roll_at_or_under_target_with_00_and_99_fixed() {
        assert!(read(75, 75).success);
        assert!(!read(75, 76).success);
        assert!(!read(120, 99).success, "99 fails even against a target above 99");
        assert!(read(-20, 0).success, "00 always succeeds");
        assert!(!read(-20, 1).success);
    }

    #[test]
    fn doubles_are_criticals_and_margins_follow_the_option() {
        let p = read(37, 22);
        assert_eq!((p.success, p.critical, p.margin), (true, true, 15));
        assert!(read(10, 33).critical && !read(10, 33).success);
        assert_eq!(read(75, 20).margin, 55, "seed: roll 20 vs 75 is MoS 55");
        assert_eq!(Percentile::read(75, 20, MosRule::RollIsMoS).margin, 20);
        assert_eq!(read(41, 71).margin, 30, "seed: 71 vs 41 is MoF 30");
    }

    #[test]
    fn excellent_successes_add_5_at_30_and_10_at_60() {
        assert_eq!(read(75, 46).excellent_bonus(), 0); // MoS 29
        assert_eq!(read(75, 45).excellent_bonus(), 5); // MoS 30
        assert_eq!(read(80, 20).excellent_bonus(), 10); // MoS 60
        assert_eq!(read(40, 90).excellent_bonus(), 0); // failure
    }

    #[test]
    fn opposed_tests_follow_the_four_cases() {
        let seed = OpposedCriticals::HigherRollWins;
        assert!(!opposed(&read(75, 8), Some(&read(30, 28)), seed).0, "seed shot 1: defender rolled higher");
        assert!(opposed(&read(75, 20), Some(&read(30, 83)), seed).0, "seed shot 2: defense failed");
        assert!(!opposed(&read(50, 60), Some(&read(30, 80)), seed).0, "both fail: no hit");
        assert!(!opposed(&read(50, 30), Some(&read(50, 30)), seed).0, "equal rolls: no hit");
    }

    #[test]
    fn criticals_decide_an_opposed_test_only_under_the_option() {
        let (seed, house) = (OpposedCriticals::HigherRollWins, OpposedCriticals::CriticalBeatsSuccess);
        // File 000: the higher roll wins even against a critical.
        assert_eq!(
            opposed(&read(50, 11), Some(&read(50, 28)), seed),
            (false, "both succeeded; the defender rolled higher")
        );
        assert_eq!(
            opposed(&read(70, 60), Some(&read(50, 22)), seed),
            (true, "both succeeded; the attacker rolled higher")
        );
        assert!(opposed(&read(50, 11), Some(&read(50, 28)), house).0, "the house rule: the attacker's critical wins");
        assert!(!opposed(&read(70, 60), Some(&read(50, 22)), house).0, "the house rule: the defender's critical wins");
        assert!(opposed(&read(50, 33), Some(&read(50, 22)), house).0, "two criticals: the higher roll");
    }

    #[test]
    fn net_modifiers_are_capped_at_60_and_logged() {
        let mut log = Log::default();
        let mods = vec![Modifier::new("defender hidden", "scenario", -60), Modifier::new("blind", "scenario", -30)];
        let spec = TestSpec {
            who: Roller::new(CombatantId(0), "A"),
            label: "Kinetic Weapons".into(),
            base: 70,
            modifiers: mods,
        };
        let p = roll_test(spec, MosRule::TargetMinusRoll, &mut ScriptedDice::new([5]), &mut log).unwrap();
        assert_eq!((p.target, p.success, p.margin), (10, true, 5));
        let test = log.tests().next().unwrap();
        assert_eq!(test.cap.as_deref(), Some("net modifier -90 capped at -60"));
    }
}
