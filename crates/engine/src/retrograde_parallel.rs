//! Retrograde analysis on every core, for graphs of tens of millions of
//! positions.
//!
//! The sequential [`crate::retrograde`] pops a FIFO queue, which decides
//! positions in order of remoteness. Here the queue is cut into levels
//! (all positions of remoteness r) and each level's predecessors are
//! visited in parallel: a lost position makes each undecided predecessor
//! won (claimed with one compare-and-swap, so exactly one thread records
//! it), a won one decrements its predecessors' atomic counters, and the
//! thread that takes a counter to zero records a lost position. A counter
//! can only reach zero when every option is won, so no position is ever
//! claimed both ways, and the answers equal the sequential ones, remoteness
//! included.

use crate::limits::Budget;
use crate::{Limits, Outcome, RetroGraph, Retrograde, SearchError};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering::Relaxed};

const OPEN: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;

/// Positions of a level handed to one task at a time (each task reads
/// the clock once).
const CHUNK: usize = 4096;

/// [`crate::retrograde`] on the threads of the current rayon pool (every
/// core unless the caller installs a smaller pool): the same outcomes and
/// remoteness. Memory per position: a counter and a remoteness (4 bytes
/// each, atomic), a state byte, and 4 bytes in the level lists, besides
/// the graph.
///
/// Errors: [`SearchError::TooLarge`] when the graph has more positions
/// than `limits.max_states`, [`SearchError::TimeLimit`] when the time runs
/// out (checked by every task between chunks).
pub fn retrograde_parallel<G: RetroGraph + Sync>(
    graph: &G,
    limits: &Limits,
) -> Result<Retrograde, SearchError> {
    let n = graph.positions();
    Budget::start(limits).admit(n as u128)?;
    // Counters, states, remoteness, two level lists and the answer's
    // arrays: at most 22 bytes a position at once.
    crate::memory::admit((n as u64).saturating_mul(22), limits.max_memory)?;
    let deadline = limits.deadline();
    let late = AtomicBool::new(false);
    let counters: Vec<AtomicU32> = (0..n as u32)
        .into_par_iter()
        .map(|v| AtomicU32::new(graph.option_count(v)))
        .collect();
    let state: Vec<AtomicU8> = (0..n)
        .into_par_iter()
        .map(|_| AtomicU8::new(OPEN))
        .collect();
    let remoteness: Vec<AtomicU32> = (0..n)
        .into_par_iter()
        .map(|_| AtomicU32::new(u32::MAX))
        .collect();
    let mut level: Vec<u32> = (0..n as u32)
        .into_par_iter()
        .filter(|&v| counters[v as usize].load(Relaxed) == 0)
        .collect();
    for &v in &level {
        state[v as usize].store(LOST, Relaxed);
        remoteness[v as usize].store(0, Relaxed);
    }
    let mut r: u32 = 0;
    while !level.is_empty() {
        let next_r = r + 1;
        let next: Vec<u32> = level
            .par_chunks(CHUNK)
            .flat_map_iter(|chunk| {
                let mut found = Vec::new();
                if late.load(Relaxed) || deadline.passed() {
                    late.store(true, Relaxed);
                    return found;
                }
                for &v in chunk {
                    if state[v as usize].load(Relaxed) == LOST {
                        graph.for_each_predecessor(v, |u| {
                            let s = &state[u as usize];
                            if s.load(Relaxed) == OPEN
                                && s.compare_exchange(OPEN, WON, Relaxed, Relaxed).is_ok()
                            {
                                remoteness[u as usize].store(next_r, Relaxed);
                                found.push(u);
                            }
                        });
                    } else {
                        graph.for_each_predecessor(v, |u| {
                            if state[u as usize].load(Relaxed) != OPEN {
                                return;
                            }
                            if counters[u as usize].fetch_sub(1, Relaxed) == 1 {
                                // Every option is won: no thread can claim
                                // u as won, so this store is the only one.
                                state[u as usize].store(LOST, Relaxed);
                                remoteness[u as usize].store(next_r, Relaxed);
                                found.push(u);
                            }
                        });
                    }
                }
                found
            })
            .collect();
        if late.load(Relaxed) {
            let d = deadline
                .limit()
                .expect("only a time limit makes a task late");
            return Err(SearchError::TimeLimit(d));
        }
        level = next;
        r = next_r;
    }
    let outcome = state
        .into_par_iter()
        .map(|s| match s.into_inner() {
            WON => Outcome::N,
            LOST => Outcome::P,
            _ => Outcome::D,
        })
        .collect();
    let remoteness = remoteness
        .into_par_iter()
        .map(AtomicU32::into_inner)
        .collect();
    Ok(Retrograde::from_parts(outcome, remoteness))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameGraph;

    #[test]
    fn levels_give_the_sequential_answers() {
        // A line 0 <- 1 <- ... <- 9999 with a cycle 10000 <-> 10001 hanging
        // off 5000, and a few shortcuts: outcomes and remoteness as the
        // FIFO solver finds them.
        let mut edges: Vec<(u32, u32)> = (1..10_000).map(|v| (v, v - 1)).collect();
        edges.extend([
            (10_000, 10_001),
            (10_001, 10_000),
            (10_000, 5000),
            (7, 2),
            (9, 0),
        ]);
        let g = GameGraph::from_edges(10_002, &edges).unwrap();
        let limits = Limits::default();
        let want = g.solve(&limits).unwrap();
        let got = retrograde_parallel(&g.reverse(), &limits).unwrap();
        assert_eq!(got, want);
    }

    #[test]
    fn the_state_limit_is_checked_first() {
        let g = GameGraph::from_edges(10, &[]).unwrap();
        let tiny = Limits {
            max_states: 5,
            ..Limits::default()
        };
        assert!(matches!(
            retrograde_parallel(&g.reverse(), &tiny),
            Err(SearchError::TooLarge { .. })
        ));
    }
}
