//! What several rulesets share: mechanics written once on the engine's words, which each ruleset
//! (`rules/<ruleset>/`) names in its own terms.
//!
//! - `fighter.rs`: the fighter every ruleset's combatant is: a sheet and a condition, and what follows alike
//! - `character.rs`: what a character editor may change on a sheet of any ruleset, and what follows from it
//! - `rating.rs`: a sheet rating bounded by its scale, checked while a file is read
//! - `catalogue.rs`: a ruleset's gear catalogue, the catalogue in force while a file is read, and the gear ids
//!   checked against it
//! - `movement.rs`: combatants on the field: who blocks a route, who is in melee, a move with its cost, exits
//! - `approach.rs`: the built-in choice's use of the map: head for a goal, or for the nearest enemy
//! - `passes.rs`: initiative passes and the Action Phase (Shadowrun 4, the d6 homebrew)
//! - `d6_pool.rs`: the d6 dice pool: hits, glitches, its exact distribution (three rulesets)
//! - `odds.rs`: exact odds: distributions by enumeration and convolution, and an attack's odds table
//! - `memo.rs`: memos of the costly, pure parts of pricing an attack, for the rulesets' `odds.rs`
//! - `suppose.rs`: a combatant as if its state were other than it is, for the tactics lab's what-if

pub mod approach;
pub mod catalogue;
pub mod character;
pub mod d6_pool;
pub mod doors;
pub mod fighter;
pub mod memo;
pub mod movement;
pub mod odds;
pub mod passes;
pub mod rating;
pub mod suppose;
