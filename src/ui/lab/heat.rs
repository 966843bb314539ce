//! The tactics lab's heat map over the battle map (H, or the *Heat map (H)* button): for a player's unit in its slot
//! (under fog of war, from what the player sees: an unseen enemy neither draws fire nor threatens a cell), every cell
//! it can reach tinted by the damage its best attack from there is expected to deal, the damage it is
//! expected to take there, or the one less the other (`ai::lab`, exact odds). Worked out on a background thread when
//! the battle changes (the frames go on meanwhile), drawn as one small texture under the tokens, with a legend that
//! gives the scale and the numbers of the cell under the pointer.

use crate::rules::tools::told::OddsTold;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::sets::LabWindowSystems;
use crate::ai::lab::{Heat, heat_map_any};
use crate::combat::{Engine, HumanSides};
use crate::rules::engine::ruleset::Slot;
use crate::ui::screens::{BattleScreenSystems, BoardSystems, InBattle, OnBoard};
use crate::ui::{CELL, MapArea, MapView};

/// What the heat map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HeatMode {
    #[default]
    Off,
    /// The damage the best attack from each cell is expected to deal.
    Dealt,
    /// The damage expected to be taken on each cell.
    Taken,
    /// Dealt less taken.
    Balance,
}

impl HeatMode {
    /// The next mode, for the key: off → dealt → taken → balance → off.
    fn next(self) -> Self {
        match self {
            HeatMode::Off => HeatMode::Dealt,
            HeatMode::Dealt => HeatMode::Taken,
            HeatMode::Taken => HeatMode::Balance,
            HeatMode::Balance => HeatMode::Off,
        }
    }

    fn words(self) -> &'static str {
        match self {
            HeatMode::Off => "off",
            HeatMode::Dealt => "damage it can deal",
            HeatMode::Taken => "damage it may take",
            HeatMode::Balance => "dealt − taken",
        }
    }

    /// The value of a cell under this mode.
    fn of(self, heat: &Heat) -> f64 {
        match self {
            HeatMode::Dealt => heat.dealt,
            HeatMode::Taken => heat.taken,
            HeatMode::Balance | HeatMode::Off => heat.balance(),
        }
    }
}

/// The mode shown, the map worked out (for which decision and slot), and the work under way.
#[derive(Resource, Default)]
pub struct HeatShown {
    pub mode: HeatMode,
    /// The map worked out (online: as the host sent it), for which key.
    pub map: Option<(HeatKey, Vec<Heat>)>,
    work: Option<(HeatKey, Task<Vec<Heat>>)>,
    /// What the texture shows now: the map's key and the mode.
    drawn: Option<(HeatKey, HeatMode)>,
}

/// What a map is worked out for: the battle's decisions so far (online: the host's asks), the slot, and the fog's
/// changes (under fog it is worked out from what the player sees).
pub type HeatKey = (usize, Slot, u64);

/// The texture over the board.
#[derive(Component)]
struct HeatLayer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HeatShown>()
        .init_resource::<HeatNow>()
        .add_systems(OnEnter(InBattle), (forget_heat, open_heat).chain())
        .add_systems(OnEnter(OnBoard), crate::ui::screens::fresh::<HeatNow>)
        .add_systems(
            Update,
            (note_heat_now, work_out_heat)
                .chain()
                .after(crate::ui::battle::fog::look_around)
                .before(draw_heat)
                .in_set(BattleScreenSystems),
        )
        .add_systems(Update, (toggle_heat.run_if(crate::ui::keys_free), draw_heat).chain().in_set(BoardSystems))
        .add_systems(
            EguiPrimaryContextPass,
            show_heat_legend.after(crate::ui::battle::sets::PanelSystems).in_set(LabWindowSystems).in_set(BoardSystems),
        );
}

/// What the map is to be for now, on one screen or online: its key (none while it is withheld, and why), the names
/// of the combatants (its legend names the target and the unit), and whether it is worked out from what a player
/// sees.
#[derive(Resource, Default)]
pub struct HeatNow {
    pub key: Option<HeatKey>,
    pub why: Option<&'static str>,
    pub names: Vec<String>,
    pub fogged: bool,
}

