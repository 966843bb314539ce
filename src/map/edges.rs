//! Walls, windows and doors on the lines between cells (a drawn map's walls, which are thin: a wall between two
//! cells must not take a one-cell corridor away, docs/maps.md).
//!
//! | edge     | moving across | sight across                                      |
//! |----------|---------------|---------------------------------------------------|
//! | wall     | never         | blocked                                           |
//! | window   | never         | cover, as a window cell                           |
//! | door     | when open     | blocked when closed, clear when open              |
//!
//! A level writes them as lines along the grid between two corners (`((0, 3), (5, 3))`: the line under the cells
//! `(0..5, 2)`), corners counted in cells from the map's top left.

use serde::Serialize;

use crate::rules::engine::field::Cell;

/// What stands on the line between two neighbouring cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Edge {
    #[default]
    Open,
    Wall,
    Window,
    /// The level's door of that number (its place in the level's list of doors).
    Door(u16),
}

/// A line along the grid from one corner to another, horizontal or vertical.
pub type Line = (Cell, Cell);

/// The edges of a grid: none on a map drawn in characters alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    width: i32,
    /// The edge between `(x, y)` and `(x + 1, y)`, row by row; empty when the grid has no edges.
    east: Vec<Edge>,
    /// The edge between `(x, y)` and `(x, y + 1)`.
    south: Vec<Edge>,
    /// Which doors stand open, by number.
    open: Vec<bool>,
}

/// Why lines are not edges of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeError {
    /// Which list (`walls`, `windows`, `doors`) and the line's place in it (0-based).
    pub list: &'static str,
    pub index: usize,
    pub message: String,
}

impl Edges {
    /// The walls, windows and doors of a `width` × `height` grid; doors start closed. A line off the grid or
    /// slanted is refused, and so is a door with no place between two cells (along the map's border, or all under a
    /// later door), since the doors are known by their numbers.
    pub fn from_lines(size: (i32, i32), walls: &[Line], windows: &[Line], doors: &[Line]) -> Result<Edges, EdgeError> {
        let edges = Edges::placing(size, walls, windows, doors, true)?;
        match (0..doors.len()).find(|n| edges.door_edges(*n as u16).next().is_none()) {
            Some(index) => Err(EdgeError {
                list: "doors",
                index,
                message: "the door stands between no two cells: it lies along the map's border or under a later door"
                    .into(),
            }),
            None => Ok(edges),
        }
    }

    /// The lines that fit the grid, each other one left out (a door keeps its number, with no place): for drawing a
    /// level being mended, or a map sent by a host.
    pub fn fitting(size: (i32, i32), walls: &[Line], windows: &[Line], doors: &[Line]) -> Edges {
        Edges::placing(size, walls, windows, doors, false).unwrap_or_default()
    }

