//! What the retrograde benches share (this crate's `retrograde` and the
//! games crate's `loopy`, which includes this file by path): the
//! straightforward queue-based implementation they time the engine
//! against, and limits that never stop a solve.

use grundy_engine::{Limits, Outcome};
use std::collections::VecDeque;

/// The straightforward implementation: successor lists in, outcomes out.
pub fn naive(successors: &[Vec<u32>]) -> Vec<Outcome> {
    let n = successors.len();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (u, s) in successors.iter().enumerate() {
        for &v in s {
            preds[v as usize].push(u as u32);
        }
    }
    let mut left: Vec<usize> = successors.iter().map(Vec::len).collect();
    let mut outcome = vec![Outcome::D; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if left[v] == 0 {
            outcome[v] = Outcome::P;
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &u in &preds[v] {
            let u = u as usize;
            if outcome[u] != Outcome::D {
                continue;
            }
            if outcome[v] == Outcome::P {
                outcome[u] = Outcome::N;
                queue.push_back(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    outcome[u] = Outcome::P;
                    queue.push_back(u);
                }
            }
        }
    }
    outcome
}

/// No state bound a solve here could reach, and no time limit.
pub fn limits() -> Limits {
    Limits {
        max_states: u64::from(u32::MAX - 1),
        max_time: None,
        ..Limits::default()
    }
}
