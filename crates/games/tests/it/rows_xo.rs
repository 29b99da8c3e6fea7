//! xo-row: closed forms against exhaustive search, text contract, errors.

use crate::rows_support::{
    all_words, answer, build, check_misere_against_unsplit, check_text_contract,
    check_theory_against_unsplit, error, part_texts, Unsplit,
};
use grundy_engine::{Impartial, Limits, Play, Rules, Solver, TextGame};
use grundy_games::xo_row::{self, run_value, Cell, XoRow};
use std::sync::Arc;

fn parse(text: &str) -> Vec<Cell> {
    XoRow.parse(&[text]).unwrap()
}

/// Every legal row (no equal adjacent letters) of length 1..=max_len.
fn legal_rows(max_len: usize) -> Vec<Vec<Cell>> {
    all_words(&['X', 'O', '.'], max_len)
        .into_iter()
        .filter(|w| !w.is_empty())
        .filter_map(|w| XoRow.parse(&[&w]).ok())
        .collect()
}

#[test]
fn closed_form_matches_search_on_every_row_up_to_ten_cells() {
    let game = XoRow;
    // Whole rows searched as one state: checks the split into runs too.
    let mut whole = Solver::search_only(Arc::new(Unsplit(Arc::new(XoRow))), Limits::default());
    let rows = legal_rows(10);
    assert!(
        rows.len() > 10_000,
        "enumeration covers {} rows",
        rows.len()
    );
    for p in &rows {
        let searched = whole.value(p).unwrap();
        assert_eq!(
            game.closed_form(p),
            Some(searched),
            "row {}",
            game.format(p)
        );
    }
}

#[test]
fn each_run_shape_matches_its_closed_form() {
    // Split search (the split is checked by the test above) reaches
    // longer runs than whole-row search.
    let game = XoRow;
    let mut solver = Solver::search_only(Arc::new(XoRow), Limits::default());
    let bounds = [None, Some(Cell::X), Some(Cell::O)];
    for left in bounds {
        for right in bounds {
            for n in 1..=14 {
                let mut p = Vec::new();
                p.extend(left);
                p.extend(std::iter::repeat_n(Cell::Empty, n));
                p.extend(right);
                let v = solver.component_value(&p).unwrap().0;
                assert_eq!(v, run_value(left, n, right), "{}", game.format(&p));
            }
        }
    }
}

#[test]
fn theory_matches_whole_row_search() {
    check_theory_against_unsplit(&XoRow, &legal_rows(8));
}

#[test]
fn components_are_indecomposable_runs() {
    let game = XoRow;
    let p = parse("X...O..X.O.");
    let parts = part_texts(&game, &game.components(&p).unwrap());
    // `X.O` has no legal move and is dropped.
    assert_eq!(parts, ["X...O", "O..X", "O."]);
    grundy_engine::testing::parts_are_indecomposable(&game, &p).unwrap();
    for p in legal_rows(7) {
        for q in game.components(&p).unwrap() {
            assert_eq!(
                game.components(&q).unwrap(),
                vec![q.clone()],
                "{}",
                game.format(&q)
            );
            assert!(!game.options(&q).unwrap().is_empty());
        }
    }
}

#[test]
fn text_contract_on_small_rows() {
    for p in legal_rows(6) {
        check_text_contract(&XoRow, &p);
    }
}

#[test]
fn analyze_reports_values_and_winning_moves() {
    let f = build(xo_row::REGISTRATION, &[]);
    // A border-letter run of 3 (value 3) and a run between different
    // letters (value 0): total 3. The winning moves are those search finds.
    let (outcome, value, moves) = answer(&f, &["...X.O"], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("N", Some(3)));
    let game = XoRow;
    let mut solver = Solver::search_only(Arc::new(XoRow), Limits::default());
    let p = parse("...X.O");
    let expected: Vec<String> = game
        .moves(&p)
        .unwrap()
        .into_iter()
        .filter(|m| solver.value(&m.to).unwrap().0 == 0)
        .map(|m| m.label)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(moves, expected);
    // Two borders, even length: second player wins.
    let (outcome, value, _) = answer(&f, &["...."], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("P", Some(0)));
    let (outcome, _, moves) = answer(&f, &["..."], Play::Normal);
    assert_eq!(outcome, "N");
    assert_eq!(moves, ["X at 2", "O at 2"]);
}

#[test]
fn misere_by_runs_matches_whole_row_search() {
    check_misere_against_unsplit(&XoRow, &legal_rows(7));
}

#[test]
fn misere_small_rows() {
    let f = build(xo_row::REGISTRATION, &[]);
    // `.` : the only moves end the game, so the mover loses in misère.
    assert_eq!(answer(&f, &["."], Play::Misere).0, "P");
    // `X.O`: no move at all, so the mover wins in misère.
    assert_eq!(answer(&f, &["X.O"], Play::Misere).0, "N");
    // `X.X`: one forced move (O) ending the game: mover loses.
    assert_eq!(answer(&f, &["X.X"], Play::Misere).0, "P");
    let (outcome, value, _) = answer(&f, &["X...O..X"], Play::Misere);
    assert!(outcome == "N" || outcome == "P");
    assert_eq!(value, None);
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    let f = build(xo_row::REGISTRATION, &[]);
    let e = error(&f, &["X.XX."]);
    assert!(e.contains("columns 3 and 4") && e.contains("'X'"), "{e}");
    let e = error(&f, &["OO"]);
    assert!(e.contains("columns 1 and 2") && e.contains("'O'"), "{e}");
    let e = error(&f, &["X.o"]);
    assert!(e.contains("'o'") && e.contains("column 3"), "{e}");
    let e = error(&f, &[]);
    assert!(e.contains("no row"), "{e}");
    let e = error(&f, &["X..", "O"]);
    assert!(e.contains("one row"), "{e}");
}

#[test]
fn long_rows_are_answered_by_closed_form() {
    let f = build(xo_row::REGISTRATION, &[]);
    let text = format!("X{}O{}", ".".repeat(3000), ".".repeat(2001));
    let a = f.analyze(&[&text], Play::Normal).unwrap();
    // 0 (different letters) XOR 2001 (letter-border).
    assert_eq!(a.value, Some(2001));
    assert!(a.method.contains("closed forms"), "{}", a.method);
    // The winning moves leave the letter-border run worth 0: they fill it
    // (`X at 5002`... only where a letter is allowed) -- check each by
    // analysing the position it leaves.
    assert!(!a.winning_moves.is_empty());
    for m in &a.winning_moves {
        let after = f.analyze(&[&m.to], Play::Normal).unwrap();
        assert_eq!(after.value, Some(0), "{}", m.label);
    }
}
