//! Brute force for the odds tests: runs the real resolution once for every sequence of die faces it can ask for,
//! each with its probability.

use skirmish::rules::engine::dice::{Dice, DiceError};

/// Dice that walk every sequence of faces depth first: each run takes the faces of the current path (and the
/// first face of any die past its end); [`EveryFace::next`] moves to the next path.
#[derive(Default)]
pub struct EveryFace {
    /// (face, sides) of each die rolled in the current run.
    path: Vec<(u32, u32)>,
    depth: usize,
}

fn faces(sides: u32) -> (u32, u32) {
    if sides == 100 { (0, 99) } else { (1, sides) }
}

impl Dice for EveryFace {
    fn roll(&mut self, sides: u32, _purpose: &str) -> Result<u32, DiceError> {
        if self.depth == self.path.len() {
            self.path.push((faces(sides).0, sides));
        }
        let (face, known) = self.path[self.depth];
        assert_eq!(known, sides, "the same path must ask for the same dice");
        self.depth += 1;
        Ok(face)
    }
}

impl EveryFace {
    /// The probability of the run just made.
    pub fn weight(&self) -> f64 {
        self.path[..self.depth].iter().map(|(_, sides)| 1.0 / f64::from(*sides)).product()
    }

    /// Moves to the next sequence of faces; `false` when every one has been run.
    pub fn next(&mut self) -> bool {
        self.path.truncate(self.depth);
        self.depth = 0;
        while let Some((face, sides)) = self.path.last_mut() {
            if *face < faces(*sides).1 {
                *face += 1;
                return true;
            }
            self.path.pop();
        }
        false
    }
}

/// Runs `run` once for every sequence of faces, calling `seen` with each run's result and probability.
pub fn every_outcome<T>(mut run: impl FnMut(&mut EveryFace) -> T, mut seen: impl FnMut(T, f64)) {
    let mut dice = EveryFace::default();
    loop {
        let result = run(&mut dice);
        seen(result, dice.weight());
        if !dice.next() {
            break;
        }
    }
}
