//! The tidying of a map's lines: polylines into segments without repeated points or zero lengths, segments clipped
//! to the map, and the pieces of wall that run under a door or window cut away (else a door could never be passed).

use serde::{Deserialize, Serialize};

/// How near two numbers in cells count as the same: a thousandth of a cell.
const EPSILON: f64 = 1e-3;

/// A point in cells from the map's top-left corner (x to the right, y down).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    fn near(self, other: Point) -> bool {
        (self.x - other.x).abs() < EPSILON && (self.y - other.y).abs() < EPSILON
    }

    fn lerp(self, other: Point, t: f64) -> Point {
        Point::new(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)
    }
}

/// A straight line between two points.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    pub a: Point,
    pub b: Point,
}

impl Segment {
    pub fn new(a: Point, b: Point) -> Self {
        Segment { a, b }
    }

    pub fn length(&self) -> f64 {
        (self.b.x - self.a.x).hypot(self.b.y - self.a.y)
    }

    /// Where `p` falls along the segment (0 at `a`, 1 at `b`), and how far it is from the segment's line.
    fn along(&self, p: Point) -> (f64, f64) {
        let (dx, dy) = (self.b.x - self.a.x, self.b.y - self.a.y);
        let len2 = dx * dx + dy * dy;
        let t = ((p.x - self.a.x) * dx + (p.y - self.a.y) * dy) / len2;
        let off = ((p.x - self.a.x) * dy - (p.y - self.a.y) * dx).abs() / len2.sqrt();
        (t, off)
    }
}

/// A polyline's segments, repeated points dropped; with how many zero-length steps were dropped.
pub fn polyline(points: &[Point]) -> (Vec<Segment>, usize) {
    let mut segments = Vec::new();
    let mut dropped = 0;
    let mut last: Option<Point> = None;
    for &p in points {
        match last {
            Some(l) if l.near(p) => dropped += 1,
            Some(l) => segments.push(Segment::new(l, p)),
            None => {}
        }
        if last.is_none_or(|l| !l.near(p)) {
            last = Some(p);
        }
    }
    (segments, dropped)
}

/// The part of `s` inside the map (`width` × `height` cells), if any (Liang–Barsky).
pub fn clip(s: Segment, width: f64, height: f64) -> Option<Segment> {
    let (dx, dy) = (s.b.x - s.a.x, s.b.y - s.a.y);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [(-dx, s.a.x), (dx, width - s.a.x), (-dy, s.a.y), (dy, height - s.a.y)] {
        if p.abs() < f64::EPSILON {
            if q < -EPSILON {
                return None;
            }
            continue;
        }
        let r = q / p;
        if p < 0.0 {
            t0 = t0.max(r);
        } else {
            t1 = t1.min(r);
        }
    }
    let clipped = Segment::new(s.a.lerp(s.b, t0), s.a.lerp(s.b, t1));
    (t0 < t1 && clipped.length() >= EPSILON).then_some(clipped)
}

/// `wall` without the pieces that lie along any of `openings` (doors and windows drawn over it).
pub fn cut_under(wall: Segment, openings: &[Segment]) -> Vec<Segment> {
    let mut kept = vec![(0.0, 1.0)];
    for opening in openings {
        let ((ta, off_a), (tb, off_b)) = (wall.along(opening.a), wall.along(opening.b));
        // Along the wall's line: both ends within a hundredth of a cell of it.
        if off_a > 0.01 || off_b > 0.01 {
            continue;
        }
        let (lo, hi) = (ta.min(tb), ta.max(tb));
        kept = kept.into_iter().flat_map(|(s, e): (f64, f64)| minus((s, e), (lo, hi))).collect();
    }
    kept.into_iter()
        .map(|(s, e)| Segment::new(wall.a.lerp(wall.b, s), wall.a.lerp(wall.b, e)))
        .filter(|s| s.length() >= EPSILON)
        .collect()
}

/// The interval `(s, e)` without `(lo, hi)`: none, one or two pieces.
fn minus((s, e): (f64, f64), (lo, hi): (f64, f64)) -> Vec<(f64, f64)> {
    if hi <= s || lo >= e {
        return vec![(s, e)];
    }
    [(s, lo.max(s)), (hi.min(e), e)].into_iter().filter(|(a, b)| b > a).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn a_polyline_drops_its_repeated_points_and_counts_them() {
        let (segments, dropped) = polyline(&[p(0.0, 0.0), p(0.0, 0.0), p(2.0, 0.0), p(2.0, 0.0005), p(2.0, 3.0)]);
        assert_eq!(segments, [Segment::new(p(0.0, 0.0), p(2.0, 0.0)), Segment::new(p(2.0, 0.0), p(2.0, 3.0))]);
        assert_eq!(dropped, 2);
    }

    #[test]
    fn a_wall_is_clipped_to_the_map_and_one_wholly_off_it_is_gone() {
        let s = clip(Segment::new(p(-2.0, 1.0), p(12.0, 1.0)), 10.0, 5.0).expect("inside in part");
        assert_eq!(s, Segment::new(p(0.0, 1.0), p(10.0, 1.0)));
        assert_eq!(clip(Segment::new(p(-3.0, -1.0), p(-1.0, -4.0)), 10.0, 5.0), None);
        assert_eq!(clip(Segment::new(p(0.0, 6.0), p(10.0, 6.0)), 10.0, 5.0), None);
    }

    #[test]
    fn a_wall_under_a_door_loses_the_door_s_span_and_keeps_both_ends() {
        let wall = Segment::new(p(0.0, 2.0), p(6.0, 2.0));
        let door = Segment::new(p(3.0, 2.0), p(2.0, 2.0));
        assert_eq!(
            cut_under(wall, &[door]),
            [Segment::new(p(0.0, 2.0), p(2.0, 2.0)), Segment::new(p(3.0, 2.0), p(6.0, 2.0))]
        );
        // A door elsewhere, or across the wall, cuts nothing.
        assert_eq!(cut_under(wall, &[Segment::new(p(3.0, 1.0), p(3.0, 3.0))]), [wall]);
    }
}
