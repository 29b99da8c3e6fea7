//! The rules crate's integration tests, in one test binary (one link
//! instead of one per file).

mod capabilities;
mod examples;
mod sandbox;
