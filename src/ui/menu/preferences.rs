//! The window's preferences under the battle's settings: text size, autosaves kept, side colours, motion, the
//! camera and sound, kept for the next run.

use bevy_egui::egui;

use crate::ui::palette::Palette;
use crate::ui::settings::{MOST_AUTOSAVES, Settings, TEXT_SIZES};

/// The text size of every panel, the autosaves kept, the side colours and the camera, kept for the next run.
pub(super) fn choose_text_size(ui: &mut egui::Ui, settings: &mut Settings) {
    let before = *settings;
    ui.horizontal(|ui| {
        ui.label("Text size:");
        for size in TEXT_SIZES {
            let on = (settings.text_size - size).abs() < 1e-3;
            if ui.radio(on, format!("{:.0} %", size * 100.0)).clicked() && !on {
                settings.text_size = size;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Autosaves kept per level:");
        let most = MOST_AUTOSAVES;
        let kept = ui.add(egui::DragValue::new(&mut settings.autosaves_kept).range(1..=most));
        kept.on_hover_text("A new battle's first save removes the oldest autosaves of its level beyond these");
    });
    ui.horizontal(|ui| {
        ui.label("Side colours:");
        for palette in Palette::ALL {
            ui.radio_value(&mut settings.palette, palette, palette.label());
        }
    })
    .response
    .on_hover_text("Each side has its own shape too (circle, square, diamond, hexagon), on its tokens and in the log");
    let motion = ui.checkbox(&mut settings.motion, "Motion: units walk, shots fly");
    motion.on_hover_text("Off: units glide straight to their cells and changes show at once");
    let follow = ui.checkbox(&mut settings.camera_follows, "Camera follows the acting unit");
    follow.on_hover_text("When the unit whose turn it is stands off screen, the view glides to it");
    ui.horizontal(|ui| {
        ui.label("Sound:");
        ui.add_enabled(!settings.muted, egui::Slider::new(&mut settings.volume, 0.0..=1.0).show_value(false));
        ui.checkbox(&mut settings.muted, "mute");
    });
    if *settings != before
        && let Err(e) = settings.save()
    {
        eprintln!("the settings are not kept for the next run: {e}");
    }
}
