//! The engine's integration tests, in one test binary (one link instead of
//! one per file): each module checks the solvers against an independent
//! reference.

mod genus;
mod loopy;
mod loopy_analyze;
mod solver;
