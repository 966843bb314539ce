//! Reading a Universal VTT file: its JSON walked field by field, so that a fault names the element it is in
//! (`resolution.map_size.x`, `portals[3].bounds`), and each untidy piece is tidied or left out with its reason.

use std::path::Path;

use base64::Engine as _;
use serde_json::Value;

use super::geometry::{self, Point, Segment};
use super::picture;
use super::{Light, MAX_CELLS, MAX_FILE_BYTES, MapError, MapReport, Portal, PortalKind, VttMap};

/// Reads the map in `file`: nothing is written.
pub fn read(file: &Path) -> Result<VttMap, MapError> {
    let whole = |message: String| MapError { file: file.to_owned(), element: None, message };
    let size = std::fs::metadata(file).map_err(|e| whole(format!("cannot read the file: {e}")))?.len();
    if size > MAX_FILE_BYTES {
        return Err(whole(format!("{} MB is larger than a map file may be ({} MB)", size >> 20, MAX_FILE_BYTES >> 20)));
    }
    let bytes = std::fs::read(file).map_err(|e| whole(format!("cannot read the file: {e}")))?;
    from_bytes(&bytes, file)
}

/// [`read`] of a file's bytes; `file` names it in messages, and a picture given as a path is looked for beside it.
pub fn from_bytes(bytes: &[u8], file: &Path) -> Result<VttMap, MapError> {
    let fault = |element: Option<String>, message: String| MapError { file: file.to_owned(), element, message };
    let json: Value = serde_json::from_slice(bytes).map_err(|e| {
        let at = (e.line() > 0).then(|| format!("{}:{}", e.line(), e.column()));
        let message = match e.classify() {
            serde_json::error::Category::Eof => "the file is cut short: not a whole Universal VTT map".to_owned(),
            _ => format!("not a Universal VTT map (JSON): {e}"),
        };
        fault(at, message)
    })?;
    Reader { file, report: MapReport { source: file.to_owned(), ..MapReport::default() } }
        .map(&json)
        .map_err(|(element, message)| fault(Some(element), message))
}

/// An element's path and what is wrong with it.
type Fault = (String, String);

struct Reader<'a> {
    file: &'a Path,
    report: MapReport,
}

