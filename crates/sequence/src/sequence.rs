//! [`Sequence`]: the values of a rule computed so far, extended on demand.

use crate::kernel::Kernel;
use crate::period::{find_observed, find_proven, Period};
use crate::{checkpoint, memory, parallel, Control, HeapRule, Method, SeqError, Value};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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
    /// error, so a later call resumes.
    pub fn extend_to(&mut self, n: u64, ctl: &Control) -> Result<(), SeqError> {
        memory::check(n, ctl)?;
        let target = n as usize + 1;
        if self.values.len() >= target {
            return Ok(());
        }
        self.values.reserve_exact(target - self.values.len());
        let bar = ctl.progress.then(|| progress_bar(target as u64));
        let result = self.run(target, ctl, bar.as_ref());
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        if let Some(path) = &ctl.checkpoint {
            self.save(path)?;
        }
        result
    }

    fn run(
        &mut self,
        target: usize,
        ctl: &Control,
        bar: Option<&ProgressBar>,
    ) -> Result<(), SeqError> {
        let method = ctl.resolved_method();
        let use_rc = method != Method::Naive;
        let mut last_save = Instant::now();
        let mut save_every = ctl.checkpoint_interval;
        let pool = if method == Method::Parallel {
            Some(
                // This thread takes part in the parallel phases too.
                rayon::ThreadPoolBuilder::new()
                    .num_threads((ctl.thread_count() - 1).max(1))
                    .build()
                    .map_err(|e| SeqError::Threads(e.to_string()))?,
            )
        } else {
            None
        };
        let mut space = parallel::Workspace::default();
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
            match &pool {
                Some(pool) => parallel::extend(
                    kernel,
                    &mut self.values,
                    end,
                    pool,
                    ctl.thread_count(),
                    &mut space,
                )?,
                None => kernel.extend(&mut self.values, end)?,
            }
            if let Some(bar) = bar {
                bar.set_position(self.values.len() as u64);
            }
            if let Some(stop) = &ctl.stop {
                if stop.load(Ordering::Relaxed) {
                    return Err(SeqError::Stopped(self.values.len() as u64));
                }
            }
            if let Some(path) = &ctl.checkpoint {
                if last_save.elapsed() >= save_every {
                    let started = Instant::now();
                    self.save(path)?;
                    save_every = save_every.max(started.elapsed() * 10);
                    last_save = Instant::now();
                }
            }
        }
        if ctl.use_period {
            self.try_prove();
        }
        Ok(())
    }
}

fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} heaps, {per_sec}, eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Computes the values of heaps 0..=n of `rule` under `ctl`, resuming from
/// and writing to `ctl.checkpoint` if set. Returns the sequence (its
/// `values()` may be longer than n + 1 if a checkpoint held more).
pub fn compute(rule: HeapRule, n: u64, ctl: &Control) -> Result<Sequence, SeqError> {
    let mut seq = match &ctl.checkpoint {
        Some(path) => Sequence::resume_or_new(rule, path)?,
        None => Sequence::new(rule),
    };
    seq.extend_to(n, ctl)?;
    Ok(seq)
}
