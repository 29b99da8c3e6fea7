//! treblecross: sensible play and 0.007 against exhaustive search of the
//! raw rules on every row of up to 14 cells, facts, misère, text contract,
//! errors.

use crate::rows_support::{
    all_words, answer, build, check_text_contract, error, part_texts, Unsplit,
};
use grundy_engine::{analyze, Impartial, Limits, MisereSolver, Play, Solver, TextGame};
use grundy_games::treblecross::{self, RawTreblecross, Treblecross};
use std::collections::HashMap;
use std::sync::Arc;

/// Every row of 1..=max_len cells without XXX.
fn rows(max_len: usize) -> Vec<Vec<bool>> {
    all_words(&['X', '.'], max_len)
        .into_iter()
        .filter(|w| !w.is_empty() && !w.contains("XXX"))
        .map(|w| w.chars().map(|c| c == 'X').collect())
        .collect()
}

fn text(p: &[bool]) -> String {
    p.iter().map(|&x| if x { 'X' } else { '.' }).collect()
}

/// The raw outcome and winning cells (1-based) of every row up to 14
/// cells, by search of the raw rules with one shared table.
#[test]
fn sensible_play_matches_raw_search_on_every_row_up_to_14_cells() {
    let raw = Arc::new(RawTreblecross);
    let mut raw_solver = Solver::search_only(raw.clone(), Limits::default());
    let game = Treblecross::new();
    let mut normal = Solver::new(Arc::new(game.clone()), Limits::default());
    let mut misere = MisereSolver::new(Arc::new(game.clone()), Limits::default());
    let all = rows(14);
    // Rows of n cells without XXX: 2, 4, 7, 13, ... (each the sum of the
    // three before); 12638 for n = 1..=14.
    assert_eq!(all.len(), 12_638);
    for p in &all {
        let raw_wins = raw_solver.value(p).unwrap().0 != 0;
        let raw_winning: Vec<String> = raw
            .moves(p)
            .unwrap()
            .into_iter()
            .filter(|m| raw_solver.value(&m.to).unwrap().0 == 0)
            .map(|m| m.label)
            .collect();
        let a = analyze(
            "treblecross",
            &game,
            &mut normal,
            &mut misere,
            p,
            Play::Normal,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", text(p)));
        let labels: Vec<String> = a.winning_moves.into_iter().map(|m| m.label).collect();
        assert_eq!(
            a.outcome.to_string() == "N",
            raw_wins,
            "outcome of {}",
            text(p)
        );
        assert_eq!(labels, raw_winning, "winning cells of {}", text(p));
    }
}

#[test]
fn closed_form_matches_search_of_sensible_play() {
    // Values, not just outcomes: the 0.007 mapping against search of the
    // same rules, split into segments and whole.
    let game = Treblecross::new();
    let mut split = Solver::search_only(Arc::new(game.clone()), Limits::default());
    let mut whole =
        Solver::search_only(Arc::new(Unsplit(Arc::new(game.clone()))), Limits::default());
    for p in rows(14) {
        let v = split.value(&p).unwrap();
        if let Some(c) = game.closed_form(&p) {
            assert_eq!(c, v, "closed form of {}", text(&p));
        } else {
            assert!(p.len() <= 2, "only short rows lack a closed form");
        }
        if p.len() <= 11 {
            assert_eq!(whole.value(&p).unwrap(), v, "split of {}", text(&p));
        }
    }
}

#[test]
fn normal_play_parts_are_segments_of_safe_runs() {
    let game = Treblecross::new();
    let p = game.parse(&["......X........X.X..X....."]).unwrap();
    // `X.X` is a threat: one part.
    assert_eq!(game.normal_play_parts(&p).unwrap(), vec![p.clone()]);
    let p = game.parse(&["......X.........X...X......"]).unwrap();
    let parts = part_texts(&game, &game.normal_play_parts(&p).unwrap());
    assert_eq!(parts, ["......X", "X.........X", "X......"]);
    grundy_engine::testing::parts_are_indecomposable(&game, &p).unwrap();
    // Every cell dead: nothing left.
    assert!(game
        .normal_play_parts(&game.parse(&["..X....X.."]).unwrap())
        .unwrap()
        .is_empty());
    // The true components never split a row: an X anywhere may end the game.
    let p = game.parse(&["......X.........X...X......"]).unwrap();
    assert_eq!(game.components(&p).unwrap(), vec![p.clone()]);
    assert!(game
        .components(&game.parse(&["XXX."]).unwrap())
        .unwrap()
        .is_empty());
}

#[test]
fn facts() {
    let f = build(treblecross::REGISTRATION, &[]);
    let (outcome, _, moves) = answer(&f, &["....."], Play::Normal);
    assert_eq!(outcome, "N");
    assert_eq!(moves, ["X at 3"]);
    let (outcome, _, moves) = answer(&f, &["..........."], Play::Normal);
    assert_eq!(outcome, "N");
    assert_eq!(moves, ["X at 3", "X at 6", "X at 9"]);
    let (outcome, value, moves) = answer(&f, &["X...X"], Play::Normal);
    assert_eq!((outcome.as_str(), value, moves.len()), ("P", Some(0), 0));
    // Threats: every completing cell, increasing.
    let (outcome, value, moves) = answer(&f, &["X.X..XX."], Play::Normal);
    assert_eq!((outcome.as_str(), value), ("N", Some(1)));
    assert_eq!(moves, ["X at 2", "X at 5", "X at 8"]);
    // A finished game.
    let (outcome, value, moves) = answer(&f, &[".XXX."], Play::Normal);
    assert_eq!((outcome.as_str(), value, moves.len()), ("P", Some(0), 0));
    // Short rows by search of the raw rules.
    assert_eq!(answer(&f, &["."], Play::Normal).0, "N");
    assert_eq!(answer(&f, &[".."], Play::Normal).0, "P");
    assert_eq!(answer(&f, &[".X"], Play::Normal).2, ["X at 1"]);
    // The cli.md example row: every empty cell is within two of an X.
    let a = f.analyze(&["..X....X.."], Play::Normal).unwrap();
    assert_eq!((a.outcome.to_string().as_str(), a.value), ("P", Some(0)));
    assert!(a.components.is_empty());
}

/// Misère treblecross by a plain recursive search of the raw rules (no
/// memo, no engine): the player who cannot move wins.
fn misere_wins(p: &mut Vec<bool>, memo: &mut HashMap<Vec<bool>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let over = p.windows(3).any(|w| w.iter().all(|&x| x));
    let empty: Vec<usize> = (0..p.len()).filter(|&i| !p[i]).collect();
    let wins = if over || empty.is_empty() {
        true
    } else {
        empty.into_iter().any(|i| {
            p[i] = true;
            let opponent = misere_wins(p, memo);
            p[i] = false;
            !opponent
        })
    };
    memo.insert(p.clone(), wins);
    wins
}

#[test]
fn misere_is_raw_search() {
    let f = build(treblecross::REGISTRATION, &[]);
    let mut memo = HashMap::new();
    for p in rows(7) {
        let (outcome, value, moves) = answer(&f, &[&text(&p)], Play::Misere);
        assert_eq!(value, None);
        let wins = misere_wins(&mut p.clone(), &mut memo);
        assert_eq!(outcome == "N", wins, "misère {}", text(&p));
        let expected: Vec<String> = (0..p.len())
            .filter(|&i| !p[i])
            .filter(|&i| {
                let mut q = p.clone();
                q[i] = true;
                !misere_wins(&mut q, &mut memo)
            })
            .map(|i| format!("X at {}", i + 1))
            .collect();
        assert_eq!(moves, if wins { expected } else { vec![] }, "{}", text(&p));
    }
    // Making XXX loses in misère: `XX.` forces the mover to complete it.
    assert_eq!(answer(&f, &["XX."], Play::Misere).0, "P");
    assert_eq!(answer(&f, &[".XXX"], Play::Misere).0, "N");
}

#[test]
fn text_contract_on_small_rows() {
    let game = Treblecross::new();
    for p in rows(8) {
        check_text_contract(&game, &p);
        check_text_contract(&RawTreblecross, &p);
    }
}

#[test]
fn long_rows_are_instant() {
    let f = build(treblecross::REGISTRATION, &[]);
    let long = format!("{}X{}", ".".repeat(1500), ".".repeat(1500));
    let a = f.analyze(&[&long], Play::Normal).unwrap();
    assert!(a.method.contains("0.007"), "{}", a.method);
    let game = Treblecross::new();
    let v = game.safe_run_value(1498).unwrap() ^ game.safe_run_value(1498).unwrap();
    assert_eq!(a.value, Some(v));
    assert_eq!(a.outcome.to_string(), "P");
    let long = ".".repeat(3001);
    let a = f.analyze(&[&long], Play::Normal).unwrap();
    for m in &a.winning_moves {
        let after = f.analyze(&[&m.to], Play::Normal).unwrap();
        assert_eq!(after.value, Some(0), "{}", m.label);
    }
    // Symmetry: the centre cell is one of the winning moves when the row
    // wins (an odd row: answer the mirror).
    if a.outcome.to_string() == "N" {
        assert!(a.winning_moves.iter().any(|m| m.label == "X at 1501"));
    }
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    let f = build(treblecross::REGISTRATION, &[]);
    let e = error(&f, &["..x.."]);
    assert!(e.contains("'x'") && e.contains("column 3"), "{e}");
    let e = error(&f, &["..O"]);
    assert!(e.contains("'O'") && e.contains("'X' or '.'"), "{e}");
    let e = error(&f, &["..", "X"]);
    assert!(e.contains("one row"), "{e}");
    let e = error(&f, &[]);
    assert!(e.contains("no row"), "{e}");
    let e = error(&f, &[&".".repeat(10_001)]);
    assert!(e.contains("at most 10000"), "{e}");
    let e = f.analyze(&["X?"], Play::Misere).unwrap_err().to_string();
    assert!(e.contains("'?'") && e.contains("column 2"), "{e}");
}
