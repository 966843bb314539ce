//! The grid map by picture: line of sight and cover between an attacker `A` and a target `T` on small ASCII maps,
//! movement costs, routes and reachable cells.

use proptest::prelude::*;
use skirmish::map::Battlefield;
use skirmish::map::grid::{Grid, Ground};
use skirmish::rules::engine::field::{Cell, CoverLevel, Crowd, Sight, Terrain, reachable_around};
use skirmish::scenario::level;
use std::path::Path;

/// The grid of a picture, and where `A` and `T` stand (on open ground, or on high ground for `a` and `t`).
fn picture(rows: &[&str]) -> (Grid, Cell, Cell) {
    let find = |marks: &str| -> Cell {
        rows.iter()
            .enumerate()
            .find_map(|(y, r)| r.chars().position(|c| marks.contains(c)).map(|x| (x as i32, y as i32)))
            .expect("the picture has the mark")
    };
    let (a, t) = (find("Aa"), find("Tt"));
    let clean: Vec<String> = rows.iter().map(|r| r.replace(['A', 'T'], ".").replace(['a', 't'], "^")).collect();
    (Grid::parse(&clean).expect("a good picture"), a, t)
}

fn sight(rows: &[&str]) -> Sight {
    let (grid, a, t) = picture(rows);
    Battlefield::new(grid).sight(a, t)
}

#[test]
fn open_ground_hides_nothing() {
    let s = sight(&["A.......T"]);
    assert_eq!(s, Sight { meters: 8, ..Sight::default() });
}

#[test]
fn a_wall_blocks_the_line_both_ways() {
    let rows = ["A...#...T"];
    assert!(sight(&rows).blocked);
    let (grid, a, t) = picture(&rows);
    assert!(Battlefield::new(grid).sight(t, a).blocked);
}

#[test]
fn low_cover_right_in_front_of_the_target_is_partial_cover() {
    let s = sight(&["A......oT"]);
    assert_eq!((s.cover, s.hidden, s.blocked, s.attacker_in_cover), (CoverLevel::Partial, false, false, false));
}

#[test]
fn low_cover_halfway_is_light_cover() {
    assert_eq!(sight(&["A...o...T"]).cover, CoverLevel::Light);
}

#[test]
fn high_cover_right_in_front_of_the_target_is_heavy_and_further_away_hides_it() {
    let heavy = sight(&["A......OT"]);
    assert_eq!((heavy.cover, heavy.hidden), (CoverLevel::Heavy, false));
    let hidden = sight(&["A...O...T"]);
    assert!(hidden.hidden && !hidden.blocked);
}

#[test]
fn cover_in_front_of_the_attacker_is_its_own() {
    let s = sight(&["AO......T"]);
    assert_eq!((s.cover, s.hidden, s.attacker_in_cover), (CoverLevel::None, false, true));
    let s = sight(&["Ao......T"]);
    assert_eq!((s.cover, s.attacker_in_cover), (CoverLevel::None, true));
}

#[test]
fn a_window_covers_like_low_cover() {
    assert_eq!(sight(&["A......wT"]).cover, CoverLevel::Partial);
}

#[test]
fn high_ground_shoots_over_low_cover_and_is_a_superior_position() {
    let s = sight(&["a......oT"]);
    assert_eq!((s.cover, s.high_ground), (CoverLevel::None, true));
    let s = sight(&["A......ot"]);
    assert_eq!((s.cover, s.high_ground), (CoverLevel::Partial, false), "from below, the cover counts");
}

#[test]
fn a_combatant_at_a_corner_leans_around_it() {
    // The line from A to T grazes the wall's corner one way and not the other: the clearer way counts.
    let rows = [
        "#####....", //
        "####A....",
        ".........",
        "T........",
    ];
    let s = sight(&rows);
    assert!(!s.blocked, "{s:?}");
    let blocked = ["#####....", "####A....", "###......", "T#......."];
    assert!(sight(&blocked).blocked);
}

#[test]
fn distance_is_straight_line_meters() {
    assert_eq!(sight(&["A...", "....", "...T"]).meters, 4); // √(9 + 4) = 3.6
    assert_eq!(sight(&["A.", ".T"]).meters, 1);
}

