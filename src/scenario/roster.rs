//! Each ruleset's roster (`assets/<ruleset>/roster.ron`): the full sheet, with gear, that a level's archetype
//! ("rifleman", "brawler", "sniper", "heavy", "scout") becomes under that ruleset. Levels name archetypes only, so
//! every level plays under every ruleset.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;

use super::RosterError;
use super::level_file::RulesetSheet;
use crate::rules::any::RulesetId;
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// Archetype name → sheet.
pub type Roster<S> = BTreeMap<String, S>;

fn parse<S: DeserializeOwned>(text: &str, file: &str) -> Result<Roster<S>, RosterError> {
    crate::scenario::ron_options()
        .from_str(text)
        .map_err(|e| RosterError { file: file.to_owned(), source: Box::new(e) })
}

/// Defines a function returning one ruleset's shipped roster, read once.
macro_rules! roster {
    ($name:ident, $sheet:ty, $file:literal) => {
        #[doc = concat!("The shipped roster of `", $file, "`.")]
        pub fn $name() -> Result<&'static Roster<$sheet>, RosterError> {
            static ROSTER: OnceLock<Result<Roster<$sheet>, RosterError>> = OnceLock::new();
            let text = include_str!(concat!("../../", $file));
            ROSTER.get_or_init(|| parse(text, $file)).as_ref().map_err(Clone::clone)
        }
    };
}

roster!(eclipse_phase, ep::sheet::Sheet, "assets/eclipse_phase/roster.ron");
roster!(shadowrun4, sr4::sheet::Sheet, "assets/shadowrun4/roster.ron");
roster!(storyteller, st::sheet::Sheet, "assets/storyteller/roster.ron");
roster!(homebrew_d6, hb::sheet::Sheet, "assets/homebrew_d6/roster.ron");

/// A roster's text (`file` names it in messages) as `ruleset`'s sheets, by archetype.
pub fn read(ruleset: RulesetId, text: &str, file: &str) -> Result<Vec<(String, RulesetSheet)>, RosterError> {
    fn each<S>(roster: Roster<S>, sheet: fn(S) -> RulesetSheet) -> Vec<(String, RulesetSheet)> {
        roster.into_iter().map(|(name, s)| (name, sheet(s))).collect()
    }
    Ok(match ruleset {
        RulesetId::EclipsePhase => each(parse(text, file)?, RulesetSheet::EclipsePhase),
        RulesetId::Shadowrun4 => each(parse(text, file)?, RulesetSheet::Shadowrun4),
        RulesetId::Storyteller => each(parse(text, file)?, RulesetSheet::Storyteller),
        RulesetId::HomebrewD6 => each(parse(text, file)?, RulesetSheet::HomebrewD6),
    })
}

/// The archetypes every ruleset's roster has.
pub fn archetypes() -> Result<Vec<String>, RosterError> {
    let ep = eclipse_phase()?;
    let (sr, st, hb) = (shadowrun4()?, storyteller()?, homebrew_d6()?);
    let all = |k: &String| sr.contains_key(k) && st.contains_key(k) && hb.contains_key(k);
    Ok(ep.keys().filter(|k| all(k)).cloned().collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_roster_reads_and_has_the_same_archetypes() {
        let names = super::archetypes().expect("rosters");
        assert_eq!(names, ["brawler", "heavy", "rifleman", "scout", "sniper"]);
        assert_eq!(super::shadowrun4().expect("sr4").len(), names.len());
        assert_eq!(super::storyteller().expect("st").len(), names.len());
        assert_eq!(super::homebrew_d6().expect("hb").len(), names.len());
    }
}
