//! The expert AI against the hard AI (issue 68's table), run by `scripts/expert_table`: every level named under
//! every ruleset it plays under, the hard AI on every side and then the expert in each seat in turn
//! ([`skirmish::lab::seats`]); the cells go into FILE (RON, each battle's winner kept) a few battles at a time, a
//! cell already there is kept or, if unfinished, played on (a run cut short goes on where it stopped), and the
//! tables are printed (of the finished cells).
//!
//! Built optimised and without bevy (`cargo run --release --no-default-features --example expert_table`): the
//! expert's budget is counted in decisions played out, so the numbers are those of `skirmish sim … --side S=expert
//! --think T`, in a fraction of the time.
//!
//! usage: expert_table FILE FIRST_SEED RUNS THINK_SECONDS LEVEL[:RULESET,...]...
//!        (`levels/ambush.ron:storyteller`: the level under those rulesets only, as `--ruleset` names them)
//!        expert_table --tables FILE...   (the runs of several files side by side, as in docs/ai-and-sim.md)

use std::path::Path;

use clap::ValueEnum as _;
use skirmish::ai::expert::Think;
use skirmish::lab::seats::{self, Cell};
use skirmish::rules::any_ruleset::any::RulesetId;
use skirmish::scenario::level;

type Failure = Box<dyn std::error::Error>;

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expert_table: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A number read from the command line, or what was wrong with it.
fn number<T: std::str::FromStr<Err: std::fmt::Display>>(what: &str, text: &str) -> Result<T, Failure> {
    text.parse().map_err(|e| format!("{what} {text:?}: {e}").into())
}

/// The table asked for on the command line, or what was wrong.
fn run() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, files @ ..] = &args[..]
        && flag == "--tables"
    {
        return print_tables(files);
    }
    let [file, seed, runs, think, levels @ ..] = &args[..] else {
        return Err("usage: expert_table FILE FIRST_SEED RUNS THINK_SECONDS LEVEL[:RULESET,...]...".into());
    };
    let file = Path::new(file);
    let runs: (u32, u64) = (number("RUNS", runs)?, number("FIRST_SEED", seed)?);
    if runs.0 == 0 {
        return Err("RUNS must be at least 1".into());
    }
    let seconds: f64 = number("THINK_SECONDS", think)?;
    if !(seconds.is_finite() && (0.001..=60.0).contains(&seconds)) {
        return Err(format!("THINK_SECONDS {think:?}: from 0.001 to 60 seconds").into());
    }
    let think = Think { millis: (seconds * 1000.0).round() as u32 };
    let alike = |c: &Cell| (c.runs, c.first_seed, c.think_ms) == (runs.0, runs.1, think.millis);
    let mut cells: Vec<Cell> = if file.exists() { read(file)? } else { Vec::new() };
    for named in levels {
        let (path, only) = level_and_rulesets(named)?;
        let level = level::load(path)?;
        let name = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        for ruleset in level.rulesets().into_iter().filter(|r| only.as_ref().is_none_or(|o| o.contains(r))) {
            let scenario = level.scenario(ruleset)?;
            let at = match cells.iter().position(|c| (c.level.as_str(), c.ruleset) == (&name, ruleset) && alike(c)) {
                Some(at) => at,
                None => {
                    cells.push(Cell::begin(&name, &scenario, runs, think));
                    cells.len() - 1
                }
            };
            // A few battles at a time, each few kept in the file: a cell cut short goes on where it stopped.
            while cells[at].play_on(&scenario, BATTLES_KEPT) {
                write(file, &cells)?;
                let (played, all) = cells[at].progress();
                eprintln!("{}: {played} of {all} battles", cells[at].name());
            }
            let (expert, hard) = cells[at].totals();
            eprintln!("{}: expert {expert}, hard {hard}", cells[at].name());
        }
    }
    // A file may hold cells of other runs: the tables are of these.
    cells.retain(|c| alike(c) && c.complete());
    let run = [cells];
    print!("{}\n{}", seats::ranges_table(&run), seats::seats_table(&run));
    Ok(())
}

/// `levels/ambush.ron:storyteller,eclipse-phase`: the level's file and the rulesets asked for (`None`: every one it
/// plays under).
fn level_and_rulesets(named: &str) -> Result<(&Path, Option<Vec<RulesetId>>), Failure> {
    let Some((path, rulesets)) = named.rsplit_once(':') else {
        return Ok((Path::new(named), None));
    };
    let one = |r: &str| RulesetId::from_str(r, true).map_err(|e| format!("{named}: ruleset {r:?}: {e}"));
    Ok((Path::new(path), Some(rulesets.split(',').map(one).collect::<Result<_, _>>()?)))
}

/// How many battles are played between two writes of the file: as many as a 2-core machine plays at once, twice
/// over (a war-zone battle with the expert thinking 2 s a decision takes minutes).
const BATTLES_KEPT: u32 = 4;

/// Writes `cells` to `file`.
fn write(file: &Path, cells: &[Cell]) -> Result<(), Failure> {
    let text = ron::ser::to_string_pretty(cells, ron::ser::PrettyConfig::default())? + "\n";
    std::fs::write(file, text).map_err(|e| format!("{}: {e}", file.display()).into())
}

/// The cells kept in `file`.
fn read(file: &Path) -> Result<Vec<Cell>, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(ron::from_str(&text).map_err(|e| format!("{}:{e}", file.display()))?)
}

/// The runs of `files` side by side (a file may hold several: a run is its cells of one first seed, battles a seat
/// and think time), the two-side cells and then those of more sides.
fn print_tables(files: &[String]) -> Result<(), Failure> {
    if files.is_empty() {
        return Err("--tables needs at least one FILE".into());
    }
    let mut runs: Vec<Vec<Cell>> = Vec::new();
    for cell in files.iter().map(|f| read(Path::new(f))).collect::<Result<Vec<_>, _>>()?.into_iter().flatten() {
        if !cell.complete() {
            let (played, all) = cell.progress();
            eprintln!(
                "{}, seeds {}: being played, {played} of {all} battles (not in the tables)",
                cell.name(),
                cell.seeds()
            );
            continue;
        }
        let key = |c: &Cell| (c.first_seed, c.runs, c.think_ms);
        match runs.iter_mut().find(|run| run.first().map(key) == Some(key(&cell))) {
            Some(run) => run.push(cell),
            None => runs.push(vec![cell]),
        }
    }
    print!("{}\n{}", seats::ranges_table(&runs), seats::seats_table(&runs));
    Ok(())
}
