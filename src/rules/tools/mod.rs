//! The player's tools: what the window, the tactics lab and an online host ask of a battle in any ruleset, on top
//! of `rules/any_ruleset/`.
//!
//! - `defense.rs`: a defender's question as its player is shown it: each defense with its odds as told
//! - `fog.rs`: fog of war: whom a side sees, and what of the log tells of no one else
//! - `plan.rs`: a player's orders for a slot, the action they make, and what a slot offers to choose from
//! - `what_if.rs`: the tactics lab's what-if, priced: one set-up and all a player reads of it
//! - `no_odds.rs`: why an attack has no odds, or a what-if set-up no price, as data
//! - `screen.rs`: rolls behind the game master's screen, as players are told them
//! - `told.rs`: how much of the odds a table tells its players (exact, rough bands, none)

pub mod defense;
pub mod fog;
pub mod no_odds;
pub mod plan;
pub mod screen;
pub mod told;
pub mod what_if;
