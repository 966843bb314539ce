//! The what-if panel's suppositions: for the attacker, the weapon in hand, prone, wounds and aim; for the target,
//! prone and wounds; each offered only where the battle's ruleset gives it a part in an attack
//! (`rules::suppose`). Also the line that says what the chosen cell makes of the shot: range, cover, high ground.

use bevy_egui::egui;

use crate::rules::any::AnyBattle;
use crate::rules::field::{Cell, CoverLevel};
use crate::rules::outcome::Status;
use crate::rules::suppose::Supposed;

/// The attacker's suppositions: weapon in hand, prone, wounds, aim at `target`.
pub(super) fn attacker(
    ui: &mut egui::Ui,
    id: &str,
    battle: &AnyBattle,
    (me, target): (usize, usize),
    s: &mut Supposed,
) {
    let (can, weapons) = battle.supposable(me);
    let view = battle.view(me);
    let in_hand = s.weapon.clone().unwrap_or_else(|| view.fighter.weapon_in_hand().to_owned());
    if weapons.len() > 1 {
        ui.horizontal(|ui| {
            ui.label("Weapon in hand");
            let mut chosen = in_hand.clone();
            egui::ComboBox::from_id_salt(("weapon", id)).selected_text(view.fighter.weapon_name_of(&in_hand)).show_ui(
                ui,
                |ui| {
                    for w in &weapons {
                        ui.selectable_value(&mut chosen, w.clone(), view.fighter.weapon_name_of(w));
                    }
                },
            );
            if chosen != in_hand {
                s.weapon = Some(chosen);
            }
        });
    }
    ui.horizontal(|ui| {
        if can.prone {
            prone(ui, battle, me, s);
        }
        aim(ui, battle, (target, can.aim_steps), s);
    });
    wounds(ui, battle, me, s);
}

/// The target's suppositions: prone, wounds.
pub(super) fn target(ui: &mut egui::Ui, battle: &AnyBattle, them: usize, s: &mut Supposed) {
    if battle.supposable(them).0.prone {
        prone(ui, battle, them, s);
    }
    wounds(ui, battle, them, s);
}

fn prone(ui: &mut egui::Ui, battle: &AnyBattle, who: usize, s: &mut Supposed) {
    let lying = battle.view(who).fighter.statuses().contains(&Status::Prone);
    let mut now = s.prone.unwrap_or(lying);
    if ui.checkbox(&mut now, "prone").changed() {
        s.prone = Some(now);
    }
}

/// Aim at the target: a tick where one aim is all there is (Eclipse Phase's +30), else how many aims.
fn aim(ui: &mut egui::Ui, battle: &AnyBattle, (target, steps): (usize, u32), s: &mut Supposed) {
    let id = battle.view(target).id();
    let mut aims = s.aim.filter(|(t, _)| *t == id).map_or(0, |(_, n)| n);
    let changed = match steps {
        0 => false,
        1 => {
            let mut on = aims > 0;
            let changed = ui.checkbox(&mut on, "aimed at the target").changed();
            aims = u32::from(on);
            changed
        }
        n => {
            ui.label("aims");
            ui.add(egui::DragValue::new(&mut aims).range(0..=n)).changed()
        }
    };
    if changed {
        s.aim = Some((id, aims));
    }
}

/// Each damage track's boxes taken, from none to full.
fn wounds(ui: &mut egui::Ui, battle: &AnyBattle, who: usize, s: &mut Supposed) {
    let tracks = battle.tracks(who);
    s.taken.resize(tracks.len(), None);
    ui.horizontal_wrapped(|ui| {
        for (track, taken) in tracks.iter().zip(s.taken.iter_mut()) {
            let mut now = taken.unwrap_or(track.taken);
            // A track without a length (Eclipse Phase's wounds) is counted up to ten.
            let top = if track.capacity > 0 { track.capacity } else { 10 };
            ui.label(track.name);
            if ui.add(egui::DragValue::new(&mut now).range(0..=top)).changed() {
                *taken = Some(now);
            }
        }
    });
}

/// What the cell makes of the shot: its range, the target's cover, high ground.
pub(super) fn sight_line(battle: &AnyBattle, from: Cell, to: Cell) -> String {
    let sight = battle.field().sight(from, to);
    if sight.blocked {
        return "A wall is in the way.".into();
    }
    let cover = match (sight.hidden, sight.cover) {
        (true, _) => "hidden behind high cover".to_owned(),
        (false, CoverLevel::None) => "in the open".to_owned(),
        (false, level) => format!("behind {level}"),
    };
    let high = if sight.high_ground { ", from high ground" } else { "" };
    format!("{} m, the target {cover}{high}", sight.meters)
}
