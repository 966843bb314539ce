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

use line_drawing::Bresenham;

use super::grid::{Grid, Ground};
use crate::rules::field::{Cell, CoverLevel, Sight, distance_m};

/// What an attacker on `from` sees of a target on `to`.
pub fn sight(grid: &Grid, from: Cell, to: Cell) -> Sight {
    let high_ground = grid.at(from) == Ground::HighGround && grid.at(to) != Ground::HighGround;
    let base = Sight { high_ground, meters: distance_m(from, to), ..Sight::default() };
    let forward: Vec<Cell> = between(from, to);
    let mut backward: Vec<Cell> = between(to, from);
    backward.reverse();
    let a = along(grid, &forward, base);
    let b = along(grid, &backward, base);
    if rank(&b) < rank(&a) { b } else { a }
}

/// The cells strictly between two cells, from `from` toward `to`.
fn between(from: Cell, to: Cell) -> Vec<Cell> {
    let line: Vec<Cell> = Bresenham::new(from, to).collect();
    match line.len() {
        0..=2 => Vec::new(),
        n => line[1..n - 1].to_vec(),
    }
}

/// How bad a sight is for the attacker: blocked, then hidden, then the target's cover, then its own.
fn rank(s: &Sight) -> (bool, bool, CoverLevel, bool) {
    (s.blocked, s.hidden, s.cover, s.attacker_in_cover)
}

/// The sight along one line of intermediate cells (nearest the attacker first).
fn along(grid: &Grid, cells: &[Cell], mut sight: Sight) -> Sight {
    let last = cells.len().saturating_sub(1);
    for (i, &cell) in cells.iter().enumerate() {
        let (near_target, near_attacker) = (i == last, i == 0);
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
