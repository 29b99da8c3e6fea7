//! [`crate::Method::Auto`] on several threads: which way computes the
//! next stretch of heaps, the blocks on every thread
//! ([`crate::parallel`]) or the rare/common pass on this thread alone,
//! chosen by their measured time a heap.
//!
//! The blocks win where phase one, the part done in parallel, is most of
//! the work (Officers, 0.6: phase two is about a tenth). Where phase two
//! is most of it they lose to one thread: 0.1777, whose 4.432·10^8 heaps
//! prove its period, took 181 s of wall time in blocks on two threads
//! and 102 s on one. No rule read off a code tells the two apart, so
//! both are timed: the blocks first, then one thread, then the faster
//! (kept until the other is faster by a margin), with the other timed
//! again every [`RETRY`] stretches (the costs a heap drift as the heaps
//! grow, and other work may share the cores).
//! Both ways give the same values.

use grundy_engine::clock::SharedClock;
use std::time::Duration;

/// Stretches run the faster way between two timings of the other: a
/// timing of the slower way costs at most about one stretch in this
/// many.
pub(crate) const RETRY: u32 = 64;

/// Fewest heaps a stretch must have for its time to count: shorter ones
/// (cut at a period check) say more about the clock than the way.
const FEWEST_TIMED: usize = 256;

/// A way is left for the other only when the other is faster by more
/// than this share: the times of stretches of a few milliseconds jump
/// (a core taken for a moment), and Officers' blocks, only 1.5 times as
/// fast as one thread, lost 6% to 8% of their speed to one thread chosen
/// in 5.6% of the stretches at no margin and half weight.
const MARGIN: f64 = 0.9;

/// Which way runs the next stretch, from the times of the last ones.
#[derive(Debug)]
pub(crate) struct Chooser {
    clock: SharedClock,
    /// Seconds a heap, smoothed: of the blocks (`[0]`) and of one thread
    /// (`[1]`). The way in use gets a quarter of each new timing's
    /// weight, the other (timed seldom) half.
    cost: [Option<f64>; 2],
    /// The way in use: one thread alone, or the blocks.
    alone: bool,
    /// Stretches since the other way was last timed.
    since: u32,
    /// Stretches run each way (the tests read it).
    pub(crate) runs: [u32; 2],
}

impl Chooser {
    /// A chooser timing on `clock`.
    pub(crate) fn new(clock: SharedClock) -> Chooser {
        Chooser {
            clock,
            cost: [None; 2],
            alone: false,
            since: 0,
            runs: [0; 2],
        }
    }

    /// Whether the next stretch runs on this thread alone (else in
    /// blocks on every thread).
    fn next_alone(&mut self) -> bool {
        match self.cost {
            [None, _] => false,
            [Some(_), None] => true,
            [Some(blocks), Some(alone)] => {
                let (mine, other) = match self.alone {
                    true => (alone, blocks),
                    false => (blocks, alone),
                };
                if other < mine * MARGIN {
                    self.alone = !self.alone;
                    self.since = 0;
                }
                self.since += 1;
                if self.since > RETRY {
                    self.since = 0;
                    !self.alone
                } else {
                    self.alone
                }
            }
        }
    }

    /// Notes that a stretch of `heaps` heaps took `took` one way.
    fn record(&mut self, alone: bool, heaps: usize, took: Duration) {
        self.runs[usize::from(alone)] += 1;
        if heaps < FEWEST_TIMED {
            return;
        }
        let now = took.as_secs_f64() / heaps as f64;
        let weight = if alone == self.alone { 0.25 } else { 0.5 };
        let cost = &mut self.cost[usize::from(alone)];
        *cost = Some(cost.map_or(now, |before| before + (now - before) * weight));
    }

    /// Runs one stretch, `heaps` heaps long, the way chosen: `work(true)`
    /// on this thread alone, `work(false)` in blocks, and times it.
    pub(crate) fn run<E>(
        &mut self,
        heaps: usize,
        work: impl FnOnce(bool) -> Result<(), E>,
    ) -> Result<(), E> {
        let alone = self.next_alone();
        let start = self.clock.now();
        work(alone)?;
        let took = self.clock.now().saturating_sub(start);
        self.record(alone, heaps, took);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::clock::Clock;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// A clock moved by hand.
    #[derive(Debug, Default)]
    struct HandClock(AtomicU64);

    impl Clock for HandClock {
        fn now(&self) -> Duration {
            Duration::from_nanos(self.0.load(Ordering::SeqCst))
        }
    }

    /// Stretches of 4,096 heaps where one way costs `alone` ns a heap and
    /// the blocks `blocks`: the ways run, in order.
    fn ways(alone: u64, blocks: u64, stretches: usize) -> Vec<bool> {
        let clock = Arc::new(HandClock::default());
        let mut c = Chooser::new(clock.clone());
        let mut ran = Vec::new();
        for _ in 0..stretches {
            c.run::<()>(4096, |a| {
                let ns = if a { alone } else { blocks };
                clock.0.fetch_add(ns * 4096, Ordering::SeqCst);
                ran.push(a);
                Ok(())
            })
            .unwrap();
        }
        assert_eq!(c.runs[1] as usize, ran.iter().filter(|&&a| a).count());
        ran
    }

    /// Both ways are timed first; then the faster runs, the slower once
    /// every RETRY + 1 stretches; a change of costs is followed.
    #[test]
    fn the_faster_way_runs_and_the_slower_is_timed_again() {
        let r = ways(100, 180, 200);
        assert_eq!(&r[..2], &[false, true]);
        let slower = r[2..].iter().filter(|&&a| !a).count();
        assert_eq!(slower, 198 / (RETRY as usize + 1));
        let r = ways(180, 100, 200);
        assert_eq!(&r[..2], &[false, true]);
        let alone = r[2..].iter().filter(|&&a| a).count();
        assert_eq!(alone, 198 / (RETRY as usize + 1));
        // Costs that change side: one thread is faster until the heaps
        // it alone sees cost more (a clock that charges by the stretch).
        let clock = Arc::new(HandClock::default());
        let mut c = Chooser::new(clock.clone());
        let mut last = Vec::new();
        for s in 0..400 {
            c.run::<()>(4096, |a| {
                let ns = match (a, s < 150) {
                    (true, true) => 100,
                    (true, false) => 300,
                    (false, _) => 200,
                };
                clock.0.fetch_add(ns * 4096, Ordering::SeqCst);
                last.push(a);
                Ok(())
            })
            .unwrap();
        }
        assert!(last[100..150].iter().filter(|&&a| a).count() >= 45);
        assert!(last[300..].iter().filter(|&&a| !a).count() >= 95);
    }

    /// A short stretch (cut at a period check) is run but not timed.
    #[test]
    fn a_short_stretch_is_not_timed() {
        let clock = Arc::new(HandClock::default());
        let mut c = Chooser::new(clock.clone());
        c.run::<()>(FEWEST_TIMED - 1, |_| Ok(())).unwrap();
        assert_eq!(c.cost, [None, None]);
        assert_eq!(c.runs, [1, 0]);
    }
}
