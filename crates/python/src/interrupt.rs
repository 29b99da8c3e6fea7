//! A call of a game's Python callable still running when its answer's time
//! limit passes is interrupted: `grundy.LimitError` is raised inside it,
//! at the next instruction of Python code it runs, by one watchdog thread
//! of the module (`PyThreadState_SetAsyncExc`, the one way CPython offers
//! to raise in another thread). A callable blocked in C code (a
//! `time.sleep`, one long builtin call) sees it when that code returns:
//! the answer then ends by that call's end at the latest.
//!
//! The contract, for [`Watch::start`] and [`Watch::finish`], both called
//! on the calling thread with the GIL held around one call: the watchdog
//! raises only while the call is registered and only with the GIL held,
//! so the exception can land nowhere but in the call; one left pending
//! when the call returned first is cleared by [`Watch::finish`], which
//! then reports the time limit whatever the call answered.

use pyo3::prelude::*;
use pyo3::PyTypeInfo;
use std::collections::HashMap;
use std::ffi::c_long;
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// One call being watched.
struct Call {
    /// The Python thread running it (`threading.get_ident()`).
    thread: c_long,
    /// When its answer's time runs out.
    ends: Instant,
    /// The answer's time limit, for the error.
    limit: Duration,
    /// Whether the watchdog raised in it.
    fired: bool,
}

#[derive(Default)]
struct Calls {
    running: HashMap<u64, Call>,
    next: u64,
    /// The moment the watchdog sleeps until (`None`: until woken).
    sleeps_until: Option<Instant>,
}

struct Watchdog {
    calls: Mutex<Calls>,
    wake: Condvar,
}

/// The watchdog, its thread started at the first call watched.
fn watchdog() -> &'static Watchdog {
    static DOG: OnceLock<&'static Watchdog> = OnceLock::new();
    DOG.get_or_init(|| {
        let dog: &'static Watchdog = Box::leak(Box::new(Watchdog {
            calls: Mutex::default(),
            wake: Condvar::new(),
        }));
        // Without its thread no call is interrupted: each is still
        // checked against the time limit when it returns.
        let _ = std::thread::Builder::new()
            .name("grundy-watchdog".into())
            .spawn(move || dog.watch());
        dog
    })
}

impl Watchdog {
    /// Sleeps until the first registered call's time runs out, then
    /// raises in every call past its time (taking the GIL first, never
    /// while holding the lock of the calls: a caller holds the GIL while
    /// it takes that lock).
    fn watch(&self) {
        loop {
            let Ok(mut calls) = self.calls.lock() else {
                return;
            };
            let now = Instant::now();
            let next = calls
                .running
                .values()
                .filter(|c| !c.fired)
                .map(|c| c.ends)
                .min();
            match next {
                None => {
                    calls.sleeps_until = None;
                    drop(self.wake.wait(calls));
                }
                Some(ends) if ends > now => {
                    calls.sleeps_until = Some(ends);
                    drop(self.wake.wait_timeout(calls, ends - now));
                }
                Some(_) => {
                    drop(calls);
                    Python::attach(|py| self.raise_in_late_calls(py));
                }
            }
        }
    }

    /// With the GIL: `LimitError` raised in each call still registered
    /// whose time has run out.
    fn raise_in_late_calls(&self, py: Python<'_>) {
        let Ok(mut calls) = self.calls.lock() else {
            return;
        };
        let now = Instant::now();
        let exception = crate::convert::LimitError::type_object(py);
        for call in calls.running.values_mut() {
            if !call.fired && call.ends <= now {
                call.fired = true;
                // SAFETY: the GIL is held (`py`); `thread` names a thread
                // inside a registered call (it leaves the registry only
                // with the GIL held, in `Watch::finish`); the exception
                // type is a live class object, borrowed for the call
                // (CPython takes its own reference).
                unsafe {
                    pyo3::ffi::PyThreadState_SetAsyncExc(call.thread, exception.as_ptr());
                }
            }
        }
    }
}

thread_local! {
    /// This thread's `threading.get_ident()`, once read.
    static IDENT: std::cell::Cell<Option<c_long>> = const { std::cell::Cell::new(None) };
}

/// `threading.get_ident()` of the calling thread.
fn thread_ident(py: Python<'_>) -> Option<c_long> {
    if let Some(id) = IDENT.with(|i| i.get()) {
        return Some(id);
    }
    let id: u64 = py
        .import("threading")
        .ok()?
        .call_method0("get_ident")
        .ok()?
        .extract()
        .ok()?;
    let id = id as c_long;
    IDENT.with(|i| i.set(Some(id)));
    Some(id)
}

/// One call of a callable, watched until [`Watch::finish`].
pub(crate) struct Watch {
    token: u64,
}

impl Watch {
    /// Registers the call about to be made on this thread, when the answer
    /// this thread works out has a time limit; `None` otherwise (nothing
    /// to interrupt for).
    pub(crate) fn start(py: Python<'_>) -> Option<Watch> {
        let (limit, clock, end) = grundy_engine::clock::answer_limit()?;
        let left = end.saturating_sub(clock.now());
        let ends = Instant::now().checked_add(left)?;
        let thread = thread_ident(py)?;
        let dog = watchdog();
        let mut calls = dog.calls.lock().ok()?;
        let token = calls.next;
        calls.next += 1;
        calls.running.insert(
            token,
            Call {
                thread,
                ends,
                limit,
                fired: false,
            },
        );
        // Woken only when this call ends before what it sleeps until: the
        // calls of one answer share its end.
        if calls.sleeps_until.is_none_or(|s| ends < s) {
            dog.wake.notify_one();
        }
        Some(Watch { token })
    }

    /// Ends the watch of the call: the answer's time limit when the
    /// watchdog raised in it (the exception cleared if still pending),
    /// `None` when it did not.
    pub(crate) fn finish(self, _py: Python<'_>) -> Option<Duration> {
        let call = watchdog().calls.lock().ok()?.running.remove(&self.token)?;
        if !call.fired {
            return None;
        }
        // SAFETY: the GIL is held (`_py`); a null exception clears what
        // may still be pending for this very thread, so it cannot surface
        // in later Python code.
        unsafe {
            pyo3::ffi::PyThreadState_SetAsyncExc(call.thread, std::ptr::null_mut());
        }
        Some(call.limit)
    }
}
