//! [`Sequence`]: the values of a rule computed so far, extended on demand.

use crate::kernel::Kernel;
use crate::period::{find_observed, find_proven, Period};
use crate::progress::Progress;
use crate::{memory, Control, HeapRule, Method, SeqError, Value};
use grundy_engine::clock::Deadline;
use std::sync::atomic::Ordering;

#[cfg(feature = "checkpoint")]
use crate::checkpoint;
#[cfg(feature = "parallel")]
use crate::parallel::Workers;
#[cfg(feature = "checkpoint")]
use grundy_engine::clock::SharedClock;
#[cfg(feature = "checkpoint")]
use std::path::Path;
#[cfg(feature = "checkpoint")]
use std::time::Duration;

/// Heaps between two looks at the stop flag, progress bar and checkpoint clock.
const HOUSEKEEPING: usize = 1 << 12;
/// First heap count at which a period proof is tried.
const FIRST_PERIOD_CHECK: usize = 64;

/// The value sequence of one rule: `values()[k]` is the value of a heap of
/// k. It only grows, by [`Sequence::extend_to`], which may be called again
/// with larger n (or after an error such as [`SeqError::Stopped`]) and goes
/// on where it stopped.
pub struct Sequence {
    rule: HeapRule,
    values: Vec<Value>,
    proven: Option<Period>,
    next_period_check: usize,
    kernel: Option<(bool, Kernel)>,
}

impl Sequence {
    /// An empty sequence of `rule`.
    pub fn new(rule: HeapRule) -> Sequence {
        Sequence {
            rule,
            values: Vec::new(),
            proven: None,
            next_period_check: FIRST_PERIOD_CHECK,
            kernel: None,
        }
    }

    /// The sequence stored in checkpoint `path` if the file exists (refusing
    /// a damaged file or one of another rule with an error), else a new one.
    #[cfg(feature = "checkpoint")]
    pub fn resume_or_new(rule: HeapRule, path: &Path) -> Result<Sequence, SeqError> {
        let mut seq = Sequence::new(rule);
        if let Some(values) = checkpoint::load(path, &seq.rule)? {
            seq.values = values;
            seq.next_period_check = seq.values.len().max(FIRST_PERIOD_CHECK);
            seq.try_prove();
        }
        Ok(seq)
    }

