//! Green Hackenbush against search: the fusion principle on every rooted
//! graph of up to 7 edges (loops and parallel edges included), the winning
//! edges, and misère play by the Sprague-Grundy-Jiang theorem against
//! direct misère search of the whole sum.

use grundy_engine::testing::{check_contracts, Unsplit};
use grundy_engine::{Impartial, Limits, MisereSolver, Play, Solver, TextGame};
use grundy_games::hackenbush::forest::{dense, parse_forest, Forest, Graph};
use grundy_games::hackenbush::{fusion, misere, Hackenbush};
use proptest::prelude::*;
use std::sync::Arc;

/// The game searched as one whole: no split into branches, no closed form.
fn whole() -> Arc<Unsplit<Hackenbush>> {
    Arc::new(Unsplit(Arc::new(Hackenbush::default())))
}

/// Every rooted multigraph of `m` edges up to isomorphism (some more than
/// once): edges (a, b), a <= b, listed in increasing (b, a) order, each
/// new vertex joined to an older one. Numbering any connected rooted graph
/// breadth-first from the ground gives such a list, so none is missed.
fn graphs(m: usize) -> Vec<Graph> {
    fn grow(edges: &mut Vec<(u32, u32)>, top: u32, m: usize, out: &mut Vec<Graph>) {
        if edges.len() == m {
            out.push(Graph {
                edges: edges.clone(),
            });
            return;
        }
        let last = edges.last().map(|&(a, b)| (b, a)).unwrap_or((0, 0));
        for b in last.0..=top + 1 {
            for a in 0..=b {
                if (b, a) < last || (b == top + 1 && a == b) {
                    continue;
                }
                edges.push((a, b));
                grow(edges, top.max(b), m, out);
                edges.pop();
            }
        }
    }
    let mut out = Vec::new();
    grow(&mut Vec::new(), 0, m, &mut out);
    out
}

fn one(g: &Graph) -> Forest {
    Forest {
        graphs: vec![g.clone()],
    }
}

#[test]
fn enumeration_counts() {
    let counts: Vec<usize> = (0..=7).map(|m| graphs(m).len()).collect();
    assert_eq!(counts, vec![1, 2, 6, 24, 122, 760, 5630, 48426]);
}

