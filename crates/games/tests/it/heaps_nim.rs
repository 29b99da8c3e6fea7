//! Nim (games.md section 2) and misère nim (section 3): the facts, and
//! theory against search on every small position.

use crate::heaps_common::*;
use grundy_engine::{Impartial, Outcome, Play, TextGame};
use grundy_games::nim::{self, Nim};
use std::sync::Arc;

fn small_positions() -> Vec<Vec<u64>> {
    let mut out = heap_lists(1, 7);
    out.extend(heap_lists(2, 6));
    out.extend(heap_lists(3, 4));
    out.extend(heap_lists(4, 2));
    out
}

#[test]
fn three_four_five_has_one_winning_move() {
    let a = analyze(nim::REGISTRATION, &[], &["3", "4", "5"], Play::Normal).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.value, Some(3 ^ 4 ^ 5));
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].label, "heap 1: 3 -> 1");
    assert_eq!(a.winning_moves[0].to, "1 4 5");
    let b = analyze(nim::REGISTRATION, &[], &["1 4 5"], Play::Normal).unwrap();
    assert_eq!(b.outcome, Outcome::P);
}

#[test]
fn p_iff_xor_zero() {
    let g = Nim;
    for p in small_positions() {
        let x = p.iter().fold(0, |a, &h| a ^ h);
        let t = g.theory(&p, Play::Normal).unwrap();
        assert_eq!(t.outcome == Outcome::P, x == 0, "{p:?}");
    }
}

#[test]
fn closed_form_is_search() {
    closed_form_matches(&Arc::new(Nim), &small_positions());
}

#[test]
fn normal_theory_is_search() {
    theory_matches(&Arc::new(Nim), &small_positions(), Play::Normal);
}

#[test]
fn misere_theory_is_search() {
    theory_matches(&Arc::new(Nim), &small_positions(), Play::Misere);
}

#[test]
fn misere_facts() {
    let p = |args: &[&str]| {
        analyze(nim::REGISTRATION, &[], args, Play::Misere)
            .unwrap()
            .outcome
    };
    // All heaps <= 1: P iff XOR = 1 (an odd number of ones).
    assert_eq!(p(&["1"]), Outcome::P);
    assert_eq!(p(&["1", "1"]), Outcome::N);
    assert_eq!(p(&["1", "1", "1"]), Outcome::P);
    assert_eq!(p(&["0"]), Outcome::N);
    // Some heap > 1: P iff XOR = 0.
    assert_eq!(p(&["2", "2"]), Outcome::P);
    assert_eq!(p(&["1", "4", "5"]), Outcome::P);
    assert_eq!(p(&["3", "4", "5"]), Outcome::N);
    // One big heap: reduce it to 0 or 1 so an odd number of ones remains.
    let a = analyze(nim::REGISTRATION, &[], &["5", "1", "1"], Play::Misere).unwrap();
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].label, "heap 1: 5 -> 1");
    assert_eq!(a.winning_moves[0].to, "1 1 1");
}

#[test]
fn huge_heaps_are_instant_in_both_plays() {
    let max = u64::MAX.to_string();
    let args = [max.as_str(), "12345678901234567890", "7"];
    let a = analyze(nim::REGISTRATION, &[], &args, Play::Normal).unwrap();
    let x = u64::MAX ^ 12345678901234567890 ^ 7;
    assert_eq!(a.value, Some(x));
    assert_eq!(a.outcome, Outcome::N);
    for m in &a.winning_moves {
        let back = analyze(nim::REGISTRATION, &[], &[&m.to], Play::Normal).unwrap();
        assert_eq!(back.outcome, Outcome::P, "{}", m.to);
    }
    let b = analyze(nim::REGISTRATION, &[], &args, Play::Misere).unwrap();
    assert_eq!(b.outcome, Outcome::N);
    assert!(b.winning_move_count >= Some(1));
    for m in &b.winning_moves {
        let back = analyze(nim::REGISTRATION, &[], &[&m.to], Play::Misere).unwrap();
        assert_eq!(back.outcome, Outcome::P, "{}", m.to);
    }
}

#[test]
fn text_contracts() {
    let g = Nim;
    for p in small_positions() {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
    round_trip(&g, &vec![u64::MAX, 0, 1]);
}

#[test]
fn components_drop_empty_heaps() {
    assert_eq!(
        Nim.components(&vec![0, 3, 0, 3]).unwrap(),
        vec![vec![3], vec![3]]
    );
    let a = analyze(nim::REGISTRATION, &[], &["0", "0"], Play::Normal).unwrap();
    assert_eq!(a.outcome, Outcome::P);
    assert!(a.components.is_empty());
}

#[test]
fn bad_input_is_an_error() {
    for bad in [
        &["-3"][..],
        &["abc"],
        &["3", "4x"],
        &["18446744073709551616"],
        &["1.5"],
        &[],
    ] {
        let e = analyze(nim::REGISTRATION, &[], bad, Play::Normal);
        assert!(e.is_err(), "{bad:?} accepted");
    }
    let e = analyze(nim::REGISTRATION, &[], &["3", "-3"], Play::Normal).unwrap_err();
    assert!(e.contains("heap 2") && e.contains("-3"), "{e}");
}

#[test]
fn seq_gives_heap_values() {
    let family = build(nim::REGISTRATION, &[]).unwrap();
    let r = family.seq(10, &grundy_api::SeqControl::default()).unwrap();
    assert_eq!(r.values, (0..=10).collect::<Vec<u64>>());
    assert_eq!(r.period, None);
    assert!(family
        .seq(
            grundy_games::formula::MAX_SEQ + 1,
            &grundy_api::SeqControl::default()
        )
        .is_err());
}
