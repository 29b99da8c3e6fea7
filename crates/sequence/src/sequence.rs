//! [`Sequence`]: the values of a rule computed so far, extended on demand.

use crate::kernel::Kernel;
use crate::period::{find_observed, find_proven, Period};
use crate::progress::Progress;
use crate::{memory, Control, HeapRule, Method, SeqError, Value, Values};
use grundy_engine::clock::Deadline;
use grundy_engine::ranks::{agree, Ranks};
use std::sync::atomic::Ordering;

#[cfg(feature = "checkpoint")]
use crate::checkpoint;
#[cfg(feature = "parallel")]
use crate::parallel::Workers;
#[cfg(feature = "checkpoint")]
use grundy_engine::clock::SharedClock;
#[cfg(feature = "checkpoint")]
use std::path::Path;
use std::time::Duration;

/// The most heaps between two looks at the stop flag, progress bar,
/// checkpoint clock and deadline.
const HOUSEKEEPING: usize = 1 << 12;

/// The time a stretch of heaps between two looks should take: the
/// stretch doubles (up to [`HOUSEKEEPING`] heaps) while it takes less than
/// a quarter of this, and halves while it takes more. A heavy code
/// (`0.` and 1,024 `F` digits: 0.4 ms a heap at heap 800, growing with
/// the heap) took a whole stretch of 4,096 heaps between two readings of
/// the clock, so `--time-limit 3` stopped after 6.6 s.
const STRETCH_TIME: Duration = Duration::from_millis(100);
/// First heap count at which a period proof is tried.
const FIRST_PERIOD_CHECK: usize = 64;

/// The value sequence of one rule: `values()[k]` is the value of a heap of
/// k. It only grows, by [`Sequence::extend_to`], which may be called again
/// with larger n (or after an error such as [`SeqError::Stopped`]) and goes
/// on where it stopped.
pub struct Sequence {
    rule: HeapRule,
    values: Values,
    proven: Option<Period>,
    next_period_check: usize,
    kernel: Option<(bool, Kernel)>,
    /// The values computed (or resumed) before a proven period filled in
    /// the rest; `usize::MAX` while none was filled in.
    computed: usize,
}

