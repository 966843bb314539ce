//! Dice at a table where some players roll their own: the faces of their combatants' dice are typed in, every
//! other die comes from the battle's own dice (seeded: the AI's stay so).
//!
//! A window cannot stop inside a roll to ask for faces, so a step of the battle (its next slot, an action) that
//! needs faces typed in stops at the first such roll with [`DiceError::Wanted`]. The engine keeps nothing of the
//! roll's try: an action is carried out on copies, and a turn's start goes back to the end of the turn before
//! (`Battle::next`). Once the player has typed the faces in ([`TableDice::type_in`]), the step is taken again
//! ([`TableDice::begin_step`]) and every face given in the try before is given again, in the same order: the
//! battle's own dice are not rolled twice, so a seed's faces stay where they were.

use std::collections::BTreeSet;

use super::dice::{Dice, DiceError, DieRequest, Wanted, read_face};
use super::id::CombatantId;

/// A battle's dice, some combatants' rolled by their players.
pub struct TableDice {
    own: Box<dyn Dice + Send + Sync>,
    by_hand: BTreeSet<CombatantId>,
    /// The faces given since the step began.
    step: Vec<u32>,
    /// How many of `step` the try under way has given.
    given: usize,
    /// Faces given before the step.
    before: usize,
    /// Where the faces typed in stand among all the battle's faces (counted from 0).
    typed: BTreeSet<usize>,
    wanted: Option<Wanted>,
    /// Faces were typed in for the step: it is to be taken again.
    again: bool,
}

impl TableDice {
    /// The battle's `own` dice, no one rolling by hand, after `faces` faces of which those at `typed` were typed in
    /// (a saved battle taken up again).
    pub fn new(own: Box<dyn Dice + Send + Sync>, faces: usize, typed: BTreeSet<usize>) -> Self {
        let by_hand = BTreeSet::new();
        TableDice { own, by_hand, step: Vec::new(), given: 0, before: faces, typed, wanted: None, again: false }
    }

    /// The combatants whose players roll their dice by hand.
    pub fn roll_by_hand(&mut self, who: impl IntoIterator<Item = CombatantId>) {
        self.by_hand = who.into_iter().collect();
    }

    /// Whether any face of the battle is or may be typed in: some combatant's dice are rolled by hand, or faces were
    /// typed in before (a save taken up).
    pub fn any_by_hand(&self) -> bool {
        !self.by_hand.is_empty() || !self.typed.is_empty()
    }

    /// The faces waited for, if a step stopped for them.
    pub fn wanted(&self) -> Option<&Wanted> {
        self.wanted.as_ref()
    }

    /// Where the faces typed in stand among all the battle's faces.
    pub fn typed(&self) -> &BTreeSet<usize> {
        &self.typed
    }

    /// Whether the step that waited for faces has them now, and is to be taken again.
    pub fn retrying(&self) -> bool {
        self.again
    }

    /// A step of the battle begins, the battle having rolled `faces` faces so far: after faces were typed in (or
    /// while they are waited for), the step before is taken again, its faces given again; else that step is over
    /// and its faces are the battle's.
    pub fn begin_step(&mut self, faces: usize) {
        self.given = 0;
        if self.again || self.wanted.is_some() {
            self.again = false;
            return;
        }
        debug_assert_eq!(self.before + self.step.len(), faces, "the table's faces are the battle's");
        // The battle's count is the one that matters: a step that was not all kept must not shift the next.
        self.typed.retain(|&i| i < faces);
        // Cleared, not made anew: the buffer is reused slot after slot.
        self.before = faces;
        self.step.clear();
    }

    /// The step under way is given up (its action no longer stands): nothing of it is kept, nothing is waited for.
    pub fn drop_step(&mut self) {
        self.typed.retain(|&i| i < self.before);
        (self.step, self.given, self.wanted, self.again) = (Vec::new(), 0, None, false);
    }

    /// The faces waited for, read from one line (see [`read_faces`]): the step can be taken again. A line that
    /// does not give them is refused with the reason, and they are still waited for.
    pub fn type_in(&mut self, line: &str) -> Result<Vec<u32>, FacesError> {
        let Some(wanted) = &self.wanted else { return Err(FacesError::NotWaited) };
        let faces = read_faces(line, wanted.count, &wanted.request)?;
        self.give_wanted(&faces, true);
        Ok(faces)
    }

    /// The faces waited for, rolled by the battle's own dice instead (a player who would rather not roll).
    pub fn roll_for_me(&mut self) -> Result<Vec<u32>, DiceError> {
        let Some(wanted) = self.wanted.clone() else { return Ok(Vec::new()) };
        let faces = self.own.roll_many(wanted.count, wanted.request.sides, &wanted.request.purpose)?;
        self.give_wanted(&faces, false);
        Ok(faces)
    }

