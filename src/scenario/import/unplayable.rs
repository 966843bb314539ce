//! An item of a file that our rules cannot play as the file gives it: a bow, a weapon of a category no skill of
//! ours fires, a damage we cannot read, armor whose ratings we cannot read. A player's character is still theirs
//! without it: the item is left out and the report says which, why and where in the file. Only a file that is no
//! character of its tool at all (cut short, another tool's, another edition) is refused.

use thiserror::Error;

use super::{ImportError, Report};

/// Why one weapon or piece of armor is left out, and where in the file it is.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{reason}")]
pub(super) struct Unplayable {
    /// Why our rules cannot play it, in the report's words.
    pub reason: String,
    /// Where in the file: "line 28, `<damage>`", or a JSON path "`items[1].system.damage`".
    pub place: Option<String>,
}

impl Unplayable {
    /// An item left out for `reason`, at `place`.
    pub fn at(place: impl Into<String>, reason: impl Into<String>) -> Self {
        Unplayable { reason: reason.into(), place: Some(place.into()) }
    }
}

/// A value of an item that could not be read (a number that is not one): the item is left out, said at the place
/// the reading named.
impl From<ImportError> for Unplayable {
    fn from(e: ImportError) -> Self {
        Unplayable { reason: e.message, place: e.at }
    }
}

impl Report {
    /// Says an item named `name` is left out, why, and where: "Hunting bow: left out, … (at line 30, `<category>`)".
    pub(super) fn leave_out(&mut self, name: &str, why: &Unplayable) {
        let place = why.place.as_ref().map(|p| format!(" (at {p})")).unwrap_or_default();
        self.left_out.push(format!("{name}: left out, {}{place}", why.reason));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_left_out_is_one_line_with_its_name_its_reason_and_its_place() {
        let mut report = Report::default();
        report.leave_out("Hunting bow", &Unplayable::at("line 30, `<category>`", "no skill of ours fires it"));
        let read = ImportError { file: "x.json".into(), at: Some("`items[2].system`".into()), message: "bad".into() };
        report.leave_out("Sword", &Unplayable::from(read));
        assert_eq!(
            report.left_out,
            [
                "Hunting bow: left out, no skill of ours fires it (at line 30, `<category>`)",
                "Sword: left out, bad (at `items[2].system`)"
            ]
        );
    }
}
