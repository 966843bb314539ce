//! The `skirmish` command line: the commands (one file each), the argument groups they share (`args.rs`), and the
//! one error type whose exit code is decided in one place (`error.rs`). Every command that plays a battle builds a
//! [`crate::battle::BattleRequest`] and begins it with [`crate::battle::start`].

mod args;
mod balance;
mod check;
mod dev;
mod error;
mod forecast;
mod host;
mod import;
mod join;
mod odds;
mod play;
mod review;
mod run;
mod sim;
mod soak;
mod table;
mod verify;
mod window;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use error::CliError;

/// The command line.
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
    Menu(window::MenuArgs),
    /// Open the character editor: make and change characters of your own (saved in the content folder's
    /// `characters/`), which join a side of a level in the menu.
    Characters(window::CharactersArgs),
    /// Open the level editor: paint a map, set sides, squads, zones and victory, checked as you edit; save it to
    /// the content folder's `levels/` and play it.
    Edit(window::EditArgs),
    /// Open the game window on a level (or scenario): the sides named by `--human` are commanded by players (two or
    /// more: hotseat), every other side by the AI (`--ai`, `--side`).
    Play(Box<play::PlayArgs>),
    /// Play a scenario or a level headless and print its log.
    Run(run::RunArgs),
    /// The players' screen for a battle a game master runs in another window on this machine (a TV at the table):
    /// it follows the battle's save and shows what the players' sides see, with no GM panel.
    Table(table::TableArgs),
    /// Print the exact odds of one attack: the file's first scripted action, or a plain attack between two
    /// combatants (with the weapon in hand), in the battle's starting state.
    Odds(odds::OddsArgs),
    /// Play many seeded battles of a level AI against AI, headless on every core, and print each side's win
    /// rate with a 95% interval, the average turns, casualties and escapes.
    Sim(sim::SimArgs),
    /// How will this fight go? Each side's chance to win and the casualties it should expect, from a few hundred
    /// battles with the hard AI on every side, and the one change (a unit left out, an archetype added) that brings
    /// the party's chance nearest the target.
    Forecast(forecast::ForecastArgs),
    /// Review a saved battle: the win chance over the battle, every decision with the chance before it, after the
    /// choice and after its dice (choice and luck told apart), what the hard AI would have done instead, and the
    /// biggest swings; Markdown, or JSON (`--json`).
    Review(review::ReviewArgs),
    /// Check a saved battle's dice: every face came from its seed, in order (faces typed in by hand named as such),
    /// and the seed is the one the host committed to in the lobby ("all 212 rolls check", or the first that does
    /// not). Exit 1 when they do not.
    Verify(verify::VerifyArgs),
    /// How fair every level in a folder is under every ruleset: the same AI on every side, each side's share of the
    /// decided battles against a fair fight's (40–60 % of two sides), as a Markdown report.
    Balance(balance::BalanceArgs),
    /// A robustness soak: seeded AI-against-AI battles of every level under every ruleset and every scenario, each
    /// at every difficulty and at mixed ones, on every core; each must end by its turn limit, and its save must read
    /// back and replay to the same end. Exit 1 on any finding.
    Soak(soak::SoakArgs),
    /// Host an online battle: players join from their machines, each takes sides in the lobby and says ready; the
    /// AI plays the sides no one takes. The host rolls every die and sends each player only what its sides see. The
    /// battle is saved after every decision (`--autosave`); `host --load` takes it up again.
    Host(host::HostArgs),
    /// Join an online battle in the game window: the lobby (take a side, say ready, chat), then the battle as your
    /// sides see it; the host rolls every die. Join again by the same name to take your seat back.
    Join(join::JoinArgs),
    /// Check level or scenario files and say what is wrong with each, with its line and column.
    Check(check::CheckArgs),
    /// Bring in a character another tool made (Chummer 4's .chum, an EPCC save, a Foundry World of Darkness actor): it
    /// becomes one of yours, with a report of what was taken and what was left out.
    Import(import::ImportArgs),
    /// Write a level's map as a Universal VTT file (.dd2vtt) with a picture drawn from its grid, for a virtual
    /// tabletop or to import again.
    ExportMap(import::ExportMapArgs),
}

/// Parses the command line, runs the command, and gives its exit code.
pub fn main() -> ExitCode {
    let command = Cli::parse().command.unwrap_or_else(|| Command::Menu(Default::default()));
    error::exit_code(match command {
        Command::Menu(args) => window::menu(args),
        Command::Characters(args) => window::characters(args),
        Command::Edit(args) => window::edit(args),
        Command::Play(args) => play::play(*args),
        Command::Run(args) => run::run(args),
        Command::Table(args) => table::table(args),
        Command::ExportMap(args) => import::export_map(args),
        Command::Odds(args) => odds::odds(args),
        Command::Sim(args) => sim::sim(args),
        Command::Forecast(args) => forecast::forecast(args),
        Command::Review(args) => review::review(args),
        Command::Verify(args) => verify::verify(args),
        Command::Balance(args) => balance::balance(args),
        Command::Soak(args) => soak::soak(args),
        Command::Host(args) => host::host(args),
        Command::Join(args) => join::join(args),
        Command::Check(args) => check::check(args),
        Command::Import(args) => import::import(args),
    })
}
