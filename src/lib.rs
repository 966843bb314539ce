//! Skirmish: turn-based tactical skirmishes that run tabletop-RPG combat rules exactly as written.
//!
//! The module list is the architecture:
//! - [`rules`]: the pure rules core (no bevy): dice, explained outcomes, one folder per ruleset;
//! - [`scenario`]: scenario files and the headless battle loop the `skirmish run` command plays.

pub mod rules;
pub mod scenario;
