//! Checks shared by the heap-family test suites: every family is held to
//! the same contracts (round trip, moves = options, closed form = search,
//! theory = search) on small positions.
#![allow(dead_code)]

use grundy_engine::{
    Analysis, Family, Game, GameOptions, Limits, MisereSolver, Move, Outcome, Play, Registration,
    Solver, TextGame,
};
use std::fmt::Debug;
use std::sync::Arc;

/// `parse(format(p)) == p`, with the text split on white space as the
/// command line would.
pub fn round_trip<G: TextGame>(g: &G, p: &G::Position) {
    let text = g.format(p);
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(g.parse(&words).as_ref(), Ok(p), "round trip of '{text}'");
}

/// The positions of `moves` are exactly `options`, as multisets.
pub fn moves_are_options<G: TextGame>(g: &G, p: &G::Position) {
    let mut a: Vec<G::Position> = g.moves(p).into_iter().map(|m| m.to).collect();
    let mut b = g.options(p);
    a.sort();
    b.sort();
    assert_eq!(a, b, "moves vs options of {}", g.format(p));
}

/// The closed form (through the solver's components) equals pure search.
pub fn closed_form_matches<G: Game>(g: &Arc<G>, positions: &[G::Position]) {
    let mut search = Solver::search_only(g.clone(), Limits::default());
    for p in positions {
        let by_search = search.value(p).expect("search");
        let parts = g.components(p);
        let by_formula: grundy_engine::Nimber = parts
            .iter()
            .map(|q| g.closed_form(q).expect("closed form on every component"))
            .sum();
        assert_eq!(by_formula, by_search, "closed form vs search at {p:?}");
    }
}

/// The winning moves of `p` by enumeration and the reference solvers, in
/// the order of `moves`.
pub fn searched_winning<G: TextGame>(
    g: &G,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    play: Play,
) -> (Outcome, Vec<Move<G::Position>>) {
    let loses = |q: &G::Position, n: &mut Solver<G>, m: &mut MisereSolver<G>| match play {
        Play::Normal => n.value(q).expect("search").0 == 0,
        Play::Misere => !m.mover_wins(q).expect("misère search"),
    };
    let winning: Vec<Move<G::Position>> = g
        .moves(p)
        .into_iter()
        .filter(|m| loses(&m.to, normal, misere))
        .collect();
    let outcome = if loses(p, normal, misere) {
        Outcome::P
    } else {
        Outcome::N
    };
    // A finished position is won by the mover in misère play without a move.
    if !g.moves(p).is_empty() {
        assert_eq!(
            outcome == Outcome::N,
            !winning.is_empty(),
            "outcome of {p:?} vs its winning moves"
        );
    }
    (outcome, winning)
}

/// The family's theory (which must answer) agrees with search: same
/// outcome and the same winning moves in the same order.
pub fn theory_matches<G: TextGame + 'static>(g: &Arc<G>, positions: &[G::Position], play: Play)
where
    G::Position: Debug,
{
    let mut normal = Solver::search_only(g.clone(), Limits::default());
    let mut misere = MisereSolver::new(g.clone(), Limits::default());
    for p in positions {
        let t = g.theory(p, play).expect("theory answers");
        let (outcome, winning) = searched_winning(&**g, &mut normal, &mut misere, p, play);
        assert_eq!(t.outcome, outcome, "{play} outcome of {}", g.format(p));
        assert_eq!(
            t.winning_moves,
            winning,
            "{play} winning moves of {}",
            g.format(p)
        );
    }
}

/// Every list of `len` heaps with sizes in `0..=max`.
pub fn heap_lists(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|v| {
                (0..=max).map(move |h| {
                    let mut w = v.clone();
                    w.push(h);
                    w
                })
            })
            .collect();
    }
    out
}

/// Builds a registered family from `--name value` option pairs.
pub fn build(reg: &Registration, opts: &[(&str, &str)]) -> Result<Box<dyn Family>, String> {
    let opts = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    (reg.build)(&opts, &Limits::default()).map_err(|e| e.to_string())
}

/// Analyses `args` with a registered family and returns the analysis.
pub fn analyze(
    reg: &Registration,
    opts: &[(&str, &str)],
    args: &[&str],
    play: Play,
) -> Result<grundy_engine::Analysis, String> {
    build(reg, opts)?
        .analyze(args, play)
        .map_err(|e| e.to_string())
}

/// The winning moves of an analysis as (label, to) pairs, for exact
/// comparison with a documented list.
pub fn move_pairs(a: &Analysis) -> Vec<(&str, &str)> {
    a.winning_moves
        .iter()
        .map(|m| (m.label.as_str(), m.to.as_str()))
        .collect()
}
