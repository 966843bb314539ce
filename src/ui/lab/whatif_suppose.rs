//! The what-if panel's suppositions: for the attacker, the weapon in hand, wounds and aim; for the target, prone and
//! wounds; each offered only where the battle's ruleset gives it a part in an attack (`rules::mechanics::suppose`), each
//! starting from how the unit stands (`rules::tools::what_if::Standing`), and a value put back to it supposes nothing.

use bevy_egui::egui;

use crate::rules::engine::ruleset::CombatantId;
use crate::rules::mechanics::suppose::{Supposable, Supposed};
use crate::rules::tools::what_if::Standing;

/// `chosen`, or nothing where it is what the unit has now.
fn unless_now<T: PartialEq>(chosen: T, now: T) -> Option<T> {
    (chosen != now).then_some(chosen)
}

/// The attacker's suppositions: weapon in hand, wounds, aim at the target.
pub(in crate::ui) fn attacker(
    ui: &mut egui::Ui,
    id: &str,
    (me, them, can): (&Standing, CombatantId, &Supposable),
    s: &mut Supposed,
) {
    if me.weapons.len() > 1 {
        let now = me.in_hand.clone();
        let mut chosen = s.weapon.clone().unwrap_or_else(|| now.clone());
        let name_of =
            |w: &str| me.weapons.iter().find(|(i, _)| i == w).map_or_else(|| w.replace('_', " "), |(_, n)| n.clone());
        ui.horizontal(|ui| {
            ui.label("Weapon in hand");
            let combo = egui::ComboBox::from_id_salt(("weapon", id)).selected_text(name_of(&chosen));
            combo.show_ui(ui, |ui| {
                for (w, name) in &me.weapons {
                    ui.selectable_value(&mut chosen, w.clone(), name.as_str());
                }
            });
        });
        s.weapon = unless_now(chosen, now);
    }
    aim(ui, can.aim_steps, (them, me.aimed), s);
    wounds(ui, me, s);
}

/// The target's suppositions: prone, wounds.
pub(in crate::ui) fn target(ui: &mut egui::Ui, (them, can): (&Standing, &Supposable), s: &mut Supposed) {
    if can.prone {
        let mut prone = s.prone.unwrap_or(them.prone);
        ui.checkbox(&mut prone, "prone");
        s.prone = unless_now(prone, them.prone);
    }
    wounds(ui, them, s);
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

/// Each damage track's boxes taken, from none to the most it can take and still fight (`rules::tools::what_if::most_taken`).
fn wounds(ui: &mut egui::Ui, who: &Standing, s: &mut Supposed) {
    s.taken.resize(who.tracks.len(), None);
    ui.horizontal_wrapped(|ui| {
        for ((name, now, capacity), taken) in who.tracks.iter().zip(s.taken.iter_mut()) {
            let mut chosen = taken.unwrap_or(*now);
            let top = crate::rules::tools::what_if::most_taken(*capacity);
            ui.label(name.as_str());
            ui.add(egui::DragValue::new(&mut chosen).range(0..=top.max(*now)));
            *taken = unless_now(chosen, *now);
        }
    });
    // Nothing supposed of any track is nothing supposed: the set-up stays as it was (and is not priced again).
    if s.taken.iter().all(Option::is_none) {
        s.taken.clear();
    }
}
