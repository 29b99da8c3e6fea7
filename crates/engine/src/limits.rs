//! Limits every search obeys.

use crate::clock::{default_clock, Deadline, SharedClock};
use crate::memory;
use crate::SearchError;
use std::time::Duration;

/// Bounds on a search. A search that would exceed one stops with a
/// [`SearchError`] naming the limit; it never runs away.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most positions a memo table may hold.
    pub max_states: u64,
    /// Most bytes the process may hold while searching: checked against
    /// [`crate::memory::allocated`] where states are counted, and by every
    /// store before it grows ([`crate::memory::Reserve`]). By default
    /// [`crate::memory::default_max_memory`].
    pub max_memory: u64,
    /// Wall-clock budget of one call, if any. Measured on `clock`; not
    /// applied when there is no clock.
    pub max_time: Option<Duration>,
    /// A reading of `clock` past which no call runs, whatever time
    /// `max_time` leaves it: set by [`Limits::sharing_time`] so that the
    /// several searches behind one answer share one `max_time`. Not
    /// applied without `max_time` and a clock.
    pub until: Option<Duration>,
    /// The clock `max_time` is measured on: by default
    /// `StdClock` with feature `std-clock`, else none. It
    /// is read only when `max_time` is set.
    pub clock: Option<SharedClock>,
}

impl Default for Limits {
    /// Ten million states, half of the process's memory
    /// ([`crate::memory::default_max_memory`]) and one minute (when there
    /// is a clock): enough for every documented example, small enough to
    /// fail fast and leave the machine usable.
    fn default() -> Self {
        let clock = default_clock();
        Limits {
            max_states: 10_000_000,
            max_memory: crate::memory::default_max_memory(),
            max_time: clock.as_ref().map(|_| Duration::from_secs(60)),
            until: None,
            clock,
        }
    }
}

impl Limits {
    /// The deadline of a call starting now under these limits: `max_time`
    /// from now, or `until` if sooner, or the end of the answer this
    /// thread is working out ([`Limits::within_answer`]) if sooner still.
    pub fn deadline(&self) -> Deadline {
        Deadline::start_until(self.max_time, self.clock.as_ref(), self.until_in_answer())
    }

    /// These limits with `until` set to `max_time` from now (or kept, if
    /// already sooner, or the end of the answer this thread is working
    /// out, if sooner still): every call made under the result ends by the
    /// time the first of them would have, so a sequence of searches
    /// answering one question takes `max_time` in all, not each; and a
    /// question asked inside an answer (a front end's request: a Python
    /// call, a turn of `play`) ends with it. Unchanged without `max_time`
    /// or a clock.
    pub fn sharing_time(&self) -> Limits {
        let end = match (self.max_time, &self.clock) {
            (Some(t), Some(clock)) => Some(clock.now().saturating_add(t)),
            _ => None,
        };
        let shared = self.ending_by(end);
        let until = shared.until_in_answer();
        Limits { until, ..shared }
    }

    /// `until`, or the end of the answer this thread is working out read
    /// on this limit's clock, whichever is sooner: one time limit per
    /// request, end to end, whatever the searches inside it were given.
    /// Only with `max_time` and a clock (a search without a time limit of
    /// its own stays without one).
    fn until_in_answer(&self) -> Option<Duration> {
        let (Some(_), Some(clock)) = (self.max_time, &self.clock) else {
            return self.until;
        };
        let Some(end) = crate::clock::answer_end_on(clock) else {
            return self.until;
        };
        Some(self.until.map_or(end, |u| u.min(end)))
    }

    /// Runs `f` as one answer under these limits: this thread's answer
    /// deadline is [`Limits::deadline`] (read by
    /// [`crate::clock::answer_time_passed`]) and its answer memory budget
    /// `max_memory` (read by [`crate::memory::answer_max_memory`]), both
    /// restored afterwards, also when `f` panics. Code without the limits
    /// at hand (a value table grown on demand, a family's theory listing
    /// moves) reads them there. The one way into an answer's scope.
    pub fn within_answer<R>(&self, f: impl FnOnce() -> R) -> R {
        memory::within_answer_memory(self.max_memory, || {
            crate::clock::within_answer(self.deadline(), f)
        })
    }

