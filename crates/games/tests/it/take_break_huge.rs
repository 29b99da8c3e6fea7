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

fn family(name: &str, opts: &[(&str, &str)], limits: &Limits) -> Box<dyn grundy_api::Family> {
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
