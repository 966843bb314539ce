//! The AI: seeded AI-against-AI battles on every shipped level under every ruleset end with no action the rules
//! refuse; on the street hard beats normal and normal beats easy with 95 % confidence under every ruleset (the
//! README's ladder, played again in part to show it is today's), and the expert beats hard (the street's cells of the
//! expert's table, a battle a ruleset played again); a cell of the expert's table counts its winners, and its runs
//! side by side sum them; the ECS plays the same AI battle as the pure loop; and in set situations it
//! finishes the wounded, fires first at the enemy yet to act, fights the nearest crew in a free-for-all, reloads an
//! empty weapon, fires what its rounds allow, runs for an exit.

use crate::common::{sheet_of, shipped_levels};
use skirmish::ai::expert::Think;
use skirmish::ai::{self, Difficulty, Minds};
use skirmish::combat::headless;
use skirmish::lab::seats::{self, Cell};
use skirmish::lab::sim::{one_log, share, simulate};
use skirmish::lab::{balance, ladder};
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::outcome::Event;
use skirmish::rules::engine::ruleset::{Combatant, Slot};
use skirmish::rules::shadowrun4::actions::{ComplexAction, SimpleAction};
use skirmish::rules::shadowrun4::{self as sr4, Shadowrun4};
use skirmish::scenario::Scenario;
use skirmish::scenario::level::{self, RulesetId};

fn level(path: &str, ruleset: RulesetId) -> Scenario {
    level::load(path.as_ref()).expect("loads").scenario(ruleset).expect("a battle")
}

fn minds(pairs: &[(&str, Difficulty)]) -> Minds {
    Minds {
        sides: pairs.iter().map(|(s, d)| (s.to_string(), *d)).collect(),
        default: Difficulty::Normal,
        ..Minds::default()
    }
}

#[test]
fn ai_battles_on_every_level_and_ruleset_end_with_no_refused_action() {
    for path in shipped_levels() {
        let level = level::load(&path).expect("loads");
        for ruleset in RulesetId::ALL {
            let s = level.scenario(ruleset).expect("a battle");
            let sides = s.sides();
            // One side normal, the other hard, then every side easy: the three difficulties on every map.
            for m in
                [minds(&[(sides[0], Difficulty::Normal), (sides[1], Difficulty::Hard)]), Minds::all(Difficulty::Easy)]
            {
                let report = simulate(&s, 2, 11, &m);
                for o in &report.outcomes {
                    assert_eq!(o.error, None, "{path:?} {ruleset:?} seed {}: the rules refused an AI action", o.seed);
                    assert!(o.turns >= 1, "{path:?} {ruleset:?}: {o:?}");
                }
            }
        }
    }
}

/// The street's ladder as the README shows it: each row's ruleset and its cells, in the order of `ladder::PAIRINGS`.
fn ladder_in_the_readme() -> Vec<(String, Vec<String>)> {
    let readme = std::fs::read_to_string("README.md").expect("the README");
    readme
        .lines()
        .skip_while(|l| *l != "| ruleset | hard vs easy | normal vs easy | hard vs normal | expert vs hard |")
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let mut cells = row.trim_matches('|').split('|').map(|c| c.trim().to_owned());
            (cells.next().expect("a ruleset"), cells.collect())
        })
        .collect()
}

/// The rung a ladder cell shows (`307–93 (77 %, from 72 %)`: the upper AI's wins and the lower one's).
fn rung_in(cell: &str, ruleset: RulesetId, (upper, lower): (Difficulty, Difficulty)) -> ladder::Rung {
    let (up, rest) = cell.split_once('–').expect(cell);
    let down = rest.split_whitespace().next().expect(cell);
    let wins = |n: &str| n.parse::<u32>().expect(cell);
    a_rung(ruleset, (upper, lower), (wins(up), wins(down)))
}

/// A rung of `up` wins by the upper AI to `down` by the lower, counted as one seat's (a README cell sums both).
fn a_rung(ruleset: RulesetId, (upper, lower): (Difficulty, Difficulty), (up, down): (u32, u32)) -> ladder::Rung {
    ladder::Rung { ruleset, upper, lower, upper_wins: [up, 0], lower_wins: [down, 0], draws: 0, errors: 0 }
}

