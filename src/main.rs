//! The `skirmish` command: parses the command line and runs a headless command.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::BufRead;

use skirmish::ai::{Difficulty, Minds};
use skirmish::rules::any::BattleSetup;
use skirmish::rules::dice::{Dice, DieRequest, TypedInDice};
use skirmish::rules::outcome::Log;
use skirmish::scenario;
use skirmish::scenario::character::Guest;
use skirmish::scenario::level::RulesetId;
use skirmish::scenario::save::{DiceRecipe, Recipe, Save};
use skirmish::stdout::say;

#[derive(Parser)]
#[command(
    name = "skirmish",
    version,
    about = "Tactical skirmishes with tabletop-RPG combat rules, every roll explained"
)]
struct Cli {
    /// Without a command, the main menu opens (or, without a display, a headless battle is suggested).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Open the main menu: choose a level, a ruleset and the sides you command, then play.
    Menu {
        /// Save a screenshot of the menu to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Frames before the screenshot.
        #[arg(long, default_value_t = 30)]
        frames: u32,
        /// Drive the window through every screen (menu, a battle, battle over, play again, back to the menu,
        /// another battle, quit), saving a screenshot of each in this folder.
        #[arg(long, conflicts_with = "screenshot")]
        tour: Option<PathBuf>,
        /// The text and panels' size for this run, 0.75 to 2 (1.5: 150 %); the menu's choice is kept between runs.
        #[arg(long, value_parser = parse_ui_scale)]
        ui_scale: Option<f32>,
    },
    /// Open the character editor: make and change characters of your own (saved in the content folder's
    /// `characters/`), which join a side of a level in the menu.
    Characters {
        /// A character file to open at once.
        file: Option<PathBuf>,
        /// Save a screenshot of the editor to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Frames before the screenshot.
        #[arg(long, default_value_t = 30)]
        frames: u32,
    },
    /// Open the level editor: paint a map, set sides, squads, zones and victory, checked as you edit; save it to
    /// the content folder's `levels/` and play it.
    Edit {
        /// A level to open (a shipped one is saved as a copy of yours).
        level: Option<PathBuf>,
        /// Save a screenshot of the editor to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Frames before the screenshot.
        #[arg(long, default_value_t = 30)]
        frames: u32,
    },
    /// Open the game window on a level (or scenario): the sides named by `--human` are commanded by players (two or
    /// more: hotseat), every other side by the AI (`--ai`, `--side`).
    Play {
        /// The level or scenario file (RON).
        #[arg(default_value = "levels/street.ron")]
        file: PathBuf,
        /// The ruleset a level is played under (scenarios name their own).
        #[arg(long, value_enum)]
        ruleset: Option<RulesetId>,
        /// Seed the dice (default: random, printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Seconds between two slots of the battle.
        #[arg(long, default_value_t = 0.6)]
        pace: f32,
        /// Save a screenshot to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Frames before the screenshot.
        #[arg(long, default_value_t = 90)]
        frames: u32,
        /// Quit after this many frames and print the mean frame time.
        #[arg(long)]
        quit_after: Option<u32>,
        /// Open a bare bevy + bevy_egui window instead (the yardstick for frame-time measurements).
        #[arg(long)]
        bare: bool,
        /// Hold the pointer over this cell, e.g. 12,3 (screenshots and tests).
        #[arg(long, value_parser = parse_cell)]
        hover: Option<(i32, i32)>,
        /// The text and panels' size for this run, 0.75 to 2 (1.5: 150 %); the menu's choice is kept between runs.
        #[arg(long, value_parser = parse_ui_scale)]
        ui_scale: Option<f32>,
        /// Command this side yourself (repeat for hotseat); the AI plays the others.
        #[arg(long)]
        human: Vec<String>,
        /// The AI of the sides not commanded nor named by `--side`.
        #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
        ai: Difficulty,
        /// One side's AI, e.g. `--side Gang=hard` (repeat for more sides).
        #[arg(long = "side", value_parser = parse_side)]
        sides: Vec<(String, Difficulty)>,
        /// A player's name for a side, e.g. `--name Crew=Ana` (hotseat: the hand-over screen calls them by it).
        #[arg(long = "name", value_parser = parse_name)]
        names: Vec<(String, String)>,
        /// Fog of war: each player sees only what the units of the side whose turn it is can see.
        #[arg(long)]
        fog: bool,
        /// Roll this side's dice yourself and type the faces in (a side you command; repeatable); the AI's dice
        /// stay seeded.
        #[arg(long, conflicts_with_all = ["replay", "bare"])]
        by_hand: Vec<String>,
        /// Open the help with every key and mouse action at once (F1 or ? shows and hides it).
        #[arg(long)]
        keys: bool,
        /// Open the tactics lab's heat map at once (H shows, cycles and hides it).
        #[arg(long)]
        heat: bool,
        /// Open the tactics lab's what-if panel at once (O shows and hides it).
        #[arg(long)]
        what_if: bool,
        /// Leave this side out of the battle (a level of three or four sides played by fewer; repeatable).
        #[arg(long)]
        absent: Vec<String>,
        /// Tests and demos: the players' turns are taken by the normal AI, and each hand-over screen is passed,
        /// after a short wait, as a player would.
        #[arg(long)]
        autopilot: bool,
        /// Tests: write every text the window paints (panels, labels, log, damage numbers), frame by frame, to
        /// this file, with whom the screen shows and the units hidden from them under fog of war.
        #[arg(long)]
        screen_text: Option<PathBuf>,
        /// A character of your own joins a side of the level, e.g. `--character Crew=gran.ron` (its ruleset is the
        /// battle's; repeatable).
        #[arg(long = "character", value_parser = parse_character)]
        characters: Vec<(String, PathBuf)>,
        /// The ruleset's options in RON, e.g. `(mos_rule: RollIsMoS)` or `(surprise: (alerted: []))`.
        #[arg(long)]
        options: Option<String>,
        /// Strict play: no undo.
        #[arg(long)]
        strict: bool,
        /// Watch a saved battle step by step from its start (forward, back, play, a slider over every step).
        #[arg(long, conflicts_with = "load")]
        replay: Option<PathBuf>,
        /// Take up a saved battle where it stopped (its level, ruleset, sides and dice are the save's); it is saved
        /// on to the same file.
        #[arg(long, conflicts_with_all = ["ruleset", "seed", "human", "ai", "sides", "names", "fog", "by_hand", "strict", "absent", "options"])]
        load: Option<PathBuf>,
    },
    /// Play a scenario or a level headless and print its log.
    Run {
        /// The scenario or level file (RON).
        #[arg(required_unless_present = "load")]
        scenario: Option<PathBuf>,
        /// Take up a saved battle where it stopped, and play it on (its file, ruleset, sides and dice are the save's).
        #[arg(long, conflicts_with_all = ["scenario", "ruleset", "seed", "dice", "typed", "options", "absent", "ai", "sides"])]
        load: Option<PathBuf>,
        /// Save the battle to this file when it stops (at its end, or after `--stop-after` decisions).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Stop once the battle has taken this many decisions, a loaded save's among them (with `--save`: a battle to
        /// take up later with `--load`).
        #[arg(long)]
        stop_after: Option<usize>,
        /// The ruleset's options in RON, e.g. `(mos_rule: RollIsMoS)`.
        #[arg(long)]
        options: Option<String>,
        /// Leave this side out of the battle (repeatable).
        #[arg(long)]
        absent: Vec<String>,
        /// The ruleset a level is played under (scenarios name their own).
        #[arg(long, value_enum)]
        ruleset: Option<RulesetId>,
        /// Seed the dice (default: the scenario's dice or seed, else a random seed, which is printed).
        #[arg(long, conflicts_with = "dice")]
        seed: Option<u64>,
        /// Use these die faces in order, e.g. 23,27,8 (d100 faces 0–99, d10 faces 1–10, 0 reads as 10).
        #[arg(long, value_delimiter = ',', conflicts_with = "typed")]
        dice: Option<Vec<u32>>,
        /// Roll physical dice: each die is asked for on the terminal and its face typed in.
        #[arg(long, conflicts_with = "seed")]
        typed: bool,
        /// Print one JSON object per event instead of text.
        #[arg(long)]
        json: bool,
        /// The AI of every side of a level (a scenario with a script plays its script).
        #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
        ai: Difficulty,
        /// One side's AI, e.g. `--side Gang=hard` (repeat for more sides).
        #[arg(long = "side", value_parser = parse_side)]
        sides: Vec<(String, Difficulty)>,
    },
    /// Print the exact odds of one attack: the file's first scripted action, or a plain attack between two
    /// combatants (with the weapon in hand), in the battle's starting state.
    Odds {
        /// The scenario or level file (RON).
        file: PathBuf,
        /// The ruleset a level is played under (scenarios name their own).
        #[arg(long, value_enum)]
        ruleset: Option<RulesetId>,
        /// Who attacks.
        #[arg(long, requires = "target")]
        attacker: Option<String>,
        /// Whom.
        #[arg(long, requires = "attacker")]
        target: Option<String>,
        /// Print one JSON object instead of the table: every chance and distribution at full precision.
        #[arg(long)]
        json: bool,
    },
    /// Play many seeded battles of a level AI against AI, headless on every core, and print each side's win
    /// rate with a 95% interval, the average turns, casualties and escapes.
    Sim {
        /// The level (or scenario) file (RON).
        level: PathBuf,
        /// The ruleset a level is played under (scenarios name their own).
        #[arg(long, value_enum)]
        ruleset: Option<RulesetId>,
        /// How many battles.
        #[arg(long, default_value_t = 100)]
        runs: u32,
        /// The first battle's seed; the next ones count up from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AI of every side not named by `--side`.
        #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
        ai: Difficulty,
        /// One side's AI, e.g. `--side Crew=hard` (repeat for more sides).
        #[arg(long = "side", value_parser = parse_side)]
        sides: Vec<(String, Difficulty)>,
        /// The ruleset's options in RON.
        #[arg(long)]
        options: Option<String>,
        /// Leave this side out (a level of three or four sides played by fewer; repeatable).
        #[arg(long)]
        absent: Vec<String>,
        /// Print the log of the battle with this seed instead (to see how the AIs played it).
        #[arg(long)]
        show: Option<u64>,
        /// Print the numbers as CSV, a row a side (win rate, its 95 % interval, casualties, turns).
        #[arg(long, conflicts_with = "show")]
        csv: bool,
        /// Play the AI ladder instead: hard against easy, normal against easy and hard against normal, `--runs`
        /// battles each way round under each ruleset (or `--ruleset`), as a Markdown table.
        #[arg(long, conflicts_with_all = ["show", "csv", "ai", "sides"])]
        ladder: bool,
    },
    /// How fair every level in a folder is under every ruleset: the same AI on every side, each side's share of the
    /// decided battles against a fair fight's (40–60 % of two sides), as a Markdown report.
    Balance {
        /// The folder of levels.
        #[arg(long, default_value = "levels")]
        levels: PathBuf,
        /// Battles per level, ruleset and AI.
        #[arg(long, default_value_t = 200)]
        runs: u32,
        /// The first battle's seed; the next ones count up from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AIs to measure with (each plays every side in its own battles).
        #[arg(long, value_enum, value_delimiter = ',', default_values_t = [Difficulty::Normal, Difficulty::Hard])]
        ai: Vec<Difficulty>,
        /// Also play the hard AI in each seat against the easy AI in every other (half the runs a seat).
        #[arg(long)]
        lesson: bool,
        /// Measure only this level (by file stem; repeatable); with `--write`, every other level's numbers are kept
        /// from assets/balance.ron.
        #[arg(long)]
        only: Vec<String>,
        /// Also write the report to docs/balance.md and the menu's data to assets/balance.ron.
        #[arg(long)]
        write: bool,
    },
    /// A robustness soak: seeded AI-against-AI battles of every level under every ruleset and every scenario, each
    /// at every difficulty and at mixed ones, on every core; each must end by its turn limit, and its save must read
    /// back and replay to the same end. Exit 1 on any finding.
    Soak {
        /// How many battles in all, spread evenly over the cases.
        #[arg(long, default_value_t = 1000)]
        battles: u32,
        /// The first seed of each case; the next ones count up from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The folder of levels.
        #[arg(long, default_value = "levels")]
        levels: PathBuf,
        /// The folder of scenarios.
        #[arg(long, default_value = "scenarios")]
        scenarios: PathBuf,
    },
    /// Host an online battle: players join from their machines, each takes sides in the lobby and says ready; the
    /// AI plays the sides no one takes. The host rolls every die and sends each player only what its sides see. The
    /// battle is saved after every decision (`--autosave`); `host --load` takes it up again.
    Host {
        /// The level or scenario file (RON).
        #[arg(required_unless_present = "load")]
        level: Option<PathBuf>,
        /// Take up a saved battle (an online battle's autosave, or any save) where it stopped.
        #[arg(long, conflicts_with_all = ["level", "ruleset", "seed", "options", "absent", "ai", "sides"])]
        load: Option<PathBuf>,
        /// The ruleset a level is played under (scenarios name their own).
        #[arg(long, value_enum)]
        ruleset: Option<RulesetId>,
        /// Seed the dice (default: the file's, else a random seed, which is printed).
        #[arg(long)]
        seed: Option<u64>,
        /// The ruleset's options in RON.
        #[arg(long)]
        options: Option<String>,
        /// Leave this side out of the battle (repeatable).
        #[arg(long)]
        absent: Vec<String>,
        /// The AI of every side no player takes.
        #[arg(long, value_enum, default_value_t = Difficulty::Normal)]
        ai: Difficulty,
        /// One side's AI, e.g. `--side Gang=hard` (repeat for more sides).
        #[arg(long = "side", value_parser = parse_side)]
        sides: Vec<(String, Difficulty)>,
        /// The address and port to listen on.
        #[arg(long, default_value = "0.0.0.0:5757")]
        address: std::net::SocketAddr,
        /// Where the battle is saved after every decision (default: `online-LEVEL.ron` in the saves folder).
        #[arg(long)]
        autosave: Option<PathBuf>,
    },
    /// Join an online battle in the game window: the lobby (take a side, say ready, chat), then the battle as your
    /// sides see it; the host rolls every die. Join again by the same name to take your seat back.
    Join {
        /// The host's address: what `skirmish host` printed, e.g. 192.168.1.20 (port 5757) or 192.168.1.20:6000.
        address: String,
        /// Your name in the lobby (default: your login's).
        #[arg(long)]
        name: Option<String>,
        /// Take this side as soon as the lobby shows.
        #[arg(long)]
        side: Option<String>,
        /// Say ready as soon as the lobby shows (with `--side`: straight into the battle once the others are).
        #[arg(long)]
        ready: bool,
        /// Save a screenshot to this PNG after `--frames` frames, then quit.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Frames before the screenshot.
        #[arg(long, default_value_t = 300)]
        frames: u32,
        /// Write every text the window paints, frame by frame, to this file (tests).
        #[arg(long)]
        screen_text: Option<PathBuf>,
        /// Quit after this many frames.
        #[arg(long)]
        quit_after: Option<u32>,
        /// Your slots' orders given by themselves (attack the first enemy in reach, else move on): tests, demos.
        #[arg(long)]
        autopilot: bool,
    },
    /// Check level or scenario files and say what is wrong with each, with its line and column.
    Check {
        /// The files (RON), or folders: every `.ron` file in them and their folders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    skirmish::ui::mark_launch();
    let menu_alone = Command::Menu { screenshot: None, frames: 30, tour: None, ui_scale: None };
    match Cli::parse().command.unwrap_or(menu_alone) {
        Command::Menu { screenshot, frames, tour, ui_scale } => menu(screenshot.map(|p| (p, frames)), tour, ui_scale),
        Command::Characters { file, screenshot, frames } => characters(file, screenshot.map(|p| (p, frames))),
        Command::Edit { level, screenshot, frames } => edit(level, screenshot.map(|p| (p, frames))),
        Command::Play {
            file,
            ruleset,
            seed,
            pace,
            screenshot,
            frames,
            quit_after,
            bare,
            hover,
            ui_scale,
            human,
            ai,
            sides,
            names,
            fog,
            by_hand,
            keys,
            heat,
            what_if,
            absent,
            autopilot,
            screen_text,
            characters,
            options: rules,
            strict,
            replay,
            load,
        } => {
            let screenshot = screenshot.map(|p| (p, frames));
            let minds = Minds { sides: sides.into_iter().collect(), default: ai };
            let names = names.into_iter().collect();
            let options = skirmish::ui::PlayOptions {
                pace,
                screenshot,
                quit_after,
                hover,
                humans: human,
                minds,
                names,
                fog,
                by_hand,
                autopilot,
                screen_text,
                keys,
                heat,
                what_if,
                ui_scale,
            };
            match (bare, load) {
                (true, _) => exit_code(skirmish::ui::bare(options)),
                (false, _) if let Some(save) = replay => play_saved(&save, options, true),
                (false, Some(save)) => play_saved(&save, options, false),
                (false, None) => {
                    let guests = characters.into_iter().map(|(side, file)| Guest::new(&side, &file)).collect();
                    play(&file, (ruleset, rules.as_deref(), &absent), (seed, strict, guests), options)
                }
            }
        }
        Command::Run {
            scenario,
            load,
            save,
            stop_after,
            options,
            absent,
            ruleset,
            seed,
            dice,
            typed,
            json,
            ai,
            sides,
        } => {
            let minds = Minds { sides: sides.into_iter().collect(), default: ai };
            let start = match load {
                Some(path) => Start::Load(path),
                None => Start::New {
                    file: scenario.unwrap_or_default(),
                    ruleset,
                    options,
                    absent,
                    dice: (seed, dice, typed),
                    minds,
                },
            };
            run(start, save.as_deref(), stop_after, json)
        }
        Command::Check { files } => check(&files),
        Command::Join { address, name, side, ready, screenshot, frames, screen_text, quit_after, autopilot } => {
            let request = skirmish::ui::online::JoinRequest {
                address,
                name: name.unwrap_or_else(skirmish::ui::online::default_name),
                side,
                ready,
            };
            let screenshot = screenshot.map(|p| (p, frames));
            let options =
                skirmish::ui::PlayOptions { screenshot, screen_text, quit_after, autopilot, ..Default::default() };
            join(request, options)
        }
        Command::Host { level, load, ruleset, seed, options, absent, ai, sides, address, autosave } => {
            let start = match load {
                Some(path) => Start::Load(path),
                None => Start::New {
                    file: level.unwrap_or_default(),
                    ruleset,
                    options,
                    absent,
                    dice: (seed, None, false),
                    minds: Minds { sides: sides.into_iter().collect(), default: ai },
                },
            };
            host(start, address, autosave)
        }
        Command::Soak { battles, seed, levels, scenarios } => soak(&levels, &scenarios, battles, seed),
        Command::Sim { level, ruleset, runs, seed, options, absent, ladder: true, .. } => {
            ladder(&level, (ruleset, options.as_deref(), &absent), (runs, seed))
        }
        Command::Sim { level, ruleset, runs, seed, ai, sides, options, absent, show, csv, ladder: false } => {
            let minds = Minds { sides: sides.into_iter().collect(), default: ai };
            sim(&level, (ruleset, options.as_deref(), &absent), (runs, seed, show, csv), &minds)
        }
        Command::Balance { levels, runs, seed, ai, lesson, only, write } => {
            balance(&levels, (runs, seed), (&ai, lesson), &only, write)
        }
        Command::Odds { file, ruleset, attacker, target, json } => {
            odds(&file, ruleset, attacker.as_deref().zip(target.as_deref()), json)
        }
    }
}

/// `skirmish odds`: the table, or one JSON object; exit 2 on bad input.
fn odds(path: &Path, ruleset: Option<RulesetId>, pair: Option<(&str, &str)>, json: bool) -> ExitCode {
    let odds = scenario::files::load(path, ruleset).and_then(|s| scenario::odds::odds(&s, pair));
    let text = odds.and_then(|odds| match json {
        true => scenario::odds::json(&odds).map(|line| format!("{line}\n")),
        false => Ok(odds.to_string()),
    });
    match text {
        Ok(text) => {
            say(text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// What `skirmish run` plays: a file anew, or a saved battle taken up again.
enum Start {
    New {
        file: PathBuf,
        ruleset: Option<RulesetId>,
        options: Option<String>,
        absent: Vec<String>,
        dice: DiceArgs,
        minds: Minds,
    },
    Load(PathBuf),
}

/// `skirmish run`: plays to the end (or `stop_after` decisions), prints the log and saves the battle where it
/// stopped; exit 2 on bad input, 1 if the rules stopped the battle.
fn run(start: Start, save: Option<&Path>, stop_after: Option<usize>, json: bool) -> ExitCode {
    let started = match start {
        Start::Load(path) => resume(&path),
        Start::New { file, ruleset, options, absent, dice, minds } => {
            let mut recipe = Recipe::new(&file, ruleset, DiceRecipe::Typed, "", minds.default);
            (recipe.options, recipe.absent, recipe.sides) = (options, absent, minds.sides);
            begin(recipe, dice)
        }
    };
    let (setup, recipe) = match started {
        Ok(started) => started,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (log, result, battle) = scenario::play_setup(setup, Some(recipe.minds()), stop_after.unwrap_or(usize::MAX));
    print_log(&log, json);
    let saved = match (save, &battle) {
        (Some(path), Some(battle)) => Save::of(&recipe, battle).write(path),
        _ => Ok(()),
    };
    match result.and(saved) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `skirmish host`: opens the lobby on `address` and runs the battle until it is over and every player was told so;
/// exit 2 on bad input.
fn host(start: Start, address: std::net::SocketAddr, autosave: Option<PathBuf>) -> ExitCode {
    let started = match start {
        Start::Load(path) => resume(&path).map(|(setup, recipe)| (setup, recipe, Some(path))),
        Start::New { file, ruleset, options, absent, dice, minds } => {
            let mut recipe = Recipe::new(&file, ruleset, DiceRecipe::Typed, "", minds.default);
            (recipe.options, recipe.absent, recipe.sides) = (options, absent, minds.sides);
            begin(recipe, dice).map(|(setup, recipe)| (setup, recipe, None))
        }
    };
    let offered = started.and_then(|(setup, recipe, loaded)| {
        let scenario = recipe.scenario()?;
        let stem = recipe.file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let path = autosave.or(loaded).unwrap_or_else(|| scenario::save::folder().join(format!("online-{stem}.ron")));
        Ok(skirmish::net::host::Offer::of(&scenario, recipe, setup, Some(path)))
    });
    let offer = match offered {
        Ok(offer) => offer,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match skirmish::net::host::serve(offer, address) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// A new battle from `recipe`'s file, with the dice asked for (which the recipe then names).
fn begin(mut recipe: Recipe, (seed, faces, typed): DiceArgs) -> Result<(BattleSetup, Recipe), String> {
    let loaded = scenario::files::known_sides(recipe.scenario()?, recipe.sides.keys())?;
    (recipe.dice, recipe.dice_label) = match typed {
        true => (DiceRecipe::Typed, "typed in".to_owned()),
        false => skirmish::scenario::save::dice_recipe(&loaded, seed, faces),
    };
    let dice = recipe.dice(typed_dice);
    Ok((scenario::setup(&loaded, dice, &recipe.dice_label), recipe))
}

/// A saved battle taken up again where it stopped (a warning when its file has changed since).
fn resume(path: &Path) -> Result<(BattleSetup, Recipe), String> {
    let save = Save::read(path).map_err(|e| e.to_string())?;
    let loaded = save.resume(typed_dice)?;
    if let Some(warning) = &loaded.warning {
        eprintln!("warning: {warning}");
    }
    Ok((loaded.setup, save.battle))
}

/// Dice typed in on the terminal.
fn typed_dice() -> Box<dyn Dice + Send + Sync> {
    Box::new(TypedInDice::new(ask_for_face))
}

/// `skirmish sim`: the report, exit 2 on bad input, 1 if the rules refused an AI's action.
fn sim(
    path: &Path,
    (ruleset, rules, absent): (Option<RulesetId>, Option<&str>, &[String]),
    (runs, seed, show, csv): (u32, u64, Option<u64>, bool),
    minds: &Minds,
) -> ExitCode {
    let loaded = scenario::files::load_battle(path, ruleset, rules, absent)
        .and_then(|s| scenario::files::known_sides(s, minds.sides.keys()));
    let loaded = match loaded {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(seed) = show {
        print_log(&scenario::sim::one_log(&loaded, seed, minds), false);
        return ExitCode::SUCCESS;
    }
    let report = scenario::sim::simulate(&loaded, runs, seed, minds);
    match csv {
        true => match report.to_csv() {
            Ok(text) => {
                say(&text);
                // The CSV has no room for them: the battles where the rules refused an action, on standard error.
                for o in report.outcomes.iter().filter(|o| o.error.is_some()) {
                    eprintln!("seed {}: {}", o.seed, o.error.as_deref().unwrap_or_default());
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        false => {
            say(&report);
        }
    }
    match report.outcomes.iter().any(|o| o.error.is_some()) {
        true => ExitCode::FAILURE,
        false => ExitCode::SUCCESS,
    }
}

/// `skirmish sim --ladder`: the table on standard output, each pairing's progress on standard error; exit 2 on a
/// bad level, 1 if the rules refused an AI's action.
fn ladder(
    path: &Path,
    (ruleset, rules, absent): (Option<RulesetId>, Option<&str>, &[String]),
    runs: (u32, u64),
) -> ExitCode {
    use skirmish::scenario::ladder;
    let climbed = scenario::files::load_battle(path, ruleset, rules, absent).and_then(|first| {
        // A level is played under every ruleset it plays under (or the one asked for), a scenario under its own.
        let level = scenario::level::load(path).ok();
        let rulesets = match (ruleset, &level) {
            (None, Some(level)) => level.rulesets(),
            _ => vec![first.ruleset_id()],
        };
        let scenario_of = |r: RulesetId| match level.is_some() {
            true => scenario::files::load_battle(path, Some(r), rules, absent),
            false => Ok(first.clone()),
        };
        ladder::climb(&rulesets, &scenario_of, runs, &mut |r| {
            eprintln!("{:?} {} vs {}: {}", r.ruleset, r.upper, r.lower, r.cell());
        })
        .map(|rungs| (first.name, rungs))
    });
    match climbed {
        Ok((name, rungs)) => {
            say(ladder::markdown(&name, &rungs, runs));
            if rungs.iter().any(|r| r.errors > 0) { ExitCode::FAILURE } else { ExitCode::SUCCESS }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `skirmish soak`: the report on standard output, progress on standard error; exit 1 on a finding, 2 on bad input.
fn soak(levels: &Path, scenarios: &Path, battles: u32, seed: u64) -> ExitCode {
    use skirmish::scenario::soak;
    let cases = match soak::cases(levels, scenarios) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => {
            eprintln!("error: no level in {} and no scenario in {}", levels.display(), scenarios.display());
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let step = (battles / 20).max(1);
    let tick = |done: u32| {
        if done.is_multiple_of(step) {
            eprintln!("{done} of {battles} battles");
        }
    };
    let report = soak::soak(&cases, battles, seed, &tick);
    say(report.report());
    match report.findings.is_empty() {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// `skirmish balance`: the report on standard output (and in docs/ and assets/ with `--write`), each row's progress
/// on standard error; exit 2 on a bad level, 1 if the rules refused an AI's action.
fn balance(
    levels: &Path,
    runs: (u32, u64),
    (ais, lesson): (&[Difficulty], bool),
    only: &[String],
    write: bool,
) -> ExitCode {
    use skirmish::scenario::balance;
    let levels_dir = levels.display();
    let measured = balance::levels_of(levels).and_then(|mut levels| {
        if let Some(unknown) = only.iter().find(|o| !levels.iter().any(|(stem, _)| stem == *o)) {
            let stems: Vec<&str> = levels.iter().map(|(s, _)| s.as_str()).collect();
            return Err(format!("no level `{unknown}` in {}: it has {}", levels_dir, stems.join(", ")));
        }
        levels.retain(|(stem, _)| only.is_empty() || only.contains(stem));
        let mut measured = balance::measure(&levels, ais, runs, &mut |row| {
            eprintln!("{} {:?} {:?}: {}", row.level, row.ruleset, row.ai, row.cell());
        })?;
        if lesson {
            measured.lessons = balance::lessons(&levels, (runs.0 / 2, runs.1), &mut |l| {
                eprintln!("{} {:?} hard {}: {}", l.level, l.ruleset, l.seat, l.cell());
            })?;
        }
        match only.is_empty() || !write {
            true => Ok(measured),
            false => measured.over(kept_balance()?),
        }
    });
    let measured = match measured {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let report = measured.markdown();
    say(&report);
    if write {
        let written = measured.ron().and_then(|ron| {
            std::fs::write("docs/balance.md", &report).map_err(|e| format!("docs/balance.md: {e}"))?;
            std::fs::write(scenario::balance::KEPT, ron).map_err(|e| format!("{}: {e}", scenario::balance::KEPT))
        });
        if let Err(e) = written {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    }
    match measured.rows.iter().any(|r| r.errors > 0) {
        true => ExitCode::FAILURE,
        false => ExitCode::SUCCESS,
    }
}

/// The report `skirmish balance --write` wrote last, which `--only` lays its levels over.
fn kept_balance() -> Result<skirmish::scenario::balance::Balance, String> {
    let path = Path::new(scenario::balance::KEPT);
    skirmish::scenario::balance::Balance::read(path)?
        .ok_or_else(|| format!("{}: no such file (measure every level first)", path.display()))
}

/// `SIDE=NAME`, as `--name` takes it.
fn parse_name(text: &str) -> Result<(String, String), String> {
    let (side, name) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=NAME, e.g. Crew=Ana"))?;
    Ok((side.trim().to_owned(), name.trim().to_owned()))
}

/// `SIDE=DIFFICULTY`, as `--side` takes it.
fn parse_character(text: &str) -> Result<(String, PathBuf), String> {
    let (side, file) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=FILE, e.g. Crew=gran.ron"))?;
    Ok((side.trim().to_owned(), PathBuf::from(file.trim())))
}

fn parse_side(text: &str) -> Result<(String, Difficulty), String> {
    let (side, level) = text.split_once('=').ok_or_else(|| format!("`{text}`: give SIDE=easy, =normal or =hard"))?;
    let level = Difficulty::from_str(level.trim(), true).map_err(|_| format!("`{level}`: easy, normal or hard"))?;
    Ok((side.trim().to_owned(), level))
}

/// Whether there is no display to open a window on, said in one line.
fn no_display(hint: &str) -> bool {
    let var = |v: &str| std::env::var(v).ok().filter(|s| !s.is_empty());
    let why = match (var("DISPLAY"), var("WAYLAND_DISPLAY")) {
        (None, None) => "DISPLAY is not set".to_owned(),
        (Some(x), None) if !local_x_server_runs(&x) => format!("no X server answers on DISPLAY {x}"),
        _ => return false,
    };
    eprintln!("error: no display to open a window on ({why}); {hint}, or start under `xvfb-run`");
    true
}

/// For a local display such as `:1` or `:1.0`, whether its X server's socket is there (winit would otherwise panic
/// when it fails to connect); a remote display (`host:0`) is left to the window to try.
fn local_x_server_runs(display: &str) -> bool {
    let Some(number) = display.strip_prefix(':').map(|d| d.split('.').next().unwrap_or(d)) else { return true };
    Path::new(&format!("/tmp/.X11-unix/X{number}")).exists()
}

/// The main menu, then the game it chose in a process of its own (a window's event loop is made once a process).
fn menu(screenshot: Option<(PathBuf, u32)>, tour: Option<PathBuf>, ui_scale: Option<f32>) -> ExitCode {
    if no_display("play headless with `skirmish run levels/street.ron --ruleset shadowrun4`") {
        return ExitCode::from(2);
    }
    let options = skirmish::ui::PlayOptions { screenshot, ui_scale, ..Default::default() };
    let tour = tour.map(skirmish::ui::tour::Tour::new);
    exit_code(skirmish::ui::run(skirmish::ui::Opening::Menu(PathBuf::from("levels")), options, tour))
}

/// `skirmish join`: the window on an online battle (a bad address is said before a missing display).
fn join(request: skirmish::ui::online::JoinRequest, options: skirmish::ui::PlayOptions) -> ExitCode {
    if let Err(e) = skirmish::ui::online::host_address(&request.address) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if no_display("an online battle is played in the window") {
        return ExitCode::from(2);
    }
    exit_code(skirmish::ui::run(skirmish::ui::Opening::Join(request), options, None))
}

/// The character editor, then the menu, in one window.
fn characters(file: Option<PathBuf>, screenshot: Option<(PathBuf, u32)>) -> ExitCode {
    if let Some(file) = file.as_ref().filter(|f| !f.is_file()) {
        eprintln!("error: {}: no such character file", file.display());
        return ExitCode::from(2);
    }
    if no_display("characters are RON files too: see docs/scenario-format.md") {
        return ExitCode::from(2);
    }
    let options = skirmish::ui::PlayOptions { screenshot, ..Default::default() };
    exit_code(skirmish::ui::run(skirmish::ui::Opening::Characters(PathBuf::from("levels"), file), options, None))
}

/// The level editor, then the menu, in one window.
fn edit(level: Option<PathBuf>, screenshot: Option<(PathBuf, u32)>) -> ExitCode {
    if let Some(level) = &level
        && let Err(e) = scenario::level::load(level)
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if no_display("levels are RON files too: see docs/levels.md, and `skirmish check` checks them") {
        return ExitCode::from(2);
    }
    let options = skirmish::ui::PlayOptions { screenshot, ..Default::default() };
    exit_code(skirmish::ui::run(skirmish::ui::Opening::Levels(PathBuf::from("levels"), level), options, None))
}

/// Opens the game window, or says in one line why it cannot.
fn play(
    path: &Path,
    (ruleset, rules, absent): (Option<RulesetId>, Option<&str>, &[String]),
    (seed, strict, guests): (Option<u64>, bool, Vec<Guest>),
    options: skirmish::ui::PlayOptions,
) -> ExitCode {
    // A wrong argument is said before a missing display.
    if let Some(side) = options.by_hand.iter().find(|s| !options.humans.contains(s)) {
        eprintln!("error: --by-hand {side}: only a side you command (--human {side}) rolls its dice by hand");
        return ExitCode::from(2);
    }
    // The battle is read first: a bad file or character is said before a missing display.
    let named = options.humans.iter().chain(options.minds.sides.keys()).chain(options.names.keys());
    let loaded = match scenario::files::load_battle_with(path, ruleset, (rules, absent), &guests)
        .and_then(|s| scenario::files::known_sides(s, named))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if no_display(&format!("play headless with `skirmish run {} --ruleset shadowrun4`", path.display())) {
        return ExitCode::from(2);
    }
    let mut recipe = options.recipe(path, ruleset, (rules.map(str::to_owned), absent.to_vec()), strict);
    recipe.characters = guests;
    exit_code(skirmish::ui::play(&loaded, seed, options, recipe))
}

/// `skirmish play --load SAVE`: the saved battle in the window, taken up where it stopped; `--replay SAVE`: watched.
fn play_saved(path: &Path, options: skirmish::ui::PlayOptions, watch: bool) -> ExitCode {
    if no_display(&format!("play it on headless with `skirmish run --load {}`", path.display())) {
        return ExitCode::from(2);
    }
    let opened = match watch {
        true => skirmish::ui::watch_saved(path, options),
        false => skirmish::ui::play_saved(path, options),
    };
    match opened {
        Ok(exit) => exit_code(exit),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn exit_code(exit: bevy::app::AppExit) -> ExitCode {
    match exit {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// A cell given as `x,y`.
fn parse_cell(text: &str) -> Result<(i32, i32), String> {
    let bad = || format!("`{text}` is not a cell: give x,y such as 12,3");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
}

/// `--ui-scale`: a number in the range the window lays out.
fn parse_ui_scale(text: &str) -> Result<f32, String> {
    let range = skirmish::ui::settings::TEXT_RANGE;
    let scale = match text.trim().strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f32>().map(|n| n / 100.0),
        None => text.trim().parse::<f32>(),
    };
    match scale {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("`{text}` is not a UI scale: give 0.75 to 2 (or 75% to 200%), e.g. 1.5")),
    }
}

/// `--seed`, `--dice` and `--typed`.
type DiceArgs = (Option<u64>, Option<Vec<u32>>, bool);

/// Checks each file (a level under every ruleset), printing one line per file; exit code 2 if any is bad (when
/// the reader has gone, the files are still checked for the exit code).
fn check(paths: &[PathBuf]) -> ExitCode {
    let files = scenario::content::ron_files(paths);
    if files.is_empty() {
        say(format!(
            "error: no .ron file in {}\n",
            paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        ));
        return ExitCode::from(2);
    }
    let mut bad = 0;
    for path in &files {
        let line = match scenario::files::check_one(path) {
            Ok(summary) => format!("ok: {}: {summary}\n", path.display()),
            Err(e) => {
                bad += 1;
                format!("error: {e}\n")
            }
        };
        say(line);
    }
    if bad == 0 { ExitCode::SUCCESS } else { ExitCode::from(2) }
}

/// Asks on the terminal for one die's face until a face on that die is typed; `None` at the end of input.
fn ask_for_face(request: &DieRequest) -> Option<u32> {
    let range = if request.sides == 100 { "00–99".to_owned() } else { format!("1–{}", request.sides) };
    loop {
        eprint!("d{} for {} ({range}): ", request.sides, request.purpose);
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match skirmish::rules::table::read_faces(&line, 1, request).as_deref() {
            Ok([face]) => return Some(*face),
            Ok(_) => eprintln!("  one face is wanted"),
            Err(why) => eprintln!("  {why}"),
        }
    }
}

/// Prints the log; stops quietly when the reader goes away (`skirmish run … | head`).
fn print_log(log: &Log, json: bool) {
    for event in &log.events {
        let written = match json {
            true => match scenario::json::event(log, event) {
                Ok(line) => say(format_args!("{line}\n")),
                Err(e) => {
                    eprintln!("error: {e}");
                    return;
                }
            },
            false => say(format_args!("{}\n", log.show(event))),
        };
        if !written {
            return;
        }
    }
}