    fn placing(
        (width, height): (i32, i32),
        walls: &[Line],
        windows: &[Line],
        doors: &[Line],
        strict: bool,
    ) -> Result<Edges, EdgeError> {
        if walls.is_empty() && windows.is_empty() && doors.is_empty() {
            return Ok(Edges { width, ..Edges::default() });
        }
        let mut edges = Edges::empty((width, height), doors.len());
        let lists: [(&'static str, &[Line]); 3] = [("walls", walls), ("windows", windows), ("doors", doors)];
        for (list, lines) in lists {
            for (index, line) in lines.iter().enumerate() {
                let edge = match list {
                    "walls" => Edge::Wall,
                    "windows" => Edge::Window,
                    _ => Edge::Door(index as u16),
                };
                let crossed = match crossings(*line, (width, height)) {
                    Ok(crossed) => crossed,
                    Err(message) if strict => return Err(EdgeError { list, index, message }),
                    Err(_) => continue,
                };
                for (a, b) in crossed {
                    let _ = edges.set(a, b, edge); // on the grid: `crossings` keeps only those
                }
            }
        }
        Ok(edges)
    }

    /// Room for edges on a `width` × `height` grid, all open, and `doors` doors, closed.
    pub fn empty((width, height): (i32, i32), doors: usize) -> Edges {
        let cells = (width.max(0) * height.max(0)) as usize;
        Edges { width, east: vec![Edge::Open; cells], south: vec![Edge::Open; cells], open: vec![false; doors] }
    }

    /// Room for `n` doors (closed) in all.
    pub fn add_doors(&mut self, n: usize) {
        self.open.resize(n, false);
    }

    /// Whether there are any.
    pub fn any(&self) -> bool {
        !self.east.is_empty()
    }

    /// The edge between two cells side by side (none between cells that are not, or off the map).
    pub fn between(&self, a: Cell, b: Cell) -> Edge {
        let Some((list, i)) = self.slot(a, b) else { return Edge::Open };
        let list = if list { &self.east } else { &self.south };
        list.get(i).copied().unwrap_or_default()
    }

    /// Puts `edge` between two cells side by side; whether both are on the grid (and it has room for edges).
    pub fn set(&mut self, a: Cell, b: Cell, edge: Edge) -> bool {
        let height = (self.east.len() as i32) / self.width.max(1);
        let on = |(x, y): Cell| (0..self.width).contains(&x) && (0..height).contains(&y);
        let Some((east, i)) = self.slot(a, b).filter(|_| on(a) && on(b)) else { return false };
        let list = if east { &mut self.east } else { &mut self.south };
        list.get_mut(i).map(|slot| *slot = edge).is_some()
    }

    /// Where the edge between two cells is kept: in `east` or `south`, and at what index.
    fn slot(&self, a: Cell, b: Cell) -> Option<(bool, usize)> {
        let (lo, hi) = if (a.1, a.0) <= (b.1, b.0) { (a, b) } else { (b, a) };
        let inside = lo.0 >= 0 && lo.1 >= 0 && lo.0 < self.width;
        let east = match (hi.0 - lo.0, hi.1 - lo.1) {
            (1, 0) => true,
            (0, 1) => false,
            _ => return None,
        };
        (inside && self.any()).then(|| (east, (lo.1 * self.width + lo.0) as usize))
    }

    /// Whether a combatant cannot step between two cells side by side.
    pub fn stops_step(&self, a: Cell, b: Cell) -> bool {
        match self.between(a, b) {
            Edge::Open => false,
            Edge::Wall | Edge::Window => true,
            Edge::Door(n) => !self.is_open(n),
        }
    }

    /// Whether the line between two cells side by side is blocked to sight.
    pub fn stops_sight(&self, a: Cell, b: Cell) -> bool {
        match self.between(a, b) {
            Edge::Open | Edge::Window => false,
            Edge::Wall => true,
            Edge::Door(n) => !self.is_open(n),
        }
    }

    /// Whether door `n` stands open.
    pub fn is_open(&self, n: u16) -> bool {
        self.open.get(usize::from(n)).copied().unwrap_or(false)
    }

    /// Opens or closes door `n`; whether there is one.
    pub fn set_open(&mut self, n: u16, open: bool) -> bool {
        self.open.get_mut(usize::from(n)).map(|o| *o = open).is_some()
    }

    /// How many doors there are.
    pub fn doors(&self) -> usize {
        self.open.len()
    }

    /// Every edge that is not open, with the two cells it stands between.
    pub fn placed(&self) -> impl Iterator<Item = (Cell, Cell, Edge)> + '_ {
        let at = |i: usize| ((i as i32) % self.width.max(1), (i as i32) / self.width.max(1));
        let east = self.east.iter().enumerate().map(move |(i, e)| (at(i), (at(i).0 + 1, at(i).1), *e));
        let south = self.south.iter().enumerate().map(move |(i, e)| (at(i), (at(i).0, at(i).1 + 1), *e));
        east.chain(south).filter(|(_, _, e)| *e != Edge::Open)
    }

    /// The edges of door `n`, each with the two cells it stands between.
    pub fn door_edges(&self, n: u16) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.placed().filter(move |(_, _, e)| *e == Edge::Door(n)).map(|(a, b, _)| (a, b))
    }

    /// The walls, windows and doors as a level writes them: runs of one kind joined into one line; the doors by
    /// number, each one line (the longest run of its edges: a door is straight), so that numbers keep.
    pub fn lines(&self) -> (Vec<Line>, Vec<Line>, Vec<Line>) {
        let walls = runs(self.placed().filter(|(_, _, e)| *e == Edge::Wall));
        let windows = runs(self.placed().filter(|(_, _, e)| *e == Edge::Window));
        let length = |((x0, y0), (x1, y1)): &Line| (x1 - x0).abs() + (y1 - y0).abs();
        let doors = (0..self.doors() as u16)
            .filter_map(|n| runs(self.placed().filter(|(_, _, e)| *e == Edge::Door(n))).into_iter().max_by_key(length))
            .collect();
        (walls, windows, doors)
    }
}

/// Edges joined into runs along the grid.
fn runs(edges: impl Iterator<Item = (Cell, Cell, Edge)>) -> Vec<Line> {
    let mut runs: Vec<Line> = Vec::new();
    for (a, b, _) in edges {
        let line = line_of(a, b);
        match runs.iter_mut().find(|run| joins(**run, line)) {
            Some(run) => *run = joined(*run, line),
            None => runs.push(line),
        }
    }
    runs
}

