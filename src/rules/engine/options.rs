//! The table's choices of a ruleset's rules (rules.md's **option**s): each ruleset describes its own once, as
//! switches ([`TableOptions`]), and everything that offers them reads that description — the menu draws a checkbox
//! a switch, the request carries the chosen options as the RON `--options` takes, and the ruleset reads them back.
//! Any ruleset's options, as the menu holds them, are `rules/any_ruleset/options.rs`'s.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// One choice a table may make of its ruleset's rules, on or off: what it says, and how it reads and sets the
/// ruleset's typed options.
pub struct Switch<O> {
    /// What the choice does, as the menu labels it.
    pub label: &'static str,
    /// Whether it is on in `options`.
    pub get: fn(&O) -> bool,
    /// Turns it on or off in `options`.
    pub set: fn(&mut O, bool),
}

/// A ruleset's options as a table chooses them: the typed struct the ruleset reads, and its switches.
pub trait TableOptions: Clone + Default + PartialEq + Serialize + DeserializeOwned {
    /// Every choice the table may make, in the order the menu shows them.
    fn switches() -> Vec<Switch<Self>>;
}
