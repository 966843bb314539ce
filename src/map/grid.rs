//! The grid: one terrain per cell, read from rows of characters, and what each terrain does to movement.
//!
//! | char | terrain      | moving through                 | sight                                   |
//! |------|--------------|--------------------------------|-----------------------------------------|
//! | `.`  | open ground  | 1 m a step (1.5 m diagonally)  | clear                                   |
//! | `#`  | wall         | impassable                     | blocks                                  |
//! | `o`  | low cover    | climbing over: double cost     | cover for whoever is right behind it    |
//! | `O`  | high cover   | impassable                     | heavy cover right behind, hides beyond  |
//! | `~`  | difficult    | double cost                    | clear                                   |
//! | `^`  | high ground  | double cost to climb onto      | superior position; shoots over low cover |
//! | `w`  | window       | impassable                     | cover as low cover                      |

use serde::Serialize;

use super::edges::Edges;
use crate::rules::engine::field::{Cell, Dm, STEP, diagonal_dm};

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Ground {
    Open,
    Wall,
    LowCover,
    HighCover,
    Difficult,
    HighGround,
    Window,
}

impl Ground {
    /// The terrain a map character stands for.
    pub fn from_char(c: char) -> Option<Ground> {
        Some(match c {
            '.' => Ground::Open,
            '#' => Ground::Wall,
            'o' => Ground::LowCover,
            'O' => Ground::HighCover,
            '~' => Ground::Difficult,
            '^' => Ground::HighGround,
            'w' => Ground::Window,
            _ => return None,
        })
    }

    /// Its map character.
    pub fn to_char(self) -> char {
        match self {
            Ground::Open => '.',
            Ground::Wall => '#',
            Ground::LowCover => 'o',
            Ground::HighCover => 'O',
            Ground::Difficult => '~',
            Ground::HighGround => '^',
            Ground::Window => 'w',
        }
    }

    /// Whether a combatant can stand on it.
    pub fn passable(self) -> bool {
        !matches!(self, Ground::Wall | Ground::HighCover | Ground::Window)
    }

    /// The characters a map may use, for error messages.
    pub const LEGEND: &'static str =
        "`.` open, `#` wall, `o` low cover, `O` high cover, `~` difficult ground, `^` high ground, `w` window";
}

/// A rectangular grid of terrain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub width: i32,
    pub height: i32,
    cells: Vec<Ground>,
    /// Decimeters a cell spans (10: a meter; a 5-foot grid 15).
    cell_dm: Dm,
    /// Walls, windows and doors between cells (`edges.rs`).
    edges: Edges,
}

/// Why rows of characters are not a grid: the row and column (0-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    pub row: usize,
    pub column: usize,
    pub message: String,
}

impl Grid {
    /// A grid of open ground.
    pub fn open(width: i32, height: i32) -> Self {
        Grid {
            width,
            height,
            cells: vec![Ground::Open; (width.max(0) * height.max(0)) as usize],
            cell_dm: STEP,
            edges: Edges::default(),
        }
    }

    /// Reads rows of map characters; every row must be as long as the first.
    pub fn parse<S: AsRef<str>>(rows: &[S]) -> Result<Grid, GridError> {
        let Some(first) = rows.first() else {
            return Err(GridError { row: 0, column: 0, message: "the map has no rows".into() });
        };
        let width = first.as_ref().chars().count();
        let mut cells = Vec::with_capacity(width * rows.len());
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            let n = text.chars().count();
            if n != width {
                let message =
                    format!("the map is not rectangular: row {} has {n} cells, the first row {width}", row + 1);
                return Err(GridError { row, column: 0, message });
            }
            for (column, c) in text.chars().enumerate() {
                let ground = Ground::from_char(c).ok_or_else(|| GridError {
                    row,
                    column,
                    message: format!("unknown map character `{c}`; the map uses {}", Ground::LEGEND),
                })?;
                cells.push(ground);
            }
        }
        if width == 0 {
            return Err(GridError { row: 0, column: 0, message: "the map's rows are empty".into() });
        }
        Ok(Grid { width: width as i32, height: rows.len() as i32, cells, cell_dm: STEP, edges: Edges::default() })
    }

    /// The grid with cells of `cell_dm` decimeters (a level's `cell_m`).
    pub fn with_cell_dm(mut self, cell_dm: Dm) -> Self {
        self.cell_dm = cell_dm;
        self
    }

    /// Decimeters a cell spans.
    pub fn cell_dm(&self) -> Dm {
        self.cell_dm
    }

    /// The grid with walls, windows and doors between its cells.
    pub fn with_edges(mut self, edges: Edges) -> Self {
        self.edges = edges;
        self
    }

    /// Opens or closes door `n`; whether there is one.
    pub fn set_door(&mut self, n: u16, open: bool) -> bool {
        self.edges.set_open(n, open)
    }

    /// Its walls, windows and doors between cells.
    pub fn edges(&self) -> &Edges {
        &self.edges
    }

    /// Whether a cell is on the map.
    pub fn contains(&self, (x, y): Cell) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    /// The terrain of a cell; off the map is wall.
    pub fn at(&self, cell: Cell) -> Ground {
        match self.contains(cell) {
            true => self.cells[(cell.1 * self.width + cell.0) as usize],
            false => Ground::Wall,
        }
    }

    /// Changes one cell (tests and editors).
    pub fn set(&mut self, cell: Cell, ground: Ground) {
        if self.contains(cell) {
            self.cells[(cell.1 * self.width + cell.0) as usize] = ground;
        }
    }

    /// Whether a combatant can stand on a cell.
    pub fn passable(&self, cell: Cell) -> bool {
        self.at(cell).passable()
    }

    /// The cost of one step to a neighbouring cell, `None` where it cannot be taken. A diagonal step may not cut
    /// the corner of an impassable cell, nor pass a corner where a wall, window or closed door meets.
    pub fn step_cost(&self, from: Cell, to: Cell) -> Option<Dm> {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if (dx, dy) == (0, 0) || dx.abs() > 1 || dy.abs() > 1 || !self.passable(to) {
            return None;
        }
        let diagonal = dx != 0 && dy != 0;
        let (b, d) = ((from.0 + dx, from.1), (from.0, from.1 + dy));
        if diagonal && !(self.passable(b) && self.passable(d)) {
            return None;
        }
        if self.edges.any() && self.edge_stops(from, to, (b, d)) {
            return None;
        }
        let base = if diagonal { diagonal_dm(self.cell_dm) } else { self.cell_dm };
        let climb = self.at(to) == Ground::HighGround && self.at(from) != Ground::HighGround;
        let rough = matches!(self.at(to), Ground::Difficult | Ground::LowCover);
        Some(if climb || rough { 2 * base } else { base })
    }

    /// Whether an edge stops a step from `from` to `to`; for a diagonal step, whether any of the four edges meeting
    /// at the corner it passes does (`b` and `d` are the cells beside that corner).
    fn edge_stops(&self, from: Cell, to: Cell, (b, d): (Cell, Cell)) -> bool {
        let e = &self.edges;
        match b == to || d == to {
            true => e.stops_step(from, to),
            false => e.stops_step(from, b) || e.stops_step(from, d) || e.stops_step(b, to) || e.stops_step(d, to),
        }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, Ground)> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| ((x, y), self.at((x, y)))))
    }

    /// The grid as rows of map characters.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height).map(|y| (0..self.width).map(|x| self.at((x, y)).to_char()).collect()).collect()
    }
}