impl Reader<'_> {
    fn map(mut self, json: &Value) -> Result<VttMap, Fault> {
        let root = json.as_object().ok_or(("(the whole file)".to_owned(), "not a Universal VTT map".to_owned()))?;
        let format = match root.get("format") {
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::String(s)) => s.clone(),
            _ => "(no version)".to_owned(),
        };
        let resolution = root.get("resolution").ok_or(field_missing("resolution"))?;
        let origin =
            point(resolution.get("map_origin").unwrap_or(&Value::Null), "resolution.map_origin").unwrap_or_default();
        let size =
            point(resolution.get("map_size").ok_or(field_missing("resolution.map_size"))?, "resolution.map_size")?;
        let (width, height) = (cells(size.x, "resolution.map_size.x")?, cells(size.y, "resolution.map_size.y")?);
        let ppg = resolution.get("pixels_per_grid").and_then(Value::as_f64).unwrap_or(0.0);
        if !(1.0..=4096.0).contains(&ppg) {
            return Err(("resolution.pixels_per_grid".into(), format!("{ppg} pixels a cell: not a grid")));
        }
        let shift = |p: Point| Point::new(p.x - origin.x, p.y - origin.y);
        let (w, h) = (f64::from(width), f64::from(height));
        self.report.taken.push(format!("the grid: {width} × {height} cells, {ppg} pixels a cell"));
        let portals = self.portals(root.get("portals"), &shift, w, h)?;
        let openings: Vec<Segment> = portals.iter().map(|p| p.line).collect();
        let walls = self.walls(root.get("line_of_sight"), "line_of_sight", &shift, w, h, &openings)?;
        let objects = self.objects(root.get("objects_line_of_sight"), &shift)?;
        let lights = self.lights(root.get("lights"), &shift)?;
        let picture = self.picture(root.get("image"))?;
        if let Some(p) = &picture {
            let (want_w, want_h) = ((w * ppg).round(), (h * ppg).round());
            if (f64::from(p.width) - want_w).abs() > ppg || (f64::from(p.height) - want_h).abs() > ppg {
                self.report.taken.push(format!(
                    "the picture is {} × {} pixels where the grid makes {want_w} × {want_h}: drawn stretched over the map",
                    p.width, p.height
                ));
            }
        }
        Ok(VttMap {
            format,
            width,
            height,
            pixels_per_grid: ppg as u32,
            walls,
            objects,
            portals,
            lights,
            picture,
            report: self.report,
        })
    }

    fn walls(
        &mut self,
        value: Option<&Value>,
        name: &str,
        shift: &dyn Fn(Point) -> Point,
        w: f64,
        h: f64,
        openings: &[Segment],
    ) -> Result<Vec<Segment>, Fault> {
        let (mut walls, mut repeated, mut off_map, mut under) = (Vec::new(), 0, 0, 0);
        for (i, line) in list(value, name)?.iter().enumerate() {
            let points = points(line, &format!("{name}[{i}]"))?;
            let (segments, dropped) = geometry::polyline(&points.into_iter().map(shift).collect::<Vec<_>>());
            repeated += dropped;
            for s in segments {
                let Some(inside) = geometry::clip(s, w, h) else {
                    off_map += 1;
                    continue;
                };
                let kept = geometry::cut_under(inside, openings);
                under += usize::from(kept.len() != 1 || kept[0] != inside);
                walls.extend(kept);
            }
        }
        self.report.taken.push(format!("{} wall pieces (they block movement and sight)", walls.len()));
        if repeated > 0 {
            self.report.left_out.push(format!("{repeated} repeated wall points (a wall of no length there)"));
        }
        if off_map > 0 {
            self.report
                .left_out
                .push(format!("{off_map} wall pieces off the map (parts that reach off it are cut at its edge)"));
        }
        if under > 0 {
            self.report.taken.push(format!("{under} walls that ran under a door or window cut open there"));
        }
        Ok(walls)
    }

    fn objects(&mut self, value: Option<&Value>, shift: &dyn Fn(Point) -> Point) -> Result<Vec<Vec<Point>>, Fault> {
        let mut objects = Vec::new();
        let mut open = 0;
        for (i, line) in list(value, "objects_line_of_sight")?.iter().enumerate() {
            let points: Vec<Point> =
                points(line, &format!("objects_line_of_sight[{i}]"))?.into_iter().map(shift).collect();
            let (segments, _) = geometry::polyline(&points);
            // A solid object is an outline that closes on itself around some area.
            let closed = segments.len() >= 2
                && points
                    .first()
                    .zip(points.last())
                    .is_some_and(|(a, b)| (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3);
            match closed {
                true => objects.push(points),
                false => open += 1,
            }
        }
        if !objects.is_empty() {
            self.report
                .taken
                .push(format!("{} solid objects (what they enclose blocks movement and sight)", objects.len()));
        }
        if open > 0 {
            self.report.left_out.push(format!("{open} object outlines that do not close: no inside to make solid"));
        }
        Ok(objects)
    }

    fn portals(
        &mut self,
        value: Option<&Value>,
        shift: &dyn Fn(Point) -> Point,
        w: f64,
        h: f64,
    ) -> Result<Vec<Portal>, Fault> {
        let mut portals = Vec::new();
        for (i, portal) in list(value, "portals")?.iter().enumerate() {
            let at = format!("portals[{i}]");
            let bounds = points(
                portal.get("bounds").ok_or((format!("{at}.bounds"), "missing".to_owned()))?,
                &format!("{at}.bounds"),
            )?;
            let [a, b] = bounds[..] else {
                self.report.left_out.push(format!("{at}: a portal with {} bounds, not 2", bounds.len()));
                continue;
            };
            let line = Segment::new(shift(a), shift(b));
            if line.length() < 1e-3 {
                self.report.left_out.push(format!("{at}: a portal with no width"));
                continue;
            }
            let Some(line) = geometry::clip(line, w, h) else {
                self.report.left_out.push(format!("{at}: a portal off the map"));
                continue;
            };
            let kind = match portal.get("closed").and_then(Value::as_bool).unwrap_or(true) {
                true => PortalKind::Door,
                false => PortalKind::Window,
            };
            portals.push(Portal { line, kind });
        }
        let count = |k: PortalKind| portals.iter().filter(|p| p.kind == k).count();
        let (doors, windows) = (count(PortalKind::Door), count(PortalKind::Window));
        if doors + windows > 0 {
            self.report.taken.push(format!(
                "{} (closed at the start: they block movement and sight until opened) and {} (the portals not marked \
                 closed: they block movement, not sight; the format cannot tell an open door from a window: move a \
                 line between the level's `doors` and `windows` to make one the other)",
                super::plural(doors, "door"),
                super::plural(windows, "window")
            ));
        }
        Ok(portals)
    }

    fn lights(&mut self, value: Option<&Value>, shift: &dyn Fn(Point) -> Point) -> Result<Vec<Light>, Fault> {
        let mut lights = Vec::new();
        for (i, light) in list(value, "lights")?.iter().enumerate() {
            let at = format!("lights[{i}]");
            let position = point(light.get("position").unwrap_or(&Value::Null), &format!("{at}.position"))?;
            let range = light.get("range").and_then(Value::as_f64).filter(|r| r.is_finite() && *r >= 0.0);
            let Some(range) = range else {
                self.report.left_out.push(format!("{at}: a light with no range"));
                continue;
            };
            let argb = light.get("color").and_then(Value::as_str).and_then(argb).unwrap_or([255; 4]);
            lights.push(Light { at: shift(position), range, argb });
        }
        if !lights.is_empty() {
            self.report.taken.push(format!(
                "{}, kept with the level for a darkness rule to come (no seed gives darkness a modifier our battles \
                 play; the picture shows them)",
                super::plural(lights.len(), "light")
            ));
        }
        Ok(lights)
    }

    /// The picture: none when the file has none (or names one that is not beside it), said in the report; a
    /// picture that does not decode is a fault (the map would be played blind to what its maker drew).
    fn picture(&mut self, value: Option<&Value>) -> Result<Option<picture::Picture>, Fault> {
        let fault = |why: String| ("image".to_owned(), why);
        let text = match value {
            Some(Value::String(s)) if !s.trim().is_empty() => s.trim(),
            None | Some(Value::Null | Value::String(_)) => {
                self.report.left_out.push("no picture in the file: the grid is drawn plain".into());
                return Ok(None);
            }
            Some(_) => return Err(fault("not a picture (base64) nor a path".into())),
        };
        let bytes = match base64::engine::general_purpose::STANDARD.decode(text.as_bytes()) {
            Ok(bytes) => bytes,
            Err(_) if looks_like_a_path(text) => {
                let path = self.file.parent().unwrap_or(Path::new(".")).join(text);
                match std::fs::read(&path) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        let line = format!(
                            "the picture `{}` (named by `image`): {e}; the grid is drawn plain",
                            path.display()
                        );
                        self.report.left_out.push(line);
                        return Ok(None);
                    }
                }
            }
            Err(e) => return Err(fault(format!("not a picture in base64: {e}"))),
        };
        let picture = picture::check(bytes).map_err(fault)?;
        let line = format!("the picture: {:?}, {} × {} pixels", picture.format, picture.width, picture.height);
        self.report.taken.push(line);
        Ok(Some(picture))
    }
}

