//! Retrograde analysis of finite game graphs, cycles allowed.
//!
//! The memoised [`crate::Solver`] walks forward from a position and needs
//! an acyclic game. A game whose positions can repeat is solved backwards
//! instead: every position reachable from the start is enumerated, and the
//! outcomes are propagated from the positions with no move towards their
//! predecessors. A position none of that propagation reaches is a draw:
//! neither player can force a win, both can force the play to go on for
//! ever.
//!
//! The graph is explicit: positions are numbered `0..N` and each knows its
//! options (successors). A caller either builds a [`GameGraph`] directly
//! from compressed arrays ([`GameGraph::from_csr`], [`GameGraph::from_edges`],
//! [`GameGraph::from_partizan`]), or lets [`explore`] enumerate it from a
//! start position through a fallible `options` function under a state
//! limit. Families whose predecessors are computable by arithmetic can skip
//! the arrays altogether and implement [`RetroGraph`] themselves.
//!
//! Games where the two players have different moves fit the same mould:
//! a position is a pair (node, player to move), and every move passes the
//! turn. [`GameGraph::from_partizan`] builds that doubled graph.
//!
//! Play is normal: a player with no move loses. The outcome is always
//! stated for the player to move (`N`: the mover wins; `P`: the mover
//! loses; `D`: draw).

use crate::hash::FastMap;
use crate::limits::Budget;
use crate::memory::{self, Reserve};
use crate::{GameError, Limits, Outcome, SearchError};
use std::collections::hash_map::Entry;
use std::hash::Hash;

/// A game graph as retrograde analysis reads it: positions `0..positions()`,
/// how many options each has, and which positions lead to each.
///
/// Contract: `for_each_predecessor(v, f)` calls `f(u)` once for every move
/// `u -> v` (a position with two moves to `v` is reported twice), and
/// `option_count(u)` is the number of moves from `u` counted the same way.
/// Every index is below `positions()`, which is below `u32::MAX`.
pub trait RetroGraph {
    /// Number of positions.
    fn positions(&self) -> usize;

    /// Number of moves from `v` (with multiplicity).
    fn option_count(&self, v: u32) -> u32;

    /// Calls `f(u)` for every move `u -> v`.
    fn for_each_predecessor<F: FnMut(u32)>(&self, v: u32, f: F);
}

/// Who is to move in a game where the players have different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mover {
    /// The first player (Left, "A").
    Left,
    /// The second player (Right, "B").
    Right,
}

impl Mover {
    /// The other player.
    pub fn other(self) -> Mover {
        match self {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }
}

/// An explicit game graph in compressed sparse row form: the options of
/// position `v` are `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl GameGraph {
    /// A graph from its arrays. Errors (as bad input, naming the fault)
    /// unless `offsets` is non-empty, starts at 0, never decreases, ends at
    /// `targets.len()`, and every target is a position (below
    /// `offsets.len() - 1`), and unless there are fewer than `u32::MAX`
    /// positions.
    pub fn from_csr(offsets: Vec<usize>, targets: Vec<u32>) -> Result<GameGraph, GameError> {
        let bad = |m: String| Err(GameError::Input(format!("invalid game graph: {m}")));
        if offsets.is_empty() {
            return bad("the offsets array is empty (it needs positions + 1 entries)".into());
        }
        let n = offsets.len() - 1;
        if n >= u32::MAX as usize {
            return bad(format!("{n} positions, at most {} allowed", u32::MAX - 1));
        }
        if offsets[0] != 0 {
            return bad(format!("the offsets start at {}, not 0", offsets[0]));
        }
        if let Some(v) = offsets.windows(2).position(|w| w[0] > w[1]) {
            return bad(format!("the offsets decrease at position {v}"));
        }
        if offsets[n] != targets.len() {
            return bad(format!(
                "the offsets end at {} but there are {} targets",
                offsets[n],
                targets.len()
            ));
        }
        if let Some(t) = targets.iter().find(|&&t| t as usize >= n) {
            return bad(format!("a move leads to {t}, but the positions are 0..{n}"));
        }
        Ok(GameGraph { offsets, targets })
    }

