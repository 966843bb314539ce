//! A sheet rating bounded by its scale (Shadowrun 4 attributes 1–12, Storyteller dots 0–10 …): checked while a
//! scenario is read, so that a value out of range gets its line and column and the sheet's own words.

use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::rules::RatingError;

/// What a kind of rating allows: its range, and how the sheet refuses a value outside it.
pub trait Scale {
    /// The rating's name, as `Debug` writes it.
    const NAME: &'static str;
    const RANGE: RangeInclusive<u32>;
    /// The refusal of a value out of range; `{v}` stands for the value given.
    const REFUSAL: &'static str;
}

/// A rating on scale `S`: a `u32` within `S::RANGE`.
#[derive(Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64", bound = "S: Scale")]
pub struct Bounded<S>(pub u32, PhantomData<fn() -> S>);

impl<S> Bounded<S> {
    /// The rating `r`, unchecked (a sheet's own default).
    pub const fn new(r: u32) -> Self {
        Bounded(r, PhantomData)
    }
}

impl<S: Scale> TryFrom<i64> for Bounded<S> {
    type Error = RatingError;
    fn try_from(v: i64) -> Result<Self, RatingError> {
        match u32::try_from(v) {
            Ok(r) if S::RANGE.contains(&r) => Ok(Bounded::new(r)),
            _ => Err(RatingError(S::REFUSAL.replace("{v}", &v.to_string()))),
        }
    }
}

impl<S> From<Bounded<S>> for i64 {
    fn from(r: Bounded<S>) -> i64 {
        i64::from(r.0)
    }
}

// By hand, not derived: a derive would ask the scale itself to be `Copy`, `Ord` …
impl<S> Clone for Bounded<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Bounded<S> {}

impl<S: Scale> fmt::Debug for Bounded<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple(S::NAME).field(&self.0).finish()
    }
}

impl<S> PartialEq for Bounded<S> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<S> Eq for Bounded<S> {}

impl<S> PartialOrd for Bounded<S> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<S> Ord for Bounded<S> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}
