//! Retrograde analysis and generalized Sprague-Grundy values against
//! independent references on random small graphs: outcomes and remoteness
//! against a ply-by-ply definition, values of sums against retrograde
//! analysis of the whole sum graph.

// A small seeded generator, so the random tests are reproducible.
use grundy_engine::hash::SplitMix as Rng;
use grundy_engine::{
    explore, loopy_values, sum_outcome, GameGraph, Limits, LoopyValue, Mover, Nimber, Outcome,
    SearchError,
};
use proptest::prelude::*;

/// A random graph on `n` positions: each has up to `max_out` moves to
/// random positions (self-loops and repeated moves included).
fn random_graph(rng: &mut Rng, n: usize, max_out: u64) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    for u in 0..n as u32 {
        for _ in 0..rng.below(max_out + 1) {
            edges.push((u, rng.below(n as u64) as u32));
        }
    }
    edges
}

fn successors(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let mut s = vec![Vec::new(); n];
    for &(a, b) in edges {
        s[a as usize].push(b);
    }
    s
}

/// The reference: `win[k][v]` says the mover at `v` can force a win within
/// `k` plies, `lose[k][v]` that the opponent can. The outcome is the first
/// horizon at which one holds (its remoteness), or a draw when none does
/// up to 2n + 2 plies (remoteness never exceeds the number of positions).
fn by_horizon(succ: &[Vec<u32>]) -> Vec<(Outcome, Option<u32>)> {
    let n = succ.len();
    let mut win = vec![false; n];
    let mut lose: Vec<bool> = succ.iter().map(Vec::is_empty).collect();
    let mut answer: Vec<(Outcome, Option<u32>)> = lose
        .iter()
        .map(|&l| {
            if l {
                (Outcome::P, Some(0))
            } else {
                (Outcome::D, None)
            }
        })
        .collect();
    for k in 1..=(2 * n as u32 + 2) {
        let next_win: Vec<bool> = succ
            .iter()
            .map(|s| s.iter().any(|&w| lose[w as usize]))
            .collect();
        let next_lose: Vec<bool> = succ
            .iter()
            .map(|s| s.iter().all(|&w| win[w as usize]))
            .collect();
        for v in 0..n {
            if answer[v].0 == Outcome::D {
                if next_win[v] {
                    answer[v] = (Outcome::N, Some(k));
                } else if next_lose[v] {
                    answer[v] = (Outcome::P, Some(k));
                }
            }
        }
        win = next_win;
        lose = next_lose;
    }
    answer
}

fn check_retrograde(n: usize, edges: &[(u32, u32)]) {
    let g = GameGraph::from_edges(n, edges).unwrap();
    let r = g.solve(&Limits::default()).unwrap();
    let want = by_horizon(&successors(n, edges));
    for (v, &(o, rem)) in want.iter().enumerate() {
        let v32 = v as u32;
        assert_eq!(
            (r.outcome(v32), r.remoteness(v32)),
            (o, rem),
            "position {v} of {edges:?}"
        );
    }
}

#[test]
fn retrograde_matches_the_ply_by_ply_definition_on_random_graphs() {
    let mut rng = Rng(8);
    for _ in 0..3000 {
        let n = 1 + rng.below(12) as usize;
        let edges = random_graph(&mut rng, n, 3);
        check_retrograde(n, &edges);
    }
}

#[test]
fn partizan_graphs_match_the_definition_per_mover() {
    let mut rng = Rng(9);
    for _ in 0..1000 {
        let n = 1 + rng.below(8) as usize;
        let le = random_graph(&mut rng, n, 2);
        let re = random_graph(&mut rng, n, 2);
        let left = GameGraph::from_edges(n, &le).unwrap();
        let right = GameGraph::from_edges(n, &re).unwrap();
        let g = GameGraph::from_partizan(&left, &right).unwrap();
        let r = g.solve(&Limits::default()).unwrap();
        // The reference graph over (node, mover) built by hand.
        let (ls, rs) = (successors(n, &le), successors(n, &re));
        let mut succ = vec![Vec::new(); 2 * n];
        for v in 0..n {
            succ[2 * v] = ls[v].iter().map(|&w| 2 * w + 1).collect();
            succ[2 * v + 1] = rs[v].iter().map(|&w| 2 * w).collect();
        }
        let want = by_horizon(&succ);
        for v in 0..n as u32 {
            for (m, i) in [(Mover::Left, 2 * v), (Mover::Right, 2 * v + 1)] {
                let p = GameGraph::partizan_position(v, m);
                assert_eq!(
                    (r.outcome(p), r.remoteness(p)),
                    want[i as usize],
                    "node {v}, {m:?} to move, left {le:?}, right {re:?}"
                );
            }
        }
    }
}

