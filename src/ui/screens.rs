//! The window's screens, one App for all of them: the menu, a battle, and the battle over (its final map still shown,
//! with *Play again*, *Back to the menu* and *Quit*). `Loading` sets the next battle up between two of them, so that
//! *Play again* leaves the old battle (its entities and resources go) and starts a new one.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::{BattleTitle, MapView, PlayerNames, RoundWord};
use crate::battle::{BattleRequest, Started};
use crate::combat::TurnState;
use crate::combat::enter::{Seats, enter_battle};
use crate::combat::tally::BattleTally;
use std::path::{Path, PathBuf};

use crate::battle::no_typing;
use crate::battle::save::{Save, new_path};
use crate::scenario::{Scenario, ScenarioError};

/// Where the window is.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    /// The next battle is being set up.
    Loading,
    Battle,
    /// The battle is over; its map stays on screen.
    Over,
    /// The character editor.
    Characters,
    /// The level editor.
    Levels,
    /// An online battle: joining, its lobby, the battle as this player's sides see it (`online/`); its stages are
    /// [`OnlineStage`].
    Online,
}

/// The player asks to quit the game (a *Quit* button, the window's close button): the editors ask first about
/// changes not saved (`editors/mod.rs`), then the app exits.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct QuitGame;

/// Where the online screen is: joining a host (the form, or the connection under way), in its lobby, or in its
/// battle (being played or over: the map stays).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Online)]
pub enum OnlineStage {
    #[default]
    Joining,
    Lobby,
    Battle,
}

/// A battle's board on screen: one screen's battle (played or over), or an online battle as this player's sides see
/// it. The board, the tokens, their names, the effects, the camera and the pace are the same for both (`battle/`);
/// only where the orders go differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnBoard;

impl ComputedStates for OnBoard {
    type SourceStates = (Screen, Option<OnlineStage>);
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;
    fn compute((screen, stage): (Screen, Option<OnlineStage>)) -> Option<Self> {
        let one_screen = matches!(screen, Screen::Battle | Screen::Over);
        (one_screen || stage == Some(OnlineStage::Battle)).then_some(OnBoard)
    }
}

/// A battle on screen, being played or over: its entities and resources live while this state does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InBattle;

impl ComputedStates for InBattle {
    type SourceStates = Screen;
    /// Battle → battle over stays in the battle (its map and entities stay); without this, every change of the
    /// screen would leave and enter it again.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;
    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::Battle | Screen::Over).then_some(InBattle)
    }
}

/// The menu's own systems (windows over it, such as the batch simulation's, come after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MenuSystems;

/// The systems of one screen's battle: they read the engine's resources, which exist only then.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleScreenSystems;

/// The systems of the board, one screen's or online ([`OnBoard`]): they read the combatants' components, the map
/// and the window's own resources, never the engine.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSystems;

/// The battle asked for (by the command line, the menu, the level editor, a save, an undo or a replay's step): the
/// next to start; once started, the battle on screen as it began (its dice chosen), for *Play again*, *New seed*,
/// its fog and its save.
#[derive(Resource, Clone, Debug)]
pub struct NextBattle(pub BattleRequest);

/// Where the battle on screen is saved after each decision (`autosave.rs`), what it was started from, and how many
/// decisions the file holds.
#[derive(Resource, Debug)]
pub struct Autosave {
    pub request: BattleRequest,
    pub path: PathBuf,
    pub(super) written: usize,
    /// The last write failed: said once (a read-only folder must not flood the terminal).
    pub(super) failed: bool,
}

/// A saved battle being watched step by step (`replay.rs`): the save, its file, the step shown (how many of its
/// decisions are taken), whether it plays on by itself, and at what pace (seconds a step). At the table
/// (`skirmish table`), it follows the file as the GM's window saves it, at its last step, as the players see it.
#[derive(Resource, Debug)]
pub struct Watching {
    pub save: Box<Save>,
    pub path: PathBuf,
    pub at: usize,
    pub playing: bool,
    pub pace: f32,
    pub table: bool,
}

