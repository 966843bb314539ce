//! Work the window does behind the battle (the win chance bar, the decision review): on one core, at the lowest
//! priority the system gives (Linux's `SCHED_IDLE`, elsewhere the lowest a thread may take), so that it runs on what
//! drawing leaves: on a 2-core machine with a software renderer, a busy background core otherwise costs every frame.

/// A pool of one thread at the lowest priority, for work that is not drawing.
pub(crate) fn idle_core() -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(1).start_handler(|_| lowest_priority()).build()
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
