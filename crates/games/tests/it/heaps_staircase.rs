//! Staircase nim and chessmen (games.md section 2): closed forms and
//! theory against search on every small position, misère by search.

use crate::heaps_common::*;
use grundy_api::{GameOptions, Registration};
use grundy_engine::{Impartial, Limits, MisereSolver, Outcome, Play, Rules};
use grundy_games::chessmen::{self, Chessmen, MAX_CELL};
use grundy_games::staircase::{self, Staircase, MAX_COUNTERS};
use std::sync::Arc;

fn staircases() -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for len in 1..=3 {
        out.extend(heap_lists(len, 4));
    }
    out.extend(heap_lists(4, 3));
    out.extend(heap_lists(5, 2));
    out
}

/// Every non-empty set of cells within 1..=`max`.
fn configurations(max: u64) -> Vec<Vec<u64>> {
    (1u32..1 << max)
        .map(|mask| (1..=max).filter(|c| mask >> (c - 1) & 1 == 1).collect())
        .collect()
}

#[test]
fn staircase_is_nim_on_odd_stairs() {
    let g = Arc::new(Staircase);
    closed_form_matches(&g, &staircases());
    theory_matches(&g, &staircases(), Play::Normal);
    let a = analyze(staircase::REGISTRATION, &[], &["2 1 3 2 4"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(2 ^ 3 ^ 4));
}

#[test]
fn staircase_moves_from_even_stairs_win_too() {
    // Odd stairs hold 1 and 0: XOR 1. Stair 1 may drop its counter; stair
    // 2 cannot help (stair 1 would have to shrink); stair 4 may raise
    // stair 3 from 0 to 1.
    let a = analyze(
        staircase::REGISTRATION,
        &[],
        &["1", "5", "0", "2"],
        Play::Normal,
    )
    .unwrap();
    let moves = move_pairs(&a);
    assert_eq!(
        moves,
        [
            ("move 1 from stair 1 to stair 0", "0 5 0 2"),
            ("move 1 from stair 4 to stair 3", "1 5 1 1"),
        ]
    );
}

#[test]
fn staircase_misere_is_searched() {
    let g = Arc::new(Staircase);
    let mut misere = MisereSolver::new(g, Limits::default());
    for p in heap_lists(3, 3) {
        let text = grundy_games::heaps::format_heaps(&p);
        let a = analyze(staircase::REGISTRATION, &[], &[&text], Play::Misere).unwrap();
        assert_eq!(
            a.outcome == Outcome::N,
            misere.mover_wins(&p).unwrap(),
            "{text}"
        );
        assert!(a.method.contains("search"));
    }
}

#[test]
fn chessmen_pair_from_the_right() {
    let g = Arc::new(Chessmen);
    let configs = configurations(10);
    closed_form_matches(&g, &configs);
    theory_matches(&g, &configs, Play::Normal);
    // 1 5 6: pairs (5, 6) and (0, 1), both gaps 0.
    let a = analyze(chessmen::REGISTRATION, &[], &["1", "5", "6"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::P, Some(0)));
    // 2 5 9: pairs (5, 9) gap 3 and (0, 2) gap 1: value 2.
    let a = analyze(chessmen::REGISTRATION, &[], &["9", "2", "5"], Play::Normal).unwrap();
    assert_eq!(a.position, "2 5 9");
    assert_eq!(a.value, Some(3 ^ 1));
    let moves = move_pairs(&a);
    // Only shrinking the right pair's gap to 1 wins.
    assert_eq!(moves, [("piece on 9 -> 7", "2 5 7")]);
    // 2 6 7: gaps 1 (pair with 0) and 0 (pair 6, 7): value 1. Close the
    // left gap (2 -> 1), or move 6 left to open the right pair's gap to 1.
    let a = analyze(chessmen::REGISTRATION, &[], &["2 6 7"], Play::Normal).unwrap();
    let moves = move_pairs(&a);
    assert_eq!(
        moves,
        [("piece on 2 -> 1", "1 6 7"), ("piece on 6 -> 5", "2 5 7")]
    );
}

#[test]
fn chessmen_misere_is_searched() {
    let g = Arc::new(Chessmen);
    let mut misere = MisereSolver::new(g, Limits::default());
    for p in configurations(7) {
        let text = grundy_games::heaps::format_heaps(&p);
        let a = analyze(chessmen::REGISTRATION, &[], &[&text], Play::Misere).unwrap();
        assert_eq!(
            a.outcome == Outcome::N,
            misere.mover_wins(&p).unwrap(),
            "{text}"
        );
    }
}

#[test]
fn largest_positions_answer() {
    let big = MAX_COUNTERS.to_string();
    let a = analyze(staircase::REGISTRATION, &[], &["0", &big], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::P, Some(0)));
    let cell = MAX_CELL.to_string();
    let a = analyze(chessmen::REGISTRATION, &[], &["1", &cell], Play::Normal).unwrap();
    assert_eq!(a.value, Some(MAX_CELL - 2));
    assert_eq!(a.winning_moves[0].to, "1 2");
}

