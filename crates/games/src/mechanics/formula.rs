//! `grundy seq` for heap families whose one-heap values have a formula
//! (nim, bash, Lasker's nim): [`formula_seq`] gives the [`SeqFn`] their
//! [`grundy_api::Adapter`] answers `seq` with.

use grundy_api::{Period, SeqFn, SeqReport};
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
        // 10^8 heaps take seconds: the clock read every 4,096 of them
        // (3.4 s at --time-limit 0.05 before).
        let mut deadline = Deadline::start_until(ctl.time_limit, ctl.clock.as_ref(), ctl.until);
        let values = (0..=n)
            .map(|heap| {
                deadline.tick().map_err(|limit| SearchError::TimeLimitAt {
                    limit,
                    reached: heap,
                    kept: None,
                })?;
                Ok(value(heap))
            })
            .collect::<Result<_, SearchError>>()?;
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