#[test]
fn the_ai_ladder_holds_on_the_street_under_every_ruleset() {
    // Hard beats normal and normal beats easy (and so hard beats easy) with 95 % confidence. The full measurement is
    // `skirmish sim levels/street.ron --ladder --runs 200`: each pairing under each ruleset, 200 battles each way
    // round (the street's seats are not even; 4,800 battles), its table kept in the README. Every pairing there must
    // hold, and one pairing a ruleset, in turn, is played again (1,600 battles): each must be the README's cell, so
    // the table is today's.
    let table = ladder_in_the_readme();
    assert_eq!(table.len(), 4, "a row a ruleset: {table:?}");
    let street = level::load("levels/street.ron".as_ref()).expect("loads");
    for (i, ((heading, cells), ruleset)) in table.iter().zip(RulesetId::ALL).enumerate() {
        assert_eq!(heading, balance::heading(ruleset));
        assert_eq!(cells.len(), 4, "{heading}: three pairings and the expert's: {cells:?}");
        for (cell, pairing) in cells.iter().zip(ladder::PAIRINGS) {
            assert!(rung_in(cell, ruleset, pairing).holds(), "{heading} {pairing:?}: {cell}");
        }
        let pairing = ladder::PAIRINGS[i % 3];
        let scenario = street.scenario(ruleset).expect("a battle");
        let rung = ladder::rung(&scenario, ruleset, pairing, (200, 1)).expect("two sides");
        assert_eq!(rung.errors, 0, "{rung:?}");
        let today = "the README's ladder is today's: `skirmish sim levels/street.ron --ladder --runs 200`";
        assert_eq!(&rung.cell(), &cells[i % 3], "{heading} {pairing:?}: {today}");
    }
}

/// The expert's table (`scripts/expert_table`): every cell of every seed range in `docs/expert/`, each battle's winner.
fn expert_table() -> Vec<Cell> {
    let mut files: Vec<_> =
        std::fs::read_dir("docs/expert").expect("docs/expert").flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(!files.is_empty(), "the expert's table in docs/expert/");
    files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).expect("reads");
            ron::from_str::<Vec<Cell>>(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
        })
        .collect()
}

#[test]
fn the_expert_stands_above_the_hard_ai_on_the_street_under_every_ruleset() {
    // The README's ladder's last column is the street's row of the expert's table (docs/ai-and-sim.md): the expert in
    // each seat against the hard AI, 40 battles a seat on each seed range, thinking 0.5 s a decision. Each cell must
    // hold and be what the table's files count; and under each ruleset the first battle of one range is played again
    // with the hard AI on both sides and with the expert in one seat (the ranges and seats in turn: Eclipse Phase the
    // first range as the Crew, Shadowrun 4 the second as the Crew, the Storyteller rules the first as the Gang, the
    // homebrew the second as the Gang): each must end as the file says, so the table is today's.
    let table = ladder_in_the_readme();
    let cells = expert_table();
    let street = level::load("levels/street.ron".as_ref()).expect("loads");
    for (i, ((heading, row), ruleset)) in table.iter().zip(RulesetId::ALL).enumerate() {
        let mine: Vec<&Cell> = cells.iter().filter(|c| c.level == "street" && c.ruleset == ruleset).collect();
        assert!(!mine.is_empty(), "{heading}: the street in the expert's table");
        let (expert, hard) = mine.iter().map(|c| c.totals()).fold((0, 0), |(e, h), (a, b)| (e + a, h + b));
        let rung = a_rung(ruleset, (Difficulty::Expert, Difficulty::Hard), (expert, hard));
        assert!(rung.holds(), "{heading}: the expert against the hard AI: {}", rung.cell());
        assert_eq!(row[3], rung.cell(), "{heading}: the README's cell is the table's (docs/expert/)");
        let scenario = street.scenario(ruleset).expect("a battle");
        let cell = mine[i % mine.len()];
        let (seed, seat) = (cell.first_seed, (i / 2) % 2);
        let hard = simulate(&scenario, 1, seed, &Minds::all(Difficulty::Hard));
        let won = |report: &skirmish::lab::sim::Report| report.outcomes[0].winner.clone();
        let winner = |winners: &str| winners[..1].parse::<usize>().ok().map(|s| cell.sides[s].clone());
        assert_eq!(won(&hard), winner(&cell.balance), "{heading}: hard against hard, seed {seed}");
        let side = &cell.sides[seat];
        let think = Think { millis: cell.think_ms };
        let expert = Minds { think, ..minds(&[(side, Difficulty::Expert), (&cell.sides[1 - seat], Difficulty::Hard)]) };
        let again = simulate(&scenario, 1, seed, &expert);
        assert_eq!(won(&again), winner(&cell.seats[seat]), "{heading}: the expert as {side}, seed {seed}");
    }
}

