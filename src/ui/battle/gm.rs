//! The GM panel (top right, movable), in a battle a game master runs (the menu's box, or `play --gm`): for the unit clicked (else the one
//! whose slot it is), its damage tracks, initiative, statuses, ammunition and place, each changed by hand, and *Take off the map*;
//! the reinforcements waiting in reserve, each brought in on a cell, and a new one added to a side's reserve.
//! Every change goes to the engine as a `ChangeByGm` (`combat/gm.rs`): it is an event in the log and a decision in the
//! record, never an edit of the components. The panel says what the rules made of it, or why they refused.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::save::Save;
use crate::combat::BattleLog;
use crate::combat::components::{Combatant, GridPos, Initiative, Loadout, Side, StatusList, Tracks};
use crate::combat::gm::{ChangeByGm, GmChangeMade, GmChangeRefused};
use crate::combat::{BattleDice, Engine};
use crate::rules::any_ruleset::any::RulesetId;
use crate::rules::engine::gm::GmChange;
use crate::rules::engine::outcome::Status;
use crate::rules::engine::ruleset::CombatantId;
use crate::scenario::reserve::{Recruit, Reinforcement};
use crate::ui::palette::plain;
use crate::ui::screens::{Autosave, BattleScreenSystems, BoardSystems, NextBattle, OnBoard, fresh};
use crate::ui::{Acting, Selected};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GmPanel>()
        .init_resource::<BringInNext>()
        .add_systems(OnEnter(OnBoard), fresh::<GmPanel>)
        .add_systems(
            Update,
            (
                place_by_click
                    .after(super::preview::track_pointer)
                    .before(super::orders::ClickSystems)
                    .in_set(BoardSystems),
                hear_the_rules.in_set(BattleScreenSystems),
                add_to_reserve.in_set(BattleScreenSystems),
            )
                .run_if(gm_runs),
        )
        .add_systems(EguiPrimaryContextPass, show_gm_panel.in_set(BattleScreenSystems).run_if(gm_runs));
}

/// Whether a game master runs the battle on screen.
fn gm_runs(next: Option<Res<NextBattle>>, watching: Option<Res<crate::ui::screens::Watching>>) -> bool {
    // The players' screen at the table has no GM panel.
    next.is_some_and(|n| n.0.gm) && !crate::ui::screens::Watching::at_the_table(watching)
}

/// The panel's state: the unit it shows and the values typed for it, a place being chosen, what the rules said last.
#[derive(Resource, Default, Debug)]
pub struct GmPanel {
    /// The unit shown, and its tracks, rounds and initiative as they were when the drafts were taken from them.
    shown: Option<(CombatantId, Vec<u32>, Option<u32>, Option<i32>)>,
    /// The values typed: each track's, the rounds, the initiative, how many turns a stun lasts.
    tracks: Vec<u32>,
    rounds: u32,
    initiative: i32,
    stunned_for: u32,
    /// The unit whose new cell the next click on the board gives.
    pub placing: Option<CombatantId>,
    /// What the rules made of the last change (its log lines), or why they refused it (false).
    said: Option<(bool, String)>,
    /// What a new reinforcement may be (the rosters' archetypes, the content folder's characters of the battle's
    /// ruleset), taken once a battle; the side and the one picked.
    recruits: Option<Vec<(String, Recruit)>>,
    side: String,
    recruit: usize,
    /// A reinforcement asked for: the battle is rebuilt from its save with it in the reserve (`add_to_reserve`).
    asked: Option<Reinforcement>,
}

/// The battle was rebuilt with one more reinforcement: the panel offers to bring it in at once (a resource of its own,
/// since the panel starts afresh with the rebuilt battle).
#[derive(Resource, Default, Debug)]
struct BringInNext(bool);

/// A unit as the panel shows it.
type Unit<'a> =
    (&'a Combatant, &'a Name, &'a Side, &'a GridPos, &'a Tracks, &'a StatusList, &'a Loadout, &'a Initiative);

/// The statuses a GM sets with a box (stunned has its own, with its turns).
const BOXES: [(Status, &str); 4] = [
    (Status::Prone, "prone"),
    (Status::Unconscious, "unconscious"),
    (Status::Incapacitated, "incapacitated"),
    (Status::Dead, "dead"),
];

