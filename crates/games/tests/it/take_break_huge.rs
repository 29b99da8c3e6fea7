//! Take-and-break heaps past the eager value table (issue 19): answered
//! from the values the sequence engine computes under the family's limits,
//! never by memoised search (which grew to 24 GB on a heap of 5,000,000 of
//! Grundy's game and ignored the time limit).

use grundy_api::GameOptions;
use grundy_engine::{Detail, GameError, Limits, Play, SearchError};
use grundy_games::find;
use grundy_games::take_break::TABLE_LIMIT;
use grundy_sequence::{compute, Control, HeapRule, TakeBreak};
use std::time::Duration;

fn family(name: &str, opts: &[(&str, &str)], limits: &Limits) -> grundy_api::Family {
    let opts = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    find(name).unwrap().build(&opts, limits).unwrap()
}

/// A heap just past the table: the analysis's value and winning moves are
/// those the value sequence gives, heap by heap (the sequence is computed
/// by `compute`, as `grundy seq` does; the winning moves are found here by
/// going through every split of the heap).
#[test]
fn a_heap_past_the_table_is_answered_from_the_sequence() {
    let n = TABLE_LIMIT + 4321;
    let limits = Limits::default();
    for (name, opts, rule) in [
        ("grundy-game", &[][..], HeapRule::GrundyGame),
        (
            "octal",
            &[("code", "0.6")][..],
            HeapRule::TakeBreak(TakeBreak::parse("0.6").unwrap()),
        ),
    ] {
        let seq = compute(rule.clone(), n, &Control::default()).unwrap();
        let v = |k: usize| u64::from(seq.values()[k]);
        let mut wins = Vec::new();
        rule.for_each_option(n as usize, |parts| {
            if parts.iter().fold(0, |a, &q| a ^ v(q)) == 0 {
                let to: Vec<String> = parts.iter().map(usize::to_string).collect();
                wins.push(to.join(" "));
            }
        });
        let a = family(name, opts, &limits)
            .analyze(&[&n.to_string()], Play::Normal)
            .unwrap();
        assert_eq!(a.value, Some(v(n as usize)), "{name}");
        let got: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(got, wins, "{name}");
        assert_eq!(a.winning_move_count, Some(wins.len()), "{name}");
    }
}

