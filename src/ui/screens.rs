//! The window's screens, one App for all of them: the menu, a battle, and the battle over (its final map still shown,
//! with *Play again*, *Back to the menu* and *Quit*). `Loading` sets the next battle up between two of them, so that
//! *Play again* leaves the old battle (its entities and resources go) and starts a new one.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::{BattleTitle, MapView, PlayOptions, PlayerNames, RoundWord};
use crate::combat::{AiMinds, HumanSides, TurnState};
use std::path::{Path, PathBuf};

use crate::rules::any::BattleSetup;
use crate::scenario::Scenario;
use crate::scenario::save::{DiceRecipe, Recipe, Save, dice_recipe, digest_of, new_path, no_typing};

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
    /// An online battle: joining, its lobby, the battle as this player's sides see it (`online.rs`).
    Online,
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

/// The systems of the battle screens: they read the battle's resources, which exist only then.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleScreenSystems;

/// The battle to play next (from the menu or the command line), kept for *Play again*.
#[derive(Resource, Clone, Debug)]
pub struct NextBattle {
    pub scenario: Scenario,
    /// The seed; `None`: the scenario's own dice or seed, else a random one (then kept here to play it again).
    pub seed: Option<u64>,
    /// Who plays each side, the players' names, fog, pace.
    pub options: PlayOptions,
    /// What the battle is started from (its dice chosen at the start), for its save.
    pub recipe: Recipe,
    /// A saved battle to take up again instead of starting anew, with the file it is saved to.
    pub resume: Option<(Box<Save>, PathBuf)>,
}

/// Where the battle on screen is saved after each decision (`autosave.rs`), what it was started from, and how many
/// decisions the file holds.
#[derive(Resource, Debug)]
pub struct Autosave {
    pub recipe: Recipe,
    pub path: PathBuf,
    pub(super) written: usize,
    /// The last write failed: said once (a read-only folder must not flood the terminal).
    pub(super) failed: bool,
}

/// A saved battle being watched step by step (`replay.rs`): the save, its file, the step shown (how many of its
/// decisions are taken), whether it plays on by itself, and at what pace (seconds a step).
#[derive(Resource, Debug)]
pub struct Watching {
    pub save: Box<Save>,
    pub path: PathBuf,
    pub at: usize,
    pub playing: bool,
    pub pace: f32,
}

/// The slowest and the quickest pace a replay plays at, in seconds a step.
pub const PACES: (f32, f32) = (0.05, 5.0);

/// Why the battle asked for could not start (a save that does not replay): the menu shows it.
#[derive(Resource, Debug)]
pub struct NotStarted(pub String);

impl NextBattle {
    /// A saved battle to watch from its start (`replay.rs` shows its every step).
    pub fn watched(path: &Path, session: &PlayOptions) -> Result<(Self, Watching), String> {
        let save = Save::read(path).map_err(|e| e.to_string())?;
        let next = NextBattle::of_save(save.clone().before(0), path, session)?;
        let pace = session.pace.clamp(PACES.0, PACES.1);
        Ok((next, Watching { save: Box::new(save), path: path.to_owned(), at: 0, playing: false, pace }))
    }

    /// A saved battle to take up again: its players as saved (a battle of typed-in dice goes on asking for every
    /// die), the window's own settings (pace, screenshot) from `session`.
    pub fn saved(path: &Path, session: &PlayOptions) -> Result<Self, String> {
        NextBattle::of_save(Save::read(path).map_err(|e| e.to_string())?, path, session)
    }

