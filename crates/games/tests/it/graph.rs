//! `graph`: tokens on a directed graph. Facts worked by hand, the engine's
//! contract checks on random boards without cycles, and, on random boards
//! with cycles, every answer against a fixed point over the whole sum
//! written here independently (outcome, value, listed moves), in both
//! conventions.

// A small seeded generator, so the random tests are reproducible.
use grundy_api::{Family, GameOptions, Registration};
use grundy_engine::hash::SplitMix as Rng;
use grundy_engine::testing::check_contracts;
use grundy_engine::{Limits, Outcome, Play, TextGame};
use grundy_games::graph::{self, TokenGraph};
use std::collections::HashMap;
use std::sync::Arc;

/// A random board on nodes `n0..`: `acyclic` boards only have edges from a
/// lower to a higher node. Returns the edge text and the successor lists.
fn random_board(rng: &mut Rng, acyclic: bool) -> (String, Vec<Vec<usize>>) {
    let n = 2 + rng.below(6) as usize;
    let mut succ = vec![Vec::new(); n];
    let mut words = Vec::new();
    for _ in 0..1 + rng.below(2 * n as u64) {
        let a = rng.below(n as u64) as usize;
        let b = rng.below(n as u64) as usize;
        let (a, b) = if acyclic {
            if a == b {
                continue;
            }
            (a.min(b), a.max(b))
        } else {
            (a, b)
        };
        if !succ[a].contains(&b) {
            succ[a].push(b);
        }
        words.push(format!("n{a}-n{b}"));
    }
    if words.is_empty() {
        words.push("n0-n1".into());
        succ[0].push(1);
    }
    (words.join(" "), succ)
}

fn family(edges: &str) -> Family {
    let mut opts = GameOptions::default();
    opts.set("edges", edges);
    Registration::from(graph::REGISTRATION)
        .build(&opts, &Limits::default())
        .unwrap()
}

/// Outcome of every sum of tokens reachable from `start` by the classic
/// fixed point: a sum without moves is lost (normal) or won (misère); won
/// if some move reaches a lost sum; lost if every move reaches a won one;
/// what never settles is drawn.
fn brute(succ: &[Vec<usize>], start: Vec<usize>, misere: bool) -> HashMap<Vec<usize>, Outcome> {
    let moves = |p: &Vec<usize>| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for &w in &succ[p[i]] {
                let mut q = p.clone();
                q[i] = w;
                q.sort_unstable();
                out.push(q);
            }
        }
        out
    };
    let mut all = vec![start.clone()];
    let mut outcome: HashMap<Vec<usize>, Outcome> = HashMap::new();
    outcome.insert(start, Outcome::D);
    let mut i = 0;
    while i < all.len() {
        for q in moves(&all[i]) {
            if !outcome.contains_key(&q) {
                outcome.insert(q.clone(), Outcome::D);
                all.push(q);
            }
        }
        i += 1;
    }
    loop {
        let mut changed = false;
        for p in &all {
            if outcome[p] != Outcome::D {
                continue;
            }
            let opts = moves(p);
            let new = if opts.is_empty() {
                if misere {
                    Outcome::N
                } else {
                    Outcome::P
                }
            } else if opts.iter().any(|q| outcome[q] == Outcome::P) {
                Outcome::N
            } else if opts.iter().all(|q| outcome[q] == Outcome::N) {
                Outcome::P
            } else {
                continue;
            };
            outcome.insert(p.clone(), new);
            changed = true;
        }
        if !changed {
            return outcome;
        }
    }
}

