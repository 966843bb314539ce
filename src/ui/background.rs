//! Work the window does beside drawing, on one core. The win chance bar's, which nobody waits for, at the lowest
//! priority the system gives (Linux's `SCHED_IDLE`, elsewhere the lowest a thread may take), so that it runs on what
//! drawing leaves: on a 2-core machine with a software renderer, a busy background core otherwise costs every frame.
//! The decision review's at the usual priority: the player asked for it and waits for it, and an idle thread would
//! wait for ever on a machine busy with anything else.

/// A pool of one thread at the lowest priority, for work nobody waits for.
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

/// Work the player asked for and waits on (the decision review, the expert's hint), on a thread of its own with one
/// core at the usual priority ([`crate::lab::one_core`]): how far it has come, and its answer once there is one. Dropped, it is
/// cancelled (the work stops at its next look at `progress`).
pub(crate) struct Job<T> {
    pub(crate) progress: std::sync::Arc<crate::lab::sim::Progress>,
    out: std::sync::Arc<std::sync::Mutex<Option<T>>>,
}

impl<T: Send + 'static> Job<T> {
    /// `work` begun on a thread named `name` (`None`: no thread to begin it on); its answer is kept unless it was
    /// cancelled first.
    pub(crate) fn spawn(
        name: &str,
        work: impl FnOnce(&crate::lab::sim::Progress) -> T + Send + 'static,
    ) -> Option<Self> {
        let progress = std::sync::Arc::new(crate::lab::sim::Progress::default());
        let out = std::sync::Arc::new(std::sync::Mutex::new(None));
        let (stop, answer) = (progress.clone(), out.clone());
        let run = move || {
            let done = work(&stop);
            if let (false, Ok(mut out)) = (stop.cancelled.load(std::sync::atomic::Ordering::Relaxed), answer.lock()) {
                *out = Some(done);
            }
        };
        std::thread::Builder::new().name(name.into()).spawn(run).ok().map(|_| Job { progress, out })
    }

    /// The answer, once (none while it works).
    pub(crate) fn take(&self) -> Option<T> {
        self.out.lock().ok().and_then(|mut out| out.take())
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.progress.cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}
