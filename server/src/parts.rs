//! `run`: the parts of one job run on the caller and on a helper thread kept for it, each taking the next part not
//! yet taken.
//!
//! Why: a lone client's request waits on the event loop thread while the other core idles. Converting a
//! megabyte between the 0.8 and 0.9 message layouts (two XXH3 passes or one, and a copy) is the largest part of
//! a 0.9 send or poll; two threads halve it. A thread spawned per call costs 65 µs on this machine (more than the
//! half it saves); a kept thread woken through a condition variable costs 16 µs a round trip. When the helper is
//! busy (another caller holds it), the caller runs every part: never a queue.
//!
//! Why parts rather than two halves: under load the helper's core is busy with other threads (at four producers
//! both cores are), and a half given to it may start late. The caller then waited for that half, idle, while the
//! event loop it runs on is what every connection waits for (`perf` at four 0.9 producers: the loop thread in
//! the conversion 385 µs a megabyte by wall clock against about 110 µs of its own CPU). With parts taken one at a
//! time, the caller goes on taking parts the helper has not started and waits at most for the one it runs.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// The second half, its lifetime erased: `join` waits for it to finish before the borrows it holds end.
type Job = Box<dyn FnOnce() + Send + 'static>;

#[derive(Default)]
struct State {
    job: Option<Job>,
    /// Set by `run` while a job of its is given out or running; cleared by `run` after it collected it or took it
    /// back unstarted.
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
        // Without a helper thread every `run` runs its parts on the caller.
        std::thread::Builder::new().name("iggy-parts".into()).spawn(move || serve(helper)).ok().map(|_| helper)
    })
}

