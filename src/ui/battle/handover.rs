//! Hotseat: when the battle waits for a different player than the last one, a hand-over screen covers everything
//! (map, panels, log, tooltips) until the next player clicks "I am <name>, start my turn". The last player's orders
//! and selection are cleared first, so nothing of their plans is left for the next one to see.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::orders::Orders;
use crate::combat::components::Side;
use crate::combat::{HumanSides, TurnState};
use crate::ui::PlayerNames;
use crate::ui::{Handover, Selected};

pub(super) fn plugin(app: &mut App) {
    use crate::ui::screens::{BattleScreenSystems, InBattle, fresh};
    app.add_plugins(turns_plugin)
        .add_systems(OnEnter(InBattle), (hand_over_anew, fresh::<Selected>))
        .add_systems(EguiPrimaryContextPass, show_handover.in_set(BattleScreenSystems));
}

/// The player who had the screen when an undo or a redo set the battle up again: it stays theirs (an undo never
/// goes back past another player's slot: `undo_point`), with no hand-over screen.
#[derive(Resource)]
pub struct StillWith(pub Option<String>);

/// A battle on screen starts with no player yet, unless it is the same battle set up again by an undo or a redo.
fn hand_over_anew(mut commands: Commands, kept: Option<Res<StillWith>>) {
    let last = kept.and_then(|k| k.0.clone());
    commands.insert_resource(Handover { showing: None, last });
    commands.remove_resource::<StillWith>();
}

/// The hand-over's bookkeeping without the screen (what a headless test drives): who the screen goes to next.
pub fn turns_plugin(app: &mut App) {
    app.init_resource::<Handover>().init_resource::<Orders>().init_resource::<Selected>().add_systems(
        Update,
        // After the slot's action is chosen (a player's slot then waits), before the clicks are read.
        notice_next_player
            .after(crate::combat::TurnSystems::Choose)
            .before(super::orders::ClickSystems)
            .in_set(crate::ui::screens::BattleScreenSystems),
    );
}

/// With two players or more, a slot of a player other than the last one covers the screen.
fn notice_next_player(
    state: Res<TurnState>,
    humans: Option<Res<HumanSides>>,
    sides: Query<&Side>,
    mut handover: ResMut<Handover>,
    mut orders: ResMut<Orders>,
    mut selected: ResMut<Selected>,
) {
    let Some((entity, _)) = state.awaiting() else { return };
    if humans.is_none_or(|h| h.0.len() < 2) || handover.covered() {
        return;
    }
    let Ok(side) = sides.get(entity) else { return };
    if handover.last.as_deref() != Some(side.0.as_str()) {
        handover.showing = Some(side.0.clone());
        *orders = Orders::default();
        selected.0 = None;
    }
}

/// The screen that covers everything, and the button that uncovers it.
fn show_handover(
    mut contexts: EguiContexts,
    mut handover: ResMut<Handover>,
    names: Res<PlayerNames>,
    tokens: Query<(&Side, &super::units::Token)>,
) -> Result {
    let Some(side) = handover.showing.clone() else { return Ok(()) };
    let color = tokens.iter().find(|(s, _)| s.0 == side).map_or(Color::WHITE, |(_, t)| t.color);
    let color = crate::ui::palette::readable(color);
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let mut start = false;
    egui::Area::new("handover".into()).order(egui::Order::Foreground).fixed_pos(screen.min).show(ctx, |ui| {
        // Opaque and catching every click and hover: nothing beneath shows or answers.
        ui.painter().rect_filled(screen, 0.0, egui::Color32::from_rgb(16, 18, 24));
        let _ = ui.allocate_rect(screen, egui::Sense::click_and_drag());
        let player = names.player(&side);
        let inner = egui::Rect::from_center_size(screen.center(), egui::vec2(520.0, 220.0));
        // A band in the side's colour: whose turn it is reads from across the table.
        for dy in [-130.0, 50.0] {
            let band =
                egui::Rect::from_center_size(screen.center() + egui::vec2(0.0, dy), egui::vec2(screen.width(), 4.0));
            ui.painter().rect_filled(band, 0.0, color);
        }
        ui.scope_builder(egui::UiBuilder::new().max_rect(inner), |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("Hand over to").size(16.0).weak());
                ui.label(egui::RichText::new(names.of(&side)).size(32.0).strong().color(color));
                ui.add_space(8.0);
                ui.label("The previous player's view is hidden. Pass the screen, then:");
                ui.add_space(12.0);
                start = ui.button(egui::RichText::new(format!("I am {player}, start my turn")).size(18.0)).clicked();
            });
        });
    });
    if start {
        handover.last = handover.showing.take();
    }
    Ok(())
}
