//! Dice anyone can check. A host commits to its dice before anyone plays: in the lobby every player is shown a hash
//! of the battle's seed and a salt (the salt keeps a seed like 5 from being guessed off its hash). At the end the
//! save names the seed and the salt; [`verify`] then replays the save's record onto its start, notes every die
//! it rolls (how many sides, what for, the face the save gives it) and rolls the same dice from the seed in the
//! same order: every face must be the seed's, except those a player typed in by hand, which are named as such.
//! The hash must be the one the player was shown (its game keeps it), so a host cannot swap seeds afterwards.

use super::commitment::{Commitment, hash_of};
use super::request::DiceChoice;
use super::save::Save;
use super::start::{ReplayedOnStart, replayed_on_start};
use crate::rules::engine::dice::{Dice, DiceError, ScriptedDice, SeededDice};
use crate::rules::engine::ruleset::CombatantId;

/// How a save's dice stand against the commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Committed {
    /// The save carries none (a battle on one screen), and none was given to check against.
    Nothing,
    /// The seed and salt hash to the commitment, the one the player was shown in the lobby.
    Holds,
    /// They hash to the save's own commitment; no hash shown in a lobby was given to compare it with.
    HoldsInSave { saved: String },
    /// They do not: the seed is not the one committed to.
    Broken,
    /// The save's commitment is not the one the player was shown.
    NotTheOneShown { shown: String, saved: String },
}

/// A face that is not the seed's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    /// The roll's place, counted from 1.
    pub at: usize,
    pub sides: u32,
    pub purpose: String,
    pub saved: u32,
    pub seeded: u32,
}

/// What [`verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub seed: u64,
    /// Every die the record rolled.
    pub rolls: usize,
    /// Of them, typed in by a player (not the seed's to check).
    pub typed: usize,
    pub committed: Committed,
    /// The first face that is not the seed's.
    pub wrong: Option<Wrong>,
}

impl Checked {
    /// Whether the dice check: every face the seed's (or typed), the commitment holding where there is one.
    pub fn passed(&self) -> bool {
        self.wrong.is_none()
            && matches!(self.committed, Committed::Holds | Committed::HoldsInSave { .. } | Committed::Nothing)
    }

    /// The verdict in words.
    pub fn verdict(&self) -> String {
        let seeded = self.rolls - self.typed;
        let typed = match self.typed {
            0 => String::new(),
            n => format!(" ({n} typed in by hand, not the seed's)"),
        };
        let dice = match &self.wrong {
            None => format!("all {seeded} rolls from seed {} check{typed}", self.seed),
            Some(w) => format!(
                "roll {} of {} does not check: a d{} for {}, the save says {}, seed {} rolls {}",
                w.at, self.rolls, w.sides, w.purpose, w.saved, self.seed, w.seeded
            ),
        };
        let committed = match &self.committed {
            Committed::Nothing => {
                "no commitment to check the seed against (the battle was not hosted online)".to_owned()
            }
            Committed::Holds => "the seed is the one the host committed to before the battle".to_owned(),
            Committed::HoldsInSave { saved } => format!(
                "the seed matches the save's own commitment ({}); give the hash the lobby showed to check that it is \
                 the one committed to before the battle",
                Commitment::short(saved)
            ),
            Committed::Broken => "the seed is NOT the one the host committed to: its hash differs".to_owned(),
            Committed::NotTheOneShown { shown, saved } => format!(
                "the save's commitment ({}) is NOT the one shown in the lobby ({})",
                Commitment::short(saved),
                Commitment::short(shown)
            ),
        };
        format!("{dice}; {committed}")
    }
}

/// Why a save's dice cannot be checked.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("this battle's dice came from no seed ({0}): there is nothing to check them against")]
    NoSeed(&'static str),
    #[error("the save's battle cannot be built: {0}")]
    File(String),
    #[error("the save does not replay: {0}")]
    Replay(String),
}

