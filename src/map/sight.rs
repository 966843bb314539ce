//! Line of sight and cover between two cells, from the cells a straight line between their centres crosses
//! (Bresenham's line, from the `line_drawing` crate).
//!
//! Walking the line from the attacker to the target:
//! - a wall anywhere blocks the shot;
//! - high cover right in front of the target gives it heavy cover (it leans out to see); right in front of the
//!   attacker it is the attacker's own cover (it leans out to shoot); anywhere else it hides the target;
//! - low cover (or a window) right in front of the target gives it partial cover, right in front of the
//!   attacker it is the attacker's own cover, and anywhere else light cover; an attacker on high ground shoots
//!   over low cover at a target below.
//!
//! The line is drawn both ways and the clearer of the two counts, so that sight is the same from either end and a
//! combatant at a corner can lean around it.
//!
//! On a map with walls between cells (`edges.rs`), each step of the line from cell to cell crosses an edge too: a
//! wall or a closed door there blocks, a window is cover as a window cell is. A diagonal step passes a corner: it is
//! blocked only when both ways around the corner are (a line grazing a wall's end passes).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use line_drawing::Bresenham;

use super::edges::{Edge, Edges};
use super::grid::{Grid, Ground};
use crate::rules::engine::field::{Cell, CoverLevel, Sight, adjacent, distance_at};

/// The largest map (in cells, rounded up to whole tiles) whose sights are kept: a byte for every pair of cells at
/// most (64 MiB), a block of them made the first time a cell of a tile is looked from.
const KEPT_UP_TO: usize = 8192;

/// Cells a side of a tile. The sights kept are laid out by tiles of cells at both ends, so that the pairs the AI asks
/// one after another (every cell it may reach at one enemy, one enemy at every cell) lie near each other in memory:
/// kept row by row, each such pair was a cache miss, a fifth of a war-zone battle.
const TILE: i32 = 4;
const IN_TILE: usize = (TILE * TILE) as usize;

/// Sight between the cells of one grid, each pair worked out the first time it is asked and kept. The AI asks the
/// same pairs over and over (from every cell it may move to, at every enemy, and back): worked out anew each time
/// they were a quarter of a simulated battle. Shared by every thread that reads the battlefield; a pair two
/// threads work out at once comes out the same either way.
pub struct Sights {
    /// Tiles a row of tiles.
    across: i32,
    /// A block for each tile looked from: a byte for every cell looked at (tile by tile) and every cell of the tile.
    blocks: Box<[OnceLock<Box<[AtomicU8]>>]>,
}

impl Sights {
    /// Nothing known yet of `grid`'s sights (and nothing kept for a map larger than [`KEPT_UP_TO`]).
    pub fn new(grid: &Grid) -> Self {
        let tiles_of = |cells: i32| cells.max(0).unsigned_abs().div_ceil(TILE.unsigned_abs()) as i32;
        let (across, down) = (tiles_of(grid.width), tiles_of(grid.height));
        let tiles = (across * down) as usize;
        let blocks = if tiles * IN_TILE <= KEPT_UP_TO { tiles } else { 0 };
        Sights { across, blocks: (0..blocks).map(|_| OnceLock::new()).collect() }
    }

    /// [`sight`] on `grid` (the grid these sights are of), remembered.
    pub fn sight(&self, grid: &Grid, from: Cell, to: Cell) -> Sight {
        if !(grid.contains(from) && grid.contains(to)) {
            return sight(grid, from, to);
        }
        let ((from_tile, from_in), (to_tile, to_in)) = (self.place(from), self.place(to));
        let Some(block) = self.blocks.get(from_tile) else { return sight(grid, from, to) };
        let block =
            block.get_or_init(|| (0..self.blocks.len() * IN_TILE * IN_TILE).map(|_| AtomicU8::new(0)).collect());
        let slot = &block[(to_tile * IN_TILE + to_in) * IN_TILE + from_in];
        if let Some(known) = unpack(slot.load(Ordering::Relaxed), from, to, grid.cell_dm()) {
            return known;
        }
        let found = sight(grid, from, to);
        slot.store(pack(&found), Ordering::Relaxed);
        found
    }

    /// A cell's tile and its place in the tile (a cell on the map).
    fn place(&self, (x, y): Cell) -> (usize, usize) {
        ((y / TILE * self.across + x / TILE) as usize, (y % TILE * TILE + x % TILE) as usize)
    }
}

/// A sight in a byte (its meters and touching are the cells'): bit 0 says it is known.
fn pack(s: &Sight) -> u8 {
    let cover = match s.cover {
        CoverLevel::None => 0,
        CoverLevel::Light => 1,
        CoverLevel::Partial => 2,
        CoverLevel::Heavy => 3,
    };
    1 | u8::from(s.blocked) << 1
        | u8::from(s.hidden) << 2
        | u8::from(s.attacker_in_cover) << 3
        | u8::from(s.high_ground) << 4
        | cover << 5
}

/// The sight a byte from [`pack`] keeps, if it keeps one.
fn unpack(b: u8, from: Cell, to: Cell, cell_dm: u32) -> Option<Sight> {
    let cover = match (b >> 5) & 3 {
        0 => CoverLevel::None,
        1 => CoverLevel::Light,
        2 => CoverLevel::Partial,
        _ => CoverLevel::Heavy,
    };
    let bit = |n: u8| b & (1 << n) != 0;
    bit(0).then(|| Sight {
        blocked: bit(1),
        hidden: bit(2),
        attacker_in_cover: bit(3),
        high_ground: bit(4),
        cover,
        meters: distance_at(from, to, cell_dm),
        touching: adjacent(from, to) && !bit(1),
    })
}

