//! Helpers shared by the row-game test modules (`rows_*`).

use grundy_api::{Family, GameOptions, Registration};
pub use grundy_engine::testing::Unsplit;
use grundy_engine::testing::{
    misere_matches_search, moves_are_options, round_trip, theory_matches_search,
};
use grundy_engine::{Limits, MisereSolver, Play, Solver, TextGame};
use std::sync::Arc;

/// Every word of length `0..=max_len` over `symbols`, shortest first.
pub fn all_words(symbols: &[char], max_len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut layer = vec![String::new()];
    for _ in 0..max_len {
        layer = layer
            .iter()
            .flat_map(|w| symbols.iter().map(move |c| format!("{w}{c}")))
            .collect();
        out.extend(layer.iter().cloned());
    }
    out
}

/// Checks the text contract on `p`: `parse(format(p)) == p`, every move's
/// `to` reads back, and the moves' positions are the options (as a
/// multiset).
pub fn check_text_contract<G: TextGame>(game: &G, p: &G::Position) {
    round_trip(game, p).unwrap();
    moves_are_options(game, p).unwrap();
}

/// The text of each of `parts`, in order.
pub fn part_texts<G: TextGame>(game: &G, parts: &[G::Position]) -> Vec<String> {
    parts.iter().map(|q| game.format(q)).collect()
}

/// Builds the registered family with `opts` (name, value) pairs.
pub fn build(reg: impl Into<Registration>, opts: &[(&str, &str)]) -> Family {
    let opts = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    reg.into()
        .build(&opts, &Limits::default())
        .expect("family builds")
}

/// Analyses `args` with `family` and returns (outcome, value, winning move
/// labels).
pub fn answer(family: &Family, args: &[&str], play: Play) -> (String, Option<u64>, Vec<String>) {
    let a = family
        .analyze(args, play)
        .unwrap_or_else(|e| panic!("analyze {args:?}: {e}"));
    (
        a.outcome.to_string(),
        a.value,
        a.winning_moves.into_iter().map(|m| m.label).collect(),
    )
}

/// The error message of analysing `args`, which must fail.
pub fn error(family: &Family, args: &[&str]) -> String {
    match family.analyze(args, Play::Normal) {
        Ok(a) => panic!("{args:?} should be rejected, got {a:?}"),
        Err(e) => e.to_string(),
    }
}

/// Checks, on every position of `positions`, that the misère outcome and
/// winning moves the engine finds with `game`'s decomposition equal those
/// of the whole position searched as one state.
pub fn check_misere_against_unsplit<G: TextGame + Clone + 'static>(
    game: &G,
    positions: &[G::Position],
) {
    let mut split = MisereSolver::new(Arc::new(game.clone()), Limits::default());
    let mut whole = MisereSolver::new(Arc::new(Unsplit(Arc::new(game.clone()))), Limits::default());
    for p in positions {
        misere_matches_search(&mut split, &mut whole, game, p).unwrap();
        for m in game.moves(p).unwrap() {
            misere_matches_search(&mut split, &mut whole, game, &m.to)
                .unwrap_or_else(|e| panic!("after {}: {e}", m.label));
        }
    }
}

/// Checks, on every position of `positions`, that the family's normal-play
/// theory gives the outcome and exactly the winning moves (labels and
/// positions, in move order) that search of whole positions as single
/// states finds.
pub fn check_theory_against_unsplit<G: TextGame + Clone + 'static>(
    game: &G,
    positions: &[G::Position],
) {
    let whole_game = Arc::new(Unsplit(Arc::new(game.clone())));
    let mut whole = Solver::search_only(whole_game.clone(), Limits::default());
    let mut misere = MisereSolver::new(whole_game, Limits::default());
    for p in positions {
        let answered =
            theory_matches_search(game, &mut whole, &mut misere, p, Play::Normal).unwrap();
        assert!(answered, "no theory for {}", game.format(p));
    }
}
