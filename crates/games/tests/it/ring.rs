//! `ring`: the facts of the spec (section 9), a brute force on small rings,
//! and the errors of bad input.

use grundy_api::{GameOptions, Registration};
use grundy_engine::{GameError, Limits, Mover, Outcome, Play, SearchError};
use grundy_games::ring::{self, Ring};
use proptest::prelude::*;

fn words(t: &grundy_engine::Table, column: &str) -> Vec<String> {
    t.columns
        .iter()
        .find(|(n, _)| n == column)
        .map(|(_, w)| w.clone())
        .unwrap()
}

fn table_of(n: u64, a: &[u64], b: &[u64]) -> (Vec<String>, Vec<String>) {
    let r = Ring::new(n, a, b).unwrap();
    let solved = r.solve(&Limits::default()).unwrap();
    let t = ring::table(&r, &solved);
    (words(&t, "a_first"), words(&t, "b_first"))
}

#[test]
fn the_spec_example() {
    let (a, b) = table_of(5, &[3, 2], &[1, 2, 3]);
    assert_eq!(a, ["Lose", "Win", "Win", "Loop"]);
    assert_eq!(b, ["Loop", "Win", "Win", "Win"]);
}

/// The classic fixed point, written independently of the engine: a
/// position is won if some move reaches the hole or a lost position, lost
/// if every move reaches a won one; repeat until nothing changes; what is
/// left loops.
fn brute(n: u64, a: &[u64], b: &[u64]) -> (Vec<String>, Vec<String>) {
    #[derive(Clone, Copy, PartialEq)]
    enum S {
        Win,
        Lose,
        Open,
    }
    let sets = [a, b];
    let mut s = [vec![S::Open; n as usize], vec![S::Open; n as usize]];
    loop {
        let mut changed = false;
        for who in 0..2 {
            for o in 1..n {
                if s[who][o as usize] != S::Open {
                    continue;
                }
                let lands = sets[who].iter().map(|&k| (o + k) % n);
                let mut any_win = false;
                let mut all_lose = true;
                for t in lands {
                    if t == 0 || s[1 - who][t as usize] == S::Lose {
                        any_win = true;
                    }
                    if t != 0 && s[1 - who][t as usize] != S::Win {
                        all_lose = false;
                    }
                }
                let new = if any_win {
                    S::Win
                } else if all_lose {
                    S::Lose
                } else {
                    S::Open
                };
                if new != S::Open {
                    s[who][o as usize] = new;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let word = |x: S| match x {
        S::Win => "Win".to_string(),
        S::Lose => "Lose".to_string(),
        S::Open => "Loop".to_string(),
    };
    (
        s[0][1..].iter().map(|&x| word(x)).collect(),
        s[1][1..].iter().map(|&x| word(x)).collect(),
    )
}

proptest! {
    #[test]
    fn small_rings_match_the_brute_force(
        (n, a, b) in (2u64..14).prop_flat_map(|n| (
            Just(n),
            prop::collection::vec(1..n, 1..5),
            prop::collection::vec(1..n, 1..5),
        ))
    ) {
        prop_assert_eq!(table_of(n, &a, &b), brute(n, &a, &b));
    }
}

#[test]
fn every_small_ring_with_one_or_two_steps_matches_the_brute_force() {
    for n in 2..9u64 {
        let sets: Vec<Vec<u64>> = (1..n)
            .flat_map(|x| (x..n).map(move |y| if x == y { vec![x] } else { vec![x, y] }))
            .collect();
        for a in &sets {
            for b in &sets {
                assert_eq!(table_of(n, a, b), brute(n, a, b), "n {n} a {a:?} b {b:?}");
            }
        }
    }
}

fn family(n: &str, a: &str, b: &str) -> Result<grundy_api::Family, GameError> {
    let reg = Registration::from(ring::REGISTRATION);
    let opts = GameOptions::new([
        ("n".to_string(), n.to_string()),
        ("a".to_string(), a.to_string()),
        ("b".to_string(), b.to_string()),
    ]);
    reg.build(&opts, &Limits::default())
}

/// The normal-play analysis of a position written as a move's `to`.
fn analyze_to(f: &grundy_api::Family, to: &str) -> grundy_engine::Analysis {
    let args: Vec<&str> = to.split(' ').collect();
    f.analyze(&args, Play::Normal).unwrap()
}

#[test]
fn analyze_reports_the_position_its_moves_and_the_table() {
    let f = family("5", "3,2", "1,2,3").unwrap();
    assert_eq!(f.name(), "ring --n 5 --a 2,3 --b 1,2,3");
    // Monster on 3, A to move: Win (the table's second start).
    let x = f.analyze(&["3"], Play::Normal).unwrap();
    assert_eq!((x.position.as_str(), x.outcome), ("3 A", Outcome::N));
    assert_eq!(x.value, None);
    // 3 + 3 = 6 = the hole.
    assert_eq!(x.winning_moves.len(), 1);
    assert_eq!(x.winning_moves[0].label, "A moves 3: 3 -> hole, A wins");
    assert_eq!(x.winning_moves[0].to, "1 B");
    let t = x.table.unwrap();
    assert_eq!(words(&t, "a_first"), ["Lose", "Win", "Win", "Loop"]);
    assert_eq!(t.rows, ["2", "3", "4", "5"]);
    // The default position is object 2 with A to move: Lose, no move listed.
    let x = f.analyze(&[], Play::Normal).unwrap();
    assert_eq!((x.position.as_str(), x.outcome), ("2 A", Outcome::P));
    assert!(x.winning_moves.is_empty());
    // Object 2 with B to move loops; the moves listed keep the loop, and
    // each leads to a drawn position.
    let x = f.analyze(&["2", "B"], Play::Normal).unwrap();
    assert_eq!(x.outcome, Outcome::D);
    assert_eq!((x.winning_move_count, x.winning_moves.len()), (Some(0), 0));
    assert!(!x.drawing_moves.is_empty());
    assert_eq!(x.drawing_move_count, Some(x.drawing_moves.len()));
    for m in &x.drawing_moves {
        assert_eq!(analyze_to(&f, &m.to).outcome, Outcome::D);
    }
    // Every move's `to` can be fed back, including the hole.
    for m in f.moves(&["4", "b"]).unwrap() {
        analyze_to(&f, &m.to);
    }
    let over = f.analyze(&["1", "B"], Play::Normal).unwrap();
    assert_eq!(over.outcome, Outcome::P);
    assert!(f.moves(&["1", "A"]).unwrap().is_empty());
}

#[test]
fn winning_moves_are_exactly_those_to_lost_positions() {
    let f = family("9", "2,5,7", "3,4").unwrap();
    for o in 2..=9u32 {
        for who in ["A", "B"] {
            let os = o.to_string();
            let x = f.analyze(&[&os, who], Play::Normal).unwrap();
            let all = f.moves(&[&os, who]).unwrap();
            let want = match x.outcome {
                Outcome::N => Outcome::P,
                Outcome::D => Outcome::D,
                Outcome::P => {
                    assert!(x.winning_moves.is_empty());
                    continue;
                }
            };
            let keep: Vec<_> = all
                .into_iter()
                .filter(|m| analyze_to(&f, &m.to).outcome == want)
                .collect();
            let listed = match x.outcome {
                Outcome::D => &x.drawing_moves,
                _ => &x.winning_moves,
            };
            assert_eq!(listed, &keep, "{o} {who}");
        }
    }
}

#[test]
fn bad_input_is_named() {
    let err = |n: &str, a: &str, b: &str| family(n, a, b).err().unwrap().to_string();
    assert!(err("1", "1", "1").contains("--n"), "{}", err("1", "1", "1"));
    assert!(err("5", "0,2", "1").contains("--a"));
    assert!(err("5", "1", "5").contains("--b"));
    assert!(err("5", "1", "").contains("--b"));
    assert!(err("x", "1", "1").contains("--n"));
    let f = family("5", "1,1,2", "1").unwrap();
    assert_eq!(f.name(), "ring --n 5 --a 1,2 --b 1", "repeats count once");
    for bad in [&["0"][..], &["6"], &["3", "C"], &["3", "A", "x"], &["-1"]] {
        let e = f.analyze(bad, Play::Normal).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{bad:?}: {e}");
    }
    assert_eq!(f.analyze(&[], Play::Misere).unwrap_err().exit_code(), 2);
    let reg = Registration::from(ring::REGISTRATION);
    let missing = reg.build(&GameOptions::new([]), &Limits::default());
    assert!(missing.err().unwrap().to_string().contains("--n"));
    assert!(Ring::new(4, &[], &[1]).is_err());
}

#[test]
fn a_ring_over_the_state_limit_is_refused() {
    let r = Ring::new(1000, &[1], &[1]).unwrap();
    let tiny = Limits {
        max_states: 100,
        max_time: None,
        ..Limits::default()
    };
    assert!(matches!(r.solve(&tiny), Err(SearchError::TooLarge { .. })));
    assert_eq!(Ring::index(1, Mover::Left), 0);
}

#[test]
fn the_table_of_a_large_ring_reads_the_clock() {
    // Found by a hostile-input round: `analyze ring --n 1000000 --a 1,2,5
    // --b 1,3,4 --time-limit 0.1` ended after 0.85 s, the solve taking
    // 0.05 s and the table of a million starts (and its text) the rest,
    // without a look at the clock.
    let r = Ring::new(200_000, &[1, 2, 5], &[1, 3, 4]).unwrap();
    let solved = r.solve(&Limits::default()).unwrap();
    match ring::table_within(&r, &solved, &grundy_engine::testing::limits_past_at_once()) {
        Err(SearchError::TimeLimit(t)) => assert_eq!(t, std::time::Duration::from_millis(1)),
        Err(e) => panic!("{e}, not the time limit"),
        Ok(_) => panic!("the table was made, not stopped by the time limit"),
    }
    // Without a time limit it is whole.
    let t = ring::table(&r, &solved);
    assert_eq!(t.rows.len(), 199_999);
}