/// What an attacker on `from` sees of a target on `to`.
pub fn sight(grid: &Grid, from: Cell, to: Cell) -> Sight {
    let high_ground = grid.at(from) == Ground::HighGround && grid.at(to) != Ground::HighGround;
    let base = Sight { high_ground, meters: distance_at(from, to, grid.cell_dm()), ..Sight::default() };
    let a = across(grid, (from, to), false, along(grid, between(from, to), base));
    let seen = if rank(&a) == rank(&base) {
        a // nothing in the way: the other line cannot be clearer
    } else {
        let b = across(grid, (to, from), true, along(grid, between(to, from).map(Between::flipped), base));
        if rank(&b) < rank(&a) { b } else { a }
    };
    Sight { touching: adjacent(from, to) && !seen.blocked, ..seen }
}

/// The cells strictly between an attacker on `from` and a target on `to`, each with whether it is next to either.
/// No list is built: sight is asked of every pair of units many times an AI decision.
fn between(from: Cell, to: Cell) -> impl Iterator<Item = Between> {
    // Bresenham's line has one cell per step along its longer axis, both ends included.
    let steps = (to.0 - from.0).unsigned_abs().max((to.1 - from.1).unsigned_abs()) as usize;
    let inner = steps.saturating_sub(1);
    Bresenham::new(from, to).skip(1).take(inner).enumerate().map(move |(i, cell)| Between {
        cell,
        near_attacker: i == 0,
        near_target: i + 1 == inner,
    })
}

/// A cell strictly between an attacker and its target, and whether it is next to either.
struct Between {
    cell: Cell,
    near_attacker: bool,
    near_target: bool,
}

impl Between {
    /// The cell of a line drawn from the target back to the attacker, seen from the attacker.
    fn flipped(self) -> Self {
        Between { cell: self.cell, near_attacker: self.near_target, near_target: self.near_attacker }
    }
}

/// How bad a sight is for the attacker: blocked, then hidden, then the target's cover, then its own.
fn rank(s: &Sight) -> (bool, bool, CoverLevel, bool) {
    (s.blocked, s.hidden, s.cover, s.attacker_in_cover)
}

/// The sight along one line of intermediate cells, drawn from either end (what a cell does depends only on whether
/// it is next to the attacker or to the target, so the order it comes in does not matter).
fn along(grid: &Grid, cells: impl Iterator<Item = Between>, mut sight: Sight) -> Sight {
    for Between { cell, near_attacker, near_target } in cells {
        match grid.at(cell) {
            Ground::Wall => sight.blocked = true,
            Ground::HighCover if near_target => sight.cover = sight.cover.max(CoverLevel::Heavy),
            Ground::HighCover if near_attacker => sight.attacker_in_cover = true,
            Ground::HighCover => sight.hidden = true,
            Ground::LowCover | Ground::Window if sight.high_ground => {}
            Ground::LowCover | Ground::Window if near_target => sight.cover = sight.cover.max(CoverLevel::Partial),
            Ground::LowCover | Ground::Window if near_attacker => sight.attacker_in_cover = true,
            Ground::LowCover | Ground::Window => sight.cover = sight.cover.max(CoverLevel::Light),
            Ground::Open | Ground::Difficult | Ground::HighGround => {}
        }
    }
    sight
}

/// The sight along the line from `ends.0` to `ends.1` once the edges its steps cross are counted (`flipped`: the
/// line is drawn from the target back to the attacker).
fn across(grid: &Grid, ends: (Cell, Cell), flipped: bool, mut sight: Sight) -> Sight {
    let edges = grid.edges();
    if !edges.any() || sight.blocked {
        return sight;
    }
    let line = Bresenham::new(ends.0, ends.1); // both ends included
    let mut last = ends.0;
    for (i, cell) in line.skip(1).enumerate() {
        let (a, b) = (last, cell);
        last = cell;
        let (first, final_) = (i == 0, b == ends.1);
        let (near_attacker, near_target) = if flipped { (final_, first) } else { (first, final_) };
        let crossing = if a.0 != b.0 && a.1 != b.1 { corner(edges, a, b) } else { crossed(edges, a, b) };
        match crossing {
            Crossing::Clear => {}
            Crossing::Blocked => sight.blocked = true,
            Crossing::Window if sight.high_ground => {}
            Crossing::Window if near_target => sight.cover = sight.cover.max(CoverLevel::Partial),
            Crossing::Window if near_attacker => sight.attacker_in_cover = true,
            Crossing::Window => sight.cover = sight.cover.max(CoverLevel::Light),
        }
    }
    sight
}

/// What a line meets crossing from one cell to the next, best first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Crossing {
    Clear,
    Window,
    Blocked,
}

/// The edge between two cells side by side, to sight.
fn crossed(edges: &Edges, a: Cell, b: Cell) -> Crossing {
    match () {
        _ if edges.stops_sight(a, b) => Crossing::Blocked,
        _ if edges.between(a, b) == Edge::Window => Crossing::Window,
        _ => Crossing::Clear,
    }
}

/// The corner between two diagonal cells, to sight: the clearer of the two ways around it.
fn corner(edges: &Edges, a: Cell, c: Cell) -> Crossing {
    let via = |m: Cell| crossed(edges, a, m).max(crossed(edges, m, c));
    via((c.0, a.1)).min(via((a.0, c.1)))
}
