//! The ruleset options the menu offers (rules.md's **option**s), as the one RON value the chosen ruleset reads.

use crate::rules::any::RulesetId;

/// The ruleset options the menu offers (rules.md's **option**s).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct RuleOptions {
    /// Eclipse Phase: the later errata's MoS (the roll itself).
    pub(super) roll_is_mos: bool,
    /// Eclipse Phase: a critical success beats a plain success in an opposed test (a house rule).
    pub(super) critical_beats_success: bool,
    /// Eclipse Phase: damage equal to Durability already incapacitates.
    pub(super) reaches_durability: bool,
    /// Shadowrun 4: a surprise test opens the battle.
    pub(super) surprise: bool,
    /// Storyteller: leave out the armor's Stamina requirement.
    pub(super) no_stamina_penalty: bool,
    pub(super) initiative_wounds: bool,
    /// The homebrew: resistance hits only convert Critical to Light.
    pub(super) convert_only: bool,
    /// The homebrew: only a contact-only attack hits on a tie.
    pub(super) only_contact_ties: bool,
}

impl RuleOptions {
    /// The chosen ruleset's options in RON, empty for its defaults.
    pub(super) fn ron(&self, ruleset: RulesetId) -> String {
        let fields: Vec<&str> = match ruleset {
            RulesetId::EclipsePhase => vec![
                (self.roll_is_mos, "mos_rule: RollIsMoS"),
                (self.critical_beats_success, "opposed_criticals: CriticalBeatsSuccess"),
                (self.reaches_durability, "incapacitated_at: ReachesDurability"),
            ],
            RulesetId::Shadowrun4 => vec![(self.surprise, "surprise: (alerted: [])")],
            RulesetId::Storyteller => vec![
                (self.no_stamina_penalty, "armor_stamina_penalty: false"),
                (self.initiative_wounds, "initiative_wound_penalty: true"),
            ],
            RulesetId::HomebrewD6 => vec![
                (self.convert_only, "critical_resistance: ConvertOnly"),
                (self.only_contact_ties, "ties: OnlyContact"),
            ],
        }
        .into_iter()
        .filter_map(|(on, field)| on.then_some(field))
        .collect();
        match fields.is_empty() {
            true => String::new(),
            false => format!("({})", fields.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb};

    #[test]
    fn the_menus_options_are_one_ron_value_the_ruleset_reads() {
        let all = RuleOptions {
            roll_is_mos: true,
            critical_beats_success: true,
            reaches_durability: true,
            convert_only: true,
            only_contact_ties: true,
            ..RuleOptions::default()
        };
        let read = crate::scenario::ron_options();
        let eclipse: ep::Options = read.from_str(&all.ron(RulesetId::EclipsePhase)).expect("Eclipse Phase options");
        assert_eq!(eclipse.opposed_criticals, ep::OpposedCriticals::CriticalBeatsSuccess);
        assert_eq!(eclipse.incapacitated_at, ep::IncapacitatedAt::ReachesDurability);
        let homebrew: hb::Options = read.from_str(&all.ron(RulesetId::HomebrewD6)).expect("homebrew options");
        assert_eq!(
            (homebrew.ties, homebrew.critical_resistance),
            (hb::Ties::OnlyContact, hb::CriticalResistance::ConvertOnly)
        );
        assert_eq!(RuleOptions::default().ron(RulesetId::EclipsePhase), "", "the defaults say nothing");
    }
}