    /// A graph on positions `0..n` with the given moves `(from, to)`, in
    /// any order (each position's options keep their order in `edges`).
    /// Errors as [`GameGraph::from_csr`], naming an edge outside `0..n`.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<GameGraph, GameError> {
        if n >= u32::MAX as usize {
            return Err(GameError::Input(format!(
                "invalid game graph: {n} positions, at most {} allowed",
                u32::MAX - 1
            )));
        }
        if let Some(&(a, b)) = edges
            .iter()
            .find(|&&(a, b)| a as usize >= n || b as usize >= n)
        {
            return Err(GameError::Input(format!(
                "invalid game graph: the move {a} -> {b} leaves the positions 0..{n}"
            )));
        }
        let mut offsets = vec![0usize; n + 1];
        for &(a, _) in edges {
            offsets[a as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(a, b) in edges {
            targets[fill[a as usize]] = b;
            fill[a as usize] += 1;
        }
        GameGraph::from_csr(offsets, targets)
    }

    /// The graph of a game where the players move differently on the same
    /// nodes: `left` holds Left's moves, `right` Right's (both over the
    /// same nodes `0..n`). Position [`GameGraph::partizan_position`]`(v, m)`
    /// is node `v` with `m` to move; Left's move `v -> w` leads from
    /// `(v, Left)` to `(w, Right)`, and the other way round.
    ///
    /// Errors if the two graphs have different node counts or the doubled
    /// graph would have too many positions.
    pub fn from_partizan(left: &GameGraph, right: &GameGraph) -> Result<GameGraph, GameError> {
        let n = left.positions();
        if right.positions() != n {
            return Err(GameError::Input(format!(
                "invalid partizan graph: Left's moves cover {n} nodes, Right's {}",
                right.positions()
            )));
        }
        if 2 * n >= u32::MAX as usize {
            return Err(GameError::Input(format!(
                "invalid partizan graph: {n} nodes, at most {} allowed",
                (u32::MAX - 1) / 2
            )));
        }
        let mut offsets = Vec::with_capacity(2 * n + 1);
        let mut targets = Vec::with_capacity(left.targets.len() + right.targets.len());
        offsets.push(0);
        for v in 0..n as u32 {
            for (moves, mover) in [(left, Mover::Left), (right, Mover::Right)] {
                let next = mover.other();
                targets.extend(
                    moves
                        .successors(v)
                        .iter()
                        .map(|&w| Self::partizan_position(w, next)),
                );
                offsets.push(targets.len());
            }
        }
        GameGraph::from_csr(offsets, targets)
    }

    /// The index, in a graph from [`GameGraph::from_partizan`], of node `v`
    /// with `mover` to move.
    pub fn partizan_position(v: u32, mover: Mover) -> u32 {
        2 * v + u32::from(mover == Mover::Right)
    }

    /// This graph with misère play's end made a normal one: every position
    /// without a move gets one move to a new position without moves
    /// (numbered [`GameGraph::positions`]), so the player who cannot move
    /// in the game wins, one move later. Normal-play analysis of the result
    /// is the misère analysis of `self`, each remoteness one larger.
    pub fn with_misere_sink(&self) -> Result<GameGraph, GameError> {
        let n = self.positions();
        let sink = n as u32;
        let mut offsets = Vec::with_capacity(n + 2);
        let mut targets = Vec::with_capacity(self.moves() + n);
        offsets.push(0);
        for v in 0..sink {
            match self.successors(v) {
                [] => targets.push(sink),
                succ => targets.extend_from_slice(succ),
            }
            offsets.push(targets.len());
        }
        offsets.push(targets.len());
        GameGraph::from_csr(offsets, targets)
    }

    /// The positions in an order where every move goes forward (each
    /// position before its options), or `None` when some position can be
    /// reached again from itself (a cycle, self-loops included). Kahn's
    /// peeling of the positions no remaining move leads to: linear time.
    pub fn topological_order(&self) -> Option<Vec<u32>> {
        let n = self.positions();
        let mut entering = vec![0u32; n];
        for &t in &self.targets {
            entering[t as usize] += 1;
        }
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&v| entering[v as usize] == 0)
            .collect();
        let mut next = 0;
        while let Some(&v) = order.get(next) {
            next += 1;
            for &t in self.successors(v) {
                entering[t as usize] -= 1;
                if entering[t as usize] == 0 {
                    order.push(t);
                }
            }
        }
        (order.len() == n).then_some(order)
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of moves (edges).
    pub fn moves(&self) -> usize {
        self.targets.len()
    }

    /// The options of `v`, in the order they were given.
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }

