//! The battle engine and the words every ruleset is written in. Each ruleset (`rules/<ruleset>/`) builds on these;
//! nothing here knows the four rulesets (`rules/any_ruleset/` puts them behind one type).
//!
//! - `battle.rs`: the engine, the one owner of a battle: what comes next (a slot, or the end and why), a slot's
//!   action taken and its events logged, the record of decisions
//! - `ruleset.rs`: what a ruleset gives a battle: its turn schedule, its actions, its default choice; combatants
//! - `outcome.rs`: the explained outcome: every test, die face, modifier and state change as events in a log
//! - `refusal.rs`: why the rules refuse an action, typed
//! - `id.rs`: combatant ids, and an online player's own numbering of them
//! - `victory.rs`: how a battle is won: last side standing, a zone held, units out through an exit, the turn limit
//! - `dice.rs`: injected dice: seeded, scripted, a saved battle's faces first
//! - `table.rs`: dice at a table where some players roll their own: a step waits for their faces
//! - `field.rs`: what the battlefield tells the rules: line of fire, cover, distance, routes
//! - `gm.rs`: the game master's hand: a wound corrected, a status, a place, ammunition, one taken off the map, each a
//!   decision in the record
//! - `options.rs`: the table's choices of a ruleset's rules, as switches each ruleset describes

pub mod battle;
pub mod dice;
pub mod field;
pub mod gm;
pub mod id;
pub mod options;
pub mod outcome;
pub mod refusal;
pub mod ruleset;
pub mod table;
pub mod victory;
