//! The sequence crate's integration tests, in one test binary (one link
//! instead of one per file). CI also runs `time_limit` with the default
//! features off (`cargo test --no-default-features --test it time_limit::`),
//! so every module but `checkpoint` builds without them.

// Checkpoint files need the feature; without it `time_limit` checks that a
// checkpoint is refused.
#[cfg(feature = "checkpoint")]
mod checkpoint;
#[cfg(feature = "parallel")]
mod distributed;
mod engines;
mod rule;
mod time_limit;
