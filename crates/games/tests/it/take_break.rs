//! The take-and-break families against search: table values equal the
//! engine's search of the raw rule, theory's winning moves equal the moves
//! to P-positions found by search, and the documented facts hold.

use grundy_api::GameOptions;
use grundy_engine::{Detail, Impartial, Limits, Nimber, Play, Rules, Solver, TextGame};
use grundy_games::take_break::{take_wording, TakeBreakGame};
use grundy_games::{find, registry};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::Arc;

fn game(code: &str) -> TakeBreakGame {
    TakeBreakGame::new(
        HeapRule::TakeBreak(TakeBreak::parse(code).unwrap()),
        take_wording,
    )
}

fn limits() -> Limits {
    Limits {
        max_states: 1_000_000,
        max_time: None,
        ..Limits::default()
    }
}

const CODES: &[&str] = &[
    "0.77", "0.07", "0.137", "0.007", "0.6", "0.16", "4.07", "0.F", "0.3033", "0.51",
];

#[test]
fn table_values_equal_search() {
    for code in CODES {
        let g = Arc::new(game(code));
        let mut search = Solver::search_only(g.clone(), limits());
        for n in 0..=24u64 {
            assert_eq!(
                g.closed_form(&vec![n]),
                Some(search.value(&vec![n]).unwrap()),
                "{code} heap {n}"
            );
        }
    }
    let g = Arc::new(TakeBreakGame::new(HeapRule::GrundyGame, take_wording));
    let mut search = Solver::search_only(g.clone(), limits());
    for n in 0..=30u64 {
        assert_eq!(
            g.closed_form(&vec![n]),
            Some(search.value(&vec![n]).unwrap())
        );
    }
}

#[test]
fn theory_winning_moves_equal_search() {
    for code in CODES {
        let g = Arc::new(game(code));
        let mut search = Solver::search_only(g.clone(), limits());
        for a in 0..9u64 {
            for b in 0..9u64 {
                let p = vec![a, b, 3];
                let theory = g.theory(&p, Play::Normal).unwrap();
                let expected: Vec<Vec<u64>> = g
                    .moves(&p)
                    .unwrap()
                    .into_iter()
                    .filter(|m| search.value(&m.to).unwrap() == Nimber(0))
                    .map(|m| m.to)
                    .collect();
                let got: Vec<Vec<u64>> = theory.winning_moves.into_iter().map(|m| m.to).collect();
                assert_eq!(got, expected, "{code} {p:?}");
            }
        }
    }
}

#[test]
fn moves_are_the_options_and_round_trip() {
    let g = game("4.07");
    let p = vec![6, 0, 5];
    let mut from_moves: Vec<Vec<u64>> = g.moves(&p).unwrap().into_iter().map(|m| m.to).collect();
    let mut options = g.options(&p).unwrap();
    from_moves.sort();
    options.sort();
    assert_eq!(from_moves, options);
    for m in g.moves(&p).unwrap() {
        let text = g.format(&m.to);
        let words: Vec<&str> = text.split(' ').collect();
        assert_eq!(g.parse(&words).unwrap(), m.to);
    }
}

fn build(name: &str, opts: &[(&str, &str)]) -> Result<grundy_api::Family, String> {
    let reg = find(name).unwrap();
    let o = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    reg.build(&o, &limits()).map_err(|e| e.to_string())
}

#[test]
fn documented_facts() {
    // Grundy's game: first values from games.md section 2.
    let f = build("grundy-game", &[]).unwrap();
    let expected = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
    ];
    for (n, v) in expected.iter().enumerate() {
        let a = f.analyze(&[&n.to_string()], Play::Normal).unwrap();
        assert_eq!(a.value, Some(*v), "grundy-game {n}");
    }
    // 0.007 (Treblecross as heaps) starts as games.md section 4 says.
    let f = build("octal", &[("code", "0.007")]).unwrap();
    let expected = [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2];
    for (n, v) in expected.iter().enumerate() {
        assert_eq!(
            f.analyze(&[&n.to_string()], Play::Normal).unwrap().value,
            Some(*v)
        );
    }
    // Kayles is 0.77 and dawson-kayles is 0.07.
    let k = build("kayles", &[]).unwrap();
    let o = build("octal", &[("code", "0.77")]).unwrap();
    let d = build("dawson-kayles", &[]).unwrap();
    let d2 = build("octal", &[("code", "0.07")]).unwrap();
    for n in 0..40 {
        let s = n.to_string();
        assert_eq!(
            k.analyze(&[&s], Play::Normal).unwrap().value,
            o.analyze(&[&s], Play::Normal).unwrap().value
        );
        assert_eq!(
            d.analyze(&[&s], Play::Normal).unwrap().value,
            d2.analyze(&[&s], Play::Normal).unwrap().value
        );
    }
    // Subtraction {1,2,3} is n mod 4.
    let s = build("subtraction", &[("set", "1,2,3")]).unwrap();
    for n in 0..30u64 {
        assert_eq!(
            s.analyze(&[&n.to_string()], Play::Normal).unwrap().value,
            Some(n % 4)
        );
    }
}

#[test]
fn misere_is_searched() {
    // Misère Kayles: the mover facing one pin must take the last one and
    // loses; facing two, knocks one down and leaves the last to the other.
    let k = build("kayles", &[]).unwrap();
    let outcome = |s: &str| format!("{}", k.analyze(&[s], Play::Misere).unwrap().outcome);
    assert_eq!(outcome("1"), "P");
    assert_eq!(outcome("2"), "N");
    assert_eq!(outcome("3"), "N");
    assert_eq!(outcome("1 1 1"), "P");
    assert_eq!(outcome("1 1"), "N");
}