#[test]
fn steps_cost_one_meter_straight_one_and_a_half_diagonal_double_on_rough_ground() {
    let g = Grid::parse(&["..~", ".o.", "..^"]).unwrap();
    assert_eq!(g.step_cost((0, 0), (1, 0)), Some(10));
    assert_eq!(g.step_cost((0, 0), (1, 1)), Some(30), "climbing over low cover, diagonally");
    assert_eq!(g.step_cost((1, 0), (2, 0)), Some(20), "difficult ground");
    assert_eq!(g.step_cost((2, 1), (2, 2)), Some(20), "climbing onto high ground");
    assert_eq!(g.step_cost((0, 0), (2, 0)), None, "not a neighbour");
    let corner = Grid::parse(&[".#", ".."]).unwrap();
    assert_eq!(corner.step_cost((0, 0), (1, 1)), None, "no cutting a wall's corner");
}

#[test]
fn routes_go_around_walls_and_combatants() {
    let rows = ["A..#...", "...#...", "...#..T", "......."];
    let (grid, a, t) = picture(&rows);
    let field = Battlefield::new(grid);
    let route = field.route(a, t, &Crowd::default()).expect("a way around");
    assert_eq!(route.cells.last(), Some(&t));
    assert!(route.cells.iter().all(|&c| field.grid().passable(c)));
    // Two diagonal steps, then straight down and through the gap (no cutting the wall's corners), then a diagonal
    // and a straight step up to T: 1.5 + 1.5 + 1 + 1 + 1 + 1.5 + 1 = 8.5 m.
    assert_eq!(route.cost, 85);
    assert_eq!(route.cells, [(1, 1), (2, 2), (2, 3), (3, 3), (4, 3), (5, 2), (6, 2)]);
    let blocked = field.route(a, t, &Crowd::standing(vec![(3, 3)]));
    assert!(blocked.is_none(), "a combatant in the only gap blocks it: {blocked:?}");
    assert!(field.route(a, (3, 0), &Crowd::default()).is_none(), "no route into a wall");
}

#[test]
fn reachable_cells_within_two_meters_on_open_ground() {
    let field = Battlefield::new(Grid::open(9, 9));
    let cells = field.reachable((4, 4), &Crowd::default(), 20);
    // The cell itself, its eight neighbours (1 or 1.5 m) and the four cells two straight steps away (2 m).
    assert_eq!(cells.len(), 13);
    assert!(cells.contains(&((4, 6), 20)) && cells.contains(&((5, 5), 15)));
    assert!(!cells.iter().any(|(c, _)| *c == (5, 6)), "2.5 m away");
    let mut walled = Grid::open(9, 9);
    walled.set((5, 4), Ground::Wall);
    let around = Battlefield::new(walled).reachable((4, 4), &Crowd::default(), 20);
    assert!(!around.iter().any(|(c, _)| *c == (6, 4)), "the wall is in the way");
    let difficult = Battlefield::new(Grid::parse(&["~~~~~"]).unwrap()).reachable((0, 0), &Crowd::default(), 40);
    assert_eq!(difficult.len(), 3, "2 m a step on difficult ground");
}

