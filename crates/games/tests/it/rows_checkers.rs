//! checkers: the staircase reduction against search on every row of width
//! up to 12, facts, text contract, errors.

use crate::rows_support::{
    answer, build, check_misere_against_unsplit, check_text_contract, check_theory_against_unsplit,
    error, Unsplit,
};
use grundy_engine::{Impartial, Limits, Play, Solver, TextGame};
use grundy_games::checkers::{self, Checkers, MAX_ROWS};
use std::sync::Arc;

/// Every board of `rows` rows of `width` cells.
fn boards(width: u32, rows: u32) -> Vec<Vec<u32>> {
    let per_row = 1u32 << width;
    (0..per_row.pow(rows))
        .map(|mut code| {
            (0..rows)
                .map(|_| {
                    let r = code % per_row;
                    code /= per_row;
                    r
                })
                .collect()
        })
        .collect()
}

#[test]
fn staircase_value_matches_search_on_every_row_up_to_width_12() {
    for width in 1..=12 {
        let game = Checkers::with_width(width).unwrap();
        let mut solver = Solver::search_only(Arc::new(Unsplit(Arc::new(game))), Limits::default());
        for p in boards(width, 1) {
            let searched = solver.value(&p).unwrap();
            assert_eq!(
                game.closed_form(&p),
                Some(searched),
                "width {width}, row {}",
                game.format(&p)
            );
        }
    }
}

#[test]
fn boards_of_several_rows_are_sums() {
    for (width, rows) in [(4, 2), (3, 3)] {
        let game = Checkers::with_width(width).unwrap();
        let mut whole = Solver::search_only(Arc::new(Unsplit(Arc::new(game))), Limits::default());
        let mut split = Solver::new(Arc::new(game), Limits::default());
        for p in boards(width, rows) {
            let v = whole.value(&p).unwrap();
            assert_eq!(game.closed_form(&p), Some(v), "{}", game.format(&p));
            assert_eq!(split.value(&p).unwrap(), v, "{}", game.format(&p));
        }
    }
}

#[test]
fn theory_matches_whole_board_search() {
    for width in 1..=8 {
        let game = Checkers::with_width(width).unwrap();
        check_theory_against_unsplit(&game, &boards(width, 1));
    }
    let game = Checkers::with_width(4).unwrap();
    check_theory_against_unsplit(&game, &boards(4, 2));
}

#[test]
fn misere_by_rows_matches_whole_board_search() {
    let game = Checkers::with_width(3).unwrap();
    check_misere_against_unsplit(&game, &boards(3, 2));
    let game = Checkers::with_width(5).unwrap();
    check_misere_against_unsplit(&game, &boards(5, 1));
}

#[test]
fn facts() {
    let f = build(checkers::REGISTRATION, &[]);
    let (outcome, value, moves) = answer(&f, &["19,20"], Play::Normal);
    assert_eq!((outcome.as_str(), value, moves.len()), ("P", Some(0), 0));
    let (outcome, value, moves) = answer(&f, &["19", "18"], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("N", Some(1)));
    // `19` is stair 1 (one checker, value 1); `18` is stair 2 (value 0).
    // Winning: empty stair 1 (19 -> 20), or move 18's checker to stair 1.
    assert_eq!(moves, ["row 1: 19 -> 20", "row 2: 18 -> 19"]);
    // The jump: 17 jumps over 18 and 19 to 20.
    let a = f.analyze(&["17,18,19"], Play::Normal).unwrap();
    assert!(a.winning_moves.iter().any(|m| m.label == "row 1: 17 -> 20"));
}

#[test]
fn misere_small_boards() {
    let f = build(checkers::REGISTRATION, &[]);
    // One checker at 20: no move, the mover wins in misère.
    assert_eq!(answer(&f, &["20"], Play::Misere).0, "N");
    // One checker at 19: its move is forced and ends the game: mover loses.
    assert_eq!(answer(&f, &["19"], Play::Misere).0, "P");
    let (outcome, value, moves) = answer(&f, &["18", "-"], Play::Misere);
    assert_eq!((outcome.as_str(), value), ("N", None));
    assert_eq!(moves, ["row 1: 18 -> 19"]);
}

#[test]
fn text_contract() {
    let game = Checkers::with_width(5).unwrap();
    for p in boards(5, 1).into_iter().chain(boards(3, 2)) {
        check_text_contract(&game, &p);
    }
    let game = Checkers::default();
    let p = game.parse(&["20,3,7", "-", "1"]).unwrap();
    assert_eq!(game.format(&p), "3,7,20 - 1");
    check_text_contract(&game, &p);
}

#[test]
fn a_thousand_rows() {
    let f = build(checkers::REGISTRATION, &[]);
    // 998 rows where no checker can move, then the rows `19` and `18`.
    let mut rows: Vec<String> = (0..MAX_ROWS - 2)
        .map(|i| match i % 3 {
            0 => "20".to_string(),
            1 => "18,19,20".to_string(),
            _ => "-".to_string(),
        })
        .collect();
    rows.push("19".into());
    rows.push("18".into());
    let args: Vec<&str> = rows.iter().map(String::as_str).collect();
    let game = Checkers::default();
    let p = game.parse(&args).unwrap();
    assert_eq!(game.row_value(p[1]), 0);
    assert_eq!(game.row_value(p[2]), 0);
    let a = f.analyze(&args, Play::Normal).unwrap();
    assert!(a.method.contains("staircase"), "{}", a.method);
    assert_eq!(a.value, Some(1));
    let labels: Vec<&str> = a.winning_moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["row 999: 19 -> 20", "row 1000: 18 -> 19"]);
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    let f = build(checkers::REGISTRATION, &[]);
    let e = error(&f, &["19,21"]);
    assert!(
        e.contains("row 1") && e.contains("'21'") && e.contains("20"),
        "{e}"
    );
    let e = error(&f, &["1", "0"]);
    assert!(e.contains("row 2") && e.contains("'0'"), "{e}");
    let e = error(&f, &["3,x"]);
    assert!(e.contains("'x'"), "{e}");
    let e = error(&f, &["3,3"]);
    assert!(e.contains("cell 3") && e.contains("twice"), "{e}");
    let e = error(&f, &["3,"]);
    assert!(e.contains("row 1"), "{e}");
    let e = error(&f, &["1", ""]);
    assert!(e.contains("row 2") && e.contains("`-`"), "{e}");
    let e = error(&f, &[]);
    assert!(e.contains("no rows"), "{e}");
    let many = vec!["1"; MAX_ROWS + 1];
    let e = error(&f, &many);
    assert!(e.contains("too many rows") && e.contains("1000"), "{e}");
}