/// The pairs of cells a line along the grid runs between (none for a stretch along the map's border, which is
/// closed anyway).
fn crossings(((x0, y0), (x1, y1)): Line, (width, height): (i32, i32)) -> Result<Vec<(Cell, Cell)>, String> {
    let on_map = |x: i32, y: i32| (0..=width).contains(&x) && (0..=height).contains(&y);
    if !on_map(x0, y0) || !on_map(x1, y1) {
        return Err(format!("a corner is off the map (corners run from (0, 0) to ({width}, {height}))"));
    }
    let pairs: Vec<(Cell, Cell)> = match (x0 == x1, y0 == y1) {
        (true, true) => return Err("the line has no length: its two corners are the same".into()),
        (false, false) => return Err("the line is neither horizontal nor vertical".into()),
        (false, true) => (x0.min(x1)..x0.max(x1)).map(|x| ((x, y0 - 1), (x, y0))).collect(),
        (true, false) => (y0.min(y1)..y0.max(y1)).map(|y| ((x0 - 1, y), (x0, y))).collect(),
    };
    let inside = |(x, y): Cell| (0..width).contains(&x) && (0..height).contains(&y);
    Ok(pairs.into_iter().filter(|(a, b)| inside(*a) && inside(*b)).collect())
}

/// The line along the grid between two cells side by side.
fn line_of(a: Cell, b: Cell) -> Line {
    if a.1 == b.1 {
        let x = a.0.max(b.0);
        ((x, a.1), (x, a.1 + 1))
    } else {
        let y = a.1.max(b.1);
        ((a.0, y), (a.0 + 1, y))
    }
}

/// Whether `next` carries `run` on in the same direction.
fn joins(run: Line, next: Line) -> bool {
    let horizontal = |l: Line| l.0.1 == l.1.1;
    horizontal(run) == horizontal(next) && run.1 == next.0
}

fn joined(run: Line, next: Line) -> Line {
    (run.0, next.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_along_the_grid_stands_between_the_cells_on_either_side() {
        let edges = Edges::from_lines((4, 4), &[((0, 2), (3, 2))], &[((2, 0), (2, 1))], &[((3, 2), (4, 2))]).unwrap();
        assert_eq!(edges.between((1, 1), (1, 2)), Edge::Wall);
        assert_eq!(edges.between((1, 2), (1, 1)), Edge::Wall);
        assert_eq!(edges.between((1, 0), (2, 0)), Edge::Window);
        assert_eq!(edges.between((3, 1), (3, 2)), Edge::Door(0));
        assert_eq!(edges.between((1, 0), (1, 1)), Edge::Open);
        assert!(edges.stops_step((3, 1), (3, 2)) && edges.stops_sight((3, 1), (3, 2)));
        assert!(edges.stops_step((1, 0), (2, 0)) && !edges.stops_sight((1, 0), (2, 0)));
        assert_eq!(edges.lines(), (vec![((0, 2), (3, 2))], vec![((2, 0), (2, 1))], vec![((3, 2), (4, 2))]));
    }

    #[test]
    fn a_line_off_the_grid_or_slanted_is_refused_by_its_place() {
        let slanted = Edges::from_lines((4, 4), &[((0, 0), (1, 0)), ((0, 0), (2, 2))], &[], &[]).unwrap_err();
        assert_eq!((slanted.list, slanted.index), ("walls", 1));
        let off = Edges::from_lines((4, 4), &[], &[], &[((0, 5), (1, 5))]).unwrap_err();
        assert_eq!((off.list, off.index), ("doors", 0));
        assert!(off.message.contains("off the map"), "{}", off.message);
    }

    #[test]
    fn a_door_with_no_place_between_two_cells_is_refused_since_doors_go_by_number() {
        let along_border = Edges::from_lines((4, 4), &[], &[], &[((1, 1), (1, 2)), ((0, 0), (0, 2))]).unwrap_err();
        assert_eq!((along_border.list, along_border.index), ("doors", 1));
        let under_a_later = Edges::from_lines((4, 4), &[], &[], &[((2, 1), (2, 2)), ((2, 0), (2, 3))]).unwrap_err();
        assert_eq!((under_a_later.list, under_a_later.index), ("doors", 0));
    }

    #[test]
    fn written_out_each_door_keeps_its_number_and_a_bad_line_alone_is_left_out_where_lines_may_not_fit() {
        // Door 0 after door 1 on the grid's order of edges (it stands lower on the map).
        let doors = [((1, 3), (2, 3)), ((3, 1), (3, 2))];
        let edges = Edges::from_lines((4, 4), &[((0, 1), (2, 1))], &[], &doors).unwrap();
        assert_eq!(edges.lines().2, doors);
        assert_eq!(edges.door_edges(0).collect::<Vec<_>>(), [((1, 2), (1, 3))]);
        let fitting = Edges::fitting((4, 4), &[((0, 0), (2, 2)), ((0, 1), (2, 1))], &[], &[((9, 9), (9, 8)), doors[1]]);
        assert_eq!(fitting.lines(), (vec![((0, 1), (2, 1))], vec![], vec![doors[1]]));
        assert_eq!((fitting.doors(), fitting.between((2, 1), (3, 1))), (2, Edge::Door(1)));
    }
}
