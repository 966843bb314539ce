//! The ECS and the window, one binary: headless battles in the ECS (the message sequence, no ambiguous system order,
//! the same battle as the pure loop), dice rolled by hand, hotseat, the keys' help, and the window itself under Xvfb.
//!
//! The integration tests are a few binaries, one a kind, each module here a former `tests/NAME.rs`: every test
//! binary links all of Bevy, and linking forty of them was most of a test build. Paths in the tests (`levels/`,
//! `tests/golden/` …) are from the package's root, where `cargo test` runs them.

#[path = "../common/mod.rs"]
mod common;

mod by_hand;
mod defender;
mod ecs_battles;
// The window is driven by its dev tools (`--screenshot`, `--autopilot` …): `scripts/test` turns them on.
#[cfg(feature = "dev-tools")]
mod gui;
mod help;
mod hotseat;
