//! Damage (rules.md §3): the soak against each damage type, and the health track it is marked on: Bruised 0, Hurt
//! −1, Injured −1, Wounded −2, Mauled −2, Crippled −5, Incapacitated; beyond that, dead. Aggravated and lethal damage
//! push bashing down the track; on a full track a bashing level becomes lethal (aggravated, when the damage is). (The raw damage and the damage roll come
//! from the attack's net successes: `attack.rs`.)

use serde::{Deserialize, Serialize};

use super::{Fighter, RulesError};
use crate::rules::engine::outcome::{Event, Log, Status, Term};

/// The three kinds of damage, worst last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Bashing,
    Lethal,
    Aggravated,
}

/// The health levels, with their dice penalties.
pub const LEVELS: [(&str, i32); 7] = [
    ("Bruised", 0),
    ("Hurt", -1),
    ("Injured", -1),
    ("Wounded", -2),
    ("Mauled", -2),
    ("Crippled", -5),
    ("Incapacitated", 0),
];

/// The marked boxes, worst damage first (so lethal has pushed bashing down), and whether it ran past the end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Health {
    pub boxes: Vec<DamageType>,
    pub dead: bool,
}

impl Health {
    /// Marks one level of damage.
    pub fn mark(&mut self, kind: DamageType) {
        if self.boxes.len() < LEVELS.len() {
            self.boxes.push(kind);
        } else if let Some(bashing) = self.boxes.iter().position(|b| *b == DamageType::Bashing) {
            // A full track: further damage turns a bashing level into lethal, or into aggravated when it is
            // aggravated (the worse damage takes the milder level's place: docs/rules-decisions.md).
            self.boxes[bashing] = kind.max(DamageType::Lethal);
        } else {
            self.dead = true;
        }
        self.boxes.sort_unstable_by(|a, b| b.cmp(a));
    }

    /// Levels marked.
    pub fn levels(&self) -> usize {
        self.boxes.len()
    }

    /// The name of the worst level marked, if any.
    pub fn level_name(&self) -> &'static str {
        match self.boxes.len() {
            0 => "unhurt",
            n => LEVELS[n - 1].0,
        }
    }

    /// The dice penalty of the worst level marked.
    pub fn penalty(&self) -> i32 {
        match self.boxes.len() {
            0 => 0,
            n => LEVELS[n - 1].1,
        }
    }

    /// Incapacitated: the last level is marked.
    pub fn incapacitated(&self) -> bool {
        self.boxes.len() >= LEVELS.len()
    }
}

/// The defender's soak against a damage type: bashing Stamina + armor, lethal ⌊Stamina ÷ 2⌋ + armor, aggravated
/// armor only.
pub(super) fn soak(defender: &Fighter, kind: DamageType, log: &mut Log) -> Result<i32, RulesError> {
    let stamina = defender.sheet.attributes.stamina.0 as i32;
    let armor = match &defender.sheet.armor {
        Some(a) => defender.sheet.gear.armor(&a.0)?.soak as i32,
        None => 0,
    };
    let mut terms = match kind {
        DamageType::Bashing => vec![Term::fixed("Stamina", stamina)],
        DamageType::Lethal => vec![Term::fixed("Stamina ÷ 2", stamina / 2)],
        DamageType::Aggravated => Vec::new(),
    };
    terms.push(Term::fixed("armor", armor));
    let soak: i32 = terms.iter().map(|t| t.value).sum();
    let label = format!("soak against {kind:?}");
    log.push(Event::Calculated { who: defender.id, label, terms, total: soak });
    Ok(soak)
}

impl Fighter {
    /// Marks health levels and reports incapacitation and death.
    pub fn take(&mut self, kind: DamageType, levels: u32, log: &mut Log) {
        if levels == 0 {
            return;
        }
        let h = &mut self.condition.health;
        for _ in 0..levels {
            h.mark(kind);
        }
        let (track, total) = (format!("{kind:?} level(s)"), h.levels() as i32);
        log.push(Event::DamageTaken { who: self.id, track, amount: levels as i32, total, capacity: 7 });
        let status = match (h.dead, h.incapacitated()) {
            (true, _) => Some((Status::Dead, "damage ran past Incapacitated")),
            (false, true) => Some((Status::Incapacitated, "the Incapacitated level is marked")),
            _ => None,
        };
        if let Some((status, reason)) = status.filter(|(s, _)| !self.condition.has(s)) {
            self.condition.gain(status.clone());
            log.push(Event::StatusGained { who: self.id, status, reason: reason.into() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DamageType::*;
    use super::*;

    #[test]
    fn penalties_follow_the_track() {
        let mut h = Health::default();
        let mut seen = Vec::new();
        for _ in 0..6 {
            h.mark(Bashing);
            seen.push((h.level_name(), h.penalty()));
        }
        let expected =
            [("Bruised", 0), ("Hurt", -1), ("Injured", -1), ("Wounded", -2), ("Mauled", -2), ("Crippled", -5)];
        assert_eq!(seen, expected);
        h.mark(Bashing);
        assert!(h.incapacitated() && !h.dead);
    }

    #[test]
    fn lethal_pushes_bashing_down_and_bashing_past_the_end_becomes_lethal() {
        let mut h = Health { boxes: vec![Bashing, Bashing], dead: false };
        h.mark(Lethal);
        assert_eq!(h.boxes, [Lethal, Bashing, Bashing]);
        let mut full =
            Health { boxes: vec![Lethal, Bashing, Bashing, Bashing, Bashing, Bashing, Bashing], dead: false };
        full.mark(Bashing);
        assert_eq!(full.boxes, [Lethal, Lethal, Bashing, Bashing, Bashing, Bashing, Bashing]);
        let mut aggravated =
            Health { boxes: vec![Lethal, Bashing, Bashing, Bashing, Bashing, Bashing, Bashing], dead: false };
        aggravated.mark(Aggravated);
        assert_eq!(aggravated.boxes, [Aggravated, Lethal, Bashing, Bashing, Bashing, Bashing, Bashing]);
        assert!(!aggravated.dead);
        let mut all_lethal = Health { boxes: vec![Lethal; 7], dead: false };
        all_lethal.mark(Bashing);
        assert!(all_lethal.dead);
    }
}