fn field_missing(name: &str) -> Fault {
    (name.to_owned(), "missing: not a Universal VTT map without it".to_owned())
}

/// A list field, or none when it is absent or null.
fn list<'a>(value: Option<&'a Value>, name: &str) -> Result<&'a [Value], Fault> {
    match value {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err((name.to_owned(), "not a list".to_owned())),
    }
}

/// A point `{ "x": …, "y": … }` of finite numbers.
fn point(value: &Value, at: &str) -> Result<Point, Fault> {
    let number = |axis: &str| {
        let n = value.get(axis).and_then(Value::as_f64);
        n.filter(|n| n.is_finite() && n.abs() < 1e6).ok_or((format!("{at}.{axis}"), "not a number of cells".to_owned()))
    };
    Ok(Point::new(number("x")?, number("y")?))
}

fn points(value: &Value, at: &str) -> Result<Vec<Point>, Fault> {
    let items = value.as_array().ok_or((at.to_owned(), "not a list of points".to_owned()))?;
    items.iter().enumerate().map(|(i, p)| point(p, &format!("{at}[{i}]"))).collect()
}

/// A map side in whole cells, within what a map may be.
fn cells(n: f64, at: &str) -> Result<i32, Fault> {
    if !(1.0..=MAX_CELLS).contains(&n.round()) {
        return Err((at.to_owned(), format!("{n} cells: a map side is 1 to {MAX_CELLS} cells")));
    }
    Ok(n.round() as i32)
}

/// An ARGB colour written as 8 hex digits ("ffeccd8b").
fn argb(text: &str) -> Option<[u8; 4]> {
    let text = text.trim_start_matches('#');
    let n = u32::from_str_radix(text, 16).ok().filter(|_| text.len() == 8)?;
    Some(n.to_be_bytes())
}

fn looks_like_a_path(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    text.len() < 1024 && [".png", ".webp", ".jpg", ".jpeg"].iter().any(|e| lower.ends_with(e))
}
