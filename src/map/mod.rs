//! The grid map every ruleset fights on: terrain per cell, line of sight and cover, routes and movement costs. It
//! knows no ruleset and no scenario (levels, which turn a map into a battle, are `crate::scenario::level`). Pure
//! Rust, no bevy: the rules ask it through
//! [`crate::rules::engine::field::Terrain`]; the ECS, the CLI and the GUI read the same [`Battlefield`].
//!
//! - `grid.rs`: terrain per cell, read from rows of characters; movement costs
//! - `edges.rs`: walls, windows and doors on the lines between cells
//! - `sight.rs`: line of sight and cover between two cells
//! - `plan.rs`: a map written out for an online player
//! - `paths.rs`: routes by A*, reachable cells by Dijkstra

pub mod edges;
pub mod grid;
pub mod paths;
pub mod plan;
pub mod sight;

use crate::rules::engine::field::{Cell, Crowd, Dm, Door, Field, Goal, Route, Sight, Terrain};
use std::sync::OnceLock;

use grid::Grid;
use paths::StepTable;
use sight::Sights;

/// A level's ground as the rules see it: the grid and the exits each side may leave by.
pub struct Battlefield {
    /// Read through [`Battlefield::grid`]: never changed once built, so the sights kept stay true (a door opened
    /// or closed makes a new battlefield).
    grid: Grid,
    /// Exit cells by side.
    pub exits: Vec<(String, Vec<Cell>)>,
    /// Where the level sends each side that has somewhere to go.
    pub goals: Vec<(String, Goal)>,
    sights: Sights,
    /// The cells each door stands between, by number (found once: the AI asks often).
    doors: Vec<Vec<(Cell, Cell)>>,
    /// The cost of every step on the grid, worked out the first time cells in reach are asked for.
    steps: OnceLock<Box<StepTable>>,
}

impl Battlefield {
    /// A battlefield without exits.
    pub fn new(grid: Grid) -> Self {
        let edges = grid.edges();
        let doors = (0..edges.doors() as u16).map(|n| edges.door_edges(n).collect()).collect();
        let steps = OnceLock::new();
        Battlefield { sights: Sights::new(&grid), grid, exits: Vec::new(), goals: Vec::new(), doors, steps }
    }

    /// Its terrain.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// This ground with door `n` open or closed: a new battlefield (its sights worked out again as asked: a door
    /// changes what is seen); none when there is no such door.
    pub fn with_door_open(&self, n: u16, open: bool) -> Option<Battlefield> {
        let mut grid = self.grid.clone();
        grid.set_door(n, open).then(|| Battlefield {
            exits: self.exits.clone(),
            goals: self.goals.clone(),
            ..Battlefield::new(grid)
        })
    }

    /// Every cell reachable within `budget` decimeters, with its cost.
    pub fn reachable(&self, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
        let table = self.steps.get_or_init(|| paths::step_table(&self.grid));
        paths::reachable(&self.grid, table, from, crowd, budget)
    }
}

impl Terrain for Battlefield {
    fn contains(&self, cell: Cell) -> bool {
        self.grid.contains(cell)
    }

    fn passable(&self, cell: Cell) -> bool {
        self.grid.contains(cell) && self.grid.at(cell).passable()
    }

    fn sight(&self, from: Cell, to: Cell) -> Sight {
        self.sights.sight(&self.grid, from, to)
    }

    fn step_cost(&self, from: Cell, to: Cell) -> Option<Dm> {
        self.grid.step_cost(from, to)
    }

    fn cell_dm(&self) -> Dm {
        self.grid.cell_dm()
    }

    fn route(&self, from: Cell, to: Cell, crowd: &Crowd) -> Option<Route> {
        paths::route(&self.grid, from, to, crowd)
    }

    fn reachable(&self, from: Cell, crowd: &Crowd, budget: Dm) -> Vec<(Cell, Dm)> {
        Battlefield::reachable(self, from, crowd, budget)
    }

    fn route_to(&self, from: Cell, done: &dyn Fn(Cell) -> bool, crowd: &Crowd, budget: Dm) -> Option<Route> {
        paths::route_to(&self.grid, from, done, crowd, budget)
    }

    fn exit_for(&self, cell: Cell, side: &str) -> bool {
        self.exits.iter().any(|(s, cells)| s == side && cells.contains(&cell))
    }

    fn goal(&self, side: &str) -> Option<&Goal> {
        self.goals.iter().find(|(s, _)| s == side).map(|(_, g)| g)
    }

    fn doors(&self) -> u16 {
        self.grid.edges().doors() as u16
    }

    fn door(&self, n: u16) -> Option<Door> {
        let between = self.doors.get(usize::from(n))?.clone();
        Some(Door { open: self.grid.edges().is_open(n), between })
    }

    fn with_door(&self, n: u16, open: bool) -> Option<Field> {
        self.with_door_open(n, open).map(|field| Field(std::sync::Arc::new(field)))
    }
}

/// A copy knows no sights yet (they are worked out again as asked).
impl Clone for Battlefield {
    fn clone(&self) -> Self {
        Battlefield { exits: self.exits.clone(), goals: self.goals.clone(), ..Battlefield::new(self.grid.clone()) }
    }
}

/// Two battlefields are the same ground whatever sights either has worked out.
impl PartialEq for Battlefield {
    fn eq(&self, other: &Self) -> bool {
        (&self.grid, &self.exits, &self.goals) == (&other.grid, &other.exits, &other.goals)
    }
}

impl Eq for Battlefield {}

impl std::fmt::Debug for Battlefield {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Battlefield")
            .field("grid", &self.grid)
            .field("exits", &self.exits)
            .field("goals", &self.goals)
            .finish_non_exhaustive()
    }
}