    /// `save` (of the file at `path`) set up to be taken up.
    fn of_save(save: Save, path: &Path, session: &PlayOptions) -> Result<Self, String> {
        let scenario = save.battle.scenario()?;
        let r = &save.battle;
        let (humans, minds, names, fog) = (r.humans.clone(), r.minds(), r.names.clone(), r.fog);
        let options = PlayOptions { humans, minds, names, fog, by_hand: r.by_hand.clone(), ..session.clone() };
        let recipe = r.clone();
        Ok(NextBattle { scenario, seed: None, options, recipe, resume: Some((Box::new(save), path.to_owned())) })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_computed_state::<InBattle>()
        .configure_sets(Update, BattleScreenSystems.run_if(in_state(InBattle)))
        .configure_sets(EguiPrimaryContextPass, BattleScreenSystems.run_if(in_state(InBattle)))
        .add_systems(OnEnter(Screen::Loading), start_battle)
        .add_systems(Update, show_battle.run_if(in_state(Screen::Loading)))
        .add_systems(Update, notice_the_end.run_if(in_state(Screen::Battle)))
        .add_systems(OnExit(InBattle), clear_battle);
}

/// A resource made anew for each battle (the window's per-battle state: orders, hand-over, selection …).
pub(super) fn fresh<R: Resource + Default>(mut commands: Commands) {
    commands.insert_resource(R::default());
}

/// Sets up `NextBattle`: the engine (a saved battle replayed to where it stopped), the combatants and the battle's
/// resources, then its screen. A save that does not replay goes back to the menu, saying why.
fn start_battle(world: &mut World) {
    let Some(mut next) = world.get_resource::<NextBattle>().cloned() else { return };
    // A battle taken up again is saved at once (after an undo, the file must not keep what was undone).
    let taken_up = next.resume.is_some();
    let started = match next.resume.take() {
        Some((save, path)) => {
            // *Play again* plays this battle from its start.
            let seed = match save.battle.dice {
                DiceRecipe::Seed(seed) => Some(seed),
                _ => None,
            };
            world.insert_resource(NextBattle { seed, ..next.clone() });
            resumed(&save).map(|setup| (setup, save.battle.clone(), path))
        }
        None => Ok(fresh_battle(world, &mut next)),
    };
    let (setup, recipe, path) = match started {
        Ok(started) => started,
        Err(e) => {
            crate::stdout::say(format_args!("error: {e}\n"));
            world.insert_resource(NotStarted(e));
            return;
        }
    };
    let s = &next.scenario;
    let field = s.field.clone().unwrap_or_else(|| std::sync::Arc::new(super::open_map(s)));
    let o = &next.options;
    world.insert_resource(RoundWord(if setup.battle.announces_phases() { "phase" } else { "pass" }));
    world.insert_resource(HumanSides(o.humans.clone()));
    world.insert_resource(AiMinds { minds: o.minds.clone(), background: true });
    world.insert_resource(crate::combat::tally::BattleTally::default());
    world.insert_resource(PlayerNames(o.names.clone()));
    world.insert_resource(MapView(field));
    world.insert_resource(BattleTitle(s.name.clone()));
    let session = world.resource::<PlayOptions>().clone();
    world.insert_resource(PlayOptions { screenshot: session.screenshot, quit_after: session.quit_after, ..o.clone() });
    let label = recipe.dice_label.clone();
    // A battle of typed-in dice (`run --typed`) has no dice but the players': every side's are rolled by hand.
    let all_by_hand = recipe.dice == DiceRecipe::Typed;
    // A battle being watched is not saved (its save is what is watched), nor played on: no one rolls for it.
    let watched = world.contains_resource::<Watching>();
    if !watched {
        let written = if taken_up { usize::MAX } else { setup.battle.decided() };
        world.insert_resource(Autosave { recipe, path, written, failed: false });
    }
    let by_hand = match watched {
        true => Vec::new(),
        false => (0..setup.battle.len())
            .map(|i| setup.battle.view(i))
            .filter(|c| all_by_hand || o.by_hand.iter().any(|s| s == c.side))
            .map(|c| c.fighter.id())
            .collect(),
    };
    for entity in crate::combat::battle::insert_battle(world, setup) {
        world.entity_mut(entity).insert(DespawnOnExit(InBattle));
    }
    world.resource_mut::<crate::combat::BattleDice>().0.roll_by_hand(by_hand);
    crate::stdout::say(format_args!("battle: {} ({label})\n", s.name));
}

/// A new battle's start: its dice chosen (a random seed kept in `next`, so that *Play again* replays this very
/// battle) and named in its recipe, with a new file to save it to.
fn fresh_battle(world: &mut World, next: &mut NextBattle) -> (BattleSetup, Recipe, PathBuf) {
    let s = &next.scenario;
    if next.seed.is_none() && s.dice.is_none() && s.seed.is_none() {
        next.seed = Some(rand::random());
        world.insert_resource(next.clone());
    }
    // *Play again* after a save of given faces: the same faces.
    let faces = match (&next.recipe.dice, next.seed) {
        (DiceRecipe::Faces(faces), None) => Some(faces.clone()),
        _ => None,
    };
    let (dice, label) = dice_recipe(s, next.seed, faces);
    let digest = digest_of(&next.recipe.file).unwrap_or_default();
    let recipe = Recipe { dice, dice_label: label, digest, ..next.recipe.clone() };
    let dice = recipe.dice(no_typing);
    let setup = crate::scenario::setup(s, dice, &recipe.dice_label);
    let path = new_path(&recipe);
    (setup, recipe, path)
}

/// A saved battle replayed to where it stopped.
fn resumed(save: &Save) -> Result<BattleSetup, String> {
    let loaded = save.resume(no_typing)?;
    if let Some(warning) = &loaded.warning {
        crate::stdout::say(format_args!("warning: {warning}\n"));
    }
    Ok(loaded.setup)
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
    world.remove_resource::<HumanSides>();
    world.remove_resource::<AiMinds>();
    world.remove_resource::<crate::combat::tally::BattleTally>();
    world.remove_resource::<MapView>();
    world.remove_resource::<Autosave>();
}
