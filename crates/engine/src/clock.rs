//! Time, abstracted, so the engine runs where `std::time::Instant` does not
//! (a browser's `wasm32-unknown-unknown`, where it panics).
//!
//! A search reads the time only through a [`Clock`], and only when it was
//! given a time limit: [`Deadline`] makes no time call at all without one,
//! and with one it looks at the clock once every [`Deadline::EVERY`] ticks.
//! [`StdClock`] (feature `std-clock`, on by default) is the clock of
//! `std::time::Instant`; a front end without it passes its own (for example
//! one reading `performance.now()`).

use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

/// A monotonic clock: [`Clock::now`] never goes backwards.
///
/// Object safe, so a clock is passed around as `Arc<dyn Clock>`
/// ([`SharedClock`]), and `Send + Sync`, so one clock serves every thread.
pub trait Clock: Send + Sync + Debug {
    /// The time elapsed since an origin fixed by the clock (its creation,
    /// say). Only differences between two readings mean anything.
    fn now(&self) -> Duration;
}

/// A clock shared by whoever needs the time.
pub type SharedClock = Arc<dyn Clock>;

/// The clock of the standard library (`std::time::Instant`), measuring from
/// its creation.
#[cfg(feature = "std-clock")]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(feature = "std-clock")]
impl StdClock {
    /// A clock whose origin is now.
    pub fn new() -> StdClock {
        StdClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(feature = "std-clock")]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(feature = "std-clock")]
impl Clock for StdClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// The clock used when none is given: a [`StdClock`] with feature
/// `std-clock`, else `None` (no time source; time limits cannot be
/// measured and are not applied).
pub fn default_clock() -> Option<SharedClock> {
    #[cfg(feature = "std-clock")]
    {
        Some(Arc::new(StdClock::new()))
    }
    #[cfg(not(feature = "std-clock"))]
    {
        None
    }
}

/// The moment a time limit runs out, checked cheaply.
///
/// Made from an optional limit and an optional clock; when either is
/// missing the deadline never passes and no time call is ever made. With
/// both, [`Deadline::start`] reads the clock once, [`Deadline::tick`] reads
/// it once every [`Deadline::EVERY`] calls, [`Deadline::passed`] every call.
#[derive(Clone, Debug)]
pub struct Deadline {
    timed: Option<Timed>,
    ticks: u32,
    /// `until` had passed at the start.
    late: bool,
}

#[derive(Clone, Debug)]
struct Timed {
    clock: SharedClock,
    /// The clock's reading at the start.
    start: Duration,
    end: Duration,
    limit: Duration,
}

impl Deadline {
    /// Calls of [`Deadline::tick`] per look at the clock.
    pub const EVERY: u32 = 4096;

    /// A deadline `limit` from now on `clock`; one that never passes when
    /// `limit` or `clock` is `None` (then the clock is not read).
    pub fn start(limit: Option<Duration>, clock: Option<&SharedClock>) -> Deadline {
        Deadline::start_until(limit, clock, None)
    }

    /// As [`Deadline::start`], ending at the clock reading `until` instead
    /// if that comes sooner (a deadline shared with earlier calls); the
    /// error still names `limit`. When `until` has already passed, the
    /// first [`Deadline::tick`] reports it ([`Deadline::started_late`]).
    pub fn start_until(
        limit: Option<Duration>,
        clock: Option<&SharedClock>,
        until: Option<Duration>,
    ) -> Deadline {
        let mut late = false;
        let timed = match (limit, clock) {
            (Some(limit), Some(clock)) => {
                let now = clock.now();
                late = until.is_some_and(|u| u <= now);
                let end = now.saturating_add(limit);
                Some(Timed {
                    start: now,
                    end: until.map_or(end, |u| u.min(end)),
                    clock: Arc::clone(clock),
                    limit,
                })
            }
            _ => None,
        };
        // A deadline already passed is seen at the first tick.
        let ticks = if late { Self::EVERY - 1 } else { 0 };
        Deadline { timed, ticks, late }
    }

    /// A deadline that never passes.
    pub fn never() -> Deadline {
        Deadline {
            timed: None,
            ticks: 0,
            late: false,
        }
    }

