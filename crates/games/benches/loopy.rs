//! Retrograde analysis of `ring` with n = 7000 and two random sets of 3500
//! steps (49 million moves): the engine on arithmetic predecessors against
//! a straightforward queue-based implementation over stored successor
//! lists (written below: predecessor lists as a `Vec` per position, a
//! `VecDeque`, an outcome enum). The synthetic 10^7-position graph is in
//! the engine's own bench (crates/engine/benches/retrograde.rs).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy_engine::{Limits, Mover, Outcome};
use grundy_games::ring::Ring;
use std::collections::VecDeque;

/// The straightforward implementation: successor lists in, outcomes out.
fn naive(successors: &[Vec<u32>]) -> Vec<Outcome> {
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

fn limits() -> Limits {
    Limits {
        max_states: u64::from(u32::MAX - 1),
        max_time: None,
        ..Limits::default()
    }
}

/// Random distinct steps in 1..n, `count` of them, from a fixed seed.
fn random_steps(n: u32, count: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut all: Vec<u64> = (1..u64::from(n)).collect();
    for i in 0..count {
        let j = i + (next() % (all.len() - i) as u64) as usize;
        all.swap(i, j);
    }
    all.truncate(count);
    all
}

fn ring(c: &mut Criterion) {
    let n: u32 = 7000;
    let (a, b) = (random_steps(n, 3500, 1), random_steps(n, 3500, 2));
    let ring = Ring::new(u64::from(n), &a, &b).unwrap();
    // The same game as successor lists, index 2 * (object - 1) + mover.
    let successors: Vec<Vec<u32>> = (0..2 * n)
        .map(|v| {
            let (object, m) = (
                v / 2 + 1,
                if v % 2 == 0 {
                    Mover::Left
                } else {
                    Mover::Right
                },
            );
            if object == 1 {
                return Vec::new();
            }
            ring.steps(m)
                .iter()
                .map(|&k| Ring::index(ring.landing(object, k), m.other()))
                .collect()
        })
        .collect();
    let want = naive(&successors);
    assert_eq!(ring.solve(&limits()).unwrap().outcomes(), &want[..]);

    let mut group = c.benchmark_group("retrograde, ring n=7000, 3500 random steps each");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(2 * n)));
    group.bench_function("naive queue", |b| b.iter(|| naive(&successors)));
    group.bench_function("engine, arithmetic predecessors", |b| {
        b.iter(|| ring.solve(&limits()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, ring);
criterion_main!(benches);