fn node_list(text: &str) -> Vec<usize> {
    if text == "-" {
        return Vec::new();
    }
    let mut v: Vec<usize> = text
        .split(',')
        .map(|w| w.trim_start_matches('n').parse().unwrap())
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn values_worked_by_hand() {
    // a -> b -> c, a -> c, c -> d: d 0, c 1, b 0, a mex{0, 1} = 2.
    let f = family("a-b b-c a-c c-d");
    let a = f.analyze(&["a"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::N, Some(2)));
    // a + c = 2 ^ 1 = 3: a -> b leaves 0 + 1 = 1, a -> c leaves 1 + 1 = 0.
    let a = f.analyze(&["a,c"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(3));
    let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(to, ["c,c"]);
    assert_eq!(a.winning_moves[0].label, "a -> c");
    // Two tokens on the same node cancel.
    let a = f.analyze(&["a", "a"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::P, Some(0)));
    // Misère: one token on c must move to d and then the opponent, unable
    // to move, wins.
    let a = f.analyze(&["c"], Play::Misere).unwrap();
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn a_token_on_a_two_cycle_draws_and_a_cycle_with_an_exit_is_finite() {
    let f = family("a-b b-a");
    let a = f.analyze(&["a"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::D, None));
    assert!(a.winning_moves.is_empty(), "no move wins");
    assert_eq!(a.drawing_moves.len(), 1, "the move keeping the draw");
    assert_eq!(a.loopy_value.as_deref(), Some("∞{}"));
    // a <-> b, b -> c: b is 1 (it can stop), a is 0 (it must go to b, and
    // b's move back to a reverses it).
    let f = family("a-b b-a b-c");
    let v = |t: &str| f.analyze(&[t], Play::Normal).unwrap().value;
    assert_eq!((v("a"), v("b"), v("c")), (Some(0), Some(1), Some(0)));
    let a = f.analyze(&["a,b"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (Outcome::N, Some(1)));
}

#[test]
fn boards_without_cycles_pass_the_contract_checks() {
    let mut rng = Rng(5);
    let limits = Limits {
        max_states: 1_000_000,
        max_time: None,
        ..Limits::default()
    };
    for _ in 0..150 {
        let (edges, succ) = random_board(&mut rng, true);
        let game = TokenGraph::new(&edges, None, &limits).unwrap();
        assert!(!game.is_cyclic(), "{edges}");
        let mut positions = Vec::new();
        for _ in 0..6 {
            let k = 1 + rng.below(3) as usize;
            let text: Vec<String> = (0..k)
                .map(|_| format!("n{}", rng.below(succ.len() as u64)))
                .collect();
            // Nodes without an edge in or out are not on the board.
            if let Ok(p) = game.parse(&[text.join(",").as_str()]) {
                positions.push(p);
            }
        }
        check_contracts(&Arc::new(game), &positions, &limits)
            .unwrap_or_else(|e| panic!("{edges}: {e}"));
    }
}

#[test]
fn boards_with_cycles_match_the_fixed_point_of_the_whole_sum() {
    let mut rng = Rng(9);
    let mut seen = HashMap::new();
    for _ in 0..300 {
        let (edges, succ) = random_board(&mut rng, false);
        let f = family(&edges);
        for _ in 0..4 {
            let k = 1 + rng.below(3) as usize;
            let start: Vec<usize> = (0..k)
                .map(|_| rng.below(succ.len() as u64) as usize)
                .collect();
            let text: Vec<String> = start.iter().map(|v| format!("n{v}")).collect();
            let text = text.join(",");
            for play in [Play::Normal, Play::Misere] {
                let Ok(a) = f.analyze(&[&text], play) else {
                    // A node with no edge at all is not on the board.
                    assert!(start.iter().any(|&v| !edges.contains(&format!("n{v}"))));
                    continue;
                };
                let mut sorted = start.clone();
                sorted.sort_unstable();
                let want = brute(&succ, sorted.clone(), play == Play::Misere);
                assert_eq!(a.outcome, want[&sorted], "{edges} {text} {play}");
                *seen.entry((play == Play::Misere, a.outcome)).or_insert(0) += 1;
                let keep = match a.outcome {
                    Outcome::N => Some(Outcome::P),
                    Outcome::D => Some(Outcome::D),
                    Outcome::P => None,
                };
                let listed: Vec<Vec<usize>> =
                    a.good_moves().iter().map(|m| node_list(&m.to)).collect();
                let all = f.moves(&[&text]).unwrap();
                let expected: Vec<Vec<usize>> = all
                    .iter()
                    .map(|m| node_list(&m.to))
                    .filter(|q| Some(want[q]) == keep)
                    .collect();
                assert_eq!(listed, expected, "{edges} {text} {play}");
            }
        }
    }
    for misere in [false, true] {
        for o in [Outcome::N, Outcome::P, Outcome::D] {
            assert!(
                seen.get(&(misere, o)).copied().unwrap_or(0) >= 20,
                "too few {o} sums (misère {misere}): {seen:?}"
            );
        }
    }
}

#[test]
fn bad_input_is_refused_with_its_name() {
    let l = Limits::default();
    let e = TokenGraph::new("a-b c", None, &l).unwrap_err();
    assert!(e.to_string().contains("'c' is not an edge"), "{e}");
    let f = family("a-b");
    let e = f.analyze(&["q"], Play::Normal).unwrap_err();
    assert!(e.to_string().contains("'q'"), "{e}");
    assert_eq!(e.exit_code(), 2);
}

#[test]
fn reading_a_huge_board_stops_at_the_answers_limits() {
    // Issue 35 (F14): a star of 10^6 edges built from Python took 6.7 to
    // 7.8 s at time_limit=1 and 755 MB at max_memory 500M: the edges
    // were read with no look at the clock or at the memory held. Both
    // are now read every 65,536 edges.
    let star: Vec<String> = (1..=200_000).map(|i| format!("c-n{i}")).collect();
    let star = star.join(" ");
    assert!(TokenGraph::new(&star, None, &Limits::default()).is_ok());
    let late = grundy_engine::testing::limits_past_at_once();
    let e = late
        .within_answer(|| TokenGraph::new(&star, None, &late))
        .unwrap_err();
    assert!(e.to_string().contains("time"), "{e}");
    let small = Limits {
        max_memory: 1 << 20,
        ..Limits::default()
    };
    let e = TokenGraph::new(&star, None, &small).unwrap_err();
    assert!(e.to_string().contains("memory limit"), "{e}");
}
