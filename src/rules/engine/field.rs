//! What the battlefield tells the rules, in map terms every ruleset then names in its own: the line of fire and
//! the cover between two cells, the distance in meters, and the routes a combatant can move along. The grid map
//! (`crate::map`) answers these questions for a level; [`OpenGround`] answers them for a scenario without a map.
//!
//! Scale: one cell is one meter unless the map says otherwise ([`Terrain::cell_dm`]: a level's `cell_m`, 1.5 m on a
//! 5-foot grid); the map scales its own answers, so the rules keep meters. A straight step costs a cell, a diagonal
//! step one and a half (the usual grid compromise for √2); costs are kept in decimeters so that they stay whole
//! numbers.

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, LazyLock};

use fnv::FnvHashMap as HashMap;
use pathfinding::prelude::dijkstra_reach;
use serde::{Deserialize, Serialize};

/// A grid cell (x, y); x grows to the right, y downwards.
pub type Cell = (i32, i32);

/// Decimeters: movement costs and allowances.
pub type Dm = u32;

/// Cost of a straight step.
pub const STEP: Dm = 10;
/// Cost of a diagonal step.
pub const DIAGONAL: Dm = 15;

/// The cover a target has from an attacker, in map terms (weakest first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CoverLevel {
    /// Nothing in the way.
    #[default]
    None,
    /// Low cover somewhere along the line, away from the target.
    Light,
    /// Low cover (or a window) right in front of the target.
    Partial,
    /// High cover right in front of the target: it leans out to see.
    Heavy,
}

impl fmt::Display for CoverLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CoverLevel::None => "no cover",
            CoverLevel::Light => "light cover",
            CoverLevel::Partial => "partial cover",
            CoverLevel::Heavy => "heavy cover",
        })
    }
}

/// What an attacker on one cell sees of a target on another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sight {
    /// A wall is in the way: no attack is possible.
    pub blocked: bool,
    /// High cover between them hides the target entirely: an attack is a blind shot at where it is.
    pub hidden: bool,
    pub cover: CoverLevel,
    /// The attacker fires from behind cover of its own (it leans out or over).
    pub attacker_in_cover: bool,
    /// The attacker stands on high ground and the target does not.
    pub high_ground: bool,
    /// Distance in whole meters (straight line, rounded to the nearest meter), at the map's scale.
    pub meters: u32,
    /// The next cell, nothing between them: within arm's reach whatever a cell's size.
    pub touching: bool,
}

impl Sight {
    /// The distance a reach is measured by: 1 m for the next cell whatever a cell's size (arm's length: at 1.5 m a
    /// cell the next cell is 2 m away by the straight line, and a melee attack must still reach it), else
    /// [`Sight::meters`].
    pub fn reach_m(&self) -> u32 {
        if self.touching { 1 } else { self.meters }
    }
}

/// How fast a combatant moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pace {
    #[default]
    Walk,
    Run,
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pace::Walk => "walks",
            Pace::Run => "runs",
        })
    }
}

/// Walking and running rates in meters per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    pub walk: u32,
    pub run: u32,
}

impl Rates {
    /// The meters of a turn for `pace`, shared among `parts` (action phases or initiative passes), in decimeters.
    pub fn per_part(self, pace: Pace, parts: u32) -> Dm {
        let m = match pace {
            Pace::Walk => self.walk,
            Pace::Run => self.run,
        };
        m * STEP / parts.max(1)
    }
}

/// A move as an action gives it: where to, at which pace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub to: Cell,
    #[serde(default)]
    pub pace: Pace,
}

/// A path from a cell (not included) to its last cell, and what it costs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Route {
    pub cells: Vec<Cell>,
    pub cost: Dm,
}

impl Route {
    /// The longest start of the route that costs at most `budget`, given each step's cost from `step_cost`.
    pub fn truncated(&self, from: Cell, budget: Dm, step_cost: impl Fn(Cell, Cell) -> Dm) -> Route {
        let mut out = Route::default();
        let mut at = from;
        for &cell in &self.cells {
            let cost = out.cost.saturating_add(step_cost(at, cell));
            if cost > budget {
                break;
            }
            out.cells.push(cell);
            out.cost = cost;
            at = cell;
        }
        out
    }
}

