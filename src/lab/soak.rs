//! `skirmish soak` (`scripts/soak`): many seeded AI-against-AI battles over every level under every ruleset and
//! every shipped scenario, each with every side at one difficulty or the sides at mixed ones, spread over every core.
//! None may panic, have an action of its AI refused, outlast its turn limit, or fail to save, read back, replay and
//! end exactly where it ended. What it finds is listed by case and seed, with the command that replays it (`skirmish sim FILE … --show SEED`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::ai::{self, Difficulty, Minds};
use crate::battle::save::Save;
use crate::battle::{BattleRequest, DiceChoice, StartError, no_typing, run};
use crate::rules::RulesError;
use crate::rules::any_ruleset::any::{AnyBattle, RulesetId};
use crate::rules::engine::battle::Next;
use crate::rules::engine::dice::{ScriptedDice, SeededDice};
use crate::rules::engine::outcome::Log;
use crate::scenario::{FileError, Scenario, ScenarioError, WriteError, files, level};

/// One kind of battle the soak plays again and again, with new seeds.
pub struct Case {
    pub file: PathBuf,
    /// `None` for a scenario (it names its own).
    pub ruleset: Option<RulesetId>,
    /// Every side at this difficulty, or (`None`) the sides at easy, normal, hard in turn.
    pub difficulty: Option<Difficulty>,
    scenario: Scenario,
    minds: Minds,
}

impl Case {
    /// How the case reads in a report: `levels/street.ron Shadowrun4 hard`.
    pub fn label(&self) -> String {
        let ruleset = self.ruleset.map(|r| format!(" {r:?}")).unwrap_or_default();
        let ai = self.difficulty.map_or("mixed".to_owned(), |d| format!("{d:?}").to_lowercase());
        format!("{}{ruleset} {ai}", self.file.display())
    }

    /// The command that plays this case's battle with `seed` again and prints its log.
    pub fn replay_command(&self, seed: u64) -> String {
        let mut command = format!("skirmish sim {}", self.file.display());
        if let Some(ruleset) = self.ruleset {
            command.push_str(&format!(" --ruleset {}", cli_name(ruleset)));
        }
        command.push_str(&format!(" --ai {}", cli_name(self.minds.default)));
        for (side, difficulty) in &self.minds.sides {
            command.push_str(&format!(" --side '{side}={}'", cli_name(*difficulty)));
        }
        command + &format!(" --show {seed}")
    }
}

/// How the command line spells a value: `homebrew-d6`, `hard`.
fn cli_name(value: impl clap::ValueEnum) -> String {
    value.to_possible_value().map(|p| p.get_name().to_owned()).unwrap_or_default()
}

/// What a soak came to.
#[derive(Debug, Default)]
pub struct Soak {
    pub battles: u32,
    pub cases: usize,
    /// Each battle that went wrong: its case, seed and what happened.
    pub findings: Vec<String>,
    pub wall: Duration,
    /// The slowest battle (played, saved, replayed) and which it was.
    pub slowest: (Duration, String),
    /// Decisions taken in all.
    pub decisions: u64,
    pub threads: usize,
}

/// Every case of the levels in `levels` (under every ruleset) and the scenarios in `scenarios`.
pub fn cases(levels: &Path, scenarios: &Path) -> Result<Vec<Case>, FileError> {
    let mut files: Vec<(PathBuf, Option<RulesetId>)> = Vec::new();
    for file in level::files_in(levels) {
        let rulesets = level::load(&file)?.rulesets();
        files.extend(rulesets.into_iter().map(|r| (file.clone(), Some(r))));
    }
    files.extend(level::files_in(scenarios).into_iter().map(|f| (f, None)));
    let mut cases = Vec::new();
    for (file, ruleset) in files {
        let scenario = files::load(&file, ruleset)?;
        for difficulty in [Some(Difficulty::Easy), Some(Difficulty::Normal), Some(Difficulty::Hard), None] {
            let minds = minds_for(&scenario, difficulty);
            cases.push(Case { file: file.clone(), ruleset, difficulty, scenario: scenario.clone(), minds });
        }
    }
    Ok(cases)
}

/// Every side at `difficulty`, or the sides at easy, normal and hard in turn.
fn minds_for(scenario: &Scenario, difficulty: Option<Difficulty>) -> Minds {
    let mixed = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard].into_iter().cycle();
    let sides = match difficulty {
        Some(_) => Default::default(),
        None => scenario.sides().into_iter().map(str::to_owned).zip(mixed).collect(),
    };
    Minds { sides, default: difficulty.unwrap_or_default(), ..Minds::default() }
}

