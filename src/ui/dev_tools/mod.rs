//! The window's tools for tests, benchmarks and the docs' pictures, in one plugin behind the `dev-tools` cargo
//! feature (which `scripts/test`, `scripts/screenshots` and `scripts/frametime` turn on; a player's build has none
//! of it): a screenshot after some frames, quitting after some frames with the mean frame time, every text a frame
//! paints written down, the pointer held over a cell, the autopilot that plays a hot-seat or online battle through
//! the players' screens, the tour through every screen, and the bare window the frame time is measured against.
//!
//! - `capture.rs`: screenshots, frame counts and times, the screen's text
//! - `autopilot.rs`: hot-seat and online battles that play themselves
//! - `tour.rs`: `menu --tour DIR`

mod autopilot;
mod capture;
pub mod tour;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::rules::engine::field::Cell;

/// What the tools were asked to do in this run.
#[derive(Resource, Clone, Debug, Default)]
pub struct DevTools {
    /// Take a screenshot to this file after this many frames, then quit.
    pub screenshot: Option<(PathBuf, u32)>,
    /// Also save every this many frames, eleven before the screenshot (a strip of frames).
    pub strip: Option<u32>,
    /// Zoom in this many times once the battle has opened.
    pub zoom: Option<f32>,
    /// Quit after this many frames (frame-time measurements).
    pub quit_after: Option<u32>,
    /// Hold the pointer over this cell (screenshots and tests, where nobody moves a mouse).
    pub hover: Option<Cell>,
    /// The players' turns taken by the normal AI and the hand-over screens passed (`autopilot.rs`).
    pub autopilot: bool,
    /// The autopilot's online window stays open at the end (demos), rather than closing.
    pub stay: bool,
    /// Write every text the window paints, frame by frame, to this file (`capture.rs`).
    pub screen_text: Option<PathBuf>,
    /// Drive the window through every screen, saving a screenshot of each in this folder (`tour.rs`).
    pub tour: Option<PathBuf>,
    /// Every entry of the combat log shown open, its rolls painted (tests of what the log tells).
    pub log_open: bool,
    /// The expert asked at each player's slot, the enemy under `hover` the player's target (screenshots).
    pub ask_expert: bool,
}

/// Adds the tools to the window's app, doing what `tools` asks.
pub fn install(app: &mut App, tools: DevTools) {
    if let Some(dir) = &tools.tour {
        app.insert_resource(tour::Tour::new(dir.clone()));
    }
    app.insert_resource(super::battle::panels::LogOpen(tools.log_open));
    app.insert_resource(tools).add_plugins((capture::plugin, autopilot::plugin, tour::plugin));
    app.add_systems(
        Update,
        zoom_in
            .after(super::battle::sets::CameraSystems)
            .run_if(|tools: Res<DevTools>| tools.zoom.is_some())
            .in_set(super::screens::BoardSystems),
    );
    app.add_systems(
        Update,
        ask_the_expert
            .after(super::battle::orders::ClickSystems)
            .before(super::battle::hint::HintSystems)
            .run_if(|tools: Res<DevTools>| tools.ask_expert)
            .in_set(super::screens::BoardSystems),
    );
    app.add_systems(
        Update,
        hold_the_pointer
            .after(super::battle::preview::track_pointer)
            .before(super::battle::preview::update_preview)
            .run_if(|tools: Res<DevTools>| tools.hover.is_some())
            .in_set(super::screens::BattleScreenSystems),
    );
}

/// `--zoom`: the camera zoomed in on the map's middle, once, 25 frames after the board opened (by then the panels
/// are laid out and the fit is done).
fn zoom_in(
    tools: Res<DevTools>,
    map: Res<super::MapView>,
    mut frames: Local<u32>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    *frames += 1;
    let (Some(zoom), 25) = (tools.zoom, *frames) else { return };
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    if let Projection::Orthographic(o) = projection.as_mut() {
        o.scale /= zoom.max(0.1);
    }
    let middle = super::battle::follow::board_of(&map).center();
    transform.translation = middle.extend(transform.translation.z);
}

/// The pointer over the cell `--hover` holds it over, whatever the mouse does.
fn hold_the_pointer(tools: Res<DevTools>, mut hover: ResMut<super::battle::preview::Hover>) {
    hover.set_if_neq(super::battle::preview::Hover(tools.hover));
}

/// `--ask-expert`: the expert's hint asked for once it is offered, the player's orders an attack on the enemy under
/// the pointer (`--hover`) when one stands there.
fn ask_the_expert(
    tools: Res<DevTools>,
    mut orders: ResMut<super::battle::orders::Orders>,
    units: Query<(&crate::combat::components::Combatant, &crate::combat::components::GridPos)>,
    mut asked: Local<Option<crate::rules::engine::ruleset::Slot>>,
) {
    use super::battle::orders::ExpertHint;
    let slot = orders.waiting.as_ref().map(|w| w.slot);
    // Once a slot: a refusal offers the button again, which would ask again every frame.
    if orders.expert != ExpertHint::Offered || slot.is_none() || *asked == slot {
        return;
    }
    *asked = slot;
    let under = units.iter().find(|(_, at)| Some((at.0, at.1)) == tools.hover).map(|(c, _)| c.0);
    orders.plan.target = under.filter(|&id| Some(id) != orders.waiting.as_ref().map(|w| w.slot.actor));
    orders.expert = ExpertHint::Asked;
}

/// A bare bevy + bevy_egui window (a camera and one egui window) with the same frame counter: the yardstick the
/// game's frame time is measured against.
pub fn bare(tools: DevTools) -> AppExit {
    let window =
        Window { title: "Skirmish — bare window".into(), resolution: WindowResolution::new(1280, 720), ..default() };
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }),
        EguiPlugin::default(),
    ));
    app.insert_resource(tools).add_plugins(capture::plugin);
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn(Camera2d);
    });
    app.add_systems(bevy_egui::EguiPrimaryContextPass, |mut contexts: bevy_egui::EguiContexts| -> Result {
        bevy_egui::egui::Window::new("bare").show(contexts.ctx_mut()?, |ui| ui.label("a bare window"));
        Ok(())
    });
    app.run()
}
