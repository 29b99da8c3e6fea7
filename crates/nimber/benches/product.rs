//! Products, inverses and square roots per second: this crate's tables
//! against the `nimber` crate and the naive recursion, on the same fixed
//! pseudo-random inputs. Criterion reports elements (operations) per second.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_nimber::{naive, Nimber};
use nimber::FiniteNimber;

const PAIRS: usize = 4096;

/// Fixed inputs from splitmix64, so every run and every contender sees the
/// same words.
fn words(seed: u64, count: usize) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

fn oracle(xs: &[u64]) -> Vec<FiniteNimber> {
    xs.iter().map(|&x| FiniteNimber::from(x)).collect()
}

fn low_word(x: &FiniteNimber) -> u64 {
    x.as_slice()[0]
}

/// Products of full 64-bit words, and of bytes (typical game values).
fn product(c: &mut Criterion) {
    for (label, mask) in [("u64", u64::MAX), ("u8", 0xff)] {
        let a: Vec<u64> = words(1, PAIRS).iter().map(|x| x & mask).collect();
        let b: Vec<u64> = words(2, PAIRS).iter().map(|x| x & mask).collect();
        let (oa, ob) = (oracle(&a), oracle(&b));
        let mut group = c.benchmark_group(format!("product/{label}"));
        group.throughput(Throughput::Elements(PAIRS as u64));
        group.bench_function("tables", |bench| {
            bench.iter(|| {
                let mut acc = 0;
                for (&x, &y) in a.iter().zip(&b) {
                    acc ^= (Nimber(black_box(x)) * Nimber(y)).value();
                }
                acc
            })
        });
        group.bench_function("oracle", |bench| {
            bench.iter(|| {
                let mut acc = 0;
                for (x, y) in oa.iter().zip(&ob) {
                    acc ^= low_word(&(black_box(x) * y));
                }
                acc
            })
        });
        group.sample_size(10);
        group.bench_function("naive", |bench| {
            bench.iter(|| {
                let mut acc = 0;
                for (&x, &y) in a.iter().zip(&b) {
                    acc ^= naive::mul(black_box(x), y);
                }
                acc
            })
        });
        group.finish();
    }
}

/// Square, square root and inverse of full 64-bit words.
fn unary(c: &mut Criterion) {
    let a = words(3, PAIRS);
    let oa = oracle(&a);
    let mut group = c.benchmark_group("unary");
    group.throughput(Throughput::Elements(PAIRS as u64));
    type Ours = fn(Nimber) -> u64;
    type Theirs = fn(&FiniteNimber) -> u64;
    let ops: [(&str, Ours, Theirs); 3] = [
        ("square", |x| x.square().value(), |x| low_word(&x.square())),
        ("sqrt", |x| x.sqrt().value(), |x| low_word(&x.sqrt())),
        (
            "inverse",
            |x| x.inverse().map_or(0, Nimber::value),
            |x| x.inverse().map_or(0, |i| low_word(&i)),
        ),
    ];
    for (name, ours, theirs) in ops {
        group.bench_function(BenchmarkId::new(name, "tables"), |bench| {
            bench.iter(|| a.iter().fold(0, |acc, &x| acc ^ ours(Nimber(black_box(x)))))
        });
        group.bench_function(BenchmarkId::new(name, "oracle"), |bench| {
            bench.iter(|| oa.iter().fold(0, |acc, x| acc ^ theirs(black_box(x))))
        });
    }
    group.finish();
}

criterion_group!(benches, product, unary);
criterion_main!(benches);
