//! Movement on the grid: the cheapest route between two cells by A*, the nearest cell that meets a goal and
//! every cell within a budget by Dijkstra (both from the `pathfinding` crate). Combatants block the cells they
//! stand on.

use fnv::FnvHashMap as HashMap;
use pathfinding::prelude::{astar, dijkstra_reach};

use super::grid::Grid;
use crate::rules::engine::field::{Cell, Crowd, Dm, Route, open_cost_at};

const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

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

/// Every cell reachable within `budget`, with its cost (the start included at 0).
pub fn reachable(grid: &Grid, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
    dijkstra_reach(&from, |&c| steps(grid, crowd, c).collect::<Vec<_>>())
        .take_while(|item| item.total_cost <= budget)
        .filter(|item| !crowd.taken(item.node))
        .map(|item| (item.node, item.total_cost))
        .collect()
}
