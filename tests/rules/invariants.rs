//! The rules' invariants as properties (proptest), on battles drawn at random: any shipped level under any ruleset,
//! any seed, any AI on each side, any number of decisions in. After every decision no condition track is past its
//! end unless its owner is out of the fight, and each track holds exactly the damage the log says it took; the AI
//! never asks for an action the rules refuse; a battle's record replayed onto its start is the live battle; and the
//! exact odds of an attack the AI picks sum to 1 and match how often the real resolution, run hundreds of times on
//! copies of the battle, hits and takes its target out.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use skirmish::ai::{self, Difficulty, Minds};
use skirmish::battle::run;
use skirmish::rules::any_ruleset::any::{AnyAction, AnyBattle, RulesetId};
use skirmish::rules::engine::battle::Next;
use skirmish::rules::engine::dice::{ScriptedDice, SeededDice};
use skirmish::rules::engine::outcome::{Event, Log, Roll, Status};
use skirmish::rules::engine::ruleset::{CombatantId, Slot};
use skirmish::rules::mechanics::odds::Chance;
use skirmish::scenario::{Scenario, level};

/// A battle drawn at random: a shipped level under a ruleset, the AI of each side, the seed.
#[derive(Clone, Debug)]
struct Drawn {
    level: usize,
    ruleset: RulesetId,
    minds: [Difficulty; 4],
    seed: u64,
    /// A change to the level's text (from, to) before it is read: a case found under a tuning the level has since
    /// left keeps it.
    retuned: Option<(&'static str, &'static str)>,
}

fn drawn() -> impl Strategy<Value = Drawn> {
    let levels = common::shipped_levels().len();
    let difficulty = prop::sample::select(vec![Difficulty::Easy, Difficulty::Normal, Difficulty::Hard]);
    (
        0..levels,
        prop::sample::select(RulesetId::ALL.to_vec()),
        [difficulty.clone(), difficulty.clone(), difficulty.clone(), difficulty],
        any::<u64>(),
    )
        .prop_map(|(level, ruleset, minds, seed)| Drawn { level, ruleset, minds, seed, retuned: None })
}

impl Drawn {
    fn scenario(&self) -> Scenario {
        let file = &common::shipped_levels()[self.level];
        let text = std::fs::read_to_string(file).expect("a shipped level");
        let text = match self.retuned {
            Some((from, to)) => {
                assert!(text.contains(from), "the level has the text to change: {from}");
                text.replacen(from, to, 1)
            }
            None => text,
        };
        level::parse(&text, file).expect("a level").scenario(self.ruleset).expect("a battle")
    }

    fn minds(&self, scenario: &Scenario) -> Minds {
        let sides = scenario.sides().into_iter().map(str::to_owned).zip(self.minds).collect();
        Minds { sides, default: Difficulty::Normal, ..Minds::default() }
    }
}

/// A battle under way: its start, the battle now, its dice and log, and the AIs.
struct Under {
    start: AnyBattle,
    header: Log,
    battle: AnyBattle,
    dice: SeededDice,
    log: Log,
    minds: Minds,
}

impl Under {
    fn new(d: &Drawn) -> Self {
        let scenario = d.scenario();
        let mut log = Log::default();
        let battle = run::start(&scenario, "seed", &mut log);
        let (start, header) = (battle.clone(), log.clone());
        Under { start, header, battle, dice: SeededDice::new(d.seed), log, minds: d.minds(&scenario) }
    }

    /// The next slot, if the battle is not over.
    fn slot(&mut self) -> Option<Slot> {
        match self.battle.next(&mut self.dice, &mut self.log).expect("a turn's start is legal") {
            Next::Slot(slot) => Some(slot),
            Next::Over => None,
        }
    }

    /// The action the AI of the slot's side picks.
    fn choice(&self, slot: Slot) -> Option<AnyAction> {
        ai::choose_any(&self.battle, slot, self.minds.of(self.battle.view(slot.actor).side))
    }

