//! The seats as the window that hosts looks after them: a gone player's seat handed to another name (a friend who
//! stands in, or the player on a machine that lost its key), how many players the battle waits for, and what spectators
//! see and how many may watch. Each is asked of the host (`net::host::HostCommand`), which tells everyone in the chat.

use bevy_egui::egui;

use super::state::Online;
use crate::net::MAX_PLAYERS;
use crate::net::background::Hosting;
use crate::net::host::{HostCommand, MOST_SPECTATORS, SPECTATORS_MAX, Spectators};
use crate::net::join::Joined;

/// Each gone player's seat, with a name to hand it to and *Hand the seat*; nothing when no one is gone.
pub(super) fn show_gone_seats(ui: &mut egui::Ui, online: &mut Online, joined: &Joined, hosting: &Hosting) {
    let gone: Vec<&str> =
        joined.lobby.players.iter().filter(|p| !p.connected && !p.watching).map(|p| p.name.as_str()).collect();
    if gone.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Gone players").strong());
    for name in gone {
        ui.horizontal_wrapped(|ui| {
            let hint = format!(
                "{name}'s seat waits for {name}'s game, which kept the seat's key. To let someone else take it (or \
                 {name} on another machine), type the name they join by and hand the seat over: the sides go with it"
            );
            ui.label(format!("{name}: hand the seat to")).on_hover_text(hint);
            let to = online.hand_to.entry(name.to_owned()).or_default();
            ui.add(egui::TextEdit::singleline(to).desired_width(90.0).hint_text("a name"));
            let free = !to.trim().is_empty() && joined.lobby.players.iter().all(|p| p.name != to.trim());
            if ui.add_enabled(free, egui::Button::new("Hand the seat")).clicked() {
                hosting.command(HostCommand::Hand { seat: name.to_owned(), to: to.trim().to_owned() });
                online.hand_to.remove(name);
            }
        });
    }
}

/// How many players the battle waits for (so that the first to say ready does not begin it alone), asked of the
/// host when changed.
pub(super) fn choose_players(ui: &mut egui::Ui, online: &mut Online, hosting: &Hosting) {
    let had = online.players.unwrap_or(1);
    let mut count = had;
    ui.horizontal_wrapped(|ui| {
        ui.label("The battle waits for");
        ui.add(egui::DragValue::new(&mut count).range(1..=MAX_PLAYERS)).on_hover_text(
            "It begins once this many players are here and every one is ready: the first to say ready does not \
             begin it alone",
        );
        ui.label(if count == 1 { "player (you count)" } else { "players (you count)" });
    });
    if count != had {
        online.players = Some(count);
        hosting.command(HostCommand::Players(count));
    }
}

/// What spectators see and how many may watch at once, asked of the host when changed.
pub(super) fn choose_spectators(ui: &mut egui::Ui, online: &mut Online, hosting: &Hosting) {
    let had = online.spectators.unwrap_or((Spectators::Common, SPECTATORS_MAX));
    let (mut see, mut max) = had;
    ui.horizontal_wrapped(|ui| {
        ui.label("Spectators see");
        egui::ComboBox::from_id_salt("spectators see")
            .selected_text(words(see))
            .show_ui(ui, |ui| {
                for choice in [Spectators::Common, Spectators::Players, Spectators::All] {
                    ui.selectable_value(&mut see, choice, words(choice));
                }
            })
            .response
            .on_hover_text(
                "What every side sees: nothing a player does not know (a spectator may sit beside one). The \
                 players' sides: the table's TV at a battle a game master runs. Everything: for friends who trust \
                 each other",
            );
        ui.label("at most");
        ui.add(egui::DragValue::new(&mut max).range(0..=MOST_SPECTATORS));
        ui.label("at once");
    });
    if (see, max) != had {
        online.spectators = Some((see, max));
        hosting.command(HostCommand::Spectators { see, max });
    }
}

fn words(see: Spectators) -> &'static str {
    match see {
        Spectators::Common => "what every side sees",
        Spectators::Players => "what the players' sides see",
        Spectators::All => "everything",
    }
}
