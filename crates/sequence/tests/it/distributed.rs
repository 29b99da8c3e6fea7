//! `Control::ranks`: a sequence spread over ranks (threads of this process
//! standing for MPI ranks, `grundy_engine::ranks::in_process`) gives every
//! rank the values of the one-machine run, for every method and rank
//! count; the ranks stop together on a time limit seen by one of them;
//! rank 0 alone resumes and writes the checkpoint.

use grundy_engine::clock::{Clock, SharedClock};
use grundy_engine::ranks::on_threads as on_ranks;
use grundy_sequence::{compute, Control, HeapRule, Method, SeqError, TakeBreak, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn rule(code: &str) -> HeapRule {
    TakeBreak::parse(code).unwrap().into()
}

fn values(rule: &HeapRule, n: u64, ctl: &Control) -> Vec<Value> {
    compute(rule.clone(), n, ctl).unwrap().values().to_vec()[..=n as usize].to_vec()
}

#[test]
fn every_rank_gets_the_one_machine_values() {
    // Rules with rare values (0.6, 0.007), one without (Grundy's game),
    // Kayles and 0.137 run past their periods, the naive method.
    let cases = [
        (rule("0.6"), Method::Rc, 9_000),
        (HeapRule::GrundyGame, Method::Parallel, 6_000),
        (rule("0.77"), Method::Rc, 6_000),
        (rule("0.007"), Method::Parallel, 8_000),
        (rule("0.137"), Method::Parallel, 6_000),
        (rule("0.6"), Method::Naive, 5_000),
    ];
    for (rule, method, n) in cases {
        let alone = Control {
            method,
            threads: 1,
            use_period: false,
            ..Control::default()
        };
        let expected = values(&rule, n, &alone);
        for size in 1..=4 {
            let got = on_ranks(size, |ranks| {
                let ctl = Control {
                    ranks: Some(ranks),
                    threads: 2,
                    ..alone.clone()
                };
                values(&rule, n, &ctl)
            });
            for (r, v) in got.iter().enumerate() {
                assert!(
                    v == &expected,
                    "{} {method:?} on {size} ranks: rank {r} differs",
                    rule.name()
                );
            }
        }
    }
}

/// A clock that advances one second each time it is read.
#[derive(Debug, Default)]
struct Ticking(AtomicU64);

impl Clock for Ticking {
    fn now(&self) -> Duration {
        Duration::from_secs(self.0.fetch_add(1, Ordering::SeqCst))
    }
}

#[test]
fn a_time_limit_seen_by_one_rank_stops_every_rank_at_the_same_heap() {
    let got = on_ranks(3, |ranks| {
        // Only rank 1 has a limit: 1.5 s on a clock that ticks a second a
        // reading passes at its second look between blocks.
        let limited = ranks.rank() == 1;
        let ctl = Control {
            ranks: Some(ranks),
            threads: 1,
            use_period: false,
            time_limit: limited.then_some(Duration::from_millis(1500)),
            clock: Some(Arc::new(Ticking::default()) as SharedClock),
            ..Control::default()
        };
        match compute(rule("0.6"), 30_000, &ctl) {
            Err(SeqError::TimeLimit { reached, .. }) => reached,
            other => panic!("{:?}", other.map(|s| s.values().len())),
        }
    });
    assert!(got[0] < 30_000, "{got:?}");
    assert!(got.iter().all(|&r| r == got[0]), "{got:?}");
}

#[test]
fn rank_zero_resumes_the_checkpoint_for_every_rank() {
    let dir = std::env::temp_dir().join(format!("grundy-ranks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("0.6.ckpt");
    let _ = std::fs::remove_file(&path);
    let alone = Control {
        threads: 1,
        use_period: false,
        ..Control::default()
    };
    let expected = values(&rule("0.6"), 10_000, &alone);
    // A first run to 6,000 writes the checkpoint; three ranks resume it.
    let first = Control {
        checkpoint: Some(path.clone()),
        ..alone.clone()
    };
    compute(rule("0.6"), 6_000, &first).unwrap();
    let got = on_ranks(3, |ranks| {
        let ctl = Control {
            ranks: Some(ranks),
            checkpoint: Some(path.clone()),
            ..alone.clone()
        };
        values(&rule("0.6"), 10_000, &ctl)
    });
    for v in &got {
        assert!(v == &expected, "a rank's values differ after the resume");
    }
    let saved = compute(rule("0.6"), 0, &first).unwrap();
    assert_eq!(saved.values().len(), 10_001, "rank 0 saved the end");
    // A damaged checkpoint is refused on every rank, rank 0 with the
    // file's error, the others naming rank 0.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let errors = on_ranks(2, |ranks| {
        let ctl = Control {
            ranks: Some(ranks),
            checkpoint: Some(path.clone()),
            ..alone.clone()
        };
        compute(rule("0.6"), 12_000, &ctl)
            .err()
            .map(|e| e.to_string())
    });
    let root = errors[0].as_deref().unwrap();
    assert!(root.contains(&path.display().to_string()), "{root}");
    let other = errors[1].as_deref().unwrap();
    assert!(other.contains("rank 0"), "{other}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 37: threads and ranks change who computes each phase of a block,
/// never a value. 0.6, 0.1777, 4.7 and four codes drawn with a fixed seed
/// (past the heap where blocks are divided among ranks) give, on 2 and 3
/// threads and on 1 to 3 ranks of 2 threads, the values of one thread.
#[test]
fn threads_and_ranks_give_the_one_thread_values_on_many_codes() {
    let mut state = 37u32;
    let mut digit = move || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (state >> 16) % 8
    };
    let mut codes = vec!["0.6".to_string(), "0.1777".to_string(), "4.7".to_string()];
    while codes.len() < 7 {
        let code = format!("0.{}{}{}", digit(), digit(), 1 + digit() % 7);
        codes.push(code);
    }
    let n = 12_000;
    for code in &codes {
        let rule = rule(code);
        let one = Control {
            method: Method::Parallel,
            threads: 1,
            use_period: false,
            ..Control::default()
        };
        let expected = values(&rule, n, &one);
        for threads in [2, 3] {
            let ctl = Control {
                threads,
                ..one.clone()
            };
            assert!(
                values(&rule, n, &ctl) == expected,
                "{code} on {threads} threads"
            );
        }
        for size in 1..=3 {
            let got = on_ranks(size, |ranks| {
                let ctl = Control {
                    ranks: Some(ranks),
                    threads: 2,
                    ..one.clone()
                };
                values(&rule, n, &ctl)
            });
            for (r, v) in got.iter().enumerate() {
                assert!(v == &expected, "{code} on {size} ranks: rank {r} differs");
            }
        }
    }
}
