//! Standard output for every command: a reader that goes away (`skirmish odds FILE | head`) ends the printing
//! quietly, where `print!` would panic on the closed pipe.

use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write has failed: the reader is gone, so nothing more is written (and no error is said twice).
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to standard output as it is (no newline added); `false` once standard output is closed, so a
/// caller printing many lines can stop. The error itself is not news: the reader chose to stop reading.
pub fn say(text: impl Display) -> bool {
    if CLOSED.load(Ordering::Relaxed) {
        return false;
    }
    let mut out = std::io::stdout().lock();
    // Flushed at once so that a closed pipe shows here, not in the exit's flush where nobody can act on it.
    let written = write!(out, "{text}").and_then(|()| out.flush());
    if written.is_err() {
        CLOSED.store(true, Ordering::Relaxed);
    }
    written.is_ok()
}
