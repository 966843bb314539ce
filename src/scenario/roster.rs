//! Each ruleset's roster (`assets/<ruleset>/roster.ron`): the full sheet, with gear, that a level's archetype
//! ("rifleman", "brawler", "sniper", "heavy", "scout") becomes under that ruleset. Levels name archetypes only, so
//! every level plays under every ruleset.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;

use super::RosterError;
use super::level_file::RulesetSheet;
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// Archetype name → sheet.
pub type Roster<S> = BTreeMap<String, S>;

fn parse<S: DeserializeOwned>(text: &str, file: &str) -> Result<Roster<S>, RosterError> {
    crate::scenario::ron_options()
        .from_str(text)
        .map_err(|e| RosterError { file: file.to_owned(), source: Box::new(e) })
}

/// A shipped roster once read, or why it does not read.
type Shipped<S> = OnceLock<Result<Roster<S>, RosterError>>;

/// The shipped roster `file` (its `text` built into the program), read once into `cell`: a static of the ruleset's
/// own, since a static in generic code would be one for all four.
fn shipped<S: DeserializeOwned>(
    cell: &'static Shipped<S>,
    text: &str,
    file: &str,
) -> Result<&'static Roster<S>, RosterError> {
    cell.get_or_init(|| parse(text, file)).as_ref().map_err(Clone::clone)
}

/// The shipped roster of `assets/eclipse_phase/roster.ron`.
pub fn eclipse_phase() -> Result<&'static Roster<ep::sheet::Sheet>, RosterError> {
    static ROSTER: Shipped<ep::sheet::Sheet> = OnceLock::new();
    shipped(&ROSTER, include_str!("../../assets/eclipse_phase/roster.ron"), "assets/eclipse_phase/roster.ron")
}

/// The shipped roster of `assets/shadowrun4/roster.ron`.
pub fn shadowrun4() -> Result<&'static Roster<sr4::sheet::Sheet>, RosterError> {
    static ROSTER: Shipped<sr4::sheet::Sheet> = OnceLock::new();
    shipped(&ROSTER, include_str!("../../assets/shadowrun4/roster.ron"), "assets/shadowrun4/roster.ron")
}

/// The shipped roster of `assets/storyteller/roster.ron`.
pub fn storyteller() -> Result<&'static Roster<st::sheet::Sheet>, RosterError> {
    static ROSTER: Shipped<st::sheet::Sheet> = OnceLock::new();
    shipped(&ROSTER, include_str!("../../assets/storyteller/roster.ron"), "assets/storyteller/roster.ron")
}

/// The shipped roster of `assets/homebrew_d6/roster.ron`.
pub fn homebrew_d6() -> Result<&'static Roster<hb::sheet::Sheet>, RosterError> {
    static ROSTER: Shipped<hb::sheet::Sheet> = OnceLock::new();
    shipped(&ROSTER, include_str!("../../assets/homebrew_d6/roster.ron"), "assets/homebrew_d6/roster.ron")
}

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