/// Meters with one decimal, for the log.
pub fn meters(dm: Dm) -> String {
    match dm % 10 {
        0 => format!("{} m", dm / 10),
        r => format!("{}.{r} m", dm / 10),
    }
}

/// The other combatants in a mover's way: the standing block their cells; the fallen only take up room to stop in
/// (one steps over a body, so a body in a doorway does not seal the room behind it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Crowd {
    pub standing: Vec<Cell>,
    pub fallen: Vec<Cell>,
}

impl Crowd {
    /// Only standing combatants, on these cells.
    pub fn standing(cells: Vec<Cell>) -> Self {
        Crowd { standing: cells, fallen: Vec::new() }
    }

    /// Whether a mover may not pass through `cell`.
    pub fn blocks(&self, cell: Cell) -> bool {
        self.standing.contains(&cell)
    }

    /// Whether a mover may not stop on `cell`.
    pub fn taken(&self, cell: Cell) -> bool {
        self.blocks(cell) || self.fallen.contains(&cell)
    }
}

/// A door on the map: open or closed, and the pairs of cells side by side it stands between (a wide door spans
/// several).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Door {
    pub open: bool,
    pub between: Vec<(Cell, Cell)>,
}

impl Door {
    /// Whether a combatant on `cell` stands beside it, on either side.
    pub fn beside(&self, cell: Cell) -> bool {
        self.between.iter().any(|(a, b)| *a == cell || *b == cell)
    }
}

/// The battlefield as the rules ask about it.
pub trait Terrain: fmt::Debug + Send + Sync {
    /// What an attacker on `from` sees of a target on `to`.
    fn sight(&self, from: Cell, to: Cell) -> Sight;
    /// The cost of one step between neighbouring cells, `None` where it cannot be taken.
    fn step_cost(&self, from: Cell, to: Cell) -> Option<Dm>;
    /// Decimeters a cell spans: 10 (a cell is a meter) unless the map says otherwise (a 5-foot grid: 15).
    fn cell_dm(&self) -> Dm {
        STEP
    }
    /// Straight-line meters between two cells, at this terrain's scale.
    fn meters(&self, a: Cell, b: Cell) -> u32 {
        distance_at(a, b, self.cell_dm())
    }
    /// The cheapest route from `from` to the free cell `to`, around the `crowd`.
    fn route(&self, from: Cell, to: Cell, crowd: &Crowd) -> Option<Route>;
    /// The cheapest route from `from` to the nearest free cell where `done` holds, costing at most `budget`.
    fn route_to(&self, from: Cell, done: &dyn Fn(Cell) -> bool, crowd: &Crowd, budget: Dm) -> Option<Route>;
    /// Whether `cell` is on the field (open ground goes on without end).
    fn contains(&self, _cell: Cell) -> bool {
        true
    }
    /// Whether a combatant may stand on `cell` (not a wall).
    fn passable(&self, cell: Cell) -> bool {
        self.contains(cell)
    }
    /// Whether a combatant of `side` leaves the battle by stepping on `cell` (a level's exit).
    fn exit_for(&self, _cell: Cell, _side: &str) -> bool {
        false
    }
    /// Where the level sends `side`: an exit to escape by or a zone to hold.
    fn goal(&self, _side: &str) -> Option<&Goal> {
        None
    }
    /// How many doors the map has (numbered from 0).
    fn doors(&self) -> u16 {
        0
    }
    /// Door `n`: whether it stands open, and the pairs of cells side by side it stands between.
    fn door(&self, _n: u16) -> Option<Door> {
        None
    }
    /// This ground with door `n` open or closed (none when there is no such door).
    fn with_door(&self, _n: u16, _open: bool) -> Option<Field> {
        None
    }
    /// Every free cell reachable from `from` within `budget`, around the `crowd`, with its cost (the start at 0).
    fn reachable(&self, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
        reachable_around(self, from, crowd, budget)
    }
    /// The cost of the cheapest way from every cell within `budget` to the nearest of `goals` (walls, not
    /// combatants, in the way): the AI's sense of how far an exit or a zone is.
    fn distances_to(&self, goals: &[Cell], budget: Dm) -> HashMap<Cell, Dm> {
        // One Dijkstra from a virtual start (`None`) one free step from every goal cell.
        let steps = |n: &Option<Cell>| match n {
            None => goals.iter().map(|&g| (Some(g), 0)).collect::<Vec<_>>(),
            Some(c) => neighbours(self, *c).map(|(to, cost)| (Some(to), cost)).collect(),
        };
        dijkstra_reach(&None, steps)
            .take_while(|item| item.total_cost <= budget)
            .filter_map(|item| item.node.map(|c| (c, item.total_cost)))
            .collect()
    }
}