#[test]
fn explore_finds_the_reachable_part_of_a_graph() {
    let mut rng = Rng(10);
    for _ in 0..300 {
        let n = 1 + rng.below(10) as usize;
        let edges = random_graph(&mut rng, n, 3);
        let succ = successors(n, &edges);
        let e = explore(0u32, &Limits::default(), |&v| {
            Ok::<_, SearchError>(succ[v as usize].clone())
        })
        .unwrap();
        let r = e.graph.solve(&Limits::default()).unwrap();
        let want = by_horizon(&succ);
        assert_eq!(e.positions[0], 0);
        for (i, &p) in e.positions.iter().enumerate() {
            assert_eq!(
                (r.outcome(i as u32), r.remoteness(i as u32)),
                want[p as usize]
            );
        }
    }
}

/// The sum of the component graphs `parts` as one graph: a position is a
/// tuple (mixed radix index), a move moves one component.
fn sum_graph(parts: &[Vec<Vec<u32>>]) -> GameGraph {
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    let total: usize = sizes.iter().product();
    let mut edges = Vec::new();
    for p in 0..total {
        let mut rest = p;
        let mut stride = 1;
        for (part, &size) in parts.iter().zip(&sizes) {
            let here = rest % size;
            rest /= size;
            for &w in &part[here] {
                let q = p - here * stride + w as usize * stride;
                edges.push((p as u32, q as u32));
            }
            stride *= size;
        }
    }
    GameGraph::from_edges(total, &edges).unwrap()
}

/// Checks the generalized values of random components against retrograde
/// analysis of every position of their sum.
fn check_sum(parts: &[(usize, Vec<(u32, u32)>)]) {
    let limits = Limits::default();
    let succs: Vec<Vec<Vec<u32>>> = parts.iter().map(|(n, e)| successors(*n, e)).collect();
    let values: Vec<Vec<LoopyValue>> = parts
        .iter()
        .map(|(n, e)| loopy_values(&GameGraph::from_edges(*n, e).unwrap(), &limits).unwrap())
        .collect();
    let whole = sum_graph(&succs).solve(&limits).unwrap();
    for p in 0..whole.len() {
        let mut rest = p;
        let mut vs = Vec::new();
        for v in &values {
            vs.push(v[rest % v.len()].clone());
            rest /= v.len();
        }
        assert_eq!(
            sum_outcome(&vs),
            whole.outcome(p as u32),
            "sum position {p} with values {vs:?} of {parts:?}"
        );
    }
}

fn random_parts(rng: &mut Rng) -> Vec<(usize, Vec<(u32, u32)>)> {
    let k = 1 + rng.below(3);
    (0..k)
        .map(|_| {
            let n = 1 + rng.below(6) as usize;
            (n, random_graph(rng, n, 3))
        })
        .collect()
}

#[test]
fn generalized_values_decide_random_sums_like_the_whole_sum_graph() {
    let mut rng = Rng(11);
    for _ in 0..3000 {
        check_sum(&random_parts(&mut rng));
    }
}

/// Fraenkel's defining conditions of the generalized Sprague-Grundy
/// function, checked directly.
fn check_definition(n: usize, edges: &[(u32, u32)]) {
    let succ = successors(n, edges);
    let g = GameGraph::from_edges(n, edges).unwrap();
    let vals = loopy_values(&g, &Limits::default()).unwrap();
    let finite = |w: u32| vals[w as usize].finite();
    for u in 0..n {
        let opts: Vec<Option<Nimber>> = succ[u].iter().map(|&w| finite(w)).collect();
        let mex = (0..)
            .map(Nimber)
            .find(|m| !opts.contains(&Some(*m)))
            .unwrap();
        match &vals[u] {
            LoopyValue::Finite(a) => {
                // A: the value is the mex of the finite option values.
                assert_eq!(*a, mex, "mex at {u} of {edges:?}");
                // B: an option above it (or infinite) reverses back to it.
                for &w in &succ[u] {
                    if finite(w).is_none_or(|b| b > *a) {
                        assert!(
                            succ[w as usize].iter().any(|&x| finite(x) == Some(*a)),
                            "option {w} of {u} does not reverse in {edges:?}"
                        );
                    }
                }
            }
            LoopyValue::Infinite(k) => {
                let want: std::collections::BTreeSet<Nimber> =
                    opts.iter().flatten().copied().collect();
                assert_eq!(k, &want.into_iter().collect::<Vec<_>>());
                // C: some infinite option has no option of value mex.
                assert!(
                    succ[u].iter().any(|&w| finite(w).is_none()
                        && !succ[w as usize].iter().any(|&x| finite(x) == Some(mex))),
                    "infinite {u} has no escape in {edges:?}"
                );
            }
        }
    }
}