/// One screen's: the battle's slot, if it is a player's.
fn note_heat_now(
    engine: Res<Engine>,
    humans: Res<HumanSides>,
    fog: Res<crate::ui::battle::fog::Fog>,
    mut now: ResMut<HeatNow>,
) {
    let why = withheld(&engine, &humans);
    let key = engine.0.current().filter(|_| why.is_none()).map(|slot| (engine.0.decided(), slot, fog.changes));
    if now.key != key || now.why != why || now.names.len() != engine.0.len() {
        *now = HeatNow { key, why, names: engine.0.names(), fogged: fog.on };
    }
}

/// A new battle (or the same one set up again by *Play again* or an undo): the maps worked out are gone, the mode
/// the player chose stays.
fn forget_heat(mut shown: ResMut<HeatShown>) {
    *shown = HeatShown { mode: shown.mode, ..default() };
}

/// The heat map open from the start when the command line asks (`play --heat`).
fn open_heat(options: Res<crate::ui::PlayOptions>, mut commands: Commands) {
    if options.heat {
        commands.insert_resource(HeatShown { mode: HeatMode::Dealt, ..default() });
    }
}

fn toggle_heat(keys: Res<ButtonInput<KeyCode>>, mut shown: ResMut<HeatShown>) {
    if keys.just_pressed(KeyCode::KeyH) {
        shown.mode = shown.mode.next();
    }
}

/// Why the map is not shown now, if it is not: it is for a player's own unit.
fn withheld(engine: &Engine, humans: &HumanSides) -> Option<&'static str> {
    let Some(slot) = engine.0.current() else { return Some("for a player's unit, in its slot") };
    match humans.0.iter().any(|s| s == engine.0.view(slot.actor).side) {
        false => Some("for a player's unit, in its slot"),
        true => None,
    }
}

/// Starts the map's work when the battle has moved on (another decision or slot), and takes its answer when ready.
fn work_out_heat(
    engine: Res<Engine>,
    fog: Res<crate::ui::battle::fog::Fog>,
    now: Res<HeatNow>,
    mut shown: ResMut<HeatShown>,
) {
    let Some(key) = now.key.filter(|_| shown.mode != HeatMode::Off) else {
        shown.work = None;
        return;
    };
    if shown.map.as_ref().is_some_and(|(k, _)| *k == key) {
        return;
    }
    match shown.work.as_mut() {
        Some((k, task)) if *k == key => {
            if let Some(map) = check_ready(task) {
                (shown.map, shown.work) = (Some((key, map)), None);
            }
        }
        _ => {
            // Under fog, the battle as the player knows it: where unseen enemies stand must not show.
            let battle = fog.known(&engine.0).into_owned();
            let slot = key.1;
            let task = AsyncComputeTaskPool::get().spawn(async move { heat_map_any(&battle, slot) });
            shown.work = Some((key, task));
        }
    }
}

/// Draws the map as a texture a pixel a cell, under the tokens; takes it away when off.
fn draw_heat(
    mut commands: Commands,
    mut shown: ResMut<HeatShown>,
    (map, now): (Res<MapView>, Res<HeatNow>),
    layers: Query<Entity, With<HeatLayer>>,
    mut images: ResMut<Assets<Image>>,
    told: Res<crate::ui::battle::told::Told>,
) {
    // Only the map of this very decision and slot: a stale one (the last unit's, the other player's) is taken away.
    let fresh = shown.map.as_ref().map(|(k, _)| *k).filter(|k| Some(*k) == now.key);
    let wanted = fresh.map(|k| (k, shown.mode)).filter(|_| shown.mode != HeatMode::Off);
    if wanted == shown.drawn {
        return;
    }
    for layer in &layers {
        commands.entity(layer).despawn();
    }
    shown.drawn = wanted;
    let (Some(_), Some((_, heat))) = (wanted, &shown.map) else { return };
    let grid = map.0.grid();
    let image = heat_image(heat, shown.mode, (grid.width as u32, grid.height as u32), told.0);
    let (w, h) = (grid.width as f32 * CELL, grid.height as f32 * CELL);
    let sprite = Sprite { image: images.add(image), custom_size: Some(Vec2::new(w, h)), ..default() };
    let center = Vec2::new(w / 2.0 - CELL / 2.0, -(h / 2.0 - CELL / 2.0));
    commands.spawn((sprite, Transform::from_translation(center.extend(0.5)), HeatLayer, DespawnOnExit(OnBoard)));
}

