//! `analyze` across ranks (`--mpi`), run on in-process ranks: ring and
//! graph's misère play on 1 to 4 ranks give the one-process analysis,
//! field by field; a game that cannot repeat is refused on every rank.

use grundy_api::{Family, GameOptions, Registration};
use grundy_engine::ranks::on_threads;
use grundy_engine::{Analysis, Detail, GameError, Limits, Outcome, Play};
use grundy_games::{graph, ring};

fn build(reg: Registration, options: &[(&str, &str)]) -> Family {
    let opts = GameOptions::new(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    reg.build(&opts, &Limits::default()).unwrap()
}

/// Each rank builds its own family (as each MPI process does) and
/// answers `args` across the ranks; every rank's answer is returned.
fn on_ranks(
    size: usize,
    make: &(dyn Fn() -> Family + Sync),
    args: &[&str],
    play: Play,
    detail: Detail,
) -> Vec<Result<Analysis, GameError>> {
    on_threads(size, |r| make().analyze_on_ranks(args, play, detail, &*r))
}

const DETAILS: [Detail; 3] = [Detail::AllMoves, Detail::OutcomeOnly, Detail::FirstMoves(1)];

#[test]
fn ring_positions_are_answered_as_in_one_process() {
    let make = || {
        build(
            ring::REGISTRATION.into(),
            &[("n", "40"), ("a", "3,5,7"), ("b", "2,9")],
        )
    };
    let alone = make();
    let mut seen = Vec::new();
    for object in ["1", "2", "3", "17", "39", "40"] {
        for mover in ["A", "B"] {
            let args = [object, mover];
            for detail in DETAILS {
                let expected = alone.analyze_with(&args, Play::Normal, detail).unwrap();
                seen.push(expected.outcome);
                for size in 1..=4 {
                    for got in on_ranks(size, &make, &args, Play::Normal, detail) {
                        let got = got.unwrap();
                        assert_eq!(got.outcome, expected.outcome);
                        assert_eq!(got.notes, expected.notes, "{args:?}");
                        assert_eq!(got.winning_moves, expected.winning_moves);
                        assert_eq!(got.drawing_moves, expected.drawing_moves);
                        assert_eq!(got.table, expected.table);
                        assert_eq!(got, expected, "{args:?} {detail:?} on {size} ranks");
                    }
                }
            }
        }
    }
    for o in [Outcome::N, Outcome::P, Outcome::D] {
        assert!(seen.contains(&o), "no {o}");
    }
    // One convention only, on every rank.
    for got in on_ranks(3, &make, &["2"], Play::Misere, Detail::AllMoves) {
        assert!(matches!(got, Err(GameError::Input(_))));
    }
}

/// A random board with cycles on `n` nodes, as `--edges` (a board without
/// cycles is refused: nothing repeats).
fn board(seed: u64, n: u64) -> String {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut below = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut edges = Vec::new();
    for a in 0..n {
        for _ in 0..below(5) / 2 {
            edges.push(format!("n{a}-n{}", below(n)));
        }
        // Every node on the board: a move into it from n8.
        edges.push(format!("n8-n{a}"));
    }
    edges.push(format!("n0-n{}", n - 1));
    // A cycle, whatever else was drawn.
    edges.push("n3-n4,n4-n3".into());
    edges.join(",")
}

#[test]
fn graph_sums_are_answered_as_in_one_process_in_both_plays() {
    let mut seen = [Vec::new(), Vec::new()];
    for seed in 0..8 {
        let edges = board(seed, 9);
        let make = || build(graph::REGISTRATION.into(), &[("edges", &edges)]);
        let alone = make();
        assert!(alone.may_repeat());
        for tokens in ["n0", "n1", "n0,n1", "n2,n5,n7", "n6,n7"] {
            for play in [Play::Normal, Play::Misere] {
                for detail in DETAILS {
                    let expected = alone.analyze_with(&[tokens], play, detail).unwrap();
                    seen[usize::from(play == Play::Misere)].push(expected.outcome);
                    for size in 1..=4 {
                        for got in on_ranks(size, &make, &[tokens], play, detail) {
                            assert_eq!(
                                got.unwrap(),
                                expected,
                                "{edges} {tokens} {play:?} {detail:?} on {size} ranks"
                            );
                        }
                    }
                }
            }
        }
    }
    for outcomes in &seen {
        for o in [Outcome::N, Outcome::P, Outcome::D] {
            assert!(outcomes.contains(&o), "no {o}");
        }
    }
}

#[test]
fn a_game_that_cannot_repeat_is_refused_on_every_rank() {
    let make = || {
        grundy_games::find("nim")
            .unwrap()
            .build(&GameOptions::default(), &Limits::default())
            .unwrap()
    };
    for got in on_ranks(2, &make, &["3", "4"], Play::Normal, Detail::AllMoves) {
        let e = got.unwrap_err();
        assert!(e.to_string().contains("--mpi"), "{e}");
    }
}
