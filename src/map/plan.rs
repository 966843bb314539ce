//! A map as it is sent to an online player: its rows of characters, the size of a cell and the walls, windows and
//! doors between cells, from which the player's game builds the same grid as the host's.

use serde::{Deserialize, Serialize};

use super::edges::{Edges, Line};
use super::grid::Grid;
use crate::rules::engine::field::{Dm, STEP};

/// A grid written out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapPlan {
    pub rows: Vec<String>,
    /// Decimeters a cell spans (10: a meter).
    pub cell_dm: Dm,
    pub walls: Vec<Line>,
    pub windows: Vec<Line>,
    pub doors: Vec<Line>,
}

impl MapPlan {
    /// How `grid` is written out.
    pub fn of(grid: &Grid) -> Self {
        let (walls, windows, doors) = grid.edges().lines();
        MapPlan { rows: grid.rows(), cell_dm: grid.cell_dm(), walls, windows, doors }
    }

    /// The grid it writes out; open ground 16 × 12 for a plan that is not one (a scenario without a map), and
    /// without the edges that do not fit.
    pub fn grid(&self) -> Grid {
        let grid = Grid::parse(&self.rows).unwrap_or_else(|_| Grid::open(16, 12));
        let edges = Edges::fitting((grid.width, grid.height), &self.walls, &self.windows, &self.doors);
        let cell_dm = Some(self.cell_dm).filter(|d| (5..=50).contains(d)).unwrap_or(STEP);
        grid.with_cell_dm(cell_dm).with_edges(edges)
    }
}
