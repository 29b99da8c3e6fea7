//! Misère answers read off a quotient against a plain misère search from
//! the rules: for wild codes, whose whole quotient is not found, every sum
//! is answered from the bounded quotient Q_n of its largest heap n, with
//! the outcome and the winning moves the search finds (the search is the
//! engine's `MisereSolver` over the game's own options, which knows no
//! quotient).

use grundy_api::Adapter;
use grundy_engine::{Analysis, Detail, Limits, MisereSolver, TextGame};
use grundy_games::take_break::{quotient_answers, take_wording, TakeBreakGame};
use grundy_sequence::{HeapRule, TakeBreak};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Every multiset of one to `count` heaps of 1..=`max`, as heap lists.
fn sums(max: u64, count: usize) -> Vec<Vec<u64>> {
    fn rec(max: u64, count: usize, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if !prefix.is_empty() {
            out.push(prefix.clone());
        }
        if prefix.len() == count {
            return;
        }
        for h in 1..=prefix.last().copied().unwrap_or(max) {
            prefix.push(h);
            rec(max, count, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    rec(max, count, &mut Vec::new(), &mut out);
    out
}

/// Compares the quotient's answer to every sum of `positions` with the
/// search's; returns how many were answered by a bounded quotient.
fn compare(code: &str, positions: &[Vec<u64>]) -> usize {
    let rule = HeapRule::TakeBreak(TakeBreak::parse(code).expect("a code"));
    let limits = Limits::default();
    let game = TakeBreakGame::new(rule.clone(), take_wording);
    let adapter = Arc::new(Adapter::new(
        "octal",
        TakeBreakGame::new(rule, take_wording),
        &limits,
    ));
    let answers = quotient_answers(adapter, &limits);
    let unbounded = Limits {
        max_states: u64::MAX,
        max_time: None,
        ..Limits::default()
    };
    let game = Arc::new(game);
    let mut search = MisereSolver::new(game.clone(), unbounded);
    let mut bounded = 0;
    for p in positions {
        let args: Vec<String> = p.iter().map(u64::to_string).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let a: Analysis = answers
            .misere(&args, Detail::AllMoves, None)
            .expect("no error")
            .unwrap_or_else(|| panic!("{code} {p:?}: no quotient answers"));
        let largest = p.iter().max().expect("a heap");
        if a.method
            .starts_with(&format!("bounded quotient Q_{largest} of order "))
        {
            bounded += 1;
        } else {
            assert!(
                a.method.contains("(proven for every heap)"),
                "{code} {p:?}: {}",
                a.method
            );
        }
        let wins = search.mover_wins(p).expect("searched");
        assert_eq!(a.outcome.to_string() == "N", wins, "{code} {p:?}: outcome");
        let mut expected = BTreeSet::new();
        for m in game.moves(p).expect("moves") {
            if !search.mover_wins(&m.to).expect("searched") {
                expected.insert((m.label, game.format(&m.to)));
            }
        }
        let found: BTreeSet<(String, String)> = a
            .winning_moves
            .iter()
            .map(|m| (m.label.clone(), m.to.clone()))
            .collect();
        assert_eq!(a.winning_move_count, Some(found.len()), "{code} {p:?}");
        assert_eq!(found, expected, "{code} {p:?}: winning moves");
    }
    bounded
}

#[test]
fn bounded_quotients_answer_as_the_search_does() {
    let small = sums(10, 3);
    assert_eq!(small.len(), 10 + 55 + 220);
    for code in ["0.07", "0.137", "0.6", "0.16", "4.7", "0.35", "0.1337"] {
        let bounded = compare(code, &small);
        // Wild codes: their whole quotient is not proven by heap 300.
        assert_eq!(bounded, small.len(), "{code}");
    }
}

#[test]
fn dawson_kayles_sums_past_heap_25_answer_as_the_search_does() {
    let positions: Vec<Vec<u64>> = vec![vec![26], vec![26, 1], vec![26, 5, 2], vec![26, 26, 3]];
    assert_eq!(compare("0.07", &positions), positions.len());
}
