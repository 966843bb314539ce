//! What the character editor may set on an Eclipse Phase sheet (aptitudes, skills, INIT, Speed, Durability and the
//! thresholds a sheet may fix, movement, smartlink, the morph's kind, weapons, one armor) and what follows from it
//! (files 000 and 003): wound threshold, death rating, initiative, the defenses against fire and in melee, armor,
//! worked out by the rules' own functions.

use super::Fighter;
use super::attack::defense_spec;
use super::modifiers::Situation;
use super::sheet::{Aptitudes, MorphKind, Rating, Sheet, Skill};
use crate::rules::mechanics::character::{
    CharacterError, Derived, EditSheet, Flag, Group, Number, count, others, rated, rating, set_rated, set_skill,
};

type Field = fn(&mut Aptitudes) -> &mut Rating;

/// The aptitudes: key, label, and where each is on the sheet.
/// How a refusal names the sheet.
const SHEET: &str = "an Eclipse Phase";

const APTITUDES: [(&str, &str, Field); 7] = [
    ("cog", "Cognition (COG)", |a| &mut a.cog),
    ("coo", "Coordination (COO)", |a| &mut a.coo),
    ("int", "Intuition (INT)", |a| &mut a.int),
    ("ref", "Reflexes (REF)", |a| &mut a.r#ref),
    ("sav", "Savvy (SAV)", |a| &mut a.sav),
    ("som", "Somatics (SOM)", |a| &mut a.som),
    ("wil", "Willpower (WIL)", |a| &mut a.wil),
];

const SPEED: (i64, i64) = (1, 4);
const DURABILITY: (i64, i64) = (1, 200);
/// A wound threshold or death rating of 0 is the one worked out from Durability.
const THRESHOLD: (i64, i64) = (0, 400);
const METERS: (i64, i64) = (1, 100);

impl EditSheet for Sheet {
    fn numbers(&self) -> Vec<Number> {
        let mut out = rated(&APTITUDES, self.aptitudes, (0, 99), "15 is an unmodified human");
        out.extend(Skill::ALL.iter().map(|s| Number {
            key: s.name(),
            label: s.name(),
            value: self.skills.get(s).map_or(0, |r| r.0).into(),
            group: Group::Skills,
            range: (0, 99),
            about: "0: not learned (defaults to its linked aptitude)",
        }));
        let other = [
            ("init", "INIT", self.init.0, (0, 99), "added to the initiative roll's d100"),
            ("speed", "Speed", self.speed, SPEED, "Action Phases a turn"),
            ("durability", "Durability (DUR)", self.durability, DURABILITY, "damage it takes before it is out"),
            (
                "wound_threshold",
                "Wound threshold",
                self.wound_threshold.unwrap_or(0),
                THRESHOLD,
                "0: DUR ÷ 5 (rounded up)",
            ),
            ("death_rating", "Death rating", self.death_rating.unwrap_or(0), THRESHOLD, "0: DUR × 1.5, synthmorph × 2"),
            ("walk", "Walking (m/turn)", self.movement.walk, METERS, "meters an Action Turn; a human walks 4"),
            ("run", "Running (m/turn)", self.movement.run, METERS, "meters an Action Turn; a human runs 20"),
        ];
        out.extend(others(other));
        out
    }

    fn set_number(&mut self, key: &str, value: i64) -> Result<(), CharacterError> {
        if let Some(done) = set_rated(&APTITUDES, &mut self.aptitudes, key, value) {
            return done;
        }
        if let Some(skill) = Skill::ALL.into_iter().find(|s| s.name() == key) {
            return set_skill(&mut self.skills, skill, value);
        }
        let optional = |v: u32| (v > 0).then_some(v);
        match key {
            "init" => self.init = rating(value)?,
            "speed" => self.speed = count(value, SPEED, "a Speed")?,
            "durability" => self.durability = count(value, DURABILITY, "a Durability")?,
            "wound_threshold" => self.wound_threshold = optional(count(value, THRESHOLD, "a wound threshold")?),
            "death_rating" => self.death_rating = optional(count(value, THRESHOLD, "a death rating")?),
            "walk" => self.movement.walk = count(value, METERS, "a walking rate")?,
            "run" => self.movement.run = count(value, METERS, "a running rate")?,
            _ => return Err(CharacterError::no_such_key(SHEET, key)),
        }
        Ok(())
    }

    fn flags(&self) -> Vec<Flag> {
        let synthmorph = self.morph == MorphKind::Synthmorph;
        vec![
            Flag { key: "smartlink", label: "Smartlink", on: self.smartlink, about: "+10 to shots (not throws)" },
            Flag { key: "synthmorph", label: "Synthmorph", on: synthmorph, about: "dies at DUR × 2, not × 1.5" },
        ]
    }

    fn set_flag(&mut self, key: &str, on: bool) -> Result<(), CharacterError> {
        match key {
            "smartlink" => self.smartlink = on,
            "synthmorph" => self.morph = if on { MorphKind::Synthmorph } else { MorphKind::Biomorph },
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
    let calm = Situation::default();
    let defense = |ranged| defense_spec(&f, ranged, &calm).map_or((String::new(), 0), |t| (t.label, t.base));
    let (ranged, melee) = (defense(true), defense(false));
    let armor = match &sheet.armor {
        Some(a) => Some(sheet.gear.armor(&a.0)?),
        None => None,
    };
    let (energy, kinetic) = armor.map_or((0, 0), |a| (a.energy, a.kinetic));
    let dur = sheet.durability;
    let death_how = match (sheet.death_rating, sheet.morph) {
        (Some(_), _) => "given on the sheet".to_owned(),
        (None, MorphKind::Biomorph) => format!("DUR {dur} × 1.5, rounded down (biomorph)"),
        (None, MorphKind::Synthmorph) => format!("DUR {dur} × 2 (synthmorph)"),
    };
    let wt_how = match sheet.wound_threshold {
        Some(_) => "given on the sheet".to_owned(),
        None => format!("DUR {dur} ÷ 5 (rounded up); each wound is −10 to every test"),
    };
    Ok(vec![
        Derived::new("Durability", dur.into(), "damage before it is incapacitated"),
        Derived::new("Wound threshold", sheet.wound_threshold().into(), wt_how),
        Derived::new("Death rating", sheet.death_rating().into(), death_how),
        Derived::new("Initiative", sheet.init.0.into(), format!("INIT {} + d100; Speed {}", sheet.init.0, sheet.speed)),
        Derived::new("Defense against fire", ranged.1.into(), ranged.0),
        Derived::new("Defense in melee", melee.1.into(), melee.0),
        Derived::new("Kinetic armor", kinetic.into(), "subtracted from kinetic damage"),
        Derived::new("Energy armor", energy.into(), "subtracted from energy damage"),
    ])
}
