//! Why the rules refuse an action: one variant per reason, each with what a program needs to act on it (who, which
//! weapon, how far) and the line a player reads. Shared by every ruleset; a reason only one ruleset has says so.

use std::fmt;

use thiserror::Error;

use super::field::{Cell, Pace};
use super::id::CombatantId;

/// A refused action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    // The battle and its slots.
    #[error("no slot is waiting for an action")]
    NoSlot,
    #[error("no combatant {id} in a battle of {size}")]
    NoCombatant { id: CombatantId, size: usize },
    #[error("{action} is not an action of {rules}")]
    WrongRuleset { action: String, rules: &'static str },
    #[error("{who} cannot act now")]
    CannotAct { who: String },
    #[error("the action is {actor}'s, and the slot is {slot}'s")]
    NotTheirSlot { actor: String, slot: String },

    // Moving.
    #[error("{who} cannot reach {to:?} from {from:?}")]
    Unreachable { who: String, from: Cell, to: Cell },
    #[error("{who} {pace} at most {allowance} now; {to:?} is {distance} away")]
    TooFar { who: String, pace: Pace, allowance: String, to: Cell, distance: String },
    #[error("a move needs the battlefield")]
    MoveOffTheMap,
    #[error("one move per Action Phase")]
    TwoMoves,
    #[error("a sprint is the phase's whole move: give no other movement with it")]
    SprintAndMove,
    #[error("running takes the whole action: its act must be Wait")]
    RunAndAct,

    // Doors.
    // A door is numbered from 0 in a level's list and from 1 for a player.
    #[error("the map has no door {}", door + 1)]
    NoSuchDoor { door: u16 },
    // The game master's hand.
    #[error("the GM cannot change {who}: {why}")]
    Gm { who: String, why: String },
    #[error("{who} stands beside no side of door {}", door + 1)]
    NotBesideDoor { who: String, door: u16 },
    #[error("door {} is {} already", door + 1, if *open { "open" } else { "closed" })]
    DoorAlready { door: u16, open: bool },

    // The action economy.
    #[error("an Action Phase has at most two Simple Actions")]
    ThreeSimpleActions,
    #[error("an Action Phase has two Simple Actions or one Complex Action, not both")]
    SimpleAndComplex,
    #[error("running is the phase's Free Action: there is none left for another")]
    RunAndFreeAction,
    #[error("full auto is a Complex Action; other firing modes are Simple Actions")]
    FullAutoIsComplex,
    #[error("melee attacks are Complex Actions; thrown and accelerated ones Simple Actions")]
    MeleeIsComplex,
    #[error("calling a shot is the phase's Free Action: one called shot a phase")]
    TwoCalledShots,
    #[error("calling a shot is the phase's Free Action, and this phase spends it on another (running, dropping prone)")]
    CalledShotWithoutFreeAction,
    #[error("a quick aim uses up the phase's other Quick Actions")]
    QuickAimWithQuickActions,

    // Weapons.
    #[error("{who} does not carry a {weapon}")]
    NotCarried { who: String, weapon: String },
    /// The weapon is carried but not in hand: `verb` at `cost` readies it ("draw … (a Quick Action)").
    #[error("{who} must {verb} the {weapon} first ({cost})")]
    NotInHand { who: String, weapon: String, verb: &'static str, cost: &'static str },
    #[error("{who} has no {weapon} left")]
    NoneLeft { who: String, weapon: String },
    #[error("a thrown {weapon} is used up, not reloaded")]
    ThrownReload { weapon: String },
    #[error("{who}'s {weapon} is jammed: clear it first (a Simple Action)")]
    Jammed { who: String, weapon: String },
    #[error("{who}'s {weapon} has malfunctioned: clear it first (a Complex Action)")]
    Malfunctioned { who: String, weapon: String },
    #[error("the {weapon} cannot fire {mode}; its modes are {modes}")]
    NoSuchMode { weapon: String, mode: String, modes: String },
    #[error("{who}'s {weapon} has {left} rounds left, {mode} needs {needs}: reload")]
    AmmoShort { who: String, weapon: String, left: u32, mode: String, needs: u32 },
    #[error("{mode} allows 1 to {most} shots per Complex Action, not {given}")]
    ShotCount { mode: String, most: usize, given: usize },
    #[error("single-shot mode fires once an Action Phase, and alone")]
    SingleShotAgain,
    #[error("the {weapon} is not a blast weapon")]
    NotBlast { weapon: String },
    #[error("the {weapon} is no shotgun: it has no spread to open")]
    NotShotgun { weapon: String },
    #[error("the {weapon} is a melee weapon")]
    MeleeWeapon { weapon: String },

    // The target.
    #[error("the action has no attack")]
    NoAttack,
    #[error("an attack needs a target")]
    NoTarget,
    #[error("an area attack needs a target or a cell (`at`), not both")]
    BlastCenter,
    #[error("a combatant cannot attack itself")]
    AttackOnItself,
    #[error("a wall stands between {from} and {to}")]
    WallBetween { from: String, to: String },
    #[error("{who} cannot aim at {target}: it is out of sight")]
    OutOfSight { who: String, target: String },
    #[error("{target} is out of the {weapon}'s reach")]
    OutOfReach { target: String, weapon: String },
    /// Eclipse Phase: a melee weapon reaches the next cell only.
    #[error("{weapon} is out of reach at {meters} m")]
    MeleeOutOfReach { weapon: String, meters: u32 },
    #[error("the target is beyond the {weapon}'s range")]
    OutOfRange { weapon: String },
    #[error("the target is beyond the {weapon}'s extreme range")]
    BeyondExtremeRange { weapon: String },
    /// Shadowrun 4: the surprised cannot act against anyone in the first pass.
    #[error("surprise: it cannot act against {target} in the first pass")]
    Surprised { target: String },
    /// Shadowrun 4: a called shot at a vital area.
    #[error("a vital-area called shot adds 1 to 4 DV, not {dv}")]
    VitalAreaDv { dv: u32 },
    /// The homebrew: a defense that does not meet this kind of attack.
    #[error("{defense} is not a defense against a {attack} attack")]
    NoSuchDefense { defense: &'static str, attack: String },
    /// The Storyteller: the attribute an attack is rolled with.
    #[error("{uses} or Dexterity, not {given}")]
    AttackAttribute { uses: &'static str, given: String },
}

impl Refusal {
    /// A carried weapon not in hand: `verb` it first, at `cost`.
    pub fn not_in_hand(who: &str, weapon: &str, verb: &'static str, cost: &'static str) -> Self {
        Refusal::NotInHand { who: who.to_owned(), weapon: weapon.to_owned(), verb, cost }
    }

    /// Too few rounds left for the firing mode.
    pub fn ammo_short(who: &str, weapon: &str, left: u32, mode: impl fmt::Display, needs: u32) -> Self {
        Refusal::AmmoShort { who: who.to_owned(), weapon: weapon.to_owned(), left, mode: mode.to_string(), needs }
    }
}
