//! `analyze` on games whose positions repeat: outcomes against the
//! generalized Sprague-Grundy values of the components and against a
//! fixed-point brute force (misère), moves against the outcomes of where
//! they lead; the retrograde report builder ([`LoopyReport`],
//! [`ReachableGame`]) against each move's own solution and a hand-solved
//! graph.

// A small seeded generator, so the random tests are reproducible.
use grundy_engine::hash::SplitMix as Rng;
use grundy_engine::{
    analyze, loopy_values, sum_outcome, Detail, GameGraph, Heading, Impartial, Limits, LoopyReport,
    LoopyValue, MisereSolver, Move, MoveReport, Nimber, Outcome, ParseError, Play, ReachableGame,
    Rules, RulesError, Solver, TextGame,
};
use std::sync::Arc;

/// Tokens on a directed graph (cycles allowed); a move slides one token
/// along an edge. A position is the sorted list of the tokens' vertices.
/// With `values`, each token's generalized value is known
/// ([`Impartial::loopy_value`]), so normal play is decided from them.
struct Tokens {
    succ: Vec<Vec<u32>>,
    values: Option<Vec<LoopyValue>>,
}

impl Rules for Tokens {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(self.moves(p)?.into_iter().map(|m| m.to).collect())
    }

    fn may_repeat(&self) -> bool {
        true
    }
}

impl Impartial for Tokens {
    fn components(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(p.iter().map(|&v| vec![v]).collect())
    }

    fn loopy_value(&self, p: &Vec<u32>) -> Option<LoopyValue> {
        match (&self.values, p.as_slice()) {
            (Some(values), [v]) => Some(values[*v as usize].clone()),
            _ => None,
        }
    }
}

impl TextGame for Tokens {
    fn parse(&self, args: &[&str]) -> Result<Vec<u32>, ParseError> {
        let mut p = args
            .iter()
            .map(|a| a.parse::<u32>().map_err(|_| ParseError::new(*a)))
            .collect::<Result<Vec<_>, _>>()?;
        p.sort_unstable();
        Ok(p)
    }

    fn format(&self, p: &Vec<u32>) -> String {
        p.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
    }

    fn moves(&self, p: &Vec<u32>) -> Result<Vec<Move<Vec<u32>>>, RulesError> {
        let mut out = Vec::new();
        for (i, &v) in p.iter().enumerate() {
            for &w in &self.succ[v as usize] {
                let mut q = p.clone();
                q[i] = w;
                q.sort_unstable();
                out.push(Move {
                    label: format!("token {i}: {v} -> {w}"),
                    to: q,
                });
            }
        }
        Ok(out)
    }
}

fn random_tokens(rng: &mut Rng) -> Tokens {
    let n = 1 + rng.below(7) as usize;
    let succ = (0..n)
        .map(|_| {
            (0..rng.below(4))
                .map(|_| rng.below(n as u64) as u32)
                .collect()
        })
        .collect();
    Tokens { succ, values: None }
}

/// The generalized values of every vertex of `succ`'s graph.
fn vertex_values(succ: &[Vec<u32>]) -> Vec<LoopyValue> {
    let edges: Vec<(u32, u32)> = succ
        .iter()
        .enumerate()
        .flat_map(|(v, s)| s.iter().map(move |&w| (v as u32, w)))
        .collect();
    loopy_values(
        &GameGraph::from_edges(succ.len(), &edges).unwrap(),
        &Limits::default(),
    )
    .unwrap()
}

struct Setup {
    game: Arc<Tokens>,
    normal: Solver<Tokens>,
    misere: MisereSolver<Tokens>,
}

impl Setup {
    fn new(game: Tokens) -> Setup {
        let game = Arc::new(game);
        Setup {
            normal: Solver::new(game.clone(), Limits::default()),
            misere: MisereSolver::new(game.clone(), Limits::default()),
            game,
        }
    }

    fn analyze(&mut self, p: &[u32], play: Play) -> grundy_engine::Analysis {
        let mut p = p.to_vec();
        p.sort_unstable();
        analyze(
            "tokens",
            &*self.game,
            &mut self.normal,
            &mut self.misere,
            &p,
            play,
        )
        .unwrap()
    }
}

