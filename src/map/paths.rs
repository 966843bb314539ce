//! Movement on the grid: the cheapest route between two cells by A*, the nearest cell that meets a goal and
//! every cell within a budget by Dijkstra (the first two from the `pathfinding` crate, the last over arrays in
//! the crate's order). Combatants block the cells they stand on.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use fnv::FnvHashMap as HashMap;
use pathfinding::prelude::{astar, dijkstra_reach};

use super::grid::Grid;
use crate::rules::engine::field::{Cell, Crowd, Dm, NEIGHBOURS, Route, open_cost_at};

/// The steps from a cell and their costs, around the standing (over the fallen).
fn steps<'a>(grid: &'a Grid, crowd: &'a Crowd, at: Cell) -> impl Iterator<Item = (Cell, Dm)> + 'a {
    NEIGHBOURS.iter().filter_map(move |(dx, dy)| {
        let to = (at.0 + dx, at.1 + dy);
        if crowd.blocks(to) {
            return None;
        }
        grid.step_cost(at, to).map(|cost| (to, cost))
    })
}

/// The cheapest route from `from` to `to`, which must be free.
pub fn route(grid: &Grid, from: Cell, to: Cell, crowd: &Crowd) -> Option<Route> {
    if crowd.taken(to) || !grid.passable(to) {
        return None;
    }
    // The open-ground cost is never more than the real cost: an admissible heuristic, so A* finds the cheapest.
    let (path, cost) =
        astar(&from, |&c| steps(grid, crowd, c), |&c| open_cost_at(c, to, grid.cell_dm()), |&c| c == to)?;
    Some(Route { cells: path[1..].to_vec(), cost })
}

/// The cheapest route to the nearest cell where `done` holds, costing at most `budget`.
pub fn route_to(grid: &Grid, from: Cell, done: &dyn Fn(Cell) -> bool, crowd: &Crowd, budget: Dm) -> Option<Route> {
    let mut parents: HashMap<Cell, Cell> = HashMap::default();
    for item in dijkstra_reach(&from, |&c| steps(grid, crowd, c).collect::<Vec<_>>()) {
        if item.total_cost > budget {
            return None;
        }
        if let Some(parent) = item.parent {
            parents.insert(item.node, parent);
        }
        if done(item.node) && !crowd.taken(item.node) {
            let mut cells = vec![item.node];
            while let Some(&p) = parents.get(cells.last()?) {
                cells.push(p);
            }
            cells.pop(); // the start
            cells.reverse();
            return Some(Route { cells, cost: item.total_cost });
        }
    }
    None
}

/// Every cell reachable within `budget`, with its cost (the start included at 0), cheapest first.
///
/// Dijkstra over arrays as large as the grid rather than `pathfinding`'s hash maps, its steps' costs from `table`
/// (the grid's [`step_table`]): the AI asks this thousands of times a decision. Its heap is ordered by cost alone and is fed the same entries in the same order as
/// `dijkstra_reach` (the trait's own `Terrain::reachable`), so cells of equal cost come out in the same order too:
/// the AI, which takes the first of equals, and the plan sent online see the very list the crate gives.
pub fn reachable(grid: &Grid, table: &StepTable, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
    // Every cell a step leads to is on the map; only the start may lie off it: it gets the last slot.
    let slots = (grid.width * grid.height) as usize;
    let slot = |c: Cell| if grid.contains(c) { (c.1 * grid.width + c.0) as usize } else { slots };
    // Who stands (1) or lies (2) where, looked up in a step rather than searched for.
    let mut crowded = vec![0u8; slots + 1];
    for (cells, mark) in [(&crowd.standing, 1), (&crowd.fallen, 2)] {
        for &c in cells.iter().filter(|&&c| grid.contains(c) || c == from) {
            crowded[slot(c)] |= mark;
        }
    }
    let mut best = vec![Dm::MAX; slots + 1];
    let mut seen = vec![false; slots + 1];
    let mut to_see = BinaryHeap::from([Cheapest { cost: 0, cell: from }]);
    best[slot(from)] = 0;
    let mut out = Vec::new();
    while let Some(Cheapest { cost, cell }) = to_see.pop() {
        let at = slot(cell);
        if std::mem::replace(&mut seen[at], true) {
            continue;
        }
        if cost > budget {
            break;
        }
        if crowded[at] == 0 {
            out.push((cell, cost));
        }
        for (k, (dx, dy)) in NEIGHBOURS.iter().enumerate() {
            let to = (cell.0 + dx, cell.1 + dy);
            let step = match table.get(at) {
                Some(steps) => steps[k],
                None => grid.step_cost(cell, to),
            };
            let Some(step) = step else { continue };
            let (cost, next) = (cost + step, slot(to));
            if crowded[next] & 1 == 0 && cost < best[next] {
                best[next] = cost;
                to_see.push(Cheapest { cost, cell: to });
            }
        }
    }
    out
}

/// The cost of each of a cell's eight steps (in `NEIGHBOURS`' order; none where it cannot be taken), for every
/// cell row by row: [`Grid::step_cost`] asked once a map rather than at every step of every search.
pub type StepTable = [[Option<Dm>; 8]];

/// The step table of `grid`.
pub fn step_table(grid: &Grid) -> Box<StepTable> {
    let steps =
        |at: Cell| std::array::from_fn(|k| grid.step_cost(at, (at.0 + NEIGHBOURS[k].0, at.1 + NEIGHBOURS[k].1)));
    grid.cells().map(|(at, _)| steps(at)).collect()
}

/// A heap entry that compares by cost alone, the cheapest greatest (as `pathfinding`'s own): equal costs leave
/// the heap in the order its sifting gives, which is the crate's order.
struct Cheapest {
    cost: Dm,
    cell: Cell,
}

impl PartialEq for Cheapest {
    fn eq(&self, other: &Self) -> bool {
        self.cost == other.cost
    }
}

impl Eq for Cheapest {}

impl PartialOrd for Cheapest {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cheapest {
    fn cmp(&self, other: &Self) -> Ordering {
        other.cost.cmp(&self.cost)
    }
}
