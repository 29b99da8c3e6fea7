//! The families, grouped by what their positions are. Each family is one
//! module exposing a `REGISTRATION` (the crate root's registry lists them)
//! and is re-exported at the crate root (`grundy_games::nim`).

pub mod coins;
pub mod graphs;
pub mod heaps;
pub mod pirates;
pub mod rows;
