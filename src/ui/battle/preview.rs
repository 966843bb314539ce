//! What the pointer asks: the cells the acting unit reaches walking and running, the route to the hovered cell and
//! its cost, and over an enemy the line of sight, cover, range and the exact odds of a plain attack, from the same
//! rules and odds code the battle uses. The preview is worked out again only when the hovered cell, the acting
//! unit or the battle changes.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::board::cell_center;
use crate::combat::components::Combatant;
use crate::combat::{BattleLog, Engine};
use crate::rules::engine::field::{Cell, Dm, Terrain, meters};
use crate::rules::mechanics::odds::Odds;
use crate::ui::Acting;
use crate::ui::{CELL, MapView};

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, BoardSystems, OnBoard, fresh};
    app.init_resource::<Hover>()
        .init_resource::<Preview>()
        .add_systems(OnEnter(OnBoard), (fresh::<Hover>, fresh::<Preview>))
        .add_systems(Update, (track_pointer, draw_preview).chain().in_set(BoardSystems))
        .add_systems(
            Update,
            update_preview
                .after(track_pointer)
                .after(super::fog::look_around)
                .before(draw_preview)
                .in_set(BattleScreenSystems),
        );
}

/// The cell under the pointer, when it is over the map.
#[derive(Resource, Default, PartialEq, Eq)]
pub struct Hover(pub Option<Cell>);

/// What the preview shows.
#[derive(Resource, Default)]
pub struct Preview {
    /// What it was worked out for: cell, acting unit, log length, the fog's changes.
    key: Option<(Cell, Entity, usize, u64)>,
    /// The outlines of the walk (true) and run (false) areas, as segments in the world, to draw.
    pub reach: Vec<(Vec2, Vec2, bool)>,
    /// Every cell reached, walking (true) or running (false).
    pub reachable: std::collections::HashMap<Cell, bool>,
    pub route: Vec<Cell>,
    /// The route's cost and whether a walk covers it, or why there is none.
    pub route_note: String,
    /// Over an enemy: sight, cover and range in words, and the odds (or why no attack is possible).
    pub sight_note: String,
    pub odds: Option<Odds>,
    /// Over a cell no one stands on, with a blast weapon in hand: a blast may be thrown there (its odds in `odds`).
    pub blast: bool,
}

impl Preview {
    /// The reach of a slot worked out elsewhere (an online battle's host sends it), and the route planned.
    pub(in crate::ui) fn of_reach(reachable: std::collections::HashMap<Cell, bool>, route: Vec<Cell>) -> Self {
        Preview { reach: outline(&reachable), reachable, route, ..Preview::default() }
    }
}

pub(in crate::ui) fn track_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    map: Res<MapView>,
    area: Res<crate::ui::MapArea>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut hover: ResMut<Hover>,
) {
    let cell = pointed_cell((&window, &camera), &map, &area, egui.as_deref());
    if hover.0 != cell {
        hover.0 = cell;
    }
}

/// The map's cell under the pointer, when the pointer is over the map and not over a panel or a hint.
pub(in crate::ui) fn pointed_cell(
    (window, camera): (&Query<&Window, With<PrimaryWindow>>, &Query<(&Camera, &GlobalTransform)>),
    map: &MapView,
    area: &crate::ui::MapArea,
    egui: Option<&bevy_egui::input::EguiWantsInput>,
) -> Option<Cell> {
    window
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .filter(|p| area.0.contains(*p))
        // Over the legend or a hint on the map, a click is the window's, not an order.
        .filter(|_| egui.is_none_or(|e| !e.is_pointer_over_area()))
        .and_then(|p| {
            let (camera, at) = camera.single().ok()?;
            let world = camera.viewport_to_world_2d(at, p).ok()?;
            let cell = ((world.x / CELL).round() as i32, (-world.y / CELL).round() as i32);
            map.0.grid().contains(cell).then_some(cell)
        })
}

pub(in crate::ui) fn update_preview(
    hover: Res<Hover>,
    acting: Res<Acting>,
    log: Res<BattleLog>,
    engine: Res<Engine>,
    map: Res<MapView>,
    index: Query<&Combatant>,
    fog: Res<super::fog::Fog>,
    mut preview: ResMut<Preview>,
) {
    // Under fog of war an unseen unit's reach would show where it is.
    let (Some(cell), Some(entity)) = (hover.0, acting.0.filter(|e| fog.sees(*e))) else {
        *preview = Preview::default();
        return;
    };
    let key = Some((cell, entity, log.0.events.len(), fog.changes));
    let Ok(actor) = index.get(entity).map(|i| i.0) else { return };
    if preview.key == key {
        return;
    }
    // The battle as the player knows it: under fog, an unseen unit is not there to bend the reach or the route, nor
    // to change the odds (`fog.rs`).
    let known = fog.known(&engine.0);
    let battle = known.as_ref();
    let me = battle.view(actor);
    let (walk, run) = battle.paces(actor);
    let taken = battle.occupied(actor);
    let reachable = map.0.reachable(me.position, &taken, run).into_iter().map(|(c, cost)| (c, cost <= walk)).collect();
    let mut next = Preview { key, reach: outline(&reachable), reachable, ..Preview::default() };
    let views = battle.views();
    match views.iter().position(|c| c.position == cell && !c.fighter.is_out()) {
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
        None => {
            route_to(&mut next, map.0.route(me.position, cell, &taken), (walk, run));
            blast_at(&mut next, battle, actor, cell);
        }
    }
    *preview = next;
}