/// Every free cell reachable from `from` within `budget` on any terrain, around the `crowd`, with its cost,
/// cheapest first (by `pathfinding`'s Dijkstra; a map may answer faster, in the same order).
pub fn reachable_around<T: Terrain + ?Sized>(terrain: &T, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
    let steps = |&c: &Cell| neighbours(terrain, c).filter(|(to, _)| !crowd.blocks(*to)).collect::<Vec<_>>();
    dijkstra_reach(&from, steps)
        .take_while(|item| item.total_cost <= budget)
        .filter(|item| !crowd.taken(item.node))
        .map(|item| (item.node, item.total_cost))
        .collect()
}

/// A cell's eight neighbours, in the order every search on the grid takes them (the map's must keep it: the order of
/// equal costs follows from it).
pub const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The steps from `at` to its eight neighbours that can be taken, with their costs.
fn neighbours<T: Terrain + ?Sized>(terrain: &T, at: Cell) -> impl Iterator<Item = (Cell, Dm)> + '_ {
    NEIGHBOURS.iter().filter_map(move |(dx, dy)| {
        let to = (at.0 + dx, at.1 + dy);
        terrain.step_cost(at, to).map(|cost| (to, cost))
    })
}

/// Where a level sends a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goal {
    pub cells: Vec<Cell>,
    /// Get there at all costs (an exit), rather than get there and stay (a zone to hold).
    pub rush: bool,
}

/// The terrain a battle is fought on, shared by the ruleset and whoever else asks (the map, the AI, the GUI).
#[derive(Clone, Debug)]
pub struct Field(pub Arc<dyn Terrain>);

impl Default for Field {
    fn default() -> Self {
        Field(Arc::new(OpenGround))
    }
}

