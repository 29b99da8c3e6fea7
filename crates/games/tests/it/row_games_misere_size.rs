//! Misère positions of xo-row, kayles-row and checkers whose sums are too
//! many to search are refused at once (they ran into the 60 s time limit:
//! `xo-row ..........X.........O........`, a row of 70 pins, `checkers
//! 1,2,3 4,5,6 7,8,9 1 2 3`), by bounds checked here against the sums the
//! misère solver really stores; small positions are still answered.

use grundy_api::GameOptions;
use grundy_engine::{
    GameError, Impartial, Limits, MisereSolver, Play, Rules, SearchError, TextGame,
};
use grundy_games::checkers::Checkers;
use grundy_games::kayles_row::KaylesRow;
use grundy_games::misere_bound::{multisets, splitting};
use grundy_games::xo_row::XoRow;
use std::sync::Arc;
use std::time::Duration;

fn analyze(name: &str, words: &[&str]) -> Result<(), GameError> {
    let reg = grundy_games::find(name).expect("registered");
    let limits = Limits {
        max_states: 10_000_000,
        max_time: Some(Duration::from_secs(2)),
        ..Limits::default()
    };
    let family = reg.build(&GameOptions::default(), &limits)?;
    family.analyze(words, Play::Misere).map(|_| ())
}

#[test]
fn large_misere_positions_are_refused_before_searching() {
    let pins = "I".repeat(70);
    let cases: [(&str, &[&str]); 3] = [
        ("xo-row", &["..........X.........O........"]),
        ("kayles-row", &[&pins]),
        ("checkers", &["1,2,3", "4,5,6", "7,8,9", "1", "2", "3"]),
    ];
    // How fast the refusal comes is measured by benches/misere_refusal.rs.
    for (name, words) in cases {
        let e = analyze(name, words).unwrap_err();
        assert!(
            matches!(e, GameError::Search(SearchError::TooLarge { .. })),
            "{name} {words:?}: {e}"
        );
    }
}

#[test]
fn small_misere_positions_are_still_answered() {
    analyze("xo-row", &["X...O.."]).unwrap();
    analyze("xo-row", &[".............."]).unwrap();
    analyze("kayles-row", &["IIIIIIIIIIIIIIII.IIIIIIIIIIIII"]).unwrap();
    analyze("checkers", &["19,20", "18"]).unwrap();
    analyze("checkers", &["1", "2", "3", "4", "5"]).unwrap();
}

/// Runs the misère solver on `p` without limits; returns the sums stored.
fn stored<G: Impartial>(g: G, p: &G::Position) -> u128 {
    let unbounded = Limits {
        max_states: u64::MAX,
        max_time: None,
        ..Limits::default()
    };
    let mut solver = MisereSolver::new(Arc::new(g), unbounded);
    solver.mover_wins(p).unwrap();
    solver.states() as u128
}

#[test]
fn the_bounds_cover_the_sums_the_solver_stores() {
    for row in ["........", "X....O...", ".O..X..X.O"] {
        let g = XoRow;
        let p = g.parse(&[row]).unwrap();
        assert!(stored(g, &p) <= g.search_size(&p), "{row}");
    }
    for row in ["IIIIIIIIIII", "III.IIII.II", "IIIII.IIIII.I"] {
        let g = KaylesRow::new();
        let p = g.parse(&[row]).unwrap();
        let runs: Vec<u64> = row.split('.').map(|r| r.len() as u64).collect();
        assert!(stored(g, &p) <= splitting(&runs), "{row}");
    }
    // Rows of 1, 2 and 2 checkers on 20 cells.
    let g = Checkers::default();
    let p = g.parse(&["15", "17,19", "16,20"]).unwrap();
    let bound = multisets(20, 1) * multisets(190, 2);
    assert!(stored(g, &p) <= bound);
}

#[test]
fn the_pin_row_terminal_test_agrees_with_its_options() {
    let g = KaylesRow::new();
    for row in ["I", ".", "...", "I.I", ".I..", "....I", "IIII"] {
        let p = g.parse(&[row]).unwrap();
        assert_eq!(
            g.is_terminal(&p).unwrap(),
            g.options(&p).unwrap().is_empty(),
            "{row}"
        );
    }
}
