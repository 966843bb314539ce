//! Any ruleset's options as a table chooses them ([`AnyOptions`]): what the menu holds while a player switches between
//! rulesets, each switch a ruleset describes ([`TableOptions`]) shown and set, and the chosen options written as the
//! RON `--options` and a battle request take.

use super::any::RulesetId;
use crate::rules::engine::options::TableOptions;
use crate::rules::{eclipse_phase as ep, homebrew_d6 as hb, shadowrun4 as sr4, storyteller as st};

/// Any ruleset's options: what the menu holds while a player chooses.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyOptions {
    EclipsePhase(ep::Options),
    Shadowrun4(sr4::Options),
    Storyteller(st::Options),
    HomebrewD6(hb::Options),
}

/// One switch of any ruleset, as the menu draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    pub label: &'static str,
    pub on: bool,
}

impl AnyOptions {
    /// The ruleset's options as written (nothing chosen).
    pub fn defaults(ruleset: RulesetId) -> Self {
        match ruleset {
            RulesetId::EclipsePhase => AnyOptions::EclipsePhase(Default::default()),
            RulesetId::Shadowrun4 => AnyOptions::Shadowrun4(Default::default()),
            RulesetId::Storyteller => AnyOptions::Storyteller(Default::default()),
            RulesetId::HomebrewD6 => AnyOptions::HomebrewD6(Default::default()),
        }
    }

    /// Its switches, each with whether it is on.
    pub fn shown(&self) -> Vec<Shown> {
        fn of<O: TableOptions>(o: &O) -> Vec<Shown> {
            O::switches().iter().map(|s| Shown { label: s.label, on: (s.get)(o) }).collect()
        }
        match self {
            AnyOptions::EclipsePhase(o) => of(o),
            AnyOptions::Shadowrun4(o) => of(o),
            AnyOptions::Storyteller(o) => of(o),
            AnyOptions::HomebrewD6(o) => of(o),
        }
    }

    /// Turns switch `index` on or off (one past the last changes nothing).
    pub fn set(&mut self, index: usize, on: bool) {
        fn of<O: TableOptions>(o: &mut O, index: usize, on: bool) {
            if let Some(switch) = O::switches().get(index) {
                (switch.set)(o, on);
            }
        }
        match self {
            AnyOptions::EclipsePhase(o) => of(o, index, on),
            AnyOptions::Shadowrun4(o) => of(o, index, on),
            AnyOptions::Storyteller(o) => of(o, index, on),
            AnyOptions::HomebrewD6(o) => of(o, index, on),
        }
    }

    /// The options in RON, as `--options` and a battle request take them; empty when nothing differs from the rules
    /// as written (a request then says nothing of options).
    pub fn ron(&self) -> String {
        fn of<O: TableOptions>(o: &O) -> String {
            match *o == O::default() {
                true => String::new(),
                // Written as the files' reader reads them (`scenario::ron_options`: an option's `Some` implicit).
                // Options are plain data (enums, flags, numbers, ids): writing them cannot fail.
                false => ron_extended().to_string(o).unwrap_or_default(),
            }
        }
        match self {
            AnyOptions::EclipsePhase(o) => of(o),
            AnyOptions::Shadowrun4(o) => of(o),
            AnyOptions::Storyteller(o) => of(o),
            AnyOptions::HomebrewD6(o) => of(o),
        }
    }
}

/// RON with the extensions the files are read with: an option's `Some` left implicit, newtype variants unwrapped.
fn ron_extended() -> ron::Options {
    use ron::extensions::Extensions;
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each switch of `O` alone, written as RON and read back, is on and leaves every other switch off.
    fn each_switch_reads_back<O: TableOptions + std::fmt::Debug>(any: impl Fn(O) -> AnyOptions) {
        let count = O::switches().len();
        assert!(count > 0, "every ruleset offers a choice");
        assert_eq!(any(O::default()).ron(), "", "the rules as written say nothing");
        for index in 0..count {
            let mut options = any(O::default());
            options.set(index, true);
            let read: O = ron_extended().from_str(&options.ron()).unwrap_or_else(|e| panic!("{}: {e}", options.ron()));
            let on: Vec<bool> = O::switches().iter().map(|s| (s.get)(&read)).collect();
            let wanted: Vec<bool> = (0..count).map(|i| i == index).collect();
            assert_eq!(on, wanted, "switch {index} alone: {}", options.ron());
            assert_eq!(options.shown().iter().map(|s| s.on).collect::<Vec<_>>(), wanted);
            options.set(index, false);
            assert_eq!(options, any(O::default()), "switch {index} off again is the rules as written");
        }
    }

    #[test]
    fn every_rulesets_switches_write_the_options_the_ruleset_reads() {
        each_switch_reads_back(AnyOptions::EclipsePhase);
        each_switch_reads_back(AnyOptions::Shadowrun4);
        each_switch_reads_back(AnyOptions::Storyteller);
        each_switch_reads_back(AnyOptions::HomebrewD6);
        for ruleset in RulesetId::ALL {
            let shown = AnyOptions::defaults(ruleset).shown();
            assert!(shown.iter().all(|s| !s.on && !s.label.is_empty()), "{ruleset:?}: {shown:?}");
        }
    }
}