/// The map's reachable cells (arrays, for speed) are `pathfinding`'s Dijkstra's list, order and all: the AI takes
/// the first of equally good cells, so another order of equal costs would play other battles. On every shipped
/// level (doors open and closed), from cells all over it, with and without combatants standing and fallen about.
#[test]
fn reachable_cells_come_in_the_order_of_the_crates_dijkstra_on_every_level() {
    let mut compared = 0;
    for path in level::files_in(Path::new("levels")) {
        let ground = Battlefield::new(level::load(&path).expect("a shipped level loads").grid().clone());
        let opened = (0..ground.doors()).filter_map(|n| ground.with_door_open(n, true));
        for field in std::iter::once(ground.clone()).chain(opened) {
            let grid = field.grid();
            let cells: Vec<Cell> = grid.cells().filter(|(_, g)| g.passable()).map(|(c, _)| c).collect();
            let crowds = [
                Crowd::default(),
                Crowd {
                    standing: cells.iter().copied().step_by(5).collect(),
                    fallen: cells.iter().copied().skip(2).step_by(7).collect(),
                },
            ];
            for (i, &from) in cells.iter().enumerate().step_by(3) {
                let crowd = &crowds[i % 2];
                for budget in [0, 15, 40, 80, 160, 400] {
                    let fast = field.reachable(from, crowd, budget);
                    assert_eq!(fast, reachable_around(&field, from, crowd, budget), "{path:?} from {from:?}");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 5000, "only {compared} lists compared");
}

/// Sights kept (by tiles of cells, whatever the map's size) are the sights worked out: on every shipped level,
/// between cells all over it, asked twice.
#[test]
fn remembered_sights_are_the_sights_on_every_level() {
    for path in level::files_in(Path::new("levels")) {
        let field = Battlefield::new(level::load(&path).expect("a shipped level loads").grid().clone());
        let grid = field.grid().clone();
        let cells: Vec<Cell> = grid.cells().map(|(c, _)| c).collect();
        for &a in cells.iter().step_by(7) {
            for &b in cells.iter().skip(3).step_by(11) {
                let fresh = skirmish::map::sight::sight(&grid, a, b);
                assert_eq!(field.sight(a, b), fresh, "{path:?}: {a:?} to {b:?}, the first time");
                assert_eq!(field.sight(a, b), fresh, "{path:?}: {a:?} to {b:?}, remembered");
            }
        }
    }
}

/// Random small maps of open ground, walls and cover.
fn maps() -> impl Strategy<Value = Vec<String>> {
    let cell = prop_oneof![6 => Just('.'), 1 => Just('#'), 1 => Just('o'), 1 => Just('O')];
    prop::collection::vec(prop::collection::vec(cell, 8).prop_map(|r| r.into_iter().collect::<String>()), 8)
}

proptest! {
    #[test]
    fn sight_is_blocked_from_both_ends_or_from_neither(rows in maps(), a in (0..8i32, 0..8i32), b in (0..8i32, 0..8i32)) {
        let field = Battlefield::new(Grid::parse(&rows).unwrap());
        prop_assert_eq!(field.sight(a, b).blocked, field.sight(b, a).blocked);
        prop_assert_eq!(field.sight(a, b).meters, field.sight(b, a).meters);
    }

    #[test]
    fn a_remembered_sight_is_the_sight_worked_out(rows in maps(), a in (-1..9i32, -1..9i32), b in (-1..9i32, -1..9i32)) {
        let grid = Grid::parse(&rows).unwrap();
        let field = Battlefield::new(grid.clone());
        let fresh = skirmish::map::sight::sight(&grid, a, b);
        prop_assert_eq!(field.sight(a, b), fresh, "the first time");
        prop_assert_eq!(field.sight(a, b), fresh, "remembered");
        prop_assert_eq!(field.clone().sight(b, a), skirmish::map::sight::sight(&grid, b, a), "a copy, the other way");
    }

    #[test]
    fn a_route_costs_what_its_steps_cost(rows in maps(), a in (0..8i32, 0..8i32), b in (0..8i32, 0..8i32)) {
        let field = Battlefield::new(Grid::parse(&rows).unwrap());
        if let Some(route) = field.route(a, b, &Crowd::default()) {
            let mut at = a;
            let mut cost = 0;
            for &c in &route.cells {
                cost += field.grid().step_cost(at, c).expect("a legal step");
                at = c;
            }
            prop_assert_eq!(cost, route.cost);
            prop_assert_eq!(at, b);
        }
    }

    #[test]
    fn reachable_cells_come_in_the_order_of_the_crates_dijkstra(
        rows in rough_maps(), from in (-1..9i32, -1..9i32), budget in 0..120u32,
        standing in prop::collection::vec((0..8i32, 0..8i32), 0..6),
        fallen in prop::collection::vec((0..8i32, 0..8i32), 0..4),
    ) {
        let field = Battlefield::new(Grid::parse(&rows).unwrap());
        let crowd = Crowd { standing, fallen };
        prop_assert_eq!(field.reachable(from, &crowd, budget), reachable_around(&field, from, &crowd, budget));
    }
}

/// Random small maps of every ground: difficult ground and high ground make steps of unequal cost.
fn rough_maps() -> impl Strategy<Value = Vec<String>> {
    let cell =
        prop_oneof![5 => Just('.'), 1 => Just('#'), 1 => Just('o'), 1 => Just('O'), 1 => Just('~'), 1 => Just('^')];
    prop::collection::vec(prop::collection::vec(cell, 8).prop_map(|r| r.into_iter().collect::<String>()), 8)
}
