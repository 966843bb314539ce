//! The odds of one attack in a scenario or level, in its starting state: the first scripted action, or a plain
//! attack between two named combatants. What `skirmish odds` prints.

use std::sync::Arc;

use super::{RulesetSetup, Scenario, battle_of};
use crate::rules::eclipse_phase::{self as ep, EclipsePhase};
use crate::rules::field::Field;
use crate::rules::homebrew_d6::{self as hb, HomebrewD6};
use crate::rules::odds::Odds;
use crate::rules::ruleset::{Combatant, FighterState, Ruleset};
use crate::rules::shadowrun4::{self as sr4, Shadowrun4};
use crate::rules::storyteller::{self as st, Storyteller};

/// The attack to price: by the attacker's and target's names, or the scenario's first scripted action.
pub fn odds(scenario: &Scenario, pair: Option<(&str, &str)>) -> Result<Odds, String> {
    let field = scenario.field.clone().map_or_else(Field::default, |f| Field(f as Arc<_>));
    match &scenario.ruleset {
        RulesetSetup::EclipsePhase(setup) => {
            let mut rules = EclipsePhase::new(setup.options);
            rules.set_field(field);
            let battle = battle_of(&setup.combatants, |name, sheet, condition| ep::Fighter {
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            let (actor, action) = pick(&rules, &battle, &setup.actions, pair, |r, b, a, t| r.plain_attack(b, a, t))?;
            rules.attack_odds(&battle, actor, &action).map_err(|e| e.to_string())
        }
        RulesetSetup::Shadowrun4(setup) => {
            let mut rules = Shadowrun4::new(setup.options.clone());
            rules.set_field(field);
            let battle = battle_of(&setup.combatants, |name, sheet, condition| sr4::Fighter {
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            let (actor, action) = pick(&rules, &battle, &setup.actions, pair, |r, b, a, t| r.plain_attack(b, a, t))?;
            rules.attack_odds(&battle, actor, &action).map_err(|e| e.to_string())
        }
        RulesetSetup::Storyteller(setup) => {
            let mut rules = Storyteller::new(setup.options);
            rules.set_field(field);
            let battle = battle_of(&setup.combatants, |name, sheet, condition| st::Fighter {
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            let (actor, action) = pick(&rules, &battle, &setup.actions, pair, |r, b, a, t| r.plain_attack(b, a, t))?;
            rules.attack_odds(&battle, actor, &action).map_err(|e| e.to_string())
        }
        RulesetSetup::HomebrewD6(setup) => {
            let mut rules = HomebrewD6::new(setup.options);
            rules.set_field(field);
            let battle = battle_of(&setup.combatants, |name, sheet, condition| hb::Fighter {
                name,
                sheet: Arc::new(sheet),
                condition,
            });
            let (actor, action) = pick(&rules, &battle, &setup.actions, pair, |r, b, a, t| r.plain_attack(b, a, t))?;
            rules.attack_odds(&battle, actor, &action).map_err(|e| e.to_string())
        }
    }
}

/// The acting combatant's index and its action: a plain attack for a named pair, else the first scripted action.
fn pick<R: Ruleset>(
    rules: &R,
    battle: &[Combatant<R::Fighter>],
    script: &[R::Action],
    pair: Option<(&str, &str)>,
    plain: impl Fn(&R, &[Combatant<R::Fighter>], usize, &str) -> R::Action,
) -> Result<(usize, R::Action), String>
where
    R::Action: Clone,
{
    let index = |name: &str| {
        battle.iter().position(|c| c.fighter.name() == name).ok_or_else(|| {
            let names: Vec<&str> = battle.iter().map(|c| c.fighter.name()).collect();
            format!("no combatant is called {name}; there are {}", names.join(", "))
        })
    };
    match pair {
        Some((attacker, target)) => {
            let (actor, _) = (index(attacker)?, index(target)?);
            Ok((actor, plain(rules, battle, actor, target)))
        }
        None => {
            let action = script.first().ok_or("give --attacker and --target, or script an attack in the file")?;
            Ok((index(rules.actor_of(action))?, action.clone()))
        }
    }
}