#[test]
fn fusion_agrees_with_search_on_every_graph_of_up_to_7_edges() {
    let mut search = Solver::search_only(whole(), Limits::default());
    let mut checked = 0;
    for m in 1..=7 {
        for g in graphs(m) {
            let v = search.value(&one(&g)).unwrap().0;
            assert_eq!(g.value(), v, "{g:?}");
            // Every target value: the edges reaching it are exactly those
            // whose removal search values at it.
            let after: Vec<u64> = (0..g.edges.len())
                .map(|i| {
                    let rest = g.without(i);
                    if rest.edges.is_empty() {
                        0
                    } else {
                        search.value(&one(&rest)).unwrap().0
                    }
                })
                .collect();
            let (nodes, local) = dense(&g);
            for t in 0..=8u64 {
                let want: Vec<usize> = (0..after.len()).filter(|&i| after[i] == t).collect();
                assert_eq!(
                    fusion::edges_reaching(nodes.len(), &local, 0, t),
                    want,
                    "{g:?} target {t}"
                );
            }
            // The canonical form keeps the value.
            assert_eq!(g.canonical().value(), v, "{g:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 + 6 + 24 + 122 + 760 + 5630 + 48426);
}

/// A random rooted graph of up to `m` edges: each edge joins a new or an
/// old vertex to an old one; `cycles` allows edges between old vertices.
fn random_graph(m: usize, cycles: bool) -> impl Strategy<Value = Graph> {
    prop::collection::vec((any::<u32>(), any::<u32>(), any::<bool>()), 1..=m).prop_map(move |raw| {
        let mut top = 0u32;
        let mut edges = Vec::new();
        for (x, y, new) in raw {
            let a = x % (top + 1);
            if new || !cycles {
                top += 1;
                edges.push((a, top));
            } else {
                edges.push((a, y % (top + 1)));
            }
        }
        Graph { edges }
    })
}

fn random_forest(graphs: usize, m: usize, cycles: bool) -> impl Strategy<Value = Forest> {
    prop::collection::vec(random_graph(m, cycles), 1..=graphs).prop_map(|graphs| Forest { graphs })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Wherever the theorem is used (every branch meets the ground in one
    /// edge), its outcome and winning moves agree with direct misère
    /// search of the whole sum.
    #[test]
    fn sj_shortcut_agrees_with_misere_search(p in random_forest(3, 4, true)) {
        let game = Hackenbush::default();
        let mut search = MisereSolver::new(whole(), Limits::default());
        if let Some((wins, moves)) = misere::sj_answer(&p) {
            prop_assert_eq!(wins, search.mover_wins(&p).unwrap());
            let mut want = Vec::new();
            for (gi, g) in p.graphs.iter().enumerate() {
                for i in 0..g.edges.len() {
                    let mut q = p.clone();
                    let rest = g.without(i);
                    if rest.edges.is_empty() {
                        q.graphs.remove(gi);
                    } else {
                        q.graphs[gi] = rest;
                    }
                    if !search.mover_wins(&q).unwrap() {
                        want.push((gi, i));
                    }
                }
            }
            prop_assert_eq!(moves, want);
        }
        // The engine's answer (theory or search over canonical branches)
        // matches the direct search either way.
        let mut normal = Solver::new(Arc::new(game.clone()), Limits::default());
        let mut mis = MisereSolver::new(Arc::new(game.clone()), Limits::default());
        let a = grundy_engine::analyze("hackenbush", &game, &mut normal, &mut mis, &p, Play::Misere).unwrap();
        prop_assert_eq!(a.outcome == grundy_engine::Outcome::N, search.mover_wins(&p).unwrap());
    }

    /// Normal play: the analysis's winning moves are exactly the moves to
    /// positions of value 0 by search.
    #[test]
    fn normal_winning_moves_agree_with_search(p in random_forest(3, 4, true)) {
        let game = Hackenbush::default();
        let mut search = Solver::search_only(whole(), Limits::default());
        let t = game.theory(&p, Play::Normal).unwrap();
        let want: Vec<String> = game
            .moves(&p)
            .unwrap()
            .into_iter()
            .filter(|m| search.value(&m.to).unwrap().0 == 0)
            .map(|m| m.label)
            .collect();
        let got: Vec<String> = t.winning_moves.into_iter().map(|m| m.label).collect();
        prop_assert_eq!(got, want);
    }

    /// The parser never panics, whatever it is given.
    #[test]
    fn parser_never_panics(s in "[0-9 ;,\\-a-z]{0,40}") {
        let _ = parse_forest(&s);
    }

    #[test]
    fn parser_never_panics_on_any_text(s in "\\PC{0,40}") {
        let _ = parse_forest(&s);
    }
}

/// Applied blindly to whole trees (each tree one component, whatever meets
/// the ground), the theorem is wrong on some small forest: the hypothesis
/// is not a formality.
#[test]
fn blind_sj_is_wrong_on_some_forest() {
    let mut search = MisereSolver::new(whole(), Limits::default());
    let mut wrong = None;
    'out: for m in 1..=4 {
        for a in graphs(m) {
            for b in graphs(2) {
                let p = Forest {
                    graphs: vec![a.clone(), b.clone()],
                };
                let values = [a.value(), b.value()];
                if grundy_games::anti_sg::mover_wins(&values) != search.mover_wins(&p).unwrap() {
                    wrong = Some(p);
                    break 'out;
                }
            }
        }
    }
    let p = wrong.expect("a forest where blind SJ fails");
    // The hypothesis check refuses every such forest... unless each of its
    // branches meets the ground once, where the theorem is right.
    if let Some((wins, _)) = misere::sj_answer(&p) {
        assert_eq!(wins, search.mover_wins(&p).unwrap());
    }
}

#[test]
fn spec_examples() {
    let g = Hackenbush::default();
    let f = g.parse(&["0-1 1-2 1-3"]).unwrap();
    assert_eq!(g.closed_form(&f).unwrap().0, 1);
    let floating = g.parse(&["0-1", "2-3"]).unwrap_err().0;
    assert!(floating.contains("2-3"), "{floating}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The engine's contract checks: round trip, moves = options, parts
    /// indecomposable, value and misère outcome and theories = search.
    #[test]
    fn contracts(p in random_forest(3, 4, true)) {
        let g = Arc::new(Hackenbush::default());
        check_contracts(&g, &[p], &Limits::default()).map_err(TestCaseError::fail)?;
    }
}
