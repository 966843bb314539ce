//! The lobby: each side and who takes it, ready, own dice, the players, the host's refusals and the chat; where the
//! others join a battle this window hosts; and *Leave*.

use bevy::prelude::*;
use bevy_egui::egui;

use super::form::middle;
use super::state::{Go, Online};
use crate::battle::commitment::Commitment;
use crate::net::background::Hosting;
use crate::net::join::Joined;
use crate::net::protocol::FromPlayer;
use crate::ui::palette::{Palette, Shape, readable};

/// The lobby: each side and who takes it (a button to take a free one), ready, the players, chat.
pub(super) fn show_lobby(
    root: &mut egui::Ui,
    (online, palette): (&mut Online, Palette),
    (joined, hosting): (&Joined, Option<&Hosting>),
    out: &mut MessageWriter<FromPlayer>,
) -> Go {
    let lobby = &joined.lobby;
    let me = lobby.players.iter().find(|p| p.name == joined.name);
    middle(root, &format!("Lobby — {} · {}", lobby.title, lobby.ruleset), |ui| {
        if let Some(hosting) = hosting {
            show_hosting(ui, online, hosting);
        }
        let begins = when_it_begins(lobby);
        match joined.watching {
            true => ui.label(format!(
                "You are watching: the battle begins {begins}; you will see what every side sees, and all of it once \
                 it is over."
            )),
            false => ui.label(format!("Take a side (or more), then say you are ready: the battle begins {begins}.")),
        };
        ui.label("The AI plays the sides no one takes.");
        if let Some(hash) = &joined.dice_commitment {
            let hint = format!(
                "The host's commitment to its dice: the hash of its seed ({hash}). At the end, Verify the dice checks \
                 every roll against it; `skirmish verify SAVE --commitment {}` does the same.",
                Commitment::short(hash)
            );
            ui.weak(format!("Dice committed to: {}", Commitment::short(hash))).on_hover_text(hint);
        }
        ui.add_space(8.0);
        egui::Grid::new("sides").num_columns(3).spacing([16.0, 6.0]).striped(true).show(ui, |ui| {
            for (n, side) in lobby.sides.iter().enumerate() {
                let mark = format!("{} {side}", Shape::of_side(n).mark());
                ui.label(egui::RichText::new(mark).strong().color(readable(palette.side(n))));
                let taker = lobby.players.iter().find(|p| p.sides.contains(side));
                match taker {
                    Some(p) if p.name == joined.name => ui.label("you"),
                    Some(p) => ui.label(&p.name),
                    None => ui.weak("the AI"),
                };
                if taker.is_none() && !joined.watching && ui.button("Take").clicked() {
                    out.write(FromPlayer::TakeSide(Some(side.clone())));
                }
                ui.end_row();
            }
        });
        ui.add_space(8.0);
        let mut ready = me.is_some_and(|p| p.ready);
        if !joined.watching {
            ui.horizontal(|ui| {
                let mine = me.is_some_and(|p| !p.sides.is_empty());
                // A game master needs no side to say ready.
                let may_start = mine || me.is_some_and(|p| p.gm);
                if ui.add_enabled(may_start, egui::Checkbox::new(&mut ready, "Ready")).changed() {
                    out.write(FromPlayer::Ready(ready));
                }
                if mine && ui.button("Give my sides up").clicked() {
                    out.write(FromPlayer::TakeSide(None));
                }
                let mut own = me.is_some_and(|p| p.own_dice);
                let hint = "The host asks you for each roll of your sides' (what it is for, how many dice) and you \
                            type the faces in; it waits a while (the host's choice), then rolls them for you";
                if mine && ui.checkbox(&mut own, "I roll my own dice").on_hover_text(hint).changed() {
                    out.write(FromPlayer::OwnDice(own));
                }
                let mut gm = me.is_some_and(|p| p.gm);
                let hint = "The game master sees every unit and every roll, and changes wounds and statuses by hand \
                            (each change in the battle's record); a GM needs no side";
                if ui.checkbox(&mut gm, "Game master").on_hover_text(hint).changed() {
                    out.write(FromPlayer::TakeGm(gm));
                }
                let mut asks = me.is_some_and(|p| p.asks_defense);
                let hint = "When one of your units is attacked and the rules give it a choice (a full defense, which \
                            defense test, a dodge or a parry), the host asks you, each choice with its odds; it waits \
                            a while (the host's choice), then the unit decides by itself";
                if mine && ui.checkbox(&mut asks, "Ask how my units defend").on_hover_text(hint).changed() {
                    out.write(FromPlayer::AsksDefense(asks));
                }
            });
        }
        ui.add_space(8.0);
        ui.label(egui::RichText::new("Players").strong());
        for p in &lobby.players {
            ui.label(p.line());
        }
        if let Some(hosting) = hosting {
            super::seats::show_gone_seats(ui, online, joined, hosting);
        }
        show_refusals(ui, joined);
        ui.add_space(8.0);
        show_chat(ui, online, joined, out);
        ui.add_space(8.0);
        match leave_button(ui, hosting).clicked() {
            true => Go::Menu,
            false => Go::Stay,
        }
    })
}

