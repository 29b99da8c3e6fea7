//! Every loop of a quotient's round reads the clock (issue 35): a round
//! counted its work through the budget's tick, which reads the clock once
//! in 4,096 calls, and called it once a batch or a pass; a round of 0.76
//! past heap 11 made far fewer calls than that and ran to its end, so
//! `quotient octal --code 0.76 --time-limit 1` ended after 20 s. Here the
//! clock is past the deadline at its first reading after the start: a
//! round that reads it ends with the time limit, one that does not gives
//! its answer. No test reads a real clock.

use crate::grow::{prove, refine_with, Candidate, Check, HeapOptions, Kept};
use crate::heaps::{grow, HeapGame};
use grundy_engine::{Budget, Clock, Limits, SearchError};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A clock reading zero once (the budget's start), an hour ever after.
#[derive(Debug, Default)]
struct LateAfterStart(AtomicBool);

impl Clock for LateAfterStart {
    fn now(&self) -> Duration {
        if self.0.swap(true, Ordering::SeqCst) {
            Duration::from_secs(3600)
        } else {
            Duration::ZERO
        }
    }
}

/// A budget of one second whose clock is late at every reading after
/// its start.
fn late_budget() -> Budget {
    Budget::start(&Limits {
        max_time: Some(Duration::from_secs(1)),
        clock: Some(Arc::new(LateAfterStart::default())),
        ..Limits::default()
    })
}

/// 0.76's quotient of heaps 0..=11 (order 34) with heap 12 guessed as
/// the identity, and the options of heaps 0..=12: the first guess of the
/// heap whose rounds ran on past the time limit.
fn guess_at_heap_12() -> (Candidate, HeapOptions) {
    let game = HeapRule::TakeBreak(TakeBreak::parse("0.76").expect("a code"));
    let q = grow(&game, 11, &Limits::default()).expect("Q_11 of 0.76");
    assert_eq!(q.candidate.monoid.order(), 34);
    let options = options_upto(&game, 12);
    let mut cand = q.candidate;
    cand.phi.push(0);
    (cand, options)
}

/// The options of heaps `0..=n` of `game`, as the growth lists them (for
/// tests that call a growth's parts directly).
pub(crate) fn options_upto(game: &dyn HeapGame, n: usize) -> HeapOptions {
    (0..=n)
        .map(|h| {
            let mut opts = Vec::new();
            game.options(h, &mut |parts| {
                opts.push(parts.iter().map(|&p| p as u32).collect())
            });
            opts
        })
        .collect()
}

fn is_time_limit<T>(r: &Result<T, SearchError>) -> bool {
    matches!(r, Err(SearchError::TimeLimit(d)) if *d == Duration::from_secs(1))
}

#[test]
fn a_round_of_pairs_or_triples_reads_the_clock_as_it_enumerates() {
    let (cand, options) = guess_at_heap_12();
    for check in [Check::Sets, Check::Triples, Check::ByOrder] {
        let r = refine_with(&cand, &options, &mut late_budget(), check);
        assert!(
            is_time_limit(&r),
            "{check:?}: a round past the deadline ran to its end"
        );
    }
}

#[test]
fn a_reduction_and_a_proof_read_the_clock() {
    let (cand, options) = guess_at_heap_12();
    let r = cand
        .try_clone(u64::MAX)
        .expect("a copy")
        .reduced(&mut late_budget());
    assert!(is_time_limit(&r), "the reduction ran to its end");
    let r = prove(&cand, &options, &mut late_budget(), &mut Kept::default());
    assert!(is_time_limit(&r), "the proof ran to its end");
}

/// A cyclic guess's product table (up to 9,900 elements a side at heap
/// 26 of 0.47) is built reading the clock: past the deadline it stops
/// instead of running to its end.
#[test]
fn a_cyclic_guess_reads_the_clock_as_its_table_is_made() {
    let (cand, _) = guess_at_heap_12();
    let r = cand.adjoin(6, 12, &mut late_budget());
    assert!(is_time_limit(&r), "the table was made to its end");
    let mut budget = Budget::start(&Limits::default());
    let c = cand.adjoin(6, 12, &mut budget).expect("within the limits");
    assert_eq!(c.monoid.order(), 34 * 18);
}
