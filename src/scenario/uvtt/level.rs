//! A Universal VTT map made one of our levels: its walls, doors and windows put on the lines between cells, its solid
//! objects made wall cells, two sides placed at the two ends of its largest open area (the level editor moves them),
//! and its picture named beside it.
//!
//! A wall is put between two cells side by side when it crosses the straight line between their centres: that is
//! what stops a step from one to the other. A wall drawn along a grid line lands on that line; a slanted wall becomes
//! a staircase of edges; a wall through cell centres is nudged a hair right and down, so that it lands on one side.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::geometry::{Point, Segment};
use super::plural as count;
use super::{PortalKind, VttMap};
use crate::map::edges::{Edge, Edges};
use crate::map::grid::{Grid, Ground};
use crate::rules::engine::field::Cell;
use crate::scenario::level::{Area, LevelFile, MapLight, SideSpec};
use crate::scenario::level_edit::{blank, unit};

/// How far a line is nudged so that none runs exactly through a cell's centre (a line along a grid line, or a
/// slanted one at any of the usual angles, then crosses the centre-to-centre lines on one side only).
const NUDGE: Point = Point { x: 2.3e-4, y: 1.1e-4 };

/// The level a map makes, named `name`, its cells `cell_m` meters (a picture of `picture` beside it, if any); and
/// what the report says of it.
pub fn level_of(map: &VttMap, name: &str, cell_m: f64, picture: Option<String>) -> (LevelFile, Vec<String>) {
    let mut said = Vec::new();
    let mut grid = Grid::open(map.width, map.height);
    solid_objects(map, &mut grid, &mut said);
    let mut edges = Edges::empty((map.width, map.height), 0);
    let on_edges = map.walls.iter().map(|w| put(&mut edges, w, Edge::Wall)).sum::<usize>();
    let lines = count(map.walls.len(), "wall line");
    said.push(format!("on the grid: {lines} as {} between cells", count(on_edges, "wall")));
    portals(map, &mut edges, &mut said);
    let grid = grid.with_edges(edges);
    let (walls, windows, doors) = grid.edges().lines();
    let mut file = LevelFile {
        name: name.to_owned(),
        description: format!("Imported from a Universal VTT map ({} × {} cells).", map.width, map.height),
        map: grid.rows(),
        cell_m: Some(cell_m),
        walls,
        windows,
        doors,
        picture,
        lights: map.lights.iter().map(|l| MapLight { at: (l.at.x, l.at.y), range: l.range, argb: l.argb }).collect(),
        ..blank(8, 6)
    };
    // The sides are placed as if every door were open: they may start rooms apart, and open the doors between.
    let mut opened = grid.clone();
    (0..grid.edges().doors()).for_each(|n| _ = opened.set_door(n as u16, true));
    file.sides = sides(&opened, &mut said);
    (file, said)
}

/// Makes wall cells of the solid objects: each cell whose centre is inside an outline. An object too small to hold
/// a cell's centre (a pillar) fills the cell under its middle.
fn solid_objects(map: &VttMap, grid: &mut Grid, said: &mut Vec<String>) {
    let (mut cells, mut small) = (0, 0);
    for outline in &map.objects {
        // Only the cells under the outline's bounds can hold their centre inside it.
        let (lo, hi) = outline.iter().fold(((i32::MAX, i32::MAX), (i32::MIN, i32::MIN)), |(lo, hi), p| {
            let (x, y) = (p.x.floor() as i32, p.y.floor() as i32);
            ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y)))
        });
        let under = (lo.1.max(0)..=hi.1.min(grid.height - 1))
            .flat_map(|y| (lo.0.max(0)..=hi.0.min(grid.width - 1)).map(move |x| (x, y)));
        let mut inside: Vec<Cell> = under.filter(|c| contains(outline, centre(*c))).collect();
        if inside.is_empty() {
            small += 1;
            let n = outline.len().max(1) as f64;
            let (x, y) = outline.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x / n, y + p.y / n));
            inside.push((x.floor() as i32, y.floor() as i32));
        }
        inside.retain(|c| grid.contains(*c));
        cells += inside.len();
        inside.into_iter().for_each(|c| grid.set(c, Ground::Wall));
    }
    if !map.objects.is_empty() {
        let objects = count(map.objects.len(), "solid object");
        let small = match small {
            0 => String::new(),
            n => format!(" ({} smaller than a cell filling the cell under its middle)", count(n, "object")),
        };
        said.push(format!("on the grid: {objects} as {}{small}", count(cells, "wall cell")));
    }
}

/// Puts the doors and windows between cells; a door too short to stand between two cells is left out.
fn portals(map: &VttMap, edges: &mut Edges, said: &mut Vec<String>) {
    let (mut doors, mut windows) = (0u16, 0);
    for (i, portal) in map.portals.iter().enumerate() {
        let edge = match portal.kind {
            PortalKind::Door => Edge::Door(doors),
            PortalKind::Window => Edge::Window,
        };
        let line = match portal.kind {
            PortalKind::Door => straightened(&portal.line),
            PortalKind::Window => portal.line,
        };
        match (put(edges, &line, edge), portal.kind) {
            (0, _) if on_edge(map, &portal.line) => {
                said.push(format!("left out: portals[{i}], on the map's edge: there is nothing beyond it"));
            }
            (0, _) => said
                .push(format!("left out: portals[{i}], too short to stand between two cells, or under another door")),
            (_, PortalKind::Door) => doors += 1,
            (_, PortalKind::Window) => windows += 1,
        }
    }
    edges.add_doors(usize::from(doors));
    said.push(format!(
        "on the grid: {} (closed at the start) and {} between cells",
        count(doors.into(), "door"),
        count(windows, "window")
    ));
}