#[test]
fn generalized_values_meet_the_definition() {
    let mut rng = Rng(12);
    for _ in 0..3000 {
        let n = 1 + rng.below(10) as usize;
        check_definition(n, &random_graph(&mut rng, n, 4));
    }
}

#[test]
fn acyclic_graphs_get_ordinary_grundy_values() {
    let mut rng = Rng(13);
    for _ in 0..500 {
        let n = 1 + rng.below(12) as usize;
        // Moves only to smaller indices: acyclic.
        let edges: Vec<(u32, u32)> = random_graph(&mut rng, n, 4)
            .into_iter()
            .filter(|&(a, b)| b < a)
            .collect();
        let succ = successors(n, &edges);
        let mut sg = vec![Nimber::ZERO; n];
        for v in 0..n {
            let opts: Vec<Nimber> = succ[v].iter().map(|&w| sg[w as usize]).collect();
            sg[v] = (0..).map(Nimber).find(|m| !opts.contains(m)).unwrap();
        }
        let vals = loopy_values(
            &GameGraph::from_edges(n, &edges).unwrap(),
            &Limits::default(),
        )
        .unwrap();
        let got: Vec<Option<Nimber>> = vals.iter().map(LoopyValue::finite).collect();
        assert_eq!(got, sg.into_iter().map(Some).collect::<Vec<_>>());
    }
}

fn arb_graph(max_n: usize, max_out: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1..=max_n).prop_flat_map(move |n| {
        let edge = (0..n as u32, 0..n as u32);
        (Just(n), prop::collection::vec(edge, 0..=n * max_out))
    })
}

proptest! {
    #[test]
    fn retrograde_agrees_with_the_definition((n, edges) in arb_graph(10, 3)) {
        check_retrograde(n, &edges);
    }

    #[test]
    fn sums_agree_with_the_sum_graph(parts in prop::collection::vec(arb_graph(5, 3), 1..=3)) {
        check_sum(&parts);
    }

    #[test]
    fn values_meet_the_definition((n, edges) in arb_graph(9, 4)) {
        check_definition(n, &edges);
    }
}

#[cfg(feature = "parallel")]
#[test]
fn level_parallel_retrograde_equals_the_queue() {
    let mut rng = Rng(14);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for _ in 0..1000 {
        let n = 1 + rng.below(40) as usize;
        let edges = random_graph(&mut rng, n, 3);
        let g = GameGraph::from_edges(n, &edges).unwrap();
        let want = g.solve(&Limits::default()).unwrap();
        let got = pool
            .install(|| grundy_engine::retrograde_parallel(&g.reverse(), &Limits::default()))
            .unwrap();
        assert_eq!(got, want, "{edges:?}");
    }
}

/// Setting up a retrograde analysis reads the clock: at 10^8 positions
/// (a ring of 10^8 cells) it took seconds at a limit of 0.3 s, the clock
/// first read after 2^20 moves followed back. Here half a million
/// positions without a move, under a limit the clock passes at once.
#[test]
fn setting_up_a_retrograde_analysis_keeps_to_the_time_limit() {
    let graph = GameGraph::from_edges(500_000, &[]).unwrap();
    let limits = grundy_engine::testing::limits_past_at_once();
    assert!(matches!(
        graph.solve(&limits),
        Err(grundy_engine::SearchError::TimeLimit(_))
    ));
    // Without the limit, the same graph is solved: every position lost.
    let solved = graph.solve(&Limits::default()).unwrap();
    assert!(solved
        .outcomes()
        .iter()
        .all(|&o| o == grundy_engine::Outcome::P));
}