#[test]
fn a_cell_of_the_experts_table_counts_each_seats_winners() {
    let cell = |sides: &[&str], balance: &str, seats: &[&str]| Cell {
        level: "street".into(),
        ruleset: RulesetId::Storyteller,
        sides: sides.iter().map(|s| s.to_string()).collect(),
        first_seed: 1,
        runs: 4,
        think_ms: 500,
        balance: balance.into(),
        seats: seats.iter().map(|s| s.to_string()).collect(),
    };
    // Two sides: the expert as side 0 won "0"s in its first string, as side 1 the "1"s in its second.
    let two = cell(&["Crew", "Gang"], "01-1", &["0010", "11-0"]);
    assert_eq!(two.totals(), (5, 2));
    assert_eq!(two.undecided(), 1);
    assert_eq!(two.balance(), vec![("Crew".to_string(), 1), ("Gang".to_string(), 2)]);
    // Seed by seed against the hard AI in the seat: as the Crew it won seeds 1 and 3, which the Crew had lost; as the
    // Gang it won seed 0, which the Crew had won, and lost seed 3, which the Gang had won.
    assert_eq!(two.turned(), (3, 1));
    // Seed by seed over its two seats: won both of seeds 0 and 1, the one decided battle of seed 2 lost, one of 3 won.
    assert_eq!(two.by_seed(), vec![(2, 2), (2, 2), (0, 1), (1, 2)]);
    // Two runs side by side (the docs' table of both seed ranges): each run's count, then over both the share of the
    // decided (10 of 14) with its interval seed by seed (8 seeds; the ratio's variance: the squares of each seed's
    // wins less 10/14 of its decided, 16/49 + 16/49 + 25/49 + 9/49 a run, 132/49 in all, over 14², times 8/7: from
    // 46.86 %, not above a half) and battle by battle (Wilson's, from 45 %), the seeds turned and the balance.
    let later = Cell { first_seed: 5, ..two.clone() };
    let table = seats::ranges_table(&[vec![two.clone()], vec![later]]);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("| level × ruleset | seeds 1–4 | seeds 5–8 |"), "{table}");
    let row = "| street × Storyteller | 5–2 | 5–2 | 71.4 % | 46.9–96.0 ✗ | 45–88 | 6–2 | Crew 2 · Gang 4 |";
    assert_eq!(lines[2], row);
    assert_eq!(lines[3], "| all | 5–2 | 5–2 | 71.4 % | 46.9–96.0 | 45.4–88.3 | 6–2 | |");
    // The same seeds at another think time are another run, and the heads say each one's.
    let longer = Cell { think_ms: 2000, ..two.clone() };
    let table = seats::ranges_table(&[vec![two.clone()], vec![longer]]);
    assert!(table.starts_with("| level × ruleset | seeds 1–4 at 0.5 s | seeds 1–4 at 2 s |"), "{table}");
    let (p, lo, hi) = seats::by_seeds(&[two.by_seed(), two.by_seed()].concat());
    let half = 1.96 * (132.0 / 49.0 / 196.0 * 8.0 / 7.0_f64).sqrt();
    assert!((p - 10.0 / 14.0).abs() < 1e-12 && (lo - (p - half)).abs() < 1e-12 && (hi - (p + half)).abs() < 1e-12);
    // Seeds all alike cannot say how far seeds spread: the battles' Wilson interval stands in.
    assert_eq!(seats::by_seeds(&[(1, 2), (1, 2), (1, 2)]), share(3, 6));
    assert_eq!(seats::by_seeds(&[(2, 2); 5]), share(10, 10));
    // More sides: the expert's seat's wins, beside the hard AI's in the same seats on the same seeds.
    let four = cell(&["A", "B", "C", "D"], "0123", &["0000", "2222", "2-!1", "3333"]);
    assert_eq!(four.totals(), (4 + 1 + 4, 4), "A all four, B none, C one, D all four");
    assert_eq!(four.undecided(), 2);
    // Seed by seed, the expert's seats' wins less the hard AI's one winner: seed 0 A's, C's and D's, seeds 1 to 3
    // A's and D's.
    assert_eq!(four.seat_gains(), vec![2.0, 1.0, 1.0, 1.0]);
    // As points of a seat's share (a quarter each): 50, 25, 25, 25; mean 31.25, the squares about it 468.75 over 3,
    // over 4 seeds: 1.96 × 6.25 either side.
    let table = seats::seats_table(&[vec![four.clone()]]);
    let gain = format!("{:+.1} points (+19.0 to +43.5) |", 31.25);
    assert!(table.lines().nth(2).is_some_and(|row| row.ends_with(&format!("| {gain}"))), "{table}");
    // Two runs side by side: each run's wins of the expert's seats and of the hard AI's, then over both the shares
    // of the 32 battles (Wilson's) and the difference over the 8 seeds (squares 937.5 over 7, over 8: ± 8.0).
    let both = seats::seats_table(&[vec![four.clone()], vec![Cell { first_seed: 5, ..four }]]);
    let row = "| street × Storyteller | 9–4 | 9–4 | 32 | 18 (56.2 %, 39–72) | 8 (25.0 %, 13–42) \
               | +31.2 points (+23.2 to +39.3) |";
    assert_eq!(both.lines().nth(2), Some(row), "{both}");
    assert_eq!(seats::mean_interval(&[50.0, 25.0, 25.0, 25.0]), (31.25, 31.25 - 12.25, 31.25 + 12.25));
}

