//! `Control::time_limit`: the computation stops between blocks once the
//! limit has passed on the control's clock, keeps its values and resumes;
//! without a limit the clock is never read. Also what the crate's features
//! change (this file runs with and without the default features).

use grundy_engine::clock::{Clock, SharedClock};
use grundy_sequence::{compute, Control, HeapRule, Method, SeqError, Sequence, TakeBreak};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn rule(code: &str) -> HeapRule {
    TakeBreak::parse(code).unwrap().into()
}

/// A clock that advances one second each time it is read, and counts reads.
#[derive(Debug, Default)]
struct Ticking {
    reads: AtomicU64,
}

impl Clock for Ticking {
    fn now(&self) -> Duration {
        Duration::from_secs(self.reads.fetch_add(1, Ordering::SeqCst))
    }
}

fn control(method: Method, clock: &Arc<Ticking>, limit: Option<Duration>) -> Control {
    let shared: SharedClock = clock.clone();
    Control {
        method,
        threads: 2,
        use_period: false,
        time_limit: limit,
        clock: Some(shared),
        ..Control::default()
    }
}

#[test]
fn a_passed_limit_stops_the_run_and_the_values_so_far_are_right() {
    for method in [Method::Naive, Method::Rc, Method::Parallel] {
        let clock = Arc::new(Ticking::default());
        // Started at 0 s; the first look between blocks reads 1 s, the
        // second 2 s: past the limit of 1.5 s.
        let ctl = control(method, &clock, Some(Duration::from_millis(1500)));
        let mut seq = Sequence::new(rule("0.6"));
        let err = seq.extend_to(100_000, &ctl).unwrap_err();
        let SeqError::TimeLimit { limit, reached } = err else {
            panic!("{method:?}: expected the time limit, got {err}");
        };
        assert_eq!(limit, Duration::from_millis(1500));
        assert_eq!(reached, seq.values().len() as u64);
        assert!(reached > 0 && reached < 100_001, "{method:?}: {reached}");
        assert_eq!(clock.reads.load(Ordering::SeqCst), 3, "{method:?}");
        assert!(err_message_names_the_limit(limit, reached));
        // Resuming without a limit gives the uninterrupted values.
        let free = Control {
            time_limit: None,
            ..ctl.clone()
        };
        seq.extend_to(10_000, &free).unwrap();
        let whole = compute(rule("0.6"), 10_000, &free).unwrap();
        assert_eq!(seq.values(), whole.values(), "{method:?}");
    }
}

fn err_message_names_the_limit(limit: Duration, reached: u64) -> bool {
    let text = SeqError::TimeLimit { limit, reached }.to_string();
    text.contains("time limit") && text.contains(&reached.to_string())
}

#[test]
fn without_a_limit_the_clock_is_never_read() {
    for method in [Method::Naive, Method::Rc, Method::Parallel] {
        let clock = Arc::new(Ticking::default());
        let ctl = control(method, &clock, None);
        compute(rule("0.6"), 5_000, &ctl).unwrap();
        assert_eq!(clock.reads.load(Ordering::SeqCst), 0, "{method:?}");
    }
}

#[test]
fn without_a_clock_a_limit_is_not_applied() {
    let ctl = Control {
        time_limit: Some(Duration::ZERO),
        clock: None,
        use_period: false,
        ..Control::default()
    };
    assert_eq!(
        compute(rule("0.6"), 10_000, &ctl).unwrap().values().len(),
        10_001
    );
}

#[test]
fn parallel_runs_as_rc_exactly_when_the_feature_is_off() {
    for method in [Method::Parallel, Method::Auto] {
        let ctl = Control {
            method,
            threads: 2,
            ..Control::default()
        };
        let expected = if cfg!(feature = "parallel") {
            Method::Parallel
        } else {
            Method::Rc
        };
        assert_eq!(ctl.resolved_method(), expected);
    }
}

#[test]
fn a_checkpoint_is_refused_exactly_when_the_feature_is_off() {
    let path = std::env::temp_dir().join(format!("grundy-feature-{}.seq", std::process::id()));
    let ctl = Control {
        checkpoint: Some(path.clone()),
        ..Control::default()
    };
    let result = compute(rule("0.6"), 100, &ctl);
    if cfg!(feature = "checkpoint") {
        assert_eq!(result.unwrap().values().len(), 101);
        std::fs::remove_file(&path).unwrap();
    } else {
        let err = result.err().expect("refused");
        assert!(matches!(err, SeqError::Unsupported(_)), "{err}");
        assert!(err.to_string().contains("checkpoint"), "{err}");
        assert!(!path.exists());
    }
}

#[test]
fn slow_stretches_shrink_so_the_clock_is_read_soon_enough() {
    // Every reading of this clock is a second after the last, so every
    // stretch between two looks counts as slow: they halve from 16 heaps
    // to 1 (16 + 8 + 4 + 2 + 1 + 1 + ...), where a heavy code (`0.` and
    // 1,024 F digits) once computed 4,096 heaps between two looks and
    // overran a 3 s limit by 3.6 s.
    for method in [Method::Naive, Method::Rc, Method::Parallel] {
        let clock = Arc::new(Ticking::default());
        let ctl = control(method, &clock, Some(Duration::from_millis(10_500)));
        let mut seq = Sequence::new(rule("0.6"));
        let err = seq.extend_to(100_000, &ctl).unwrap_err();
        let SeqError::TimeLimit { reached, .. } = err else {
            panic!("{method:?}: expected the time limit, got {err}");
        };
        // Ten looks within the limit, the eleventh past it.
        assert_eq!(clock.reads.load(Ordering::SeqCst), 12, "{method:?}");
        assert_eq!(
            reached,
            16 + 8 + 4 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1,
            "{method:?}"
        );
    }
}