/// The GM panel, at the top right of the board.
fn show_gm_panel(
    mut contexts: EguiContexts,
    units: Query<Unit>,
    (selected, acting, engine): (Res<Selected>, Res<Acting>, Res<Engine>),
    (mut panel, mut next): (ResMut<GmPanel>, ResMut<BringInNext>),
    mut ask: MessageWriter<ChangeByGm>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let unit = selected.0.or(acting.0).and_then(|e| units.get(e).ok());
    let waiting: Vec<Unit> = units.iter().filter(|u| u.5.0.contains(&Status::Reserve)).collect();
    if std::mem::take(&mut next.0)
        && let Some(newest) = waiting.iter().max_by_key(|u| u.0.0)
    {
        panel.placing = Some(newest.0.0);
        panel.said = Some((true, format!("{} waits in reserve: click a cell to bring it in.", newest.1)));
    }
    // At the top right, over the far edge of the map (the log stays clear); the GM moves it where it suits.
    // Pinned by its right edge: on its first frame egui does not know its width yet.
    let corner = egui::pos2(ctx.content_rect().right() - 8.0, 60.0);
    let window = egui::Window::new("Game master").pivot(egui::Align2::RIGHT_TOP).default_pos(corner);
    let window = window.default_width(320.0).collapsible(true).resizable(false);
    window.show(ctx, |ui| {
        match unit.filter(|u| !u.5.0.contains(&Status::Reserve)) {
            Some(unit) => {
                take_drafts(&mut panel, unit);
                for change in unit_controls(ui, &mut panel, unit) {
                    ask.write(ChangeByGm(change));
                }
            }
            None => {
                ui.label("Click a unit (on the board or in the list) to change it by hand.");
            }
        }
        ui.separator();
        let sides = sides_of(&units);
        reinforcements(ui, &mut panel, &waiting, (&sides, engine.0.ruleset()));
        if let Some((made, text)) = &panel.said {
            let colour = if *made { egui::Color32::LIGHT_GREEN } else { egui::Color32::from_rgb(255, 140, 120) };
            ui.separator();
            ui.label(egui::RichText::new(text).color(colour));
        }
    });
    Ok(())
}

/// The values typed start from the unit's own, again whenever the unit shown or its values change.
fn take_drafts(panel: &mut GmPanel, (id, _, _, _, tracks, _, loadout, initiative): Unit) {
    let now = (id.0, tracks.0.iter().map(|t| t.taken).collect::<Vec<_>>(), loadout.rounds, initiative.score);
    if panel.shown.as_ref().map(|(shown, ..)| *shown) != Some(now.0) {
        panel.placing = None; // a place is chosen for the unit on show only
    }
    if panel.shown.as_ref() != Some(&now) {
        (panel.tracks, panel.rounds) = (now.1.clone(), loadout.rounds.unwrap_or(0));
        panel.initiative = initiative.score.unwrap_or(0);
        panel.stunned_for = panel.stunned_for.max(1);
        panel.shown = Some(now);
    }
}