#[test]
fn a_cell_of_the_experts_table_played_a_few_battles_at_a_time_ends_as_one_played_at_once() {
    // A war-zone cell takes longer than a working session: `scripts/expert_table` keeps it in its file a few battles
    // at a time and plays on from there. Each battle's seed is its place in its string, so the pieces add up.
    let scenario = level("levels/street.ron", RulesetId::HomebrewD6);
    let (runs, think) = ((3, 40), Think { millis: 20 });
    let whole = Cell::play("street", &scenario, runs, think);
    assert!(whole.complete());
    let mut piecemeal = Cell::begin("street", &scenario, runs, think);
    assert_eq!((piecemeal.complete(), piecemeal.progress()), (false, (0, 9)));
    let mut steps = 0;
    while piecemeal.play_on(&scenario, 2) {
        steps += 1;
        let kept: Cell = ron::from_str(&ron::to_string(&piecemeal).expect("writes")).expect("reads");
        piecemeal = kept; // as the file keeps it between two runs of the script
    }
    // The hard AI's 3 battles in two pieces (2, then 1), then each of the expert's two seats the same way.
    assert_eq!((steps, piecemeal.progress()), (6, (9, 9)));
    assert_eq!(piecemeal, whole);
}

#[test]
fn the_ladder_counts_what_its_sims_count() {
    let s = level("levels/street.ron", RulesetId::Storyteller);
    let rungs = ladder::climb(&[RulesetId::Storyteller], &|_| Ok(s.clone()), (5, 31), &mut |_| {}).expect("plays");
    let hard_vs_normal = &rungs[2];
    assert_eq!((hard_vs_normal.upper, hard_vs_normal.lower), (Difficulty::Hard, Difficulty::Normal));
    let ahead = simulate(&s, 5, 31, &minds(&[("Crew", Difficulty::Hard), ("Gang", Difficulty::Normal)]));
    let behind = simulate(&s, 5, 31, &minds(&[("Crew", Difficulty::Normal), ("Gang", Difficulty::Hard)]));
    assert_eq!(hard_vs_normal.upper_wins, [ahead.wins("Crew"), behind.wins("Gang")]);
    assert_eq!(hard_vs_normal.lower_wins, [ahead.wins("Gang"), behind.wins("Crew")]);
    let total = hard_vs_normal.upper_wins.iter().chain(&hard_vs_normal.lower_wins).sum::<u32>() + hard_vs_normal.draws;
    assert_eq!(total, 10);
    let rung = |upper, lower| a_rung(RulesetId::Storyteller, (Difficulty::Hard, Difficulty::Normal), (upper, lower));
    // Of 200 decided, 114 wins start the 95 % interval at 50.07 %, above a half; 113 at 49.6 %.
    assert!(rung(114, 86).holds());
    assert!(!rung(113, 87).holds());
    assert_eq!(rung(116, 84).cell(), "116–84 (58 %, from 51 %)");
    assert_eq!(rung(112, 88).cell(), "112–88 (56 %, from 49 %) ✗");
}

