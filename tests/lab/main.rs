//! The lab, one binary: the AI (its ladder, its choices), the balance report, the heat map and what-if, the win
//! chance and the review, the soak.
//!
//! The integration tests are a few binaries, one a kind, each module here a former `tests/NAME.rs`: every test
//! binary links all of Bevy, and linking forty of them was most of a test build. Paths in the tests (`levels/`,
//! `tests/golden/` …) are from the package's root, where `cargo test` runs them.

#[path = "../common/mod.rs"]
mod common;

mod ai;
mod balance;
mod expert;
mod forecast;
mod lab;
mod soak;
mod told;
mod win_chance;
