//! What is written over the map, in egui so that it stays sharp at every zoom and UI scale: the units' names
//! (always when the map is zoomed in far enough to read them, else for the hovered, selected and acting unit), a
//! card with the essentials of the unit under the pointer, and the map's legend.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::art::Art;
use super::art::{Badge, Role};
use super::units::{Token, states_of};
use crate::combat::components::{Armor, GridPos, Holding, Initiative, Loadout, Side, StatusList, Tracks};
use crate::ui::palette::egui_color;
use crate::ui::{Acting, MapArea, Selected};

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, fresh};
    use crate::ui::screens::{BoardSystems, OnBoard};
    app.init_resource::<LegendShown>()
        .init_resource::<OnTheMap>()
        .add_systems(OnEnter(OnBoard), (fresh::<LegendShown>, fresh::<OnTheMap>))
        .add_systems(Update, toggle_legend.run_if(crate::ui::keys_free).in_set(BoardSystems))
        .add_systems(
            EguiPrimaryContextPass,
            (write_names, show_legend).after(super::sets::PanelSystems).in_set(BoardSystems).in_set(NameSystems),
        )
        .add_systems(EguiPrimaryContextPass, show_card.after(super::sets::PanelSystems).in_set(BattleScreenSystems));
}

/// The names and the legend over the map, in the room the panels leave (online panels come before them too).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NameSystems;

/// Screen pixels a cell must span for every unit's name to show.
pub(in crate::ui) const NAMES_FROM: f32 = 44.0;

/// Where the camera puts world points on screen, in egui's points.
#[derive(bevy::ecs::system::SystemParam)]
pub(in crate::ui) struct OnScreen<'w, 's> {
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform, &'static Projection)>,
}

impl OnScreen<'_, '_> {
    /// A world point in egui points (egui's zoom is the UI scale).
    pub(in crate::ui) fn at(&self, world: Vec3, zoom: f32) -> Option<egui::Pos2> {
        let (camera, at, _) = self.camera.single().ok()?;
        let p = camera.world_to_viewport(at, world).ok()?;
        Some(egui::pos2(p.x / zoom, p.y / zoom))
    }

    /// How many screen pixels one cell spans.
    pub(in crate::ui) fn cell_pixels(&self) -> f32 {
        self.camera.single().map_or(crate::ui::CELL, |(_, _, p)| super::camera::cell_pixels(p))
    }
}

/// The hover card's width in points.
const CARD_WIDTH: f32 = 230.0;

/// A unit as the labels and the card read it.
type Unit<'a> = (Entity, &'a Name, &'a Side, &'a Transform, &'a Token, &'a StatusList, &'a Visibility);

/// A unit's name without its side ("rifleman 2" for "Crew rifleman 2"): the colour says the side.
pub(in crate::ui) fn short(name: &str, side: &str) -> String {
    name.strip_prefix(side).and_then(|rest| rest.strip_prefix(' ')).unwrap_or(name).to_owned()
}

/// The names under the tokens.
fn write_names(
    mut contexts: EguiContexts,
    screen: OnScreen,
    area: Res<MapArea>,
    units: Query<Unit>,
    (hover, acting, selected): (Res<super::preview::Hover>, Res<Acting>, Res<Selected>),
    positions: Query<&GridPos>,
    handover: Res<crate::ui::Handover>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if handover.covered() {
        return Ok(());
    }
    let zoom = ctx.zoom_factor();
    let clip = area.points(zoom);
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, "names".into())).with_clip_rect(clip);
    let all = screen.cell_pixels() >= NAMES_FROM;
    for (entity, name, side, transform, token, _, visibility) in &units {
        let hovered = positions.get(entity).is_ok_and(|p| hover.0 == Some((p.0, p.1)));
        let picked = hovered || acting.0 == Some(entity) || selected.0 == Some(entity);
        if *visibility == Visibility::Hidden || !(all || picked) {
            continue;
        }
        let below = transform.translation - Vec3::Y * crate::ui::CELL * 0.5 * transform.scale.y;
        let Some(at) = screen.at(below, zoom) else { continue };
        name_tag(&painter, at, short(name, &side.0), egui_color(token.color));
    }
    Ok(())
}