impl Watching {
    /// Whether this window is the players' screen at the table (`skirmish table`).
    pub fn at_the_table(watching: Option<Res<Watching>>) -> bool {
        watching.is_some_and(|w| w.table)
    }
}

/// The slowest and the quickest pace a replay plays at, in seconds a step.
pub const PACES: (f32, f32) = (0.05, 5.0);

/// Why the battle asked for could not start (a save that does not replay): the menu shows it.
#[derive(Resource, Debug)]
pub struct NotStarted(pub String);

impl NextBattle {
    /// A saved battle to watch from its start (`replay.rs` shows its every step), at `pace` seconds a step.
    pub fn watched(path: &Path, pace: f32) -> Result<(Self, Watching), ScenarioError> {
        let save = Save::read(path)?;
        let next = NextBattle(save.clone().before(0).taken_up(path));
        let pace = pace.clamp(PACES.0, PACES.1);
        Ok((next, Watching { save: Box::new(save), path: path.to_owned(), at: 0, playing: false, pace, table: false }))
    }

    /// A battle a GM plays in another window, for the players' screen: at its last step, following its file.
    pub fn at_table(path: &Path) -> Result<(Self, Watching), ScenarioError> {
        let save = Save::read(path)?;
        let at = save.record.len();
        let next = NextBattle(save.clone().before(at).taken_up(path));
        let (path, save) = (path.to_owned(), Box::new(save));
        Ok((next, Watching { save, path, at, playing: false, pace: PACES.0, table: true }))
    }