#[test]
fn the_ecs_plays_the_same_ai_battle_as_the_pure_loop() {
    for ruleset in RulesetId::ALL {
        let s = level("levels/ambush.ron", ruleset);
        let m = minds(&[("Ambushers", Difficulty::Hard)]);
        let (ecs, result) = headless::run_ecs_with(&s, Box::new(SeededDice::new(5)), "sim", Some(m.clone()));
        assert_eq!(result, Ok(()));
        let pure = one_log(&s, 5, &m);
        assert!(matches!(pure.events.last(), Some(Event::BattleEnded { .. })));
        assert_eq!(ecs, pure, "{ruleset:?}");
    }
}

#[test]
fn the_escaping_side_gets_out() {
    let s = level("levels/escape.ron", RulesetId::Shadowrun4);
    // Hard against hard, the runners get 0.95 out a battle over these 60 (0.88 over seeds 1–100); they would get
    // none if the AI did not head for the exit.
    let report = simulate(&s, 60, 1, &Minds::all(Difficulty::Hard));
    let out: u32 = report.outcomes.iter().map(|o| o.escaped.get("Runners").copied().unwrap_or(0)).sum();
    assert!(out >= 45, "on average three runners in four battles escape: {out} in 60\n{report}");
}

/// A Shadowrun 4 rifleman on open ground.
fn runner(name: &str, side: &str, at: (i32, i32)) -> Combatant<sr4::Fighter> {
    let sheet = r#"attributes: (body: 3, agility: 4, reaction: 4, strength: 3, intuition: 3, willpower: 3), skills: { Automatics: 4 }, weapons: ["ak_97"], armor: ["armor_vest"]"#;
    Combatant { side: side.into(), position: at, fighter: sr4::Fighter::new(name, sheet_of(sheet)) }
}

/// The targets of the attacks in a Shadowrun 4 action.
fn targets(action: &sr4::actions::Action) -> Vec<skirmish::rules::engine::ruleset::CombatantId> {
    let simple = action.simple.iter().filter_map(|s| match s {
        SimpleAction::Fire(a) => Some(a.target),
        _ => None,
    });
    let complex = match &action.complex {
        Some(ComplexAction::Fire(a) | ComplexAction::Melee(a)) => Some(a.target),
        _ => None,
    };
    simple.chain(complex).collect()
}

/// Whom the hard AI "Me" (side A, at the origin) attacks with a fresh enemy and a wounded one at these places and
/// of these sides: the names of its targets.
fn hard_targets(fresh: (&str, (i32, i32)), hurt: (&str, (i32, i32))) -> Vec<String> {
    let mut battle = vec![runner("Me", "A", (0, 0)), runner("Fresh", fresh.0, fresh.1), runner("Hurt", hurt.0, hurt.1)];
    skirmish::rules::engine::ruleset::number(&mut battle);
    battle[2].fighter.condition.physical = 8;
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    let action = ai::choose(&Shadowrun4::default(), slot, &battle, Difficulty::Hard).expect("an action");
    targets(&action).iter().map(|t| battle[t.index()].fighter.name.clone()).collect()
}

#[test]
fn the_hard_ai_finishes_the_wounded_enemy() {
    let names = hard_targets(("B", (20, 3)), ("B", (20, -3)));
    assert!(!names.is_empty() && names.iter().all(|n| n == "Hurt"), "{names:?}");
}

#[test]
fn the_hard_ai_fires_first_at_the_enemy_yet_to_act() {
    use skirmish::rules::engine::dice::ScriptedDice;
    use skirmish::rules::engine::outcome::Log;
    use skirmish::rules::engine::ruleset::Ruleset;
    // Two like enemies as far away and as exposed; initiative (turn 2, no surprise) puts Early before Me, Late after.
    // Both ways round on the map, so neither the cells' order nor the roster's decides.
    for (early_at, late_at) in [((20, 3), (20, -3)), ((20, -3), (20, 3))] {
        let mut battle = vec![runner("Me", "A", (0, 0)), runner("Early", "B", early_at), runner("Late", "B", late_at)];
        skirmish::rules::engine::ruleset::number(&mut battle);
        let hits = |n: usize| (0..7).map(move |i| if i < n { 6 } else { 2 });
        let mut dice = ScriptedDice::new(hits(2).chain(hits(5)).chain(hits(0)));
        let mut rules = Shadowrun4::default();
        rules.start_turn(2, &mut battle, &mut dice, &mut Log::default()).expect("initiative");
        assert_eq!(rules.next_slot(&battle).map(|s| s.actor.index()), Some(1), "Early acts first");
        let mine = rules.next_slot(&battle).expect("my slot");
        assert_eq!(mine.actor.index(), 0, "Me acts second, Late last");
        let action = ai::choose(&rules, mine, &battle, Difficulty::Hard).expect("an action");
        let names: Vec<String> = targets(&action).iter().map(|t| battle[t.index()].fighter.name.clone()).collect();
        assert!(!names.is_empty() && names.iter().all(|n| n == "Late"), "Late at {late_at:?}: {names:?}");
    }
}

