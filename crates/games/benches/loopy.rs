//! Retrograde analysis of `ring` with n = 7000 and two random sets of 3500
//! steps (49 million moves): the engine on arithmetic predecessors against
//! a straightforward queue-based implementation over stored successor
//! lists (the engine bench's, in crates/engine/benches/common/mod.rs:
//! predecessor lists as a `Vec` per position, a `VecDeque`, an outcome
//! enum). The synthetic 10^7-position graph is in the engine's own bench
//! (crates/engine/benches/retrograde.rs).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy_engine::Mover;
use grundy_games::ring::Ring;

#[path = "../../engine/benches/common/mod.rs"]
mod common;
use common::{limits, naive};

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
