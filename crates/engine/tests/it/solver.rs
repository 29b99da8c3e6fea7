//! The solvers against independent facts: the Sprague-Grundy theorem
//! (value of a sum = search of the whole sum), misère nim, deep games,
//! limits and cycles.

use crate::norm;
use grundy_engine::{
    analyze, Impartial, Limits, MisereSolver, Move, Nimber, Outcome, ParseError, Play, Rules,
    RulesError, SearchError, Solver, TextGame,
};
use proptest::prelude::*;
use std::sync::Arc;

/// Heaps; a move removes 1 or 2 counters from a heap, or splits a heap of
/// at least 3 into two non-empty heaps after removing one counter (the
/// take-and-break game 0.37 with a twist). Positions are sorted heap lists.
#[derive(Clone, Copy)]
struct Heaps {
    /// When false, `components` does not split: the whole sum is one state.
    split: bool,
}

impl Rules for Heaps {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == h {
                continue;
            }
            let rest: Vec<u8> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
            for take in 1..=2u8 {
                if take <= h {
                    let mut q = rest.clone();
                    q.push(h - take);
                    out.push(norm(q));
                }
            }
            if h >= 3 {
                for a in 1..=(h - 1) / 2 {
                    let mut q = rest.clone();
                    q.push(a);
                    q.push(h - 1 - a);
                    out.push(norm(q));
                }
            }
        }
        Ok(out)
    }
}

impl Impartial for Heaps {
    fn components(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        Ok(if self.split {
            p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
        } else {
            vec![norm(p.clone())]
        })
    }
}

impl TextGame for Heaps {
    fn parse(&self, args: &[&str]) -> Result<Vec<u8>, ParseError> {
        args.iter()
            .map(|a| {
                a.parse::<u8>()
                    .map_err(|_| ParseError::new(format!("bad heap '{a}'")))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(norm)
    }
    fn format(&self, p: &Vec<u8>) -> String {
        p.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn moves(&self, p: &Vec<u8>) -> Result<Vec<Move<Vec<u8>>>, RulesError> {
        Ok(self
            .options(p)
            .unwrap()
            .into_iter()
            .map(|to| Move {
                label: format!("to {to:?}"),
                to,
            })
            .collect())
    }
}

fn limits() -> Limits {
    Limits {
        max_states: 1_000_000,
        max_time: None,
        ..Limits::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The Sprague-Grundy theorem: the nim-sum of the components' values
    /// equals the value found by searching the whole sum as one game.
    #[test]
    fn value_of_sum_is_nim_sum(heaps in proptest::collection::vec(0u8..9, 0..4)) {
        let p = norm(heaps);
        let mut by_parts = Solver::new(Arc::new(Heaps { split: true }), limits());
        let mut whole = Solver::search_only(Arc::new(Heaps { split: false }), limits());
        prop_assert_eq!(by_parts.value(&p).unwrap(), whole.value(&p).unwrap());
    }

    /// Every winning move reported leads to a P-position, and every move to a
    /// P-position is reported.
    #[test]
    fn winning_moves_are_exactly_moves_to_zero(heaps in proptest::collection::vec(0u8..10, 0..4)) {
        let game = Heaps { split: true };
        let p = norm(heaps);
        let arc = Arc::new(game);
        let mut normal = Solver::new(arc.clone(), limits());
        let mut misere = MisereSolver::new(arc.clone(), limits());
        let a = analyze("heaps", &game, &mut normal, &mut misere, &p, Play::Normal).unwrap();
        let mut check = Solver::search_only(Arc::new(Heaps { split: false }), limits());
        let expected = game.options(&p).unwrap().into_iter().filter(|q| check.value(q).unwrap() == Nimber(0)).count();
        prop_assert_eq!(a.winning_move_count, Some(expected));
        prop_assert_eq!(a.outcome == Outcome::N, a.value.unwrap() != 0);
    }
}

/// A plain nim game for misère checks: sorted heaps, take any from one heap.
struct Nim;

impl Rules for Nim {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for h in 0..p[i] {
                let mut q = p.clone();
                q[i] = h;
                out.push(norm(q));
            }
        }
        Ok(out)
    }
}

impl Impartial for Nim {
    fn components(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        Ok(p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect())
    }
}

#[test]
fn misere_search_matches_misere_nim_theorem() {
    let mut solver = MisereSolver::new(Arc::new(Nim), limits());
    for a in 0..6u8 {
        for b in 0..6u8 {
            for c in 0..6u8 {
                let p = norm(vec![a, b, c]);
                let xor = a ^ b ^ c;
                let big = p.iter().any(|&h| h > 1);
                let p_position = if big { xor == 0 } else { xor == 1 };
                assert_eq!(solver.mover_wins(&p).unwrap(), !p_position, "{p:?}");
            }
        }
    }
}

/// A chain n -> n-1 of depth one million: the search must not recurse.
struct Chain;

impl Rules for Chain {
    type Position = u32;

    fn options(&self, p: &u32) -> Result<Vec<u32>, RulesError> {
        Ok(if *p == 0 { vec![] } else { vec![p - 1] })
    }
}

impl Impartial for Chain {}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    let mut s = Solver::new(Arc::new(Chain), limits());
    assert_eq!(s.value(&999_999).unwrap(), Nimber(1));
    assert_eq!(s.value(&12).unwrap(), Nimber(0));
    let mut m = MisereSolver::new(Arc::new(Chain), limits());
    // Misère chain: the mover at 1 must move to 0 and loses.
    assert!(!m.mover_wins(&999_999).unwrap());
    assert!(m.mover_wins(&0).unwrap());
}

#[test]
fn state_limit_is_reported() {
    let small = Limits {
        max_states: 100,
        max_time: None,
        ..Limits::default()
    };
    let mut s = Solver::new(Arc::new(Chain), small.clone());
    assert_eq!(s.value(&1000), Err(SearchError::StateLimit(100)));
    // A stopped search leaves nothing half-done behind: a smaller query on
    // the same solver still succeeds.
    assert_eq!(s.value(&50).unwrap(), Nimber(0));
    assert_eq!(s.value(&1000), Err(SearchError::StateLimit(100)));
    let mut m = MisereSolver::new(Arc::new(Chain), small);
    assert_eq!(m.mover_wins(&1000), Err(SearchError::StateLimit(100)));
    assert!(m.mover_wins(&52).unwrap());
}

/// Declares its search size, so huge positions are refused before search.
struct Sized;

impl Rules for Sized {
    type Position = u64;