    /// Writes the values so far to checkpoint `path` (atomically).
    #[cfg(feature = "checkpoint")]
    pub fn save(&self, path: &Path) -> Result<(), SeqError> {
        checkpoint::save(path, &self.rule, &self.values)
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The values computed (or filled in from a proven period) so far.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The values, giving up the sequence (and the computation's working
    /// copy of them): two bytes a heap, no copy made.
    pub fn into_values(self) -> Vec<Value> {
        self.values
    }

    /// The proven period, if one has been proven.
    pub fn proven_period(&self) -> Option<Period> {
        self.proven
    }

    /// The proven period, else the least period observed (at least three
    /// repetitions) in the values so far, else `None`.
    pub fn period(&self) -> Option<Period> {
        self.proven.or_else(|| find_observed(&self.values))
    }

    /// The value of heap `n`: stored, or implied by a proven period.
    pub fn value(&self, n: u64) -> Option<Value> {
        match self.proven {
            Some(p) => Some(p.value_at(&self.values, n)),
            None => self.values.get(n as usize).copied(),
        }
    }

    fn try_prove(&mut self) {
        if self.proven.is_none() {
            self.proven = find_proven(&self.rule, &self.values);
        }
    }

    /// Makes the values of heaps 0..=n available, computing what is missing
    /// with `ctl.method` (or filling it in from a proven period when
    /// `ctl.use_period`). Refuses, before allocating, an n whose values do not
    /// fit in memory. Writes `ctl.checkpoint` periodically and at the end
    /// (also when stopped or failing); values already computed are kept on
    /// error, so a later call resumes. Ends with [`SeqError::TimeLimit`]
    /// once `ctl.time_limit` has passed, [`SeqError::Stopped`] once
    /// `ctl.stop` is raised (both looked at between blocks of heaps).
    pub fn extend_to(&mut self, n: u64, ctl: &Control) -> Result<(), SeqError> {
        #[cfg(not(feature = "checkpoint"))]
        if ctl.checkpoint.is_some() {
            return Err(SeqError::Unsupported("checkpoint files"));
        }
        memory::check(n, ctl)?;
        let target = n as usize + 1;
        if self.values.len() >= target {
            return Ok(());
        }
        self.values.reserve_exact(target - self.values.len());
        let deadline = Deadline::start_until(ctl.time_limit, ctl.clock.as_ref(), ctl.until);
        let progress = Progress::start(ctl.progress, target as u64);
        let result = self.run(target, ctl, &progress, &deadline);
        progress.finish();
        #[cfg(feature = "checkpoint")]
        if let Some(path) = &ctl.checkpoint {
            self.save(path)?;
        }
        result
    }

    fn run(
        &mut self,
        target: usize,
        ctl: &Control,
        progress: &Progress,
        deadline: &Deadline,
    ) -> Result<(), SeqError> {
        let method = ctl.resolved_method();
        let use_rc = method != Method::Naive;
        #[cfg(feature = "checkpoint")]
        let mut saver = Saver::new(ctl);
        let mut workers = match method {
            Method::Parallel => Some(Workers::new(ctl.thread_count())?),
            _ => None,
        };
        if !matches!(&self.kernel, Some((rc, _)) if *rc == use_rc) {
            self.kernel = Some((use_rc, Kernel::new(&self.rule, use_rc)));
        }
        if let Some((_, kernel)) = &mut self.kernel {
            kernel.reserve(target);
        }
        while self.values.len() < target {
            if ctl.use_period {
                if self.proven.is_none() && self.values.len() >= self.next_period_check {
                    self.next_period_check =
                        (self.values.len() * 5 / 4).max(self.values.len() + 256);
                    self.try_prove();
                }
                if let Some(p) = self.proven {
                    let (n0, period) = (p.preperiod as usize, p.period as usize);
                    for k in self.values.len()..target {
                        let v = self.values[n0 + (k - n0) % period];
                        self.values.push(v);
                    }
                    break;
                }
            }
            let mut end = (self.values.len() + HOUSEKEEPING).min(target);
            if ctl.use_period && self.proven.is_none() {
                end = end.min(self.next_period_check.max(self.values.len() + 1));
            }
            let kernel = &mut self.kernel.as_mut().expect("kernel set above").1;
            match &mut workers {
                Some(workers) => workers.extend(kernel, &mut self.values, end)?,
                None => kernel.extend(&mut self.values, end)?,
            }
            progress.set(self.values.len() as u64);
            if let Some(stop) = &ctl.stop {
                if stop.load(Ordering::Relaxed) {
                    return Err(SeqError::Stopped(self.values.len() as u64));
                }
            }
            if let Err(limit) = deadline.check() {
                return Err(SeqError::TimeLimit {
                    limit,
                    reached: self.values.len() as u64,
                });
            }
            #[cfg(feature = "checkpoint")]
            if let Some(saver) = &mut saver {
                saver.tick(self)?;
            }
        }
        if ctl.use_period {
            self.try_prove();
        }
        Ok(())
    }
}

/// Without the `parallel` feature there are no worker threads: no value of
/// this type exists, and [`Control::resolved_method`] never asks for one.
#[cfg(not(feature = "parallel"))]
enum Workers {}

#[cfg(not(feature = "parallel"))]
impl Workers {
    fn new(_threads: usize) -> Result<Workers, SeqError> {
        Err(SeqError::Unsupported("worker threads"))
    }

    fn extend(&mut self, _: &mut Kernel, _: &mut Vec<Value>, _: usize) -> Result<(), SeqError> {
        match *self {}
    }
}

/// Writes the checkpoint of a run every `checkpoint_interval` on the
/// control's clock (none without a clock: the end's write remains).
#[cfg(feature = "checkpoint")]
struct Saver<'a> {
    path: &'a Path,
    clock: &'a SharedClock,
    every: Duration,
    last: Duration,
}

#[cfg(feature = "checkpoint")]
impl<'a> Saver<'a> {
    fn new(ctl: &'a Control) -> Option<Saver<'a>> {
        let (path, clock) = (ctl.checkpoint.as_deref()?, ctl.clock.as_ref()?);
        Some(Saver {
            path,
            clock,
            every: ctl.checkpoint_interval,
            last: clock.now(),
        })
    }

    /// Saves `seq` if the interval has passed since the last save.
    fn tick(&mut self, seq: &Sequence) -> Result<(), SeqError> {
        let started = self.clock.now();
        if started.saturating_sub(self.last) >= self.every {
            seq.save(self.path)?;
            let done = self.clock.now();
            self.every = self.every.max(done.saturating_sub(started) * 10);
            self.last = done;
        }
        Ok(())
    }
}

/// Computes the values of heaps 0..=n of `rule` under `ctl`, resuming from
/// and writing to `ctl.checkpoint` if set (an error without the
/// `checkpoint` feature). Returns the sequence (its
/// `values()` may be longer than n + 1 if a checkpoint held more).
pub fn compute(rule: HeapRule, n: u64, ctl: &Control) -> Result<Sequence, SeqError> {
    // Held to the end: a second run on the same checkpoint is refused.
    #[cfg(feature = "checkpoint")]
    let _lock = ctl
        .checkpoint
        .as_deref()
        .map(checkpoint::Lock::acquire)
        .transpose()?;
    #[cfg(feature = "checkpoint")]
    let mut seq = match &ctl.checkpoint {
        Some(path) => Sequence::resume_or_new(rule, path)?,
        None => Sequence::new(rule),
    };
    #[cfg(not(feature = "checkpoint"))]
    let mut seq = Sequence::new(rule);
    seq.extend_to(n, ctl)?;
    Ok(seq)
}
