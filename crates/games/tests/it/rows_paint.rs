//! paint2xn: the run table against search of the grid, facts, text
//! contract, errors.

use crate::rows_support::{
    answer, build, check_misere_against_unsplit, check_text_contract, check_theory_against_unsplit,
    error, part_texts, Unsplit,
};
use grundy_engine::{Impartial, Limits, Play, Solver, TextGame};
use grundy_games::paint2xn::{self, run_values, Grid, Paint2xn};
use std::sync::Arc;

/// Every grid of `n` columns: each subset of the 2n cells painted.
fn all_grids(game: &Paint2xn) -> Vec<Grid> {
    let n = game.columns();
    (0u32..1 << (2 * n))
        .map(|mask| {
            let cells: Vec<String> = (0..2 * n)
                .filter(|b| mask >> b & 1 == 1)
                .map(|b| format!("{},{}", b / n + 1, b % n + 1))
                .collect();
            let words: Vec<&str> = cells.iter().map(String::as_str).collect();
            game.parse(&words).unwrap()
        })
        .collect()
}

#[test]
fn closed_form_matches_search_on_every_grid_up_to_six_columns() {
    for n in 1..=6 {
        let game = Paint2xn::new(n).unwrap();
        // The whole grid as one state: checks the decomposition too.
        let mut whole =
            Solver::search_only(Arc::new(Unsplit(Arc::new(game.clone()))), Limits::default());
        let mut split = Solver::new(Arc::new(game.clone()), Limits::default());
        for p in all_grids(&game) {
            let raw = whole.value(&p).unwrap();
            assert_eq!(game.closed_form(&p), Some(raw), "n={n} {}", game.format(&p));
            assert_eq!(split.value(&p).unwrap(), raw, "n={n} {}", game.format(&p));
        }
    }
}

#[test]
fn run_table_matches_search_of_clean_grids() {
    // Split search (the split is checked on whole grids above) reaches
    // wider grids than whole-grid search.
    let f = run_values(14);
    assert_eq!(&f[..3], &[0, 0, 2]);
    for (k, &value) in f.iter().enumerate().skip(1) {
        let game = Paint2xn::new(k).unwrap();
        let mut solver = Solver::search_only(Arc::new(game.clone()), Limits::default());
        assert_eq!(solver.value(&game.empty()).unwrap().0, value, "k={k}");
    }
}

#[test]
fn theory_matches_whole_grid_search() {
    for n in 1..=5 {
        let game = Paint2xn::new(n).unwrap();
        check_theory_against_unsplit(&game, &all_grids(&game));
    }
}

#[test]
fn components_are_runs_and_lone_cells() {
    let game = Paint2xn::new(9).unwrap();
    let p = game.parse(&["1,3", "1,4-2,4", "2,7"]).unwrap();
    let parts = part_texts(&game, &game.components(&p).unwrap());
    assert_eq!(
        parts,
        [
            "1,3-2,9",             // columns 1-2 free
            "1,1-2,2 1,3 1,4-2,9", // the lone cell 2,3
            "1,1-2,4 1,7-2,9",     // columns 5-6
            "1,1-2,6 2,7 1,8-2,9", // the lone cell 1,7
            "1,1-2,7",             // columns 8-9
        ]
    );
    grundy_engine::testing::parts_are_indecomposable(&game, &p).unwrap();
}

#[test]
fn text_contract_on_small_grids() {
    for n in 1..=4 {
        let game = Paint2xn::new(n).unwrap();
        for p in all_grids(&game) {
            check_text_contract(&game, &p);
        }
    }
    let game = Paint2xn::new(5).unwrap();
    assert_eq!(game.format(&game.empty()), "-");
    let p = game.parse(&["1,1", "2,1", "1,2-1,4", "2,5"]).unwrap();
    assert_eq!(game.format(&p), "1,1-2,1 1,2-1,4 2,5");
}