    /// Takes up to `decisions` decisions (fewer when the battle ends), `after` looking at the battle after each
    /// (and its count, from 1).
    fn play(&mut self, decisions: usize, mut after: impl FnMut(&Under, usize)) {
        for n in 1..=decisions {
            let Some(slot) = self.slot() else { break };
            self.decide(slot);
            after(self, n);
        }
    }

    /// Takes one decision, the AI's (or the script's): the rules never refuse it.
    fn decide(&mut self, slot: Slot) {
        let action = if self.battle.is_scripted() { self.battle.scripted_action() } else { self.choice(slot) };
        match action {
            Some(action) => {
                let done = self.battle.act(&action, &mut self.dice, &mut self.log);
                assert!(done.is_ok(), "the rules refused the AI's {action:?}: {done:?}");
            }
            None => self.battle.pass(&mut self.log),
        }
    }
}

/// Every attack the AIs make in the battle `d` played to its end, with the battle and its log as they stood then.
fn attacks_made(d: &Drawn) -> Vec<(AnyBattle, Log, Slot, AnyAction)> {
    let mut b = Under::new(d);
    let mut attacks = Vec::new();
    while let Some(slot) = b.slot() {
        if let Some(action) = b.choice(slot).filter(|a| b.battle.attacks_in(a) >= 1 && !b.battle.is_scripted()) {
            attacks.push((b.battle.clone(), b.log.clone(), slot, action));
        }
        b.decide(slot);
    }
    attacks
}

/// The track a `DamageTaken` event marks, by the name the ruleset's tracks go by: "Physical (stun overflow)" is
/// Physical, "Lethal level(s)" the Storyteller's health levels.
fn track_of(event_track: &str) -> String {
    match event_track.ends_with("level(s)") {
        true => "health levels".to_owned(),
        false => event_track.split(' ').next().unwrap_or_default().to_owned(),
    }
}

/// Each combatant's tracks as the log tells them: (combatant, track) → (boxes marked, the last total said).
fn damage_in_log(log: &Log) -> BTreeMap<(usize, String), (i64, i64)> {
    let mut said = BTreeMap::new();
    for event in &log.events {
        let (who, track, amount, total) = match event {
            Event::DamageTaken { who, track, amount, total, .. } => (who, track_of(track), *amount, *total),
            Event::WoundsTaken { who, wounds, total, .. } => (who, "wounds".to_owned(), *wounds as i32, *total as i32),
            _ => continue,
        };
        let entry = said.entry((who.index(), track)).or_insert((0, 0));
        *entry = (entry.0 + i64::from(amount), i64::from(total));
    }
    said
}

/// The tracks that stop at their end (what would go past it overflows elsewhere or is not marked).
const CAPPED: [&str; 3] = ["health levels", "Stun", "Light"];

/// Checks every combatant's tracks against their ends and against the log.
fn tracks_hold(start: &AnyBattle, battle: &AnyBattle, log: &Log, when: &str) {
    let said = damage_in_log(log);
    for i in (0..battle.len()).map(CombatantId::at) {
        let out = battle.view(i).fighter.is_out();
        for (track, first) in battle.tracks(i).iter().zip(start.tracks(i)) {
            let name = battle.view(i).name();
            let past = track.capacity > 0 && track.taken > track.capacity;
            assert!(
                !past || (out && !CAPPED.contains(&track.name.as_ref())),
                "{when}: {name}'s {} {track:?}",
                track.name
            );
            let (marked, total) =
                said.get(&(i.index(), track.name.to_string())).copied().unwrap_or((0, i64::from(first.taken)));
            let (taken, full) = (i64::from(track.taken), track.capacity > 0 && track.taken >= track.capacity);
            // A Storyteller level marked on a full track turns a bashing level lethal or kills (file 001): the log
            // counts it, the track has no box more for it.
            let upgraded = track.name == "health levels" && full && marked > taken - i64::from(first.taken);
            if !upgraded {
                assert_eq!(taken - i64::from(first.taken), marked, "{when}: {name}'s {} against the log", track.name);
            }
            assert_eq!(taken, total, "{when}: {name}'s {} against the total the log says", track.name);
        }
    }
}

