//! The learner's checks decided by the dataflow and by listing agree
//! (see `learn::tests`): the learner is run where its candidate is the
//! quotient, each of its checks made both ways.

use crate::clock_reads::options_upto;
use crate::heaps::grow;
use crate::learn::learned;
use crate::learn::tests::{FAILED, PASSED};
use grundy_engine::{Budget, Limits};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::atomic::Ordering;

#[test]
fn the_dataflow_decides_every_check_of_the_learner_as_the_listing() {
    // Heaps where the learner's candidate is the quotient: 0.07 at
    // 25 (order 144) and 30 (360), 0.54 at 24 (64) and 31 (90).
    for (code, n, order) in [
        ("0.07", 25, 144),
        ("0.54", 24, 64),
        ("0.54", 31, 90),
        ("0.07", 30, 360),
    ] {
        let game = HeapRule::TakeBreak(TakeBreak::parse(code).expect("a code"));
        let below = grow(&game, n - 1, &Limits::default()).expect("the quotient below");
        let options = options_upto(&game, n);
        let (passed, failed) = (
            PASSED.load(Ordering::Relaxed),
            FAILED.load(Ordering::Relaxed),
        );
        let mut budget = Budget::start(&Limits::default());
        let cand = learned(
            &below.candidate,
            &options,
            &mut budget,
            None,
            &mut Default::default(),
        )
        .expect("within the limits")
        .expect("a candidate");
        assert_eq!(cand.monoid.order(), order, "{code} at heap {n}");
        assert!(
            PASSED.load(Ordering::Relaxed) >= passed + 2,
            "{code} at heap {n}"
        );
        assert!(
            FAILED.load(Ordering::Relaxed) >= failed + 2,
            "{code} at heap {n}"
        );
    }
}