/// The controls for one unit; the changes asked for this frame.
fn unit_controls(ui: &mut egui::Ui, panel: &mut GmPanel, unit: Unit) -> Vec<GmChange> {
    let (id, name, side, at, tracks, statuses, loadout, initiative) = unit;
    let who = id.0;
    let mut changes = Vec::new();
    ui.label(egui::RichText::new(format!("{name} ({}) at ({}, {})", side.0, at.0, at.1)).strong());
    egui::Grid::new("gm tracks").num_columns(3).show(ui, |ui| {
        for (i, track) in tracks.0.iter().enumerate() {
            ui.label(track.name.as_ref());
            let draft = &mut panel.tracks[i];
            let of = if track.capacity > 0 { format!(" of {}", track.capacity) } else { String::new() };
            ui.add(egui::DragValue::new(draft).range(0..=crate::rules::engine::gm::MOST_TAKEN).suffix(of));
            if ui.add_enabled(*draft != track.taken, egui::Button::new("Set")).clicked() {
                changes.push(GmChange::Track { who, track: i as u8, taken: *draft });
            }
            ui.end_row();
        }
        if let Some(score) = initiative.score {
            ui.label("initiative").on_hover_text("This turn's: the rest of the turn's order follows it");
            let most = crate::rules::engine::gm::MOST_INITIATIVE;
            ui.add(egui::DragValue::new(&mut panel.initiative).range(-most..=most));
            if ui.add_enabled(panel.initiative != score, egui::Button::new("Set")).clicked() {
                changes.push(GmChange::Initiative { who, score: panel.initiative });
            }
            ui.end_row();
        }
        if let Some(rounds) = loadout.rounds {
            ui.label(format!("rounds ({})", loadout.name));
            ui.add(egui::DragValue::new(&mut panel.rounds).range(0..=999));
            if ui.add_enabled(panel.rounds != rounds, egui::Button::new("Set")).clicked() {
                changes.push(GmChange::Rounds { who, rounds: panel.rounds });
            }
            ui.end_row();
        }
    });
    ui.horizontal_wrapped(|ui| {
        for (status, word) in BOXES {
            let mut on = statuses.0.contains(&status);
            if ui.checkbox(&mut on, word).changed() {
                changes.push(GmChange::Status { who, status, on });
            }
        }
        let stunned = statuses.0.iter().find(|s| matches!(s, Status::Stunned(_))).cloned();
        let mut on = stunned.is_some();
        if ui.checkbox(&mut on, "stunned for").changed() {
            let status = stunned.unwrap_or(Status::Stunned(panel.stunned_for));
            changes.push(GmChange::Status { who, status, on });
        }
        ui.add(egui::DragValue::new(&mut panel.stunned_for).range(1..=10).suffix(" turns"));
    });
    ui.horizontal(|ui| {
        let placing = panel.placing == Some(who);
        let label = if placing { "Click a cell… (Esc: no)" } else { "Move to a cell…" };
        if ui.selectable_label(placing, label).clicked() {
            panel.placing = if placing { None } else { Some(who) };
        }
        if ui.button("Take off the map").on_hover_text("A retreat: out of the battle, not a casualty").clicked() {
            changes.push(GmChange::TakeOff { who });
        }
    });
    changes
}

/// The battle's sides, in roster order.
fn sides_of(units: &Query<Unit>) -> Vec<String> {
    let mut sides: Vec<(CombatantId, String)> = units.iter().map(|u| (u.0.0, u.2.0.clone())).collect();
    sides.sort();
    let mut names: Vec<String> = Vec::new();
    for (_, side) in sides {
        if !names.contains(&side) {
            names.push(side);
        }
    }
    names
}

/// The reinforcements: each unit waiting in reserve with *Bring in…*, and a new one added to a side's reserve (an
/// archetype, or a character of the content folder: `skirmish import` and the character editor put them there).
fn reinforcements(ui: &mut egui::Ui, panel: &mut GmPanel, waiting: &[Unit], (sides, ruleset): (&[String], RulesetId)) {
    ui.label(egui::RichText::new("Reinforcements").strong());
    for (id, name, side, ..) in waiting {
        ui.horizontal(|ui| {
            ui.label(format!("{name} ({})", side.0));
            let placing = panel.placing == Some(id.0);
            let label = if placing { "Click a cell… (Esc: no)" } else { "Bring in…" };
            if ui.selectable_label(placing, label).clicked() {
                panel.placing = if placing { None } else { Some(id.0) };
            }
        });
    }
    let recruits = panel.recruits.get_or_insert_with(|| recruits(ruleset)).clone();
    if recruits.is_empty() {
        return;
    }
    if !sides.contains(&panel.side) {
        panel.side = sides.first().cloned().unwrap_or_default();
    }
    panel.recruit = panel.recruit.min(recruits.len() - 1);
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("gm reserve side").selected_text(&panel.side).show_ui(ui, |ui| {
            for side in sides {
                ui.selectable_value(&mut panel.side, side.clone(), side);
            }
        });
        egui::ComboBox::from_id_salt("gm reserve recruit").selected_text(&recruits[panel.recruit].0).show_ui(
            ui,
            |ui| {
                for (i, (label, _)) in recruits.iter().enumerate() {
                    ui.selectable_value(&mut panel.recruit, i, label);
                }
            },
        );
    });
    let hint = "Joins the side's reserve, off the map (the battle is rebuilt from its save with it): then click a cell";
    if ui.button("Add a reinforcement").on_hover_text(hint).clicked() {
        let from = recruits[panel.recruit].1.clone();
        panel.asked = Some(Reinforcement { side: panel.side.clone(), from });
    }
}

