//! The files and the command line, one binary: levels, saves, characters, imports (and the items they leave out), a
//! scenario's own gear, bad input, the fuzz corpus, the level editor's model, the `skirmish` command in a shell, the
//! docs' links and the source's layers.
//!
//! The integration tests are a few binaries, one a kind, each module here a former `tests/NAME.rs`: every test
//! binary links all of Bevy, and linking forty of them was most of a test build. Paths in the tests (`levels/`,
//! `tests/golden/` …) are from the package's root, where `cargo test` runs them.

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
mod cell_size;
mod characters;
mod cli;
mod docs;
mod fuzz_corpus;
mod import;
mod import_left_out;
mod layers;
mod level_editor;
mod levels;
mod map_levels;
mod maps;
mod own_gear;
mod save;