/// A unit's name under its token at `at`: white on a dark tag, underlined in its side's colour.
pub(in crate::ui) fn name_tag(painter: &egui::Painter, at: egui::Pos2, name: String, side: egui::Color32) {
    let galley = painter.layout_no_wrap(name, egui::FontId::proportional(12.5), egui::Color32::WHITE);
    let rect = egui::Rect::from_center_size(at + egui::vec2(0.0, galley.size().y / 2.0 + 2.0), galley.size());
    painter.rect_filled(rect.expand2(egui::vec2(4.0, 1.0)), 3.0, egui::Color32::from_black_alpha(170));
    painter.line_segment(
        [rect.left_bottom() + egui::vec2(-3.0, 1.0), rect.right_bottom() + egui::vec2(3.0, 1.0)],
        egui::Stroke::new(2.0, side),
    );
    painter.galley(rect.min, galley, egui::Color32::WHITE);
}

/// The essentials of the unit under the pointer, beside it.
fn show_card(
    mut contexts: EguiContexts,
    screen: OnScreen,
    units: Query<(Unit, &GridPos, &Loadout, &Armor, &Tracks, &Initiative, &Holding)>,
    hover: Res<super::preview::Hover>,
    handover: Res<crate::ui::Handover>,
    area: Res<MapArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(cell) = hover.0.filter(|_| !handover.covered()) else { return Ok(()) };
    let Some((unit, _, loadout, armor, tracks, init, holding)) =
        units.iter().find(|(u, p, ..)| (p.0, p.1) == cell && *u.6 != Visibility::Hidden)
    else {
        return Ok(());
    };
    let (_, name, side, transform, token, statuses, _) = unit;
    let side_of = |dx: f32| transform.translation + Vec3::new(dx, 0.5, 0.0) * crate::ui::CELL * transform.scale.x;
    let (Some(right), Some(left)) =
        (screen.at(side_of(0.7), ctx.zoom_factor()), screen.at(side_of(-0.7), ctx.zoom_factor()))
    else {
        return Ok(());
    };
    // Beside the unit, on its right unless the window ends there: the card must not hide the unit it is about.
    let (at, pivot) = match right.x + CARD_WIDTH + 16.0 < area.points(ctx.zoom_factor()).right() {
        true => (right, egui::Align2::LEFT_TOP),
        false => (left, egui::Align2::RIGHT_TOP),
    };
    egui::Area::new("unit card".into())
        .order(egui::Order::Tooltip)
        .fixed_pos(at)
        .pivot(pivot)
        .interactable(false)
        .constrain(true)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(CARD_WIDTH);
                let named = format!("{} {}", token.shape.mark(), name.as_str());
                ui.label(egui::RichText::new(named).strong().color(egui_color(token.color)));
                ui.weak(format!("{} · {}", side.0, token.role.label()));
                let rounds = loadout.rounds.map_or(String::new(), |r| format!(", {r} rounds"));
                ui.label(format!("{}{rounds}", loadout.name));
                if !armor.0.is_empty() {
                    ui.label(armor.0.join(", "));
                }
                health_bars(ui, tracks, 200.0);
                if let Some(score) = init.score {
                    ui.label(format!("Initiative {score}"));
                }
                let states = states_of(statuses, loadout, (holding.aiming, holding.delayed));
                if !states.is_empty() {
                    ui.label(egui::RichText::new(states.join(", ")).color(egui::Color32::from_rgb(250, 220, 90)));
                }
            });
        });
    Ok(())
}

/// A unit's tracks as bars `width` wide, each the share of its track left, green to red (the hover card and the
/// selected unit's card read alike).
pub(in crate::ui) fn health_bars(ui: &mut egui::Ui, tracks: &Tracks, width: f32) {
    for t in &tracks.0 {
        match t.capacity {
            0 => ui.label(format!("{}: {}", t.name, t.taken)),
            c => {
                let left = 1.0 - (t.taken as f32 / c as f32).min(1.0);
                let bar =
                    egui::ProgressBar::new(left).desired_width(width).text(format!("{} {} of {c}", t.name, t.taken));
                ui.add(bar.fill(egui_color(super::units::health_color(left))))
            }
        };
    }
}

