//! The situational modifiers of file 003's Combat Modifiers table, as a [`Situation`] a scenario (and later the
//! map) fills in, turned into named [`Modifier`]s.

use serde::{Deserialize, Serialize};

use crate::rules::engine::field::{CoverLevel, Sight};
use crate::rules::engine::outcome::Modifier;

/// Range bands (file 003): point-blank is 2 m or less.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RangeBand {
    PointBlank,
    Short,
    Medium,
    Long,
    Extreme,
    /// Past extreme range: no shot possible.
    OutOfRange,
}

impl RangeBand {
    /// The band of a distance in meters for a weapon's range table.
    pub fn of(distance: u32, ranges: [u32; 4]) -> Self {
        match distance {
            0..=2 => RangeBand::PointBlank,
            d if d <= ranges[0] => RangeBand::Short,
            d if d <= ranges[1] => RangeBand::Medium,
            d if d <= ranges[2] => RangeBand::Long,
            d if d <= ranges[3] => RangeBand::Extreme,
            _ => RangeBand::OutOfRange,
        }
    }

    fn modifier(self) -> Option<(&'static str, i32)> {
        match self {
            RangeBand::PointBlank => Some(("point-blank range", 10)),
            RangeBand::Short => None,
            RangeBand::Medium => Some(("medium range", -10)),
            RangeBand::Long => Some(("long range", -20)),
            RangeBand::Extreme | RangeBand::OutOfRange => Some(("extreme range", -30)),
        }
    }
}

/// Cover the defender has from the attacker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    #[default]
    None,
    Minor,
    Moderate,
    Major,
}

/// Visibility for the attacker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    #[default]
    Clear,
    /// Glare, light smoke, dim light.
    Minor,
    /// Heavy smoke, dark.
    Major,
    Blind,
}

/// Size of the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetSize {
    VerySmall,
    Small,
    #[default]
    Normal,
    Large,
    VeryLarge,
}

/// How the defender meets a melee attack (file 003: "Fray or melee skill"; a ranged attack allows Fray ÷ 2 only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeDefense {
    /// The higher target, the modifiers that touch only a parry counted.
    #[default]
    Best,
    /// A dodge: Fray.
    Fray,
    /// A parry: the melee skill of the weapon in hand (Fray when it holds no melee weapon).
    Parry,
}

/// Everything about an attack's situation that the table prices. All fields are optional in a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The defender's choice against a melee attack.
    pub defense: MeleeDefense,
    /// The range band; when not given it comes from the distance between the two combatants.
    pub range: Option<RangeBand>,
    pub cover: Cover,
    pub defender_hidden: bool,
    /// Quick aim (+10): the attacker gives up its other Quick Actions this phase.
    pub aim_quick: bool,
    pub superior_position: bool,
    pub called_shot: bool,
    pub off_hand: bool,
    pub two_handed_one_hand: bool,
    pub touch_only: bool,
    pub target_size: TargetSize,
    pub visibility: Visibility,
    pub attacker_behind_cover: bool,
    pub attacker_running: bool,
    pub attacker_in_melee: bool,
    pub indirect_fire: bool,
    pub reach_advantage: bool,
    pub charging: bool,
    /// Any other modifier the game master rules, by name.
    pub extra: Vec<(String, i32)>,
    /// Extra modifiers to the defender's roll, by name.
    pub defender_extra: Vec<(String, i32)>,
    /// The defender has superior position (the map gives it to a defender on high ground against a melee attacker
    /// below).
    pub defender_superior_position: bool,
    /// The defender parries with its off hand (counts only where it parries with its weapon).
    pub defender_off_hand: bool,
    /// The defender parries with a two-handed weapon in one hand (counts only where it parries with its weapon).
    pub defender_two_handed_one_hand: bool,
    /// Visibility for the defender.
    pub defender_visibility: Visibility,
}

impl Cover {
    /// The map's cover in file 003's terms: low cover along the line is minor, low cover in front of the target
    /// moderate, high cover it leans out from major.
    pub fn of(level: CoverLevel) -> Self {
        match level {
            CoverLevel::None => Cover::None,
            CoverLevel::Light => Cover::Minor,
            CoverLevel::Partial => Cover::Moderate,
            CoverLevel::Heavy => Cover::Major,
        }
    }
}

/// Adds `(name, value)` as a modifier from `source` when `on`.
fn push_if(out: &mut Vec<Modifier>, on: bool, name: &str, source: &str, value: i32) {
    if on {
        out.push(Modifier::new(name, source, value));
    }
}

impl Situation {
    /// This situation with what the map adds: cover, a hidden defender, the attacker's own cover, superior
    /// position from high ground, and the attacker's run. A scripted value stands where it is the stronger.
    pub fn on_map(&self, sight: &Sight, running: bool) -> Situation {
        let mut s = self.clone();
        s.cover = s.cover.max(Cover::of(sight.cover));
        s.defender_hidden |= sight.hidden;
        s.attacker_behind_cover |= sight.attacker_in_cover;
        s.superior_position |= sight.high_ground;
        s.attacker_running |= running;
        s
    }