#[test]
fn in_a_free_for_all_the_hard_ai_fights_the_nearest_crew() {
    // The wounded enemy of a third crew: wounding it would only help the nearer crew, which is the one to fight.
    let names = hard_targets(("B", (15, 3)), ("C", (20, -3)));
    assert!(!names.is_empty() && names.iter().all(|n| n == "Fresh"), "{names:?}");
}

/// What `difficulty` does with `rounds` left in its rifle, 20 m from one enemy on open ground.
fn with_rounds(rounds: u32, difficulty: Difficulty) -> sr4::actions::Action {
    let mut battle = vec![runner("Me", "A", (0, 0)), runner("Them", "B", (20, 0))];
    skirmish::rules::engine::ruleset::number(&mut battle);
    battle[0].fighter.condition.ammo.insert("ak_97".into(), rounds);
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    ai::choose(&Shadowrun4::default(), slot, &battle, difficulty).expect("an action")
}

#[test]
fn an_ai_with_an_empty_weapon_reloads() {
    for difficulty in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
        let action = with_rounds(0, difficulty);
        assert!(action.simple.contains(&SimpleAction::Reload), "{difficulty}: {action:?}");
    }
}

#[test]
fn the_hard_ai_fires_what_its_rounds_allow() {
    // Two rounds: a burst or a long burst (its best ways) is refused; it fires two single shots, not nothing.
    let action = with_rounds(2, Difficulty::Hard);
    assert_eq!(targets(&action).len(), 2, "two single shots at Them: {action:?}");
}

#[test]
fn an_ai_keeps_a_full_weapon_of_few_rounds_and_reloads_it_once_fired() {
    // A revolver of six rounds: full, or with three left (half of what it holds), it is not reloaded; empty, it is.
    let sheet = r#"attributes: (body: 3, agility: 4, reaction: 4, strength: 3, intuition: 3, willpower: 3), skills: { Pistols: 4 }, weapons: ["ruger_super_warhawk"]"#;
    let gunman = |name: &str, side: &str, at| Combatant {
        side: side.into(),
        position: at,
        fighter: sr4::Fighter::new(name, sheet_of(sheet)),
    };
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    for (left, reloads) in [(6, false), (3, false), (0, true)] {
        let mut battle = vec![gunman("Me", "A", (0, 0)), runner("Them", "B", (100, 0))];
        skirmish::rules::engine::ruleset::number(&mut battle);
        battle[0].fighter.condition.ammo.insert("ruger_super_warhawk".into(), left);
        let action = ai::choose(&Shadowrun4::default(), slot, &battle, Difficulty::Hard).expect("an action");
        // Out of the revolver's reach this slot (100 m, 60 m at the most after a run of 25): no shot to be had.
        assert_eq!(action.simple.contains(&SimpleAction::Reload), reloads, "{left} rounds left: {action:?}");
    }
}

#[test]
fn a_blade_that_reaches_no_one_is_put_away_for_the_pistol_that_does() {
    let sheet = r#"attributes: (body: 3, agility: 4, reaction: 4, strength: 3, intuition: 3, willpower: 3), skills: { Blades: 4, Pistols: 3 }, weapons: ["combat_knife", "ruger_super_warhawk"]"#;
    let blade = Combatant { side: "A".into(), position: (0, 0), fighter: sr4::Fighter::new("Me", sheet_of(sheet)) };
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    for difficulty in [Difficulty::Normal, Difficulty::Hard] {
        let mut battle = vec![blade.clone(), runner("Them", "B", (50, 0))];
        skirmish::rules::engine::ruleset::number(&mut battle);
        let action = ai::choose(&Shadowrun4::default(), slot, &battle, difficulty).expect("an action");
        let readied =
            action.simple.iter().any(|s| matches!(s, SimpleAction::ReadyWeapon(w) if w.0 == "ruger_super_warhawk"));
        assert!(readied, "{difficulty}: {action:?}");
    }
}

