//! Checks shared by the heap-family test suites: every family is held to
//! the same contracts (round trip, moves = options, closed form = search,
//! theory = search) on small positions.

use grundy_api::{Analysis, Family, GameOptions, Registration};
use grundy_engine::testing;
use grundy_engine::{Impartial, Limits, MisereSolver, Play, Solver, TextGame};
use std::fmt::Debug;
use std::sync::Arc;

/// `parse(format(p)) == p`, with the text split on white space as the
/// command line would.
pub fn round_trip<G: TextGame>(g: &G, p: &G::Position) {
    testing::round_trip(g, p).unwrap();
}

/// The positions of `moves` are exactly `options`, as multisets.
pub fn moves_are_options<G: TextGame>(g: &G, p: &G::Position) {
    testing::moves_are_options(g, p).unwrap();
}

/// The closed form (through the solver's normal-play parts) equals pure
/// search.
pub fn closed_form_matches<G: Impartial>(g: &Arc<G>, positions: &[G::Position]) {
    let mut search = Solver::search_only(g.clone(), Limits::default());
    for p in positions {
        let by_search = search.value(p).expect("search");
        let parts = g.normal_play_parts(p).expect("parts");
        let by_formula: grundy_engine::Nimber = parts
            .iter()
            .map(|q| g.closed_form(q).expect("closed form on every component"))
            .sum();
        assert_eq!(by_formula, by_search, "closed form vs search at {p:?}");
    }
}

/// The family's theory (which must answer) agrees with search: same
/// outcome and the same winning moves in the same order.
pub fn theory_matches<G: TextGame + 'static>(g: &Arc<G>, positions: &[G::Position], play: Play)
where
    G::Position: Debug,
{
    // Search with the family's components but no closed form: whole
    // positions of splitting heaps would be too many states.
    let mut normal = Solver::search_only(g.clone(), Limits::default());
    let mut misere = MisereSolver::new(g.clone(), Limits::default());
    for p in positions {
        let answered = testing::theory_matches_search(&**g, &mut normal, &mut misere, p, play)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(answered, "theory answers for {}", g.format(p));
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
pub fn build(reg: impl Into<Registration>, opts: &[(&str, &str)]) -> Result<Family, String> {
    let opts = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    reg.into()
        .build(&opts, &Limits::default())
        .map_err(|e| e.to_string())
}

/// Analyses `args` with a registered family and returns the analysis.
pub fn analyze(
    reg: impl Into<Registration>,
    opts: &[(&str, &str)],
    args: &[&str],
    play: Play,
) -> Result<Analysis, String> {
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