/// The first attack `attacker` made in `log`: its target, whether it hit, and whether the target was put out of the
/// fight before the next attack (the odds are of the first attack of an action of two shots).
fn first_attack(log: &Log, attacker: CombatantId) -> Option<(CombatantId, bool, bool)> {
    let mut events = log.events.iter();
    let (target, hit) = events.by_ref().find_map(|e| match e {
        Event::AttackResolved { attacker: a, defender: Some(target), hit, .. } if *a == attacker => {
            Some((*target, *hit))
        }
        _ => None,
    })?;
    let out = events
        .take_while(|e| !matches!(e, Event::AttackResolved { .. }))
        .any(|e| matches!(e, Event::StatusGained { who, status, .. } if *who == target && OUT.contains(status)));
    Some((target, hit, out))
}

/// The statuses that put a combatant out of the fight.
const OUT: [Status; 3] = [Status::Unconscious, Status::Incapacitated, Status::Dead];

/// Where two long texts first differ, with some words around it.
fn first_difference(a: &str, b: &str) -> String {
    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let from = a[..at].rfind("Combatant {").or_else(|| a[..at].rfind(", ")).unwrap_or(0).max(at.saturating_sub(400));
    let around = |s: &str| s.get(from..(at + 200).min(s.len())).unwrap_or_default().to_owned();
    format!("\n  replayed: …{}\n  live:     …{}", around(a), around(b))
}

/// A fixed seed: CI runs the same 32 battles a property every time. `PROPTEST_CASES=N PROPTEST_RNG_SEED=S` (read by
/// proptest) run others: how the two found cases below were found.
/// What the ECS shows of each combatant: its cell, condition, statuses, tracks, weapon in hand and initiative.
fn shown(battle: &AnyBattle) -> Vec<String> {
    let show = |i: CombatantId| {
        let (c, (_, condition)) = (battle.view(i), battle.parts(i));
        let f = c.fighter;
        let weapon = (f.weapon_in_hand().to_owned(), f.rounds_in_hand());
        format!(
            "{:?} {condition:?} {:?} {:?} {weapon:?} {:?}",
            c.position,
            f.statuses(),
            battle.tracks(i),
            battle.initiative(i)
        )
    };
    (0..battle.len()).map(CombatantId::at).map(show).collect()
}

/// Every combatant the engine's last step does not name as changed shows as it did `before` it.
fn unnamed_unchanged(before: &[String], battle: &AnyBattle, when: &str) -> Result<(), TestCaseError> {
    let now = shown(battle);
    for (i, (was, is)) in
        before.iter().zip(&now).enumerate().filter(|(i, _)| !battle.changed().contains(&CombatantId::at(*i)))
    {
        prop_assert_eq!(was, is, "{}: combatant {} changed but the engine did not say so", when, i);
    }
    Ok(())
}

fn config() -> ProptestConfig {
    let given = ProptestConfig::default();
    let set = |var: &str| std::env::var_os(var).is_some();
    ProptestConfig {
        cases: if set("PROPTEST_CASES") { given.cases } else { 32 },
        rng_seed: if set("PROPTEST_RNG_SEED") { given.rng_seed } else { proptest::test_runner::RngSeed::Fixed(2026) },
        failure_persistence: None,
        ..given
    }
}