/// The winning moves are exactly those leading to `P` (from `N`), the
/// drawing moves those leading to `D` (from `D`); none from `P`.
fn check_moves(s: &mut Setup, p: &[u32], play: Play) {
    let a = s.analyze(p, play);
    let keep = match a.outcome {
        Outcome::N => Outcome::P,
        Outcome::D => Outcome::D,
        Outcome::P => {
            assert!(a.winning_moves.is_empty());
            assert!(a.drawing_moves.is_empty());
            assert_eq!(
                (a.winning_move_count, a.drawing_move_count),
                (Some(0), None)
            );
            return;
        }
    };
    let mut sorted = p.to_vec();
    sorted.sort_unstable();
    let mut want = Vec::new();
    for m in s.game.moves(&sorted).unwrap() {
        if s.analyze(&m.to, play).outcome == keep {
            want.push(s.game.format(&m.to));
        }
    }
    let (listed, count) = if a.outcome == Outcome::D {
        // No move wins from a drawn position.
        assert!(a.winning_moves.is_empty(), "{p:?} {play}");
        assert_eq!(a.winning_move_count, Some(0));
        (&a.drawing_moves, a.drawing_move_count)
    } else {
        assert!(a.drawing_moves.is_empty(), "{p:?} {play}");
        assert_eq!(a.drawing_move_count, None);
        (&a.winning_moves, a.winning_move_count)
    };
    let got: Vec<String> = listed.iter().map(|m| m.to.clone()).collect();
    assert_eq!(got, want, "{p:?} {play}");
    assert_eq!(count, Some(got.len()));
}

#[test]
fn normal_play_sums_follow_the_components_generalized_values() {
    let mut rng = Rng(21);
    for _ in 0..400 {
        let game = random_tokens(&mut rng);
        let n = game.succ.len();
        let values = vertex_values(&game.succ);
        let mut s = Setup::new(game);
        for _ in 0..4 {
            let k = 1 + rng.below(3) as usize;
            let p: Vec<u32> = (0..k).map(|_| rng.below(n as u64) as u32).collect();
            let vs: Vec<LoopyValue> = p.iter().map(|&v| values[v as usize].clone()).collect();
            let a = s.analyze(&p, Play::Normal);
            assert_eq!(a.outcome, sum_outcome(&vs), "{p:?} with values {vs:?}");
            if vs.iter().all(|v| v.finite().is_some()) {
                let xor = vs.iter().fold(Nimber::ZERO, |x, v| x + v.finite().unwrap());
                assert_eq!(a.value, Some(xor.0), "{p:?}");
            }
            check_moves(&mut s, &p, Play::Normal);
        }
    }
}

/// Misère by fixed point on the single-token graph: a vertex with no edge
/// is won; won if some edge leads to a lost vertex; lost if every edge
/// leads to a won one; what never settles is drawn.
fn misere_brute(succ: &[Vec<u32>]) -> Vec<Outcome> {
    let mut o = vec![Outcome::D; succ.len()];
    loop {
        let mut changed = false;
        for v in 0..succ.len() {
            if o[v] != Outcome::D {
                continue;
            }
            let s = &succ[v];
            let new = if s.is_empty() || s.iter().any(|&w| o[w as usize] == Outcome::P) {
                Outcome::N
            } else if s.iter().all(|&w| o[w as usize] == Outcome::N) {
                Outcome::P
            } else {
                continue;
            };
            o[v] = new;
            changed = true;
        }
        if !changed {
            return o;
        }
    }
}

#[test]
fn misere_single_tokens_match_the_fixed_point() {
    let mut rng = Rng(22);
    for _ in 0..400 {
        let game = random_tokens(&mut rng);
        let want = misere_brute(&game.succ);
        let n = game.succ.len();
        let mut s = Setup::new(game);
        for v in 0..n as u32 {
            let a = s.analyze(&[v], Play::Misere);
            assert_eq!(
                a.outcome, want[v as usize],
                "vertex {v} of {:?}",
                s.game.succ
            );
            assert_eq!(a.value, None);
            check_moves(&mut s, &[v], Play::Misere);
        }
    }
}