    /// The predecessor lists and option counts retrograde analysis runs on
    /// (a counting sort: linear time, one more array of the edges).
    pub fn reverse(&self) -> ReverseGraph {
        let n = self.positions();
        let mut offsets = vec![0usize; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for u in 0..n {
            for &t in self.successors(u as u32) {
                sources[fill[t as usize]] = u as u32;
                fill[t as usize] += 1;
            }
        }
        let option_counts = self
            .offsets
            .windows(2)
            .map(|w| (w[1] - w[0]) as u32)
            .collect();
        ReverseGraph {
            offsets,
            sources,
            option_counts,
        }
    }

    /// Retrograde analysis of every position: see [`retrograde`].
    pub fn solve(&self, limits: &Limits) -> Result<Retrograde, SearchError> {
        Budget::start(limits).admit(self.positions() as u128)?;
        // The reverse graph: offsets, one source a move, one count a
        // position.
        let n = self.positions() as u64;
        let bytes = (n + 1) * 8 + self.moves() as u64 * 4 + n * 4;
        memory::admit(bytes, limits.max_memory)?;
        retrograde(&self.reverse(), limits)
    }
}

/// Predecessor lists in compressed form, with each position's number of
/// options: what [`retrograde`] needs of a [`GameGraph`].
#[derive(Clone, Debug)]
pub struct ReverseGraph {
    offsets: Vec<usize>,
    sources: Vec<u32>,
    option_counts: Vec<u32>,
}

impl ReverseGraph {
    /// The positions with a move to `v`, one entry per move.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        &self.sources[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }
}

impl RetroGraph for ReverseGraph {
    fn positions(&self) -> usize {
        self.option_counts.len()
    }

    fn option_count(&self, v: u32) -> u32 {
        self.option_counts[v as usize]
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(u32)>(&self, v: u32, mut f: F) {
        for &u in self.predecessors(v) {
            f(u);
        }
    }
}

/// A graph enumerated from a start position by [`explore`].
#[derive(Clone, Debug)]
pub struct Explored<P> {
    /// The positions met; `positions[0]` is the start, and index `i` of
    /// the graph is `positions[i]`.
    pub positions: Vec<P>,
    /// Their moves.
    pub graph: GameGraph,
}

/// Enumerates every position reachable from `start`, breadth first, asking
/// `options` for the moves of each exactly once. Positions are numbered in
/// the order met (the start is 0); equal positions (by `Eq`/`Hash`) are
/// one node, so cycles close.
///
/// Errors: whatever `options` returns, and [`SearchError::StateLimit`] or
/// [`SearchError::TimeLimit`] (converted into `E`) when more positions than
/// `limits.max_states` (or `u32::MAX - 1`, the most a graph holds) are met
/// or the time runs out.
pub fn explore<P, E, F>(start: P, limits: &Limits, mut options: F) -> Result<Explored<P>, E>
where
    P: Clone + Eq + Hash,
    E: From<SearchError>,
    F: FnMut(&P) -> Result<Vec<P>, E>,
{
    // Indices are u32: a limit beyond them is clamped to what fits.
    let clamped = Limits {
        max_states: limits.max_states.min(u64::from(u32::MAX - 1)),
        ..limits.clone()
    };
    let mut budget = Budget::start(&clamped);
    let max_memory = budget.max_memory();
    let mut index: FastMap<P, u32> = FastMap::default();
    let mut positions = vec![start.clone()];
    budget.check(0)?;
    index.insert(start, 0);
    let mut offsets = vec![0usize];
    let mut targets = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let opts = options(&positions[next])?;
        let opts_len = opts.len() as u64;
        targets.reserve_within(opts.len(), max_memory)?;
        offsets.reserve_within(1, max_memory)?;
        for q in opts {
            index.reserve_within(1, max_memory)?;
            let t = match index.entry(q) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    budget.check(positions.len())?;
                    positions.reserve_within(1, max_memory)?;
                    let t = positions.len() as u32;
                    positions.push(e.key().clone());
                    e.insert(t);
                    t
                }
            };
            targets.push(t);
        }
        offsets.push(targets.len());
        // Counted by moves followed: one position may have 10^5 of them.
        budget.spend(opts_len + 1)?;
        next += 1;
    }
    // Valid by construction: offsets grow from 0 to targets.len(), and
    // every target is an index handed out above.
    let graph = GameGraph { offsets, targets };
    Ok(Explored { positions, graph })
}

