//! Positions per second of a rules-file game against the same game written
//! in Rust, both solved by the engine's memoised search: the subtraction
//! game S = {1, 3, 4} on one heap of 20000 (20001 positions, each solved
//! once). A fresh solver (and, for the script, a freshly compiled file with
//! an empty memo) for every iteration.
//!
//! Run: cargo bench -p grundy-rules --bench script_vs_rust

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_engine::{Impartial, Limits, Rules, RulesError, Solver, TextGame};
use grundy_rules::{Sandbox, ScriptGame};
use std::sync::Arc;

const HEAP: u64 = 20_000;

/// The game in Rust: one heap, take 1, 3 or 4.
struct Subtraction;

impl Rules for Subtraction {
    type Position = u64;
    fn options(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
        Ok([1, 3, 4]
            .iter()
            .filter(|&&k| k <= *p)
            .map(|k| p - k)
            .collect())
    }
}

impl Impartial for Subtraction {}

fn bench(c: &mut Criterion) {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/subtraction.rhai"
    ))
    .unwrap();
    let mut group = c.benchmark_group("subtraction 1,3,4, heap of 20000");
    group.sample_size(10);
    group.bench_function("rules file", |b| {
        b.iter(|| {
            let game =
                ScriptGame::compile("subtraction.rhai", &source, Sandbox::default()).unwrap();
            let p = game.parse(&[&HEAP.to_string()]).unwrap();
            let mut solver = Solver::new(Arc::new(game), Limits::default());
            solver.value(&p).unwrap()
        })
    });
    group.bench_function("rust", |b| {
        b.iter(|| {
            let mut solver = Solver::new(Arc::new(Subtraction), Limits::default());
            solver.value(&HEAP).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