/// The largest value of the map under `mode`, the scale's end (at least a little, so a map of zeros stays clear).
fn scale(heat: &[Heat], mode: HeatMode) -> f64 {
    heat.iter().map(|h| mode.of(h).abs()).fold(0.05, f64::max)
}

/// A cell's colour: green for damage dealt, red for damage taken, either for the balance; stronger for more.
fn colour(value: f64, top: f64) -> [u8; 4] {
    // Nothing either way (a room no shot reaches, nobody to shoot): a faint grey, a cell it can still reach.
    if value.abs() < 0.005 {
        return [200, 200, 200, 45];
    }
    let share = (value.abs() / top).clamp(0.0, 1.0);
    let alpha = (60.0 + 150.0 * share) as u8;
    match value >= 0.0 {
        true => [60, 220, 90, alpha],
        false => [240, 70, 60, alpha],
    }
}

/// The map as an image, a pixel a cell (sampled nearest, so cells stay sharp), clear where the unit cannot go.
/// Told roughly, each cell's strength is its band's (of the map's top), so that the colours tell no finer.
fn heat_image(heat: &[Heat], mode: HeatMode, (width, height): (u32, u32), told: OddsTold) -> Image {
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    let top = scale(heat, mode);
    for h in heat {
        let value = match mode {
            HeatMode::Taken => -h.taken,
            _ => mode.of(h),
        };
        let value = value.signum() * told.drawn(value.abs() / top).unwrap_or(0.0) * top;
        let (Ok(x), Ok(y)) = (u32::try_from(h.cell.0), u32::try_from(h.cell.1)) else { continue };
        if x >= width || y >= height {
            continue;
        }
        let at = ((y * width + x) * 4) as usize;
        pixels[at..at + 4].copy_from_slice(&colour(value, top));
    }
    let size = Extent3d { width, height, depth_or_array_layers: 1 };
    let usage = bevy::asset::RenderAssetUsages::default();
    let mut image = Image::new(size, TextureDimension::D2, pixels, TextureFormat::Rgba8UnormSrgb, usage);
    image.sampler = ImageSampler::nearest();
    image
}

/// The heat map's legend while it is on: the mode, the scale, and the cell under the pointer.
fn show_heat_legend(
    mut contexts: EguiContexts,
    area: Res<MapArea>,
    mut shown: ResMut<HeatShown>,
    hover: Res<crate::ui::battle::preview::Hover>,
    now: Res<HeatNow>,
    told: Res<crate::ui::battle::told::Told>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let room = area.points(ctx.zoom_factor());
    if shown.mode == HeatMode::Off {
        return Ok(());
    }
    let mut open = true;
    // At the map's top right: the acting unit's side usually starts at the left.
    let window = egui::Window::new("Heat map")
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(room.right_top() + egui::vec2(-6.0, 6.0));
    let window = window.open(&mut open).resizable(false).collapsible(true).default_width(300.0);
    let told = told.0;
    window.show(ctx, |ui| match now.why {
        Some(why) => {
            for mode in [HeatMode::Dealt, HeatMode::Taken, HeatMode::Balance] {
                ui.radio_value(&mut shown.mode, mode, mode.words());
            }
            ui.weak(format!("The heat map is {why}."));
        }
        None if told == OddsTold::Rough => {
            for mode in [HeatMode::Dealt, HeatMode::Taken, HeatMode::Balance] {
                ui.radio_value(&mut shown.mode, mode, mode.words());
            }
            ui.weak("Green for damage dealt, red for damage taken, stronger for more: told roughly, no numbers.");
        }
        None => heat_legend(ui, &mut shown, hover.0, &now),
    });
    if !open {
        shown.mode = HeatMode::Off;
    }
    Ok(())
}