impl Deref for Field {
    type Target = dyn Terrain;

    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

/// Straight-line meters between two cells, rounded to the nearest meter.
pub fn distance_m(a: Cell, b: Cell) -> u32 {
    let (dx, dy) = (a.0.abs_diff(b.0) as usize, a.1.abs_diff(b.1) as usize);
    match dx < NEAR && dy < NEAR {
        // The AI asks this of every cell it may reach at every enemy: a table's answer, not a root's.
        true => u32::from(NEAR_METERS[dx * NEAR + dy]),
        false => meters_apart(dx as u64, dy as u64),
    }
}

/// Cells apart (across and down) up to which [`distance_m`] is looked up.
const NEAR: usize = 128;

/// [`meters_apart`] for every pair of gaps under [`NEAR`] (16 KiB; 180 m at most).
static NEAR_METERS: LazyLock<Box<[u8]>> =
    LazyLock::new(|| (0..NEAR * NEAR).map(|i| meters_apart((i / NEAR) as u64, (i % NEAR) as u64) as u8).collect());

/// Straight-line meters across `dx` cells and down `dy`, rounded to the nearest meter.
fn meters_apart(dx: u64, dy: u64) -> u32 {
    // The square root of a whole number of square cells: exact to the last bit (`hypot`, which guards against
    // overflow these never reach, was a tenth of a simulated battle), and never half-way between two meters.
    ((dx * dx + dy * dy) as f64).sqrt().round() as u32
}

/// Straight-line meters between two cells of `cell_dm` decimeters each, rounded to the nearest meter.
pub fn distance_at(a: Cell, b: Cell, cell_dm: Dm) -> u32 {
    if cell_dm == STEP {
        return distance_m(a, b);
    }
    let (dx, dy) = (i64::from(a.0 - b.0), i64::from(a.1 - b.1));
    (((dx * dx + dy * dy) as f64).sqrt() * f64::from(cell_dm) / 10.0).round() as u32
}

/// The cost of a diagonal step over cells of `cell_dm` decimeters: one and a half straight steps (the usual grid
/// compromise for √2), rounded up.
pub fn diagonal_dm(cell_dm: Dm) -> Dm {
    (3 * cell_dm).div_ceil(2)
}

/// Whether two cells touch (diagonals included): the reach of a melee attack.
pub fn adjacent(a: Cell, b: Cell) -> bool {
    a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

/// The cost of walking the cheapest unobstructed way between two cells: diagonals first, then straight.
pub fn open_cost(a: Cell, b: Cell) -> Dm {
    open_cost_at(a, b, STEP)
}

/// [`open_cost`] over cells of `cell_dm` decimeters.
pub fn open_cost_at(a: Cell, b: Cell, cell_dm: Dm) -> Dm {
    let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    let (diag, straight) = (dx.min(dy), dx.max(dy) - dx.min(dy));
    // Saturating: a cell typed in (or sent) may lie anywhere an i32 reaches.
    diag.saturating_mul(diagonal_dm(cell_dm)).saturating_add(straight.saturating_mul(cell_dm))
}

/// The longest route the open plain gives: far past any run (10 km), short enough to walk cell by cell.
const FARTHEST: Dm = 100_000;

/// An endless open plain: what a scenario without a map fights on. Nothing blocks sight; moving goes straight.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenGround;

impl Terrain for OpenGround {
    fn sight(&self, from: Cell, to: Cell) -> Sight {
        Sight { meters: distance_m(from, to), touching: adjacent(from, to), ..Sight::default() }
    }

    fn step_cost(&self, from: Cell, to: Cell) -> Option<Dm> {
        adjacent(from, to).then(|| open_cost(from, to))
    }

    fn route(&self, from: Cell, to: Cell, crowd: &Crowd) -> Option<Route> {
        if crowd.taken(to) || open_cost(from, to) > FARTHEST {
            return None;
        }
        let mut cells = Vec::new();
        let mut at = from;
        while at != to {
            at = (at.0 + (to.0 - at.0).signum(), at.1 + (to.1 - at.1).signum());
            cells.push(at);
        }
        Some(Route { cells, cost: open_cost(from, to) })
    }

    fn route_to(&self, from: Cell, done: &dyn Fn(Cell) -> bool, crowd: &Crowd, budget: Dm) -> Option<Route> {
        // The plain has no walls: search outwards ring by ring for the cheapest free cell where `done` holds.
        let reach = (budget / STEP).min(64) as i32;
        let mut best: Option<(Dm, Cell)> = None;
        for dx in -reach..=reach {
            for dy in -reach..=reach {
                let cell = (from.0 + dx, from.1 + dy);
                let cost = open_cost(from, cell);
                let free = cell == from || !crowd.taken(cell);
                if cost <= budget && free && done(cell) && best.is_none_or(|(c, b)| (cost, cell) < (c, b)) {
                    best = Some((cost, cell));
                }
            }
        }
        best.and_then(|(_, cell)| self.route(from, cell, crowd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_ground_goes_diagonally_first() {
        let route = OpenGround.route((0, 0), (3, 1), &Crowd::default()).expect("open");
        assert_eq!(route.cells, [(1, 1), (2, 1), (3, 1)]);
        assert_eq!(route.cost, 35);
        assert_eq!(meters(35), "3.5 m");
        assert_eq!(distance_m((0, 0), (3, 1)), 3);
        assert_eq!(distance_m((0, 0), (1, 1)), 1);
        let crowd = Crowd::standing(vec![(4, 0)]);
        let near = OpenGround.route_to((0, 0), &|c| adjacent(c, (5, 0)), &crowd, 100).expect("reach");
        assert_eq!(near.cells.last(), Some(&(4, -1)));
    }

    #[test]
    fn a_cell_at_the_end_of_the_numbers_is_no_route_and_no_overflow() {
        // A move typed in or sent over the network may name any cell: it is refused at once, not walked.
        assert_eq!(OpenGround.route((0, 0), (i32::MAX, i32::MIN), &Crowd::default()), None);
        assert_eq!(open_cost((i32::MIN, 0), (i32::MAX, 0)), Dm::MAX);
        assert!(OpenGround.route((0, 0), (10_000, 0), &Crowd::default()).is_some(), "10 km is still a route");
    }
}
