//! The import report: each value taken and from where, each weapon and armor matched to the catalogue or made from
//! the file's own numbers, what was left out and why, and the values our rules work out from the result. Printed by
//! `skirmish import`, shown in the character editor, and kept beside the character as `<name>.import.md`.

use std::fmt::Write;
use std::path::PathBuf;

/// What an import took, made and left out.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The file read.
    pub source: PathBuf,
    /// The tool and edition it came from ("Chummer 4 (.chum), Shadowrun 4").
    pub format: String,
    /// Each value taken: "Body 5 (`BOD`: its augmented value; natural 4)".
    pub taken: Vec<String>,
    /// Each weapon and armor: matched to the catalogue, or made from the file's numbers.
    pub gear: Vec<String>,
    /// Each thing left out, and why.
    pub left_out: Vec<String>,
    /// The values our rules work out from the character made: label, value, how.
    pub derived: Vec<(String, i64, String)>,
}

impl Report {
    /// The report as Markdown.
    pub fn markdown(&self) -> String {
        let mut out = format!("# Imported from {}\n\n{}\n", self.source.display(), self.format);
        let mut section = |title: &str, lines: &[String]| {
            if !lines.is_empty() {
                let _ = write!(out, "\n## {title}\n\n");
                lines.iter().for_each(|l| {
                    let _ = writeln!(out, "- {l}");
                });
            }
        };
        section("Taken", &self.taken);
        section("Gear", &self.gear);
        section("Left out", &self.left_out);
        if !self.derived.is_empty() {
            out.push_str("\n## Worked out by our rules\n\n| value | | how |\n|---|---:|---|\n");
            for (label, value, how) in &self.derived {
                let _ = writeln!(out, "| {label} | {value} | {how} |");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markdown_has_a_section_for_each_part_with_lines_and_none_for_an_empty_one() {
        let report = Report {
            source: "sam.chum".into(),
            format: "Chummer 4 (.chum), Shadowrun 4".into(),
            taken: vec!["Body 5".into()],
            gear: Vec::new(),
            left_out: vec!["Spells: magic is not played".into()],
            derived: vec![("Physical monitor".into(), 11, "8 + ⌈Body ÷ 2⌉".into())],
        };
        let text = report.markdown();
        assert!(text.starts_with("# Imported from sam.chum\n\nChummer 4 (.chum), Shadowrun 4\n"), "{text}");
        assert!(text.contains("## Taken\n\n- Body 5\n"), "{text}");
        assert!(!text.contains("## Gear"), "{text}");
        assert!(text.contains("## Left out\n\n- Spells: magic is not played\n"), "{text}");
        assert!(text.contains("| Physical monitor | 11 | 8 + ⌈Body ÷ 2⌉ |"), "{text}");
    }
}
