//! The value sequence of a one-heap game that has no sequence engine of
//! its own (a game defined at run time, say, by Python callables): each
//! heap's value found by the engine's memoised search, the period only
//! observed, never proven.

use crate::{GameError, Limits, SeqReport, SeqValues};
use grundy_engine::{Impartial, Solver};
use grundy_sequence::Control;
use std::sync::{Arc, Mutex};

/// Most heaps a searched sequence computes: each is a search through the
/// game's rules, so longer runs belong in a family with a sequence
/// engine (a take-and-break code).
pub const MAX_SEARCHED_HEAP: u64 = 1_000_000;

/// Answers `seq` by search: the value of each heap `heap(0)`,
/// `heap(1)`, ... by [`Solver`] under the family's limits, its memo kept
/// between calls (the same heaps asked again are not searched again).
///
/// Contract: [`SearchedSeq::report`] gives the values of heaps 0..=n in
/// order, each the nim-sum search finds for `heap(k)` (its normal-play
/// parts valued by search), with the period observed in them
/// ([`grundy_sequence::period::find_observed`]), never proven; the whole
/// run keeps to one time limit; a limit hit is [`GameError::Search`]
/// naming it, and no partial answer is given.
pub struct SearchedSeq<G: Impartial> {
    game: Arc<G>,
    limits: Limits,
    solver: Mutex<Option<Solver<G>>>,
}

impl<G: Impartial> SearchedSeq<G> {
    /// Searches `game` under `limits` (their time limit bounds a whole
    /// run unless [`Control::time_limit`] gives one).
    pub fn new(game: Arc<G>, limits: &Limits) -> Self {
        SearchedSeq {
            game,
            limits: limits.clone(),
            solver: Mutex::new(None),
        }
    }

    /// The values of `heap(0)` to `heap(n)` of the game named `name`.
    ///
    /// Errors (input): n past [`MAX_SEARCHED_HEAP`], a checkpoint asked
    /// for (no run is checkpointed); `heap`'s own errors; the search's
    /// (a limit hit, the rules failing).
    pub fn report(
        &self,
        name: &str,
        n: u64,
        ctl: &Control,
        heap: impl Fn(u64) -> Result<G::Position, GameError>,
    ) -> Result<SeqReport, GameError> {
        if n > MAX_SEARCHED_HEAP {
            return Err(GameError::Input(format!(
                "-n {n} is too large for {name}, whose heaps are valued one by one by search: at most {MAX_SEARCHED_HEAP}"
            )));
        }
        if let Some(path) = &ctl.checkpoint {
            return Err(GameError::Input(format!(
                "--checkpoint {}: the values of {name} are searched heap by heap, not checkpointed; leave --checkpoint out",
                path.display()
            )));
        }
        let limits = Limits {
            max_time: ctl.time_limit.or(self.limits.max_time),
            ..self.limits.clone()
        }
        .sharing_time();
        let mut slot = self
            .solver
            .lock()
            .map_err(|_| GameError::Internal("sequence solver lock poisoned".into()))?;
        let solver = slot.get_or_insert_with(|| Solver::new(self.game.clone(), limits.clone()));
        let kept = solver.replace_limits(limits);
        // Counted heap by heap on the thread's watch with `progress`
        // (Python's `progress=`), as the sequence engine counts.
        let values = (0..=n)
            .map(|k| {
                let v = solver.value(&heap(k)?).map_err(GameError::from)?.0;
                if ctl.progress {
                    grundy_engine::interrupt::set_progress(k + 1, n + 1);
                }
                Ok(v)
            })
            .collect::<Result<Vec<u64>, GameError>>();
        solver.replace_limits(kept);
        let values = values?;
        Ok(SeqReport {
            game: name.to_string(),
            code: None,
            n,
            period: observed_period(&values),
            values: SeqValues::from_u64(values),
            computed_to: n,
            genus: None,
        })
    }
}

/// The least period seen in `values` (see
/// [`grundy_sequence::period::find_observed`]), when every value fits the
/// sequence crate's value type.
pub fn observed_period(values: &[u64]) -> Option<grundy_sequence::Period> {
    let small: grundy_sequence::Values = values
        .iter()
        .map(|&v| grundy_sequence::Value::try_from(v).ok())
        .collect::<Option<_>>()?;
    grundy_sequence::period::find_observed(&small)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SearchError;
    use grundy_engine::{Rules, RulesError};

    /// One heap; a move takes 1 or 2 counters.
    struct TakeTwo;

    impl Rules for TakeTwo {
        type Position = u64;
        fn options(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
            Ok((1..=2).filter(|&k| k <= *p).map(|k| p - k).collect())
        }
    }

    impl Impartial for TakeTwo {}

    #[test]
    fn values_and_period_by_search() {
        let s = SearchedSeq::new(Arc::new(TakeTwo), &Limits::default());
        let r = s.report("take-two", 20, &Control::default(), Ok).unwrap();
        let values: Vec<u64> = r.values.iter().collect();
        assert_eq!(values, (0..=20).map(|k| k % 3).collect::<Vec<_>>());
        let period = r.period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proven),
            (0, 3, false)
        );
    }

    #[test]
    fn limits_and_bounds_are_errors() {
        let limits = Limits {
            max_states: 5,
            ..Limits::default()
        };
        let s = SearchedSeq::new(Arc::new(TakeTwo), &limits);
        // Heap k is 10k counters: each search meets 10 new positions.
        let e = s
            .report("take-two", 20, &Control::default(), |k| Ok(10 * k))
            .unwrap_err();
        assert!(
            matches!(e, GameError::Search(SearchError::StateLimit(5))),
            "{e:?}"
        );
        let e = s
            .report("take-two", MAX_SEARCHED_HEAP + 1, &Control::default(), Ok)
            .unwrap_err();
        assert!(matches!(e, GameError::Input(_)));
    }
}
