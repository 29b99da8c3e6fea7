//! The engine's integration tests, in one test binary (one link instead of
//! one per file): each module checks the solvers against an independent
//! reference.

mod genus;
mod loopy;
mod loopy_analyze;
mod solver;

/// Heaps as a position of the test games: empty heaps dropped, the rest
/// sorted.
fn norm(mut v: Vec<u8>) -> Vec<u8> {
    v.retain(|&h| h > 0);
    v.sort_unstable();
    v
}
