//! Misère paint2xn grids whose paintings are too many to search are
//! refused at once (`--n 20 --misere` ran into the 60 s time limit with
//! 3.7 GB): every position a misère search meets is a painting of the free
//! cells, 4 per free column and 2 per half-painted one. The bound is
//! checked against the sums the misère solver really stores.

use grundy_api::GameOptions;
use grundy_engine::{GameError, Limits, MisereSolver, Play, SearchError, TextGame};
use grundy_games::paint2xn::Paint2xn;
use std::sync::Arc;
use std::time::Duration;

fn analyze(n: &str, words: &[&str]) -> Result<(), GameError> {
    let reg = grundy_games::find("paint2xn").expect("registered");
    let mut opts = GameOptions::default();
    opts.set("n", n);
    let limits = Limits {
        max_states: 10_000_000,
        max_time: Some(Duration::from_secs(2)),
        ..Limits::default()
    };
    let family = reg.build(&opts, &limits)?;
    family.analyze(words, Play::Misere).map(|_| ())
}

#[test]
fn large_misere_grids_are_refused_before_searching() {
    // How fast the refusal comes is measured by benches/misere_refusal.rs.
    for (n, words) in [("20", &[][..]), ("12", &[]), ("30", &["1,1-2,10"])] {
        let e = analyze(n, words).unwrap_err();
        assert!(
            matches!(e, GameError::Search(SearchError::TooLarge { .. })),
            "--n {n} {words:?}: {e}"
        );
    }
}

#[test]
fn small_misere_grids_are_still_answered() {
    analyze("7", &[]).unwrap();
    analyze("40", &["1,1-2,35", "1,37"]).unwrap();
}

#[test]
fn the_bound_covers_the_sums_the_solver_stores() {
    let unbounded = Limits {
        max_states: u64::MAX,
        max_time: None,
        ..Limits::default()
    };
    for (n, words, free, half) in [
        (6, &[][..], 6, 0),
        (7, &["1,3", "2,5"], 5, 2),
        (8, &["1,1-2,2", "2,6"], 5, 1),
    ] {
        let g = Arc::new(Paint2xn::new(n).unwrap());
        let p = g.parse(words).unwrap();
        let mut solver = MisereSolver::new(g.clone(), unbounded.clone());
        solver.mover_wins(&p).unwrap();
        let bound = 4u128.pow(free) * 2u128.pow(half);
        assert!(solver.states() as u128 <= bound, "--n {n} {words:?}");
    }
}