proptest! {
    #![proptest_config(config())]

    /// After every decision: tracks within their ends (past them only when out), each equal to the log's damage,
    /// and no AI action refused.
    #[test]
    fn tracks_stay_within_their_ends_and_hold_what_the_log_says(d in drawn(), decisions in 1..120usize) {
        let mut b = Under::new(&d);
        b.play(decisions, |b, n| tracks_hold(&b.start, &b.battle, &b.log, &format!("{d:?} after decision {n}")));
    }

    /// A slot's or a turn's start, and an action, change no combatant but those the engine says they changed: what
    /// the ECS's sync system writes (each one's cell, condition, statuses, tracks, weapon and initiative) is all that
    /// changed.
    #[test]
    fn each_step_changes_only_the_combatants_the_engine_names(d in drawn(), decisions in 1..120usize) {
        let mut b = Under::new(&d);
        for n in 1..=decisions {
            let before = shown(&b.battle);
            let Some(slot) = b.slot() else { break };
            unnamed_unchanged(&before, &b.battle, &format!("{d:?}: the start of slot {n}"))?;
            let before = shown(&b.battle);
            b.decide(slot);
            unnamed_unchanged(&before, &b.battle, &format!("{d:?}: decision {n}"))?;
        }
    }

    /// The battle's record and faces, replayed onto its start, give the live battle and its log.
    #[test]
    fn a_battle_replayed_from_its_record_is_the_live_battle(d in drawn(), decisions in 1..120usize) {
        let mut b = Under::new(&d);
        b.play(decisions, |_, _| {});
        prop_assert!(b.battle.ending().is_some() || b.battle.decided() == decisions);
        let (mut replayed, mut log) = (b.start.clone(), b.header.clone());
        let mut faces = ScriptedDice::new(b.battle.faces().iter().copied());
        replayed.replay(&b.battle.record(), &mut faces, &mut log).expect("the record fits");
        if b.battle.ending().is_some() {
            // The live battle asked for its next slot once more, and heard it was over.
            prop_assert_eq!(replayed.next(&mut faces, &mut log).expect("no die short"), Next::Over);
        }
        let (replayed_state, live) = (format!("{replayed:?}"), format!("{:?}", b.battle));
        prop_assert!(replayed_state == live, "the replayed battle differs: {}", first_difference(&replayed_state, &live));
        prop_assert_eq!(log.events.len(), b.log.events.len());
        prop_assert!(log == b.log, "the replayed log is the live one");
    }

    /// The exact odds of the AI's attack, a number of decisions in, sum to 1 and match the real resolution's
    /// frequencies of a hit and of the target taken out over 400 copies of the battle, within five standard errors.
    #[test]
    fn the_odds_of_an_attack_match_its_real_resolution(d in drawn(), pick in any::<prop::sample::Index>()) {
        // Every attack the AIs make in the battle, with the battle as it stood: one of them is tested.
        let mut attacks = attacks_made(&d);
        prop_assume!(!attacks.is_empty(), "a battle without an attack");
        let (battle, log, slot, action) = attacks.swap_remove(pick.index(attacks.len()));
        let mut b = Under::new(&d);
        (b.battle, b.log) = (battle, log);
        let odds = b.battle.odds_of(slot.actor, &action).expect("the AI's attack has odds");
        for (chance, p) in &odds.chances {
            prop_assert!((-1e-9..=1.0 + 1e-9).contains(p), "{chance:?} = {p}\n{odds}");
        }
        for (measure, dist) in &odds.dists {
            prop_assert!((dist.total() - 1.0).abs() < 1e-9, "{measure} sums to {}\n{odds}", dist.total());
        }
        let runs = 400;
        let (mut hits, mut out, mut aimed) = (0, 0, 0);
        for run in 0..runs {
            let (mut copy, mut log) = (b.battle.clone(), Log { events: Vec::new(), ..b.log.clone() });
            copy.act(&action, &mut SeededDice::new(d.seed ^ (run + 1)), &mut log).expect("the AI's attack is legal");
            let Some((target, hit, out_by_it)) = first_attack(&log, slot.actor) else { continue };
            aimed += 1;
            hits += u32::from(hit);
            let was_out = b.battle.view(target).fighter.is_out();
            out += u32::from(!was_out && out_by_it);
        }
        prop_assume!(aimed == runs, "the attack is not made at one combatant every time");
        let near = |chance: Chance, seen: u32| {
            let (p, seen) = (odds.chance(chance.clone()), f64::from(seen) / f64::from(runs as u32));
            let sigma = (p * (1.0 - p) / f64::from(runs as u32)).sqrt();
            ((p - seen).abs() <= 5.0 * sigma + 2.0 / f64::from(runs as u32), format!("{chance:?}: odds {p}, seen {seen}\n{odds}"))
        };
        let (ok, why) = near(Chance::Hit, hits);
        prop_assert!(ok, "{}", why);
        let (ok, why) = near(Chance::TakenOut, out);
        prop_assert!(ok, "{}", why);
    }
}

