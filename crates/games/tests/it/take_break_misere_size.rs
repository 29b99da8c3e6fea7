//! Misère take-and-break positions whose sums are too many to search are
//! refused at once, by a bound that counts the multisets of heaps a split
//! can make (the engine's per-heap size does not: `kayles 200 --misere`
//! ran into the 60 s time limit). The bound is checked against the sums the
//! misère solver really stores, and small positions are still answered.

use grundy_api::GameOptions;
use grundy_engine::{GameError, Limits, MisereSolver, Play, SearchError};
use grundy_games::misere_bound::{shrinking, splitting};
use grundy_games::take_break::{take_wording, TakeBreakGame};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::Arc;
use std::time::Duration;

/// Limits whose time budget a search that is not refused would hit.
fn limits() -> Limits {
    Limits {
        max_states: 10_000_000,
        max_time: Some(Duration::from_secs(2)),
        ..Limits::default()
    }
}

fn analyze(name: &str, options: &[(&str, &str)], words: &[&str]) -> Result<(), GameError> {
    let reg = grundy_games::find(name).expect("registered");
    let mut opts = GameOptions::default();
    for (k, v) in options {
        opts.set(k, v);
    }
    let family = reg.build(&opts, &limits())?;
    family.analyze(words, Play::Misere).map(|_| ())
}

/// A family's name, its options and a position.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

#[test]
fn large_misere_sums_are_refused_before_searching() {
    // Games whose misère quotient is not found within the 2 s limit: the
    // search's refusal stands.
    let cases: &[Case] = &[
        ("grundy-game", &[], &["100"]),
        ("octal", &[("code", "0.137")], &["100"]),
        ("dawson-kayles", &[], &["40", "40"]),
    ];
    // How fast the refusal comes is measured by benches/misere_refusal.rs.
    for (name, options, words) in cases {
        let e = analyze(name, options, words).unwrap_err();
        assert!(
            matches!(e, GameError::Search(SearchError::TooLarge { .. })),
            "{name} {words:?}: {e}"
        );
    }
}

/// A refused misère sum of a game whose quotient is proven is answered
/// through the quotient instead.
#[test]
fn refused_misere_sums_with_a_proven_quotient_are_answered() {
    let cases: &[Case] = &[
        ("kayles", &[], &["200"]),
        (
            "subtraction",
            &[("set", "1,3,4")],
            &["18446744073709551615"],
        ),
    ];
    for (name, options, words) in cases {
        let reg = grundy_games::find(name).expect("registered");
        let mut opts = GameOptions::default();
        for (k, v) in *options {
            opts.set(k, v);
        }
        let family = reg.build(&opts, &limits()).expect("builds");
        let a = family.analyze(words, Play::Misere).expect("answered");
        assert!(
            a.method.starts_with("misère quotient of order"),
            "{name} {words:?}: {}",
            a.method
        );
    }
}

#[test]
fn small_misere_sums_are_still_answered() {
    analyze("kayles", &[], &["10", "10", "10", "10"]).unwrap();
    analyze("octal", &[("code", "4.07")], &["20"]).unwrap();
    analyze("subtraction", &[("set", "1,3,4")], &["1000"]).unwrap();
    analyze("grundy-game", &[], &["20", "9"]).unwrap();
}

fn game(rule: HeapRule) -> Arc<TakeBreakGame> {
    Arc::new(TakeBreakGame::new(rule, take_wording))
}

#[test]
fn the_bounds_cover_the_sums_the_solver_stores() {
    let unbounded = Limits {
        max_states: u64::MAX,
        max_time: None,
        ..Limits::default()
    };
    let splitters = [
        HeapRule::GrundyGame,
        HeapRule::TakeBreak(TakeBreak::parse("0.77").unwrap()),
        HeapRule::TakeBreak(TakeBreak::parse("4.07").unwrap()),
        HeapRule::TakeBreak(TakeBreak::parse("0.F").unwrap()),
    ];
    let positions: &[&[u64]] = &[&[12], &[7, 7], &[5, 6, 3], &[4, 4, 4]];
    for rule in splitters {
        let g = game(rule);
        for p in positions {
            let mut solver = MisereSolver::new(g.clone(), unbounded.clone());
            solver.mover_wins(&p.to_vec()).unwrap();
            assert!(solver.states() as u128 <= splitting(p), "{p:?}");
        }
    }
    let g = game(HeapRule::TakeBreak(TakeBreak::parse("0.3033").unwrap()));
    for p in positions {
        let mut solver = MisereSolver::new(g.clone(), unbounded.clone());
        solver.mover_wins(&p.to_vec()).unwrap();
        assert!(solver.states() as u128 <= shrinking(p), "{p:?}");
    }
}
