//! The four rulesets as one: a battle is of one ruleset, chosen once, at the edge; everything above `rules/` (the
//! ECS, the window, the menu, the CLI, the AI, the lab) works with these types whatever the ruleset.
//!
//! - `any.rs`: a battle and an action in any of the four rulesets ([`any::AnyBattle`], [`any::AnyAction`]), the
//!   ruleset's id, and how generic code reaches a battle's own types
//! - `dyn_battle.rs`: what a battle in any ruleset answers, in the words every ruleset shares
//! - `replay.rs`: a battle's record played again onto its start, and a battle played out to its end
//! - `options.rs`: any ruleset's options, as the menu holds them while a player chooses

pub mod any;
pub mod dyn_battle;
pub mod options;
pub mod replay;
