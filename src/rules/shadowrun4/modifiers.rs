//! File 004's ranged attack and defense modifiers, as a [`Situation`] a scenario (and later the map) fills in,
//! turned into named dice-pool [`Modifier`]s. Recoil, aim, smartlink and wounds come from the attacker's state
//! and are added in `attack.rs`.

use serde::{Deserialize, Serialize};

use super::FiringMode;
use super::gear::Weapon;
use crate::rules::engine::field::{CoverLevel, Sight};
use crate::rules::engine::outcome::Modifier;

/// Range bands: short +0, medium −1, long −2, extreme −3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RangeBand {
    Short,
    Medium,
    Long,
    Extreme,
    /// Beyond extreme range: no shot.
    OutOfRange,
}

impl RangeBand {
    /// The band of a distance in meters for a weapon's range table.
    pub fn of(distance: u32, ranges: [u32; 4]) -> Self {
        match distance {
            d if d <= ranges[0] => RangeBand::Short,
            d if d <= ranges[1] => RangeBand::Medium,
            d if d <= ranges[2] => RangeBand::Long,
            d if d <= ranges[3] => RangeBand::Extreme,
            _ => RangeBand::OutOfRange,
        }
    }

    fn modifier(self) -> i32 {
        match self {
            RangeBand::Short => 0,
            RangeBand::Medium => -1,
            RangeBand::Long => -2,
            RangeBand::Extreme | RangeBand::OutOfRange => -3,
        }
    }
}

/// Cover the target has: partial −2, good −4, hidden −6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    #[default]
    None,
    Partial,
    Good,
    Hidden,
}

impl Cover {
    /// The map's cover in file 004's terms: low cover is partial, high cover it leans out from good.
    pub fn of(level: CoverLevel, hidden: bool) -> Self {
        match (hidden, level) {
            (true, _) => Cover::Hidden,
            (false, CoverLevel::None) => Cover::None,
            (false, CoverLevel::Light | CoverLevel::Partial) => Cover::Partial,
            (false, CoverLevel::Heavy) => Cover::Good,
        }
    }
}

/// A shotgun's spread: medium −2, wide −4 to the defense.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spread {
    #[default]
    Narrow,
    Medium,
    Wide,
}

/// The four uses of a called shot (file 004, Called Shots).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CalledShot {
    /// Aim past the armor: a pool penalty equal to the armor's rating; on a hit, armor does not help.
    UnarmoredArea,
    /// +1 to +4 DV for the same pool penalty.
    VitalArea(u32),
    /// −4; if the modified DV exceeds the target's Strength, it drops what it holds.
    KnockOutOfGrasp,
    /// Anything else (a tire, a ledge, the eyes): its effect is for the table to decide.
    Other { what: String, modifier: i32 },
}

/// How the defender defends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defense {
    /// Ranged: Reaction. Melee: the best of dodge, parry and block.
    #[default]
    Best,
    /// Melee only: Reaction + Dodge.
    Dodge,
    /// Melee only: Reaction + the melee skill of the weapon in hand.
    Parry,
    /// Melee only: Reaction + Unarmed Combat.
    Block,
    /// Full defense: add Dodge (melee: also with the melee skill instead of Dodge).
    FullDodge,
    /// Full defense, melee only: Reaction + melee skill × 2.
    FullParry,
    /// Full defense: add Gymnastics.
    GymnasticsDodge,
}

impl Defense {
    /// Whether this is a full defense, which costs the defender its next Action Phase.
    pub fn is_full(self) -> bool {
        matches!(self, Defense::FullDodge | Defense::FullParry | Defense::GymnasticsDodge)
    }
}

