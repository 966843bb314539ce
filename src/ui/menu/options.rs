//! The ruleset options the menu offers (rules.md's **option**s): each ruleset's own description of them
//! ([`crate::rules::engine::options::TableOptions`]), kept for every ruleset while the player switches between them, drawn
//! as one checkbox a switch, and given to the battle as the one RON value the chosen ruleset reads.

use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::any_ruleset::options::AnyOptions;

/// The options chosen for each ruleset (a choice is kept when the player looks at another ruleset and comes back).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RuleOptions(Vec<AnyOptions>);

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions(RulesetId::ALL.into_iter().map(AnyOptions::defaults).collect())
    }
}

impl RuleOptions {
    /// The options chosen for `ruleset`, to change.
    pub(super) fn of(&mut self, ruleset: RulesetId) -> &mut AnyOptions {
        &mut self.0[place(ruleset)]
    }

    /// The chosen ruleset's options in RON, empty for its defaults.
    pub(super) fn ron(&self, ruleset: RulesetId) -> String {
        self.0[place(ruleset)].ron()
    }
}

/// Where `ruleset` stands among the four (the order the menu keeps their options in).
fn place(ruleset: RulesetId) -> usize {
    RulesetId::ALL.iter().position(|r| *r == ruleset).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{BattleRequest, DiceChoice};

    #[test]
    fn each_rulesets_options_chosen_in_the_menu_are_the_options_its_battle_is_fought_under() {
        for ruleset in RulesetId::ALL {
            let mut menu = RuleOptions::default();
            assert_eq!(menu.ron(ruleset), "", "{ruleset:?}: the defaults say nothing");
            let switches = menu.of(ruleset).shown().len();
            (0..switches).for_each(|i| menu.of(ruleset).set(i, true));
            let request = BattleRequest {
                options: Some(menu.ron(ruleset)),
                ..BattleRequest::new("levels/street.ron".as_ref(), Some(ruleset), Default::default())
                    .with_dice(DiceChoice::Seed(1))
            };
            let scenario = request.scenario().unwrap_or_else(|e| panic!("{ruleset:?}: {e}"));
            let fought = scenario.options();
            assert_eq!(fought.shown().iter().filter(|s| s.on).count(), switches, "{ruleset:?}: every switch on");
            assert_eq!(&fought, menu.of(ruleset), "{ruleset:?}");
            // Another ruleset's choices are its own.
            let other = RulesetId::ALL.into_iter().find(|r| *r != ruleset).unwrap_or(ruleset);
            assert_eq!(menu.ron(other), "", "{ruleset:?} leaves {other:?} alone");
        }
    }
}
