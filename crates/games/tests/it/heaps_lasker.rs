//! Lasker's nim (games.md section 2): the closed form against search to
//! heap 64, theory against search on small sums, misère by search.

use crate::heaps_common::*;
use grundy_engine::{Impartial, Limits, MisereSolver, Outcome, Play, Solver};
use grundy_games::lasker::{self, heap_value, Lasker, MAX_HEAP};
use std::sync::Arc;

#[test]
fn closed_form_is_search_to_64() {
    let g = Arc::new(Lasker);
    let mut search = Solver::search_only(g.clone(), Limits::default());
    for n in 0..=64u64 {
        assert_eq!(search.value(&vec![n]).unwrap().0, heap_value(n), "heap {n}");
    }
    let expected = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11];
    let first: Vec<u64> = (0..13).map(heap_value).collect();
    assert_eq!(first, expected);
    let mut sums = heap_lists(2, 10);
    sums.extend(heap_lists(3, 5));
    closed_form_matches(&g, &sums);
}

#[test]
fn normal_theory_is_search() {
    let mut positions = heap_lists(1, 20);
    positions.extend(heap_lists(2, 9));
    positions.extend(heap_lists(3, 4));
    theory_matches(&Arc::new(Lasker), &positions, Play::Normal);
}

#[test]
fn misere_is_searched() {
    let g = Arc::new(Lasker);
    let mut misere = MisereSolver::new(g.clone(), Limits::default());
    for p in heap_lists(2, 5) {
        let args: Vec<String> = p.iter().map(u64::to_string).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let a = analyze(lasker::REGISTRATION, &[], &args, Play::Misere).unwrap();
        let wins = misere.mover_wins(&p).unwrap();
        assert_eq!(a.outcome == Outcome::N, wins, "{p:?}");
        assert!(a.method.contains("search"), "{}", a.method);
    }
    // One counter: the mover must take it, and the opponent, left without a
    // move, wins.
    let a = analyze(lasker::REGISTRATION, &[], &["1"], Play::Misere).unwrap();
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn split_moves_are_labelled_and_round_trip() {
    // 3 has value 4, 1 has value 1: total 5; the winning moves of heap 1
    // reach value 1 (3 -> 1, or 3 -> 1 + 2 with 1 ^ 2 = 3: no).
    let a = analyze(lasker::REGISTRATION, &[], &["3", "1"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(5));
    let labels: Vec<&str> = a.winning_moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["heap 1: 3 -> 1"]);
    // 4 (value 3) + 3 (value 4) = 7: heap 1 to value 4 (4 -> 3), heap 2 to
    // value 3 by the split 3 -> 1 + 2 (1 ^ 2 = 3).
    let a = analyze(lasker::REGISTRATION, &[], &["4", "3"], Play::Normal).unwrap();
    let moves = move_pairs(&a);
    assert_eq!(
        moves,
        [("heap 1: 4 -> 3", "3 3"), ("heap 2: 3 -> 1 + 2", "4 1 2")]
    );
    let g = Lasker;
    for p in heap_lists(2, 6) {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
}

#[test]
fn largest_heaps_answer() {
    let big = MAX_HEAP.to_string();
    let a = analyze(
        lasker::REGISTRATION,
        &[],
        &[&big, "99999", "3"],
        Play::Normal,
    )
    .unwrap();
    assert_eq!(
        a.value,
        Some(heap_value(MAX_HEAP) ^ heap_value(99_999) ^ heap_value(3))
    );
    assert!(Lasker.components(&vec![MAX_HEAP, 0]).unwrap().len() == 1);
}

#[test]
fn bad_input_is_an_error() {
    let over = (MAX_HEAP + 1).to_string();
    for bad in [&["-3"][..], &["abc"], &[over.as_str()], &[]] {
        assert!(
            analyze(lasker::REGISTRATION, &[], bad, Play::Normal).is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn seq_is_the_searched_sequence() {
    let family = build(lasker::REGISTRATION, &[]).unwrap();
    let r = family.seq(40, &grundy_api::SeqControl::default()).unwrap();
    let mut search = Solver::search_only(Arc::new(Lasker), Limits::default());
    let searched: Vec<u64> = (0..=40u64)
        .map(|n| search.value(&vec![n]).unwrap().0)
        .collect();
    assert_eq!(r.values, searched);
    assert_eq!(r.period, None);
}

#[test]
fn misere_size_bounds_the_misere_search() {
    for p in heap_lists(2, 7).into_iter().chain(heap_lists(3, 4)) {
        let mut misere = MisereSolver::new(Arc::new(Lasker), Limits::default());
        misere.mover_wins(&p).unwrap();
        let bound = lasker::misere_size(&p);
        assert!(
            bound >= misere.states() as u128,
            "{p:?}: {bound} < {}",
            misere.states()
        );
    }
    // Sixty single counters: few states, admitted.
    assert!(lasker::misere_size(&[1; 60]) < 10_000_000);
}

#[test]
fn huge_misere_positions_are_refused_at_once() {
    for args in [&["100000"][..], &["300", "200"], &["90"]] {
        let e = analyze(lasker::REGISTRATION, &[], args, Play::Misere).unwrap_err();
        assert!(e.contains("too large for search"), "{args:?}: {e}");
    }
    let ones = vec!["1"; 61];
    let a = analyze(lasker::REGISTRATION, &[], &ones, Play::Misere).unwrap();
    assert_eq!(a.outcome, Outcome::P);
}