/// Everything about an attack's situation that file 004 prices. All fields are optional in a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The range band; when not given it comes from the distance between the two combatants.
    pub range: Option<RangeBand>,
    /// Image magnification: no range modifier.
    pub image_magnification: bool,
    pub cover: Cover,
    pub attacker_running: bool,
    pub attacker_in_melee: bool,
    pub attacker_in_vehicle: bool,
    pub attacker_behind_cover: bool,
    pub off_hand: bool,
    /// Trace rounds: +1 burst, +2 long burst, +3 full auto.
    pub tracer: bool,
    pub called_shot: Option<CalledShot>,
    /// The defender does not know of the attack: no defense.
    pub defender_unaware: bool,
    pub defender_running: bool,
    pub defender_in_melee: bool,
    pub defender_in_vehicle: bool,
    pub spread: Spread,
    /// A grenade or missile: −2 to the defense.
    pub area_weapon: bool,
    /// The defender's choice.
    pub defense: Defense,
    /// Other modifiers to the attack, by name: what file 004 leaves to other pages (the visibility table, ammunition
    /// DV modifiers) or to the game master.
    pub extra: Vec<(String, i32)>,
    /// Other modifiers to the defense, by name.
    pub defender_extra: Vec<(String, i32)>,
}

fn push_if(out: &mut Vec<Modifier>, on: bool, name: &str, source: &str, value: i32) {
    if on && value != 0 {
        out.push(Modifier::new(name, source, value));
    }
}

impl Situation {
    /// This situation with what the map adds: cover, firing from cover, who is running, and who is in melee (an
    /// enemy standing next to it). A scripted value stands where it is the stronger.
    pub fn on_map(&self, sight: &Sight, running: (bool, bool), in_melee: (bool, bool)) -> Situation {
        let mut s = self.clone();
        s.cover = s.cover.max(Cover::of(sight.cover, sight.hidden));
        s.attacker_behind_cover |= sight.attacker_in_cover;
        s.attacker_running |= running.0;
        s.defender_running |= running.1;
        s.attacker_in_melee |= in_melee.0;
        s.defender_in_melee |= in_melee.1;
        s
    }

    /// The attacker's situational modifiers for a ranged attack (file 004, Ranged Attack Modifiers).
    pub fn ranged_attack(&self, band: RangeBand, ambidextrous: bool) -> Vec<Modifier> {
        let mut out = Vec::new();
        if !self.image_magnification {
            push_if(&mut out, true, band_name(band), "range", band.modifier());
        }
        push_if(&mut out, self.attacker_running, "attacker running", "movement", -2);
        push_if(&mut out, self.attacker_in_melee, "attacker in melee combat", "situation", -3);
        push_if(&mut out, self.attacker_in_vehicle, "attacker in moving vehicle", "situation", -3);
        push_if(&mut out, true, cover_name(self.cover), "cover", cover_value(self.cover));
        push_if(&mut out, self.attacker_behind_cover, "attacker firing from cover", "position", -1);
        push_if(&mut out, self.off_hand && !ambidextrous, "off-hand weapon", "situation", -2);
        self.common_attack(&mut out);
        out
    }

    /// The attacker's situational modifiers for a melee attack.
    pub fn melee_attack(&self, ambidextrous: bool) -> Vec<Modifier> {
        let mut out = Vec::new();
        push_if(&mut out, self.off_hand && !ambidextrous, "off-hand weapon", "situation", -2);
        self.common_attack(&mut out);
        out
    }

    fn common_attack(&self, out: &mut Vec<Modifier>) {
        match &self.called_shot {
            Some(CalledShot::VitalArea(dv)) => {
                out.push(Modifier::new("called shot: vital area", "choice", -(*dv as i32)));
            }
            Some(CalledShot::KnockOutOfGrasp) => {
                out.push(Modifier::new("called shot: knock out of grasp", "choice", -4));
            }
            Some(CalledShot::Other { what, modifier }) => {
                out.push(Modifier::new(format!("called shot: {what}"), "choice", *modifier));
            }
            // The unarmored-area penalty depends on the target's armor: attack.rs adds it.
            Some(CalledShot::UnarmoredArea) | None => {}
        }
        out.extend(self.extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)));
    }

    /// The defender's situational modifiers (file 004, Defense Modifiers). `autofire_wide` is the wide-burst
    /// penalty of the attack's firing mode, if any.
    pub fn defense(&self, ranged: bool, autofire_wide: Option<(&'static str, i32)>) -> Vec<Modifier> {
        let mut out = Vec::new();
        push_if(&mut out, self.defender_in_vehicle, "inside moving vehicle", "situation", 3);
        if ranged {
            push_if(&mut out, self.defender_running, "defender running", "movement", 2);
            push_if(&mut out, self.defender_in_melee, "defender in melee, targeted by ranged attack", "situation", -3);
            if let Some((name, value)) = autofire_wide {
                out.push(Modifier::new(name, "firing mode", value));
            }
            let (name, value) = match self.spread {
                Spread::Narrow => ("", 0),
                Spread::Medium => ("shotgun medium spread", -2),
                Spread::Wide => ("shotgun wide spread", -4),
            };
            push_if(&mut out, value != 0, name, "firing mode", value);
            push_if(&mut out, self.area_weapon, "area attack weapon", "weapon", -2);
        }
        out.extend(self.defender_extra.iter().map(|(n, v)| Modifier::new(n, "game master", *v)));
        out
    }
}