impl Sequence {
    /// An empty sequence of `rule`.
    pub fn new(rule: HeapRule) -> Sequence {
        Sequence {
            rule,
            values: Values::new(),
            proven: None,
            next_period_check: FIRST_PERIOD_CHECK,
            kernel: None,
            computed: usize::MAX,
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
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values, giving up the sequence (and the computation's working
    /// window of them): one byte a heap, no copy made.
    pub fn into_values(self) -> Values {
        self.values
    }

    /// The mask of the rare/common split the last computation used (the
    /// values v whose `v & mask` has even parity are rare), if it used one.
    pub fn rare_mask(&self) -> Option<u32> {
        self.kernel.as_ref().and_then(|(_, k)| k.mask())
    }

    /// How many values were computed (or resumed from a checkpoint), not
    /// filled in from a proven period: all of them when no period was.
    pub fn computed(&self) -> usize {
        self.computed.min(self.values.len())
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
    #[inline]
    pub fn value(&self, n: u64) -> Option<Value> {
        match self.proven {
            Some(p) => Some(p.value_at(&self.values, n)),
            None => self.values.get(n as usize),
        }
    }

    /// Collective: replaces the values of every rank but 0 by rank 0's (a
    /// resumed checkpoint): the store's parts ([`Values::parts`]: a byte
    /// a heap, the plane of bit 8, the wide table), in pieces.
    fn share_root_values(&mut self, ranks: &dyn Ranks) -> Result<(), SeqError> {
        if ranks.size() == 1 {
            return Ok(());
        }
        let root = ranks.is_root();
        let (bytes, plane, heaps, wides) = self.values.parts();
        let mut table = Vec::new();
        if root {
            for (&h, &v) in heaps.iter().zip(wides) {
                table.extend((h as u64).to_le_bytes());
                table.extend(v.to_le_bytes());
            }
        }
        let plane: Vec<u8> = match root {
            true => plane.iter().flat_map(|w| w.to_le_bytes()).collect(),
            false => Vec::new(),
        };
        let bytes = share_root_bytes(ranks, bytes)?;
        let plane = share_root_bytes(ranks, &plane)?;
        let table = share_root_bytes(ranks, &table)?;
        if !root {
            self.values = Values::from_le_parts(bytes, &plane, &table)
                .map_err(|e| SeqError::Ranks(format!("rank 0 sent values that do not fit: {e}")))?;
            self.next_period_check = self.values.len().max(FIRST_PERIOD_CHECK);
            self.try_prove();
        }
        Ok(())
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
    /// `ctl.stop` (by default this thread's [`grundy_engine::interrupt`]
    /// watch) is raised (both looked at between blocks of heaps).
    pub fn extend_to(&mut self, n: u64, ctl: &Control) -> Result<(), SeqError> {
        #[cfg(not(feature = "checkpoint"))]
        if ctl.checkpoint.is_some() {
            return Err(SeqError::Unsupported("checkpoint files"));
        }
        match ctl.ranks.as_deref() {
            Some(ranks) => {
                agree(ranks, memory::check(n, ctl).map(|()| false))?;
            }
            None => memory::check(n, ctl)?,
        }
        let target = n as usize + 1;
        if self.values.len() >= target {
            return Ok(());
        }
        self.values
            .try_reserve_exact(target - self.values.len())
            .map_err(|_| memory::refused(n))?;
        let deadline = Deadline::start_until(ctl.time_limit, ctl.clock.as_ref(), ctl.until);
        let progress = Progress::start_at(ctl.progress, self.values.len() as u64, target as u64);
        let result = self.run(target, ctl, &progress, &deadline);
        progress.finish();
        #[cfg(feature = "checkpoint")]
        if let Some(path) = ctl.checkpoint.as_ref().filter(|_| is_root(ctl)) {
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
        let ranks = ctl.ranks.as_deref();
        let mut workers = match (method, ranks) {
            (Method::Parallel, None) if ctl.method == Method::Auto => {
                let mut w = Workers::new(ctl.thread_count())?;
                w.choose_by_speed();
                Some(w)
            }
            (Method::Parallel, _) => Some(Workers::new(ctl.thread_count())?),
            // Across ranks, the block machinery on this rank's one thread.
            (_, Some(_)) => Some(Workers::new(1)?),
            _ => None,
        };
        if !matches!(&self.kernel, Some((rc, _)) if *rc == use_rc) {
            self.kernel = Some((use_rc, Kernel::new(&self.rule, use_rc)));
        }
        if let Some((_, kernel)) = &mut self.kernel {
            kernel.reserve(target);
        }
        // Heaps in the next stretch, timed by the deadline's readings
        // when there is a time limit (without one the clock is not read).
        // Across ranks every rank starts alike, since only some may have
        // a limit.
        let mut stretch = if deadline.limit().is_some() || ranks.is_some() {
            16
        } else {
            HOUSEKEEPING
        };
        let mut last_reading = deadline.started_at();
        // The caller's flag, else this thread's watch (SIGINT on the
        // command line, KeyboardInterrupt in Python).
        let stop = ctl
            .stop
            .clone()
            .unwrap_or_else(grundy_engine::interrupt::flag);
        while self.values.len() < target {
            if ctl.use_period {
                if self.proven.is_none() && self.values.len() >= self.next_period_check {
                    self.next_period_check =
                        (self.values.len() * 5 / 4).max(self.values.len() + 256);
                    self.try_prove();
                }
                if let Some(p) = self.proven {
                    let (n0, period) = (p.preperiod as usize, p.period as usize);
                    self.computed = self.computed.min(self.values.len());
                    for k in self.values.len()..target {
                        let v = self.values.at(n0 + (k - n0) % period);
                        self.values.push(v);
                    }
                    break;
                }
            }
            let mut end = (self.values.len() + stretch).min(target);
            if ctl.use_period && self.proven.is_none() {
                end = end.min(self.next_period_check.max(self.values.len() + 1));
            }
            let kernel = &mut self.kernel.as_mut().expect("kernel set above").1;
            match (&mut workers, ranks) {
                (Some(workers), Some(ranks)) => {
                    workers.extend_ranks(kernel, &mut self.values, end, ranks)?
                }
                (Some(workers), None) => workers.extend(kernel, &mut self.values, end)?,
                (None, _) => kernel.extend(&mut self.values, end)?,
            }

            progress.set(self.values.len() as u64);
            let stopped = stop.load(Ordering::Relaxed);
            let (late, reading) = match deadline.check_reading() {
                Ok(reading) => (None, reading),
                Err(limit) => (Some(limit), None),
            };
            // The stretch's speed: 1 fast (under a quarter of
            // STRETCH_TIME, or not timed), 2 slow (over it), 0 neither.
            let speed: u8 = match (last_reading, reading) {
                (Some(before), Some(now)) => {
                    let took = now.saturating_sub(before);
                    u8::from(took < STRETCH_TIME / 4) | (u8::from(took > STRETCH_TIME) << 1)
                }
                _ => 1,
            };
            last_reading = reading;
            // The checkpoint (rank 0's alone across ranks) before the ranks
            // agree, so a failed write stops them all.
            #[cfg(feature = "checkpoint")]
            let saved = match &mut saver {
                Some(saver) => saver.tick(self),
                None => Ok(()),
            };
            #[cfg(not(feature = "checkpoint"))]
            let saved: Result<(), SeqError> = Ok(());
            // Across ranks, one rank's stop, clock or failed write stops
            // them all here, and the stretch must stay the same on every rank:
            // it shrinks when any rank was slow and grows when all were
            // fast.
            let (stopped, late, speed) = match ranks {
                None => {
                    saved?;
                    (stopped, late, speed)
                }
                Some(ranks) => {
                    let mine = u8::from(stopped)
                        | (u8::from(late.is_some()) << 1)
                        | (u8::from(saved.is_err()) << 2)
                        | (speed << 3);
                    let (any, every) = ranks.flags(mine)?;
                    let speed = ((every >> 3) & 1) | ((any >> 3) & 2);
                    saved?;
                    if any & 4 != 0 {
                        return Err(SeqError::Ranks(
                            "rank 0 stopped: it could not write the checkpoint".into(),
                        ));
                    }
                    let limit = late.or(deadline.limit()).unwrap_or_default();
                    (any & 1 != 0, (any & 2 != 0).then_some(limit), speed)
                }
            };
            if speed & 2 != 0 {
                stretch = (stretch / 2).max(1);
            } else if speed & 1 != 0 {
                stretch = (stretch * 2).min(HOUSEKEEPING);
            }
            if stopped {
                return Err(SeqError::Stopped(self.values.len() as u64));
            }
            if let Some(limit) = late {
                return Err(SeqError::TimeLimit {
                    limit,
                    reached: self.values.len() as u64,
                });
            }
        }
        if ctl.use_period {
            self.try_prove();
        }
        Ok(())
    }
}

/// Collective: rank 0's `mine` on every rank (rank 0 keeps an empty copy:
/// it has its own), sent in pieces of 2^27 bytes (128 MiB), so a message
/// stays far below MPI's 2^31 bytes.
fn share_root_bytes(ranks: &dyn Ranks, mine: &[u8]) -> Result<Vec<u8>, SeqError> {
    const PIECE: usize = 1 << 27;
    let root = ranks.is_root();
    let count = ranks.broadcast_root(&(mine.len() as u64).to_le_bytes())?;
    let count = count
        .try_into()
        .map(u64::from_le_bytes)
        .map_err(|_| SeqError::Ranks("rank 0 sent no length".into()))?;
    let count = usize::try_from(count)
        .map_err(|_| SeqError::Ranks(format!("{count} bytes of values do not fit here")))?;
    let mut got = Vec::new();
    if !root {
        got.try_reserve_exact(count)
            .map_err(|_| memory::refused(count as u64))?;
    }
    for start in (0..count).step_by(PIECE) {
        let piece = match root {
            true => &mine[start..(start + PIECE).min(count)],
            false => &[][..],
        };
        let piece = ranks.broadcast_root(piece)?;
        if !root {
            got.extend_from_slice(&piece);
        }
    }
    Ok(got)
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

    fn extend(&mut self, _: &mut Kernel, _: &mut Values, _: usize) -> Result<(), SeqError> {
        match *self {}
    }

    fn choose_by_speed(&mut self) {
        match *self {}
    }

    fn extend_ranks(
        &mut self,
        _: &mut Kernel,
        _: &mut Values,
        _: usize,
        _: &dyn Ranks,
    ) -> Result<(), SeqError> {
        match *self {}
    }
}

/// Whether this process writes the files of a run: always alone, rank 0
/// across ranks.
#[cfg(feature = "checkpoint")]
fn is_root(ctl: &Control) -> bool {
    ctl.ranks.as_ref().is_none_or(|r| r.is_root())
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
        let path = ctl.checkpoint.as_deref().filter(|_| is_root(ctl))?;
        let clock = ctl.clock.as_ref()?;
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
    // Across ranks, rank 0 alone holds and reads the checkpoint.
    #[cfg(feature = "checkpoint")]
    let resumed = || -> Result<(Option<checkpoint::Lock>, Sequence), SeqError> {
        match ctl.checkpoint.as_deref().filter(|_| is_root(ctl)) {
            Some(path) => {
                let lock = checkpoint::Lock::acquire(path)?;
                Ok((Some(lock), Sequence::resume_or_new(rule.clone(), path)?))
            }
            None => Ok((None, Sequence::new(rule.clone()))),
        }
    };
    #[cfg(not(feature = "checkpoint"))]
    let resumed = || -> Result<((), Sequence), SeqError> { Ok(((), Sequence::new(rule.clone()))) };
    let (_lock, mut seq) = match ctl.ranks.as_deref() {
        None => resumed()?,
        Some(ranks) => {
            let local = resumed();
            let (lock, mut seq) = match local {
                Ok(pair) => {
                    agree::<SeqError>(ranks, Ok(false))?;
                    pair
                }
                Err(e) => {
                    let told = agree(ranks, Err::<bool, _>(e)).err();
                    return Err(told.unwrap_or_else(|| {
                        SeqError::Ranks("the ranks agreed on a failed resume".into())
                    }));
                }
            };
            seq.share_root_values(ranks)?;
            (lock, seq)
        }
    };
    seq.extend_to(n, ctl)?;
    Ok(seq)
}
