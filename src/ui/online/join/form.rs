//! The form that asks for the host's address and the player's name, the connection under way, and the column in the
//! middle of the screen they and the lobby are laid out in.

use bevy_egui::egui;

use super::state::{Go, Online, default_name};

/// The width of the form's and the lobby's column, in points.
const COLUMN: f32 = 560.0;

/// A column in the middle of the screen under a title.
pub(super) fn middle(root: &mut egui::Ui, title: &str, add: impl FnOnce(&mut egui::Ui) -> Go) -> Go {
    let mut go = Go::Stay;
    egui::CentralPanel::default_margins().show(root, |ui| {
        ui.add_space(ui.available_height() * 0.1);
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new(title).size(24.0).color(egui::Color32::from_rgb(240, 200, 90)));
        });
        ui.add_space(12.0);
        // A column of its own width in the middle, its lines from its left edge.
        let width = ui.available_width().min(COLUMN);
        ui.horizontal_top(|ui| {
            ui.add_space((ui.available_width() - width) / 2.0);
            ui.vertical(|ui| {
                ui.set_width(width);
                go = add(ui);
            });
        });
    });
    go
}

/// The form: the host's address and the player's name.
pub(super) fn show_form(root: &mut egui::Ui, online: &mut Online) -> Go {
    middle(root, "Join an online battle", |ui| {
        ui.label(
            "The host hosts the battle (Host online… in the menu, or skirmish host LEVEL) and tells you its address.",
        );
        ui.add_space(8.0);
        egui::Grid::new("join form").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
            ui.label("Host address");
            ui.add(egui::TextEdit::singleline(&mut online.form.address).hint_text("192.168.1.20 or host:5757"));
            ui.end_row();
            ui.label("Your name");
            let name = egui::TextEdit::singleline(&mut online.form.name).char_limit(40).hint_text(default_name());
            ui.add(name);
            ui.end_row();
            ui.label("Password");
            let password = egui::TextEdit::singleline(&mut online.form.password).char_limit(64);
            ui.add(password.hint_text("the host's password or join code, if it gave one"));
            ui.end_row();
        });
        let hint = "Take no side: you may join a battle under way; you see what every side sees, and all of it once \
                    the battle is over";
        ui.checkbox(&mut online.form.watch, "Only watch").on_hover_text(hint);
        if let Some(trouble) = &online.trouble {
            ui.add_space(6.0);
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), trouble);
        }
        ui.add_space(10.0);
        let mut go = Go::Stay;
        ui.horizontal(|ui| {
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Join").clicked() || enter {
                go = Go::Join;
            }
            if ui.button("Back to the menu").clicked() {
                go = Go::Menu;
            }
        });
        go
    })
}

pub(super) fn show_connecting(root: &mut egui::Ui, online: &Online) -> Go {
    let host = online.host.map_or(String::new(), |h| h.to_string());
    middle(root, "Joining…", |ui| {
        ui.label(format!("Connecting to {host} as {}", online.form.name_or_default()));
        ui.spinner();
        match ui.button("Cancel").clicked() {
            true => Go::Menu,
            false => Go::Stay,
        }
    })
}
