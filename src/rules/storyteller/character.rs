//! What the character editor may set on a Storyteller sheet (attributes, abilities, extra actions, weapons, one
//! armor) and what follows from it (file 001; rules.md §3): initiative, the health track, soak against each damage
//! type, the attack pool of each weapon carried and the defense pools, worked out by the rules' own functions.

use super::attack::{Situation, Strike, attack_pool, choose_attribute, defense_spec};
use super::damage::{DamageType, LEVELS, soak};
use super::sheet::{Ability, Attributes, Dots, Sheet};
use super::{Fighter, Options};
use crate::rules::engine::outcome::Log;
use crate::rules::mechanics::character::{
    CharacterError, Derived, EditSheet, Flag, Group, Number, count, pool, rated, set_rated, set_skill,
};

type Field = fn(&mut Attributes) -> &mut Dots;

/// The attributes combat uses: key, label, and where each is on the sheet.
/// How a refusal names the sheet.
const SHEET: &str = "a Storyteller";

const ATTRIBUTES: [(&str, &str, Field); 5] = [
    ("strength", "Strength", |a| &mut a.strength),
    ("dexterity", "Dexterity", |a| &mut a.dexterity),
    ("stamina", "Stamina", |a| &mut a.stamina),
    ("perception", "Perception", |a| &mut a.perception),
    ("wits", "Wits", |a| &mut a.wits),
];

const EXTRA_ACTIONS: (i64, i64) = (0, 4);

impl EditSheet for Sheet {
    fn numbers(&self) -> Vec<Number> {
        let mut out = rated(&ATTRIBUTES, self.attributes, (0, 10), "dots: 2 is average, 5 the human best");
        out.extend(Ability::ALL.iter().map(|a| Number {
            key: a.name(),
            label: a.name(),
            value: self.ability(*a).into(),
            group: Group::Skills,
            range: (0, 10),
            about: "dots: 0 untrained",
        }));
        out.push(Number {
            key: "extra_actions",
            label: "Extra actions",
            value: self.extra_actions.into(),
            group: Group::Other,
            range: EXTRA_ACTIONS,
            about: "from powers such as supernatural speed, after everyone's first action",
        });
        out
    }

    fn set_number(&mut self, key: &str, value: i64) -> Result<(), CharacterError> {
        if let Some(done) = set_rated(&ATTRIBUTES, &mut self.attributes, key, value) {
            return done;
        }
        if let Some(ability) = Ability::ALL.into_iter().find(|a| a.name() == key) {
            return set_skill(&mut self.abilities, ability, value);
        }
        match key {
            "extra_actions" => self.extra_actions = count(value, EXTRA_ACTIONS, "extra actions")?,
            _ => return Err(CharacterError::no_such_key(SHEET, key)),
        }
        Ok(())
    }

    fn flags(&self) -> Vec<Flag> {
        Vec::new()
    }

    fn set_flag(&mut self, key: &str, _on: bool) -> Result<(), CharacterError> {
        Err(CharacterError::no_such_key(SHEET, key))
    }

    fn derived(&self) -> Result<Vec<Derived>, CharacterError> {
        Ok(derived(self)?)
    }
}

fn derived(sheet: &Sheet) -> Result<Vec<Derived>, crate::rules::RulesError> {
    let (f, opts, a) = (Fighter::new("", sheet.clone()), Options::default(), &sheet.attributes);
    let mut out = vec![
        Derived::new(
            "Initiative",
            (a.dexterity.0 + a.wits.0).into(),
            format!("Dexterity {} + Wits {} + d10; {} extra action(s)", a.dexterity.0, a.wits.0, sheet.extra_actions),
        ),
        Derived::new("Health levels", LEVELS.len() as i64, "Bruised to Incapacitated, then death"),
    ];
    let mut log = Log::default();
    for (kind, name) in [(DamageType::Bashing, "bashing"), (DamageType::Lethal, "lethal")] {
        let how = match kind {
            DamageType::Bashing => format!("Stamina {} + armor", a.stamina.0),
            _ => format!("Stamina {} ÷ 2 (rounded down) + armor", a.stamina.0),
        };
        out.push(Derived::new(format!("Soak against {name}"), soak(&f, kind, &mut log)?.into(), how));
    }
    let calm = Situation::default();
    let carried: Vec<String> = match sheet.weapons.is_empty() {
        true => vec!["punch".to_owned()],
        false => sheet.weapons.iter().map(|w| w.0.clone()).collect(),
    };
    for id in carried {
        let weapon = sheet.gear.weapon(&id)?;
        let strike = Strike { weapon: &weapon, situation: &calm, distance: 1 };
        let spec = attack_pool(&opts, &f, &strike, choose_attribute(&f, &strike)?)?;
        let (dice, how) = pool(&spec.label, spec.base, &spec.modifiers);
        out.push(Derived::new(format!("Attack with the {}", weapon.name), dice, how));
    }
    for (ranged, name) in [(true, "Defense against fire"), (false, "Defense in melee")] {
        if let Some(spec) = defense_spec(&opts, &f, ranged, &calm)? {
            let (dice, how) = pool(&spec.label, spec.base, &spec.modifiers);
            out.push(Derived::new(name, dice, how));
        }
    }
    Ok(out)
}