#[test]
fn a_drawn_position_reports_its_value_and_the_moves_keeping_the_draw() {
    // 0 <-> 1, 1 -> 2 (end), 0 -> 3 <-> 3: 3 loops alone.
    let game = Tokens {
        succ: vec![vec![1, 3], vec![0, 2], vec![], vec![3]],
        values: None,
    };
    let mut s = Setup::new(game);
    let a = s.analyze(&[3], Play::Normal);
    assert_eq!(a.outcome, Outcome::D);
    assert_eq!(a.value, None);
    // The infinite value is a field of its own, not a note.
    assert_eq!(a.loopy_value.as_deref(), Some("∞{}"));
    assert!(!a.notes.iter().any(|n| n.contains('∞')), "{:?}", a.notes);
    assert_eq!((a.winning_move_count, a.winning_moves.len()), (Some(0), 0));
    assert_eq!(a.drawing_move_count, Some(1));
    assert_eq!(a.drawing_moves[0].to, "3");
    // 1 reverses 0's move to it; 0 may also run into the loop at 3.
    let a = s.analyze(&[1], Play::Normal);
    assert_eq!((a.outcome, a.value), (Outcome::N, None));
    assert_eq!(a.winning_moves[0].to, "2");
    assert!(a.method.contains("retrograde"), "{}", a.method);
}

#[test]
fn the_state_limit_is_reported() {
    // A long line: 0 -> 1 -> ... -> 99 -> 0.
    let game = Tokens {
        succ: (0..100).map(|v| vec![(v + 1) % 100]).collect(),
        values: None,
    };
    let game = Arc::new(game);
    let tiny = Limits {
        max_states: 50,
        max_time: None,
        ..Limits::default()
    };
    let mut normal = Solver::new(game.clone(), tiny.clone());
    let mut misere = MisereSolver::new(game.clone(), tiny);
    let e = analyze(
        "tokens",
        &*game,
        &mut normal,
        &mut misere,
        &vec![0],
        Play::Normal,
    )
    .unwrap_err();
    assert_eq!(e.exit_code(), 2, "{e}");
    assert!(e.to_string().contains("50"), "{e}");
}

#[test]
fn sums_decided_from_known_values_match_exploring_the_whole_sum() {
    let mut rng = Rng(23);
    let mut drawn = 0;
    for _ in 0..400 {
        let explored = random_tokens(&mut rng);
        let values = vertex_values(&explored.succ);
        let n = explored.succ.len();
        let known = Tokens {
            succ: explored.succ.clone(),
            values: Some(values.clone()),
        };
        let mut slow = Setup::new(explored);
        let mut fast = Setup::new(known);
        for _ in 0..4 {
            let k = 1 + rng.below(3) as usize;
            let p: Vec<u32> = (0..k).map(|_| rng.below(n as u64) as u32).collect();
            let a = slow.analyze(&p, Play::Normal);
            let b = fast.analyze(&p, Play::Normal);
            assert!(b.method.contains("Smith"), "{}", b.method);
            let moves = |a: &grundy_engine::Analysis| {
                (
                    (a.outcome, a.value, a.loopy_value.clone()),
                    (a.winning_moves.clone(), a.winning_move_count),
                    (a.drawing_moves.clone(), a.drawing_move_count),
                )
            };
            assert_eq!(moves(&a), moves(&b), "{p:?} on {:?}", slow.game.succ);
            // The sum rule gives the value the whole sum graph has.
            let vs: Vec<LoopyValue> = p.iter().map(|&v| values[v as usize].clone()).collect();
            let mut sorted = p.clone();
            sorted.sort_unstable();
            let whole = grundy_engine::explore(sorted, &Limits::default(), |q| {
                slow.game
                    .options(q)
                    .map_err(grundy_engine::SearchError::from)
            })
            .unwrap();
            let whole_values = loopy_values(&whole.graph, &Limits::default()).unwrap();
            assert_eq!(LoopyValue::sum(&vs), whole_values[0], "{p:?} with {vs:?}");
            drawn += usize::from(b.outcome == Outcome::D);
        }
    }
    assert!(
        drawn > 50,
        "only {drawn} drawn sums: the draws were not exercised"
    );
}

