//! The rules, one binary: each ruleset's rules one test per rule with scripted dice, the seed's examples (Stoya)
//! and the shipped scenarios played through the public runner, the golden logs, exact odds against brute force and
//! Monte Carlo, the map by picture and in each ruleset's terms, the engine's invariants as properties, and replays.
//!
//! The integration tests are a few binaries, one a kind, each module here a former `tests/NAME.rs`: every test
//! binary links all of Bevy, and linking forty of them was most of a test build. Paths in the tests (`levels/`,
//! `tests/golden/` …) are from the package's root, where `cargo test` runs them.

#[path = "../common/mod.rs"]
mod common;

mod battles;
mod defender;
mod doors;
mod eclipse_phase_blasts;
mod eclipse_phase_rules;
mod gm;
mod golden;
mod homebrew_d6_rules;
mod homebrew_d6_scenario;
mod invariants;
mod map;
mod map_rules;
mod odds;
mod replay;
mod shadowrun4_rules;
mod shadowrun4_scenario;
mod storyteller_rules;
mod storyteller_scenario;
mod stoya;
mod weapon_class;
