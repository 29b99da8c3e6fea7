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
}

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        Budget {
            max_states: limits.max_states,
            deadline: limits.max_time.map(|d| (Instant::now() + d, d)),
            ticks: 0,
        }
    }

    /// Checks the state count and, every few thousand calls, the clock.
    pub(crate) fn check(&mut self, states: usize) -> Result<(), SearchError> {
        if states as u64 >= self.max_states {
            return Err(SearchError::StateLimit(self.max_states));
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(4096) {
            if let Some((deadline, d)) = self.deadline {
                if Instant::now() > deadline {
                    return Err(SearchError::TimeLimit(d));
                }
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
