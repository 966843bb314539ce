//! The battle the menu's choice asks for: the level or scenario, ruleset and options, who plays each side, the seed,
//! the players' characters; and the tour's all-AI battle.

use super::state::{Control, Menu};
use crate::ai::Difficulty;
use crate::battle::{BattleRequest, DiceChoice};
use crate::scenario::character::Guest;

/// The tour's choice (`tour.rs`): level `index` under the menu's ruleset, every side played by the normal AI, seed 1,
/// at a quick pace; set as the next battle. Returns the level's name.
#[cfg(feature = "dev-tools")]
pub(in crate::ui) fn all_ai_battle(world: &mut bevy::prelude::World, index: usize) -> Result<String, String> {
    use crate::ui::PlayOptions;
    use crate::ui::screens::NextBattle;
    let menu = world.resource::<Menu>();
    let (path, level) = menu.levels.get(index).ok_or("no such level")?;
    let request = BattleRequest::new(path, Some(menu.ruleset), Difficulty::Normal).with_dice(DiceChoice::Seed(1));
    let name = level.file.name.clone();
    world.resource_mut::<PlayOptions>().pace = 0.02;
    world.insert_resource(NextBattle(request));
    Ok(name)
}

/// The battle the menu's choice asks for, if a level or a scenario is chosen.
pub(super) fn chosen(menu: &Menu) -> Option<BattleRequest> {
    let scenario = menu.scenarios.chosen();
    let (path, level_sides) = match (scenario, menu.levels.get(menu.selected)) {
        (Some((path, _)), _) => (path, Vec::new()),
        (None, Some((path, level))) => (path.as_path(), level.file.sides.iter().map(|s| s.name.as_str()).collect()),
        (None, None) => return None,
    };
    let seed = menu.seed.trim().parse().ok();
    let humans = menu.controls.iter().filter(|(_, c)| **c == Control::Human).map(|(s, _)| s.clone()).collect();
    let sides = menu
        .controls
        .iter()
        .filter_map(|(s, c)| match c {
            Control::Ai(d) => Some((s.clone(), *d)),
            Control::Human | Control::Absent => None,
        })
        .collect();
    let absent: Vec<String> =
        menu.controls.iter().filter(|(_, c)| **c == Control::Absent).map(|(s, _)| s.clone()).collect();
    let ruleset = menu.ruleset;
    let names = menu.names.iter().filter(|(_, n)| !n.trim().is_empty()).map(|(s, n)| (s.clone(), n.clone())).collect();
    let (fog, strict, gm, odds, options) = (menu.fog, menu.strict, menu.gm, menu.odds, menu.rules.ron(ruleset));
    // Only a side a player commands rolls by hand.
    let human = |s: &&String| menu.controls.get(*s) == Some(&Control::Human);
    let by_hand = menu.by_hand.iter().filter(human).cloned().collect();
    let asked = menu.asked.iter().filter(human).cloned().collect();
    // Characters of the chosen ruleset join the sides chosen for them, if the level has those sides (a scenario
    // has its own fighters: none join it).
    let characters = menu
        .characters
        .iter()
        .filter(|(_, c)| c.as_ref().is_ok_and(|c| c.sheet.ruleset() == ruleset))
        .filter_map(|(path, _)| menu.joining.get(path).map(|side| Guest::new(side, path)))
        .filter(|g| level_sides.contains(&g.side.as_str()) && !absent.contains(&g.side))
        .collect();
    // The GM rolls the AI's sides behind the screen.
    let behind_screen = match menu.behind_screen {
        true => menu.controls.iter().filter(|(_, c)| matches!(c, Control::Ai(_))).map(|(s, _)| s.clone()).collect(),
        false => Vec::new(),
    };
    let dice = seed.map_or(DiceChoice::Auto, DiceChoice::Seed);
    // A scenario names its own ruleset and options.
    let options = Some(options).filter(|o| !o.is_empty() && scenario.is_none());
    let ruleset = Some(ruleset).filter(|_| scenario.is_none());
    let request = BattleRequest::new(path, ruleset, Difficulty::Normal).with_dice(dice);
    let think = crate::ai::expert::Think::seconds(menu.think);
    let think_ms = (think != Default::default()).then_some(think.millis);
    let told = BattleRequest { odds, behind_screen, asked, think_ms, ..request };
    Some(BattleRequest { humans, sides, names, fog, by_hand, strict, gm, absent, options, characters, ..told })
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    use bevy::prelude::default;

    use super::*;
    use crate::rules::any_ruleset::any::RulesetId;
    use crate::scenario::level::levels_in;
    use crate::ui::menu::options::RuleOptions;
    use crate::ui::menu::ruleset::settle_ruleset;
    use crate::ui::menu::scenarios::Scenarios;

    /// The menu on the shipped levels, the street chosen, the Crew a player's and the Gang the hard AI's.
    fn on_the_street() -> Menu {
        let (levels, _) = levels_in(Path::new("levels"), None);
        let selected = levels.iter().position(|(p, _)| p.ends_with("street.ron")).expect("the street");
        let controls =
            BTreeMap::from([("Crew".to_owned(), Control::Human), ("Gang".to_owned(), Control::Ai(Difficulty::Hard))]);
        Menu {
            levels,
            selected,
            ruleset: RulesetId::Shadowrun4,
            wanted: RulesetId::Shadowrun4,
            controls,
            names: BTreeMap::new(),
            fog: false,
            by_hand: BTreeSet::new(),
            asked: BTreeSet::new(),
            strict: false,
            gm: false,
            odds: Default::default(),
            think: 2.0,
            behind_screen: false,
            seed: "3".into(),
            rules: RuleOptions::default(),
            balance: None,
            saves: Vec::new(),
            review: None,
            problems: Vec::new(),
            miniature: None,
            palette: default(),
            user: None,
            folder: PathBuf::from("levels"),
            characters: Vec::new(),
            joining: BTreeMap::new(),
            scenarios: Scenarios::default(),
        }
    }

    #[test]
    fn only_a_side_a_player_commands_rolls_its_own_dice_and_the_battle_and_its_save_say_which() {
        let menu = Menu { by_hand: BTreeSet::from(["Crew".to_owned(), "Gang".to_owned()]), ..on_the_street() };
        let request = chosen(&menu).expect("a choice");
        assert_eq!(request.by_hand, ["Crew"], "the AI's dice stay seeded");
        let started = crate::battle::start(&request, crate::battle::no_typing).expect("a battle");
        assert_eq!(
            (started.request.by_hand.as_slice(), started.request.dice),
            (&["Crew".to_owned()][..], DiceChoice::Seed(3))
        );
    }

    #[test]
    fn a_scenario_chosen_instead_of_the_level_plays_under_its_own_ruleset_and_the_players_choice_stays() {
        let mut menu = Menu { wanted: RulesetId::EclipsePhase, ruleset: RulesetId::EclipsePhase, ..on_the_street() };
        menu.scenarios.read(Path::new("scenarios"), None);
        menu.scenarios.choose_file("storyteller_tavern.ron");
        let (_, tavern) = menu.scenarios.chosen().expect("the tavern is listed");
        let first = tavern.sides()[0].to_owned();
        menu.controls = BTreeMap::from([(first.clone(), Control::Human)]);
        settle_ruleset(&mut menu);
        assert_eq!((menu.ruleset, menu.wanted), (RulesetId::Storyteller, RulesetId::EclipsePhase));
        assert!(menu.level().is_none(), "no level chosen beside it");
        let request = chosen(&menu).expect("a choice");
        assert!(request.file.ends_with("scenarios/storyteller_tavern.ron"), "{}", request.file.display());
        assert_eq!((request.ruleset, request.humans.clone()), (None, vec![first]));
        let started = crate::battle::start(&request, crate::battle::no_typing).expect("the tavern starts");
        assert_eq!(started.scenario.ruleset_id(), RulesetId::Storyteller);
        menu.scenarios.unchoose();
        settle_ruleset(&mut menu);
        assert_eq!(menu.ruleset, RulesetId::EclipsePhase, "back on the street, the player's choice again");
    }
}