/// The outlines of the walk area (true) and of the run area (false): each side of their cells that borders a cell
/// outside them, as a segment in the world, the walk's drawn a little inside the run's where they meet. A line
/// round an area reads at a glance where squares on every cell read as clutter, and costs less to draw.
pub(in crate::ui) fn outline(reach: &std::collections::HashMap<Cell, bool>) -> Vec<(Vec2, Vec2, bool)> {
    let mut out = Vec::new();
    for (&(x, y), &walking) in reach {
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let next = reach.get(&(x + dx, y + dy)).copied();
            let out_dir = Vec2::new(dx as f32, -(dy as f32));
            let mid = cell_center(x, y) + out_dir * CELL / 2.0;
            let along = Vec2::new(out_dir.y, out_dir.x).abs() * CELL / 2.0;
            if next.is_none() {
                out.push((mid - along, mid + along, false));
            }
            if walking && next != Some(true) {
                let inside = mid - out_dir * 2.5;
                out.push((inside - along, inside + along, true));
            }
        }
    }
    out
}

/// With a blast weapon in hand, the odds of a blast at `cell` (Shift+click throws it there), or why none lands there.
fn blast_at(
    preview: &mut Preview,
    battle: &crate::rules::any_ruleset::any::AnyBattle,
    actor: crate::rules::engine::ruleset::CombatantId,
    cell: Cell,
) {
    let Some(blast) = battle.blast_at(actor, None, cell) else { return };
    let meters = battle.field().sight(battle.view(actor).position, cell).meters;
    preview.blast = true;
    match battle.odds_of(actor, &blast) {
        Ok(odds) => {
            preview.sight_note = format!("{meters} m: Shift+click throws the blast here");
            preview.odds = Some(odds);
        }
        Err(e) => preview.sight_note = format!("{meters} m: no blast here: {e}"),
    }
}

fn route_to(preview: &mut Preview, route: Option<crate::rules::engine::field::Route>, (walk, run): (Dm, Dm)) {
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

fn draw_preview(
    preview: Res<Preview>,
    acting: Res<Acting>,
    state: Option<Res<crate::combat::TurnState>>,
    units: Query<&Transform>,
    mut gizmos: Gizmos,
) {
    if state.is_some_and(|s| s.ended()) {
        return;
    }
    for &(from, to, walking) in &preview.reach {
        let color = if walking { Color::srgba(0.35, 0.95, 0.45, 0.8) } else { Color::srgba(0.98, 0.8, 0.25, 0.7) };
        gizmos.line_2d(from, to, color);
    }
    let start = acting.0.and_then(|e| units.get(e).ok()).map(|t| t.translation.truncate());
    let path = start.into_iter().chain(preview.route.iter().map(|&(x, y)| cell_center(x, y)));
    gizmos.linestrip_2d(path, Color::srgb(1.0, 1.0, 1.0));
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::rules::any_ruleset::any::RulesetId;
    use crate::rules::engine::dice::SeededDice;
    use crate::rules::engine::ruleset::CombatantId;

    #[test]
    fn the_preview_knows_each_cell_the_acting_unit_reaches_and_whether_a_walk_does() {
        // A click on a cell orders a move there by what the preview knows (`orders.rs`): every cell reached, and
        // whether a walk gets there, from the battle's own map and paces.
        let level = crate::scenario::level::load("levels/street.ron".as_ref()).expect("loads");
        let scenario = level.scenario(RulesetId::Shadowrun4).expect("a battle");
        let mut app = crate::combat::headless::ecs_app(&scenario, Box::new(SeededDice::new(3)), "seed 3");
        let unit = app.world().resource::<crate::combat::Roster>().0[0];
        let engine = &app.world().resource::<Engine>().0;
        let first = CombatantId::at(0);
        let me = engine.view(first);
        let (walk, run) = engine.paces(first);
        let reached = level.field.reachable(me.position, &engine.occupied(first), run);
        let far = reached.iter().find(|(_, cost)| *cost > walk).map(|(c, _)| *c).expect("a cell only a run reaches");
        app.insert_resource(MapView(level.field.clone()))
            .insert_resource(Acting(Some(unit), 1))
            .insert_resource(Hover(Some(far)))
            .init_resource::<Preview>()
            .init_resource::<super::super::fog::Fog>();
        app.world_mut().run_system_once(update_preview).expect("runs");
        let preview = app.world().resource::<Preview>();
        assert_eq!(preview.reachable.len(), reached.len());
        for (cell, cost) in reached {
            assert_eq!(preview.reachable.get(&cell), Some(&(cost <= walk)), "{cell:?} at {cost}");
        }
        assert_eq!(preview.reachable.get(&far), Some(&false), "a run gets there, a walk does not");
        assert!(preview.route_note.ends_with("a run"), "{}", preview.route_note);
    }
}