    /// These limits ending by the clock reading `end` at the latest (the
    /// sooner of `end` and `until`); unchanged when `end` is `None`.
    pub fn ending_by(&self, end: Option<Duration>) -> Limits {
        let until = match (self.until, end) {
            (Some(u), Some(e)) => Some(u.min(e)),
            (u, e) => u.or(e),
        };
        Limits {
            until,
            ..self.clone()
        }
    }
}

/// A running budget derived from [`Limits`] at the start of a call: the
/// one memory, state and time budget of every search (the solvers, the
/// explored graphs, the misère quotient's growth), read where the search
/// counts its work.
#[derive(Clone, Debug)]
pub struct Budget {
    max_states: u64,
    max_memory: u64,
    deadline: Deadline,
    work: u64,
    /// The stop flag of the watch this budget started under
    /// ([`crate::interrupt::current`]).
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// A second flag that stops this budget's search alone
    /// ([`Budget::cancelled_by`]).
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// Units of [`Budget::spend`] work between two readings of the clock:
/// about a millisecond of simple steps.
const CLOCK_EVERY: u64 = 1 << 20;

impl Budget {
    /// Starts the budget; reads the clock only if there is a time limit
    /// ([`Limits::deadline`]: it ends with the answer this thread works
    /// out, if sooner).
    pub fn start(limits: &Limits) -> Budget {
        let deadline = limits.deadline();
        Budget {
            max_states: limits.max_states,
            max_memory: limits.max_memory,
            // A shared deadline already passed is seen at the first spend.
            work: if deadline.started_late() {
                CLOCK_EVERY
            } else {
                0
            },
            deadline,
            stop: crate::interrupt::flag(),
            cancel: None,
        }
    }

    /// A copy of this budget (the same limits and stop flag) that also
    /// stops, with [`SearchError::Interrupted`] at its next check, once
    /// `flag` is set: for a search run beside another whose result may
    /// make it unwanted (a quotient's guesses beside its learner). Tell
    /// the two stops apart with [`Budget::cancelled`].
    pub fn cancelled_by(&self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Budget {
        Budget {
            cancel: Some(flag),
            ..self.clone()
        }
    }

    /// Whether this budget's own cancel flag ([`Budget::cancelled_by`]) is
    /// set and no stop was asked of the whole computation: an
    /// [`SearchError::Interrupted`] it gave is then that cancel's.
    pub fn cancelled(&self) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        !self.stop.load(Relaxed) && self.cancel.as_ref().is_some_and(|c| c.load(Relaxed))
    }

    /// Checks the state count (noted as the positions this thread holds,
    /// [`memory::positions_held`]), the memory held and, every few
    /// thousand calls, the clock.
    #[inline]
    pub fn check(&mut self, states: usize) -> Result<(), SearchError> {
        memory::note_positions(states as u64);
        self.check_count(states)
    }

    /// [`Budget::check`] for a count of things that are not positions
    /// (the pairs of a quotient's round): the count against the state
    /// limit, the memory held and, every few thousand calls, the clock.
    #[inline]
    pub fn check_count(&mut self, count: usize) -> Result<(), SearchError> {
        if count as u64 >= self.max_states {
            return Err(SearchError::StateLimit(self.max_states));
        }
        self.tick()
    }

    /// Checks the memory held and, every few thousand calls, the clock:
    /// for searches whose state count was admitted in advance.
    #[inline]
    pub fn tick(&mut self) -> Result<(), SearchError> {
        self.check_memory()?;
        self.deadline.tick().map_err(SearchError::TimeLimit)
    }

    /// Refuses when the bytes allocated exceed the budget, or a stop was
    /// asked for, of the computation or of this budget's search alone
    /// ([`Budget::cancelled_by`]): [`SearchError::Interrupted`].
    #[inline]
    pub fn check_memory(&self) -> Result<(), SearchError> {
        use std::sync::atomic::Ordering::Relaxed;
        if self.stop.load(Relaxed) || self.cancel.as_ref().is_some_and(|c| c.load(Relaxed)) {
            return Err(crate::interrupt::interrupted());
        }
        memory::admit(0, self.max_memory)
    }

    /// The memory budget, for stores growing through
    /// [`memory::Reserve`].
    #[inline]
    pub fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// The state limit: the most states (or pairs) a search may hold.
    #[inline]
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// Counts `units` of work (moves followed, say) and checks the clock
    /// after every [`CLOCK_EVERY`] of them: for loops whose steps vary
    /// widely in cost, where counting calls would read the clock too
    /// seldom.
    pub fn spend(&mut self, units: u64) -> Result<(), SearchError> {
        self.work += units;
        self.check_memory()?;
        if self.work >= CLOCK_EVERY {
            self.work = 0;
            self.deadline.check().map_err(SearchError::TimeLimit)?;
        }
        Ok(())
    }

