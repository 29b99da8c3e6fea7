//! Helpers shared by the row-game test files (`rows_*.rs`).

#![allow(dead_code)] // each test file uses a different subset

use grundy_engine::{
    Family, Game, GameOptions, Limits, MisereSolver, Move, Outcome, Play, Registration, Solver,
    TextGame,
};
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
    let text = game.format(p);
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(game.parse(&words).as_ref(), Ok(p), "round trip of `{text}`");
    let mut from_moves: Vec<G::Position> = game.moves(p).into_iter().map(|m| m.to).collect();
    let mut options = game.options(p);
    for q in &from_moves {
        let t = game.format(q);
        let w: Vec<&str> = t.split_whitespace().collect();
        assert_eq!(
            game.parse(&w).as_ref(),
            Ok(q),
            "round trip of move to `{t}`"
        );
    }
    from_moves.sort();
    options.sort();
    assert_eq!(from_moves, options, "moves vs options of `{text}`");
}

/// Builds the registered family with `opts` (name, value) pairs.
pub fn build(reg: &Registration, opts: &[(&str, &str)]) -> Box<dyn Family> {
    let opts = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    (reg.build)(&opts, &Limits::default()).expect("family builds")
}

/// Analyses `args` with `family` and returns (outcome, value, winning move
/// labels).
pub fn answer(
    family: &dyn Family,
    args: &[&str],
    play: Play,
) -> (String, Option<u64>, Vec<String>) {
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
pub fn error(family: &dyn Family, args: &[&str]) -> String {
    match family.analyze(args, Play::Normal) {
        Ok(a) => panic!("{args:?} should be rejected, got {a:?}"),
        Err(e) => e.to_string(),
    }
}

/// `G` with its decomposition switched off: every position is one state
/// and no closed form is used, so searching it is the ground truth the
/// decomposition and the closed forms are checked against.
pub struct Unsplit<G>(pub G);

impl<G: Game> Game for Unsplit<G> {
    type Position = G::Position;

    fn options(&self, p: &G::Position) -> Vec<G::Position> {
        self.0.options(p)
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
    let mut whole = MisereSolver::new(Arc::new(Unsplit(game.clone())), Limits::default());
    for p in positions {
        let wins = whole.mover_wins(p).unwrap();
        assert_eq!(
            split.mover_wins(p).unwrap(),
            wins,
            "misère {}",
            game.format(p)
        );
        for m in game.moves(p) {
            assert_eq!(
                split.mover_wins(&m.to).unwrap(),
                whole.mover_wins(&m.to).unwrap(),
                "misère {} after {}",
                game.format(p),
                m.label
            );
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
    let mut whole = Solver::search_only(Arc::new(Unsplit(game.clone())), Limits::default());
    for p in positions {
        let theory = game
            .theory(p, Play::Normal)
            .unwrap_or_else(|| panic!("no theory for {}", game.format(p)));
        let value = whole.value(p).unwrap();
        assert_eq!(
            theory.outcome,
            Outcome::from_mover_wins(value.0 != 0),
            "outcome of {}",
            game.format(p)
        );
        let expected: Vec<Move<G::Position>> = game
            .moves(p)
            .into_iter()
            .filter(|m| whole.value(&m.to).unwrap().0 == 0)
            .collect();
        assert_eq!(
            theory.winning_moves,
            expected,
            "winning moves of {}",
            game.format(p)
        );
    }
}
