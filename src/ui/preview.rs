//! What the pointer asks: the cells the acting unit reaches walking and running, the route to the hovered cell and
//! its cost, and over an enemy the line of sight, cover, range and the exact odds of a plain attack, from the same
//! rules and odds code the battle uses. The preview is worked out again only when the hovered cell, the acting
//! unit or the battle changes.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::Acting;
use super::board::cell_center;
use super::{CELL, MapView};
use crate::combat::components::RosterIndex;
use crate::combat::{BattleLog, Engine};
use crate::rules::field::{Cell, Dm, Terrain, meters};
use crate::rules::odds::Odds;

pub(super) fn plugin(app: &mut App) {
    use super::screens::{BattleScreenSystems, InBattle, fresh};
    app.init_resource::<Hover>()
        .init_resource::<Preview>()
        .add_systems(OnEnter(InBattle), (fresh::<Hover>, fresh::<Preview>))
        .add_systems(Update, (track_pointer, update_preview, draw_preview).chain().in_set(BattleScreenSystems));
}

/// The cell under the pointer, when it is over the map.
#[derive(Resource, Default, PartialEq, Eq)]
pub struct Hover(pub Option<Cell>);

/// What the preview shows.
#[derive(Resource, Default)]
pub struct Preview {
    /// What it was worked out for: cell, acting unit, log length.
    key: Option<(Cell, Entity, usize)>,
    /// The edge cells of the walk (true) and run (false) areas, to draw.
    pub reach: Vec<(Cell, bool)>,
    /// Every cell reached, walking (true) or running (false).
    pub reachable: std::collections::HashMap<Cell, bool>,
    pub route: Vec<Cell>,
    /// The route's cost and whether a walk covers it, or why there is none.
    pub route_note: String,
    /// Over an enemy: sight, cover and range in words, and the odds (or why no attack is possible).
    pub sight_note: String,
    pub odds: Option<Odds>,
}

/// The left and right panels' widths: the pointer over them is not over the map.
const MAP_X: std::ops::Range<f32> = 250.0..900.0;

pub(super) fn track_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    map: Res<MapView>,
    options: Res<super::PlayOptions>,
    mut hover: ResMut<Hover>,
) {
    if let Some(cell) = options.hover {
        hover.0 = Some(cell);
        return;
    }
    let cell = window.single().ok().and_then(|w| w.cursor_position()).filter(|p| MAP_X.contains(&p.x)).and_then(|p| {
        let (camera, at) = camera.single().ok()?;
        let world = camera.viewport_to_world_2d(at, p).ok()?;
        let cell = ((world.x / CELL).round() as i32, (-world.y / CELL).round() as i32);
        map.0.grid.contains(cell).then_some(cell)
    });
    if hover.0 != cell {
        hover.0 = cell;
    }
}

fn update_preview(
    hover: Res<Hover>,
    acting: Res<Acting>,
    log: Res<BattleLog>,
    engine: Res<Engine>,
    map: Res<MapView>,
    index: Query<&RosterIndex>,
    fog: Res<super::fog::Fog>,
    mut preview: ResMut<Preview>,
) {
    // Under fog of war an unseen unit's reach would show where it is.
    let (Some(cell), Some(entity)) = (hover.0, acting.0.filter(|e| fog.sees(*e))) else {
        *preview = Preview::default();
        return;
    };
    let key = Some((cell, entity, log.0.events.len()));
    let Ok(actor) = index.get(entity).map(|i| i.0) else { return };
    if preview.key == key {
        return;
    }
    let battle = &engine.0;
    let me = battle.view(actor);
    let (walk, run) = battle.paces(actor);
    let taken = battle.occupied(actor);
    let reach =
        edges(map.0.reachable(me.position, &taken, run).into_iter().map(|(c, cost)| (c, cost <= walk)).collect());
    let mut next = Preview { key, reach, ..Preview::default() };
    let seen = |i: usize| !fog.on || fog.seen.iter().any(|e| index.get(*e).is_ok_and(|r| r.0 == i));
    let views = battle.views();
    match views.iter().position(|c| c.position == cell && !c.fighter.is_out()).filter(|&t| seen(t)) {
        Some(t) if views[t].side != me.side => {
            let sight = map.0.sight(me.position, cell);
            next.sight_note =
                format!("{} m, {}{}", sight.meters, sight.cover, if sight.hidden { ", hidden" } else { "" });
            let action = battle.plain_attack_of(actor, views[t].id());
            match battle.odds_of(actor, &action) {
                Ok(odds) => next.odds = Some(odds),
                Err(e) => next.sight_note.push_str(&format!(" — no attack: {e}")),
            }
        }
        Some(_) => next.route_note = "a friend stands there".into(),
        None => route_to(&mut next, map.0.route(me.position, cell, &taken), (walk, run)),
    }
    *preview = next;
}

/// Only the cells on the edge of the walk and of the run areas: drawing their outline reads the same and costs a
/// fraction of outlining every cell of a 25 m run.
fn edges(reach: Vec<(Cell, bool)>) -> Vec<(Cell, bool)> {
    let pace: std::collections::HashMap<Cell, bool> = reach.iter().copied().collect();
    let inner = |&((x, y), walking): &(Cell, bool)| {
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].iter().all(|n| pace.get(n).is_some_and(|w| *w == walking))
    };
    reach.iter().filter(|c| !inner(c)).copied().collect()
}

fn route_to(preview: &mut Preview, route: Option<crate::rules::field::Route>, (walk, run): (Dm, Dm)) {
    let Some(route) = route else {
        preview.route_note = "no way there".into();
        return;
    };
    let pace = match route.cost {
        c if c <= walk => "a walk",
        c if c <= run => "a run",
        _ => "more than a run",
    };
    preview.route_note = format!("{} away: {pace}", meters(route.cost));
    preview.route = route.cells;
}

fn draw_preview(preview: Res<Preview>, acting: Res<Acting>, units: Query<&Transform>, mut gizmos: Gizmos) {
    for &((x, y), walking) in &preview.reach {
        let color = if walking { Color::srgba(0.3, 0.9, 0.4, 0.35) } else { Color::srgba(0.95, 0.8, 0.2, 0.3) };
        gizmos.rect_2d(Isometry2d::from_translation(cell_center(x, y)), Vec2::splat(CELL * 0.86), color);
    }
    let start = acting.0.and_then(|e| units.get(e).ok()).map(|t| t.translation.truncate());
    let path = start.into_iter().chain(preview.route.iter().map(|&(x, y)| cell_center(x, y)));
    gizmos.linestrip_2d(path, Color::srgb(1.0, 1.0, 1.0));
}
