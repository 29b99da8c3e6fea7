//! Generalized Sprague-Grundy values of impartial games with cycles
//! (C. A. B. Smith 1966; A. S. Fraenkel and Y. Yesha 1986).
//!
//! In a loopy impartial game a position's value is either a finite nimber
//! `n`, which behaves in sums exactly like a nim heap of `n`, or infinite,
//! written `∞_K` where `K` is the set of finite values among its options.
//! Values decide sums without searching the sum: see [`sum_outcome`].
//!
//! The values are computed in rounds `m = 0, 1, 2, ...` over the positions
//! not yet labelled. In round `m` a position gets the value `m` when no
//! option has the value `m` and every option not labelled below `m`
//! (unlabelled, or already infinite) has an option of value `m` (the
//! opponent's "reversing" answer); this is propagated backwards with
//! counters, like retrograde analysis. At the end of the round, every
//! unlabelled position without an option of value `m` can never get a
//! finite value (its options lack `m`, so `m` would be its mex, yet it
//! could not take it) and becomes infinite. The rounds stop when nothing is
//! left; there are at most (largest number of options + 1) of them.

use crate::limits::Budget;
use crate::{GameGraph, Limits, Nimber, Outcome, SearchError};
use grundy_nimber::mex_of;
use std::fmt;