/// The outcome and remoteness [`ReachableGame`] gives each move of a start
/// are those each move's own position has, solved from there; the misère
/// sink's extra move is never counted.
#[test]
fn each_moves_outcome_and_remoteness_agree_with_its_own_solution() {
    let mut rng = Rng(41);
    let limits = Limits::default();
    let mut compared = 0;
    for _ in 0..300 {
        let game = random_tokens(&mut rng);
        let n = game.succ.len() as u64;
        let k = 1 + rng.below(2) as usize;
        let mut p: Vec<u32> = (0..k).map(|_| rng.below(n) as u32).collect();
        p.sort_unstable();
        for play in [Play::Normal, Play::Misere] {
            let start = ReachableGame::solve(&game, &p, play, &limits).unwrap();
            let moves = game.moves(&p).unwrap();
            let targets = start.targets(&moves).unwrap();
            let after = start.report().move_outcomes(&targets);
            assert_eq!(after.len(), moves.len());
            for (m, got) in moves.iter().zip(after) {
                let own = ReachableGame::solve(&game, &m.to, play, &limits).unwrap();
                let want = (own.report().outcome(0), own.report().remoteness(0));
                assert_eq!(got, want, "{p:?} -> {:?} {play} on {:?}", m.to, game.succ);
                compared += 1;
            }
            // A position without a move ends the game at once.
            if moves.is_empty() {
                assert_eq!(start.report().remoteness(0), Some(0), "{p:?} {play}");
            }
        }
    }
    assert!(compared > 300, "only {compared} moves compared");
}

#[test]
fn a_finished_misere_game_has_remoteness_0() {
    // 0 -> 1: 1 is over (its player wins in misère play), 0 must move there.
    let game = Tokens {
        succ: vec![vec![1], vec![]],
        values: None,
    };
    let mut s = Setup::new(game);
    let over = s.analyze(&[1], Play::Misere);
    assert_eq!(over.outcome, Outcome::N);
    assert_eq!(
        over.notes,
        ["remoteness 0: the game ends after 0 moves with best play"]
    );
    let forced = s.analyze(&[0], Play::Misere);
    assert_eq!(forced.outcome, Outcome::P);
    assert_eq!(
        forced.notes,
        ["remoteness 1: the game ends after 1 move with best play"]
    );
}

#[test]
fn a_move_to_no_option_of_the_start_is_an_internal_error() {
    let game = Tokens {
        succ: vec![vec![1], vec![0]],
        values: None,
    };
    let start = ReachableGame::solve(&game, &vec![0], Play::Normal, &Limits::default()).unwrap();
    let stray = Move {
        label: "teleport".to_string(),
        to: vec![0],
    };
    let e = start.targets(&[stray]).unwrap_err();
    assert_eq!(e.exit_code(), 1, "{e}");
    assert!(e.to_string().contains("teleport"), "{e}");
}