/// Plays `battles` battles, case after case in turn, with seeds from `first_seed`; `tick` is told of each battle
/// done (the count so far).
pub fn soak(cases: &[Case], battles: u32, first_seed: u64, tick: &(dyn Fn(u32) + Sync)) -> Soak {
    let began = Instant::now();
    let done = AtomicU32::new(0);
    let one = |i: u32| {
        let case = &cases[i as usize % cases.len()];
        let seed = first_seed + u64::from(i) / cases.len() as u64;
        let clock = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| battle(case, seed)))
            .unwrap_or_else(|panic| Err(Finding::Panicked(panic_text(&panic))));
        tick(done.fetch_add(1, Ordering::Relaxed) + 1);
        (clock.elapsed(), format!("{} seed {seed}", case.label()), result.map_err(|e| (e, case.replay_command(seed))))
    };
    let results: Vec<(Duration, String, Result<usize, (Finding, String)>)> =
        (0..battles).into_par_iter().map(one).collect();
    let mut soak = Soak { battles, cases: cases.len(), threads: rayon::current_num_threads(), ..Soak::default() };
    for (took, what, result) in results {
        match result {
            Ok(decisions) => soak.decisions += decisions as u64,
            Err((e, replay)) => soak.findings.push(format!("{what}: {e} (replay: {replay})")),
        }
        if took > soak.slowest.0 {
            soak.slowest = (took, what);
        }
    }
    soak.wall = began.elapsed();
    soak
}

/// What went wrong in one battle of a soak.
#[derive(Debug, thiserror::Error)]
enum Finding {
    #[error("the rules refused the AI: {0}")]
    Refused(RulesError),
    #[error("not over by its turn limit ({limit}): turn {turn}")]
    NotOver { limit: u32, turn: u32 },
    #[error(transparent)]
    Unwritten(#[from] WriteError),
    #[error("its save does not read back: {0}")]
    Unread(ScenarioError),
    #[error("its save reads back otherwise than it was written")]
    ReadOtherwise,
    #[error("its save does not replay: {0}")]
    NoReplay(StartError),
    #[error("its save replays to another end")]
    OtherEnd,
    #[error("panicked: {0}")]
    Panicked(String),
}

/// One battle of `case` with `seed`: played to its end by the AIs, within its turn limit, then saved, read back and
/// replayed to the same end. Its number of decisions, or what went wrong.
fn battle(case: &Case, seed: u64) -> Result<usize, Finding> {
    let label = format!("seed {seed}");
    let mut log = Log::default();
    let mut battle = run::start(&case.scenario, &label, &mut log);
    let mut choose = |b: &AnyBattle, slot| ai::choose_any(b, slot, case.minds.of(b.view(slot.actor).side));
    battle.play_out(&mut SeededDice::new(seed), &mut log, &mut choose).map_err(Finding::Refused)?;
    if battle.ending().is_none() || battle.turn() > case.scenario.turn_limit {
        return Err(Finding::NotOver { limit: case.scenario.turn_limit, turn: battle.turn() });
    }
    let request = BattleRequest::new(&case.file, case.ruleset, case.minds.default).with_minds(case.minds.clone());
    let request = BattleRequest { dice: DiceChoice::Seed(seed), dice_label: label, ..request };
    let save = Save::of(&request, &battle);
    let text = save.to_ron()?;
    let read = Save::parse(&text, Path::new("soak.ron")).map_err(Finding::Unread)?;
    if read != save {
        return Err(Finding::ReadOtherwise);
    }
    let mut resumed = read.resume(no_typing).map_err(Finding::NoReplay)?.setup;
    let over = resumed.battle.next(&mut ScriptedDice::new([]), &mut resumed.log);
    if !matches!(over, Ok(Next::Over)) || format!("{:?}", resumed.battle) != format!("{battle:?}") || resumed.log != log
    {
        return Err(Finding::OtherEnd);
    }
    Ok(battle.decided())
}

/// A panic's message.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => (*s).to_owned(),
        (_, Some(s)) => s.clone(),
        _ => "(no message)".to_owned(),
    }
}

impl Soak {
    /// The report: battles, speed, the slowest, and every finding.
    pub fn report(&self) -> String {
        let secs = self.wall.as_secs_f64();
        let mut text = format!(
            "{} battles of {} cases in {secs:.1} s on {} threads: {:.0} battles/s, {} decisions ({:.0}/s)\n\
             slowest: {} ({:.2} s)\n",
            self.battles,
            self.cases,
            self.threads,
            f64::from(self.battles) / secs.max(1e-9),
            self.decisions,
            self.decisions as f64 / secs.max(1e-9),
            self.slowest.1,
            self.slowest.0.as_secs_f64(),
        );
        match self.findings.len() {
            0 => text.push_str("no findings: none panicked, outlasted its turn limit or replayed otherwise\n"),
            n => {
                text.push_str(&format!("{n} findings:\n"));
                self.findings.iter().for_each(|f| text.push_str(&format!("  {f}\n")));
            }
        }
        text
    }
}