#[test]
fn text_contracts() {
    for p in staircases() {
        round_trip(&Staircase, &p);
        moves_are_options(&Staircase, &p);
    }
    for p in configurations(7) {
        round_trip(&Chessmen, &p);
        moves_are_options(&Chessmen, &p);
    }
    assert_eq!(
        Staircase.components(&vec![0, 2, 0, 0]).unwrap(),
        vec![vec![0, 2]]
    );
    assert!(Staircase.components(&vec![0, 0]).unwrap().is_empty());
    assert!(Chessmen.components(&vec![1, 2, 3]).unwrap().is_empty());
}

#[test]
fn bad_input_is_an_error() {
    let over = (MAX_COUNTERS + 1).to_string();
    let half = (MAX_COUNTERS / 2 + 1).to_string();
    for bad in [
        &["-3"][..],
        &["abc"],
        &[over.as_str()],
        &[&half, &half],
        &[],
    ] {
        let r = analyze(staircase::REGISTRATION, &[], bad, Play::Normal);
        assert!(r.is_err(), "staircase {bad:?} accepted");
    }
    let over = (MAX_CELL + 1).to_string();
    for bad in [
        &["0"][..],
        &["-3"],
        &["x"],
        &["3", "3"],
        &[over.as_str()],
        &[],
    ] {
        let r = analyze(chessmen::REGISTRATION, &[], bad, Play::Normal);
        assert!(r.is_err(), "chessmen {bad:?} accepted");
    }
    let e = analyze(chessmen::REGISTRATION, &[], &["4", "2", "4"], Play::Normal).unwrap_err();
    assert!(e.contains("cell 4"), "{e}");
}

#[test]
fn huge_misere_positions_are_refused_at_once() {
    // Two parts of 50,001 positions each: up to 2.5 * 10^9 sums stored.
    let e = analyze(
        staircase::REGISTRATION,
        &[],
        &["50000", "50000"],
        Play::Misere,
    )
    .unwrap_err();
    assert!(e.contains("too large for search"), "{e}");
    let e = analyze(
        chessmen::REGISTRATION,
        &[],
        &["1", "50000", "100000"],
        Play::Misere,
    )
    .unwrap_err();
    assert!(e.contains("too large for search"), "{e}");
    // One part with 100,000 moves a position: the misère bound counts the
    // sums stored, not the moves listed, so the refusal, if any, comes
    // from the part's own search size, else the time limit ends the
    // search: a limit either way, in well under the default minute.
    let limits = Limits {
        max_time: Some(std::time::Duration::from_millis(300)),
        ..Limits::default()
    };
    for (reg, args) in [
        (staircase::REGISTRATION, ["0", "100000"]),
        (chessmen::REGISTRATION, ["1", "100000"]),
    ] {
        let family = Registration::from(reg)
            .build(&GameOptions::default(), &limits)
            .unwrap();
        let e = family.analyze(&args, Play::Misere).unwrap_err().to_string();
        assert!(
            e.contains("search limit hit") || e.contains("too large for search"),
            "{e}"
        );
    }
    // The bound is an upper bound on what the misère search visits.
    for p in heap_lists(3, 3) {
        let mut misere = MisereSolver::new(Arc::new(Staircase), Limits::default());
        misere.mover_wins(&p).unwrap();
        let bound: u128 = Staircase
            .components(&p)
            .unwrap()
            .iter()
            .map(|q| Staircase.search_size(q))
            .product();
        assert!(bound >= misere.states() as u128, "{p:?}");
    }
}
