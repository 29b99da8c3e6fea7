//! Limits every search obeys.

use crate::SearchError;
use std::time::{Duration, Instant};

/// Bounds on a search. A search that would exceed one stops with a
/// [`SearchError`] naming the limit; it never runs away.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most positions a memo table may hold.
    pub max_states: u64,
    /// Wall-clock budget of one call, if any.
    pub max_time: Option<Duration>,
}

impl Default for Limits {
    /// Ten million states and one minute: enough for every documented
    /// example, small enough to fail fast on a 24 GiB machine.
    fn default() -> Self {
        Limits {
            max_states: 10_000_000,
            max_time: Some(Duration::from_secs(60)),
        }
    }
}

/// A running budget derived from [`Limits`] at the start of a call.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    max_states: u64,
    deadline: Option<(Instant, Duration)>,
    ticks: u32,
    work: u64,
}

/// Units of [`Budget::spend`] work between two readings of the clock:
/// about a millisecond of simple steps.
const CLOCK_EVERY: u64 = 1 << 20;

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        Budget {
            max_states: limits.max_states,
            deadline: limits.max_time.map(|d| (Instant::now() + d, d)),
            ticks: 0,
            work: 0,
        }
    }

    /// Checks the state count and, every few thousand calls, the clock.
    pub(crate) fn check(&mut self, states: usize) -> Result<(), SearchError> {
        if states as u64 >= self.max_states {
            return Err(SearchError::StateLimit(self.max_states));
        }
        self.tick()
    }

    /// Checks only the clock, every few thousand calls: for searches whose
    /// state count was admitted in advance.
    pub(crate) fn tick(&mut self) -> Result<(), SearchError> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(4096) {
            self.check_clock()?;
        }
        Ok(())
    }

    /// Counts `units` of work (moves followed, say) and checks the clock
    /// after every [`CLOCK_EVERY`] of them: for loops whose steps vary
    /// widely in cost, where counting calls would read the clock too
    /// seldom.
    pub(crate) fn spend(&mut self, units: u64) -> Result<(), SearchError> {
        self.work += units;
        if self.work >= CLOCK_EVERY {
            self.work = 0;
            self.check_clock()?;
        }
        Ok(())
    }

    /// Checks the clock now.
    fn check_clock(&self) -> Result<(), SearchError> {
        if let Some((deadline, d)) = self.deadline {
            if Instant::now() > deadline {
                return Err(SearchError::TimeLimit(d));
            }
        }
        Ok(())
    }

    /// Refuses a search whose size is known in advance to be too large.
    pub(crate) fn admit(&self, estimate: u128) -> Result<(), SearchError> {
        if estimate > self.max_states as u128 {
            return Err(SearchError::TooLarge {
                estimate,
                limit: self.max_states,
            });
        }
        Ok(())
    }
}
