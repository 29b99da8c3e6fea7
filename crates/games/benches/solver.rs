//! The memoised solver's speed: positions per second when it searches a
//! large subtraction-game sum from scratch (closed forms switched off, so
//! every heap size is solved by the engine's search).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_engine::{Limits, Solver};
use grundy_games::take_break::{take_wording, TakeBreakGame};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::Arc;

fn subtraction_sum(c: &mut Criterion) {
    let rule = HeapRule::TakeBreak(TakeBreak::subtraction(&[1, 3, 4, 7, 11]).unwrap());
    let game = Arc::new(TakeBreakGame::new(rule, take_wording));
    let mut group = c.benchmark_group("memoised search, subtraction {1,3,4,7,11}");
    for &largest in &[10_000u64, 100_000] {
        // A sum of ten heaps; the search solves every size up to the largest.
        let position: Vec<u64> = (0..10).map(|i| largest - i * 7).collect();
        group.throughput(Throughput::Elements(largest));
        group.bench_with_input(
            BenchmarkId::new("sum of 10 heaps, largest", largest),
            &position,
            |b, p| {
                b.iter(|| {
                    let limits = Limits {
                        max_states: 10_000_000,
                        max_time: None,
                        ..Limits::default()
                    };
                    let mut solver = Solver::search_only(game.clone(), limits);
                    let v = solver.value(p).unwrap();
                    assert_eq!(solver.states() as u64, largest);
                    v
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, subtraction_sum);
criterion_main!(benches);
