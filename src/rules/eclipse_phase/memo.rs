//! Memos of the pure, costly parts of pricing a shot (`odds.rs`): what each damage does to a defender, the hit
//! classes of an opposed test, a weapon's damage value. The AI prices the same shot from many cells and again
//! for its best few (exact odds are most of a simulated battle's time); each part is a function of its inputs
//! alone, kept per thread (each of rayon's workers its own) and bounded, so a price is the same to the last bit
//! whether it was worked out or remembered.

use std::cell::RefCell;
use std::collections::BTreeMap;

use fnv::FnvHashMap as HashMap;

use super::damage::{DvInputs, dv_dist};
use super::gear::Weapon;
use super::{Fighter, Options};
use crate::rules::mechanics::memo::{ByWhole, Memo};
use crate::rules::mechanics::odds::Dist;

/// How many defenders, tests and weapons a thread remembers.
const DEFENDERS: usize = 32;
const ENTRIES: usize = 4096;
const WEAPONS: usize = 32;

/// What a hit of one damage does to one defender.
#[derive(Clone, Debug)]
pub(super) struct HitEffects {
    pub wounds: u32,
    pub dead: bool,
    pub incapacitated: bool,
    /// Out of the fight at once (no test follows).
    pub out: bool,
    /// The chance of failing each test that knocks down, in order.
    pub knockdowns: Vec<f64>,
    /// The chance of staying conscious.
    pub conscious: f64,
    /// The chance a shock weapon stuns.
    pub stun: f64,
}

impl Default for HitEffects {
    fn default() -> Self {
        HitEffects {
            wounds: 0,
            dead: false,
            incapacitated: false,
            out: false,
            knockdowns: Vec::new(),
            conscious: 1.0,
            stun: 0.0,
        }
    }
}

/// Who the hits are worked out for: the options, whether the weapon shocks, the defender as it stands.
type HitsOf = (Options, bool, Fighter);

/// The hits worked out for one defender as it stands, under one set of options, by one weapon's shock or not.
pub(super) struct Hits {
    of: HitsOf,
    pub effects: HashMap<u32, HitEffects>,
}

thread_local! {
    static HITS: RefCell<ByWhole<HitsOf, u32, HitEffects>> = const { RefCell::new(ByWhole::new(DEFENDERS)) };
    static CLASSES: RefCell<Memo<ClassKey, Classes>> = RefCell::new(Memo::new(ENTRIES));
    static DAMAGE: RefCell<ByWhole<Weapon, DvKey, Dist>> = const { RefCell::new(ByWhole::new(WEAPONS)) };
}

impl Hits {
    /// This thread's hits for `defender` (taken out of the memo while a tally fills them), or none yet.
    pub fn take(opts: &Options, defender: &Fighter, shock: bool) -> Hits {
        let same = |(o, s, f): &HitsOf| o == opts && *s == shock && f == defender;
        match HITS.with_borrow_mut(|all| all.take(same)) {
            Some((of, effects)) => Hits { of, effects },
            None => Hits { of: (*opts, shock, defender.clone()), effects: HashMap::default() },
        }
    }

    /// Back into the memo, the newest.
    pub fn give_back(self) {
        HITS.with_borrow_mut(|all| all.put(self.of, self.effects));
    }
}

/// An opposed test's inputs: the options, the attack and defense targets, and the attack's skill (a defender's
/// critical fouls any weapon but fists).
type ClassKey = (Options, i32, Option<i32>, super::skills::Skill);

/// The chance of each kind of hit (armor-defeating or not, the excellent-success bonus), and of a malfunction.
pub(super) type Classes = (BTreeMap<(bool, i32), f64>, f64);

/// The hit classes of an opposed test, worked out by `make` the first time (a pure count: it reads no memo).
pub(super) fn classes(key: ClassKey, make: impl FnOnce() -> Classes) -> Classes {
    CLASSES.with_borrow_mut(|m| m.get(key, make))
}

/// A damage value's inputs besides the weapon.
type DvKey = (super::FiringMode, super::modifiers::RangeBand, i32, u32);

/// [`dv_dist`], remembered.
pub(super) fn damage_value(weapon: &Weapon, inputs: &DvInputs) -> Dist {
    let key = (inputs.mode, inputs.band, inputs.excellent, inputs.som);
    DAMAGE.with_borrow_mut(|all| {
        let known = all.find(|w| w == weapon, || weapon.clone());
        known.entry(key).or_insert_with(|| dv_dist(weapon, inputs)).clone()
    })
}
