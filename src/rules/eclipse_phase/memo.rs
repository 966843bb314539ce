//! Memos of the pure, costly parts of pricing a shot (`odds.rs`): what each damage does to a defender, the hit
//! classes of an opposed test, a weapon's damage value. The AI prices the same shot from many cells and again
//! for its best few (exact odds are most of a simulated battle's time); each part is a function of its inputs
//! alone, kept per thread (each of rayon's workers its own) and bounded, so a price is the same to the last bit
//! whether it was worked out or remembered.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use super::damage::{DvInputs, dv_dist};
use super::gear::Weapon;
use super::{Fighter, Options};
use crate::rules::odds::Dist;

/// How many defenders, and how many tests or weapons, a thread remembers (the oldest forgotten first).
const DEFENDERS: usize = 32;
const ENTRIES: usize = 4096;

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

/// The hits worked out for one defender as it stands, under one set of options, by one weapon's shock or not.
pub(super) struct Hits {
    opts: Options,
    shock: bool,
    defender: Fighter,
    pub effects: HashMap<u32, HitEffects>,
}

thread_local! {
    static HITS: RefCell<Vec<Hits>> = const { RefCell::new(Vec::new()) };
    static CLASSES: RefCell<HashMap<ClassKey, Classes>> = RefCell::new(HashMap::new());
    static DAMAGE: RefCell<Vec<(Weapon, DvKey, Dist)>> = const { RefCell::new(Vec::new()) };
}

impl Hits {
    /// This thread's hits for `defender` (taken out of the memo while a tally fills them), or none yet.
    pub fn take(opts: &Options, defender: &Fighter, shock: bool) -> Hits {
        let found = HITS.with_borrow_mut(|all| {
            let at = all.iter().position(|h| h.opts == *opts && h.shock == shock && h.defender == *defender)?;
            Some(all.remove(at))
        });
        found.unwrap_or_else(|| Hits { opts: *opts, shock, defender: defender.clone(), effects: HashMap::new() })
    }

    /// Back into the memo, the newest.
    pub fn give_back(self) {
        HITS.with_borrow_mut(|all| {
            if all.len() >= DEFENDERS {
                all.remove(0);
            }
            all.push(self);
        });
    }
}

/// An opposed test's inputs: the options, the attack and defense targets, and the attack's skill (a defender's
/// critical fouls any weapon but fists).
type ClassKey = (Options, i32, Option<i32>, super::skills::Skill);

/// The chance of each kind of hit (armor-defeating or not, the excellent-success bonus), and of a malfunction.
pub(super) type Classes = (BTreeMap<(bool, i32), f64>, f64);

/// The hit classes of an opposed test, worked out by `make` the first time.
pub(super) fn classes(key: ClassKey, make: impl FnOnce() -> Classes) -> Classes {
    if let Some(known) = CLASSES.with_borrow(|m| m.get(&key).cloned()) {
        return known;
    }
    let made = make();
    CLASSES.with_borrow_mut(|m| {
        if m.len() >= ENTRIES {
            m.clear();
        }
        m.insert(key, made.clone());
    });
    made
}

/// A damage value's inputs besides the weapon.
type DvKey = (super::FiringMode, super::modifiers::RangeBand, i32, u32);

/// [`dv_dist`], remembered.
pub(super) fn damage_value(weapon: &Weapon, inputs: &DvInputs) -> Dist {
    let key = (inputs.mode, inputs.band, inputs.excellent, inputs.som);
    let found = DAMAGE.with_borrow(|all| all.iter().find(|(w, k, _)| *k == key && w == weapon).map(|e| e.2.clone()));
    if let Some(dist) = found {
        return dist;
    }
    let dist = dv_dist(weapon, inputs);
    DAMAGE.with_borrow_mut(|all| {
        if all.len() >= 256 {
            all.remove(0);
        }
        all.push((weapon.clone(), key, dist.clone()));
    });
    dist
}
