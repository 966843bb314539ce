//! The what-if panel's suppositions: for the attacker, the weapon in hand, wounds and aim; for the target, prone and
//! wounds; each offered only where the battle's ruleset gives it a part in an attack (`rules::suppose`), each
//! starting from how the unit stands, and a value put back to it supposes nothing. Also the line that says what the
//! chosen cell makes of the shot: range, cover, high ground.

use bevy_egui::egui;

use crate::rules::any::AnyBattle;
use crate::rules::field::{Cell, CoverLevel};
use crate::rules::outcome::Status;
use crate::rules::ruleset::CombatantId;
use crate::rules::suppose::Supposed;

/// `chosen`, or nothing where it is what the unit has now.
fn unless_now<T: PartialEq>(chosen: T, now: T) -> Option<T> {
    (chosen != now).then_some(chosen)
}

/// The attacker's suppositions: weapon in hand, wounds, aim at `target`.
pub(in crate::ui) fn attacker(
    ui: &mut egui::Ui,
    id: &str,
    battle: &AnyBattle,
    (me, them): (CombatantId, CombatantId),
    s: &mut Supposed,
) {
    let (weapons, aimed) = battle.carried_and_aimed(me, them);
    let fighter = battle.view(me).fighter;
    if weapons.len() > 1 {
        let now = fighter.weapon_in_hand().to_owned();
        let mut chosen = s.weapon.clone().unwrap_or_else(|| now.clone());
        ui.horizontal(|ui| {
            ui.label("Weapon in hand");
            let combo = egui::ComboBox::from_id_salt(("weapon", id)).selected_text(fighter.weapon_name_of(&chosen));
            combo.show_ui(ui, |ui| {
                for w in &weapons {
                    ui.selectable_value(&mut chosen, w.clone(), fighter.weapon_name_of(w));
                }
            });
        });
        s.weapon = unless_now(chosen, now);
    }
    aim(ui, battle.supposable().aim_steps, (them, aimed), s);
    wounds(ui, battle, me, s);
}

/// The target's suppositions: prone, wounds.
pub(in crate::ui) fn target(ui: &mut egui::Ui, battle: &AnyBattle, them: CombatantId, s: &mut Supposed) {
    if battle.supposable().prone {
        let now = battle.view(them).fighter.statuses().contains(&Status::Prone);
        let mut prone = s.prone.unwrap_or(now);
        ui.checkbox(&mut prone, "prone");
        s.prone = unless_now(prone, now);
    }
    wounds(ui, battle, them, s);
}

/// Aim at the target: a tick where one aim is all there is (Eclipse Phase's +30), else how many aims.
fn aim(ui: &mut egui::Ui, steps: u32, (them, now): (CombatantId, u32), s: &mut Supposed) {
    let mut aims = s.aim.map_or(now, |(_, n)| n);
    match steps {
        0 => return,
        1 => {
            let mut on = aims > 0;
            ui.checkbox(&mut on, "aimed at the target");
            aims = u32::from(on);
        }
        n => {
            ui.horizontal(|ui| {
                ui.label("aims");
                ui.add(egui::DragValue::new(&mut aims).range(0..=n));
            });
        }
    }
    s.aim = unless_now(aims, now).map(|n| (them, n));
}

/// Each damage track's boxes taken, from none to the most it can take and still fight (a full track would put it
/// out of the fight, which its statuses, not its tracks, say).
fn wounds(ui: &mut egui::Ui, battle: &AnyBattle, who: CombatantId, s: &mut Supposed) {
    let tracks = battle.tracks(who);
    s.taken.resize(tracks.len(), None);
    ui.horizontal_wrapped(|ui| {
        for (track, taken) in tracks.iter().zip(s.taken.iter_mut()) {
            let mut chosen = taken.unwrap_or(track.taken);
            // A track without a length (Eclipse Phase's wounds) is counted up to ten.
            let top = if track.capacity > 0 { track.capacity - 1 } else { 10 };
            ui.label(track.name.as_ref());
            ui.add(egui::DragValue::new(&mut chosen).range(0..=top.max(track.taken)));
            *taken = unless_now(chosen, track.taken);
        }
    });
}

/// What the cell makes of the shot: its range, the target's cover, high ground.
pub(in crate::ui) fn sight_line(battle: &AnyBattle, from: Cell, to: Cell) -> String {
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