    /// Reads the clock now: for computations that stop at points all
    /// their parts agree on (a level of a search across ranks).
    pub fn check_clock(&mut self) -> Result<(), SearchError> {
        self.deadline.check().map_err(SearchError::TimeLimit)
    }

    /// The memory held and the clock, read now: for steps too coarse to
    /// wait for the next few thousand ticks (a heap of a quotient, whose
    /// options alone may be tens of thousands).
    pub fn check_now(&mut self) -> Result<(), SearchError> {
        self.check_memory()?;
        self.check_clock()
    }

    /// Refuses a search whose size is known in advance to be too large.
    pub fn admit(&self, estimate: u128) -> Result<(), SearchError> {
        if estimate > self.max_states as u128 {
            return Err(SearchError::TooLarge {
                estimate,
                limit: self.max_states,
            });
        }
        // Admitted: the search holds them all, as far as memory goes.
        memory::note_positions(estimate as u64);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::interrupt;
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    /// A clock stuck far past any deadline started at zero.
    #[derive(Debug)]
    struct Late(std::sync::atomic::AtomicBool);

    impl Clock for Late {
        fn now(&self) -> Duration {
            // The first reading (the start) is zero, every later one is late.
            if self.0.swap(true, std::sync::atomic::Ordering::SeqCst) {
                Duration::from_secs(3600)
            } else {
                Duration::ZERO
            }
        }
    }

    fn limits(max_time: Option<Duration>) -> Limits {
        Limits {
            max_states: 1000,
            max_memory: u64::MAX,
            max_time,
            until: None,
            clock: Some(Arc::new(Late(Default::default()))),
        }
    }

    /// A clock the test sets, in milliseconds.
    #[derive(Debug, Default)]
    struct Manual(std::sync::atomic::AtomicU64);

    impl Clock for Manual {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.load(std::sync::atomic::Ordering::SeqCst))
        }
    }

    /// A search started inside an answer (a front end's request) ends with
    /// the answer, whatever its own limit and clock: one time limit per
    /// request, end to end (issue 35, item 8). Its error still names its
    /// own limit; outside the answer it has its own time.
    #[test]
    fn a_search_inside_an_answer_ends_with_the_answer() {
        use std::sync::atomic::Ordering::SeqCst;
        let (a, b) = (Arc::new(Manual::default()), Arc::new(Manual::default()));
        // Another origin.
        b.0.store(500_000, SeqCst);
        let request = Limits {
            max_time: Some(Duration::from_secs(1)),
            clock: Some(a.clone()),
            ..limits(None)
        };
        let search = Limits {
            max_time: Some(Duration::from_secs(60)),
            clock: Some(b.clone()),
            ..limits(None)
        };
        let advance = |ms: u64| {
            a.0.fetch_add(ms, SeqCst);
            b.0.fetch_add(ms, SeqCst);
        };
        request.sharing_time().within_answer(|| {
            advance(300);
            let own = search.deadline();
            let shared = search.sharing_time().deadline();
            advance(600);
            assert!(!own.passed() && !shared.passed());
            advance(200);
            assert!(own.passed() && shared.passed());
            assert_eq!(own.check(), Err(Duration::from_secs(60)));
        });
        assert!(!search.deadline().passed());
        // A search without a time limit of its own stays without one.
        let untimed = Limits {
            max_time: None,
            ..search.clone()
        };
        request.sharing_time().within_answer(|| {
            advance(5_000);
            assert!(!untimed.deadline().passed());
        });
    }

    #[test]
    fn time_limit_is_reported_after_a_few_thousand_checks() {
        let limit = Duration::from_secs(1);
        let mut b = Budget::start(&limits(Some(limit)));
        for _ in 1..Deadline::EVERY {
            assert!(b.check(0).is_ok());
        }
        assert!(matches!(b.check(0), Err(SearchError::TimeLimit(d)) if d == limit));
    }

    #[test]
    fn without_time_limit_only_states_count() {
        let mut b = Budget::start(&limits(None));
        for _ in 0..3 * Deadline::EVERY {
            assert!(b.check(999).is_ok());
        }
        assert!(matches!(b.check(1000), Err(SearchError::StateLimit(1000))));
        assert!(matches!(
            b.admit(1001),
            Err(SearchError::TooLarge {
                estimate: 1001,
                limit: 1000
            })
        ));
    }

