//! Exact odds against the real resolution: on small cases every sequence of die faces is run through the rules
//! and the odds must match to rounding; on typical cases a large seeded Monte Carlo run of the rules must agree
//! within five standard errors; every distribution sums to 1.

use crate::common::enumerate::every_outcome;
use crate::common::sheet_of;
use skirmish::rules::eclipse_phase::attack::{Shot, resolve_shot};
use skirmish::rules::eclipse_phase::gear::Catalogue;
use skirmish::rules::eclipse_phase::modifiers::Situation;
use skirmish::rules::eclipse_phase::odds::shot_odds;
use skirmish::rules::eclipse_phase::{self as ep, FiringMode, ModeBonus, Options};
use skirmish::rules::engine::dice::{Dice, SeededDice};
use skirmish::rules::engine::outcome::{Log, Status};
use skirmish::rules::mechanics::fighter::Standing;
use skirmish::rules::mechanics::odds::{Chance, Dist, Odds};

/// What one resolution did, in the odds' terms: named yes/no outcomes and named values.
#[derive(Clone, Debug, Default)]
struct Seen {
    flags: Vec<(&'static str, bool)>,
    values: Vec<(&'static str, i32)>,
}

/// The observed chances and distributions, weighted.
#[derive(Default)]
struct Observed {
    chances: Vec<(&'static str, f64)>,
    dists: Vec<(&'static str, Dist)>,
    total: f64,
}

impl Observed {
    fn add(&mut self, seen: Seen, w: f64) {
        if self.chances.is_empty() {
            self.chances = seen.flags.iter().map(|(n, _)| (*n, 0.0)).collect();
            self.dists = seen.values.iter().map(|(n, _)| (*n, Dist::default())).collect();
        }
        for ((_, p), (_, on)) in self.chances.iter_mut().zip(&seen.flags) {
            *p += if *on { w } else { 0.0 };
        }
        for ((_, d), (_, v)) in self.dists.iter_mut().zip(&seen.values) {
            d.add(*v, w);
        }
        self.total += w;
    }

    /// Checks every chance and distribution of `odds` against what was seen, within `tolerance(p)`.
    fn agrees(&self, odds: &Odds, tolerance: impl Fn(f64) -> f64) {
        assert!((self.total - 1.0).abs() < 1e-9, "the runs' weights sum to {}", self.total);
        for (name, seen) in &self.chances {
            let p = odds.named(name).0.unwrap_or(0.0);
            assert!((p - seen).abs() <= tolerance(p), "{name}: odds {p}, seen {seen}\n{odds}");
        }
        for (name, seen) in &self.dists {
            let dist = odds.named(name).1.unwrap_or_else(|| panic!("no distribution {name}"));
            assert!((dist.total() - 1.0).abs() < 1e-9, "{name} sums to {}", dist.total());
            let values: std::collections::BTreeSet<i32> = dist.iter().chain(seen.iter()).map(|(v, _)| v).collect();
            for v in values {
                let (p, s) = (dist.p(v), seen.p(v));
                assert!((p - s).abs() <= tolerance(p), "{name} = {v}: odds {p}, seen {s}\n{odds}");
            }
        }
    }
}

/// One real Eclipse Phase shot with `dice` under `options`, read as the odds read it.
fn ep_shot(
    options: &Options,
    (attacker, defender): (&ep::Fighter, &ep::Fighter),
    shot: &Shot<'_>,
    dice: &mut dyn Dice,
) -> Seen {
    let (mut a, mut d) = (attacker.clone(), defender.clone());
    let mut log = duel_log(&mut a, &mut d);
    let result = resolve_shot(options, &mut a, &mut d, shot, dice, &mut log).expect("legal");
    let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
    let stunned = d.condition.statuses.iter().any(|s| matches!(s, Status::Stunned(n) if *n > 0));
    Seen {
        flags: vec![
            ("hit", result.hit),
            ("critical (armor-defeating)", result.armor_defeating),
            ("weapon malfunction", result.malfunction),
            ("knocked down", has(&Status::Prone)),
            ("unconscious", has(&Status::Unconscious)),
            ("incapacitated", has(&Status::Incapacitated)),
            ("dead", has(&Status::Dead)),
            ("stunned", stunned),
            ("taken out", d.condition.is_out() || stunned),
        ],
        values: vec![("damage", result.damage.damage as i32), ("wounds", result.damage.wounds as i32)],
    }
}

fn shot<'a>(id: &'a str, mode: FiringMode, situation: &'a Situation, distance: u32) -> Shot<'a> {
    let weapon = Catalogue::shipped().expect("catalogue").weapon(id).expect("a weapon");
    Shot::first(id, weapon, mode, situation, distance)
}

fn brute_force(options: &Options, attacker: &ep::Fighter, defender: &ep::Fighter, shot: &Shot<'_>) -> Observed {
    let mut seen = Observed::default();
    every_outcome(|dice| ep_shot(options, (attacker, defender), shot, dice), |s, w| seen.add(s, w));
    seen
}

fn fighter(sheet: &str) -> ep::Fighter {
    ep::Fighter::new("F", sheet_of(sheet))
}

#[test]
fn eclipse_phase_odds_match_every_face_of_an_opposed_knife_attack() {
    // A knife (1d10+1) against an unarmored defender who defends with Fray: 100 × 100 × 10 runs. DUR 60, WT 12: no
    // wounds. Malfunctions (the defender's criticals) and equal rolls all count.
    let attacker = fighter("init: 40, durability: 30, skills: { Blades: 55 }, weapons: [\"knife\"]");
    let defender = fighter("init: 40, durability: 60, skills: { Fray: 45 }");
    let situation = Situation::default();
    let s = shot("knife", FiringMode::SingleShot, &situation, 1);
    let odds = shot_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
    brute_force(&Options::default(), &attacker, &defender, &s).agrees(&odds, |_| 1e-9);
    assert!(
        odds.chance(Chance::WeaponMalfunction) > 0.0 && odds.chance(Chance::CriticalArmorDefeating) > 0.0,
        "{odds}"
    );
}

#[test]
fn eclipse_phase_odds_match_every_face_of_a_wound_and_its_som_test() {
    // A stunned defender cannot defend: 100 attack faces × 10 damage faces, and 100 faces of the SOM × 3 test on
    // every wounding run (WT 6: damage 7 to 11 is one wound). DUR 9: a hit of 9+ incapacitates.
    let attacker = fighter("init: 40, durability: 30, skills: { Blades: 55 }, weapons: [\"knife\"]");
    let mut defender = fighter("init: 40, durability: 9, wound_threshold: 6, aptitudes: (som: 15)");
    defender.condition.statuses.push(Status::Stunned(0));
    let situation = Situation::default();
    let s = shot("knife", FiringMode::SingleShot, &situation, 1);
    let odds = shot_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
    brute_force(&Options::default(), &attacker, &defender, &s).agrees(&odds, |_| 1e-9);
    assert!(odds.chance(Chance::KnockedDown) > 0.0 && odds.chance(Chance::Incapacitated) > 0.0, "{odds}");
}

#[test]
fn eclipse_phase_odds_match_every_face_under_the_house_options() {
    // The knife and the wounding test above under the other readings of file 000: a critical beats a plain success,
    // and damage equal to Durability incapacitates (DUR 9: a hit of 9 now takes the defender out).
    use skirmish::rules::eclipse_phase::{IncapacitatedAt, OpposedCriticals};
    let house = Options {
        opposed_criticals: OpposedCriticals::CriticalBeatsSuccess,
        incapacitated_at: IncapacitatedAt::ReachesDurability,
        ..Options::default()
    };
    let attacker = fighter("init: 40, durability: 30, skills: { Blades: 55 }, weapons: [\"knife\"]");
    let situation = Situation::default();
    let s = shot("knife", FiringMode::SingleShot, &situation, 1);
    let defender = fighter("init: 40, durability: 60, skills: { Fray: 45 }");
    let odds = shot_odds(&house, &attacker, &defender, &s).expect("odds");
    brute_force(&house, &attacker, &defender, &s).agrees(&odds, |_| 1e-9);
    let seed = shot_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
    assert!(
        (odds.chance(Chance::Hit) - seed.chance(Chance::Hit)).abs() > 1e-6,
        "the option changes who wins: {odds}\n{seed}"
    );
    let mut wounded = fighter("init: 40, durability: 9, wound_threshold: 6, aptitudes: (som: 15)");
    wounded.condition.statuses.push(Status::Stunned(0));
    let odds = shot_odds(&house, &attacker, &wounded, &s).expect("odds");
    brute_force(&house, &attacker, &wounded, &s).agrees(&odds, |_| 1e-9);
}

#[test]
fn eclipse_phase_odds_match_every_face_of_a_shock_hit() {
    // The stunner (1d10 ÷ 2, shock) at a stunned defender with WT 6 (no wounds): 100 × 10 faces, and the 100
    // faces of the DUR + Energy armor test on every hit.
    let attacker = fighter("init: 40, durability: 30, skills: { BeamWeapons: 60 }, weapons: [\"stunner\"]");
    let mut defender = fighter("init: 40, durability: 30, wound_threshold: 6, armor: \"armor_vest\"");
    defender.condition.statuses.push(Status::Stunned(0));
    let situation = Situation::default();
    let s = shot("stunner", FiringMode::SingleShot, &situation, 5);
    let odds = shot_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
    brute_force(&Options::default(), &attacker, &defender, &s).agrees(&odds, |_| 1e-9);
    assert!(odds.chance(Chance::Stunned) > 0.0, "{odds}");
}

/// Monte Carlo of the real resolution, `n` seeded runs.
fn monte_carlo(n: u32, run: impl Fn(&mut SeededDice) -> Seen) -> Observed {
    let mut seen = Observed::default();
    let mut dice = SeededDice::new(2026);
    for _ in 0..n {
        seen.add(run(&mut dice), 1.0 / f64::from(n));
    }
    seen
}

/// Five standard errors of a proportion `p` over `n` runs (and a floor for p near 0 or 1).
fn five_sigma(n: u32) -> impl Fn(f64) -> f64 {
    move |p: f64| 5.0 * (p * (1.0 - p) / f64::from(n)).sqrt() + 2.0 / f64::from(n)
}

#[test]
fn eclipse_phase_odds_agree_with_a_large_monte_carlo_run_of_a_typical_burst() {
    let attacker = ep::Fighter::new(
        "A",
        sheet_of(
            "init: 50, durability: 35, skills: { KineticWeapons: 60 }, smartlink: true, weapons: [\"assault_rifle\"]",
        ),
    );
    let defender = ep::Fighter::new(
        "D",
        sheet_of("init: 50, durability: 35, skills: { Fray: 30 }, aptitudes: (som: 20), armor: \"armor_vest\""),
    );
    let situation = Situation { cover: ep::modifiers::Cover::Minor, ..Situation::default() };
    let s = shot("assault_rifle", FiringMode::Burst(ModeBonus::Damage), &situation, 40);
    let odds = shot_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
    let n = 100_000;
    monte_carlo(n, |dice| ep_shot(&Options::default(), (&attacker, &defender), &s, dice)).agrees(&odds, five_sigma(n));
}

mod shadowrun {
    use super::*;
    use skirmish::rules::shadowrun4::attack::{Verdict, resolve_strike};
    use skirmish::rules::shadowrun4::gear::Catalogue;
    use skirmish::rules::shadowrun4::modifiers::Situation;
    use skirmish::rules::shadowrun4::modifiers::Strike;
    use skirmish::rules::shadowrun4::odds::strike_odds;
    use skirmish::rules::shadowrun4::{self as sr4, FiringMode, Spray};

    /// One real Shadowrun 4 attack with `dice`, read as the odds read it.
    fn strike(attacker: &sr4::Fighter, defender: &sr4::Fighter, s: &Strike<'_>, dice: &mut dyn Dice) -> Seen {
        let (mut a, mut d) = (attacker.clone(), defender.clone());
        let mut log = duel_log(&mut a, &mut d);
        let verdict = resolve_strike(&mut a, &mut d, s, dice, &mut log).expect("legal");
        let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
        let pools: Vec<(u32, bool, bool)> = log
            .tests()
            .map(|t| match t.roll {
                skirmish::rules::engine::outcome::Roll::Pool { hits, glitch, critical_glitch, .. } => {
                    (hits, glitch, critical_glitch)
                }
                _ => unreachable!("d6 pools only"),
            })
            .collect();
        let attack = pools[0];
        let defense =
            log.tests().nth(1).filter(|t| log.name(t.who) == defender.name).map(|_| pools[1]).unwrap_or_default();
        let boxes = (d.condition.stun + d.condition.physical) - (defender.condition.stun + defender.condition.physical);
        let converted = log.events.iter().any(|e| matches!(e, skirmish::rules::engine::outcome::Event::Calculated { label, .. } if label.starts_with("stun conversion")));
        Seen {
            flags: vec![
                ("hit", verdict == Verdict::Hit),
                ("graze", verdict == Verdict::Graze),
                ("attacker glitch", attack.1),
                ("attacker critical glitch", attack.2),
                ("weapon malfunction", attack.1 && !s.weapon.is_melee()),
                ("defender glitch", defense.1),
                ("stun instead of physical", converted),
                ("knocked down", has(&Status::Prone)),
                ("unconscious", has(&Status::Unconscious)),
                ("dead", has(&Status::Dead)),
                ("taken out", has(&Status::Unconscious) || has(&Status::Dead)),
                ("disarmed", d.condition.drawn != defender.condition.drawn),
            ],
            values: vec![("damage", boxes as i32)],
        }
    }

    fn fighter(sheet: &str) -> sr4::Fighter {
        sr4::Fighter::new("F", sheet_of(sheet))
    }

    fn setup<'a>(id: &'a str, mode: FiringMode, situation: &'a Situation, distance: u32) -> Strike<'a> {
        let weapon = Catalogue::shipped().expect("catalogue").weapon(id).expect("a weapon");
        Strike { weapon_id: id, weapon, mode, situation, distance, surprised: false }
    }

    #[test]
    fn shadowrun_odds_match_every_face_of_small_pools() {
        // 2 attack dice against 2 defense dice, then Body 1 + armor 0 resistance: 6^5 runs. DV 4 (the Colt), a
        // Body 1 defender with 9 Physical boxes: glitches, grazes, knockdowns (more than Body) all happen.
        let attacker = fighter(
            r#"attributes: (agility: 1, reaction: 3, intuition: 3), skills: { Pistols: 1 }, weapons: ["colt_america_l36"]"#,
        );
        let defender = fighter(r#"attributes: (body: 1, reaction: 2, intuition: 2)"#);
        let situation = Situation::default();
        let s = setup("colt_america_l36", FiringMode::SingleShot, &situation, 3);
        let odds = strike_odds(&attacker, &defender, &s).expect("odds");
        let mut seen = Observed::default();
        every_outcome(|dice| strike(&attacker, &defender, &s, dice), |x, w| seen.add(x, w));
        seen.agrees(&odds, |_| 1e-9);
        for chance in [Chance::Graze, Chance::AttackerGlitch, Chance::DefenderGlitch, Chance::KnockedDown] {
            assert!(odds.chance(chance.clone()) > 0.0, "{chance}: {odds}");
        }
    }

    #[test]
    fn shadowrun_called_shots_odds_match_every_face() {
        // Unarmored area (the helmet's rating 1 off the pool, no armor against the damage) and knocking the gun out
        // of a Strength 1 grasp (−4): 5 or 2 attack dice against 1 defense die, then Body 1 (+ no armor).
        use skirmish::rules::shadowrun4::modifiers::CalledShot;
        let attacker = fighter(
            r#"attributes: (agility: 4, reaction: 3, intuition: 3), skills: { Pistols: 2 }, weapons: ["colt_america_l36"]"#,
        );
        let defender = fighter(
            r#"attributes: (body: 1, strength: 1, reaction: 1, intuition: 1), weapons: ["colt_america_l36"], armor: ["helmet"]"#,
        );
        for called in [CalledShot::UnarmoredArea, CalledShot::KnockOutOfGrasp] {
            let situation = Situation { called_shot: Some(called.clone()), ..Situation::default() };
            let s = setup("colt_america_l36", FiringMode::SingleShot, &situation, 3);
            let odds = strike_odds(&attacker, &defender, &s).expect("odds");
            let mut seen = Observed::default();
            every_outcome(|dice| strike(&attacker, &defender, &s, dice), |x, w| seen.add(x, w));
            seen.agrees(&odds, |_| 1e-9);
            assert!(odds.chance(Chance::Hit) > 0.0, "{called:?}: {odds}");
            if called == CalledShot::KnockOutOfGrasp {
                assert!(odds.chance(Chance::Disarmed) > 0.0, "{odds}");
            }
        }
    }

    #[test]
    fn shadowrun_odds_agree_with_a_large_monte_carlo_run_of_a_typical_burst() {
        let attacker = fighter(
            r#"attributes: (agility: 5, reaction: 4, intuition: 4), skills: { Automatics: 5 }, smartlink: true, weapons: ["ak_97"]"#,
        );
        let defender = fighter(
            r#"attributes: (body: 3, reaction: 4, intuition: 3, willpower: 3), skills: { Dodge: 2 }, armor: ["armor_vest"]"#,
        );
        let situation = Situation::default();
        let s = setup("ak_97", FiringMode::Burst(Spray::Narrow), &situation, 30);
        let odds = strike_odds(&attacker, &defender, &s).expect("odds");
        let n = 100_000;
        monte_carlo(n, |dice| strike(&attacker, &defender, &s, dice)).agrees(&odds, five_sigma(n));
        assert!(odds.chance(Chance::Unconscious) > 0.0, "{odds}");
    }
}

/// A log for a duel outside a battle: the attacker is combatant 0, the defender 1, as the log names them.
fn duel_log<F: skirmish::rules::engine::ruleset::FighterState>(attacker: &mut F, defender: &mut F) -> Log {
    use skirmish::rules::engine::ruleset::CombatantId;
    attacker.set_id(CombatantId(0));
    defender.set_id(CombatantId(1));
    Log { events: Vec::new(), names: vec![attacker.name().to_owned(), defender.name().to_owned()] }
}

/// Whether the `n`-th test of the log, rolled by `who`, glitched (a d6 pool) or botched (a d10 pool).
fn trouble(log: &Log, who: &str, n: usize) -> bool {
    use skirmish::rules::engine::outcome::Roll;
    log.tests().nth(n).filter(|t| log.name(t.who) == who).is_some_and(|t| match t.roll {
        Roll::Pool { glitch, .. } => glitch,
        Roll::D10Pool { botch, .. } => botch,
        Roll::Percentile { .. } => false,
    })
}

/// Whether the log's first attack hit.
fn first_hit(log: &Log) -> bool {
    log.events.iter().find_map(|e| match e {
        skirmish::rules::engine::outcome::Event::AttackResolved { hit, .. } => Some(*hit),
        _ => None,
    }) == Some(true)
}

mod storyteller {
    use super::*;
    use skirmish::rules::engine::outcome::Event;
    use skirmish::rules::storyteller::attack::{Situation, Strike, resolve_strike};
    use skirmish::rules::storyteller::gear::Gear;
    use skirmish::rules::storyteller::odds::strike_odds;
    use skirmish::rules::storyteller::{self as st, Options};

    fn strike(attacker: &st::Fighter, defender: &st::Fighter, s: &Strike<'_>, dice: &mut dyn Dice) -> Seen {
        let (mut a, mut d) = (attacker.clone(), defender.clone());
        let mut log = duel_log(&mut a, &mut d);
        resolve_strike(&Options::default(), &mut a, &mut d, s, dice, &mut log).expect("legal");
        let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
        let levels: i32 = log
            .events
            .iter()
            .filter_map(|e| match e {
                Event::DamageTaken { who, amount, .. } if log.name(*who) == defender.name => Some(*amount),
                _ => None,
            })
            .sum();
        Seen {
            flags: vec![
                ("hit", first_hit(&log)),
                ("attacker botch", trouble(&log, &attacker.name, 0)),
                ("defender botch", trouble(&log, &defender.name, 1)),
                ("incapacitated", has(&Status::Incapacitated)),
                ("dead", has(&Status::Dead)),
                ("taken out", has(&Status::Incapacitated) || has(&Status::Dead)),
            ],
            values: vec![("health levels", levels)],
        }
    }

    fn fighter(name: &str, sheet: &str) -> st::Fighter {
        st::Fighter::new(name, sheet_of(sheet))
    }

    #[test]
    fn storyteller_odds_match_every_face_of_small_pools() {
        // Strength 1 + Brawl 1 (a punch) against Dexterity 2 + Brawl 1 less the Mauled penalty 2: 2 dice against 1,
        // then raw damage Strength 1 + net successes less Stamina 1 soak: at most 2 damage dice. At most 10^5
        // runs. Already Mauled, the defender is incapacitated by 2 more levels.
        let attacker = fighter(
            "A",
            r#"attributes: (strength: 1, dexterity: 1, stamina: 1, perception: 1, wits: 1), abilities: { Brawl: 1 }, weapons: ["punch"]"#,
        );
        let mut defender = fighter(
            "D",
            r#"attributes: (strength: 1, dexterity: 2, stamina: 1, perception: 1, wits: 1), abilities: { Brawl: 1 }"#,
        );
        defender.take(skirmish::rules::storyteller::damage::DamageType::Lethal, 5, &mut Log::default());
        let situation = Situation::default();
        let weapon = Gear::default().weapon("punch").expect("catalogue");
        let s = Strike { weapon: &weapon, situation: &situation, distance: 1 };
        let odds = strike_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
        let mut seen = Observed::default();
        every_outcome(|dice| strike(&attacker, &defender, &s, dice), |x, w| seen.add(x, w));
        seen.agrees(&odds, |_| 1e-9);
        for chance in [Chance::Hit, Chance::AttackerBotch, Chance::DefenderBotch, Chance::Incapacitated] {
            assert!(odds.chance(chance.clone()) > 0.0, "{chance}: {odds}");
        }
    }

    #[test]
    fn storyteller_odds_agree_with_a_large_monte_carlo_run_of_a_rifle_shot() {
        let attacker = fighter(
            "A",
            r#"attributes: (strength: 2, dexterity: 3, stamina: 2, perception: 4, wits: 3), abilities: { Firearms: 4 }, weapons: ["assault_rifle"]"#,
        );
        let defender = fighter(
            "D",
            r#"attributes: (strength: 2, dexterity: 3, stamina: 3, perception: 2, wits: 2), abilities: { Dodge: 2 }, armor: "flak_vest""#,
        );
        let situation = Situation::default();
        let weapon = Gear::default().weapon("assault_rifle").expect("catalogue");
        let s = Strike { weapon: &weapon, situation: &situation, distance: 30 };
        let odds = strike_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
        let n = 100_000;
        monte_carlo(n, |dice| strike(&attacker, &defender, &s, dice)).agrees(&odds, five_sigma(n));
    }
}

mod homebrew {
    use super::*;
    use skirmish::rules::homebrew_d6::attack::{Situation, Strike, resolve_strike};
    use skirmish::rules::homebrew_d6::gear::Gear;
    use skirmish::rules::homebrew_d6::odds::strike_odds;
    use skirmish::rules::homebrew_d6::{self as hb, Options};

    fn strike(attacker: &hb::Fighter, defender: &hb::Fighter, s: &Strike<'_>, dice: &mut dyn Dice) -> Seen {
        strike_with(&Options::default(), (attacker, defender), s, dice)
    }

    fn strike_with(
        options: &Options,
        (attacker, defender): (&hb::Fighter, &hb::Fighter),
        s: &Strike<'_>,
        dice: &mut dyn Dice,
    ) -> Seen {
        let (mut a, mut d) = (attacker.clone(), defender.clone());
        let mut log = duel_log(&mut a, &mut d);
        resolve_strike(options, &mut a, &mut d, s, dice, &mut log).expect("legal");
        let has = |s: &Status| d.condition.has(s) && !defender.condition.has(s);
        let jammed = a.condition.has(&Status::WeaponJammed(s.weapon_id.to_owned()));
        let out = has(&Status::Unconscious) || has(&Status::Incapacitated) || has(&Status::Dead);
        Seen {
            flags: vec![
                ("hit", first_hit(&log)),
                ("attacker glitch", trouble(&log, &attacker.name, 0)),
                ("weapon malfunction", jammed),
                ("defender glitch", trouble(&log, &defender.name, 1)),
                ("knocked down", has(&Status::Prone)),
                ("unconscious", has(&Status::Unconscious)),
                ("incapacitated", has(&Status::Incapacitated)),
                ("dead", has(&Status::Dead)),
                ("taken out", out),
            ],
            values: vec![
                ("Light boxes", (d.condition.light - defender.condition.light) as i32),
                ("Critical boxes", (d.condition.critical - defender.condition.critical) as i32),
            ],
        }
    }

    fn fighter(name: &str, sheet: &str) -> hb::Fighter {
        hb::Fighter::new(name, sheet_of(sheet))
    }

    #[test]
    fn homebrew_odds_match_every_face_of_small_pools() {
        // A pistol (5PC) with 2 attack dice against 2 defense dice (Dodge 0 + Intuition 2 is the best … Agility
        // 1 + Edge 1 = 2), then Body 1: 6^5 runs. Zero hits against zero hit (file 002, step 1).
        let attacker =
            fighter("A", r#"attributes: (agility: 1, edge: 1), skills: { Pistols: 1 }, weapons: ["pistol"]"#);
        let defender =
            fighter("D", r#"attributes: (agility: 1, reaction: 1, intuition: 2, body: 1, willpower: 1, edge: 1)"#);
        let situation = Situation::default();
        let weapon = Gear::default().weapon("pistol").expect("catalogue");
        let s = Strike { weapon_id: "pistol", weapon: &weapon, situation: &situation, distance: 10 };
        let odds = strike_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
        let mut seen = Observed::default();
        every_outcome(|dice| strike(&attacker, &defender, &s, dice), |x, w| seen.add(x, w));
        seen.agrees(&odds, |_| 1e-9);
        for chance in [Chance::AttackerGlitch, Chance::WeaponMalfunction, Chance::DefenderGlitch, Chance::KnockedDown] {
            assert!(odds.chance(chance.clone()) > 0.0, "{chance}: {odds}");
        }
        // Under `ties: OnlyContact` the pistol's ties miss; `ConvertOnly` spares its Critical damage the reduction.
        let house = Options {
            ties: hb::Ties::OnlyContact,
            critical_resistance: hb::CriticalResistance::ConvertOnly,
            ..Options::default()
        };
        let priced = strike_odds(&house, &attacker, &defender, &s).expect("odds");
        let mut seen = Observed::default();
        every_outcome(|dice| strike_with(&house, (&attacker, &defender), &s, dice), |x, w| seen.add(x, w));
        seen.agrees(&priced, |_| 1e-9);
        assert!(priced.chance(Chance::Hit) < odds.chance(Chance::Hit), "ties no longer hit");
    }

    #[test]
    fn homebrew_odds_agree_with_a_large_monte_carlo_run_of_a_rifle_shot() {
        let attacker = fighter(
            "A",
            r#"attributes: (agility: 4, reaction: 4, intuition: 3, body: 4, willpower: 3, edge: 2), skills: { Longarms: 4 }, weapons: ["rifle"]"#,
        );
        let defender = fighter(
            "D",
            r#"attributes: (agility: 3, reaction: 3, intuition: 3, body: 3, willpower: 3, edge: 2), skills: { Dodge: 2 }, armor: ["ballistic_vest"]"#,
        );
        let situation = Situation::default();
        let weapon = Gear::default().weapon("rifle").expect("catalogue");
        let s = Strike { weapon_id: "rifle", weapon: &weapon, situation: &situation, distance: 50 };
        let odds = strike_odds(&Options::default(), &attacker, &defender, &s).expect("odds");
        let n = 100_000;
        monte_carlo(n, |dice| strike(&attacker, &defender, &s, dice)).agrees(&odds, five_sigma(n));
    }
}

#[test]
fn skirmish_odds_prints_the_table_and_names_bad_input() {
    use std::process::Command;
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_skirmish")).args(args).output().expect("runs");
    let out = run(&["odds", "tests/scenarios/stoya.ron"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("Assassin shoots Stoya with the Shredder (burst fire, +1d10 DV), 5 m\n"), "{text}");
    assert!(text.contains("  attack target 75 against defense target 30\n"), "{text}");
    let out = run(&[
        "odds",
        "levels/street.ron",
        "--ruleset",
        "storyteller",
        "--attacker",
        "Crew rifleman 1",
        "--target",
        "Gang heavy 4",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("health levels (mean"), "{text}");
    let out = run(&["odds", "levels/street.ron", "--attacker", "Nobody", "--target", "Gang heavy 4"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.starts_with("error: no combatant is called Nobody; there are Crew rifleman 1,"), "{err}");
    let out = run(&["odds", "levels/street.ron"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "error: give --attacker and --target, or script an attack in the file\n");
    let out = run(&["odds", "levels/street.ron", "--attacker", "Crew rifleman 1"]);
    assert_eq!(out.status.code(), Some(2), "clap wants the target too");
}

#[test]
fn the_odds_of_a_shot_after_a_run_count_the_running_penalty() {
    use skirmish::rules::engine::battle::Next;
    use skirmish::rules::engine::field::{Move, Pace};
    use skirmish::scenario::level::{self, RulesetId};
    // Shadowrun 4 (file 004): an attacker who runs this pass loses 2 dice. The pointer and the battle-end tally price
    // a declared move and shot on the battle after the move, so a run's shot has the lower odds of the two.
    let scenario = level::load("levels/open_ground.ron".as_ref())
        .expect("a level")
        .scenario(RulesetId::Shadowrun4)
        .expect("a battle");
    let mut log = Log::default();
    let mut battle = skirmish::battle::run::start(&scenario, "seed 1", &mut log);
    let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(1), &mut log) else { panic!("a first slot") };
    let me = battle.view(slot.actor);
    let target = battle.views().into_iter().find(|v| v.side != me.side).expect("an enemy").id();
    let shot_after = |pace| {
        let (x, y) = me.position;
        [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)].into_iter().find_map(|to| {
            let action = battle.intended(slot.actor, Some(Move { to, pace }), Some(target));
            battle.dry_run(slot, &action).ok()?;
            Some(battle.odds_of(slot.actor, &action).expect("odds").chance(Chance::Hit))
        })
    };
    let (walked, ran) = (shot_after(Pace::Walk).expect("a walk and a shot"), shot_after(Pace::Run).expect("a run"));
    assert!(ran < walked, "a shot after a run hits {ran}, after a walk {walked}");
}

#[test]
fn shadowrun4_odds_begin_the_attackers_new_action_phase_as_its_resolution_does() {
    // File 004: recoil counts the shots of one Action Phase, and a run is the phase's pace. An attacker who fired
    // six rounds and ran in its last phase, and now fires standing, is priced as its resolution rolls it: from a
    // fresh phase (found by tests/rules/invariants.rs: it was priced with the old recoil and run).
    use skirmish::rules::engine::ruleset::{Combatant, CombatantId, number};
    use skirmish::rules::mechanics::odds::AttackOdds;
    use skirmish::rules::shadowrun4::{self as sr4, Shadowrun4};
    let sheet = r#"attributes: (body: 3, agility: 4, reaction: 4, strength: 3, intuition: 3, willpower: 3), skills: { Automatics: 4 }, weapons: ["ak_97"], armor: ["armor_vest"]"#;
    let unit = |name: &str, side: &str, at| Combatant {
        side: side.into(),
        position: at,
        fighter: sr4::Fighter::new(name, sheet_of(sheet)),
    };
    let mut battle = vec![unit("Me", "A", (0, 0)), unit("Them", "B", (10, 0))];
    number(&mut battle);
    let rules = Shadowrun4::default();
    let action = rules.plain_attack_of(&battle, 0, CombatantId(1));
    let fresh = rules.odds_of(&battle, 0, &action).expect("odds");
    // Agility 4 + Automatics 4, a first burst's recoil -2.
    assert!(fresh.inputs[0].starts_with("6 attack dice against"), "{fresh}");
    battle[0].fighter.condition.shots_this_phase = 6;
    battle[0].fighter.condition.gain(Status::Running);
    let after = rules.odds_of(&battle, 0, &action).expect("odds");
    assert_eq!(after.inputs, fresh.inputs, "{after}");
    assert_eq!(after.chance(Chance::Hit), fresh.chance(Chance::Hit));
}
