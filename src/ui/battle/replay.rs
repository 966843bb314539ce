//! The replay viewer: a saved battle shown step by step (*Watch* in the menu's saved battles, `play --replay FILE`).
//! Each step is the battle rebuilt from its save cut after that many decisions (`Save::before`, replayed as any save
//! is taken up), so the map, the tracker, the sheet and the log all show that moment; nothing plays by itself but
//! the viewer's own *Play*, one step at the pace chosen beside it. The controls sit in the bar on top: the step and
//! the turn shown (type a turn to jump to its start), start, back, play, forward, end, and a slider over every step.
//! A battle just over can be watched at once (the battle-over window's *Watch the replay*).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::combat::TurnSystems;
use crate::ui::PlayOptions;
use crate::ui::screens::{BattleScreenSystems, NextBattle, NotStarted, PACES, Screen, Watching};

/// Show the battle after this many decisions.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShowStep(pub usize);

/// Leave the replay for the menu.
#[derive(Message, Clone, Copy, Debug)]
pub struct CloseReplay;

/// Watch this saved battle from its start (a battle just over: its autosave).
#[derive(Message, Clone, Debug)]
pub struct WatchBattle(pub std::path::PathBuf);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ShowStep>()
        .add_message::<CloseReplay>()
        .add_message::<WatchBattle>()
        .add_systems(Update, watch_battle.run_if(on_message::<WatchBattle>))
        // A battle being watched never plays a slot of its own.
        .configure_sets(Update, TurnSystems::Begin.run_if(not(resource_exists::<Watching>)))
        .add_systems(
            Update,
            (
                play_on,
                follow_the_table.run_if(Watching::at_the_table),
                show_step.run_if(on_message::<ShowStep>),
                close_replay.run_if(on_message::<CloseReplay>),
            )
                .chain()
                .in_set(BattleScreenSystems),
        );
}

/// How often the players' screen looks at the battle's file.
const TABLE_LOOKS: f32 = 0.5;

/// The players' screen at the table: when the GM's window has saved the battle anew (a decision, an undo, a
/// reinforcement), the save is read again and its last step shown. A file caught half written is read at the next
/// look.
fn follow_the_table(
    time: Res<Time>,
    mut watching: ResMut<Watching>,
    mut looked: Local<(f32, Option<std::time::SystemTime>)>,
    mut step: MessageWriter<ShowStep>,
) {
    looked.0 += time.delta_secs();
    if looked.0 < TABLE_LOOKS {
        return;
    }
    looked.0 = 0.0;
    let modified = std::fs::metadata(&watching.path).and_then(|m| m.modified()).ok();
    if modified.is_none() || modified == looked.1 {
        return;
    }
    let Ok(save) = crate::battle::save::Save::read(&watching.path) else { return };
    looked.1 = modified;
    if save.record != watching.save.record {
        let last = save.record.len();
        *watching.save = save;
        step.write(ShowStep(last));
    }
}

/// Sets a saved battle up to be watched from its start.
fn watch_battle(world: &mut World) {
    let Some(WatchBattle(path)) = world.resource_mut::<Messages<WatchBattle>>().drain().last() else { return };
    let pace = world.resource::<PlayOptions>().pace;
    match NextBattle::watched(&path, pace) {
        Ok((next, watching)) => {
            world.insert_resource(next);
            world.insert_resource(watching);
            world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
        }
        Err(e) => {
            world.insert_resource(NotStarted(e.to_string()));
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
        }
    }
}

/// While *Play* is on, the next step at the pace chosen, until the last.
fn play_on(
    time: Res<Time>,
    mut watching: Option<ResMut<Watching>>,
    mut clock: Local<f32>,
    mut step: MessageWriter<ShowStep>,
) {
    let Some(watching) = watching.as_mut().filter(|w| w.playing) else { return };
    *clock += time.delta_secs();
    if *clock < watching.pace.max(PACES.0) {
        return;
    }
    *clock = 0.0;
    match watching.at < watching.save.record.len() {
        true => {
            step.write(ShowStep(watching.at + 1));
        }
        false => watching.playing = false,
    }
}

/// Rebuilds the battle at the step asked for (the last one asked this frame).
fn show_step(world: &mut World) {
    let Some(ShowStep(at)) = world.resource_mut::<Messages<ShowStep>>().drain().last() else { return };
    let Some(mut watching) = world.get_resource_mut::<Watching>() else { return };
    watching.at = at.min(watching.save.record.len());
    let (save, path) = (watching.save.as_ref().clone().before(watching.at), watching.path.clone());
    world.insert_resource(NextBattle(save.taken_up(&path)));
    world.resource_mut::<NextState<Screen>>().set(Screen::Loading);
}

