//! Retrograde analysis: positions per second of the engine against a
//! straightforward queue-based implementation (in common/mod.rs:
//! predecessor lists as a `Vec` per position, a `VecDeque`, an outcome
//! enum), on a synthetic loopy graph of 10^7 positions: the subtraction
//! game {2,3,7} on a cycle (position 0 is over; from v a move takes v back
//! by a step, wrapping round the cycle), 3 * 10^7 moves. The engine runs
//! as a stored graph (`GameGraph::solve`, which includes building its
//! predecessor arrays), on arithmetic predecessors (`RetroGraph`), and on
//! predecessor arrays built once, by the queue and level by level on one
//! and on two threads (`retrograde_parallel`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_engine::{retrograde, retrograde_parallel, GameGraph, RetroGraph};

mod common;
use common::{limits, naive};

const STEPS: [u32; 3] = [2, 3, 7];

/// The synthetic game's options of v on a cycle of n.
fn cycle_options(n: u32, v: u32) -> impl Iterator<Item = u32> {
    STEPS
        .iter()
        .filter(move |_| v != 0)
        .map(move |&s| if v >= s { v - s } else { v + n - s })
}

/// The synthetic game with arithmetic predecessors: u -> v when
/// v = u - s (mod n) and u is not 0.
struct Cycle(u32);

impl RetroGraph for Cycle {
    fn positions(&self) -> usize {
        self.0 as usize
    }
    fn option_count(&self, v: u32) -> u32 {
        if v == 0 {
            0
        } else {
            STEPS.len() as u32
        }
    }
    fn for_each_predecessor<F: FnMut(u32)>(&self, v: u32, mut f: F) {
        for s in STEPS {
            let u = if v + s < self.0 {
                v + s
            } else {
                v + s - self.0
            };
            if u != 0 {
                f(u);
            }
        }
    }
}

fn synthetic(c: &mut Criterion) {
    let n: u32 = 10_000_000;
    let successors: Vec<Vec<u32>> = (0..n).map(|v| cycle_options(n, v).collect()).collect();
    let mut offsets = vec![0usize];
    let mut targets = Vec::new();
    for s in &successors {
        targets.extend_from_slice(s);
        offsets.push(targets.len());
    }
    let graph = GameGraph::from_csr(offsets, targets).unwrap();
    // All agree before anything is timed.
    let want = naive(&successors);
    assert_eq!(graph.solve(&limits()).unwrap().outcomes(), &want[..]);
    assert_eq!(
        retrograde(&Cycle(n), &limits()).unwrap().outcomes(),
        &want[..]
    );

    let mut group = c.benchmark_group("retrograde, subtraction {2,3,7} on a cycle");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(n)));
    group.bench_function(BenchmarkId::new("naive queue", n), |b| {
        b.iter(|| naive(&successors))
    });
    group.bench_function(BenchmarkId::new("engine, stored graph", n), |b| {
        b.iter(|| graph.solve(&limits()).unwrap())
    });
    group.bench_function(
        BenchmarkId::new("engine, arithmetic predecessors", n),
        |b| b.iter(|| retrograde(&Cycle(n), &limits()).unwrap()),
    );
    // The predecessor arrays built once: the solve alone, queue and levels.
    let reverse = graph.reverse();
    group.bench_function(
        BenchmarkId::new("engine queue, stored predecessors", n),
        |b| b.iter(|| retrograde(&reverse, &limits()).unwrap()),
    );
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let solve = || pool.install(|| retrograde_parallel(&reverse, &limits()).unwrap());
        assert_eq!(solve().outcomes(), &want[..]);
        let name = format!("engine levels, stored predecessors, {threads} thread(s)");
        group.bench_function(BenchmarkId::new(name, n), |b| b.iter(solve));
    }
    group.finish();
}

criterion_group!(benches, synthetic);
criterion_main!(benches);