    /// Whether the shared end (`until` of [`Deadline::start_until`]) had
    /// already passed when this deadline started: a caller counting its
    /// own units of work between readings looks at the clock at once.
    pub fn started_late(&self) -> bool {
        self.late
    }

    /// The limit this deadline enforces, if any.
    pub fn limit(&self) -> Option<Duration> {
        self.timed.as_ref().map(|t| t.limit)
    }

    /// Counts one unit of work; every [`Deadline::EVERY`] calls, reads the
    /// clock and returns `Err(limit)` if the deadline has passed.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Duration> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(Self::EVERY) {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Reads the clock now (if there is a limit) and returns `Err(limit)`
    /// if the deadline has passed. For callers whose units of work are
    /// already coarse (a block of thousands of heaps).
    pub fn check(&self) -> Result<(), Duration> {
        match &self.timed {
            Some(t) if t.clock.now() > t.end => Err(t.limit),
            _ => Ok(()),
        }
    }

    /// The clock's reading when this deadline started; `None` without a
    /// limit (the clock was not read).
    pub fn started_at(&self) -> Option<Duration> {
        self.timed.as_ref().map(|t| t.start)
    }

    /// [`Deadline::check`], also giving the reading it made: `Ok(None)`
    /// without a limit (no reading), `Ok(Some(now))` before the deadline,
    /// `Err(limit)` after it. For a caller that times its own steps with
    /// the readings it makes anyway.
    pub fn check_reading(&self) -> Result<Option<Duration>, Duration> {
        match &self.timed {
            Some(t) => {
                let now = t.clock.now();
                if now > t.end {
                    Err(t.limit)
                } else {
                    Ok(Some(now))
                }
            }
            None => Ok(None),
        }
    }

    /// Whether the deadline will have passed at the clock reading `at`
    /// (never without a limit): for a caller that knows how long the rest
    /// of its work takes, and stops now rather than overrun.
    pub fn passed_at(&self, at: Duration) -> bool {
        self.timed.as_ref().is_some_and(|t| at > t.end)
    }

    /// Whether the deadline has passed, reading the clock now (if there is
    /// a limit).
    pub fn passed(&self) -> bool {
        self.check().is_err()
    }
}

/// The deadline of the answer being worked out on this thread, if any:
/// set by [`within_answer`] around one answer, read by
/// [`answer_time_passed`].
///
/// It reaches what receives no limits of its own: a family's value table
/// built on demand behind [`crate::Impartial::closed_form`] (Wythoff's
/// queen table), which the trait gives no deadline. Such a build asks
/// [`answer_time_passed`] every few thousand steps and gives up when it
/// says yes, so the search that called it reports the time limit instead
/// of the answer waiting for the build.
mod answer {
    use super::Deadline;
    use std::cell::RefCell;

    thread_local! {
        pub(super) static DEADLINE: RefCell<Option<Deadline>> = const { RefCell::new(None) };
    }
}

/// The deadline of the answer this thread is working out (set by
/// [`crate::Limits::within_answer`]), for a computation that takes its limits as a time
/// limit, a clock and an end reading (the sequence engine's control):
/// `(limit, clock, end)`, or `None` outside an answer or without a time
/// limit.
pub fn answer_limit() -> Option<(Duration, SharedClock, Duration)> {
    answer::DEADLINE.with(|d| {
        let d = d.borrow();
        let t = d.as_ref()?.timed.as_ref()?;
        Some((t.limit, Arc::clone(&t.clock), t.end))
    })
}

/// The end of the answer this thread is working out, read on `clock`
/// (the same reading when it is the answer's clock; else the time left
/// carried over, as clocks may have other origins); `None` outside an
/// answer or without a time limit. [`answer_limit`] without cloning the
/// clock, for the limits read at every search's start.
pub(crate) fn answer_end_on(clock: &SharedClock) -> Option<Duration> {
    answer::DEADLINE.with(|d| {
        let d = d.borrow();
        let t = d.as_ref()?.timed.as_ref()?;
        Some(if Arc::ptr_eq(&t.clock, clock) {
            t.end
        } else {
            let left = t.end.saturating_sub(t.clock.now());
            clock.now().saturating_add(left)
        })
    })
}

