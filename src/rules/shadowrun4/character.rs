//! What the character editor may set on a Shadowrun 4 sheet (attributes, skills, initiative passes, gyro, movement,
//! smartlink, ambidexterity, weapons, layered armor) and what follows from it (file 004): the two condition
//! monitors, initiative, armor and its encumbrance, the defense and damage resistance pools, worked out by the
//! rules' own functions.

use super::Fighter;
use super::attack::defense_base;
use super::gear::ArmorKind;
use super::modifiers::Defense;
use super::sheet::{Attribute, Attributes, Sheet, Skill};
use crate::rules::engine::outcome::Modifier;
use crate::rules::mechanics::character::{
    CharacterError, Derived, EditSheet, Flag, Group, Number, count, others, pool, rated, set_rated, set_skill,
};

type Field = fn(&mut Attributes) -> &mut Attribute;

/// The attributes: key, label, and where each is on the sheet.
/// How a refusal names the sheet.
const SHEET: &str = "a Shadowrun 4";

const ATTRIBUTES: [(&str, &str, Field); 8] = [
    ("body", "Body", |a| &mut a.body),
    ("agility", "Agility", |a| &mut a.agility),
    ("reaction", "Reaction", |a| &mut a.reaction),
    ("strength", "Strength", |a| &mut a.strength),
    ("charisma", "Charisma", |a| &mut a.charisma),
    ("intuition", "Intuition", |a| &mut a.intuition),
    ("logic", "Logic", |a| &mut a.logic),
    ("willpower", "Willpower", |a| &mut a.willpower),
];

const PASSES: (i64, i64) = (1, 4);
const GYRO: (i64, i64) = (0, 6);
const METERS: (i64, i64) = (1, 100);

impl EditSheet for Sheet {
    fn numbers(&self) -> Vec<Number> {
        let mut out = rated(&ATTRIBUTES, self.attributes, (1, 12), "1–6 natural, augmented to about 10");
        out.extend(Skill::ALL.iter().map(|s| Number {
            key: s.name(),
            label: s.name(),
            value: self.skill(*s).unwrap_or(0).into(),
            group: Group::Skills,
            range: (0, 12),
            about: "0: untrained (defaults to its attribute at −1)",
        }));
        let other = [
            ("initiative_passes", "Initiative passes", self.initiative_passes, PASSES, "Action Phases a Combat Turn"),
            ("gyro", "Gyro stabilization", self.gyro, GYRO, "offsets recoil, then the running modifier"),
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
            "gyro" => self.gyro = count(value, GYRO, "a gyro rating")?,
            "walk" => self.movement.walk = count(value, METERS, "a walking rate")?,
            "run" => self.movement.run = count(value, METERS, "a running rate")?,
            _ => return Err(CharacterError::no_such_key(SHEET, key)),
        }
        Ok(())
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag { key: "smartlink", label: "Smartlink", on: self.smartlink, about: "+2 with smartgun weapons" },
            Flag { key: "ambidextrous", label: "Ambidextrous", on: self.ambidextrous, about: "no off-hand penalty" },
        ]
    }

    fn set_flag(&mut self, key: &str, on: bool) -> Result<(), CharacterError> {
        match key {
            "smartlink" => self.smartlink = on,
            "ambidextrous" => self.ambidextrous = on,
            _ => return Err(CharacterError::no_such_key(SHEET, key)),
        }
        Ok(())
    }

    fn derived(&self) -> Result<Vec<Derived>, CharacterError> {
        Ok(derived(self)?)
    }
}

fn derived(sheet: &Sheet) -> Result<Vec<Derived>, crate::rules::RulesError> {
    let f = Fighter::new("", sheet.clone());
    let a = &sheet.attributes;
    let (ballistic, impact) = (f.armor_rating(ArmorKind::Ballistic)?, f.armor_rating(ArmorKind::Impact)?);
    let encumbered: Vec<_> = f.encumbrance()?.into_iter().collect();
    let encumbrance = encumbered.first().map_or(0, |m| m.value);
    let (ranged, melee) = (defense_base(&f, false, Defense::Best)?, defense_base(&f, true, Defense::Best)?);
    let body = i64::from(a.body.0);
    Ok(vec![
        Derived::new(
            "Physical monitor",
            sheet.physical_boxes().into(),
            format!("8 + Body {} ÷ 2 (rounded up)", a.body.0),
        ),
        Derived::new(
            "Stun monitor",
            sheet.stun_boxes().into(),
            format!("8 + Willpower {} ÷ 2 (rounded up)", a.willpower.0),
        ),
        Derived::new(
            "Initiative",
            (a.reaction.0 + a.intuition.0).into(),
            format!(
                "Reaction {} + Intuition {}, + hits; {} pass(es)",
                a.reaction.0, a.intuition.0, sheet.initiative_passes
            ),
        ),
        Derived::new("Ballistic armor", ballistic.into(), "the best piece worn, plus helmet and shield"),
        Derived::new("Impact armor", impact.into(), "the best piece worn, plus helmet and shield"),
        Derived::new(
            "Armor encumbrance",
            encumbrance.into(),
            format!(
                "−1 to Agility and Reaction tests per 2 points (an odd one counts) the armor worn exceeds Body × 2 ({})",
                2 * body
            ),
        ),
        defense("Defense against fire", ranged, &encumbered),
        defense("Defense in melee", melee, &encumbered),
        Derived::new(
            "Damage resistance (ballistic)",
            body + i64::from(ballistic),
            format!("Body {} + Ballistic {ballistic}, less the attack's AP", a.body.0),
        ),
    ])
}

/// A defense pool with armor encumbrance, as the battle rolls it.
fn defense(label: &str, (how, base): (String, i32), encumbered: &[Modifier]) -> Derived {
    let (dice, how) = pool(&how, base, encumbered);
    Derived::new(label, dice, how)
}
