//! Coin-turning games solved two ways: by search over sets of heads under
//! the rule (the reference) and by the rule's value sequence; every row of
//! up to 14 coins, every rule. Product games against search on small
//! boards.

use grundy_api::GameOptions;
use grundy_engine::testing::{check_contracts, Unsplit};
use grundy_engine::{Detail, Impartial, Limits, Nimber, Outcome, Play, Solver, TextGame};
use grundy_games::coins::position::{parse_row, Row};
use grundy_games::coins::product::{parse_board, Board, ProductGame};
use grundy_games::coins::rule::CoinRule;
use grundy_games::coins::CoinGame;
use proptest::prelude::*;
use std::sync::Arc;

const RULES: &[&str] = &[
    "single",
    "one-or-two",
    "run:1",
    "run:2",
    "run:3",
    "run:5",
    "subtract:1",
    "subtract:1,3,4",
    "subtract:2,5,7",
    "twins:1",
    "twins:1,3,4",
    "twins:2,3",
    "mock-turtles",
    "ruler",
    "grunt",
];

fn game(rule: &str) -> CoinGame {
    CoinGame::new(CoinRule::parse(rule).unwrap())
}

fn row(mask: u64, len: u64) -> Row {
    Row {
        len,
        heads: (1..=len).filter(|&i| mask >> (i - 1) & 1 == 1).collect(),
    }
}

#[test]
fn sequence_agrees_with_search_on_every_row_of_up_to_14_coins() {
    for rule in RULES {
        let (g, mut search) = with_search(game(rule));
        // Trailing tails change nothing, so the rows of 14 coins cover
        // every shorter row too.
        for mask in 0..1u64 << 14 {
            let p = row(mask, 14);
            let v = search.value(&p).unwrap();
            assert_eq!(g.closed_form(&p), Some(v), "{rule} {p:?}");
        }
    }
}

/// `g` shared, and a search of its whole positions (no theory, no split
/// into components) to check it against.
fn with_search<G: TextGame + 'static>(g: G) -> (Arc<G>, Solver<Unsplit<G>>) {
    let g = Arc::new(g);
    let search = Solver::search_only(Arc::new(Unsplit(g.clone())), Limits::default());
    (g, search)
}

/// The product game `a x b` of two coin rules (which must parse).
fn product(a: &str, b: &str) -> ProductGame {
    ProductGame::new(CoinRule::parse(a).unwrap(), CoinRule::parse(b).unwrap())
}

/// Where the normal-play theory's winning moves lead, and where the moves
/// to positions of value 0 by `search` lead, each sorted.
fn winning_targets<G: TextGame + 'static>(
    g: &Arc<G>,
    search: &mut Solver<Unsplit<G>>,
    p: &G::Position,
) -> (Vec<G::Position>, Vec<G::Position>) {
    let t = g.theory(p, Play::Normal).unwrap();
    let mut got: Vec<G::Position> = t.winning_moves.into_iter().map(|m| m.to).collect();
    let mut want: Vec<G::Position> = g
        .moves(p)
        .unwrap()
        .into_iter()
        .map(|m| m.to)
        .filter(|q| search.value(q).unwrap().0 == 0)
        .collect();
    got.sort();
    want.sort();
    (got, want)
}

#[test]
fn winning_moves_agree_with_search() {
    for rule in RULES {
        let (g, mut search) = with_search(game(rule));
        for mask in 0..1u64 << 10 {
            let p = row(mask, 10);
            let (got, want) = winning_targets(&g, &mut search, &p);
            assert_eq!(got, want, "{rule} {p:?}");
        }
    }
}

#[test]
fn contracts_on_small_rows() {
    for rule in RULES {
        let g = Arc::new(game(rule));
        let rows: Vec<Row> = (0..1u64 << 7).map(|m| row(m, 7)).collect();
        let r = check_contracts(&g, &rows, &Limits::default()).unwrap();
        assert_eq!(r.positions, rows.len());
    }
}

