//! `join`: run two halves of one job at once, the second on a helper thread kept for it.
//!
//! Why: a lone client's request waits on the event loop thread while the other core idles. Converting a
//! megabyte between the 0.8 and 0.9 message layouts (two XXH3 passes or one, and a copy) is the largest part of
//! a 0.9 send or poll; two threads halve it. A thread spawned per call costs 65 µs on this machine (more than the
//! half it saves); a kept thread woken through a condition variable costs 16 µs a round trip. When the helper is
//! busy (another caller holds it), the second half runs on the caller after the first: never a queue.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// The second half, its lifetime erased: `join` waits for it to finish before the borrows it holds end.
type Job = Box<dyn FnOnce() + Send + 'static>;

#[derive(Default)]
struct State {
    job: Option<Job>,
    /// Set by `join` while a job of its is given out or running; cleared by `join` after it collected it.
    taken: bool,
    /// The job finished: Ok, or the panic it raised (re-raised on the caller).
    finished: Option<std::thread::Result<()>>,
}

struct Helper {
    state: Mutex<State>,
    job_ready: Condvar,
    job_done: Condvar,
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn helper() -> Option<&'static Helper> {
    static HELPER: OnceLock<Option<&'static Helper>> = OnceLock::new();
    *HELPER.get_or_init(|| {
        let helper: &'static Helper = Box::leak(Box::new(Helper {
            state: Mutex::new(State::default()),
            job_ready: Condvar::new(),
            job_done: Condvar::new(),
        }));
        // Without a helper thread every `join` runs its halves one after the other.
        std::thread::Builder::new().name("iggy-halves".into()).spawn(move || serve(helper)).ok().map(|_| helper)
    })
}

fn serve(helper: &'static Helper) {
    let mut state = lock(&helper.state);
    loop {
        let Some(job) = state.job.take() else {
            state = helper.job_ready.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
            continue;
        };
        drop(state);
        let result = catch_unwind(AssertUnwindSafe(job));
        state = lock(&helper.state);
        state.finished = Some(result);
        helper.job_done.notify_all();
    }
}

/// Runs `first` on the caller and `second` on the helper thread when it is free (else after `first`), and
/// returns when both are done. A panic in either is raised here after both have finished.
pub fn join<A, B>(first: A, second: B)
where
    A: FnOnce() + Send,
    B: FnOnce() + Send,
{
    let Some(helper) = helper() else {
        first();
        second();
        return;
    };
    let mut state = lock(&helper.state);
    if state.taken {
        drop(state);
        first();
        second();
        return;
    }
    let job: Box<dyn FnOnce() + Send + '_> = Box::new(second);
    // SAFETY: the job borrows only what outlives this call, and this call does not return (nor unwind) before
    // the helper has finished running it: `first`'s panic is caught and raised after the wait below.
    let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + '_>, Job>(job) };
    state.job = Some(job);
    state.taken = true;
    state.finished = None;
    drop(state);
    helper.job_ready.notify_one();
    let first_result = catch_unwind(AssertUnwindSafe(first));
    let mut state = lock(&helper.state);
    while state.finished.is_none() {
        state = helper.job_done.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
    }
    let second_result = state.finished.take().expect("checked above");
    state.taken = false;
    drop(state);
    if let Err(panic) = first_result {
        resume_unwind(panic);
    }
    if let Err(panic) = second_result {
        resume_unwind(panic);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn both_halves_run_and_see_their_borrows() {
        for _ in 0..1000 {
            let mut left = [0u8; 64];
            let mut right = [0u8; 64];
            join(|| left.fill(1), || right.fill(2));
            assert!(left.iter().all(|&b| b == 1) && right.iter().all(|&b| b == 2));
        }
    }

    #[test]
    fn concurrent_callers_all_finish() {
        let done = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..500 {
                        join(
                            || {
                                done.fetch_add(1, Ordering::Relaxed);
                            },
                            || {
                                done.fetch_add(1, Ordering::Relaxed);
                            },
                        );
                    }
                });
            }
        });
        assert_eq!(done.load(Ordering::Relaxed), 4 * 500 * 2);
    }

    #[test]
    fn a_panic_in_the_second_half_reaches_the_caller_and_the_helper_survives() {
        let caught = catch_unwind(|| join(|| (), || panic!("second half")));
        assert!(caught.is_err());
        let mut after = 0;
        join(|| (), || after = 7);
        assert_eq!(after, 7);
    }
}