/// A slanted door laid along the grid line nearest it (across its longer side, through its middle): a door is one
/// straight line between cells, known by its number.
fn straightened(line: &Segment) -> Segment {
    let (a, b) = (line.a, line.b);
    let (mid_x, mid_y) = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    match (b.x - a.x).abs() >= (b.y - a.y).abs() {
        true => Segment::new(Point::new(a.x, mid_y.round()), Point::new(b.x, mid_y.round())),
        false => Segment::new(Point::new(mid_x.round(), a.y), Point::new(mid_x.round(), b.y)),
    }
}

/// Whether a line lies along the map's edge.
fn on_edge(map: &VttMap, line: &Segment) -> bool {
    let (w, h) = (f64::from(map.width), f64::from(map.height));
    let along = |a: f64, b: f64, at: f64| (a - at).abs() < 1e-3 && (b - at).abs() < 1e-3;
    let (a, b) = (line.a, line.b);
    along(a.x, b.x, 0.0) || along(a.x, b.x, w) || along(a.y, b.y, 0.0) || along(a.y, b.y, h)
}

/// Puts `edge` on every line between two cells' centres that `line` crosses (a door already there stays); how many.
fn put(edges: &mut Edges, line: &Segment, edge: Edge) -> usize {
    let s = Segment::new(
        Point::new(line.a.x + NUDGE.x, line.a.y + NUDGE.y),
        Point::new(line.b.x + NUDGE.x, line.b.y + NUDGE.y),
    );
    let (x0, x1) = (s.a.x.min(s.b.x).floor() as i32 - 1, s.a.x.max(s.b.x).ceil() as i32);
    let (y0, y1) = (s.a.y.min(s.b.y).floor() as i32 - 1, s.a.y.max(s.b.y).ceil() as i32);
    let mut put = 0;
    for (x, y) in (x0..=x1).flat_map(|x| (y0..=y1).map(move |y| (x, y))) {
        for next in [(x + 1, y), (x, y + 1)] {
            let door_there = matches!(edges.between((x, y), next), Edge::Door(_));
            if crosses(&s, centre((x, y)), centre(next)) && !door_there && edges.set((x, y), next, edge) {
                put += 1;
            }
        }
    }
    put
}

/// A cell's centre.
fn centre((x, y): Cell) -> Point {
    Point::new(f64::from(x) + 0.5, f64::from(y) + 0.5)
}

/// Whether segment `s` crosses the line from `p` to `q` (strictly: the nudge keeps touching cases away).
fn crosses(s: &Segment, p: Point, q: Point) -> bool {
    let side = |a: Point, b: Point, c: Point| (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    let (d1, d2) = (side(s.a, s.b, p), side(s.a, s.b, q));
    let (d3, d4) = (side(p, q, s.a), side(p, q, s.b));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Whether a closed outline holds a point (an even number of crossings to the right: outside).
fn contains(outline: &[Point], p: Point) -> bool {
    let mut inside = false;
    for w in outline.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

/// Two sides of two riflemen at the two ends of the map's largest open area, farthest apart by steps: a start the
/// level editor moves.
fn sides(grid: &Grid, said: &mut Vec<String>) -> Vec<SideSpec> {
    let largest = areas(grid).into_iter().max_by_key(Vec::len).unwrap_or_default();
    let far = |from: Cell| {
        *steps_from(grid, from).iter().max_by_key(|(c, n)| (*n, std::cmp::Reverse(*c))).map_or(&from, |(c, _)| c)
    };
    let start = largest.first().copied().unwrap_or((0, 0));
    let blue = far(start);
    let red = far(blue);
    // The end and the cells nearest it by steps: room for the squad and one more.
    let around = |at: Cell| {
        let mut near: Vec<(Cell, u32)> = steps_from(grid, at).into_iter().collect();
        near.sort_by_key(|(c, n)| (*n, *c));
        near.into_iter().take(3).map(|(c, _)| Area(c, c)).collect()
    };
    let side = |name: &str, at: Cell| SideSpec {
        name: name.to_owned(),
        spawn: around(at),
        squad: vec![unit("rifleman"), unit("rifleman")],
    };
    said.push(format!(
        "two sides of two riflemen, Blue at {blue:?} and Red at {red:?}, the two ends of the largest open area ({}): \
         place your own in the level editor",
        count(largest.len(), "cell")
    ));
    vec![side("Blue", blue), side("Red", red)]
}

/// The open areas a combatant can walk within.
fn areas(grid: &Grid) -> Vec<Vec<Cell>> {
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for (cell, ground) in grid.cells() {
        if ground.passable() && !seen.contains(&cell) {
            let area: Vec<Cell> = steps_from(grid, cell).into_keys().collect();
            seen.extend(area.iter().copied());
            found.push(area);
        }
    }
    found
}

/// Every cell a combatant can walk to from `from`, with how many steps away.
fn steps_from(grid: &Grid, from: Cell) -> BTreeMap<Cell, u32> {
    let mut reached = BTreeMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let n = reached[&c];
        for next in [(c.0 + 1, c.1), (c.0 - 1, c.1), (c.0, c.1 + 1), (c.0, c.1 - 1)] {
            if grid.step_cost(c, next).is_some() && !reached.contains_key(&next) {
                reached.insert(next, n + 1);
                queue.push_back(next);
            }
        }
    }
    reached
}