/// The time limit covers computing the values: a limit of zero ends the
/// analysis with the time-limit error, naming the heaps computed.
#[test]
fn computing_the_values_obeys_the_time_limit() {
    let limits = Limits {
        max_time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let f = family("grundy-game", &[], &limits);
    for detail in [Detail::AllMoves, Detail::OutcomeOnly] {
        match f.analyze_with(&["5000000"], Play::Normal, detail) {
            Err(GameError::Search(SearchError::TimeLimitAt {
                limit,
                reached,
                kept: None,
            })) => {
                assert_eq!(limit, Duration::ZERO);
                assert!(reached < 5_000_000, "{reached}");
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Values that cannot fit in memory are refused before they are computed:
/// past the memory budget as the memory limit (raised with --max-memory),
/// past what the machine has as bad input, with the need in MiB.
#[test]
fn a_heap_whose_values_do_not_fit_is_refused() {
    let f = family("octal", &[("code", "0.6")], &Limits::default());
    match f.analyze_with(&["10000000000000"], Play::Normal, Detail::OutcomeOnly) {
        Err(GameError::Search(SearchError::MemoryLimit(limit))) => {
            assert_eq!(limit >> 20, Limits::default().max_memory >> 20);
        }
        other => panic!("{other:?}"),
    }
    let unbounded = Limits {
        max_memory: u64::MAX,
        ..Limits::default()
    };
    let f = family("octal", &[("code", "0.6")], &unbounded);
    match f.analyze_with(&["10000000000000"], Play::Normal, Detail::OutcomeOnly) {
        Err(GameError::Input(e)) => {
            assert!(e.contains("heap 10000000000000"), "{e}");
            assert!(e.contains("MiB"), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

/// A clock that moves one millisecond forward at every reading.
#[derive(Debug, Default)]
struct Ticking(std::sync::atomic::AtomicU64);

impl grundy_engine::Clock for Ticking {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
    }
}

/// Computing the heap values and the misère quotient are parts of one
/// answer, so they keep to the answer's end (`Limits::until`), not a time
/// limit of their own: with the end already past, a heap of 5,000,000 of
/// Grundy's game stops at once (it took its own hour before), and a
/// misère sum too large to search is not answered by a quotient grown
/// past the end.
#[test]
fn heap_values_and_the_quotient_keep_to_the_answers_end() {
    let clock = std::sync::Arc::new(Ticking(std::sync::atomic::AtomicU64::new(1_000)));
    let limits = Limits {
        max_time: Some(Duration::from_secs(3600)),
        until: Some(Duration::from_millis(10)),
        clock: Some(clock.clone() as grundy_engine::SharedClock),
        ..Limits::default()
    };
    let f = family("grundy-game", &[], &limits);
    match f.analyze_with(&["5000000"], Play::Normal, Detail::OutcomeOnly) {
        Err(GameError::Search(SearchError::TimeLimitAt { limit, reached, .. })) => {
            assert_eq!(
                limit,
                Duration::from_secs(3600),
                "the error names the limit"
            );
            assert!(reached < 100_000, "{reached} heaps computed past the end");
        }
        other => panic!("{other:?}"),
    }
    let kayles = family("kayles", &[], &limits);
    let heaps: Vec<String> = (0..40).map(|i| (30 + i).to_string()).collect();
    let words: Vec<&str> = heaps.iter().map(String::as_str).collect();
    match kayles.analyze_with(&words, Play::Misere, Detail::OutcomeOnly) {
        Err(GameError::Search(_)) => {}
        other => panic!("a quotient grown past the answer's end: {other:?}"),
    }
    // Without the past end, the same sum is answered by the quotient.
    let fresh = Limits {
        until: None,
        ..limits
    };
    let a = family("kayles", &[], &fresh)
        .analyze_with(&words, Play::Misere, Detail::OutcomeOnly)
        .unwrap();
    assert!(a.method.contains("quotient"), "{}", a.method);
}

/// Listing the first moves counts them all without building the others:
/// `kayles 3 4333331 3` has 1,083,336 winning moves, and the fuzzer's
/// analysis asking for four of them spent over a minute labelling every
/// one (issue 19). The count and the first four equal the full answer's,
/// checked on a position small enough to list whole, and the huge one
/// lists exactly four with the count the splits give.
#[test]
fn first_moves_are_counted_without_building_the_rest() {
    let limits = Limits::default();
    let kayles = family("kayles", &[], &limits);
    for words in [&["3", "40001", "3"][..], &["1", "2", "9999"], &["7", "7"]] {
        let full = kayles
            .analyze_with(words, Play::Normal, Detail::AllMoves)
            .unwrap();
        for k in [0, 1, 4, 100_000] {
            let first = kayles
                .analyze_with(words, Play::Normal, Detail::FirstMoves(k))
                .unwrap();
            assert_eq!(
                first.winning_move_count, full.winning_move_count,
                "{words:?}"
            );
            let want = &full.winning_moves[..k.min(full.winning_moves.len())];
            assert_eq!(first.winning_moves, want, "{words:?} k={k}");
            assert_eq!(first.value, full.value);
        }
    }
    let huge = kayles
        .analyze_with(&["3", "4333331", "3"], Play::Normal, Detail::FirstMoves(4))
        .unwrap();
    assert_eq!(huge.winning_moves.len(), 4);
    // The count by the definition: the splits of 4,333,331 (a pin or two
    // adjacent pins knocked down) whose values nim-sum to the heap's
    // target, plus those of each heap of 3.
    let n = 4_333_331u64;
    let seq = compute(
        HeapRule::TakeBreak(TakeBreak::parse("0.77").unwrap()),
        n,
        &Control::default(),
    )
    .unwrap();
    let v = |k: usize| u64::from(seq.values()[k]);
    let heaps = [3usize, n as usize, 3];
    let total = heaps.iter().fold(0, |t, &h| t ^ v(h));
    assert_ne!(total, 0);
    let mut count = 0;
    for &h in &heaps {
        // The other heaps' values: a winning split of h nim-sums to them.
        let rest = total ^ v(h);
        for take in 1..=2usize.min(h) {
            for a in 0..=(h - take) / 2 {
                if v(a) ^ v(h - take - a) == rest {
                    count += 1;
                }
            }
        }
    }
    assert_eq!(huge.winning_move_count, Some(count));
}