/// A generalized Sprague-Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyValue {
    /// A finite value: the position is equivalent to a nim heap of it.
    Finite(Nimber),
    /// An infinite value `∞_K`, with `K` the finite values of the
    /// position's options, ascending and without repeats.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// The finite value, if any.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            LoopyValue::Finite(n) => Some(*n),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The outcome of the position alone: `P` for 0, `N` for other finite
    /// values and for `∞_K` with 0 in `K`, `D` for `∞_K` without 0.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(n) => Outcome::from_mover_wins(*n != Nimber::ZERO),
            LoopyValue::Infinite(k) if k.contains(&Nimber::ZERO) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The value of a sum of positions with these values (Smith's sum
    /// rule): finite values nim-add; `∞_K` plus a finite `n` is
    /// `∞_{K ⊕ n}` (each finite option value shifted by `n`); two or more
    /// infinite values give `∞_∅` (no option of the sum is finite). The
    /// empty sum is 0. Its [`LoopyValue::outcome`] is [`sum_outcome`].
    pub fn sum(values: &[LoopyValue]) -> LoopyValue {
        let mut xor = Nimber::ZERO;
        let mut infinite: Option<&[Nimber]> = None;
        for v in values {
            match v {
                LoopyValue::Finite(n) => xor += *n,
                LoopyValue::Infinite(_) if infinite.is_some() => {
                    return LoopyValue::Infinite(Vec::new())
                }
                LoopyValue::Infinite(k) => infinite = Some(k),
            }
        }
        match infinite {
            None => LoopyValue::Finite(xor),
            Some(k) => {
                let mut shifted: Vec<Nimber> = k.iter().map(|&n| n + xor).collect();
                shifted.sort_unstable();
                LoopyValue::Infinite(shifted)
            }
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `3` for a finite value, `∞{0,2}` for an infinite one (`∞{}` when
    /// no option has a finite value).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{}", n.0),
            LoopyValue::Infinite(k) => {
                let list: Vec<String> = k.iter().map(|n| n.0.to_string()).collect();
                write!(f, "∞{{{}}}", list.join(","))
            }
        }
    }
}

/// The outcome of a sum of positions with the given values, for the player
/// to move:
/// - `P` when every value is finite and their nim-sum is 0;
/// - `N` when every value is finite with a non-zero nim-sum, or exactly one
///   is infinite, `∞_K`, and the nim-sum of the others is in `K` (moving
///   that component to it leaves a `P` sum);
/// - `D` otherwise (two or more infinite values, or one `∞_K` whose `K`
///   lacks the nim-sum of the rest).
///
/// An empty sum is the finished game: `P`.
pub fn sum_outcome(values: &[LoopyValue]) -> Outcome {
    LoopyValue::sum(values).outcome()
}

/// Label of a position not yet valued.
const OPEN: u32 = u32::MAX;
/// Label of an infinite position.
const INFINITE: u32 = u32::MAX - 1;

/// The generalized Sprague-Grundy value of every position of `graph`
/// (an impartial game: every position's options are the same for both
/// players), by index.
///
/// Time: O(positions + moves) on a graph without cycles, else
/// O((positions + moves) × rounds), rounds being at most the largest
/// number of options + 1; memory: a few words per position and one per
/// move (the predecessor lists).
///
/// Errors: [`SearchError::TooLarge`] when the graph has more positions
/// than `limits.max_states`, [`SearchError::TimeLimit`] when the time runs
/// out.
pub fn loopy_values(graph: &GameGraph, limits: &Limits) -> Result<Vec<LoopyValue>, SearchError> {
    let n = graph.positions();
    let mut budget = Budget::start(limits);
    budget.admit(n as u128)?;
    // The reverse graph (12 bytes a position, 4 a move), the labels and
    // work lists (17 bytes a position) and the answer, before any of it
    // is allocated.
    let per_position = 29 + std::mem::size_of::<LoopyValue>() as u64;
    let bytes = (n as u64)
        .saturating_mul(per_position)
        .saturating_add(graph.moves() as u64 * 4);
    crate::memory::admit(bytes, limits.max_memory)?;
    if let Some(order) = graph.topological_order() {
        // Without cycles every value is the finite mex of its options'
        // values: one pass, each position after its options.
        let mut value = vec![Nimber::ZERO; n];
        for &v in order.iter().rev() {
            let options = graph.successors(v);
            budget.spend(1 + options.len() as u64)?;
            value[v as usize] = mex_of(options.iter().map(|&w| value[w as usize]));
        }
        return Ok(value.into_iter().map(LoopyValue::Finite).collect());
    }
    let reverse = graph.reverse();
    let preds = |v: u32| reverse.predecessors(v);
    let mut label = vec![OPEN; n];
    // Per round: whether a position has an option labelled m (so it cannot
    // take m, and it reverses through m), and how many of its options,
    // not labelled below m, still lack an option labelled m.
    let mut has_m = vec![false; n];
    let mut lacking = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut m: u32 = 0;
    while !open.is_empty() {
        if m >= INFINITE {
            // Unreachable: a value exceeds no position's option count.
            return Err(SearchError::TooLarge {
                estimate: u128::from(m),
                limit: limits.max_states,
            });
        }
        queue.clear();
        for &v in &open {
            has_m[v as usize] = false;
        }
        for &v in &open {
            budget.spend(1 + graph.successors(v).len() as u64)?;
            // Infinite options count too: they lie above m as well.
            let c = graph
                .successors(v)
                .iter()
                .filter(|&&w| label[w as usize] >= m)
                .count() as u32;
            lacking[v as usize] = c;
            if c == 0 {
                label[v as usize] = m;
                queue.push(v);
            }
        }
        // Infinite positions keep their stale flags from the round that
        // made them infinite; clear them, they are options too.
        for v in 0..n {
            if label[v] == INFINITE {
                has_m[v] = false;
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            budget.spend(1 + preds(u).len() as u64)?;
            // Every predecessor p of u now has an option labelled m.
            for &p in preds(u) {
                if has_m[p as usize] {
                    continue;
                }
                has_m[p as usize] = true;
                if label[p as usize] < m {
                    continue;
                }
                budget.spend(preds(p).len() as u64)?;
                // p, unlabelled or infinite, reverses through m: its
                // predecessors have one option less lacking m.
                for &q in preds(p) {
                    let q = q as usize;
                    if label[q] != OPEN {
                        continue;
                    }
                    lacking[q] -= 1;
                    if lacking[q] == 0 && !has_m[q] {
                        label[q] = m;
                        queue.push(q as u32);
                    }
                }
            }
        }
        open.retain(|&v| {
            let v = v as usize;
            if label[v] != OPEN {
                return false;
            }
            if !has_m[v] {
                label[v] = INFINITE;
                return false;
            }
            true
        });
        m += 1;
    }
    Ok((0..n as u32)
        .map(|v| match label[v as usize] {
            INFINITE => {
                let mut k: Vec<Nimber> = graph
                    .successors(v)
                    .iter()
                    .map(|&w| label[w as usize])
                    .filter(|&l| l < INFINITE)
                    .map(|l| Nimber(u64::from(l)))
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
            l => LoopyValue::Finite(Nimber(u64::from(l))),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize, edges: &[(u32, u32)]) -> Vec<String> {
        let g = GameGraph::from_edges(n, edges).unwrap();
        loopy_values(&g, &Limits::default())
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        // A nim heap of 3: 3 -> 2, 1, 0 and so on.
        let e = [(3, 2), (3, 1), (3, 0), (2, 1), (2, 0), (1, 0)];
        assert_eq!(values(4, &e), ["0", "1", "2", "3"]);
    }

    #[test]
    fn a_bare_cycle_is_infinite_with_no_finite_option() {
        assert_eq!(values(2, &[(0, 1), (1, 0)]), ["∞{}", "∞{}"]);
    }

    #[test]
    fn a_loop_with_an_exit() {
        // 0 loops on itself and may stop at 1: ∞ with the option 0.
        assert_eq!(values(2, &[(0, 0), (0, 1)]), ["∞{0}", "0"]);
        // 0 -> 1 -> 0 and 1 -> 2 (end): 1 reverses 0's move, so 0 is 0.
        assert_eq!(values(3, &[(0, 1), (1, 0), (1, 2)]), ["0", "1", "0"]);
    }

    #[test]
    fn the_time_limit_stops_a_long_labelling() {
        let n = 3_000_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
        let g = GameGraph::from_edges(n as usize, &edges).unwrap();
        let none = Limits {
            max_states: u64::MAX,
            max_time: Some(std::time::Duration::ZERO),
            ..Limits::default()
        };
        assert!(matches!(
            loopy_values(&g, &none),
            Err(SearchError::TimeLimit(_))
        ));
    }

    #[test]
    fn sums_follow_smiths_rule() {
        let f = |n| LoopyValue::Finite(Nimber(n));
        let inf = |k: &[u64]| LoopyValue::Infinite(k.iter().map(|&n| Nimber(n)).collect());
        assert_eq!(sum_outcome(&[]), Outcome::P);
        assert_eq!(sum_outcome(&[f(3), f(3)]), Outcome::P);
        assert_eq!(sum_outcome(&[f(3), f(1)]), Outcome::N);
        assert_eq!(sum_outcome(&[inf(&[0, 2]), f(2)]), Outcome::N);
        assert_eq!(sum_outcome(&[inf(&[0, 2]), f(1)]), Outcome::D);
        assert_eq!(sum_outcome(&[inf(&[0]), inf(&[0])]), Outcome::D);
        assert_eq!(inf(&[0]).outcome(), Outcome::N);
        assert_eq!(inf(&[1]).outcome(), Outcome::D);
    }
}