/// What a new reinforcement may be under `ruleset`: the rosters' archetypes, then the content folder's characters of
/// that ruleset (a character of another, or one that does not read, is left out).
fn recruits(ruleset: RulesetId) -> Vec<(String, Recruit)> {
    let archetypes = crate::scenario::roster::archetypes().unwrap_or_default();
    let mut all: Vec<(String, Recruit)> =
        archetypes.into_iter().map(|a| (format!("{a} (archetype)"), Recruit::Archetype(a))).collect();
    let user = crate::scenario::content::user_folder();
    for (file, character) in crate::scenario::character::list(user.as_deref()) {
        let Some(c) = character.ok().filter(|c| c.sheet.ruleset() == ruleset) else { continue };
        let r = Reinforcement::character("", &file);
        all.push((c.name.clone(), r.from));
    }
    all
}

/// Adds the reinforcement asked for to the battle's reserve: the battle is rebuilt from its save with it (the same
/// battle, decision for decision: a unit in reserve changes nothing), and the panel then offers to bring it in.
fn add_to_reserve(world: &mut World) {
    let Some(asked) = world.resource_mut::<GmPanel>().asked.take() else { return };
    let (Some(autosave), Some(engine), Some(dice)) =
        (world.get_resource::<Autosave>(), world.get_resource::<Engine>(), world.get_resource::<BattleDice>())
    else {
        return;
    };
    let mut request = autosave.request.clone();
    request.reserve.push(asked);
    // Refused before the battle goes: a file that no longer reads, a side gone.
    if let Err(e) = request.scenario() {
        world.resource_mut::<GmPanel>().said = Some((false, format!("Not added: {e}")));
        return;
    }
    let save = Save::with_typed(&request, &engine.0, dice.0.typed());
    let path = autosave.path.clone();
    // What was undone belongs to the battle without it.
    world.insert_resource(super::undo::Undone::default());
    world.insert_resource(BringInNext(true));
    super::undo::rebuild(world, save, path);
}

/// While a place is being chosen, a click on a cell of the board moves the unit there, or brings it in from the
/// reserve (and gives no orders); a right click or Esc gives it up.
pub(in crate::ui) fn place_by_click(
    mut mouse: ResMut<ButtonInput<MouseButton>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    hover: Res<super::preview::Hover>,
    mut panel: ResMut<GmPanel>,
    mut ask: MessageWriter<ChangeByGm>,
    units: Query<(&Combatant, &StatusList)>,
) {
    let Some(who) = panel.placing else { return };
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        // Giving up the place: not the player's orders too.
        mouse.clear_just_pressed(MouseButton::Right);
        keys.clear_just_pressed(KeyCode::Escape);
        panel.placing = None;
        return;
    }
    let Some(to) = hover.0.filter(|_| mouse.just_pressed(MouseButton::Left)) else { return };
    mouse.clear_just_pressed(MouseButton::Left);
    panel.placing = None;
    let waiting = units.iter().any(|(c, statuses)| c.0 == who && statuses.0.contains(&Status::Reserve));
    ask.write(ChangeByGm(if waiting { GmChange::BringIn { who, to } } else { GmChange::Place { who, to } }));
}

/// What the rules made of the GM's changes: the log's lines for them, or why they were refused.
fn hear_the_rules(
    mut made: MessageReader<GmChangeMade>,
    mut refused: MessageReader<GmChangeRefused>,
    log: Res<BattleLog>,
    mut panel: ResMut<GmPanel>,
) {
    for m in made.read() {
        let lines: Vec<String> = log.0.events[m.events.clone()].iter().map(|e| log.0.show(e).to_string()).collect();
        panel.said = Some((true, plain(lines.join("\n"))));
    }
    for r in refused.read() {
        panel.said = Some((false, r.why.clone()));
    }
}