fn serve(helper: &'static Helper) {
    let mut state = lock(&helper.state);
    loop {
        #[cfg(test)]
        if state.job.is_some() && tests::HELPER_PAUSED.load(Ordering::SeqCst) {
            // A helper whose core is busy elsewhere, as under load: it does not take the job yet.
            drop(state);
            std::thread::sleep(std::time::Duration::from_millis(1));
            state = lock(&helper.state);
            continue;
        }
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

/// One part of a job: it borrows what the caller of `run` holds (disjoint slices of one output, each its own).
pub type Part<'a> = Box<dyn FnOnce() + Send + 'a>;

fn lock_part<'a, 'p>(slot: &'p Mutex<Option<Part<'a>>>) -> MutexGuard<'p, Option<Part<'a>>> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs every part, in order of taking, on the caller and on the helper thread when it is free, and returns when
/// all have run. A panic in any part is raised here after every part has finished or was never started by the
/// helper (the others still run).
pub fn run(parts: Vec<Part<'_>>) {
    let count = parts.len();
    let slots: Vec<Mutex<Option<Part<'_>>>> = parts.into_iter().map(|part| Mutex::new(Some(part))).collect();
    let next = AtomicUsize::new(0);
    // Takes and runs parts until none is left; the first panic among them is kept for the end.
    let take_parts = || -> std::thread::Result<()> {
        let mut outcome = Ok(());
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= count {
                return outcome;
            }
            let part = lock_part(&slots[index]).take();
            if let Some(part) = part {
                if let Err(panic) = catch_unwind(AssertUnwindSafe(part)) {
                    outcome = outcome.and(Err(panic));
                }
            }
        }
    };
    let helper = if count > 1 { helper() } else { None };
    let Some(helper) = helper else {
        return raise(take_parts());
    };
    let mut state = lock(&helper.state);
    if state.taken {
        drop(state);
        return raise(take_parts());
    }
    let job: Box<dyn FnOnce() + Send + '_> = Box::new(|| raise(take_parts()));
    // SAFETY: the job borrows only what outlives this call, and this call does not return (nor unwind) before
    // the helper has finished running it or the job was taken back unstarted: the caller's panics are caught.
    let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + '_>, Job>(job) };
    state.job = Some(job);
    state.taken = true;
    state.finished = None;
    drop(state);
    helper.job_ready.notify_one();
    let caller_result = take_parts();
    let mut state = lock(&helper.state);
    // Not started: every part ran here; the job is dropped unrun rather than waited for.
    let helper_result = if state.job.take().is_some() {
        Ok(())
    } else {
        while state.finished.is_none() {
            state = helper.job_done.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.finished.take().expect("checked above")
    };
    state.taken = false;
    drop(state);
    raise(caller_result.and(helper_result));
}

fn raise(outcome: std::thread::Result<()>) {
    if let Err(panic) = outcome {
        resume_unwind(panic);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn parts_filling<'a>(slices: Vec<&'a mut [u8]>) -> Vec<Part<'a>> {
        slices.into_iter().enumerate().map(|(i, slice)| Box::new(move || slice.fill(i as u8 + 1)) as Part<'a>).collect()
    }

    #[test]
    fn every_part_runs_once_and_sees_its_borrow() {
        for parts in 1..=9 {
            for _ in 0..200 {
                let mut out = vec![0u8; 64 * parts];
                run(parts_filling(out.chunks_mut(64).collect()));
                for (i, chunk) in out.chunks(64).enumerate() {
                    assert!(chunk.iter().all(|&b| b == i as u8 + 1), "{parts} parts: part {i}");
                }
            }
        }
    }

    #[test]
    fn concurrent_callers_all_finish() {
        let done = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..500 {
                        let parts: Vec<Part<'_>> = (0..3)
                            .map(|_| {
                                Box::new(|| {
                                    done.fetch_add(1, Ordering::Relaxed);
                                }) as Part<'_>
                            })
                            .collect();
                        run(parts);
                    }
                });
            }
        });
        assert_eq!(done.load(Ordering::Relaxed), 4 * 500 * 3);
    }

    /// While set, the helper leaves a job given to it untaken (the other tests run meanwhile, and still pass).
    pub(super) static HELPER_PAUSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    #[test]
    fn the_caller_runs_the_parts_a_late_helper_has_not_taken_and_does_not_wait_for_it() {
        HELPER_PAUSED.store(true, Ordering::SeqCst);
        let finished = std::sync::mpsc::channel::<Vec<std::thread::ThreadId>>();
        let (sender, receiver) = finished;
        let caller = std::thread::spawn(move || {
            let ran_on = Mutex::new(Vec::new());
            let parts: Vec<Part<'_>> =
                (0..4).map(|_| Box::new(|| lock_ran(&ran_on).push(std::thread::current().id())) as Part<'_>).collect();
            run(parts);
            let _ = sender.send(ran_on.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()));
            std::thread::current().id()
        });
        // Waiting for the paused helper would never end: the caller must come back with every part run by itself.
        let ran_on = receiver.recv_timeout(std::time::Duration::from_secs(10));
        HELPER_PAUSED.store(false, Ordering::SeqCst);
        let caller_id = caller.join().expect("the caller panicked");
        let ran_on = ran_on.expect("run waited for a helper that had not started");
        assert_eq!(ran_on, vec![caller_id; 4]);
    }

    fn lock_ran<T>(ran: &Mutex<T>) -> MutexGuard<'_, T> {
        ran.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[test]
    fn a_panic_in_a_part_reaches_the_caller_after_the_others_ran_and_the_helper_survives() {
        let ran = AtomicUsize::new(0);
        let caught = catch_unwind(AssertUnwindSafe(|| {
            let parts: Vec<Part<'_>> = vec![
                Box::new(|| panic!("first part")),
                Box::new(|| {
                    ran.fetch_add(1, Ordering::Relaxed);
                }),
                Box::new(|| {
                    ran.fetch_add(1, Ordering::Relaxed);
                }),
            ];
            run(parts);
        }));
        assert!(caught.is_err());
        assert_eq!(ran.load(Ordering::Relaxed), 2);
        let mut out = vec![0u8; 128];
        run(parts_filling(out.chunks_mut(64).collect()));
        assert!(out[..64].iter().all(|&b| b == 1) && out[64..].iter().all(|&b| b == 2));
    }
}
