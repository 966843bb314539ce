//! The tactics lab: the heat map for the combatant whose slot it is, the damage the hard AI's best attack from each
//! cell in reach is expected to deal, and the damage the enemies are expected to deal there. The numbers are the odds
//! engine's: checked against the odds the battle itself gives (the player's preview's path) for chosen cells. And
//! the what-if panel's suppositions (weapon in hand, prone, wounds, aim) price the battle as if it stood so.

use std::path::Path;

use skirmish::ai::lab::{Heat, damage, heat_map_any};
use skirmish::battle::run;
use skirmish::rules::any_ruleset::any::{AnyBattle, RulesetId};
use skirmish::rules::engine::battle::Next;
use skirmish::rules::engine::dice::SeededDice;
use skirmish::rules::engine::field::{Move, Pace};
use skirmish::rules::engine::outcome::Log;
use skirmish::rules::engine::ruleset::CombatantId;
use skirmish::scenario::level;

/// The open ground under `ruleset`, at its first slot.
fn first_slot(ruleset: RulesetId) -> (AnyBattle, skirmish::rules::engine::ruleset::Slot) {
    let open = level::load(Path::new("levels/open_ground.ron")).expect("the open ground");
    let s = open.scenario(ruleset).expect("plays");
    let mut log = Log::default();
    let mut battle = run::start(&s, "seed 7", &mut log);
    let Ok(Next::Slot(slot)) = battle.next(&mut SeededDice::new(7), &mut log) else { panic!("a first slot") };
    (battle, slot)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The damage of one of the ways to attack `target` after `movement` (none: from where it stands).
fn ways(battle: &AnyBattle, actor: CombatantId, heat: &Heat, movement: Option<Move>) -> Vec<f64> {
    let target = heat.target.expect("a target");
    let choices = battle.attack_choices(actor, target, movement);
    choices.iter().filter_map(|(_, a)| battle.odds_of(actor, a).ok()).map(|o| damage(&o)).collect()
}

#[test]
fn the_heat_map_prices_each_cell_with_the_battles_own_odds() {
    for ruleset in RulesetId::ALL {
        let (battle, slot) = first_slot(ruleset);
        let map = heat_map_any(&battle, slot);
        let me = battle.view(slot.actor);
        let here = map.iter().find(|h| h.pace.is_none()).expect("its own cell");
        assert_eq!(here.cell, me.position, "{ruleset:?}");
        assert!(map.len() > 20, "{ruleset:?}: cells in reach: {}", map.len());
        // What the enemies are expected to deal here: each one's plain attack as the battle prices it now.
        for &(e, d) in &here.threats {
            let odds = battle.odds_of(e, &battle.plain_attack_of(e, me.id())).expect("odds");
            assert!(close(d, damage(&odds)), "{ruleset:?}: enemy {e}: {d} vs {}", damage(&odds));
        }
        assert!(close(here.taken, here.threats.iter().map(|(_, d)| d).sum()), "{ruleset:?}");
        // The best attack from a cell it walks to is one of the ways the battle offers after that walk.
        let walked = map.iter().rfind(|h| h.pace == Some(Pace::Walk) && h.target.is_some());
        for heat in [Some(here).filter(|h| h.target.is_some()), walked].into_iter().flatten() {
            let movement = heat.pace.map(|pace| Move { to: heat.cell, pace });
            let offered = ways(&battle, slot.actor, heat, movement);
            assert!(
                offered.iter().any(|d| close(*d, heat.dealt)),
                "{ruleset:?} {:?}: {} not in {offered:?}",
                heat.cell,
                heat.dealt
            );
        }
        assert!(map.iter().any(|h| h.dealt > 0.0), "{ruleset:?}: somewhere to shoot from");
        assert!(map.iter().all(|h| h.dealt >= 0.0 && h.taken >= 0.0), "{ruleset:?}");
    }
}

#[test]
fn the_what_if_prices_the_battle_as_if_it_stood_as_supposed() {
    use skirmish::rules::any_ruleset::any::Kind;
    use skirmish::rules::engine::outcome::Status;
    use skirmish::rules::mechanics::odds::AttackOdds;
    use skirmish::rules::mechanics::suppose::Supposed;
    use skirmish::rules::shadowrun4::Shadowrun4;
    let (battle, _) = first_slot(RulesetId::Shadowrun4);
    // A rifleman of one side and the first enemy its rifle can be priced at.
    let ids = || (0..battle.len()).map(CombatantId::at);
    let me = ids().find(|&i| battle.view(i).name().contains("rifleman")).expect("a rifleman");
    let them = ids()
        .filter(|&j| battle.view(j).side != battle.view(me).side)
        .find(|&j| battle.odds_of(me, &battle.plain_attack_of(me, j)).is_ok())
        .expect("an enemy in reach");
    let id = them;
    let plain = battle.plain_attack_of(me, id);
    let changes = vec![
        (me, Supposed { aim: Some((id, 2)), taken: vec![Some(3), None], ..Supposed::default() }),
        (them, Supposed { prone: Some(true), taken: vec![Some(4), Some(2)], ..Supposed::default() }),
    ];
    let supposed = battle.odds_supposing(me, &plain, &changes).expect("priced");
    // The same, the battle's combatants changed by hand.
    let typed = Shadowrun4::held(&battle).expect("a Shadowrun 4 battle");
    let mut by_hand = typed.combatants().to_vec();
    by_hand[me.index()].fighter.condition.aim = 2;
    by_hand[me.index()].fighter.condition.physical = 3;
    by_hand[them.index()].fighter.condition.statuses.push(Status::Prone);
    (by_hand[them.index()].fighter.condition.physical, by_hand[them.index()].fighter.condition.stun) = (4, 2);
    let action = Shadowrun4::unwrap(&plain).expect("its action");
    assert_eq!(supposed, typed.rules().odds_of(&by_hand, me.index(), action).expect("priced by hand"));
    let as_it_is = battle.odds_of(me, &plain).expect("priced");
    assert_ne!(supposed, as_it_is, "aim, wounds and a prone target change the odds");
    assert_eq!(battle.odds_supposing(me, &plain, &[]).expect("priced"), as_it_is, "nothing supposed: as it is");
    // The rifleman's knife in hand instead: its own ways and odds; the battle itself is untouched.
    let can = battle.supposable();
    let (carried, aimed) = battle.carried_and_aimed(me, id);
    assert_eq!((can.prone, can.aim_steps, aimed), (true, 3, 0));
    assert_eq!(carried, ["ak_97", "combat_knife"]);
    let knife = vec![(me, Supposed { weapon: Some("combat_knife".into()), ..Supposed::default() })];
    let rifle_ways = battle.ways_supposing(me, id, None, &[]);
    let knife_ways = battle.ways_supposing(me, id, None, &knife);
    assert_ne!(
        rifle_ways.iter().map(|w| &w.0).collect::<Vec<_>>(),
        knife_ways.iter().map(|w| &w.0).collect::<Vec<_>>()
    );
    let knife_odds = battle.odds_supposing(me, &knife_ways[0].1, &knife).expect("priced");
    assert_ne!(knife_odds, as_it_is, "a knife is not a rifle");
    assert_eq!(battle.view(me).fighter.weapon_in_hand(), "ak_97");
}

/// Each track of the first combatant after supposing `n + 1` taken on track `n` (capped by the ruleset's own).
struct TracksSupposed;

impl skirmish::rules::any_ruleset::any::Visit for TracksSupposed {
    type Out = Vec<(u32, u32)>;
    fn visit<K: skirmish::rules::any_ruleset::any::Kind>(
        self,
        battle: &skirmish::rules::engine::battle::Battle<K>,
    ) -> Self::Out {
        use skirmish::rules::mechanics::suppose::{Supposed, supposing};
        let tracks = battle.rules().tracks(&battle.combatants()[0].fighter);
        let taken = (0..tracks.len()).map(|n| Some(n as u32 + 1)).collect();
        let copy = supposing(battle.combatants(), &[(CombatantId(0), Supposed { taken, ..Supposed::default() })]);
        let after = battle.rules().tracks(&copy[0].fighter);
        tracks.iter().zip(&after).map(|(before, after)| (before.taken, after.taken)).collect()
    }
}

#[test]
fn each_ruleset_supposes_wounds_on_its_own_tracks() {
    let expected: [(RulesetId, &[(u32, u32)]); 4] = [
        (RulesetId::EclipsePhase, &[(0, 1), (0, 2)]),
        (RulesetId::Shadowrun4, &[(0, 1), (0, 2)]),
        (RulesetId::Storyteller, &[(0, 1)]),
        (RulesetId::HomebrewD6, &[(0, 1), (0, 2)]),
    ];
    for (ruleset, tracks) in expected {
        let (battle, _) = first_slot(ruleset);
        assert_eq!(battle.visit(TracksSupposed), tracks, "{ruleset:?}");
        assert!(battle.tracks(CombatantId(0)).iter().all(|t| t.taken == 0), "{ruleset:?}: the battle untouched");
    }
}

#[test]
fn the_what_if_says_an_attack_is_out_of_reach_rather_than_price_it() {
    use skirmish::rules::mechanics::suppose::Supposed;
    let (battle, _) = first_slot(RulesetId::Shadowrun4);
    let ids = || (0..battle.len()).map(CombatantId::at);
    let me = ids().find(|&i| battle.view(i).name().contains("rifleman")).expect("a rifleman");
    let here = battle.view(me).position;
    let them = ids()
        .filter(|&j| battle.view(j).side != battle.view(me).side)
        .find(|&j| battle.out_of_reach((me, j), here, &[]).is_none())
        .expect("an enemy the rifle reaches");
    let knife = [(me, Supposed { weapon: Some("combat_knife".into()), ..Supposed::default() })];
    assert_eq!(
        battle.out_of_reach((me, them), here, &knife).as_deref(),
        Some("Out of reach from there: the Combat knife strikes only a next cell."),
    );
    let (x, y) = battle.view(them).position;
    assert_eq!(battle.out_of_reach((me, them), (x + 1, y), &knife), None, "next to it the knife reaches");
}

/// A set-up priced as it may come over the network: a cell off the map is refused, not walked to; what it supposes
/// is kept within what a fighter may be; its way within the ways there are; and the price is the rules' own.
#[test]
fn a_what_if_set_up_is_priced_within_the_map_and_the_fighters_bounds() {
    use skirmish::rules::mechanics::suppose::Supposed;
    use skirmish::rules::tools::what_if::{Setup, price};
    let (battle, slot) = first_slot(RulesetId::Shadowrun4);
    let me = slot.actor;
    let ids = || (0..battle.len()).map(CombatantId::at);
    let here = battle.view(me).position;
    let them = ids()
        .filter(|&j| battle.view(j).side != battle.view(me).side)
        .find(|&j| battle.out_of_reach((me, j), here, &[]).is_none())
        .expect("an enemy it reaches");
    let setup = Setup { attacker: me, target: them, from: here, ..Setup::default() };
    for far in [(-1, here.1), (i32::MAX, i32::MIN)] {
        let off = price(&battle, &Setup { from: far, ..setup.clone() }).expect_err("off the map");
        assert_eq!(off.to_string(), format!("({}, {}) is not on the map", far.0, far.1));
    }
    assert_eq!(
        price(&battle, &Setup { target: me, ..setup.clone() }).err().map(|e| e.to_string()).as_deref(),
        Some("the two are on one side")
    );
    assert!(price(&battle, &Setup { target: CombatantId(9999), ..setup.clone() }).is_err(), "no such unit");
    // Wounds beyond its track and a way past the last are brought back within bounds.
    let wounded = Supposed { taken: vec![Some(u32::MAX), Some(3)], ..Supposed::default() };
    let asked = Setup { way: 99, supposed: [Supposed::default(), wounded], ..setup.clone() };
    let priced = price(&battle, &asked).expect("priced");
    let physical = battle.tracks(them)[0].capacity - 1;
    assert_eq!(priced.setup.supposed[1].taken, [Some(physical), Some(3)], "short of a full track");
    assert_eq!(priced.setup.way, priced.ways.len() - 1);
    let odds = priced.odds.clone().expect("a way").expect("odds");
    let changes = priced.setup.changes();
    let ways = battle.ways_supposing(me, them, None, &changes);
    assert_eq!(odds, battle.odds_supposing(me, &ways[priced.setup.way].1, &changes).expect("the rules' odds"));
    assert_eq!(priced.standing[1].name, battle.view(them).name());
    assert_eq!(priced.standing[0].in_hand, battle.view(me).fighter.weapon_in_hand());
}