/// Whether the legend is open (G, or its button at the map's corner).
#[derive(Resource, Default)]
pub struct LegendShown(pub bool);

/// G opens and closes the legend.
fn toggle_legend(keys: Res<ButtonInput<KeyCode>>, mut shown: ResMut<LegendShown>) {
    if keys.just_pressed(KeyCode::KeyG) {
        shown.0 = !shown.0;
    }
}

/// The legend: each kind of ground on this map as the board draws it, the zones, the roles and the badges (G, or its
/// button in the top bar), at the map's top left corner.
fn show_legend(
    mut contexts: EguiContexts,
    area: Res<MapArea>,
    map: Res<crate::ui::MapView>,
    art: Res<Art>,
    tokens: Query<(Entity, &Token)>,
    fog: Res<super::fog::Fog>,
    mut shown: ResMut<LegendShown>,
    mut on_map: ResMut<OnTheMap>,
) -> Result {
    if !shown.0 {
        return Ok(());
    }
    let icon = |contexts: &mut EguiContexts, image: &Handle<Image>| {
        contexts.add_image(bevy_egui::EguiTextureHandle::Weak(image.id()))
    };
    let roles: Vec<(Role, egui::TextureId)> = Role::ALL
        .iter()
        // Under fog of war, only the roles of the units in sight.
        .filter(|r| tokens.iter().any(|(e, t)| t.role == **r && fog.sees(e)))
        .filter_map(|r| Some((*r, icon(&mut contexts, art.glyphs.get(r)?))))
        .collect();
    let badges: Vec<(Badge, egui::TextureId)> =
        Badge::ALL.iter().filter_map(|b| Some((*b, icon(&mut contexts, art.badges.get(b)?)))).collect();
    let ctx = contexts.ctx_mut()?;
    let corner = area.points(ctx.zoom_factor()).left_top() + egui::vec2(6.0, 6.0);
    let window = egui::Window::new("Legend").default_pos(corner).open(&mut shown.0);
    on_map.look_over(&map);
    window.resizable(false).collapsible(false).show(ctx, |ui| {
        ui.spacing_mut().item_spacing = egui::vec2(6.0, 2.0);
        for (color, words) in &on_map.swatches {
            swatch(ui, *color, words);
        }
        ui.separator();
        icons(ui, "roles", roles.iter().map(|(r, id)| (*id, r.label())));
        ui.separator();
        icons(ui, "badges", badges.iter().map(|(b, id)| (*id, b.label())));
    });
    Ok(())
}

/// What the map holds, for the legend: a swatch for each ground on it and for its exits and zones. Found once a
/// battle (every cell is looked at), not every frame the legend is open.
#[derive(Resource, Default)]
struct OnTheMap {
    found: bool,
    swatches: Vec<(egui::Color32, &'static str)>,
}

impl OnTheMap {
    fn look_over(&mut self, map: &crate::ui::MapView) {
        if self.found {
            return;
        }
        let grounds = super::board::LEGEND.iter().filter(|(g, _)| map.0.grid().cells().any(|(_, c)| c == *g));
        let mut swatches: Vec<_> = grounds.map(|(g, words)| (egui_color(super::board::look(*g).0), *words)).collect();
        for (rush, words) in [(true, "exit: leave the map here"), (false, "zone to hold")] {
            if map.0.goals.iter().any(|(_, g)| g.rush == rush) {
                swatches.push((egui_color(super::board::zone_color(rush)), words));
            }
        }
        (self.found, self.swatches) = (true, swatches);
    }
}

/// A square of `color` and what it stands for.
pub(in crate::ui) fn swatch(ui: &mut egui::Ui, color: egui::Color32, words: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, color);
        ui.label(words);
    });
}

/// Small pictures with their words, three to a line.
fn icons<'a>(ui: &mut egui::Ui, id: &str, items: impl Iterator<Item = (egui::TextureId, &'a str)>) {
    egui::Grid::new(id).spacing([10.0, 4.0]).show(ui, |ui| {
        for (n, (image, words)) in items.enumerate() {
            ui.horizontal(|ui| {
                ui.add(egui::Image::new((image, egui::vec2(16.0, 16.0))));
                ui.label(words);
            });
            if n % 3 == 2 {
                ui.end_row();
            }
        }
    });
}