    /// The attacker's modifiers from the General and Ranged or Melee parts of the table.
    pub fn attack_modifiers(&self, ranged: bool, band: RangeBand) -> Vec<Modifier> {
        let mut out = self.general();
        if ranged {
            self.ranged(&mut out, band);
        } else {
            push_if(&mut out, self.reach_advantage, "reach advantage", "situation", 10);
            push_if(&mut out, self.charging, "charging", "situation", 10);
        }
        out.extend(self.extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)));
        out
    }

    /// The defender's modifiers (file 000, step 3: "Any appropriate modifiers are now applied to the attacker and
    /// defender's skills"): the General rows that fit a defender — superior position, visibility, and where it
    /// parries with its weapon (`parry`) the off hand or a two-handed weapon in one hand (a dodge uses no hand) —
    /// then the game master's. Wounds and full defense are the defender's own (`attack::defense_spec`).
    pub fn defense_modifiers(&self, parry: bool) -> Vec<Modifier> {
        let mut out = Vec::new();
        push_if(&mut out, parry && self.defender_off_hand, "off-hand", "situation", -20);
        push_if(&mut out, self.defender_superior_position, "superior position", "position", 20);
        let one_hand = parry && self.defender_two_handed_one_hand;
        push_if(&mut out, one_hand, "two-handed weapon in one hand", "situation", -20);
        if let Some((name, v)) = visibility_modifier(self.defender_visibility) {
            out.push(Modifier::new(name, "visibility", v));
        }
        out.extend(self.defender_extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)));
        out
    }

    fn general(&self) -> Vec<Modifier> {
        let mut out = Vec::new();
        push_if(&mut out, self.off_hand, "off-hand", "situation", -20);
        push_if(&mut out, self.superior_position, "superior position", "position", 20);
        push_if(&mut out, self.touch_only, "touch-only attack", "situation", 20);
        push_if(&mut out, self.called_shot, "called shot", "choice", -10);
        push_if(&mut out, self.two_handed_one_hand, "two-handed weapon in one hand", "situation", -20);
        if let Some((name, v)) = size_modifier(self.target_size) {
            out.push(Modifier::new(name, "target", v));
        }
        if let Some((name, v)) = visibility_modifier(self.visibility) {
            out.push(Modifier::new(name, "visibility", v));
        }
        out
    }

    fn ranged(&self, out: &mut Vec<Modifier>, band: RangeBand) {
        push_if(out, self.attacker_behind_cover, "attacker behind cover", "position", -10);
        push_if(out, self.attacker_running, "attacker running", "movement", -20);
        push_if(out, self.attacker_in_melee, "attacker in melee", "situation", -10);
        if let Some((name, v)) = cover_modifier(self.cover) {
            out.push(Modifier::new(name, "cover", v));
        }
        push_if(out, self.defender_hidden, "defender hidden", "cover", -60);
        push_if(out, self.aim_quick, "aimed shot (quick)", "aim", 10);
        push_if(out, self.indirect_fire, "indirect fire", "situation", -30);
        if let Some((name, v)) = band.modifier() {
            out.push(Modifier::new(name, "range", v));
        }
    }
}

fn size_modifier(size: TargetSize) -> Option<(&'static str, i32)> {
    match size {
        TargetSize::VerySmall => Some(("very small target", -30)),
        TargetSize::Small => Some(("small target", -10)),
        TargetSize::Normal => None,
        TargetSize::Large => Some(("large target", 10)),
        TargetSize::VeryLarge => Some(("very large target", 30)),
    }
}

fn visibility_modifier(v: Visibility) -> Option<(&'static str, i32)> {
    match v {
        Visibility::Clear => None,
        Visibility::Minor => Some(("visibility impaired (minor)", -10)),
        Visibility::Major => Some(("visibility impaired (major)", -20)),
        Visibility::Blind => Some(("blind attack", -30)),
    }
}

fn cover_modifier(c: Cover) -> Option<(&'static str, i32)> {
    match c {
        Cover::None => None,
        Cover::Minor => Some(("defender in minor cover", -10)),
        Cover::Moderate => Some(("defender in moderate cover", -20)),
        Cover::Major => Some(("defender in major cover", -30)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_bands_follow_the_weapon_table() {
        let shredder = [10, 40, 70, 100];
        assert_eq!(RangeBand::of(2, shredder), RangeBand::PointBlank);
        assert_eq!(RangeBand::of(10, shredder), RangeBand::Short);
        assert_eq!(RangeBand::of(11, shredder), RangeBand::Medium);
        assert_eq!(RangeBand::of(70, shredder), RangeBand::Long);
        assert_eq!(RangeBand::of(100, shredder), RangeBand::Extreme);
        assert_eq!(RangeBand::of(101, shredder), RangeBand::OutOfRange);
    }

    #[test]
    fn every_table_row_prices_as_file_003_says() {
        let s = Situation {
            cover: Cover::Moderate,
            aim_quick: true,
            superior_position: true,
            called_shot: true,
            target_size: TargetSize::Small,
            visibility: Visibility::Major,
            attacker_running: true,
            extra: vec![("gravity".into(), -10)],
            ..Situation::default()
        };
        let mods = s.attack_modifiers(true, RangeBand::Long);
        let named: Vec<(String, i32)> = mods.iter().map(|m| (m.name.clone(), m.value)).collect();
        let expected = [
            ("superior position", 20),
            ("called shot", -10),
            ("small target", -10),
            ("visibility impaired (major)", -20),
            ("attacker running", -20),
            ("defender in moderate cover", -20),
            ("aimed shot (quick)", 10),
            ("long range", -20),
            ("gravity", -10),
        ];
        let expected: Vec<(String, i32)> = expected.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        assert_eq!(named, expected);
        let melee = Situation { reach_advantage: true, charging: true, cover: Cover::Major, ..Situation::default() };
        let values: Vec<i32> = melee.attack_modifiers(false, RangeBand::PointBlank).iter().map(|m| m.value).collect();
        assert_eq!(values, [10, 10], "cover and range do not apply in melee");
    }
}