    fn options(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
        Ok((0..*p).collect())
    }

    fn search_size(&self, p: &u64) -> u128 {
        *p as u128 + 1
    }
}

impl Impartial for Sized {}

#[test]
fn oversized_positions_are_refused_before_allocating() {
    let mut s = Solver::new(Arc::new(Sized), limits());
    assert!(matches!(
        s.value(&u64::MAX),
        Err(SearchError::TooLarge { .. })
    ));
    assert_eq!(s.value(&5).unwrap(), Nimber(5));
}

/// Two positions that move to each other.
struct Loop;

impl Rules for Loop {
    type Position = u8;

    fn options(&self, p: &u8) -> Result<Vec<u8>, RulesError> {
        Ok(vec![1 - p])
    }
}

impl Impartial for Loop {}

#[test]
fn cycles_are_reported_not_looped() {
    let mut s = Solver::new(Arc::new(Loop), limits());
    assert!(matches!(s.value(&0), Err(SearchError::Cycle(_))));
    let mut m = MisereSolver::new(Arc::new(Loop), limits());
    assert!(matches!(m.mover_wins(&0), Err(SearchError::Cycle(_))));
}

#[test]
fn misere_refuses_oversized_parts_before_searching() {
    let mut m = MisereSolver::new(Arc::new(Sized), limits());
    assert!(matches!(
        m.mover_wins(&(1u64 << 40)),
        Err(SearchError::TooLarge { .. })
    ));
    // Small ones are still answered: a heap of 3 under "move to any smaller".
    assert!(m.mover_wins(&3).unwrap());
}

/// Heaps of the chain game side by side: a position is the sorted list of
/// the heaps, each heap its own component.
struct Chains;

impl Rules for Chains {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            if p[i] > 0 && (i == 0 || p[i - 1] != p[i]) {
                let mut q = p.clone();
                q[i] -= 1;
                q.sort_unstable();
                out.push(q);
            }
        }
        Ok(out)
    }
}

impl Impartial for Chains {
    fn components(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(p.iter().map(|&h| vec![h]).collect())
    }
}

#[test]
fn a_misere_sum_of_many_parts_counts_them_against_the_state_limit() {
    let small = Limits {
        max_states: 10_000,
        max_time: None,
        ..Limits::default()
    };
    let mut m = MisereSolver::new(Arc::new(Chains), small);
    let wide = vec![3u32; 300];
    assert_eq!(m.mover_wins(&wide), Err(SearchError::StateLimit(10_000)));
    // Each stored state of about 300 parts counts about 300.
    assert!(m.states() <= 10_000 / 250, "{} states kept", m.states());
    // Few parts: the limit still counts about one per state.
    assert!(m.mover_wins(&vec![3, 5, 7]).is_ok());
}

/// A clock that moves one millisecond forward at every reading.
#[derive(Debug, Default)]
struct Ticking(std::sync::atomic::AtomicU64);

impl grundy_engine::Clock for Ticking {
    fn now(&self) -> std::time::Duration {
        let n = self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        std::time::Duration::from_millis(n)
    }
}

/// The searches behind one answer (the outcome, each winning move, the
/// genus) share one time limit: each reads the clock at least once, so
/// with a limit of a few readings the answer cannot be completed in full,
/// where giving each search the whole limit afresh would complete it.
#[test]
fn one_answer_shares_one_time_limit() {
    let game = Heaps { split: true };
    let p = vec![4, 6, 9];
    let arc = Arc::new(game);
    let answer = |max_time| {
        let limits = Limits {
            max_time,
            clock: Some(Arc::new(Ticking::default()) as grundy_engine::SharedClock),
            ..limits()
        };
        let mut normal = Solver::new(arc.clone(), limits.clone());
        let mut misere = MisereSolver::new(arc.clone(), limits);
        analyze("heaps", &game, &mut normal, &mut misere, &p, Play::Misere)
    };
    let full = answer(None).unwrap();
    assert!(
        full.genus.is_some(),
        "the position is small enough for a genus"
    );
    let moves = game.options(&p).unwrap().len();
    assert!(
        moves > 10,
        "{moves} options: the answer reads the clock often"
    );
    match answer(Some(std::time::Duration::from_millis(5))) {
        Err(grundy_engine::GameError::Search(SearchError::TimeLimit(d))) => {
            assert_eq!(d, std::time::Duration::from_millis(5))
        }
        Ok(a) => {
            assert_eq!(a.outcome, full.outcome);
            assert!(a.genus.is_none(), "a genus searched past the limit: {a:?}");
        }
        Err(e) => panic!("unexpected {e:?}"),
    }
}