    fn give_wanted(&mut self, faces: &[u32], typed: bool) {
        for &face in faces {
            if typed {
                self.typed.insert(self.before + self.step.len());
            }
            self.step.push(face);
        }
        (self.wanted, self.again) = (None, true);
    }

    /// `count` faces: first those the try before gave, then new ones, typed in for a combatant rolled by hand.
    fn give(&mut self, who: Option<CombatantId>, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        let again = (self.step.len() - self.given).min(count as usize);
        let mut faces = self.step[self.given..self.given + again].to_vec();
        self.given += again;
        let rest = count - again as u32;
        if rest == 0 {
            return Ok(faces);
        }
        if let Some(who) = who.filter(|w| self.by_hand.contains(w)) {
            let wanted = Wanted { who, count: rest, request: DieRequest { sides, purpose: purpose.to_owned() } };
            self.wanted = Some(wanted.clone());
            return Err(DiceError::Wanted(wanted));
        }
        let new = self.own.roll_many(rest, sides, purpose)?;
        self.step.extend_from_slice(&new);
        self.given = self.step.len();
        match faces.is_empty() {
            true => Ok(new),
            false => {
                faces.extend_from_slice(&new);
                Ok(faces)
            }
        }
    }
}

impl Dice for TableDice {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        // A new face, the common case: from the battle's own dice, without a list made for it.
        if self.given == self.step.len() {
            let face = self.own.roll(sides, purpose)?;
            self.step.push(face);
            self.given += 1;
            return Ok(face);
        }
        let face = self.give(None, 1, sides, purpose)?.first().copied();
        face.ok_or_else(|| DiceError::Exhausted { used: 0, request: DieRequest { sides, purpose: purpose.to_owned() } })
    }

    fn roll_many(&mut self, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        self.give(None, count, sides, purpose)
    }

    fn roll_for(&mut self, who: CombatantId, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        self.give(Some(who), count, sides, purpose)
    }

    fn roll_one_for(&mut self, who: CombatantId, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        match self.by_hand.contains(&who) {
            true => {
                let face = self.give(Some(who), 1, sides, purpose)?.first().copied();
                let request = || DieRequest { sides, purpose: purpose.to_owned() };
                face.ok_or_else(|| DiceError::Exhausted { used: 0, request: request() })
            }
            false => self.roll(sides, purpose),
        }
    }
}

/// Why a line of faces typed in is refused; the words are the ones a player reads beside the dice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FacesError {
    /// No step waits for faces (they came late, or twice).
    #[error("no dice are waited for")]
    NotWaited,
    /// A word that is no number.
    #[error("`{word}` is not a face of a d{sides}")]
    NotAFace { word: String, sides: u32 },
    /// A number the die does not show ([`DiceError::FaceOutOfRange`]).
    #[error(transparent)]
    OffTheDie(#[from] DiceError),
    /// Too few faces, or too many.
    #[error("{count} d{sides} are wanted, {given} given")]
    Count { count: u32, sides: u32, given: usize },
}

