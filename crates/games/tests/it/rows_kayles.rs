//! kayles-row: 0.77 values of the runs against search of whole rows,
//! text contract, errors.

use crate::rows_support::{
    all_words, answer, build, check_misere_against_unsplit, check_text_contract,
    check_theory_against_unsplit, error, part_texts, Unsplit,
};
use grundy_engine::{Impartial, Limits, Play, Solver, TextGame};
use grundy_games::kayles_row::{self, KaylesRow};
use std::sync::Arc;

/// Every row of length 1..=max_len.
fn rows(max_len: usize) -> Vec<Vec<bool>> {
    let game = KaylesRow::new();
    all_words(&['I', '.'], max_len)
        .into_iter()
        .filter(|w| !w.is_empty())
        .map(|w| game.parse(&[&w]).unwrap())
        .collect()
}

#[test]
fn kayles_values_match_search_on_every_row_up_to_14_cells() {
    let game = KaylesRow::new();
    let mut whole =
        Solver::search_only(Arc::new(Unsplit(Arc::new(game.clone()))), Limits::default());
    for p in rows(14) {
        let searched = whole.value(&p).unwrap();
        assert_eq!(game.closed_form(&p), Some(searched), "{}", game.format(&p));
    }
    // The first Kayles values, from the literature.
    let first = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2];
    for (k, &v) in first.iter().enumerate() {
        assert_eq!(game.run_value(k), Some(v), "run of {k}");
    }
}

#[test]
fn theory_matches_whole_row_search() {
    check_theory_against_unsplit(&KaylesRow::new(), &rows(10));
}

#[test]
fn misere_by_runs_matches_whole_row_search() {
    check_misere_against_unsplit(&KaylesRow::new(), &rows(8));
}

#[test]
fn components_are_runs_of_pins() {
    let game = KaylesRow::new();
    let p = game.parse(&["II.I..III"]).unwrap();
    let parts = part_texts(&game, &game.components(&p).unwrap());
    assert_eq!(parts, ["II", "I", "III"]);
    grundy_engine::testing::parts_are_indecomposable(&game, &p).unwrap();
}

#[test]
fn text_contract_on_small_rows() {
    let game = KaylesRow::new();
    for p in rows(8) {
        check_text_contract(&game, &p);
    }
}

#[test]
fn analyze_names_knocks() {
    let f = build(kayles_row::REGISTRATION, &[]);
    // Three pins are *3; only knocking the middle pin leaves 0 (`I.I`).
    let (outcome, value, moves) = answer(&f, &["III"], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("N", Some(3)));
    assert_eq!(moves, ["knock down 2"]);
    // Two pins: knock both.
    let (_, _, moves) = answer(&f, &[".II."], Play::Normal);
    assert_eq!(moves, ["knock down 2-3"]);
    let (outcome, value, moves) = answer(&f, &["I.I"], Play::Normal);
    assert_eq!((outcome.as_str(), value, moves.len()), ("P", Some(0), 0));
    // Misère: one pin, the mover must take the last one and loses.
    assert_eq!(answer(&f, &["I"], Play::Misere).0, "P");
    assert_eq!(answer(&f, &["..."], Play::Misere).0, "N");
    let (outcome, _, moves) = answer(&f, &["II"], Play::Misere);
    assert_eq!(outcome, "N");
    assert_eq!(moves, ["knock down 1", "knock down 2"]);
}

#[test]
fn long_rows_use_the_table() {
    let f = build(kayles_row::REGISTRATION, &[]);
    let text = format!("{}.{}", "I".repeat(5000), "I".repeat(4000));
    let a = f.analyze(&[&text], Play::Normal).unwrap();
    assert!(a.method.contains("0.77"), "{}", a.method);
    let game = KaylesRow::new();
    let v = game.run_value(5000).unwrap() ^ game.run_value(4000).unwrap();
    assert_eq!(a.value, Some(v));
    for m in &a.winning_moves {
        assert_eq!(f.analyze(&[&m.to], Play::Normal).unwrap().value, Some(0));
    }
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    let f = build(kayles_row::REGISTRATION, &[]);
    let e = error(&f, &["II.X"]);
    assert!(e.contains("'X'") && e.contains("column 4"), "{e}");
    let e = error(&f, &["ii"]);
    assert!(e.contains("'i'") && e.contains("column 1"), "{e}");
    let e = error(&f, &[]);
    assert!(e.contains("no row"), "{e}");
}
