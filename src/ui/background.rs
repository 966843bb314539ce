//! Work the window does beside drawing, on one core. The win chance bar's, which nobody waits for, at the lowest
//! priority the system gives (Linux's `SCHED_IDLE`, elsewhere the lowest a thread may take), so that it runs on what
//! drawing leaves: on a 2-core machine with a software renderer, a busy background core otherwise costs every frame.
//! The decision review's at the usual priority: the player asked for it and waits for it, and an idle thread would
//! wait for ever on a machine busy with anything else.

/// A pool of one thread at the lowest priority, for work nobody waits for.
pub(crate) fn idle_core() -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(1).start_handler(|_| lowest_priority()).build()
}

/// A pool of one thread at the usual priority, for work the player waits for (the other core keeps drawing).
pub(crate) fn one_core() -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(1).build()
}

/// The calling thread at the lowest priority; if the system refuses, it stays as it was (the work is the same, only
/// the frames may suffer).
fn lowest_priority() {
    use thread_priority::{ThreadPriority, set_current_thread_priority};
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{NormalThreadSchedulePolicy, ThreadSchedulePolicy, set_thread_priority_and_policy};
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if set_thread_priority_and_policy(thread_priority::thread_native_id(), ThreadPriority::Min, idle).is_ok() {
            return;
        }
    }
    _ = set_current_thread_priority(ThreadPriority::Min);
}