/// `count` faces of the die `request` names, from one line as a player types them: separated by spaces or commas
/// ("6 5 3 2 1", "6,5,3"), or, for d6 and d10 dice, one digit each ("65321"; a d10's 0 reads 10). Refused with the
/// reason: a face off the die, too few or too many.
pub fn read_faces(line: &str, count: u32, request: &DieRequest) -> Result<Vec<u32>, FacesError> {
    let sides = request.sides;
    let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    // One digit a die only when the word has a digit for each ("10" for one d10 is ten).
    let digit_each =
        words.len() == 1 && words[0].len() == count as usize && words[0].chars().all(|c| c.is_ascii_digit());
    let words: Vec<String> = match digit_each && count > 1 && sides <= 10 {
        true => words[0].chars().map(String::from).collect(),
        false => words.iter().map(|w| (*w).to_owned()).collect(),
    };
    let mut faces = Vec::with_capacity(words.len());
    for word in &words {
        let face = word.parse::<u32>().map_err(|_| FacesError::NotAFace { word: word.clone(), sides })?;
        faces.push(read_face(face, sides, &request.purpose)?);
    }
    match faces.len() == count as usize {
        true => Ok(faces),
        false => Err(FacesError::Count { count, sides, given: faces.len() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::dice::ScriptedDice;

    fn d6(purpose: &str) -> DieRequest {
        DieRequest { sides: 6, purpose: purpose.into() }
    }

    #[test]
    fn a_line_of_faces_is_read_with_spaces_commas_or_one_digit_each() {
        assert_eq!(read_faces("6 5 3", 3, &d6("t")), Ok(vec![6, 5, 3]));
        assert_eq!(read_faces(" 6,5, 3 ", 3, &d6("t")), Ok(vec![6, 5, 3]));
        assert_eq!(read_faces("653", 3, &d6("t")), Ok(vec![6, 5, 3]));
        let d10 = DieRequest { sides: 10, purpose: "t".into() };
        assert_eq!(read_faces("0 7", 2, &d10), Ok(vec![10, 7]));
        let d100 = DieRequest { sides: 100, purpose: "t".into() };
        assert_eq!(read_faces("07", 1, &d100), Ok(vec![7]));
        let said = |line: &str| read_faces(line, 3, &d6("Stoya: dodge")).map_err(|e| e.to_string());
        assert_eq!(said("6 5"), Err("3 d6 are wanted, 2 given".into()));
        assert_eq!(said("6 5 4 3"), Err("3 d6 are wanted, 4 given".into()));
        assert_eq!(said("6 x 4"), Err("`x` is not a face of a d6".into()));
        assert_eq!(said("6 7 4"), Err("face 7 is not on a d6: a d6 reads 1–6 (wanted for Stoya: dodge)".into()));
        let off = read_faces("6 7 4", 3, &d6("t"));
        assert!(matches!(off, Err(FacesError::OffTheDie(DiceError::FaceOutOfRange { face: 7, .. }))), "{off:?}");
    }

    #[test]
    fn a_step_waits_for_typed_faces_then_gives_every_face_again_in_order() {
        let (ai, player) = (CombatantId(0), CombatantId(1));
        let mut dice = TableDice::new(Box::new(ScriptedDice::new([4, 2, 6, 1])), 3, BTreeSet::new());
        dice.roll_by_hand([player]);
        // The step: the AI rolls two dice, then the player three.
        let try_step = |dice: &mut TableDice| -> Result<(Vec<u32>, Vec<u32>), DiceError> {
            // The battle had rolled 3 faces before the step (asked again, it is the same step).
            dice.begin_step(3);
            Ok((dice.roll_for(ai, 2, 6, "AI: attack")?, dice.roll_for(player, 3, 6, "Ana: dodge")?))
        };
        let Err(DiceError::Wanted(wanted)) = try_step(&mut dice) else { panic!("not waiting") };
        assert_eq!(wanted, Wanted { who: player, count: 3, request: d6("Ana: dodge") });
        assert_eq!(dice.type_in("6 6"), Err(FacesError::Count { count: 3, sides: 6, given: 2 }));
        assert!(dice.wanted().is_some(), "a refused line keeps the faces waited for");
        assert_eq!(dice.type_in("6 5 1"), Ok(vec![6, 5, 1]));
        // Taken again: the AI's dice are the same two faces, not the next two of its source.
        assert_eq!(try_step(&mut dice), Ok((vec![4, 2], vec![6, 5, 1])));
        // The next step goes on with the source, and the typed faces stand 2, 3 and 4 after the 3 given before.
        dice.begin_step(8);
        assert_eq!(dice.roll_for(ai, 1, 6, "AI: soak"), Ok(vec![6]));
        assert_eq!(dice.typed(), &BTreeSet::from([5, 6, 7]));
    }

    #[test]
    fn a_player_may_have_the_battle_roll_for_them() {
        let player = CombatantId(1);
        let mut dice = TableDice::new(Box::new(ScriptedDice::new([3, 3])), 0, BTreeSet::new());
        dice.roll_by_hand([player]);
        dice.begin_step(0);
        assert!(matches!(dice.roll_for(player, 2, 6, "Ana: soak"), Err(DiceError::Wanted(Wanted { count: 2, .. }))));
        assert_eq!(dice.roll_for_me(), Ok(vec![3, 3]));
        dice.begin_step(0);
        assert_eq!(dice.roll_for(player, 2, 6, "Ana: soak"), Ok(vec![3, 3]));
        assert!(dice.typed().is_empty(), "faces the battle rolled are not typed in");
    }

    #[test]
    fn a_step_given_up_keeps_nothing_and_waits_for_nothing() {
        let player = CombatantId(1);
        let mut dice = TableDice::new(Box::new(ScriptedDice::new([2, 5])), 4, BTreeSet::from([1]));
        dice.roll_by_hand([player]);
        dice.begin_step(4);
        assert_eq!(dice.roll_for(CombatantId(0), 1, 6, "AI: attack"), Ok(vec![2]));
        assert!(dice.roll_for(player, 2, 6, "Ana: dodge").is_err());
        assert_eq!(dice.type_in("6 6"), Ok(vec![6, 6]));
        dice.drop_step();
        assert_eq!((dice.wanted(), dice.retrying(), dice.typed()), (None, false, &BTreeSet::from([1])));
        let late = dice.type_in("6 6").map_err(|e| e.to_string());
        assert_eq!(late, Err("no dice are waited for".into()), "faces for a step given up");
        dice.begin_step(4);
        assert_eq!(dice.roll_for(CombatantId(0), 1, 6, "AI: attack"), Ok(vec![5]), "the source goes on");
    }
}