    /// A saved battle to take up again, its players as saved (a battle of typed-in dice goes on asking for every
    /// die), saved on to the same file.
    pub fn saved(path: &Path) -> Result<Self, ScenarioError> {
        Ok(NextBattle(Save::read(path)?.taken_up(path)))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<QuitGame>()
        .add_computed_state::<InBattle>()
        .add_sub_state::<OnlineStage>()
        .add_computed_state::<OnBoard>()
        .configure_sets(Update, BattleScreenSystems.run_if(in_state(InBattle)))
        .configure_sets(EguiPrimaryContextPass, BattleScreenSystems.run_if(in_state(InBattle)))
        .configure_sets(Update, BoardSystems.run_if(in_state(OnBoard)))
        .configure_sets(EguiPrimaryContextPass, BoardSystems.run_if(in_state(OnBoard)))
        .add_systems(OnEnter(Screen::Loading), start_battle)
        .add_systems(Update, show_battle.run_if(in_state(Screen::Loading)))
        .add_systems(Update, notice_the_end.run_if(in_state(Screen::Battle)))
        .add_systems(OnExit(InBattle), clear_battle);
}

/// A resource made anew for each battle (the window's per-battle state: orders, hand-over, selection …).
pub(super) fn fresh<R: Resource + Default>(mut commands: Commands) {
    commands.insert_resource(R::default());
}

/// A battle already begun for the window (`skirmish play` begins it to say a bad file before a missing display), with
/// the tally of a save taken up, worked out as it was replayed: the window puts it into the world as it is.
#[derive(Resource)]
pub struct Begun(pub Box<(Started, BattleTally)>);

/// Starts `NextBattle` ([`crate::battle::start`]: a saved battle replayed to where it stopped, its tally priced on
/// the way) unless it was begun already ([`Begun`]), then puts it into the world. A battle that does not start goes
/// back to the menu, saying why.
fn start_battle(world: &mut World) {
    let begun = world.remove_resource::<Begun>().map(|b| *b.0);
    let Some(NextBattle(asked)) = world.get_resource::<NextBattle>().cloned() else { return };
    let begun = begun.map(Ok).unwrap_or_else(|| {
        let mut tally = BattleTally::default();
        crate::battle::start_watched(&asked, no_typing, &mut |now, step| tally.watch(now, step)).map(|s| (s, tally))
    });
    match begun {
        Ok((started, tally)) => show_started(world, started, tally),
        Err(e) => {
            crate::stdout::say(format_args!("error: {e}\n"));
            world.insert_resource(NotStarted(e.to_string()));
        }
    }
}

/// Puts a battle begun into the world ([`crate::combat::enter::enter_battle`], the one way in) with the window's own
/// resources beside it: its map, names, roles, sides' order, tally and autosave.
fn show_started(world: &mut World, started: Started, tally: BattleTally) {
    // A save taken up again is saved at once (after an undo, the file must not keep what was undone).
    let taken_up = started.before.is_some();
    let Started { request, scenario, setup, warning, saved_to, .. } = started;
    if let Some(warning) = warning {
        crate::stdout::say(format_args!("warning: {warning}\n"));
    }
    // *Play again* plays this very battle from its start: its dice as chosen.
    world.insert_resource(NextBattle(request.clone()));
    insert_view_resources(world, &scenario, &request, setup.battle.announces_phases());
    world.insert_resource(tally);
    let label = request.dice_label.clone();
    // A battle being watched is not saved (its save is what is watched), nor played on: no one rolls for it.
    let watched = world.contains_resource::<Watching>();
    let seats = match watched {
        true => Seats { by_hand: Vec::new(), all_by_hand: false, ..Seats::of(&request) },
        false => Seats::of(&request),
    };
    if !watched {
        let written = if taken_up { usize::MAX } else { setup.battle.decided() };
        let path = saved_to.unwrap_or_else(|| new_path(&request));
        world.insert_resource(Autosave { request, path, written, failed: false });
    }
    let sides = setup.battle.views().into_iter().map(|c| c.side.to_owned());
    world.insert_resource(super::SideOrder::of(sides));
    for entity in enter_battle(world, setup, Seats { background: true, ..seats }) {
        world.entity_mut(entity).insert(DespawnOnExit(InBattle));
    }
    crate::stdout::say(format_args!("battle: {} ({label})\n", scenario.name));
}

/// The window's own resources of a battle: the players' names, the map, the title, the roles, the round's word.
fn insert_view_resources(world: &mut World, scenario: &Scenario, request: &BattleRequest, phases: bool) {
    let field = scenario.field.clone().unwrap_or_else(|| std::sync::Arc::new(super::open_map(scenario)));
    world.insert_resource(RoundWord(if phases { "phase" } else { "pass" }));
    world.insert_resource(PlayerNames(request.names.clone()));
    world.insert_resource(MapView(field));
    world.insert_resource(super::MapPictureFile(scenario.picture.clone()));
    world.insert_resource(BattleTitle(scenario.name.clone()));
    world.insert_resource(super::Roles(scenario.roles()));
}

/// The battle set up goes on screen the frame after (a state set while entering another would be taken in the
/// same transition, and the battle screen entered twice).
fn show_battle(engine: Option<Res<crate::combat::Engine>>, mut next: ResMut<NextState<Screen>>) {
    // Nothing set up (a save that does not replay): back to the menu, which says why.
    next.set(if engine.is_some() { Screen::Battle } else { Screen::Menu });
}

/// A battle that has ended goes to the battle-over screen.
fn notice_the_end(state: Res<TurnState>, mut next: ResMut<NextState<Screen>>) {
    if state.ended() {
        next.set(Screen::Over);
    }
}

/// The battle's resources go with it (its entities go by `DespawnOnExit`).
fn clear_battle(world: &mut World) {
    crate::combat::battle::clear_battle(world);
    world.remove_resource::<BattleTally>();
    world.remove_resource::<MapView>();
    world.remove_resource::<Autosave>();
    world.remove_resource::<super::Roles>();
    world.remove_resource::<super::SideOrder>();
}