/// The outcome and remoteness of every position of a graph.
///
/// Remoteness is the number of moves to the end with best play: the winner
/// wins as fast as possible and the loser lasts as long as possible. A
/// position with no move is lost with remoteness 0; a won position's
/// remoteness is 1 + the least remoteness of its lost options; a lost
/// position's is 1 + the greatest remoteness of its options (all won).
/// Drawn positions have none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrograde {
    outcome: Vec<Outcome>,
    remoteness: Vec<u32>,
}

const DRAWN: u32 = u32::MAX;

impl Retrograde {
    /// The answer from its arrays (remoteness `u32::MAX` for a draw).
    pub(crate) fn from_parts(outcome: Vec<Outcome>, remoteness: Vec<u32>) -> Retrograde {
        Retrograde {
            outcome,
            remoteness,
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// Whether the graph had no position.
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// The outcome of `v` for the player to move: `N` (wins), `P` (loses)
    /// or `D` (draw).
    pub fn outcome(&self, v: u32) -> Outcome {
        self.outcome[v as usize]
    }

    /// Every position's outcome, by index.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcome
    }

    /// The remoteness of `v`, or `None` for a draw.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        let r = self.remoteness[v as usize];
        (r != DRAWN).then_some(r)
    }
}

/// Retrograde analysis of `graph`: outcomes and remoteness of every
/// position (see [`Retrograde`]).
///
/// Each position keeps a counter of options not yet known to be won for
/// the opponent; a work queue holds the positions decided, in order of
/// remoteness. Deciding a lost position makes every predecessor won;
/// deciding a won one decrements its predecessors' counters, and a counter
/// reaching zero makes a lost position. Time and memory are linear in the
/// positions and moves; no recursion.
///
/// Errors: [`SearchError::TooLarge`] when the graph has more positions
/// than `limits.max_states`, [`SearchError::TimeLimit`] when the time runs
/// out.
pub fn retrograde<G: RetroGraph>(graph: &G, limits: &Limits) -> Result<Retrograde, SearchError> {
    let n = graph.positions();
    let mut budget = Budget::start(limits);
    budget.admit(n as u128)?;
    let max_memory = budget.max_memory();
    // Setting up takes a second or more at 10^8 positions (three arrays
    // filled, every position's options counted): the clock is read
    // between the arrays and every 2^20 positions, like the search after.
    let mut unresolved: Vec<u32> = memory::filled(n, 0, max_memory)?;
    budget.check_clock()?;
    for (v, u) in unresolved.iter_mut().enumerate() {
        *u = graph.option_count(v as u32);
        if v & 0xF_FFFF == 0xF_FFFF {
            budget.check_clock()?;
        }
    }
    let mut outcome = memory::filled(n, Outcome::D, max_memory)?;
    budget.check_clock()?;
    let mut remoteness = memory::filled(n, DRAWN, max_memory)?;
    budget.check_clock()?;
    let mut queue: Vec<u32> = Vec::new();
    queue.reserve_within(n, max_memory)?;
    for v in 0..n {
        if unresolved[v] == 0 {
            outcome[v] = Outcome::P;
            remoteness[v] = 0;
            queue.push(v as u32);
        }
    }
    budget.check_clock()?;
    let mut head = 0;
    while head < queue.len() {
        // A position may have millions of predecessors: the clock follows
        // the moves followed back, not the positions popped.
        let mut work: u64 = 1;
        let v = queue[head];
        head += 1;
        let r = remoteness[v as usize] + 1;
        if outcome[v as usize] == Outcome::P {
            graph.for_each_predecessor(v, |u| {
                work += 1;
                let u = u as usize;
                if outcome[u] == Outcome::D {
                    outcome[u] = Outcome::N;
                    remoteness[u] = r;
                    queue.push(u as u32);
                }
            });
        } else {
            graph.for_each_predecessor(v, |u| {
                work += 1;
                let u = u as usize;
                if outcome[u] == Outcome::D {
                    unresolved[u] -= 1;
                    if unresolved[u] == 0 {
                        outcome[u] = Outcome::P;
                        remoteness[u] = r;
                        queue.push(u as u32);
                    }
                }
            });
        }
        budget.spend(work)?;
    }
    Ok(Retrograde {
        outcome,
        remoteness,
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_topological_order_exists_exactly_without_cycles() {
        let chain = GameGraph::from_edges(4, &[(2, 3), (0, 2), (1, 2), (0, 1)]).unwrap();
        let order = chain.topological_order().expect("acyclic");
        let rank = |v: u32| order.iter().position(|&x| x == v).unwrap();
        assert_eq!(order.len(), 4);
        for (a, b) in [(2, 3), (0, 2), (1, 2), (0, 1)] {
            assert!(rank(a) < rank(b), "{a} -> {b} in {order:?}");
        }
        let cycle = GameGraph::from_edges(4, &[(0, 1), (1, 2), (2, 1), (2, 3)]).unwrap();
        assert_eq!(cycle.topological_order(), None);
        let self_loop = GameGraph::from_edges(2, &[(0, 1), (1, 1)]).unwrap();
        assert_eq!(self_loop.topological_order(), None);
        assert_eq!(
            GameGraph::from_edges(0, &[]).unwrap().topological_order(),
            Some(vec![])
        );
    }

    #[test]
    fn a_misere_sink_gives_each_end_one_move() {
        // 0 -> 1, 1 -> 2, 2 has no move; 3 has none either.
        let g = GameGraph::from_edges(4, &[(0, 1), (1, 2)]).unwrap();
        let m = g.with_misere_sink().unwrap();
        assert_eq!(m.positions(), 5);
        assert_eq!(m.successors(2), [4]);
        assert_eq!(m.successors(3), [4]);
        assert_eq!(m.successors(4), [] as [u32; 0]);
        let solved = m.solve(&Limits::default()).unwrap();
        // Misère: the player to move at 2 (or 3) cannot move and wins.
        let outcomes: Vec<Outcome> = (0..4).map(|v| solved.outcome(v)).collect();
        assert_eq!(outcomes, [Outcome::N, Outcome::P, Outcome::N, Outcome::N]);
        assert_eq!(solved.remoteness(0), Some(3));
    }

    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> GameGraph {
        GameGraph::from_edges(n, edges).unwrap()
    }

    #[test]
    fn a_cycle_with_an_exit() {
        // 0 -> 1 -> 2 -> 0, and 2 -> 3 (terminal).
        let g = graph(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let r = g.solve(&Limits::default()).unwrap();
        assert_eq!(
            r.outcomes(),
            &[Outcome::N, Outcome::P, Outcome::N, Outcome::P]
        );
        assert_eq!(r.remoteness(3), Some(0));
        assert_eq!(r.remoteness(2), Some(1));
        // 1's only move leads to 2, won in 1: 1 lasts 2 moves.
        assert_eq!(r.remoteness(1), Some(2));
        assert_eq!(r.remoteness(0), Some(3));
    }

    #[test]
    fn a_bare_cycle_is_drawn() {
        let g = graph(3, &[(0, 1), (1, 2), (2, 0)]);
        let r = g.solve(&Limits::default()).unwrap();
        assert!(r.outcomes().iter().all(|&o| o == Outcome::D));
        assert_eq!(r.remoteness(0), None);
    }

    #[test]
    fn a_draw_is_kept_rather_than_lost() {
        // 0 can go to 1 (won for the opponent) or to the cycle 2 <-> 3.
        let g = graph(5, &[(0, 1), (0, 2), (1, 4), (2, 3), (3, 2)]);
        let r = g.solve(&Limits::default()).unwrap();
        assert_eq!(r.outcome(0), Outcome::D);
        assert_eq!(r.outcome(1), Outcome::N);
    }

    #[test]
    fn bad_arrays_are_named() {
        let e = GameGraph::from_csr(vec![0, 2], vec![0, 1]).unwrap_err();
        assert!(e.to_string().contains("leads to 1"), "{e}");
        let e = GameGraph::from_csr(vec![0, 2, 1], vec![0, 1]).unwrap_err();
        assert!(e.to_string().contains("decrease"), "{e}");
        let e = GameGraph::from_csr(vec![1, 2], vec![0, 0]).unwrap_err();
        assert!(e.to_string().contains("start at 1"), "{e}");
        let e = GameGraph::from_csr(vec![0, 1], vec![0, 0]).unwrap_err();
        assert!(e.to_string().contains("2 targets"), "{e}");
        let e = GameGraph::from_csr(vec![], vec![]).unwrap_err();
        assert!(e.to_string().contains("empty"), "{e}");
        let e = GameGraph::from_edges(2, &[(0, 2)]).unwrap_err();
        assert!(e.to_string().contains("0 -> 2"), "{e}");
    }

    #[test]
    fn explore_stops_at_the_state_limit() {
        let limits = Limits {
            max_states: 100,
            max_time: None,
            ..Limits::default()
        };
        // An endless line of positions.
        let r: Result<_, SearchError> = explore(0u64, &limits, |&p| Ok(vec![p + 1]));
        assert_eq!(r.unwrap_err(), SearchError::StateLimit(100));
        // A cycle of 100 positions fits exactly... only below the limit.
        let r: Result<_, SearchError> = explore(0u64, &limits, |&p| Ok(vec![(p + 1) % 99]));
        assert_eq!(r.unwrap().positions.len(), 99);
    }

    #[test]
    fn explore_passes_on_the_caller_error() {
        #[derive(Debug, PartialEq)]
        enum E {
            Bad,
            Search(SearchError),
        }
        impl From<SearchError> for E {
            fn from(e: SearchError) -> E {
                E::Search(e)
            }
        }
        let r = explore(0u64, &Limits::default(), |&p| {
            if p == 5 {
                Err(E::Bad)
            } else {
                Ok(vec![p + 1])
            }
        });
        assert_eq!(r.unwrap_err(), E::Bad);
        let tiny = Limits {
            max_states: 3,
            max_time: None,
            ..Limits::default()
        };
        let r = explore(0u64, &tiny, |&p| Ok::<_, E>(vec![p + 1]));
        assert_eq!(r.unwrap_err(), E::Search(SearchError::StateLimit(3)));
    }

    #[test]
    fn solve_refuses_a_graph_over_the_limit() {
        let g = graph(5, &[]);
        let tiny = Limits {
            max_states: 4,
            max_time: None,
            ..Limits::default()
        };
        assert!(matches!(
            g.solve(&tiny),
            Err(SearchError::TooLarge { estimate: 5, .. })
        ));
    }

    #[test]
    fn the_time_limit_stops_a_long_solve() {
        let n = 3_000_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
        let g = graph(n as usize, &edges);
        let none = Limits {
            max_states: u64::MAX,
            max_time: Some(std::time::Duration::ZERO),
            ..Limits::default()
        };
        assert!(matches!(g.solve(&none), Err(SearchError::TimeLimit(_))));
        // The same graph with time to spare: a line alternates P and N.
        let r = g.solve(&Limits::default()).unwrap();
        assert_eq!(r.outcome(n - 1), Outcome::from_mover_wins((n - 1) % 2 == 1));
        assert_eq!(r.remoteness(n - 1), Some(n - 1));
    }

    #[test]
    fn partizan_positions_pass_the_turn() {
        // Node 0: Left may go to 1, Right has no move. Node 1: nobody moves.
        let left = graph(2, &[(0, 1)]);
        let right = graph(2, &[]);
        let g = GameGraph::from_partizan(&left, &right).unwrap();
        let r = g.solve(&Limits::default()).unwrap();
        let at = GameGraph::partizan_position;
        assert_eq!(r.outcome(at(0, Mover::Left)), Outcome::N);
        assert_eq!(r.outcome(at(0, Mover::Right)), Outcome::P);
        assert_eq!(r.outcome(at(1, Mover::Left)), Outcome::P);
        assert_eq!(g.successors(at(0, Mover::Left)), &[at(1, Mover::Right)]);
        assert!(GameGraph::from_partizan(&left, &graph(3, &[])).is_err());
    }
}