#[test]
fn long_rows_answer_from_the_sequence() {
    // 10^9 coins, 50 heads: rules with closed forms or proven periods.
    let heads: Vec<String> = (0..50u64)
        .map(|i| (1 + i * 19_999_999 + i * i).to_string())
        .collect();
    let text = format!("1000000000:{}", heads.join(","));
    for rule in [
        "single",
        "one-or-two",
        "run:7",
        "subtract:1,3,4",
        "twins:2,5",
        "ruler",
    ] {
        let g = game(rule);
        let p = g.parse(&[&text]).unwrap();
        let v = g.closed_form(&p).unwrap().0;
        let t = g.theory(&p, Play::Normal).unwrap();
        for m in &t.winning_moves {
            assert_eq!(g.closed_form(&m.to).unwrap().0, 0, "{rule} {}", m.label);
        }
        // A position of value v != 0 always has a move to 0.
        assert_eq!(v != 0, !t.winning_moves.is_empty(), "{rule}");
    }
    // Mock turtles: the value is a formula, even if the moves are many.
    let g = game("mock-turtles");
    let p = g.parse(&[&text]).unwrap();
    assert!(g.closed_form(&p).is_some());
}

fn products() -> Vec<(&'static str, &'static str)> {
    vec![
        ("one-or-two", "one-or-two"),
        ("ruler", "mock-turtles"),
        ("single", "ruler"),
        ("subtract:1,2", "twins:1,2"),
        ("run:2", "one-or-two"),
    ]
}

fn board(mask: u64, w: u64, h: u64) -> Board {
    let mut heads = Vec::new();
    for x in 0..w {
        for y in 0..h {
            if mask >> (x * h + y) & 1 == 1 {
                heads.push((x, y));
            }
        }
    }
    Board { heads }
}

#[test]
fn products_agree_with_search_on_small_boards() {
    for (a, b) in products() {
        let (g, mut search) = with_search(product(a, b));
        for mask in 0..1u64 << 12 {
            let p = board(mask, 4, 3);
            let v = search.value(&p).unwrap();
            assert_eq!(g.closed_form(&p), Some(v), "{a} x {b} {p:?}");
            let (got, want) = winning_targets(&g, &mut search, &p);
            assert_eq!(got, want, "{a} x {b} {p:?}");
            // `--outcome-only` (issue 19): the Tartan theorem's outcome
            // alone, no move looked for, equal to search's.
            let wins = v.0 != 0;
            let t = g.theory_outcome(&p, Play::Normal).unwrap();
            assert_eq!(t.outcome, Outcome::from_mover_wins(wins), "{a} x {b} {p:?}");
            assert!(t.winning_moves.is_empty());
        }
        assert!(g.theory_outcome(&board(1, 4, 3), Play::Misere).is_none());
        let small: Vec<Board> = (0..1u64 << 6).map(|m| board(m, 3, 2)).collect();
        check_contracts(&g, &small, &Limits::default()).unwrap();
    }
}

#[test]
fn turning_corners_is_the_nim_product() {
    let one_or_two = CoinRule::parse("one-or-two").unwrap();
    let g = ProductGame::new(one_or_two.clone(), one_or_two);
    // 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13, 16 ⊗ 16 = 24 (spec section 7).
    for (x, v) in [(2, 3), (4, 6), (8, 13), (16, 24)] {
        assert_eq!(g.head_value((x, x)), Some(v));
    }
    // Far coordinates: a head and its mirror image cancel.
    let far = (1u64 << 32) - 1;
    let p = g
        .parse(&[&format!("{far},123456789"), &format!("123456789,{far}")])
        .unwrap();
    assert_eq!(g.closed_form(&p), Some(grundy_engine::Nimber(0)));
    assert!(g.theory(&p, Play::Normal).unwrap().winning_moves.is_empty());
    // Far along one axis only: the moves are found through the short axis.
    let p = g.parse(&[&format!("{far},3"), "5,2"]).unwrap();
    let v = g.closed_form(&p).unwrap().0;
    assert_ne!(v, 0);
    let t = g.theory(&p, Play::Normal).unwrap();
    assert!(!t.winning_moves.is_empty());
    for m in &t.winning_moves {
        assert_eq!(g.closed_form(&m.to).unwrap().0, 0, "{}", m.label);
    }
}