/// An Eclipse Phase grenadier (a frag grenade in hand) or its target, on open ground.
fn grenadier(name: &str, side: &str, at: (i32, i32)) -> Combatant<skirmish::rules::eclipse_phase::Fighter> {
    let sheet = r#"init: 40, durability: 40, skills: { ThrownWeapons: 60, Fray: 40 }, weapons: ["frag_grenade", "frag_grenade"]"#;
    Combatant {
        side: side.into(),
        position: at,
        fighter: skirmish::rules::eclipse_phase::Fighter::new(name, sheet_of(sheet)),
    }
}

#[test]
fn the_ai_throws_a_grenade_at_a_lone_enemy_but_not_at_one_beside_a_friend() {
    use skirmish::rules::eclipse_phase::EclipsePhase;
    use skirmish::rules::eclipse_phase::actions::ComplexAction as Ep;
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    for difficulty in [Difficulty::Normal, Difficulty::Hard] {
        // A frag grenade's blast loses 2 DV a meter: 16 m is far enough for the thrower.
        let mut lone =
            vec![grenadier("Me", "A", (0, 0)), grenadier("Them", "B", (16, 0)), grenadier("Mate", "A", (-6, 0))];
        skirmish::rules::engine::ruleset::number(&mut lone);
        let action = ai::choose(&EclipsePhase::default(), slot, &lone, difficulty).expect("an action");
        assert!(matches!(action.complex, Some(Ep::AreaAttack(_))), "{difficulty}: a blast at a lone enemy: {action:?}");
        let mut close =
            vec![grenadier("Me", "A", (0, 0)), grenadier("Them", "B", (16, 0)), grenadier("Mate", "A", (17, 0))];
        skirmish::rules::engine::ruleset::number(&mut close);
        let action = ai::choose(&EclipsePhase::default(), slot, &close, difficulty).expect("an action");
        assert!(!matches!(action.complex, Some(Ep::AreaAttack(_))), "{difficulty}: not beside a friend: {action:?}");
    }
}

#[test]
fn the_ai_draws_its_grenade_for_a_cluster_out_there_but_never_throws_one_that_catches_itself() {
    use skirmish::rules::eclipse_phase::EclipsePhase;
    use skirmish::rules::eclipse_phase::actions::{ComplexAction as Ep, QuickAction};
    // A knife in hand and a frag grenade carried.
    let sheet = r#"init: 40, durability: 40, skills: { ThrownWeapons: 60, Blades: 40, Fray: 40 }, weapons: ["knife", "frag_grenade"]"#;
    let carrier = Combatant {
        side: "A".into(),
        position: (0, 0),
        fighter: skirmish::rules::eclipse_phase::Fighter::new("Me", sheet_of(sheet)),
    };
    let slot = Slot { actor: skirmish::rules::engine::ruleset::CombatantId(0), phase: 1, simultaneous: false };
    // Three enemies a meter apart, `x` meters off.
    let cluster = |x: i32| {
        let mut battle = vec![carrier.clone()];
        battle.extend(
            [(x, 0), (x, 1), (x + 1, 0)].iter().enumerate().map(|(i, &at)| grenadier(&format!("T{i}"), "B", at)),
        );
        skirmish::rules::engine::ruleset::number(&mut battle);
        battle
    };
    for difficulty in [Difficulty::Normal, Difficulty::Hard] {
        let action = ai::choose(&EclipsePhase::default(), slot, &cluster(10), difficulty).expect("an action");
        let drew = action.quick.iter().any(|q| matches!(q, QuickAction::Draw(w) if w.0 == "frag_grenade"));
        assert!(
            drew && matches!(action.complex, Some(Ep::AreaAttack(_))),
            "{difficulty}: draws and throws: {action:?}"
        );
        let action = ai::choose(&EclipsePhase::default(), slot, &cluster(1), difficulty).expect("an action");
        assert!(!matches!(action.complex, Some(Ep::AreaAttack(_))), "{difficulty}: not at its own feet: {action:?}");
    }
}