#[test]
fn bad_input_is_an_error() {
    for code in ["0.8x", "0.", "", "abc", "1.7", "0.000"] {
        assert!(build("octal", &[("code", code)]).is_err(), "code {code:?}");
    }
    assert!(build("octal", &[]).err().unwrap().contains("--code"));
    for set in ["", "0", "1,,2", "-1", "a"] {
        assert!(
            build("subtraction", &[("set", set)]).is_err(),
            "set {set:?}"
        );
    }
    assert!(build("subtraction", &[]).err().unwrap().contains("--set"));
    let k = build("kayles", &[]).unwrap();
    assert!(k.analyze(&["-3"], Play::Normal).is_err());
    assert!(k.analyze(&["x"], Play::Normal).is_err());
}

#[test]
fn registry_names_are_unique() {
    let regs = registry();
    let mut names: Vec<&str> = regs.iter().map(|r| r.name.as_str()).collect();
    let n = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), n);
}

#[test]
fn huge_heaps_use_the_proven_period_or_refuse_cleanly() {
    // Subtraction {1,3,4} has period 7 (values 0 1 0 1 2 3 2), proven, so a
    // heap of 10^12 is answered from it.
    let s = build("subtraction", &[("set", "1,3,4")]).unwrap();
    let a = s.analyze(&["1000000000000"], Play::Normal).unwrap();
    assert_eq!(
        a.value,
        Some([0, 1, 0, 1, 2, 3, 2][(1_000_000_000_000u64 % 7) as usize])
    );
    // Kayles's value at 10^12 comes from its period; listing every split
    // of such a heap is not attempted: the answer says so in a note.
    let k = build("kayles", &[]).unwrap();
    let a = k.analyze(&["1000000000000", "5"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(1 ^ 4));
    assert_eq!(a.winning_move_count, None);
    assert!(a.winning_moves.is_empty());
    assert!(
        a.notes
            .iter()
            .any(|n| n.contains("winning moves not listed") && n.contains("--max-moves K")),
        "{:?}",
        a.notes
    );
}

/// `--max-moves K` in a heap with too many options: the first K winning
/// splits the value table shows, looked for one at a time, uncounted;
/// each leaves a position of value 0.
#[test]
fn the_first_winning_moves_of_a_huge_heap_are_found_one_at_a_time() {
    let k = build("kayles", &[]).unwrap();
    let d = build("dawson-kayles", &[]).unwrap();
    // Kayles 10^12: no split after taking one pin wins, so the winning
    // moves come after 5 * 10^11 options, found by stepping by the period.
    for (family, heaps) in [
        (&k, &["1000000000001", "1"][..]),
        (&k, &["1000000000000"]),
        (&d, &["1000000000000"]),
    ] {
        let a = family
            .analyze_with(heaps, Play::Normal, Detail::FirstMoves(3))
            .unwrap();
        assert_ne!(a.value, Some(0), "{heaps:?}");
        assert_eq!(a.winning_move_count, None, "{heaps:?}");
        assert!(!a.winning_moves.is_empty(), "{heaps:?}");
        assert!(a.winning_moves.len() <= 3);
        for m in &a.winning_moves {
            let words: Vec<&str> = m.to.split_whitespace().collect();
            let after = family
                .analyze_with(&words, Play::Normal, Detail::OutcomeOnly)
                .unwrap();
            assert_eq!(after.value, Some(0), "{heaps:?} {}", m.label);
        }
    }
}

#[test]
fn terminal_test_agrees_with_listing_options() {
    for code in CODES {
        let g = game(code);
        for n in 0..40u64 {
            assert_eq!(
                g.is_terminal(&vec![n]).unwrap(),
                g.options(&vec![n]).unwrap().is_empty(),
                "{code} {n}"
            );
        }
    }
    let g = TakeBreakGame::new(HeapRule::GrundyGame, take_wording);
    for n in 0..10u64 {
        assert_eq!(
            g.is_terminal(&vec![n]).unwrap(),
            g.options(&vec![n]).unwrap().is_empty()
        );
    }
}

/// The first winning moves found one at a time (stepping by the proven
/// period through the splits of a long heap) are the first of the full
/// list the theory makes by going through every option.
#[test]
fn the_first_winning_moves_found_are_the_first_of_the_full_list() {
    let mut games: Vec<TakeBreakGame> = CODES.iter().map(|c| game(c)).collect();
    games.push(TakeBreakGame::new(HeapRule::GrundyGame, take_wording));
    for g in &games {
        for p in [vec![500u64], vec![777], vec![1234, 3], vec![4097, 100, 7]] {
            let Some(full) = g.theory(&p, Play::Normal) else {
                panic!("{:?} {p:?}: no theory", g.rule())
            };
            for k in [1usize, 4, 100, 100_000] {
                let first = g.theory_first(&p, Play::Normal, k).unwrap();
                let want = &full.winning_moves[..k.min(full.winning_moves.len())];
                assert_eq!(first.winning_moves, want, "{:?} {p:?} {k}", g.rule());
                assert_eq!(first.outcome, full.outcome);
            }
        }
    }
    // Kayles's period is proven by then, so its splits were stepped through.
    let source = games[0].closed_form_source(&vec![500]).unwrap();
    assert!(source.contains("proven period"), "{source}");
}