    /// A clock at a fixed reading.
    #[derive(Debug)]
    struct At(Duration);

    impl Clock for At {
        fn now(&self) -> Duration {
            self.0
        }
    }

    fn at(secs: u64, max_time: Option<Duration>) -> Limits {
        Limits {
            clock: Some(Arc::new(At(Duration::from_secs(secs)))),
            ..limits(max_time)
        }
    }

    #[test]
    fn shared_time_ends_at_the_first_deadline_and_is_seen_at_once() {
        let ten = Some(Duration::from_secs(10));
        // Shared at 100 s: until 110 s; kept when shared again later.
        let shared = at(100, ten).sharing_time();
        assert_eq!(shared.until, Some(Duration::from_secs(110)));
        let later = Limits {
            clock: Some(Arc::new(At(Duration::from_secs(105)))),
            ..shared.clone()
        };
        assert_eq!(later.sharing_time().until, Some(Duration::from_secs(110)));
        // A call starting at 105 s: not late, its ticks wait their turn.
        let mut b = Budget::start(&later);
        assert!(b.spend(1).is_ok() && b.tick().is_ok());
        // A call starting at 111 s: late, the first spend (or tick) says so
        // and names the limit the user gave.
        let late = Limits {
            clock: Some(Arc::new(At(Duration::from_secs(111)))),
            ..shared
        };
        assert!(
            matches!(Budget::start(&late).spend(1), Err(SearchError::TimeLimit(d)) if Some(d) == ten)
        );
        assert!(
            matches!(Budget::start(&late).tick(), Err(SearchError::TimeLimit(d)) if Some(d) == ten)
        );
        // Without a time limit nothing is shared.
        assert_eq!(at(100, None).sharing_time().until, None);
    }

    #[test]
    fn default_limits_have_a_minute_exactly_when_there_is_a_clock() {
        let d = Limits::default();
        assert_eq!(d.max_states, 10_000_000);
        assert_eq!(
            d.max_time,
            d.clock.as_ref().map(|_| Duration::from_secs(60))
        );
        assert_eq!(d.clock.is_some(), cfg!(feature = "std-clock"));
    }

    /// A budget stops with the interrupt once it is raised, and goes on
    /// once it is cleared.
    #[test]
    fn a_raised_stop_ends_every_budget_until_cleared() {
        let watch = interrupt::Watch::new();
        interrupt::within(Arc::clone(&watch), || {
            let mut b = Budget::start(&Limits::default());
            assert_eq!(b.tick(), Ok(()));
            watch.raise();
            assert!(interrupt::flag().load(Ordering::SeqCst) && interrupt::raised());
            assert_eq!(b.tick(), Err(interrupt::interrupted()));
            assert_eq!(b.spend(1), Err(interrupt::interrupted()));
            assert_eq!(b.check_now(), Err(interrupt::interrupted()));
            watch.clear();
            assert_eq!(b.tick(), Ok(()));
            interrupt::set_progress(3, 7);
        });
        assert_eq!(watch.progress(), (3, 7));
        // Outside, the process's watch: not raised by the call's.
        watch.raise();
        assert!(!interrupt::raised());
    }

    /// A budget cancelled by its own flag stops its search alone, and
    /// says so ([`Budget::cancelled`]); a stop of the whole computation
    /// is never taken for a cancel.
    #[test]
    fn a_cancel_stops_one_budget_and_is_told_from_a_stop() {
        let watch = interrupt::Watch::new();
        interrupt::within(Arc::clone(&watch), || {
            let b = Budget::start(&Limits::default());
            let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let mut c = b.cancelled_by(Arc::clone(&flag));
            assert_eq!(c.check_now(), Ok(()));
            assert!(!c.cancelled());
            flag.store(true, Ordering::SeqCst);
            assert_eq!(c.tick(), Err(interrupt::interrupted()));
            assert_eq!(c.spend(1), Err(interrupt::interrupted()));
            assert!(c.cancelled());
            // The budget it was copied from goes on.
            assert_eq!(b.check_memory(), Ok(()));
            watch.raise();
            assert_eq!(b.check_memory(), Err(interrupt::interrupted()));
            assert!(!c.cancelled(), "a raised stop is not a cancel");
            watch.clear();
        });
    }
}
