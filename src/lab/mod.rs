//! The lab: battles played many times over to measure the rules and the AI, and the odds of one attack. A batch of
//! battles and its report (`sim.rs`), the balance of every level (`balance.rs`), the AI ladder (`ladder.rs`), the
//! expert against the hard AI seat by seat (`seats.rs`), the soak that plays, saves and replays battles looking for
//! what breaks (`soak.rs`), the fuzz targets (`fuzz.rs`), and what `skirmish odds` prices (`odds.rs`). It reads its
//! battles through [`crate::scenario`] and starts them through [`crate::battle::run`].

pub mod balance;
pub mod forecast;
pub mod fuzz;
pub mod hint;
pub mod ladder;
pub mod odds;
pub mod review;
pub mod seats;
pub mod sim;
pub mod soak;
pub mod win_chance;

/// A pool of one thread at the usual priority, for work someone waits for beside other work (a window's drawing, a
/// host's battle): the review, the expert's hint.
pub fn one_core() -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(1).build()
}