/// Found by the odds property: a Shadowrun 4 rifleman who had fired two bursts in his last Action Phase was priced
/// with their recoil (2 dice, 56 % to hit) where the resolution, whose new phase starts recoil over (file 004), rolls
/// 5 dice (87 %). Open ground, seed 7186279626020776517, under the Shadowrun 4 tuning of the time. The AIs have
/// changed since and play that battle otherwise; in every attack they make in it (riflemen firing a burst a phase
/// among them) the odds price the dice the resolution rolls.
#[test]
fn a_shadowrun_attackers_odds_start_its_recoil_over_as_a_new_phase_does() {
    let (normal, easy) = (Difficulty::Normal, Difficulty::Easy);
    let d = Drawn {
        level: 5,
        ruleset: RulesetId::Shadowrun4,
        minds: [normal, easy, easy, easy],
        seed: 7186279626020776517,
        retuned: Some((
            r#"archetypes: { "Marksmen rifleman 2": "heavy", "Raiders scout 3": "sniper", "Raiders scout 4": "heavy" }"#,
            r#"archetypes: { "Raiders scout 4": "rifleman" }"#,
        )),
    };
    let attacks = attacks_made(&d);
    // Each attack is a decision of its own, so a phase of its own: a burst after an earlier one of the same shooter is
    // one whose recoil a new phase has started over.
    let (mut bursts_again, mut fired_bursts) = (0, BTreeSet::new());
    for (n, (battle, log, slot, action)) in attacks.iter().enumerate() {
        let odds = battle.odds_of(slot.actor, action).expect("odds");
        let (mut copy, mut after) = (battle.clone(), Log { events: Vec::new(), ..log.clone() });
        copy.act(action, &mut SeededDice::new(d.seed), &mut after).expect("the AI's attack is legal");
        let rolled = after.tests().find(|t| t.who == slot.actor).map(|t| match &t.roll {
            Roll::Pool { dice, .. } => *dice,
            _ => panic!("a Shadowrun 4 pool"),
        });
        let dice = rolled.expect("the attacker rolls");
        assert!(
            odds.inputs[0].starts_with(&format!("{dice} attack dice against")),
            "attack {n}: rolled {dice}\n{odds}"
        );
        let burst = odds.title.contains("(burst)");
        bursts_again += usize::from(burst && fired_bursts.contains(&slot.actor));
        if burst {
            fired_bursts.insert(slot.actor);
        }
    }
    assert!(bursts_again >= 2, "the battle has riflemen firing a burst again in a later phase");
}

/// Found by the odds property: a homebrew rifleman who ran last pass and now fires standing was priced with the
/// running −2 (6 dice, 46 % to hit) where his action's start ends the run and he rolls 8 dice (66 % seen). The
/// relay, seed 13260641186994970945, every side easy, the AI's attack at index 9932862193535912513 of them, under the
/// homebrew tuning of the time (before issue 46's made the Garrison's first rifleman a sniper, and issue 64's the
/// Raiders' first rifleman a brawler and their brawler a scout).
#[test]
fn a_homebrew_attackers_odds_end_the_run_its_action_ends() {
    let easy = Difficulty::Easy;
    let retuned = Some((
        r#"archetypes: { "Raiders rifleman 1": "brawler", "Raiders brawler 3": "scout", "Garrison rifleman 1": "sniper" }"#,
        r#"archetypes: {}"#,
    ));
    let d = Drawn { level: 4, ruleset: RulesetId::HomebrewD6, minds: [easy; 4], seed: 13260641186994970945, retuned };
    let attacks = attacks_made(&d);
    let at = ((attacks.len() as u128 * 9932862193535912513u128) >> 64) as usize;
    let (battle, _, slot, action) = &attacks[at];
    let odds = battle.odds_of(slot.actor, action).expect("odds");
    assert!(odds.title.starts_with("Raiders rifleman 1 attacks Garrison sniper 2 with the Rifle"), "{odds}");
    assert_eq!(odds.inputs[0], "8 attack dice against 8 defense dice", "{odds}");
}
