//! `mex` on option lists of the sizes solvers see: a handful of options, a
//! few hundred, and long lists (e.g. take-and-break games on large heaps).
//! Reported as values scanned per second.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_nimber::mex;

/// `len` values shaped like real option values: mostly a permutation of
/// `0..len` with a gap near the middle and a few large strays.
fn options(len: usize) -> Vec<u64> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..len as u64)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            match state % 16 {
                0 => state,
                _ if i == len as u64 / 2 => i + 1,
                _ => (i * 7919) % len as u64,
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mex");
    for len in [8usize, 40, 200, 2_000, 100_000] {
        let values = options(len);
        group.throughput(Throughput::Elements(len as u64));
        group.bench_with_input(BenchmarkId::from_parameter(len), &values, |b, values| {
            let mut scratch = values.clone();
            b.iter(|| mex(black_box(&mut scratch)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
