//! Memos of the pure, costly parts of pricing an attack, for the rulesets' `odds.rs`: the distribution of a pool
//! of so many dice, what so much damage does to a defender as it stands. The AI prices the same attack from every
//! cell it can reach and again for its best few, so exact odds are most of a simulated battle's time. Each part is
//! a function of its inputs alone; the memos are kept per thread (each of rayon's workers its own, in a
//! `thread_local!` of the ruleset that uses them) and bounded, so a price is the same to the last bit whether it
//! was worked out or remembered.

use std::hash::Hash;

// FNV, not std's SipHash: the keys are small and ours, and hashing them was a tenth of a playout.
use fnv::FnvHashMap as HashMap;

/// A pure function's results by their inputs, forgotten all at once when `cap` are kept.
pub struct Memo<K, V> {
    cap: usize,
    known: HashMap<K, V>,
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// An empty memo keeping at most `cap` results.
    pub fn new(cap: usize) -> Self {
        Memo { cap, known: HashMap::default() }
    }

    /// The result for `key`, worked out by `work` the first time.
    pub fn get(&mut self, key: K, work: impl FnOnce() -> V) -> V {
        if let Some(v) = self.known.get(&key) {
            return v.clone();
        }
        if self.known.len() >= self.cap {
            self.known.clear();
        }
        self.known.entry(key).or_insert_with(work).clone()
    }
}

/// Results by a value compared whole (a defender's sheet and condition, with what else they depend on: the options,
/// the weapon) and then by a key: what a hit does to that defender. Values that are costly to hash or compare are
/// looked up once and their results many times; the oldest is forgotten first once `cap` are kept.
pub struct ByWhole<F, K, V> {
    cap: usize,
    defenders: Vec<(F, HashMap<K, V>)>,
}

impl<F: PartialEq + Clone, K: Hash + Eq, V> ByWhole<F, K, V> {
    /// An empty memo keeping at most `cap` defenders.
    pub const fn new(cap: usize) -> Self {
        ByWhole { cap, defenders: Vec::new() }
    }

    /// The results remembered for `defender` as it stands (found once, then looked up by key many times).
    pub fn of(&mut self, defender: &F) -> &mut HashMap<K, V> {
        self.find(|f| f == defender, || defender.clone())
    }

    /// The results remembered for the defender `same` picks out (with what else the results depend on, such as
    /// the options or the weapon), or new ones for the defender `make` gives.
    pub fn find(&mut self, same: impl Fn(&F) -> bool, make: impl FnOnce() -> F) -> &mut HashMap<K, V> {
        let at = match self.defenders.iter().position(|(f, _)| same(f)) {
            Some(at) => at,
            None => {
                if self.defenders.len() >= self.cap {
                    self.defenders.remove(0);
                }
                self.defenders.push((make(), HashMap::default()));
                self.defenders.len() - 1
            }
        };
        &mut self.defenders[at].1
    }

    /// The results for the value `same` picks out, taken out of the memo (filled while it is not borrowed, then given
    /// back with [`ByWhole::put`]).
    pub fn take(&mut self, same: impl Fn(&F) -> bool) -> Option<(F, HashMap<K, V>)> {
        let at = self.defenders.iter().position(|(f, _)| same(f))?;
        Some(self.defenders.remove(at))
    }

    /// Results given back (or new), the newest.
    pub fn put(&mut self, value: F, results: HashMap<K, V>) {
        if self.defenders.len() >= self.cap {
            self.defenders.remove(0);
        }
        self.defenders.push((value, results));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_works_a_key_out_once_and_forgets_all_when_full() {
        let mut m = Memo::new(2);
        let mut calls = 0;
        let mut get = |m: &mut Memo<u32, u32>, k| {
            m.get(k, || {
                calls += 1;
                k * 10
            })
        };
        assert_eq!((get(&mut m, 1), get(&mut m, 1), get(&mut m, 2)), (10, 10, 20));
        assert_eq!(get(&mut m, 3), 30); // full: forgets 1 and 2
        assert_eq!(get(&mut m, 1), 10);
        assert_eq!(calls, 4);
    }

    #[test]
    fn defenders_are_told_apart_whole_and_the_oldest_forgotten() {
        let mut m: ByWhole<(u32, u32), u32, u32> = ByWhole::new(2);
        m.of(&(1, 1)).insert(5, 50);
        m.of(&(1, 2)).insert(5, 51);
        assert_eq!(m.of(&(1, 1)).get(&5), Some(&50));
        m.of(&(2, 2));
        assert_eq!(m.of(&(1, 1)).get(&5), None, "the oldest defender was forgotten");
        assert_eq!(m.of(&(1, 2)).get(&5), None, "and then the next oldest");
    }

    #[test]
    fn results_taken_out_and_put_back_are_the_newest() {
        let mut m: ByWhole<u32, u32, u32> = ByWhole::new(2);
        m.of(&1).insert(5, 50);
        m.of(&2);
        let (one, results) = m.take(|&f| f == 1).expect("1 is kept");
        assert!(m.take(|&f| f == 1).is_none(), "taken out");
        m.put(one, results);
        m.of(&3); // full: forgets 2, the oldest now
        assert_eq!(m.of(&1).get(&5).copied(), Some(50), "1 was put back as the newest");
        assert!(m.take(|&f| f == 2).is_none(), "2 was the oldest");
    }
}
