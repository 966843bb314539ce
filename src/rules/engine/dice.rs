//! Injected dice: every roll in Skirmish comes through the [`Dice`] trait, so a battle can use a seeded RNG, a
//! scripted list of faces (tests, `--dice`), or faces typed in by a player who rolls physical dice; a saved battle
//! taken up again gives its saved faces first ([`Resumed`]).
//!
//! Faces are read the way a player reads the die: a d100 is 0–99 ("00" is 0), every other die is 1–N. A d10 may
//! also be entered as 0, which reads as 10, as printed on physical ten-siders.

use std::collections::{BTreeSet, VecDeque};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::id::CombatantId;

/// What a roll is for, so a scripted or typed-in source can say which die it wanted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRequest {
    /// Number of sides: 6, 10 or 100.
    pub sides: u32,
    /// Why the die is rolled, e.g. "Stoya: Fray defense".
    pub purpose: String,
}

/// Faces a player is to roll by hand and type in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wanted {
    /// Whose roll it is.
    pub who: CombatantId,
    /// How many dice.
    pub count: u32,
    /// Their kind, and what they are for.
    pub request: DieRequest,
}

/// A die roll that could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiceError {
    /// A scripted list ran out.
    #[error("the scripted dice ran out after {used} faces; the next die was a d{} for {}", .request.sides, .request.purpose)]
    Exhausted { used: usize, request: DieRequest },
    /// A scripted or typed-in face does not exist on that die.
    #[error("face {face} is not on a d{}: {} (wanted for {})", .request.sides, face_range(.request.sides), .request.purpose)]
    FaceOutOfRange { face: u32, request: DieRequest },
    /// A player cancelled a typed-in roll.
    #[error("no face was entered for the d{} for {}", .request.sides, .request.purpose)]
    Cancelled { request: DieRequest },
    /// Faces a player rolls by hand and has not typed in yet ([`super::table::TableDice`]): the step that rolls
    /// them waits for them.
    #[error("{} d{} for {} are to be rolled by hand and typed in", .0.count, .0.request.sides, .0.request.purpose)]
    Wanted(Wanted),
    /// A saved battle's face that its own dice do not roll again (the save was edited, or its file changed).
    #[error("die {at} of the save shows {saved}, but its dice roll {rolled} there (a d{} for {})", .request.sides, .request.purpose)]
    NotAsSaved { at: usize, saved: u32, rolled: u32, request: DieRequest },
}

fn face_range(sides: u32) -> String {
    match sides {
        100 => "a d100 reads 0–99".to_owned(),
        10 => "a d10 reads 1–10 (0 also reads as 10)".to_owned(),
        n => format!("a d{n} reads 1–{n}"),
    }
}

/// A source of die faces.
pub trait Dice {
    /// Rolls one die with `sides` sides, returning its face as read by a player (d100: 0–99, others: 1–N).
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError>;

    /// Rolls `count` dice of one kind.
    fn roll_many(&mut self, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        (0..count).map(|_| self.roll(sides, purpose)).collect()
    }

    /// Rolls `count` dice of one kind for combatant `who` (its test, its damage): a player who rolls their own
    /// dice rolls these ([`super::table::TableDice`]); any other source rolls them as any dice.
    fn roll_for(&mut self, _who: CombatantId, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        self.roll_many(count, sides, purpose)
    }

    /// Rolls one die for combatant `who` ([`Dice::roll_for`]).
    fn roll_one_for(&mut self, who: CombatantId, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let face = self.roll_for(who, 1, sides, purpose)?.first().copied();
        // A source that gives no face for one die has run out.
        face.ok_or_else(|| DiceError::Exhausted { used: 0, request: DieRequest { sides, purpose: purpose.to_owned() } })
    }
}

/// Dice that note every face they give, in order: how a battle keeps the faces its record replays with.
pub struct Recording<'a> {
    dice: &'a mut dyn Dice,
    pub faces: Vec<u32>,
}

impl<'a> Recording<'a> {
    pub fn new(dice: &'a mut dyn Dice) -> Self {
        Recording { dice, faces: Vec::new() }
    }
}

impl Dice for Recording<'_> {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let face = self.dice.roll(sides, purpose)?;
        self.faces.push(face);
        Ok(face)
    }

    fn roll_for(&mut self, who: CombatantId, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        let faces = self.dice.roll_for(who, count, sides, purpose)?;
        self.faces.extend(&faces);
        Ok(faces)
    }

    // Forwarded, not the default through `roll_for`: the dice below may give one face without a list.
    fn roll_one_for(&mut self, who: CombatantId, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let face = self.dice.roll_one_for(who, sides, purpose)?;
        self.faces.push(face);
        Ok(face)
    }
}

/// Checks a face given by a person or a script and normalises a d10's 0 to 10.
pub fn read_face(face: u32, sides: u32, purpose: &str) -> Result<u32, DiceError> {
    let request = || DieRequest { sides, purpose: purpose.to_owned() };
    match (sides, face) {
        (100, 0..=99) => Ok(face),
        (10, 0) => Ok(10),
        (s, f) if s != 100 && (1..=s).contains(&f) => Ok(f),
        _ => Err(DiceError::FaceOutOfRange { face, request: request() }),
    }
}