#[test]
fn facts() {
    let f = build(paint2xn::REGISTRATION, &[("n", "2")]);
    let (outcome, _, moves) = answer(&f, &[], Play::Normal);
    assert_eq!(outcome, "N");
    assert_eq!(moves, ["paint block 1,1-2,2"]);
    assert_eq!(answer(&f, &["-"], Play::Normal).0, "N");
    let (outcome, value, moves) = answer(&f, &["1,1", "2,2"], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("P", Some(0)));
    assert!(moves.is_empty());
    let f = build(paint2xn::REGISTRATION, &[("n", "3")]);
    let a = f.analyze(&["1,1"], Play::Normal).unwrap();
    assert_eq!(a.position, "1,1");
    for m in &a.winning_moves {
        let words: Vec<&str> = m.to.split_whitespace().collect();
        assert_eq!(
            f.analyze(&words, Play::Normal).unwrap().outcome.to_string(),
            "P"
        );
    }
}

#[test]
fn misere_by_parts_matches_whole_grid_search() {
    for n in 1..=4 {
        let game = Paint2xn::new(n).unwrap();
        check_misere_against_unsplit(&game, &all_grids(&game));
    }
    // One column: the mover paints one cell and the opponent must paint the
    // last; one cell left: the mover must paint it.
    let f = build(paint2xn::REGISTRATION, &[("n", "1")]);
    assert_eq!(answer(&f, &["-"], Play::Misere).0, "N");
    assert_eq!(answer(&f, &["1,1"], Play::Misere).0, "P");
    assert_eq!(answer(&f, &["1,1-2,1"], Play::Misere).0, "N");
    let (_, value, moves) = answer(&f, &["-"], Play::Misere);
    assert_eq!(value, None);
    assert_eq!(moves, ["paint 1,1", "paint 2,1"]);
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    let f = build(paint2xn::REGISTRATION, &[("n", "3")]);
    let e = error(&f, &["1;2"]);
    assert!(e.contains("'1;2'") && e.contains("row,col"), "{e}");
    let e = error(&f, &["1,4"]);
    assert!(e.contains("column") && e.contains("3 columns"), "{e}");
    let e = error(&f, &["3,1"]);
    assert!(e.contains("row") && e.contains("'3'"), "{e}");
    let e = error(&f, &["1,0"]);
    assert!(e.contains("column"), "{e}");
    let e = error(&f, &["1,2", "1,2"]);
    assert!(e.contains("1,2") && e.contains("twice"), "{e}");
    let e = error(&f, &["1,1-2,2", "2,1"]);
    assert!(e.contains("2,1") && e.contains("twice"), "{e}");
    let e = error(&f, &["2,2-1,1"]);
    assert!(e.contains("backwards"), "{e}");
    let e = error(&f, &["1,2-"]);
    assert!(e.contains("not a cell"), "{e}");
    let e = error(&f, &["-", "1,1"]);
    assert!(e.contains("'-'"), "{e}");
    let opts = grundy_api::GameOptions::default();
    let e = grundy_api::Registration::from(paint2xn::REGISTRATION)
        .build(&opts, &Limits::default())
        .expect_err("missing --n is an error")
        .to_string();
    assert!(e.contains("--n"), "{e}");
    let opts = grundy_api::GameOptions::new([("n".to_string(), "0".to_string())]);
    assert!(grundy_api::Registration::from(paint2xn::REGISTRATION)
        .build(&opts, &Limits::default())
        .is_err());
}

#[test]
fn wide_grids_use_the_table() {
    let f = build(paint2xn::REGISTRATION, &[("n", "2000")]);
    let a = f
        .analyze(&["1,1000", "2,1500-2,1600"], Play::Normal)
        .unwrap();
    assert!(a.method.contains("table of runs"), "{}", a.method);
    let table = run_values(2000);
    // Runs of 999, 499 and 400 columns, and 102 lone cells (1 + 101).
    assert_eq!(a.value, Some(table[999] ^ table[499] ^ table[400]));
}