/// [`LoopyReport::analysis`] on a graph solved by hand: the moves are asked
/// for only when some are listed, and listed and counted as `detail` says.
#[test]
fn a_report_lists_the_moves_worth_playing_as_detail_asks() {
    // 0 -> 1, 0 -> 2, 0 -> 3; 1 over (P); 2 <-> 3 (both D). 0 wins by
    // moving to 1; 4 -> 2, 4 -> 3 is drawn, with two moves keeping it.
    let graph = GameGraph::from_edges(5, &[(0, 1), (0, 2), (0, 3), (2, 3), (3, 2), (4, 2), (4, 3)])
        .unwrap();
    let solved = graph.solve(&Limits::default()).unwrap();
    let report = LoopyReport::new(&solved, Play::Normal);
    let heading = |v: u32| Heading {
        game: "g".into(),
        position: v.to_string(),
        method: "by hand".into(),
    };
    let moves_of = |v: u32| -> Vec<(MoveReport, u32)> {
        graph
            .successors(v)
            .iter()
            .map(|&w| {
                let to = w.to_string();
                (
                    MoveReport {
                        label: format!("{v} -> {w}"),
                        to,
                    },
                    w,
                )
            })
            .collect()
    };
    let asked = std::cell::Cell::new(0);
    let analysis = |v: u32, detail: Detail| {
        report
            .analysis(v, heading(v), detail, || {
                asked.set(asked.get() + 1);
                Ok(moves_of(v))
            })
            .unwrap()
    };
    let won = analysis(0, Detail::AllMoves);
    assert_eq!((won.outcome, won.winning_move_count), (Outcome::N, Some(1)));
    assert_eq!(won.winning_moves[0].to, "1");
    assert_eq!((won.drawing_move_count, won.drawing_moves.len()), (None, 0));
    assert_eq!(
        won.notes,
        ["remoteness 1: the game ends after 1 move with best play"]
    );
    let drawn = analysis(4, Detail::FirstMoves(1));
    assert_eq!(drawn.outcome, Outcome::D);
    assert_eq!(
        (drawn.winning_move_count, drawn.winning_moves.len()),
        (Some(0), 0)
    );
    assert_eq!(drawn.drawing_move_count, Some(2));
    assert_eq!(drawn.drawing_moves.len(), 1);
    assert_eq!(
        drawn.notes,
        ["neither player can force a win; play can go on for ever"]
    );
    assert_eq!(asked.get(), 2);
    // No move is generated for a lost position or the outcome alone.
    let lost = analysis(1, Detail::AllMoves);
    assert_eq!(
        (lost.outcome, lost.winning_move_count),
        (Outcome::P, Some(0))
    );
    let only = analysis(4, Detail::OutcomeOnly);
    assert_eq!(
        (only.winning_move_count, only.drawing_move_count),
        (None, None)
    );
    assert!(only.drawing_moves.is_empty());
    assert_eq!(asked.get(), 2);
    assert_eq!(
        report.move_outcomes(&[1, 2, 0]),
        [
            (Outcome::P, Some(0)),
            (Outcome::D, None),
            (Outcome::N, Some(1))
        ]
    );
}

/// A one-vertex loop whose answer-size estimate records the answer scope
/// it runs in: the memory budget and whether a deadline is set.
struct ScopeProbe {
    seen: std::sync::Mutex<Option<(u64, bool)>>,
}

impl Rules for ScopeProbe {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(vec![p.clone()])
    }

    fn may_repeat(&self) -> bool {
        true
    }
}

impl Impartial for ScopeProbe {
    fn components(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(vec![p.clone()])
    }
}

impl TextGame for ScopeProbe {
    fn parse(&self, _args: &[&str]) -> Result<Vec<u32>, ParseError> {
        Ok(vec![0])
    }

    fn format(&self, _p: &Vec<u32>) -> String {
        "0".into()
    }

    fn moves(&self, p: &Vec<u32>) -> Result<Vec<Move<Vec<u32>>>, RulesError> {
        Ok(vec![Move {
            label: "stay".into(),
            to: p.clone(),
        }])
    }

    fn answer_size(&self, _p: &Vec<u32>, _play: Play) -> u128 {
        let scope = (
            grundy_engine::memory::answer_max_memory(),
            grundy_engine::clock::answer_limit().is_some(),
        );
        *self.seen.lock().unwrap() = Some(scope);
        0
    }
}

/// The answer across ranks runs in the answer's scope, as in one process:
/// its size estimate (a family's move listing, say) reads the analysis's
/// memory budget and time limit, not the process defaults.
#[test]
fn an_answer_on_ranks_keeps_to_the_answers_memory_budget_and_clock() {
    let game = ScopeProbe {
        seen: std::sync::Mutex::new(None),
    };
    let limits = Limits {
        max_memory: 123_456_789,
        max_time: Some(std::time::Duration::from_secs(30)),
        ..Limits::default()
    };
    let answer = grundy_engine::analyze_on_ranks(
        "probe",
        &game,
        &vec![0],
        Play::Normal,
        Detail::AllMoves,
        &limits,
        &grundy_engine::ranks::OneRank,
    )
    .unwrap();
    assert_eq!(answer.outcome, Outcome::D);
    assert_eq!(*game.seen.lock().unwrap(), Some((123_456_789, true)));
    // Outside an answer, neither is set.
    assert_ne!(grundy_engine::memory::answer_max_memory(), 123_456_789);
    assert!(grundy_engine::clock::answer_limit().is_none());
}