fn heat_legend(ui: &mut egui::Ui, shown: &mut HeatShown, under: Option<(i32, i32)>, now: &HeatNow) {
    for mode in [HeatMode::Dealt, HeatMode::Taken, HeatMode::Balance] {
        ui.radio_value(&mut shown.mode, mode, mode.words());
    }
    let Some((key, heat)) = shown.map.as_ref().filter(|(k, _)| Some(*k) == now.key) else {
        ui.weak("working it out…");
        return;
    };
    let name = |id: crate::rules::engine::ruleset::CombatantId| now.names.get(id.index()).cloned().unwrap_or_default();
    let who = name(key.1.actor);
    ui.label(format!("for {who}, every cell it reaches this slot"));
    let top = scale(heat, shown.mode);
    ui.horizontal(|ui| {
        let swatch = |ui: &mut egui::Ui, [r, g, b, a]: [u8; 4], words: String| {
            crate::ui::battle::labels::swatch(ui, egui::Color32::from_rgba_unmultiplied(r, g, b, a), &words);
        };
        match shown.mode {
            HeatMode::Taken => swatch(ui, colour(-top, top), format!("up to {top:.2} taken")),
            HeatMode::Dealt => swatch(ui, colour(top, top), format!("up to {top:.2} dealt")),
            _ => {
                swatch(ui, colour(top, top), format!("+{top:.2}"));
                swatch(ui, colour(-top, top), format!("−{top:.2}"));
            }
        }
    });
    ui.weak("expected damage, exact odds: the attack the hard AI would make; every enemy's shot at the cell");
    if now.fogged {
        ui.weak("from what you see: an enemy out of sight is not counted");
    }
    if let Some(h) = under.and_then(|c| heat.iter().find(|h| h.cell == c)) {
        let target = h.target.map(name).unwrap_or_else(|| "nobody".into());
        ui.label(format!(
            "{:?}: deals {:.2} (at {target}), takes {:.2} from {} enemies",
            h.cell,
            h.dealt,
            // A sum of nothing may be −0.
            h.taken.max(0.0),
            h.threats.len()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heat(cell: (i32, i32), dealt: f64, taken: f64) -> Heat {
        Heat { cell, pace: None, dealt, target: None, taken, threats: Vec::new() }
    }

    #[test]
    fn each_reachable_cell_is_one_pixel_green_for_good_red_for_bad_grey_for_neither() {
        let map = [heat((0, 0), 2.0, 0.5), heat((1, 0), 0.0, 1.0), heat((0, 1), 0.0, 0.0)];
        let image = heat_image(&map, HeatMode::Balance, (2, 2), OddsTold::Exact);
        let px = |x: usize, y: usize| image.data.as_ref().map(|d| d[(y * 2 + x) * 4..(y * 2 + x) * 4 + 4].to_vec());
        assert_eq!(px(0, 0), Some(colour(1.5, 1.5).to_vec()), "the strongest green");
        assert_eq!(px(1, 0).map(|p| p[0] > p[1]), Some(true), "red where it takes more than it deals");
        assert_eq!(px(0, 1), Some(vec![200, 200, 200, 45]), "reachable, nothing either way");
        assert_eq!(px(1, 1), Some(vec![0, 0, 0, 0]), "out of reach: clear");
        let taken = heat_image(&map, HeatMode::Taken, (2, 2), OddsTold::Exact);
        let red = taken.data.as_ref().map(|d| d[4] > d[5]);
        assert_eq!(red, Some(true), "damage taken is red");
    }
}