/// Checks `save`'s dice: every face against its seed, in order, and its commitment against the one a player was
/// `shown` in the lobby (where given).
pub fn verify(save: &Save, shown: Option<&str>) -> Result<Checked, VerifyError> {
    let seed = match &save.battle.dice {
        DiceChoice::Seed(seed) => *seed,
        DiceChoice::Auto => return Err(VerifyError::NoSeed("none named")),
        DiceChoice::Faces(_) => return Err(VerifyError::NoSeed("faces given in order")),
        DiceChoice::Typed => return Err(VerifyError::NoSeed("every die typed in")),
    };
    let committed = match (&save.battle.commitment, shown) {
        (Some(c), Some(shown)) if c.hash != shown => {
            Committed::NotTheOneShown { shown: shown.to_owned(), saved: c.hash.clone() }
        }
        (Some(c), Some(_)) if hash_of(seed, &c.salt) == c.hash => Committed::Holds,
        (Some(c), None) if hash_of(seed, &c.salt) == c.hash => Committed::HoldsInSave { saved: c.hash.clone() },
        (Some(_), _) => Committed::Broken,
        (None, Some(shown)) => Committed::NotTheOneShown { shown: shown.to_owned(), saved: "none".into() },
        (None, None) => Committed::Nothing,
    };
    // A changed face may change the battle so much that the record no longer replays after it: the faces rolled
    // up to there are checked all the same, and the first that is not the seed's is what the verdict names.
    let (rolled, replayed) = rolled(save)?;
    // A face the save marks as typed counts as typed only where a player rolled that side's dice by hand: a host
    // cannot pass off a face of its own as a player's.
    let typed_at = |at: usize, die: &Die| {
        save.typed.contains(&at) && die.side.as_ref().is_some_and(|side| save.battle.by_hand.contains(side))
    };
    let mut dice = SeededDice::new(seed);
    let (mut wrong, mut typed) = (None, 0);
    for (at, die) in rolled.iter().enumerate() {
        if typed_at(at, die) {
            typed += 1;
            continue;
        }
        let seeded = dice.roll(die.sides, &die.purpose).map_err(|e| VerifyError::Replay(e.to_string()))?;
        if seeded != die.face {
            let (sides, purpose, saved) = (die.sides, die.purpose.clone(), die.face);
            wrong = Some(Wrong { at: at + 1, sides, purpose, saved, seeded });
            break;
        }
    }
    if wrong.is_none() {
        replayed.map_err(VerifyError::Replay)?;
    }
    Ok(Checked { seed, rolls: rolled.len(), typed, committed, wrong })
}

/// One die the record rolls: its sides, what for, the face the save gives it, and the side of the combatant it was
/// rolled for (a test's, its damage's), where it was one's.
struct Die {
    sides: u32,
    purpose: String,
    face: u32,
    side: Option<String>,
}

/// Every die the save's record rolls, in order, and whether the record replayed to its end.
fn rolled(save: &Save) -> Result<(Vec<Die>, Result<(), String>), VerifyError> {
    let scenario = save.battle.scenario().map_err(|e| VerifyError::File(e.to_string()))?;
    let mut dice = Noting { faces: ScriptedDice::new(save.faces.iter().copied()), rolled: Vec::new() };
    let ReplayedOnStart { battle, replayed, .. } =
        replayed_on_start(&scenario, &save.battle.dice_label, &save.record, &mut dice, &mut |_, _| {});
    let replayed = replayed.map_err(|e| e.to_string());
    let rolled = dice.rolled.into_iter().map(|(sides, purpose, face, who)| {
        let side = who.filter(|w| w.index() < battle.len()).map(|w| battle.view(w).side.to_owned());
        Die { sides, purpose, face, side }
    });
    Ok((rolled.collect(), replayed))
}

/// The save's faces in order, each die noted as it is rolled, with whom it is rolled for.
struct Noting {
    faces: ScriptedDice,
    rolled: Vec<(u32, String, u32, Option<CombatantId>)>,
}

impl Dice for Noting {
    fn roll(&mut self, sides: u32, purpose: &str) -> Result<u32, DiceError> {
        let face = self.faces.roll(sides, purpose)?;
        self.rolled.push((sides, purpose.to_owned(), face, None));
        Ok(face)
    }

    fn roll_for(&mut self, who: CombatantId, count: u32, sides: u32, purpose: &str) -> Result<Vec<u32>, DiceError> {
        let faces = self.roll_many(count, sides, purpose)?;
        let from = self.rolled.len() - faces.len();
        self.rolled[from..].iter_mut().for_each(|die| die.3 = Some(who));
        Ok(faces)
    }
}