/// Runs `f` with `deadline` as this thread's answer deadline (see
/// [`answer_time_passed`]), restoring the one before afterwards, also when
/// `f` panics. Every [`crate::Limits::deadline`] and
/// [`crate::Limits::sharing_time`] made inside ends by it. For a front end
/// holding a deadline and no limits (a match's request, timed by its
/// family's [`crate::Limits::deadline`]); with limits at hand,
/// [`crate::Limits::within_answer`] sets the memory budget too.
pub fn within_answer<R>(deadline: Deadline, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Deadline>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            answer::DEADLINE.with(|d| *d.borrow_mut() = before);
        }
    }
    let before = answer::DEADLINE.with(|d| d.borrow_mut().replace(deadline));
    let _restore = Restore(before);
    f()
}

/// Whether the deadline of the answer this thread is working out (set by
/// [`crate::Limits::within_answer`]) has passed, reading the clock now. `false` outside
/// an answer, and when the answer has no time limit or no clock.
pub fn answer_time_passed() -> bool {
    answer::DEADLINE.with(|d| d.borrow().as_ref().is_some_and(Deadline::passed))
}

/// The time limit of the answer this thread is working out when its
/// deadline has passed (the clock read now), else `None`: one look at the
/// answer's scope for a check made once an answer.
pub fn answer_limit_passed() -> Option<Duration> {
    answer::DEADLINE.with(|d| {
        let d = d.borrow();
        let d = d.as_ref()?;
        let limit = d.timed.as_ref()?.limit;
        d.passed().then_some(limit)
    })
}

