//! The expert AI against the hard AI (issue 68's table), run by `scripts/expert_table`: every level named under
//! every ruleset it plays under, the hard AI on every side and then the expert in each seat in turn
//! ([`skirmish::lab::seats`]); the cells go into FILE (RON, each battle's winner kept) as each is done, a cell already
//! there is kept (a run cut short goes on where it stopped), and the tables are printed.
//!
//! Built optimised and without bevy (`cargo run --release --no-default-features --example expert_table`): the
//! expert's budget is counted in decisions played out, so the numbers are those of `skirmish sim … --side S=expert
//! --think T`, in a fraction of the time.
//!
//! usage: expert_table FILE FIRST_SEED RUNS THINK_SECONDS LEVEL...

use std::path::Path;

use skirmish::ai::expert::Think;
use skirmish::lab::seats::{self, Cell};
use skirmish::scenario::level;

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, seed, runs, think, levels @ ..] = &args[..] else {
        return Err("usage: expert_table FILE FIRST_SEED RUNS THINK_SECONDS LEVEL...".into());
    };
    let file = Path::new(file);
    let runs: (u32, u64) = (runs.parse()?, seed.parse()?);
    let think = Think { millis: (think.parse::<f64>()? * 1000.0).round() as u32 };
    let alike = |c: &Cell| (c.runs, c.first_seed, c.think_ms) == (runs.0, runs.1, think.millis);
    let mut cells: Vec<Cell> = match std::fs::read_to_string(file) {
        Ok(text) => ron::from_str(&text).map_err(|e| format!("{}:{e}", file.display()))?,
        Err(_) => Vec::new(),
    };
    for path in levels {
        let path = Path::new(path);
        let level = level::load(path)?;
        let name = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        for ruleset in level.rulesets() {
            if cells.iter().any(|c| (c.level.as_str(), c.ruleset) == (&name, ruleset) && alike(c)) {
                continue;
            }
            let cell = Cell::play(&name, &level.scenario(ruleset)?, runs, think);
            let (expert, hard) = cell.totals();
            eprintln!("{}: expert {expert}, hard {hard}", cell.name());
            cells.push(cell);
            let pretty = ron::ser::PrettyConfig::default();
            std::fs::write(file, ron::ser::to_string_pretty(&cells, pretty)? + "\n")?;
        }
    }
    // A file may hold cells of other runs: the tables are of these.
    cells.retain(alike);
    print!("{}\n{}", seats::table(&cells), seats::seats_table(&cells));
    Ok(())
}
