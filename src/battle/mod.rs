//! One way into a battle: the [`BattleRequest`] that describes it, whoever asks (the command line, the menu, the
//! level editor, a save, the host), and the one [`start`] that begins it from that request; and a scenario's battle
//! started and played by the rules alone ([`run`]); a battle's save ([`save`]): the request that began it and the
//! record that replays it onto the same start.

pub mod commitment;
pub mod request;
pub mod run;
pub mod save;
pub mod start;
pub mod verify;

pub use request::{BattleRequest, DiceChoice, Resume};
pub use start::{StartError, Started, no_typing, start, start_watched};
