//! Online play, one binary: a host and its players over the loopback address, whole battles over a bad network,
//! and an honest battle beside a hostile client.
//!
//! The integration tests are a few binaries, one a kind, each module here a former `tests/NAME.rs`: every test
//! binary links all of Bevy, and linking forty of them was most of a test build. Paths in the tests (`levels/`,
//! `tests/golden/` …) are from the package's root, where `cargo test` runs them.

#[path = "../common/mod.rs"]
mod common;

mod hostile;
mod lossy;
mod online;