proptest! {
    #[test]
    fn row_parser_never_panics(s in "\\PC{0,30}") {
        let _ = parse_row(&[&s]);
    }

    #[test]
    fn row_parser_never_panics_on_near_misses(s in "[0-9HT:,x]{0,30}") {
        let _ = parse_row(&[&s]);
    }

    #[test]
    fn board_parser_never_panics(s in "[0-9, \\-]{0,30}") {
        let _ = parse_board(&[&s]);
    }

    #[test]
    fn rule_parser_never_panics(s in "[a-z:0-9,\\-]{0,20}") {
        let _ = CoinRule::parse(&s);
    }
}

/// `--outcome-only` on a product (issue 19): the Tartan theorem's outcome
/// and value, no move looked for (on small boards checked against search
/// in `products_agree_with_search_on_small_boards`); far heads, whose
/// winning moves turn billions of coins (6 GB and an abort before), are
/// answered at once.
#[test]
fn outcome_only_products_use_the_tartan_theorem_alone() {
    let opts = GameOptions::new([
        ("x".to_string(), "ruler".to_string()),
        ("y".to_string(), "mock-turtles".to_string()),
    ]);
    let f = grundy_games::find("coin-product")
        .unwrap()
        .build(&opts, &Limits::default())
        .unwrap();
    // ruler at x is the lowest bit of x; mock-turtles at y the odious
    // number of rank y - 1 (y = 178: 355, y = 256: 511).
    for (x, y, gy) in [(2_204_121_929u64, 178u64, 355u64), (1_000_001, 256, 511)] {
        let a = f
            .analyze_with(&[&format!("{x},{y}")], Play::Normal, Detail::OutcomeOnly)
            .unwrap();
        let want = (Nimber(x & x.wrapping_neg()) * Nimber(gy)).0;
        assert_eq!(a.value, Some(want), "{x},{y}");
        assert_eq!(a.outcome, Outcome::from_mover_wins(want != 0));
        assert!(a.method.starts_with("Tartan theorem"), "{}", a.method);
        assert_eq!(a.winning_move_count, None);
    }
}

/// `--max-moves K` on a product whose moves are too many (issue 19): the
/// first K winning moves found one move set at a time. On small boards
/// they are K of the moves search finds winning; far from the origin each
/// leaves a board of value 0.
#[test]
fn the_first_winning_moves_of_a_product_are_winning() {
    for (a, b) in products() {
        let (g, mut search) = with_search(product(a, b));
        for mask in 0..1u64 << 12 {
            let p = board(mask, 4, 3);
            let (_, want) = winning_targets(&g, &mut search, &p);
            for k in [1, 2, 5] {
                let t = g.theory_first(&p, Play::Normal, k).unwrap();
                let got: Vec<Board> = t.winning_moves.iter().map(|m| m.to.clone()).collect();
                assert_eq!(got.len(), k.min(want.len()), "{a} x {b} {p:?}");
                assert!(got.iter().all(|q| want.contains(q)), "{a} x {b} {p:?}");
            }
        }
    }
    // Far heads; a ruler move turns thousands of coins here. A move leaving
    // more heads than a position may hold is passed over (its `to` would
    // not read back), so each board left is one `analyze` reads.
    for (a, b, head) in [
        ("one-or-two", "one-or-two", "3699942501,3250643525"),
        ("ruler", "mock-turtles", "2204121929,178"),
    ] {
        let g = product(a, b);
        let p = g.parse(&[head]).unwrap();
        let t = g.theory_first(&p, Play::Normal, 4).unwrap();
        assert_eq!(t.winning_moves.len(), 4, "{a} x {b}");
        for m in &t.winning_moves {
            assert!(
                m.to.heads.len() <= grundy_games::heaps::MAX_HEADS,
                "{}",
                m.label
            );
            assert_eq!(g.closed_form(&m.to), Some(Nimber(0)), "{}", m.label);
        }
    }
}
