//! What the character editor may set on a homebrew sheet (attributes with Edge, skills, initiative passes, movement,
//! weapons, layered armor) and what follows from it (file 002; rules.md §4): the Light and Critical tracks,
//! initiative, armor against each damage type, the attack pool of each weapon carried, the defense pools against
//! melee and accelerated attacks and the damage resistance pool, worked out by the rules' own functions.

use super::attack::{Defense, Situation, Strike, attack_spec, defense_spec};
use super::damage::resistance_spec;
use super::gear::{AttackKind, DamageType};
use super::sheet::{Attribute, Attributes, Sheet, Skill};
use super::{Fighter, Options};
use crate::rules::mechanics::character::{
    CharacterError, Derived, EditSheet, Flag, Group, Number, count, others, pool, rated, set_rated, set_skill,
};

type Field = fn(&mut Attributes) -> &mut Attribute;

/// The attributes: key, label, and where each is on the sheet.
/// How a refusal names the sheet.
const SHEET: &str = "a homebrew";

const ATTRIBUTES: [(&str, &str, Field); 7] = [
    ("body", "Body", |a| &mut a.body),
    ("agility", "Agility", |a| &mut a.agility),
    ("reaction", "Reaction", |a| &mut a.reaction),
    ("strength", "Strength", |a| &mut a.strength),
    ("intuition", "Intuition", |a| &mut a.intuition),
    ("willpower", "Willpower", |a| &mut a.willpower),
    ("edge", "Edge", |a| &mut a.edge),
];

const PASSES: (i64, i64) = (1, 4);
const METERS: (i64, i64) = (1, 100);

impl EditSheet for Sheet {
    fn numbers(&self) -> Vec<Number> {
        let mut out = rated(&ATTRIBUTES, self.attributes, (1, 12), "3 is average");
        out.extend(Skill::ALL.iter().map(|s| Number {
            key: s.name(),
            label: s.name(),
            value: self.skill(*s).into(),
            group: Group::Skills,
            range: (0, 12),
            about: "0: untrained",
        }));
        let other = [
            ("initiative_passes", "Initiative passes", self.initiative_passes, PASSES, "Action Phases a turn"),
            ("walk", "Walking (m/turn)", self.movement.walk, METERS, "meters a Combat Turn; a human walks 10"),
            ("run", "Running (m/turn)", self.movement.run, METERS, "meters a Combat Turn; a human runs 25"),
        ];
        out.extend(others(other));
        out
    }

    fn set_number(&mut self, key: &str, value: i64) -> Result<(), CharacterError> {
        if let Some(done) = set_rated(&ATTRIBUTES, &mut self.attributes, key, value) {
            return done;
        }
        if let Some(skill) = Skill::ALL.into_iter().find(|s| s.name() == key) {
            return set_skill(&mut self.skills, skill, value);
        }
        match key {
            "initiative_passes" => self.initiative_passes = count(value, PASSES, "initiative passes")?,
            "walk" => self.movement.walk = count(value, METERS, "a walking rate")?,
            "run" => self.movement.run = count(value, METERS, "a running rate")?,
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
            "Light track",
            f.light_boxes(&opts).into(),
            format!("{} + Willpower {} ÷ 2 (rounded up)", opts.light_base, a.willpower.0),
        ),
        Derived::new(
            "Critical track",
            f.critical_boxes(&opts).into(),
            format!("{} + Body {} ÷ 2 (rounded up)", opts.critical_base, a.body.0),
        ),
        Derived::new(
            "Initiative",
            (a.reaction.0 + a.intuition.0).into(),
            format!(
                "Reaction {} + Intuition {}, + hits; {} pass(es)",
                a.reaction.0, a.intuition.0, sheet.initiative_passes
            ),
        ),
    ];
    for kind in [DamageType::Impact, DamageType::Piercing, DamageType::Energy] {
        let mut av = 0;
        for piece in &sheet.armor {
            av += sheet.gear.armor(&piece.0)?.av(kind);
        }
        out.push(Derived::new(format!("{kind:?} AV"), av.into(), "every piece worn, added"));
    }
    let calm = Situation::default();
    let carried: Vec<String> = match sheet.weapons.is_empty() {
        true => vec!["fists".to_owned()],
        false => sheet.weapons.iter().map(|w| w.0.clone()).collect(),
    };
    for id in carried {
        let weapon = sheet.gear.weapon(&id)?;
        let spec = attack_spec(&f, &Strike { weapon_id: &id, weapon: &weapon, situation: &calm, distance: 1 });
        let (dice, how) = pool(&spec.label, spec.base, &spec.modifiers);
        out.push(Derived::new(format!("Attack with the {}", weapon.name), dice, how));
    }
    let best = Situation { defense: Defense::Best, ..Situation::default() };
    for (kind, name) in [(AttackKind::Melee, "Defense in melee"), (AttackKind::Accelerated, "Defense against fire")] {
        if let Some(spec) = defense_spec(&f, kind, &best)? {
            let (dice, how) = pool(&spec.label, spec.base, &spec.modifiers);
            out.push(Derived::new(name, dice, how));
        }
    }
    let resist = resistance_spec(&f);
    out.push(Derived::new("Damage resistance", resist.base.into(), resist.label));
    Ok(out)
}
