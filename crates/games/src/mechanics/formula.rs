//! `grundy seq` for heap families whose one-heap values have a formula
//! (nim, bash, Lasker's nim): [`formula_seq`] gives the [`SeqFn`] their
//! [`grundy_api::Adapter`] answers `seq` with.

use grundy_api::{Period, SeqFn, SeqReport, SeqValues};
use grundy_engine::clock::Deadline;
use grundy_engine::memory;
use grundy_engine::{GameError, SearchError};
use std::path::Path;

/// The largest `n` a formula sequence is computed to: the answer holds
/// `n + 1` values in memory.
pub const MAX_SEQ: u64 = 100_000_000;

/// The values of heaps `0..=n` by `value(n)`, the value of one heap of `n`;
/// `period`, when given, is a period the formula proves from heap 0. It is
/// reported (as proven) once the range shows it twice, as a search would
/// need.
pub fn formula_seq<G>(
    value: impl Fn(u64) -> u64 + Send + Sync + 'static,
    period: Option<u64>,
) -> SeqFn<G> {
    Box::new(move |_game: &G, name: &str, n: u64, ctl| {
        if let Some(path) = &ctl.checkpoint {
            return Err(no_checkpoint(name, path));
        }
        if n > MAX_SEQ {
            return Err(GameError::Input(format!(
                "-n {n} is too large for {name}: at most {MAX_SEQ} (every value is held in memory)"
            )));
        }
        // Every value is held, at most eight bytes each (two while they
        // fit): refuse, before allocating, what the budget does not cover.
        let budget = ctl.memory_limit.unwrap_or_else(memory::default_max_memory);
        memory::admit((n + 1).saturating_mul(8), budget)?;
        let period = period
            .filter(|&p| p.checked_mul(2).is_some_and(|twice| twice <= n + 1))
            .map(|period| Period {
                preperiod: 0,
                period,
                proven: true,
            });
        let values = values_in_time(&value, n, ctl, budget)?;
        Ok(SeqReport {
            game: name.to_string(),
            code: None,
            n,
            values,
            period,
            computed_to: n,
            genus: None,
        })
    })
}

/// The values of heaps `0..=n`, two bytes each while they fit, else
/// eight, their room reserved at once (grown by doubling, 10^8 values of
/// nim aborted under a 2 GB address-space cap) and refused by the memory
/// limit `budget` when the system has none; 10^8 heaps take seconds, so
/// the clock is read every 4,096 (3.4 s at `--time-limit 0.05` before).
fn values_in_time(
    value: &impl Fn(u64) -> u64,
    n: u64,
    ctl: &grundy_api::SeqControl,
    budget: u64,
) -> Result<SeqValues, GameError> {
    let refused = || GameError::from(SearchError::MemoryLimit(budget));
    let count = usize::try_from(n + 1).map_err(|_| refused())?;
    let mut deadline = Deadline::start_until(ctl.time_limit, ctl.clock.as_ref(), ctl.until);
    let mut narrow: Vec<u16> = Vec::new();
    narrow.try_reserve_exact(count).map_err(|_| refused())?;
    let mut wide: Option<Vec<u64>> = None;
    for heap in 0..=n {
        deadline.tick().map_err(|limit| SearchError::TimeLimitAt {
            limit,
            reached: heap,
            kept: None,
        })?;
        let v = value(heap);
        match (&mut wide, u16::try_from(v)) {
            (Some(w), _) => w.push(v),
            (None, Ok(x)) => narrow.push(x),
            (None, Err(_)) => {
                let mut w = Vec::new();
                w.try_reserve_exact(count).map_err(|_| refused())?;
                w.extend(std::mem::take(&mut narrow).into_iter().map(u64::from));
                w.push(v);
                wide = Some(w);
            }
        }
    }
    Ok(match wide {
        Some(w) => SeqValues::from_u64(w),
        None => SeqValues::from_u16(narrow),
    })
}

/// `--checkpoint` given to a family whose values come from a formula: an
/// error before anything is computed, not silence, since no file would be
/// written for a later run to resume from (and nothing needs resuming: the
/// values take no time).
fn no_checkpoint(name: &str, path: &Path) -> GameError {
    GameError::Input(format!(
        "--checkpoint {}: the values of {name} come from a formula, computed at once, so there is nothing to checkpoint; leave --checkpoint out",
        path.display()
    ))
}