/// For a family listing moves by the million ([`crate::TextGame::moves`]
/// of a heap of 3,000,000 builds millions of labelled moves, a second or
/// more): `Err` ([`crate::RulesError::time_passed`]) once the answer's
/// time limit has passed, the clock read when `made`, the moves made so
/// far, is a nonzero multiple of 4,096 (a short list is never stopped;
/// 65,536 labelled moves took 60 ms, a fifth of `play kayles 3000000
/// --time-limit 0.3`).
/// Outside an answer, or without a time limit, always `Ok`. The error
/// becomes the search's time-limit error through `SearchError::from`.
pub fn moves_in_time(made: usize) -> Result<(), crate::RulesError> {
    if made == 0 || !made.is_multiple_of(1 << 12) || !answer_time_passed() {
        return Ok(());
    }
    let limit = answer_limit().map_or(Duration::ZERO, |(limit, _, _)| limit);
    Err(crate::RulesError::time_passed(limit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A clock that moves only when told, and counts its readings.
    #[derive(Debug, Default)]
    struct ManualClock {
        nanos: AtomicU64,
        reads: AtomicU64,
    }

    impl ManualClock {
        fn advance(&self, d: Duration) {
            self.nanos.fetch_add(d.as_nanos() as u64, Ordering::SeqCst);
        }
        fn reads(&self) -> u64 {
            self.reads.load(Ordering::SeqCst)
        }
    }

    impl Clock for ManualClock {
        fn now(&self) -> Duration {
            self.reads.fetch_add(1, Ordering::SeqCst);
            Duration::from_nanos(self.nanos.load(Ordering::SeqCst))
        }
    }

    fn manual() -> (Arc<ManualClock>, SharedClock) {
        let clock = Arc::new(ManualClock::default());
        let shared: SharedClock = clock.clone();
        (clock, shared)
    }

    #[test]
    fn moves_stop_once_the_answers_time_passed_read_every_4096() {
        let (clock, shared) = manual();
        // Outside an answer: never stopped.
        assert!(moves_in_time(0).is_ok());
        let d = Deadline::start(Some(Duration::from_millis(5)), Some(&shared));
        within_answer(d, || {
            assert!(moves_in_time(0).is_ok());
            clock.advance(Duration::from_millis(6));
            // A list just begun is not stopped.
            assert!(moves_in_time(0).is_ok());
            // Read only at multiples of 4,096 moves made.
            assert!(moves_in_time(4_095).is_ok());
            let e = moves_in_time(4_096).unwrap_err();
            assert!(e.0.contains("time limit (5ms)"), "{e}");
            // Reported as the time limit it is.
            assert_eq!(
                crate::SearchError::from(e),
                crate::SearchError::TimeLimit(Duration::from_millis(5))
            );
        });
        // A rules error stays one, even after the deadline.
        let d = Deadline::start(Some(Duration::from_millis(5)), Some(&shared));
        within_answer(d, || {
            clock.advance(Duration::from_millis(6));
            let e = crate::RulesError::new("a script threw");
            assert_eq!(
                crate::SearchError::from(e.clone()),
                crate::SearchError::Rules(e)
            );
        });
    }

    #[test]
    fn the_answer_deadline_holds_inside_within_answer_only() {
        let (clock, shared) = manual();
        assert!(!answer_time_passed());
        let d = Deadline::start(Some(Duration::from_millis(5)), Some(&shared));
        within_answer(d, || {
            assert!(!answer_time_passed());
            clock.advance(Duration::from_millis(6));
            assert!(answer_time_passed());
            // A nested answer without a limit hides the outer one, and the
            // outer one is back after it.
            within_answer(Deadline::never(), || assert!(!answer_time_passed()));
            assert!(answer_time_passed());
        });
        assert!(!answer_time_passed());
        // Restored after a panic too.
        let d = Deadline::start(Some(Duration::ZERO), Some(&shared));
        clock.advance(Duration::from_millis(1));
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            within_answer(d, || panic!("inside"))
        }));
        assert!(caught.is_err());
        assert!(!answer_time_passed());
    }

    #[test]
    fn no_limit_means_no_time_call() {
        let (clock, shared) = manual();
        let mut d = Deadline::start(None, Some(&shared));
        clock.advance(Duration::from_secs(1_000_000));
        for _ in 0..3 * Deadline::EVERY {
            assert_eq!(d.tick(), Ok(()));
        }
        assert!(!d.passed());
        assert_eq!(d.limit(), None);
        assert_eq!(clock.reads(), 0);
    }

    #[test]
    fn no_clock_never_passes() {
        let mut d = Deadline::start(Some(Duration::ZERO), None);
        for _ in 0..2 * Deadline::EVERY {
            assert_eq!(d.tick(), Ok(()));
        }
        assert!(!d.passed());
        assert!(!Deadline::never().passed());
    }

    #[test]
    fn tick_reads_the_clock_once_every_so_often() {
        let (clock, shared) = manual();
        let limit = Duration::from_millis(10);
        let mut d = Deadline::start(Some(limit), Some(&shared));
        assert_eq!(clock.reads(), 1);
        assert_eq!(d.limit(), Some(limit));
        clock.advance(Duration::from_millis(11));
        // The limit has passed, but ticks only notice at the next look.
        for _ in 1..Deadline::EVERY {
            assert_eq!(d.tick(), Ok(()));
        }
        assert_eq!(clock.reads(), 1);
        assert_eq!(d.tick(), Err(limit));
        assert_eq!(clock.reads(), 2);
    }

    #[test]
    fn check_reads_at_once_and_passes_only_after_the_limit() {
        let (clock, shared) = manual();
        let limit = Duration::from_secs(2);
        let d = Deadline::start(Some(limit), Some(&shared));
        clock.advance(Duration::from_secs(2));
        assert_eq!(d.check(), Ok(()), "exactly at the limit is still in time");
        clock.advance(Duration::from_nanos(1));
        assert_eq!(d.check(), Err(limit));
        assert!(d.passed());
    }

    #[test]
    fn a_huge_limit_does_not_overflow() {
        let (_, shared) = manual();
        let d = Deadline::start(Some(Duration::MAX), Some(&shared));
        assert!(!d.passed());
    }

    #[cfg(feature = "std-clock")]
    #[test]
    fn std_clock_is_monotonic() {
        let c = StdClock::new();
        let a = c.now();
        let b = c.now();
        assert!(b >= a);
        assert!(default_clock().is_some());
    }
}
