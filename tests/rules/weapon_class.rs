//! Each ruleset names the kind of each shipped weapon the window shows and sounds (`WeaponClass`): by its skill,
//! ability or attack kind, as its catalogue gives them.

use skirmish::rules::engine::ruleset::WeaponClass::{self, Automatic, Beam, Heavy, Melee, Pistol, Rifle, Thrown};
use skirmish::rules::mechanics::catalogue::Kit;

fn check(found: impl Fn(&str) -> WeaponClass, expected: &[(&str, WeaponClass)]) {
    for (id, class) in expected {
        assert_eq!(found(id), *class, "{id}");
    }
}

#[test]
fn shadowrun4_weapons_are_of_the_kind_their_skill_says() {
    let shipped = skirmish::rules::shadowrun4::gear::Catalogue::shipped().expect("the catalogue");
    let expected = [
        ("ares_predator_iv", Pistol),
        ("ak_97", Automatic),
        ("remington_950", Rifle),
        ("ultimax_hmg", Heavy),
        ("katana", Melee),
    ];
    check(|id| shipped.weapon(id).expect("a weapon").class(), &expected);
}

#[test]
fn eclipse_phase_weapons_are_of_the_kind_their_skill_and_modes_say() {
    let shipped = skirmish::rules::eclipse_phase::gear::Catalogue::shipped().expect("the catalogue");
    let expected = [
        ("laser_pulser", Beam),
        ("assault_rifle", Automatic),
        ("sniper_rifle", Rifle),
        ("shredder", Heavy),
        ("frag_grenade", Thrown),
        ("knife", Melee),
    ];
    check(|id| shipped.weapon(id).expect("a weapon").class(), &expected);
}

#[test]
fn storyteller_weapons_are_of_the_kind_their_ability_and_range_say() {
    let shipped = skirmish::rules::storyteller::gear::Catalogue::shipped().expect("the catalogue");
    let expected = [("pistol", Pistol), ("rifle", Rifle), ("short_bow", Thrown), ("axe", Melee)];
    check(|id| shipped.weapon(id).expect("a weapon").class(), &expected);
}

#[test]
fn homebrew_weapons_are_of_the_kind_their_attack_says() {
    let shipped = skirmish::rules::homebrew_d6::gear::Catalogue::shipped().expect("the catalogue");
    let expected = [("laser", Beam), ("pistol", Pistol), ("rifle", Rifle), ("javelin", Thrown), ("sword", Melee)];
    check(|id| shipped.weapon(id).expect("a weapon").class(), &expected);
}
