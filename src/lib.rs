//! Skirmish: turn-based tactical skirmishes that run tabletop-RPG combat rules exactly as written.
//!
//! The module list is the architecture:
//! - [`battle`]: one way into a battle: the request that describes it, the one start from it, a battle's save (the
//!   request and the record that replays it), and a scenario's battle started and played by the rules alone;
//! - [`cli`]: the `skirmish` command line, a file per command;
//! - [`rules`]: the pure rules core (no bevy): dice, explained outcomes, one folder per ruleset;
//! - [`combat`]: the ECS layer (components, messages, turn, attack and damage systems), headless;
//! - [`lab`]: battles played many times over (batches, balance, the AI ladder, soak, fuzz targets), and the odds;
//! - [`net`]: online play, an ECS layer over `combat`: the host, a player's end, what travels between them;
//! - [`scenario`]: the files: scenarios, levels, characters and gear, read, checked and written;
//! - [`stdout`]: the commands' printing, which stops quietly when the reader goes away;
//! - [`ui`]: the window (presentation).
//!
//! `cli`, `combat`, `net` and `ui` need bevy (the `bevy` feature, on by default); the rest builds without it.

pub mod ai;
pub mod battle;
#[cfg(feature = "bevy")]
pub mod cli;
#[cfg(feature = "bevy")]
pub mod combat;
pub mod lab;
pub mod map;
#[cfg(feature = "bevy")]
pub mod net;
pub mod rules;
pub mod scenario;
pub mod stdout;
#[cfg(feature = "bevy")]
pub mod ui;

/// Every program built on this crate (the game, its tests, benches and examples) allocates with mimalloc: the AI's
/// playouts allocate and free small pieces all the time, and the system's allocator was a quarter of their time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