fn band_name(band: RangeBand) -> &'static str {
    match band {
        RangeBand::Short => "short range",
        RangeBand::Medium => "medium range",
        RangeBand::Long => "long range",
        RangeBand::Extreme | RangeBand::OutOfRange => "extreme range",
    }
}

fn cover_name(c: Cover) -> &'static str {
    match c {
        Cover::None => "",
        Cover::Partial => "partial cover",
        Cover::Good => "good cover",
        Cover::Hidden => "hidden",
    }
}

fn cover_value(c: Cover) -> i32 {
    match c {
        Cover::None => 0,
        Cover::Partial => -2,
        Cover::Good => -4,
        Cover::Hidden => -6,
    }
}

/// One attack at one target.
pub struct Strike<'a> {
    pub weapon_id: &'a str,
    pub weapon: &'a Weapon,
    pub mode: FiringMode,
    pub situation: &'a Situation,
    /// Meters between attacker and defender.
    pub distance: u32,
    /// The defender was surprised by the attacker: no defense.
    pub surprised: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(mods: &[Modifier]) -> Vec<(String, i32)> {
        mods.iter().map(|m| (m.name.clone(), m.value)).collect()
    }

    #[test]
    fn ranged_attack_rows_price_as_file_004_says() {
        let s = Situation {
            cover: Cover::Good,
            attacker_running: true,
            attacker_in_melee: true,
            attacker_in_vehicle: true,
            attacker_behind_cover: true,
            off_hand: true,
            called_shot: Some(CalledShot::VitalArea(3)),
            ..Situation::default()
        };
        let expected = [
            ("long range", -2),
            ("attacker running", -2),
            ("attacker in melee combat", -3),
            ("attacker in moving vehicle", -3),
            ("good cover", -4),
            ("attacker firing from cover", -1),
            ("off-hand weapon", -2),
            ("called shot: vital area", -3),
        ];
        let expected: Vec<(String, i32)> = expected.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        assert_eq!(values(&s.ranged_attack(RangeBand::Long, false)), expected);
        let magnified = Situation { image_magnification: true, ..Situation::default() };
        assert!(magnified.ranged_attack(RangeBand::Extreme, true).is_empty());
        let ambi = Situation { off_hand: true, ..Situation::default() };
        assert!(ambi.ranged_attack(RangeBand::Short, true).is_empty(), "ambidextrous: no off-hand penalty");
    }

    #[test]
    fn defense_rows_price_as_file_004_says() {
        let s = Situation {
            defender_in_vehicle: true,
            defender_running: true,
            defender_in_melee: true,
            spread: Spread::Wide,
            area_weapon: true,
            ..Situation::default()
        };
        let expected = [
            ("inside moving vehicle", 3),
            ("defender running", 2),
            ("defender in melee, targeted by ranged attack", -3),
            ("wide burst", -2),
            ("shotgun wide spread", -4),
            ("area attack weapon", -2),
        ];
        let expected: Vec<(String, i32)> = expected.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        assert_eq!(values(&s.defense(true, Some(("wide burst", -2)))), expected);
        assert_eq!(values(&s.defense(false, None)), [("inside moving vehicle".to_owned(), 3)]);
    }

    #[test]
    fn bands_follow_the_weapon_table() {
        let pistol = [5, 20, 40, 60];
        assert_eq!(RangeBand::of(5, pistol), RangeBand::Short);
        assert_eq!(RangeBand::of(21, pistol), RangeBand::Long);
        assert_eq!(RangeBand::of(61, pistol), RangeBand::OutOfRange);
    }
}