/// Where the others join a battle this window hosts: the port and this machine's addresses.
fn show_hosting(ui: &mut egui::Ui, online: &mut Online, hosting: &Hosting) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let gold = egui::Color32::from_rgb(240, 200, 90);
        ui.label(egui::RichText::new(format!("You host this battle, on port {}", hosting.address.port())).color(gold));
        let addresses = hosting.addresses();
        match addresses.is_empty() {
            true => ui.label("This machine has no network address but its own: only players on it can join."),
            false => ui.label("The others join at (Join online… in their menu, or skirmish join ADDRESS):"),
        };
        for address in addresses {
            ui.monospace(address.to_string());
        }
        if !hosting.password.is_empty() {
            ui.horizontal(|ui| {
                ui.label("with the join code");
                ui.label(egui::RichText::new(&hosting.password).monospace().strong().color(gold));
                ui.weak("(their Password field, or join --password)");
            });
        }
        ui.weak(format!("The battle is saved after every decision to {}.", hosting.autosave.display()));
        super::seats::choose_players(ui, online, hosting);
        super::seats::choose_spectators(ui, online, hosting);
    });
    ui.add_space(8.0);
}

/// When the battle begins, in words: when every player is ready, and as many are here as the host waits for.
fn when_it_begins(lobby: &crate::net::protocol::LobbyView) -> String {
    let here = lobby.players.iter().filter(|p| p.connected && !p.watching).count();
    match usize::from(lobby.waits_for) {
        0 | 1 => "when every player is ready".into(),
        n => format!("once {n} players are here (now {here}) and every one is ready"),
    }
}

/// *Leave*, which, in a battle this window hosts, stops the host (said on hover).
pub(super) fn leave_button(ui: &mut egui::Ui, hosting: Option<&Hosting>) -> egui::Response {
    let button = ui.button("Leave");
    match hosting {
        Some(h) => button.on_hover_text(format!(
            "You host this battle: leaving stops it for everyone (it is saved: skirmish host --load {})",
            h.autosave.display()
        )),
        None => button
            .on_hover_text("Your seat waits: join again by the same name, from this game (it keeps the seat's key)"),
    }
}

/// The host's last refusal, in red.
pub(super) fn show_refusals(ui: &mut egui::Ui, joined: &Joined) {
    if let Some(why) = joined.refused.last() {
        ui.colored_label(egui::Color32::from_rgb(255, 120, 100), format!("The host refused: {why}"));
    }
}

/// The chat: the last lines and a line to type.
pub(super) fn show_chat(ui: &mut egui::Ui, online: &mut Online, joined: &Joined, out: &mut MessageWriter<FromPlayer>) {
    ui.label(egui::RichText::new("Chat").strong());
    // The last few lines, a row each (the whole line on hover): the chat never pushes the rest off the panel.
    for (from, text) in joined.chat.iter().rev().take(6).rev() {
        let line = format!("{from}: {text}");
        ui.add(egui::Label::new(&line).truncate()).on_hover_text(line);
    }
    ui.horizontal(|ui| {
        let width = (ui.available_width() - 60.0).max(80.0);
        let line = ui.add(egui::TextEdit::singleline(&mut online.chat).hint_text("say something").desired_width(width));
        let sent = line.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Send").clicked() || sent) && !online.chat.trim().is_empty() {
            out.write(FromPlayer::Say(std::mem::take(&mut online.chat).trim().to_owned()));
        }
    });
}