fn close_replay(mut commands: Commands, mut screen: ResMut<NextState<Screen>>) {
    commands.remove_resource::<Watching>();
    screen.set(Screen::Menu);
}

/// The viewer's controls, for the bar on top (`panels/screen.rs`): where it stands, the turn (typed to jump to one), a step
/// back and forward, the start and the end, *Play* and its pace, and a slider over every step.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ReplayControls<'w> {
    watching: Option<ResMut<'w, Watching>>,
    /// The battle shown: its turn is the one the top bar says.
    state: Option<Res<'w, crate::combat::TurnState>>,
    step: MessageWriter<'w, ShowStep>,
    close: MessageWriter<'w, CloseReplay>,
}

impl ReplayControls<'_> {
    /// Whether a replay is on screen.
    pub fn on(&self) -> bool {
        self.watching.is_some()
    }

    /// Whether this is the players' screen at the table.
    pub fn at_the_table(&self) -> bool {
        self.watching.as_ref().is_some_and(|w| w.table)
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let Some(watching) = self.watching.as_mut() else { return };
        if watching.table {
            let file = watching.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let hover = format!("Following {file} as the GM's window saves it, after every decision");
            ui.strong("The players' screen").on_hover_text(hover);
            return;
        }
        let (at, last) = (watching.at, watching.save.record.len());
        let record = &watching.save.record;
        let last_turn = record.last().map_or(0, |r| r.turn);
        // The turn the battle shown stands in, as the top bar says it (the next step's before a battle is set up).
        let turn =
            self.state.as_ref().map(|s| s.turn).filter(|t| *t > 0).unwrap_or_else(|| turn_at(record, |r| r.turn, at));
        if ui.small_button("Close").on_hover_text("back to the menu").clicked() {
            self.close.write(CloseReplay);
        }
        let pace = egui::DragValue::new(&mut watching.pace).range(PACES.0..=PACES.1).speed(0.02).suffix(" s a step");
        ui.add(pace.max_decimals(2)).on_hover_text("The pace Play steps at: drag, or click and type");
        let mut wanted = at;
        if ui.small_button("End").clicked() {
            wanted = last;
        }
        if ui.small_button("Forward").clicked() {
            wanted = (at + 1).min(last);
        }
        let play = if watching.playing { "Pause" } else { "Play" };
        if ui.small_button(play).clicked() {
            watching.playing = !watching.playing;
        }
        if ui.small_button("Back").clicked() {
            wanted = at.saturating_sub(1);
        }
        if ui.small_button("Start").clicked() {
            wanted = 0;
        }
        ui.add(egui::Slider::new(&mut wanted, 0..=last).show_value(false));
        let mut jump = turn;
        // Typed, not dragged, and taken once typed: each step shown rebuilds the battle.
        let field = egui::DragValue::new(&mut jump).range(1..=last_turn.max(1)).prefix("turn ").speed(0.0);
        let hover = format!("The turn shown: click and type a turn (1 to {last_turn}) to jump to its start");
        if ui.add(field.update_while_editing(false)).on_hover_text(hover).changed() {
            wanted = start_of_turn(&watching.save.record, |r| r.turn, jump);
        }
        ui.strong(format!("Replay: step {at} of {last}"));
        if wanted != at {
            watching.playing &= wanted > at;
            self.step.write(ShowStep(wanted));
        }
    }
}

/// The turn a replay stands in after `at` decisions (`turn_of` each decision of the `record`): the next decision's,
/// or the last one's at the end.
pub fn turn_at<T>(record: &[T], turn_of: impl Fn(&T) -> u32, at: usize) -> u32 {
    record.get(at).or(record.last()).map_or(0, turn_of)
}

/// The step at the start of `turn`: the decisions taken before it (all of them past the last turn).
pub fn start_of_turn<T>(record: &[T], turn_of: impl Fn(&T) -> u32, turn: u32) -> usize {
    record.iter().position(|r| turn_of(r) >= turn).unwrap_or(record.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_jumps_to_the_step_before_its_first_decision() {
        let turns = [1, 1, 1, 2, 2, 4];
        let (start, at) = (|turn| start_of_turn(&turns, |t| *t, turn), |step| turn_at(&turns, |t| *t, step));
        assert_eq!((start(1), start(2)), (0, 3));
        assert_eq!(start(3), 5, "a turn in which no one decided: the next one's start");
        assert_eq!(start(9), 6);
        assert_eq!((at(0), at(3), at(6)), (1, 2, 4));
        assert_eq!(turn_at(&[], |t: &u32| *t, 0), 0);
        for turn in 1..=4 {
            assert!(at(start(turn)) >= turn, "a jump lands in the turn asked or after");
        }
    }
}