/// Seeded dice: the same seed gives the same faces on every machine (ChaCha8 is portable and fixed).
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self { seed, rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// The seed these dice started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, sides: u32, _purpose: &str) -> Result<u32, DiceError> {
        Ok(match sides {
            100 => self.rng.random_range(0..100),
            n => self.rng.random_range(1..=n),
        })
    }
}

/// Scripted dice: a fixed list of faces, used in order. Running out is an error, never a panic.
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice {
    faces: VecDeque<u32>,
    used: usize,
}

impl ScriptedDice {
    /// Dice that will show `faces`, in order.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        Self { faces: faces.into_iter().collect(), used: 0 }
    }

    /// Faces not yet used.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let Some(face) = self.faces.pop_front() else {
            let request = DieRequest { sides, purpose: purpose.to_owned() };
            return Err(DiceError::Exhausted { used: self.used, request });
        };
        self.used += 1;
        read_face(face, sides, purpose)
    }
}

/// Typed-in dice: a player rolls physical dice and enters each face. The closure is asked for every die (the GUI
/// shows a prompt, a terminal reads a line); `None` cancels the roll.
pub struct TypedInDice<F: FnMut(&DieRequest) -> Option<u32>> {
    ask: F,
}

impl<F: FnMut(&DieRequest) -> Option<u32>> TypedInDice<F> {
    /// Dice that ask `ask` for each face.
    pub fn new(ask: F) -> Self {
        Self { ask }
    }
}

impl<F: FnMut(&DieRequest) -> Option<u32>> Dice for TypedInDice<F> {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let request = DieRequest { sides, purpose: purpose.to_owned() };
        let Some(face) = (self.ask)(&request) else {
            return Err(DiceError::Cancelled { request });
        };
        read_face(face, sides, purpose)
    }
}

/// The dice of a saved battle taken up again: the saved faces first, then its own dice go on. Its own dice roll
/// along with every saved face that came from them (a seed's generator then stands where the battle left it, and a
/// changed face is an error); a face typed in by a player is given back without asking again.
pub struct Resumed {
    saved: VecDeque<u32>,
    /// Where the saved faces typed in by hand stand among them.
    typed: BTreeSet<usize>,
    given: usize,
    own: Box<dyn Dice + Send + Sync>,
}

impl Resumed {
    /// `saved` faces (those at the places `typed` by hand), then `own` dice.
    pub fn new(saved: Vec<u32>, typed: BTreeSet<usize>, own: Box<dyn Dice + Send + Sync>) -> Self {
        Resumed { saved: saved.into(), typed, given: 0, own }
    }
}

impl Dice for Resumed {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let Some(saved) = self.saved.pop_front() else { return self.own.roll(sides, purpose) };
        let at = self.given;
        self.given += 1;
        let face = read_face(saved, sides, purpose)?;
        if self.typed.contains(&at) {
            return Ok(face);
        }
        match self.own.roll(sides, purpose)? {
            rolled if rolled == face => Ok(face),
            rolled => {
                let request = DieRequest { sides, purpose: purpose.to_owned() };
                Err(DiceError::NotAsSaved { at: at + 1, saved, rolled, request })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_repeat_for_the_same_seed_and_stay_on_the_die() {
        let faces = |seed| {
            let mut dice = SeededDice::new(seed);
            dice.roll_many(200, 100, "t").unwrap()
        };
        assert_eq!(faces(7), faces(7));
        assert_ne!(faces(7), faces(8));
        assert!(faces(7).iter().all(|&f| f < 100));
        let mut d10 = SeededDice::new(1);
        let tens = d10.roll_many(500, 10, "t").unwrap();
        assert!(tens.iter().all(|f| (1..=10).contains(f)));
        assert!(tens.contains(&1) && tens.contains(&10));
    }

    #[test]
    fn scripted_dice_give_faces_in_order_then_a_clear_error() {
        let mut dice = ScriptedDice::new([23, 0, 6]);
        assert_eq!(dice.roll(100, "init").unwrap(), 23);
        assert_eq!(dice.roll(10, "dv").unwrap(), 10);
        assert_eq!(dice.roll(6, "hit").unwrap(), 6);
        let err = dice.roll(100, "Stoya: Fray").unwrap_err();
        assert_eq!(err.to_string(), "the scripted dice ran out after 3 faces; the next die was a d100 for Stoya: Fray");
    }

    #[test]
    fn faces_off_the_die_are_refused() {
        let mut dice = ScriptedDice::new([100, 7]);
        assert!(matches!(dice.roll(100, "t"), Err(DiceError::FaceOutOfRange { face: 100, .. })));
        assert!(matches!(dice.roll(6, "t"), Err(DiceError::FaceOutOfRange { face: 7, .. })));
    }

    #[test]
    fn typed_in_dice_ask_for_each_face_and_can_be_cancelled() {
        let mut asked = Vec::new();
        let mut answers = vec![None, Some(4)];
        let mut dice = TypedInDice::new(|request: &DieRequest| {
            asked.push(request.clone());
            answers.pop().flatten()
        });
        assert_eq!(dice.roll(6, "soak").unwrap(), 4);
        assert!(matches!(dice.roll(6, "soak"), Err(DiceError::Cancelled { .. })));
        assert_eq!(asked.len(), 2);
        assert_eq!(asked[0], DieRequest { sides: 6, purpose: "soak".into() });
    }
}
